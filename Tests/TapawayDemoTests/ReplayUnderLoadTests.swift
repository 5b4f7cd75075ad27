import Foundation
import TapawayDemo
import TapawayHeadless
import TapawayKit
import Testing

/// A replay reaches the same decisions however late its timers fire: a busy machine delays the
/// run loop, and every input that fell due meanwhile is fed at once.
@MainActor
@Suite("Replay under load")
struct ReplayUnderLoadTests {
    func record(_ body: (Harness) -> Void) throws -> (Recording, [DismissalDecision], [String?]) {
        let h = Harness()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tapaway-load-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorder = InputRecorder(application: h.platform.application, sink: try TraceSink.file(path), scenario: "send-event")
        h.clearRecords()
        body(h)
        h.platform.settle()
        recorder.stopObserving()
        return (try Recording.parse(try String(contentsOfFile: path, encoding: .utf8)), h.decisions, h.focusChanges)
    }

    @Test(
        "focus name, tap h, tap the background: replayed with the run loop stalled, the same decisions",
        arguments: [0.05, 0.2, 0.5, 2.0])
    func stalledLoop(_ stall: Double) throws {
        let (recording, live, liveFocus) = try record { h in
            h.platform.tap(h.form.name)
            h.platform.settle()
            h.platform.tapKey("key-h")
            h.platform.advance(by: 0.1)
            h.platform.tap(at: h.emptyBackgroundPoint)
        }
        #expect(liveFocus == ["name", nil])
        let replay = Harness()
        replay.clearRecords()
        let replayer = InputReplayer(application: replay.platform.application, recording: recording, speed: 1)
        var finished = false
        replayer.onFinish = { _ in finished = true }
        replayer.start()
        var turns = 0
        while !finished && turns < 1_000 {
            // A busy machine: the loop wakes late, with everything due meanwhile.
            replay.platform.clock.advance(by: stall)
            replay.platform.advance(by: 1e-6)
            turns += 1
        }
        replay.platform.settle()
        #expect(finished)
        #expect(replay.form.name.text == "H", "the keypad's h, a capital at the start of name")
        #expect(replay.focusChanges == liveFocus, "focus: \(replay.focusChanges)")
        #expect(replay.decisions.map(\.action) == live.map(\.action), "\(replay.decisions.map { "\($0.action) \($0.reason)" })")
    }
}
