import Foundation
import TapawayDemo
import TapawayHeadless
import TapawayKit
import Testing

/// What a secure field's keystrokes leave behind on the headless platform: the trace must not
/// say which keypad keys were touched, nor draw the password anywhere in clear.
@MainActor
@Suite("Secrets stay secret")
struct SecretTraceTests {
    /// Runs `body` with a tracer attached and returns the trace's lines.
    func trace(_ body: (Harness) -> Void) throws -> [String] {
        let h = Harness()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tapaway-secret-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let tracer = Tracer(sink: try TraceSink.file(path), clock: h.platform.clock)
        h.app.attach(tracer)
        body(h)
        h.platform.settle()
        return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    @Test("keypad touches in a secure field are traced without their key or position")
    func keypadTouchesRedacted() throws {
        var keypadFrame = Rect.zero
        var drawn: [String] = []
        let lines = try trace { h in
            h.app.setOverlay("overlay-touches", on: true)
            h.focus(h.form.password)
            keypadFrame = h.keyboard.frame
            for key in ["key-z", "key-q", "key-x"] { h.platform.tapKey(key) }
            drawn = h.platform.render().texts
            #expect(h.form.password.text == "zqx")
            // The same keys in a plain field are traced as they are.
            h.focus(h.form.name)
            h.platform.tapKey("key-z")
        }
        let touches = lines.filter { $0.contains("\"kind\":\"touch\"") }
        let redacted = touches.filter { $0.contains("\"redacted\":true") }
        #expect(redacted.count == 6, "three taps, began and ended: \(touches)")
        let center = "\"at\":[\(Int(keypadFrame.midX.rounded())),\(Int(keypadFrame.midY.rounded()))]"
        #expect(redacted.allSatisfy { $0.contains("\"view\":\"keypad\"") && $0.contains(center) }, "\(redacted)")
        for key in ["key-z", "key-q", "key-x"] {
            #expect(!redacted.contains { $0.contains(key) })
        }
        #expect(!lines.contains { $0.contains("zqx") }, "the password's text is in the trace")
        #expect(touches.contains { $0.contains("\"view\":\"key-z\"") }, "a plain field's key touches keep their key")
        #expect(!drawn.contains { $0.contains("zqx") }, "the password is drawn in clear: \(drawn)")
    }
}
