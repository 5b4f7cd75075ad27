import Glibc
import TapawayKit

extension Recording {
    /// The largest recording file read: far more than an hour of busy input.
    public static let fileSizeLimit = 256 << 20

    /// Reads and parses the recording at `path`. A file that cannot be read, is too large, is not
    /// UTF-8 text or holds a bad line throws an error that names the line where it can.
    @MainActor
    public static func load(contentsOf path: String) throws(RecordingError) -> Recording {
        let bytes = try readBytes(path)
        if let zero = bytes.firstIndex(of: 0) {
            throw RecordingError(line: lineNumber(of: zero, in: bytes), message: "binary data (a NUL byte), not JSON Lines text")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw RecordingError(line: firstInvalidUTF8Line(bytes), message: "not valid UTF-8 text")
        }
        return try parse(text)
    }

    private static func readBytes(_ path: String) throws(RecordingError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw RecordingError(line: 0, message: "cannot be opened: \(describe(errno))") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw RecordingError(line: 0, message: "cannot be read: \(describe(errno))") }
        switch info.st_mode & S_IFMT {
        case S_IFREG, S_IFIFO, S_IFCHR: break
        case S_IFDIR: throw RecordingError(line: 0, message: "is a directory, not a recording")
        default: throw RecordingError(line: 0, message: "is not a regular file")
        }
        var bytes: [UInt8] = []
        if info.st_mode & S_IFMT == S_IFREG { bytes.reserveCapacity(min(Int(info.st_size), fileSizeLimit)) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw RecordingError(line: 0, message: "cannot be read: \(describe(errno))")
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
            if bytes.count > fileSizeLimit {
                throw RecordingError(line: 0, message: "is larger than \(fileSizeLimit >> 20) MiB")
            }
        }
        return bytes
    }

    private static func lineNumber(of index: Int, in bytes: [UInt8]) -> Int {
        1 + bytes[..<index].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    }

    /// The 1-based number of the first line that is not valid UTF-8.
    private static func firstInvalidUTF8Line(_ bytes: [UInt8]) -> Int {
        var number = 1
        var start = 0
        for index in 0...bytes.count where index == bytes.count || bytes[index] == 0x0A {
            if String(validating: bytes[start..<index], as: UTF8.self) == nil { return number }
            number += 1
            start = index + 1
        }
        return 0
    }

    private static func describe(_ code: Int32) -> String {
        guard let message = strerror(code) else { return "error \(code)" }
        let text = String(cString: message)
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
