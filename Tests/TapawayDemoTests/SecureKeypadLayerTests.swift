import Foundation
import TapawayDemo
import TapawayHeadless
import TapawayKit
import Testing

/// A password's character classes must not leak through the keypad's layers: while a secure
/// field is focused, switching the keypad to numbers or symbols reaches neither the trace nor a
/// recording.
@MainActor
@Suite("Keypad layers in a password stay secret")
struct SecureKeypadLayerTests {
    func trace(_ body: (Harness) -> Void) throws -> [String] {
        let h = Harness()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tapaway-layers-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let tracer = Tracer(sink: try TraceSink.file(path), clock: h.platform.clock)
        h.app.attach(tracer)
        tracer.ready(scenario: "send-event", window: h.platform.application.screenSize)
        body(h)
        h.platform.settle()
        return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    /// The lines without their times, so two sessions can be compared.
    func untimed(_ lines: [String]) -> [String] {
        lines.map { $0.replacingOccurrences(of: #""t":[0-9.]+,"#, with: "", options: .regularExpression) }
    }

    /// Focuses the password, taps `keys` one after another with the same pauses, then taps the
    /// background.
    func session(_ keys: [String]) throws -> [String] {
        try trace { h in
            h.focus(h.form.password)
            for key in keys {
                h.platform.tapKey(key)
                h.platform.settle()
            }
            h.platform.tap(at: h.emptyBackgroundPoint)
            h.platform.settle()
        }
    }

    @Test("a password typed across layers traces exactly as one typed on the letters alone")
    func layersDoNotReachTheTrace() throws {
        // Four taps that give two characters each way: the layer keys and shift act at once
        // and type nothing, so only the layers differ.
        let acrossLayers = try session(["key-123", "key-1", "key-abc", "key-a"])
        let lettersOnly = try session(["key-shift", "key-b", "key-shift", "key-c"])
        #expect(acrossLayers.contains { $0.contains("\"kind\":\"layout\"") })
        #expect(
            !acrossLayers.contains { $0.contains("\"kind\":\"layout\"") && $0.contains("\"key-1\"") },
            "a layout line shows the numbers layer")
        #expect(untimed(acrossLayers) == untimed(lettersOnly))
    }

    @Test("a password left on the numbers layer leaves the keypad on letters when it resigns")
    func resignGoesBackToLetters() throws {
        let lines = try session(["key-123", "key-1"])
        let layouts = lines.filter { $0.contains("\"kind\":\"layout\"") }
        #expect(!layouts.contains { $0.contains("\"key-1\"") }, "the numbers layer reached the trace")
        #expect(layouts.last?.contains("\"key-q\"") == true, "the last layout shows the letters")
    }

    /// Whether `views` (a `layout` line's) shows `id`: nil when the line does not hold it.
    func shows(_ id: String, in line: String) -> Bool? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
            let views = object["views"] as? [[String: Any]],
            let view = views.first(where: { $0["id"] as? String == id })
        else { return nil }
        return view["visible"] as? Bool
    }

    @Test("what changes besides the keys is still written while a password is on the numbers layer")
    func otherChangesStillWritten() throws {
        let lines = try trace { h in
            h.focus(h.form.password)
            h.platform.tapKey("key-123")
            h.platform.settle()
            h.app.toggleHelp()
            h.platform.settle()
            h.app.toggleHelp()
            h.platform.settle()
        }
        let layouts = lines.filter { $0.contains("\"kind\":\"layout\"") }
        #expect(!layouts.contains { $0.contains("\"key-1\"") }, "the numbers layer reached the trace")
        let card = layouts.compactMap { shows("help-content", in: $0) }
        // The card opened and closed on the numbers layer: both reach the trace, else a reader
        // of the trace believes the card is still open (the monkey pressed Escape to close it,
        // and the password lost its focus).
        #expect(card.suffix(2) == [true, false], "the help card's showing and hiding: \(card)")
        #expect(layouts.last.map { shows("key-q", in: $0) } == true, "the keys given are not the letters'")
    }
}
