import Glibc

/// Tapaway's small file I/O: reading a whole file under a size cap, and writing whole lines to a
/// descriptor.
///
/// Settings, recordings, the trace and the command line's messages all go through it, so they check
/// files the same way and say what went wrong in the same words.
package enum FileIO {
    /// Which kinds of file `read(_:limit:accepting:)` reads.
    package enum Accepted: Sendable {
        /// Regular files only. The file is opened without blocking, so a FIFO in its place is
        /// refused rather than waited on.
        case regularFiles
        /// Regular files, FIFOs and character devices (`--replay <(…)`, `/dev/stdin`), read
        /// until their end.
        case regularFilesAndStreams
    }

    /// Why a file could not be read.
    package enum ReadFailure: Error, Equatable, Sendable {
        /// `open` failed with this `errno` (`ENOENT`: there is no such file).
        case cannotOpen(Int32)
        /// `fstat` or `read` failed with this `errno`.
        case cannotRead(Int32)
        /// The path is a directory.
        case directory
        /// The path is neither a regular file nor an accepted stream (a socket, a block device).
        case notRegular
        /// The file holds more than `limit` bytes.
        case tooLarge(limit: Int)

        /// The reason, to follow the file's name in a sentence ("… cannot be read: permission
        /// denied"); `noun` names what a directory is not ("is a directory, not a recording").
        package func message(noun: String = "file") -> String {
            switch self {
            case .cannotOpen(let code), .cannotRead(let code): "cannot be read: \(FileIO.describe(code))"
            case .directory: "is a directory, not a \(noun)"
            case .notRegular: "is not a regular file"
            case .tooLarge(let limit): "is larger than \(FileIO.describeSize(limit))"
            }
        }
    }

    /// The whole of the file at `path`, at most `limit` bytes.
    ///
    /// - Throws: `ReadFailure` when the file cannot be opened or read, is a directory, is not
    ///   of an `accepted` kind, or holds more than `limit` bytes (checked before reading a
    ///   regular file, and as a stream is read).
    package static func read(
        _ path: String, limit: Int, accepting accepted: Accepted = .regularFiles
    )
        throws(ReadFailure) -> [UInt8]
    {
        let blocking = accepted == .regularFilesAndStreams ? 0 : O_NONBLOCK
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | blocking)
        guard fd >= 0 else { throw .cannotOpen(errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .cannotRead(errno) }
        let kind = info.st_mode & S_IFMT
        switch kind {
        case S_IFREG: break
        case S_IFDIR: throw .directory
        case S_IFIFO, S_IFCHR:
            guard accepted == .regularFilesAndStreams else { throw .notRegular }
        default: throw .notRegular
        }
        if kind == S_IFREG {
            guard Int(info.st_size) <= limit else { throw .tooLarge(limit: limit) }
        }
        var bytes: [UInt8] = []
        if kind == S_IFREG { bytes.reserveCapacity(Int(info.st_size)) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .cannotRead(errno)
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
            // A regular file may grow while it is read; a stream has no size to check first.
            if bytes.count > limit { throw .tooLarge(limit: limit) }
        }
        return bytes
    }

    /// A file read a line at a time, through a buffer of 64 KiB, so a large file is never held
    /// whole: the checks of `read(_:limit:accepting:)`, then `nextLine()` until nil.
    package final class LineReader {
        private let fd: Int32
        private let limit: Int
        private var buffer: [UInt8] = []
        private var chunk = [UInt8](repeating: 0, count: 1 << 16)
        private var start = 0
        /// Where the search for the next line feed goes on: the bytes before it hold none.
        private var scanned = 0
        private var total = 0
        private var ended = false

        /// Opens `path` as `read(_:limit:accepting:)` would, refusing the same files.
        package init(_ path: String, limit: Int, accepting accepted: Accepted = .regularFiles) throws(ReadFailure) {
            let blocking = accepted == .regularFilesAndStreams ? 0 : O_NONBLOCK
            let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | blocking)
            guard fd >= 0 else { throw .cannotOpen(errno) }
            var info = stat()
            guard fstat(fd, &info) == 0 else {
                let code = errno
                close(fd)
                throw .cannotRead(code)
            }
            let kind = info.st_mode & S_IFMT
            var refusal: ReadFailure?
            switch kind {
            case S_IFREG: if Int(info.st_size) > limit { refusal = .tooLarge(limit: limit) }
            case S_IFDIR: refusal = .directory
            case S_IFIFO, S_IFCHR: if accepted != .regularFilesAndStreams { refusal = .notRegular }
            default: refusal = .notRegular
            }
            if let refusal {
                close(fd)
                throw refusal
            }
            self.fd = fd
            self.limit = limit
        }

        deinit { close(fd) }

        /// The next line's bytes, without its line feed (the last line may have none); nil at
        /// the end of the file.
        package func nextLine() throws(ReadFailure) -> ArraySlice<UInt8>? {
            while true {
                let from = max(start, scanned)
                let found = buffer.withUnsafeBufferPointer { all -> Int? in
                    guard from < all.count, let hit = memchr(all.baseAddress! + from, 0x0A, all.count - from) else {
                        return nil
                    }
                    return all.baseAddress!.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                }
                if let newline = found {
                    let line = buffer[start..<newline]
                    start = newline + 1
                    scanned = start
                    return line
                }
                scanned = buffer.count
                if ended {
                    guard start < buffer.count else { return nil }
                    let line = buffer[start...]
                    start = buffer.count
                    return line
                }
                // Keep only the unfinished line, then read more after it.
                if start > 0 {
                    buffer.removeSubrange(0..<start)
                    scanned -= start
                    start = 0
                }
                let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
                if n < 0 {
                    if errno == EINTR { continue }
                    throw .cannotRead(errno)
                }
                if n == 0 {
                    ended = true
                    continue
                }
                total += n
                // A regular file may grow while it is read; a stream has no size to check first.
                if total > limit { throw .tooLarge(limit: limit) }
                chunk.withUnsafeBufferPointer { buffer.append(contentsOf: UnsafeBufferPointer(rebasing: $0[0..<n])) }
            }
        }
    }

    /// What one `write(_:to:)` achieved.
    package enum WriteResult: Equatable, Sendable {
        /// Every byte was written.
        case complete
        /// The descriptor is non-blocking and full: this many bytes were written, the rest not.
        case wouldBlock(written: Int)
        /// `write` failed with `errno` after this many bytes were written.
        case failed(errno: Int32, written: Int)
    }

    /// Writes `bytes` to `fd`, retrying when interrupted and after short writes; stops when a
    /// non-blocking descriptor is full or a write fails, and says which.
    package static func write(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> WriteResult {
        var offset = 0
        while offset < bytes.count {
            let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                let code = errno
                if code == EINTR { continue }
                if code == EAGAIN || code == EWOULDBLOCK { return .wouldBlock(written: offset) }
                return .failed(errno: code, written: offset)
            }
            offset += n
        }
        return .complete
    }

    /// Writes `line` and a newline to `fd` in one call where the descriptor allows; false when
    /// the line could not be written whole (a closed or full output: the caller decides whether
    /// that is worth saying).
    @discardableResult
    package static func writeLine(_ line: String, to fd: Int32) -> Bool {
        var text = line
        text.append("\n")
        return text.withUTF8 { write(UnsafeRawBufferPointer($0), to: fd) } == .complete
    }

    /// `strerror`'s text for `code`, lower-cased at the start to sit inside a sentence.
    package static func describe(_ code: Int32) -> String {
        guard let message = strerror(code) else { return "error \(code)" }
        let text = String(cString: message)
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    /// A byte count in the largest whole unit: "64 KiB", "256 MiB", "1000 bytes".
    static func describeSize(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}
