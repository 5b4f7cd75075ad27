import Foundation
import TapawayDemo
import TapawayHeadless
import TapawayKit
import Testing

/// Undo and redo in a password are input like any other: a recording keeps the keys, not their
/// effects, and its replay ends where the session ended.
@MainActor
@Suite("Undo and redo in a password replay faithfully")
struct SecureUndoReplayTests {
    /// Records `body` on a headless Tapaway; returns the recording and the password's length.
    func record(_ body: (Harness) -> Void) throws -> (Recording, Int, String) {
        let h = Harness()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tapaway-undo-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorder = InputRecorder(application: h.platform.application, sink: try TraceSink.file(path), scenario: "send-event")
        body(h)
        h.platform.settle()
        recorder.stopObserving()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return (try Recording.parse(text), h.form.password.text.count, text)
    }

    func replayedLength(_ recording: Recording) -> Int {
        let session = HeadlessSession(technique: .sendEvent)
        session.replay(recording)
        return session.app.form.password.text.count
    }

    @Test("typing, undo, redo and undo again: the replay ends at the session's length")
    func undoRedo() throws {
        let (recording, live, text) = try record { h in
            h.platform.tap(h.form.password)
            h.platform.settle()
            h.platform.type("abcd")
            h.platform.press(.text("z"), modifiers: .control)
            h.platform.press(.text("z"), modifiers: [.control, .shift])
            h.platform.press(.text("z"), modifiers: .control)
            h.platform.press(.text("y"), modifiers: .control)
            h.platform.press(.left)
            for key in ["key-e", "key-f"] { h.platform.tapKey(key) }
            h.platform.press(.text("z"), modifiers: .control)
        }
        #expect(live == 4)
        #expect(!text.contains("abcd") && !text.contains("\"text\":\"e\""))
        #expect(replayedLength(recording) == live)
    }

    @Test("a paste into a password is recorded as placeholders, not as the key that would paste another clipboard")
    func paste() throws {
        let (recording, live, text) = try record { h in
            h.platform.tap(h.form.password)
            h.platform.settle()
            h.platform.application.clipboard.text = "s3cret"
            h.platform.press(.text("v"), modifiers: .control)
            h.platform.application.clipboard.text = "something else entirely"
        }
        #expect(live == 6)
        #expect(!text.contains("s3cret"))
        #expect(!text.contains("\"text\":\"v\""), "the paste key is in the recording")
        #expect(replayedLength(recording) == live)
    }
}
