import Foundation
import Testing

/// A password never escapes: a canary typed into the `password` field, on the keypad and on the
/// keyboard, copied, cut, selected and dragged across the screen, appears in none of the trace,
/// the recording, standard output and error, the CLIPBOARD or the PRIMARY selection.
@Suite("Canary, end to end")
struct CanaryTests {
    static let canary = "ZqxCanary"

    @Test("the password's text reaches no trace, recording, output or selection")
    func canaryStaysSecret() throws {
        let recording = FileManager.default.temporaryDirectory.appendingPathComponent("tapaway-secret-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: recording) }
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("tapaway-secret-data-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        try Session.run(arguments: ["--no-settings", "--record", recording.path], environment: ["XDG_DATA_HOME": data.path]) {
            s in
            let xclip = Xclip(display: s.display)
            // Something else owns both selections first, so a leak would have to replace it.
            let clipboardOwner = try xclip.own("clipboard", text: "before")
            let primaryOwner = try xclip.own("primary", text: "before")

            // The inspector is on view throughout, so anything it lists is drawn while typing.
            try s.focusAndShowKeypad("password")
            let half = Self.canary.count / 2
            // The first half on the keypad, the second on the keyboard.
            for character in Self.canary.prefix(half) {
                for key in Session.keys(for: character) { try s.tapKey(key) }
            }
            try s.x.typeText(String(Self.canary.dropFirst(half)))
            try s.app.waitFor(kind: "text", what: "the whole canary typed") {
                $0.string("id") == "password" && $0.number("length") == Double(Self.canary.count)
            }
            // Select all (PRIMARY would take a selection), copy, cut, a drag across the text.
            try s.x.chord("a")
            try s.x.chord("c")
            try s.x.chord("x")
            try s.x.chord("z")
            let field = try s.frame(of: "password")
            s.x.drag(from: (Int(field.x) + 4, field.center.y), to: (Int(field.maxX) - 4, field.center.y), steps: 5)
            try s.x.key(named: "F12")
            try s.x.key(named: "F9")
            try s.x.key(named: "F9")
            try s.settle()

            let clipboard = try xclip.read("clipboard") ?? ""
            let primary = try xclip.read("primary") ?? ""
            #expect(!clipboard.contains(Self.canary) && !clipboard.contains("Canary"), "CLIPBOARD: \(clipboard)")
            #expect(!primary.contains(Self.canary) && !primary.contains("Canary"), "PRIMARY: \(primary)")
            withExtendedLifetime((clipboardOwner, primaryOwner)) {}

            // Each half on its own too: the keypad half must not be readable from the keys touched.
            let secrets = [Self.canary, String(Self.canary.prefix(half)), String(Self.canary.dropFirst(half))]
            let saved = try FileManager.default.contentsOfDirectory(atPath: data.path + "/tapaway")
                .filter { $0.hasSuffix(".jsonl") }.map { URL(fileURLWithPath: data.path + "/tapaway/" + $0) }
            #expect(saved.count == 1, "F9 saved one recording: \(saved)")
            let files: [(String, URL)] =
                [
                    ("the trace", s.app.traceURL), ("standard error", s.app.stderrURL),
                    ("standard output", s.app.stdoutURL), ("the recording", recording),
                ]
                + saved.map { ($0.lastPathComponent, $0) }
            for (what, url) in files {
                let text = try String(contentsOf: url, encoding: .utf8)
                for secret in secrets {
                    #expect(!text.contains(secret), "\(what) holds \(secret)")
                }
            }
            let keypadTouches = s.app.lines.filter { $0.kind == "touch" && $0.string("view")?.hasPrefix("key-") == true }
            #expect(keypadTouches.isEmpty, "the trace names the keys touched in the password: \(keypadTouches.prefix(4))")
            // Keypad touches while the password is focused are not traced at all (issue 38,
            // item 14): not even redacted, which told the taps that typed from those that did not.
            #expect(
                !s.app.lines.contains { $0.kind == "touch" && $0.string("view") == "keypad" },
                "keypad touches in the password are traced")
            let recorded = try String(contentsOf: recording, encoding: .utf8)
            #expect(recorded.contains("\"secure\":true"), "the recording holds placeholders instead")
        }
    }
}
