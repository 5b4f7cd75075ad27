import Foundation
import TapawayDemo
import TapawayKit
import Testing

/// A clock the test moves by hand.
private final class ManualClock: Clock {
    var now = 0.0
}

/// A pipe whose write end the sink opens itself (as `--trace PATH` opens a FIFO), made as small as
/// Linux allows so it fills quickly.
///
/// The test keeps the read end.
private struct SmallPipe {
    let readEnd: Int32
    let writerPath: String
    private let writeEnd: Int32

    init() {
        var ends: [Int32] = [0, 0]
        precondition(pipe(&ends) == 0, "pipe failed")
        _ = fcntl(ends[1], 1031 /* F_SETPIPE_SZ */, 4096)
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        readEnd = ends[0]
        writeEnd = ends[1]
        writerPath = "/proc/self/fd/\(ends[1])"
    }

    /// Closes the test's copy of the write end, once the sink has opened its own.
    func dropWriterPath() { close(writeEnd) }

    /// Whatever the pipe holds now.
    func drain() -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            if n <= 0 { return bytes }
            bytes += chunk[0..<n]
        }
    }
}

/// Closes `fd` after `seconds` on another thread unless `cancel()` came first: turns a write
/// that blocks for ever (the bug this suite guards against) into a failing test, not a hung one.
private final class Watchdog: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false

    init(closing fd: Int32, after seconds: Double) {
        Thread.detachNewThread { [self] in
            Thread.sleep(forTimeInterval: seconds)
            lock.lock()
            defer { lock.unlock() }
            if !cancelled { close(fd) }
        }
    }

    /// Keeps the descriptor open: the test is done with it (and may close and reuse its number).
    func cancel() {
        lock.lock()
        cancelled = true
        lock.unlock()
    }
}

@MainActor
@Suite("The trace never blocks: bounded, dropping, reporting")
struct TraceSinkTests {
    @Test("a reader that never reads: tracing goes on, lines are dropped, said once, then counted when writing resumes")
    func stalledReader() throws {
        signal(SIGPIPE, SIG_IGN)
        let pipe = SmallPipe()
        var reports: [String] = []
        let sink = try TraceSink.file(pipe.writerPath, report: { reports.append($0) })
        pipe.dropWriterPath()
        let clock = ManualClock()
        let tracer = Tracer(sink: sink, clock: clock)
        // A guard: should a write block, the reader goes away after 20 s and the checks fail.
        let watchdog = Watchdog(closing: pipe.readEnd, after: 20)

        let padding = String(repeating: "x", count: 200)
        let lineCount = 12_000  // about 2.8 MB: far past the pipe and the buffer
        let started = Date()
        for index in 0..<lineCount {
            clock.now = Double(index) / 1000
            tracer.emit("text", [("id", .string("notes")), ("n", .number(Double(index))), ("text", .string(padding))])
        }
        #expect(Date().timeIntervalSince(started) < 10, "emitting blocked on the full pipe")
        #expect(sink.droppedCount > 0, "nothing was dropped")
        #expect(sink.pendingByteCount <= TraceSink.bufferLimit, "the buffer grew past its bound: \(sink.pendingByteCount)")
        #expect(sink.waitingDescriptor != nil, "the run loop is not told what to wait for")
        #expect(reports.count == 1, "said once: \(reports)")
        #expect(reports.first?.contains("not keeping up") == true, "\(reports)")

        // The reader catches up: everything that waited arrives, then the count, then new lines.
        var received = pipe.drain()
        while sink.waitingDescriptor != nil {
            sink.writePending()
            received += pipe.drain()
        }
        tracer.emit("scenario", [("id", .string("after"))])
        received += pipe.drain()

        let lines = String(decoding: received, as: UTF8.self).split(separator: "\n").map(String.init)
        let objects = try lines.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        let kept = objects.compactMap { $0["kind"] as? String == "text" ? $0["n"] as? Int : nil }
        #expect(kept == Array(0..<kept.count), "the lines kept are the first ones, in order, whole")
        let dropped = objects.filter { $0["kind"] as? String == "dropped" }
        #expect(dropped.count == 1)
        #expect(dropped.first?["count"] as? Int == lineCount - kept.count, "the count is exactly the lines lost")
        #expect(dropped.first?["t"] is Double, "the dropped line has its time like every line")
        #expect(objects.last?["kind"] as? String == "scenario", "lines flow again after the count")
        #expect(objects.dropLast().last?["kind"] as? String == "dropped", "the count comes before the next line")
        #expect(reports.count == 1, "said once: \(reports)")
        watchdog.cancel()
        close(pipe.readEnd)
    }

    @Test("a trace to a full disk (/dev/full) is said once on standard error; the program goes on")
    func fullDisk() throws {
        var reports: [String] = []
        let sink = try TraceSink.file("/dev/full", report: { reports.append($0) })
        let tracer = Tracer(sink: sink, clock: ManualClock())
        for index in 0..<100 { tracer.emit("scenario", [("id", .number(Double(index)))]) }
        #expect(reports.count == 1, "\(reports)")
        #expect(reports.first?.contains("cannot be written (no space left on device)") == true, "\(reports)")
        #expect(sink.hasFailed && sink.waitingDescriptor == nil, "a failed trace is not waited on")
    }

    @Test("a reader that has gone (a closed pipe) is said once; the program goes on")
    func closedPipe() throws {
        signal(SIGPIPE, SIG_IGN)
        let pipe = SmallPipe()
        var reports: [String] = []
        let sink = try TraceSink.file(pipe.writerPath, label: "the recording", report: { reports.append($0) })
        pipe.dropWriterPath()
        close(pipe.readEnd)
        for index in 0..<10 { sink.writeLine("{\"n\":\(index)}") }
        #expect(reports == ["tapaway: the recording cannot be written (broken pipe); it stops here and Tapaway goes on"])
    }

    @Test("at the end, what waits is written when the reader takes it, and given up on in bounded time when it does not")
    func finishing() throws {
        let slow = SmallPipe()
        var reports: [String] = []
        let sink = try TraceSink.file(slow.writerPath, report: { reports.append($0) })
        slow.dropWriterPath()
        let line = String(repeating: "y", count: 1000)
        for _ in 0..<20 { sink.writeLine(line) }
        #expect(sink.pendingByteCount > 0, "the pipe should have filled")
        // A reader that drains the pipe on another thread until it sees the last byte.
        let readEnd = slow.readEnd
        let total = 20 * 1001
        let thread = ReaderThread(fd: readEnd, expecting: total)
        sink.finish(within: 5)
        thread.join()
        #expect(thread.count == total, "every byte arrives before finish returns")
        #expect(reports.isEmpty, "\(reports)")
        close(readEnd)

        let stuck = SmallPipe()
        let stuckSink = try TraceSink.file(stuck.writerPath, report: { reports.append($0) })
        stuck.dropWriterPath()
        for _ in 0..<20 { stuckSink.writeLine(line) }
        let started = Date()
        stuckSink.finish(within: 0.3)
        let waited = Date().timeIntervalSince(started)
        #expect(waited >= 0.25 && waited < 2, "waited \(waited) s")
        #expect(reports.count == 1 && reports[0].contains("in time"), "\(reports)")
        close(stuck.readEnd)
    }
}

/// Reads a descriptor on a thread of its own until `expecting` bytes have come (or 5 s pass).
private final class ReaderThread: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private(set) var count = 0

    init(fd: Int32, expecting: Int) {
        Thread.detachNewThread { [self] in
            let deadline = Date().addingTimeInterval(5)
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while count < expecting, Date() < deadline {
                let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n > 0 { count += n } else { usleep(1_000) }
            }
            done.signal()
        }
    }

    func join() { done.wait() }
}
