import Foundation
import Glibc
import Testing

/// Issue 21's soak: a burst of input that arrives while the program is busy is read from the X
/// connection in one go, and Xlib keeps an event-queue element for each event it ever held at once.
///
/// Once the burst is handled, that memory must go back, not stay for the session.
@Suite("Event bursts, end to end")
struct EventBurstMemoryTests {
    /// Client messages the program ignores, sent while it is stopped: all of them wait on its
    /// connection and are queued by one read when it goes on (about 200 bytes each in Xlib).
    static let burst = 5_000

    @Test("the memory a burst of 5 000 queued events took is given back once they are handled")
    func burstLeavesNothingBehind() throws {
        let log = try HeapLogReader()
        defer { log.remove() }
        try Session.run(environment: ["TAPAWAY_HEAP_LOG": log.path]) { s in
            let before = try log.nextTrim(session: s)
            let pid = Monkey.programPID(s.app.process.pid)
            kill(pid, SIGSTOP)
            let sent = s.x.sendClientMessages(named: "_TAPAWAY_TEST_BURST", count: Self.burst)
            kill(pid, SIGCONT)
            #expect(sent > 0, "no Tapaway window to send the burst to")
            try s.settle()
            let after = try log.nextTrim(session: s)
            let grown = after.inUse - before.inUse
            #expect(
                grown < Self.burst * 200 / 4,
                "malloc's bytes in use after a trim grew by \(grown) across a burst of \(Self.burst) events (\(before.inUse) to \(after.inUse)); Xlib's spare queue elements stayed\n\(s.app.diagnostics)"
            )
            #expect(after.spares >= Self.burst / 2, "the trim after the burst freed \(after.spares) spare queue elements")
        }
    }
}
