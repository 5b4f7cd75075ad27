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

    @Test("a password typed across layers: the trace holds no keypad touch, only a length line a character")
    func noTapRhythmInTheTrace() throws {
        // 1, a, then the shift before B: the taps that type nothing are not told apart.
        let lines = try session(["key-123", "key-1", "key-abc", "key-a", "key-shift", "key-b"])
        let passwordLines = lines.filter { $0.contains("\"kind\":\"touch\"") || $0.contains("\"id\":\"password\"") }
        let kinds = passwordLines.compactMap { line -> String? in
            if line.contains("\"kind\":\"touch\"") { return line.contains("\"phase\":\"began\"") ? "T" : nil }
            return line.contains("\"kind\":\"text\"") ? "L" : nil
        }
        // The focusing tap and the tap on the background that ends it are not on the keypad.
        #expect(kinds == ["T", "L", "L", "L", "T"], "\(kinds)")
    }

    @Test("a recording of a password typed across layers has its placeholders evenly spaced in time")
    func noTapRhythmInTheRecording() throws {
        let h = Harness()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tapaway-rhythm-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var recorder: InputRecorder? = InputRecorder(
            application: h.platform.application, sink: try TraceSink.file(path), scenario: "send-event")
        h.focus(h.form.password)
        // a, then 1 after a layer switch, 2, b after a switch back, c: 0.45 s a tap, so the
        // characters come 0.9, 0.45, 0.9 and 0.45 s apart.
        for key in ["key-a", "key-123", "key-1", "key-2", "key-abc", "key-b", "key-c"] {
            h.platform.tapKey(key)
            h.platform.advance(by: 0.45)
        }
        h.platform.tap(at: h.emptyBackgroundPoint)
        h.platform.settle()
        recorder?.stopObserving()
        recorder = nil
        let placeholders = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
            .filter { $0.contains("\"secure\":true") }
        let times = placeholders.compactMap { line -> Double? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
            return object["t"] as? Double
        }
        #expect(times.count == 5, "a placeholder a character: \(placeholders)")
        let gaps = zip(times.dropFirst(), times).map { $0 - $1 }
        #expect(
            gaps.allSatisfy { abs($0 - gaps[0]) <= 0.002 }, "the gaps tell which characters took more taps: \(gaps)")
    }
}
