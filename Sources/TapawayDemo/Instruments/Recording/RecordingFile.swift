import Glibc
import TapawayKit

extension Recording {
    /// The largest recording file read: far more than an hour of busy input.
    package static let fileSizeLimit = 256 << 20

    /// Reads and parses the recording at `path`, a line at a time: the file's text is never held whole,
    /// only the inputs it makes.
    ///
    /// A file that cannot be read, is too large, is not UTF-8 text or holds a bad line throws an error
    /// that names the line where it can.
    @MainActor
    package static func load(contentsOf path: String) throws(RecordingError) -> Recording {
        let reader: FileIO.LineReader
        do {
            reader = try FileIO.LineReader(path, limit: fileSizeLimit, accepting: .regularFilesAndStreams)
        } catch {
            throw RecordingError(line: 0, message: error.message(noun: "recording"))
        }
        var parser = RecordingParser()
        var number = 0
        while true {
            let bytes: ArraySlice<UInt8>
            do {
                guard let line = try reader.nextLine() else { break }
                bytes = line
            } catch {
                throw RecordingError(line: 0, message: error.message(noun: "recording"))
            }
            number += 1
            // Through the buffer (memchr, the standard library's validation): a line may be long.
            let (hasNUL, decoded) = bytes.withUnsafeBufferPointer { buffer in
                (
                    buffer.count > 0 && memchr(buffer.baseAddress!, 0, buffer.count) != nil,
                    String(validating: buffer, as: UTF8.self)
                )
            }
            if hasNUL {
                throw RecordingError(line: number, message: "binary data (a NUL byte), not JSON Lines text")
            }
            guard let text = decoded else {
                throw RecordingError(line: number, message: "not valid UTF-8 text")
            }
            try parser.take(Substring(text))
        }
        return try parser.finish()
    }
}
