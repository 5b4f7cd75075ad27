import Foundation
import Glibc
import Testing

/// Issue 21's soak: a burst of input that arrives while the program is busy is read from the X
/// connection in one go, and Xlib keeps an event-queue element for each event it ever held at
/// once. Once the burst is handled, that memory must go back, not stay for the session.
@Suite("Event bursts, end to end")
struct EventBurstMemoryTests {
    /// Client messages the program ignores, sent while it is stopped: all of them wait on its
    /// connection and are queued by one read when it goes on (about 200 bytes each in Xlib).
    static let burst = 5_000

    @Test("the memory a burst of 5 000 queued events took is given back once they are handled")
    func burstLeavesNothingBehind() throws {
        let folder = PrivateFolder(purpose: "heap-log")
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        let log = folder.file("heap.log")
        try Session.run(environment: ["TAPAWAY_HEAP_LOG": log]) { s in
            let before = try Self.trimAfter(Self.now(), log: log, session: s)
            let pid = Monkey.programPID(s.app.process.pid)
            kill(pid, SIGSTOP)
            let sent = s.x.sendClientMessages(named: "_TAPAWAY_TEST_BURST", count: Self.burst)
            kill(pid, SIGCONT)
            #expect(sent > 0, "no Tapaway window to send the burst to")
            try s.settle()
            let after = try Self.trimAfter(Self.now(), log: log, session: s)
            let grown = after.inUse - before.inUse
            #expect(
                grown < Self.burst * 200 / 4,
                "malloc's bytes in use after a trim grew by \(grown) across a burst of \(Self.burst) events (\(before.inUse) to \(after.inUse)); Xlib's spare queue elements stayed\n\(s.app.diagnostics)"
            )
            #expect(after.spares >= Self.burst / 2, "the trim after the burst freed \(after.spares) spare queue elements")
        }
    }

    /// The test's monotonic clock, which is the program's (`CLOCK_MONOTONIC`), in seconds.
    static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    /// The first heap-log line of a trim made after `time`: the program trims when it goes idle,
    /// at most every few seconds, so each round sends a mark (work, then an idle line) until one
    /// is written. Returns malloc's bytes in use after that trim and the spare queue elements it freed.
    static func trimAfter(_ time: Double, log: String, session s: Session) throws -> (inUse: Int, spares: Int) {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            for line in text.split(separator: "\n") {
                let fields = line.split(separator: " ").compactMap { Int($0) }
                // seconds, six figures before the trim, six after, then the spares freed.
                if fields.count >= 14, Double(fields[0]) > time { return (fields[8], fields[13]) }
            }
            try s.settle()
        }
        throw EndToEndError("no heap trim was logged after \(time) s within 30 s.\n\(s.app.diagnostics)")
    }
}
