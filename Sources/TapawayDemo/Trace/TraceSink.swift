import Glibc
import TapawayKit

/// Where trace lines (or a recording's) go: standard output or a file, one whole line at a
/// time, never blocking the program.
///
/// The descriptor is non-blocking. What a slow reader (`tapaway --trace - | less`) does not
/// take at once waits in a buffer of at most `bufferLimit` bytes (plus the one line being
/// written), and the run loop writes it when the descriptor can take more
/// (`PendingOutput`). A line that would overflow the buffer is dropped, and so is every line
/// after it until the reader has taken all that waited; then a `dropped` line with the count
/// goes first (`droppedLine`). That the reader fell behind is said once on standard error.
/// A write that fails (`--trace /dev/full`, a reader that has gone) is said once on standard
/// error; the trace stops there and the program goes on.
package final class TraceSink: PendingOutput {
    /// The most bytes held for a reader that has fallen behind: 1 MiB, about 10 000 ordinary
    /// lines or a few seconds of the busiest input, while a stalled reader costs no more.
    package static let bufferLimit = 1 << 20
    /// How long `finish(within:)` waits for a slow reader when the program ends, by default.
    package static let finishingWait = 2.0

    private let fd: Int32
    private let ownsDescriptor: Bool
    /// The status flags of a shared descriptor made non-blocking, put back by `finish`.
    private var sharedFlags: Int32?
    private let label: String
    private let report: (String) -> Void
    private var pending: [UInt8] = []
    private var pendingStart = 0
    private var dropped = 0
    private var saidBehind = false
    private var failed = false

    /// Makes the line that counts `count` dropped lines, written when writing resumes.
    ///
    /// By default `{"kind":"dropped","count":N}`; the tracer adds its `t`.
    package var droppedLine: (Int) -> String = { "{\"kind\":\"dropped\",\"count\":\($0)}" }
    /// Bytes accepted and not yet written.
    package var pendingByteCount: Int { pending.count - pendingStart }
    /// Lines dropped since the last `dropped` line was queued.
    package var droppedCount: Int { dropped }
    /// Whether a write failed, ending the output.
    package var hasFailed: Bool { failed }

    /// Standard output.
    ///
    /// A pipe or terminal is reopened privately without blocking, so the shell's own descriptor keeps
    /// its flags; where it cannot be (a socket), the shared one is made non-blocking until `finish`.
    /// `label` names the output in messages, which go to `report` (standard error by default).
    package static func standardOutput(
        label: String = "the trace",
        report: @escaping (String) -> Void = TraceSink.standardError
    ) -> TraceSink {
        var info = stat()
        let kind = fstat(1, &info) == 0 ? info.st_mode & S_IFMT : 0
        if kind == S_IFREG {
            return TraceSink(fd: 1, owns: false, label: label, report: report)  // a file never blocks
        }
        let reopened = open("/proc/self/fd/1", O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        if kind != S_IFSOCK, reopened >= 0 {
            return TraceSink(fd: reopened, owns: true, label: label, report: report)
        }
        if reopened >= 0 { close(reopened) }
        let sink = TraceSink(fd: 1, owns: false, label: label, report: report)
        let flags = fcntl(1, F_GETFL)
        if flags >= 0, flags & O_NONBLOCK == 0, fcntl(1, F_SETFL, flags | O_NONBLOCK) == 0 {
            sink.sharedFlags = flags
        }
        return sink
    }

    /// A file, created or truncated (a FIFO waits for its reader, as before).
    ///
    /// `label` names the output in messages, which go to `report`. Throws a message when it cannot be
    /// opened.
    package static func file(
        _ path: String, label: String = "the trace",
        report: @escaping (String) -> Void = TraceSink.standardError
    ) throws(TraceError) -> TraceSink {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOCTTY, 0o644)
        guard fd >= 0 else {
            throw TraceError(message: "cannot write \(label) to '\(path)': \(String(cString: strerror(errno)))")
        }
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK) }
        return TraceSink(fd: fd, owns: true, label: label, report: report)
    }

    /// A file just created by `FileIO.createNewFile` (a recording in a folder): the sink takes over its
    /// descriptor.
    ///
    /// `label` names the output in messages, which go to `report`.
    package static func newFile(
        _ file: FileIO.NewFile, label: String,
        report: @escaping (String) -> Void = TraceSink.standardError
    ) -> TraceSink {
        let flags = fcntl(file.descriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(file.descriptor, F_SETFL, flags | O_NONBLOCK) }
        return TraceSink(fd: file.descriptor, owns: true, label: label, report: report)
    }

    /// Writes `line` to standard error: where the sink's one-line reports go by default.
    package static func standardError(_ line: String) { FileIO.writeLine(line, to: 2) }

    private init(fd: Int32, owns: Bool, label: String, report: @escaping (String) -> Void) {
        self.fd = fd
        self.ownsDescriptor = owns
        self.label = label
        self.report = report
    }

    deinit {
        finish(within: 1)
        if ownsDescriptor { close(fd) }
    }

    // MARK: Writing

    /// Writes one line (a newline is added) at once, or queues it behind what waits, or drops it when
    /// the reader is more than `bufferLimit` behind.
    ///
    /// Never blocks.
    package func writeLine(_ line: String) {
        guard !failed else { return }
        if pendingByteCount > 0 { writePending() }
        guard !failed else { return }
        if dropped > 0 {
            dropped += 1  // still catching up: nothing is taken until all that waited is written
            return
        }
        var bytes = Array(line.utf8)
        bytes.append(0x0A)
        if pendingByteCount == 0 {
            send(bytes)
        } else if pendingByteCount + bytes.count > TraceSink.bufferLimit {
            dropped = 1
            if !saidBehind {
                saidBehind = true
                report(
                    "tapaway: \(label)'s reader is not keeping up: lines are dropped while more than \(TraceSink.bufferLimit >> 20) MiB waits, and a \"dropped\" line counts them"
                )
            }
        } else {
            pending.append(contentsOf: bytes)
        }
    }

    /// The descriptor, while bytes wait for it.
    package var waitingDescriptor: Int32? { !failed && pendingByteCount > 0 ? fd : nil }

    /// Writes what waits, as far as the descriptor takes it; once everything has gone after
    /// lines were dropped, queues and writes the `dropped` line.
    package func writePending() {
        while !failed {
            if pendingByteCount > 0 {
                let result = pending[pendingStart...].withUnsafeBytes { FileIO.write($0, to: fd) }
                switch result {
                case .complete:
                    pending.removeAll(keepingCapacity: pending.capacity <= 64 << 10)
                    pendingStart = 0
                case .wouldBlock(let written):
                    pendingStart += written
                    if pendingStart >= 64 << 10, pendingStart * 2 >= pending.count {
                        pending.removeFirst(pendingStart)
                        pendingStart = 0
                    }
                    return
                case .failed(let code, _):
                    fail(code)
                    return
                }
            }
            guard dropped > 0 else { return }
            let count = dropped
            dropped = 0
            pending = Array(droppedLine(count).utf8) + [0x0A]
            pendingStart = 0
        }
    }

    /// Writes what waits, waiting at most `seconds` for a slow reader, then gives a shared descriptor
    /// its flags back.
    ///
    /// Call it when the program ends; what could not be written in time is said once on standard error.
    package func finish(within seconds: Double = TraceSink.finishingWait) {
        let deadline = TraceSink.monotonicNow() + seconds
        writePending()
        while !failed, pendingByteCount > 0 {
            let left = deadline - TraceSink.monotonicNow()
            guard left > 0 else { break }
            var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            _ = poll(&descriptor, 1, Int32(min(left * 1000, 60_000).rounded(.up)))
            writePending()
        }
        if !failed, pendingByteCount > 0 {
            report("tapaway: \(label)'s reader did not take its last \(pendingByteCount) bytes in time; they are lost")
            pending = []
            pendingStart = 0
        }
        restoreSharedFlags()
    }

    private func send(_ bytes: [UInt8]) {
        switch bytes.withUnsafeBytes({ FileIO.write($0, to: fd) }) {
        case .complete:
            break
        case .wouldBlock(let written):
            pending.append(contentsOf: bytes[written...])  // the rest of the line waits, whatever its size
        case .failed(let code, _):
            fail(code)
        }
    }

    private func fail(_ code: Int32) {
        failed = true
        pending = []
        pendingStart = 0
        restoreSharedFlags()
        report("tapaway: \(label) cannot be written (\(FileIO.describe(code))); it stops here and Tapaway goes on")
    }

    private func restoreSharedFlags() {
        if let flags = sharedFlags {
            _ = fcntl(fd, F_SETFL, flags)
            sharedFlags = nil
        }
    }

    private static func monotonicNow() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}

/// A trace destination that could not be opened.
package struct TraceError: Error, CustomStringConvertible {
    /// What went wrong opening or writing the trace, naming the path.
    package let message: String
    /// The message, as printed to standard error.
    package var description: String { message }
}
