import TapawayKit

extension Recording {
    /// The largest recording file read: far more than an hour of busy input.
    package static let fileSizeLimit = 256 << 20

    /// Reads and parses the recording at `path`. A file that cannot be read, is too large, is not
    /// UTF-8 text or holds a bad line throws an error that names the line where it can.
    @MainActor
    package static func load(contentsOf path: String) throws(RecordingError) -> Recording {
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
        do {
            return try FileIO.read(path, limit: fileSizeLimit, accepting: .regularFilesAndStreams)
        } catch {
            throw RecordingError(line: 0, message: error.message(noun: "recording"))
        }
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
}
