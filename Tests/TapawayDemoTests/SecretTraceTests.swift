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
        try tracedText(body).split(separator: "\n").map(String.init)
    }

    @Test("keypad touches in a secure field are not traced at all; its text lines give only its length")
    func keypadTouchesRedacted() throws {
        var keypadFrame = Rect.zero
        var drawn: [String] = []
        let lines = try trace { h in
            h.app.setOverlay(.touches, on: true)
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
        let onKeypad = touches.filter { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let at = object["at"] as? [Double], at.count == 2
            else { return false }
            return keypadFrame.contains(Point(x: at[0], y: at[1])) && !line.contains("\"view\":\"key-z\"")
        }
        #expect(onKeypad.isEmpty, "keypad touches of the password are traced: \(onKeypad)")
        #expect(!touches.contains { $0.contains("\"redacted\":true") }, "\(touches)")
        for key in ["key-q", "key-x"] {
            #expect(!lines.contains { $0.contains(key) && !$0.contains("\"kind\":\"layout\"") })
        }
        let lengths = lines.filter { $0.contains("\"kind\":\"text\"") && $0.contains("\"length\"") }
        #expect(lengths.count == 3, "a length line for each character: \(lengths)")
        #expect(!lines.contains { $0.contains("zqx") }, "the password's text is in the trace")
        #expect(touches.contains { $0.contains("\"view\":\"key-z\"") }, "a plain field's key touches keep their key")
        #expect(!drawn.contains { $0.contains("zqx") }, "the password is drawn in clear: \(drawn)")
    }

    @Test("a screen reader's activation of keypad keys in a secure field is not traced; in a plain field it is")
    func keypadActivationsRedacted() throws {
        let lines = try trace { h in
            h.focus(h.form.password)
            for id in ["key-shift", "key-q", "key-123", "key-1"] {
                guard let key = h.keyboard.window.view(withIdentifier: id) else { continue }
                h.platform.application.activateAccessibly(key)
                h.platform.settle()
            }
            #expect(h.form.password.text == "Q1")
            h.focus(h.form.name)
            if let key = h.keyboard.window.view(withIdentifier: "key-z") { h.platform.application.activateAccessibly(key) }
        }
        let activations = lines.filter { $0.contains("\"kind\":\"accessibility\"") }
        #expect(activations.count == 1, "only the plain field's key: \(activations)")
        #expect(activations.first?.contains("\"id\":\"key-z\"") == true)
        #expect(!lines.contains { $0.contains("\"id\":\"key-q\"") || $0.contains("\"id\":\"key-shift\"") })
    }
}

/// Runs `body` on a fresh `Harness` with a tracer writing to a file of its own, lets the
/// platform settle, and returns what the tracer wrote.
@MainActor
func tracedText(_ body: (Harness) -> Void) throws -> String {
    let h = Harness()
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("tapaway-trace-\(UUID().uuidString).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let tracer = Tracer(sink: try TraceSink.file(path), clock: h.platform.clock)
    h.app.attach(tracer)
    body(h)
    h.platform.settle()
    return try String(contentsOfFile: path, encoding: .utf8)
}
