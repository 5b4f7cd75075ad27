#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where trace lines go: standard output or a file, written and flushed one line at a time.
public final class TraceSink {
    private let fd: Int32
    private let ownsDescriptor: Bool

    /// Standard output.
    public static func standardOutput() -> TraceSink { TraceSink(fd: 1, owns: false) }

    /// A file, created or truncated. Throws a message when it cannot be opened.
    public static func file(_ path: String) throws(TraceError) -> TraceSink {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw TraceError(message: "cannot write the trace to '\(path)': \(String(cString: strerror(errno)))")
        }
        return TraceSink(fd: fd, owns: true)
    }

    private init(fd: Int32, owns: Bool) { self.fd = fd; self.ownsDescriptor = owns }

    deinit { if ownsDescriptor { close(fd) } }

    /// Writes one line (a newline is added), retrying on interruption. A closed pipe must not
    /// take the program down: the trace is lost, not the app.
    public func writeLine(_ line: String) {
        FileIO.writeLine(line, to: fd)
    }
}

/// A trace destination that could not be opened.
public struct TraceError: Error, CustomStringConvertible {
    /// What went wrong.
    public let message: String
    /// The message.
    public var description: String { message }
}
