import TapawayDemo
import TapawayKit

/// What writing JSON costs: the `--trace` lines the program writes as it runs (a layout of 60
/// views, a text edit, a touch), a recording's line, each built and serialised as the program
/// does, in nanoseconds a line.
@MainActor
enum JSONBenchmarks {
    /// A `layout` line of `count` views, as `Tracer.layoutSnapshot` builds it.
    static func layoutLine(count: Int) -> JSON {
        var views: [JSON] = []
        for i in 0..<count {
            let frame = Rect(x: Double(i % 7) * 51.5, y: Double(i) * 44.25, width: 320, height: 44)
            views.append(
                .object([
                    ("id", .string("field-\(i)")), ("type", .string(i % 3 == 0 ? "TextField" : "Label")),
                    ("frame", .rect(frame)), ("visible", .bool(i % 5 != 0)), ("hittable", .bool(i % 2 == 0)),
                ]))
        }
        return .object([("t", .number(1234.5)), ("kind", .string("layout")), ("views", .array(views))])
    }

    /// A `text` line: the field's whole text, with quotes, a tab and non-ASCII to escape or copy.
    static func textLine(length: Int) -> JSON {
        let sample = "Grüße, \"Tapaway\"\tnaïve café 東京 "
        var text = ""
        while text.count < length { text += sample }
        return .object([
            ("t", .number(8765.4)), ("kind", .string("text")), ("id", .string("notes")), ("text", .string(text)),
            ("selection", .array([.number(12), .number(0)])),
        ])
    }

    /// A `touch` line: a few numbers and short strings, the commonest kind.
    static func touchLine(_ i: Int) -> JSON {
        .object([
            ("t", .number(Double(i) * 16.7)), ("kind", .string("touch")), ("phase", .string("moved")),
            ("at", .point(Point(x: Double(i % 400), y: 300.5))), ("id", .number(1)), ("target", .string("name")),
        ])
    }

    /// Median nanoseconds a call of `body` over `rounds` rounds of `count` calls.
    static func measure(rounds: Int = 9, count: Int, _ body: (Int) -> Int) -> Double {
        var samples: [Double] = []
        var sink = 0
        for _ in 0..<rounds {
            let start = KitBenchmarks.nanos()
            for i in 0..<count { sink &+= body(i) }
            samples.append(Double(KitBenchmarks.nanos() - start) / Double(count))
        }
        if sink == -1 { print("") }
        return KitBenchmarks.summary(samples).median
    }

    /// Prints the table: microseconds a line for each kind of line, median of the rounds.
    static func run() {
        let layout = layoutLine(count: 60)
        let text = textLine(length: 2000)
        var recorded = RecordedLine(kind: "touch", t: 12.345)
        recorded.id = 1
        recorded.phase = "moved"
        recorded.at = [123.5, 456.25]
        print("Writing JSON: nanoseconds a line (median of 9 rounds)")
        print("| line | bytes | ns a line |")
        print("|---|---:|---:|")
        let rows: [(String, Int, Int, (Int) -> Int)] = [
            (
                "trace `layout`, 60 views, built and written", layout.serialized.utf8.count, 2000,
                { _ in
                    layoutLine(count: 60).serialized.utf8.count
                }
            ),
            (
                "trace `layout`, 60 views, written", layout.serialized.utf8.count, 2000,
                { _ in
                    layout.serialized.utf8.count
                }
            ),
            (
                "trace `text`, 2000 characters, written", text.serialized.utf8.count, 2000,
                { _ in
                    text.serialized.utf8.count
                }
            ),
            (
                "trace `touch`, built and written", touchLine(0).serialized.utf8.count, 100_000,
                { i in
                    touchLine(i).serialized.utf8.count
                }
            ),
            ("recording `touch`", recorded.json!.utf8.count, 100_000, { _ in recorded.json!.utf8.count }),
        ]
        for (name, bytes, count, body) in rows {
            print("| \(name) | \(bytes) | \(KitBenchmarks.format(measure(count: count, body))) |")
        }
    }
}
