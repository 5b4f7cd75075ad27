import Foundation
import TapawayDemo
import TapawayTestSupport
import Testing

/// The recording's own JSON writer and reader, against Foundation's `JSONEncoder` and
/// `JSONDecoder`, which wrote and read recordings before them: files must not change.
@Suite("Recording JSON without Foundation")
struct RecordingJSONTests {
    /// How recordings were written: sorted keys, slashes as they are.
    static func foundationJSON(_ line: RecordedLine) -> String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(line)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// A line with a random set of fields of random values, strings full of what JSON escapes.
    static func randomLine(_ g: inout SeededGenerator) -> RecordedLine {
        func maybe<T>(_ make: () -> T) -> T? { g.next(3) == 0 ? make() : nil }
        func number() -> Double {
            switch g.next(6) {
            case 0: return Double(g.next(2000)) - 1000
            case 1: return (Double(g.next(2_000_000)) - 1_000_000) / 1000
            case 2:
                let any = Double(bitPattern: g.next())
                return any.isFinite ? any : 1
            case 3: return -0.0
            case 4: return Double(g.next(1 << 20)) * 1e10
            default: return Double(g.next(1000)) * 1e-7
            }
        }
        func text() -> String {
            let pool: [Unicode.Scalar] = [
                "a", "Z", "/", "\"", "\\", "\u{0}", "\u{8}", "\u{9}", "\u{A}", "\u{C}", "\u{D}", "\u{1B}", "\u{1F}", "\u{7F}",
                "\u{2028}", "é", "•", "😀", "\u{202E}", " ",
            ]
            var s = String.UnicodeScalarView()
            for _ in 0..<g.next(8) { s.append(pool[g.next(pool.count)]) }
            return String(s)
        }
        var line = RecordedLine(kind: ["header", "touch", "key", "scroll", "resize", text()][g.next(6)], t: maybe(number))
        line.version = maybe { g.next(5) }
        line.scenario = maybe(text)
        line.screen = maybe { [number(), number()] }
        line.inspector = maybe { g.next(2) == 0 }
        line.focused = maybe(text)
        line.id = maybe { g.next(3000) - 1000 }
        line.phase = maybe(text)
        line.at = maybe { (0..<g.next(4)).map { _ in number() } }
        line.with = maybe { g.next(2) == 0 }
        line.key = maybe(text)
        line.text = maybe(text)
        line.modifiers = maybe { (0..<g.next(4)).map { _ in text() } }
        line.secure = maybe { g.next(2) == 0 }
        line.delta = maybe { [number(), number()] }
        line.size = maybe { [number(), number()] }
        return line
    }

    @Test("every line is written byte for byte as JSONEncoder wrote it, and reads back the same")
    func sameBytesAsFoundation() throws {
        var g = SeededGenerator(seed: 20)
        for _ in 0..<3000 {
            let line = Self.randomLine(&g)
            let written = try #require(line.json, "\(line)")
            #expect(written == Self.foundationJSON(line), "\(line)")
            #expect(try RecordedLine(json: written[...]) == line, "\(written)")
            let decoded = try JSONDecoder().decode(RecordedLine.self, from: Data(written.utf8))
            #expect(decoded == line, "JSONDecoder reads it the same: \(written)")
        }
    }

    @Test("a line with a number JSON cannot hold is not written, as JSONEncoder refused it")
    func nonFiniteNumbers() {
        for value in [Double.nan, .infinity, -.infinity] {
            var line = RecordedLine(kind: "touch", t: 1)
            line.at = [1, value]
            #expect(line.json == nil && Self.foundationJSON(line) == nil)
        }
    }

    @Test("null is an absent field, unknown keys of any shape are skipped, space around tokens is allowed")
    func lenientWhereJSONIs() throws {
        let line = try RecordedLine(
            json:
                #" { "kind" : "touch" , "t":1.5e0, "id":null, "extra":{"a":[1,{"b":null}],"c":"\u00e9"}, "at":[ -0.5 , 2E2 ] } "#[
                    ...])
        var expected = RecordedLine(kind: "touch", t: 1.5)
        expected.at = [-0.5, 200]
        #expect(line == expected)
        #expect(try RecordedLine(json: #"{"kind":"key","id":3.0,"text":"\ud83d\ude00\/\n"}"#[...]).text == "😀/\n")
        #expect(try RecordedLine(json: #"{"kind":"key","id":3.0}"#[...]).id == 3)
    }

    @Test(
        "the reader is strict: what is not JSON, or not the recording's shape, is refused with a reason",
        arguments: [
            (#"[1,2]"#, "'{' was expected at column 1"),
            (#"{"t":1}"#, "no 'kind'"),
            (#"{"kind":null}"#, "'kind' must be a string"),
            (#"{"kind":"touch",}"#, "a key in quotes was expected at column 17"),
            (#"{"kind":"touch","kind":"key"}"#, "the key 'kind' appears twice"),
            (#"{"kind":"touch","id":01}"#, "',' or '}' was expected at column 23"),
            (#"{"kind":"touch","id":1.5}"#, "'id' must be a whole number"),
            (#"{"kind":"touch","id":"1"}"#, "'id' must be a number"),
            (#"{"kind":"touch","at":[1,"2"]}"#, "'at' must be an array of numbers"),
            (#"{"kind":"touch","at":[[1]]}"#, "'at' must be an array of numbers"),
            (#"{"kind":"touch","with":1}"#, "'with' must be true or false"),
            (#"{"kind":"touch","t":1e400}"#, "the number 1e400 is too large"),
            (#"{"kind":"touch","t":.5}"#, "'t' must be a number"),
            (#"{"kind":"touch","t":-}"#, "a digit was expected at column 22"),
            (#"{"kind":"touch"} x"#, "the end of the line after the object was expected at column 18"),
            (#"{'kind':'touch'}"#, "a key in quotes was expected at column 2"),
            (#"{"kind":"touch","text":"\x"}"#, "an escape"),
            (#"{"kind":"touch","text":"\ud800"}"#, "a lone UTF-16 surrogate"),
            ("{\"kind\":\"touch\",\"text\":\"a\u{1}\"}", "a control character (byte 1)"),
            (#"{"kind":"touch","text":"abc"#, "a string is not closed"),
            (#"{"kind":"touch","extra":tru}"#, "'true' was expected"),
        ])
    func strict(_ text: String, _ reason: String) {
        do {
            let line = try RecordedLine(json: text[...])
            Issue.record("\(text) was read as \(line)")
        } catch {
            #expect(error.message.contains(reason), "\(text): \(error.message)")
        }
    }

    @Test("values nested deep under an unknown key are an error, not a crash")
    func deepNesting() {
        let deep =
            "{\"kind\":\"touch\",\"extra\":" + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
            + "}"
        #expect(throws: RecordingSyntaxError.self) { try RecordedLine(json: deep[...]) }
        let shallow =
            "{\"kind\":\"touch\",\"extra\":" + String(repeating: "[", count: 50) + String(repeating: "]", count: 50) + "}"
        #expect(throws: Never.self) { try RecordedLine(json: shallow[...]) }
    }

    @MainActor
    @Test("a bad line in a recording names its line and says what is wrong")
    func lineNumbers() {
        let text = """
            {"kind":"header","version":1}
            {"kind":"touch","t":0.5,"id":1,"phase":"began","at":[10,10]}
            {"kind":"touch","t":0.6,"id":1,"phase":"ended","at":[10,10],}
            """
        do {
            _ = try Recording.parse(text)
            Issue.record("the trailing comma was accepted")
        } catch {
            #expect(error.line == 3)
            #expect(
                error.description
                    == "line 3: not a JSON object of the recording format (a key in quotes was expected at column 61, not '}')")
        }
    }
}
