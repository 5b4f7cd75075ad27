import Foundation
import TapawayDemo
import Testing

/// A recording edited on another system is still a recording: a UTF-8 byte-order mark at its
/// start and CRLF line endings read as the same file without them.
@Suite("Recordings with a byte-order mark or CRLF line endings")
@MainActor
struct RecordingLineEndingsTests {
    /// A small recording: a header, a tap, typing.
    static let lines = [
        #"{"kind":"header","version":1,"scenario":"tap-gesture","focused":"name","screen":[930,820]}"#,
        #"{"kind":"touch","t":0.1,"id":1,"phase":"began","at":[500,400]}"#,
        #"{"kind":"touch","t":0.2,"id":1,"phase":"ended","at":[500,400]}"#,
        #"{"kind":"key","t":0.3,"key":"text","text":"ab"}"#,
    ]

    /// What a recording holds, as text that two equal recordings share.
    static func summary(_ recording: Recording) -> String {
        "\(recording.scenario ?? "-") \(recording.focused ?? "-") \(String(describing: recording.screen)) "
            + recording.inputs.map { "\($0.t):\($0.input)" }.joined(separator: ";")
    }

    @Test(
        "a byte-order mark, CRLF endings or both read as the plain file",
        arguments: [(true, "\n"), (false, "\r\n"), (true, "\r\n")])
    func sameAsPlain(byteOrderMark: Bool, ending: String) throws {
        let plain = try Recording.parse(Self.lines.joined(separator: "\n") + "\n")
        #expect(plain.inputs.count == 3)
        let text = (byteOrderMark ? "\u{FEFF}" : "") + Self.lines.joined(separator: ending) + ending
        #expect(Self.summary(try Recording.parse(text)) == Self.summary(plain))

        // The same through the file reader, from bytes as another system's editor saves them.
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tapaway-bom-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(Array(text.utf8)).write(to: url)
        #expect(Self.summary(try Recording.load(contentsOf: url.path)) == Self.summary(plain))
    }

    @Test("a byte-order mark anywhere but the start is still a bad line, named")
    func markInside() {
        let text = Self.lines[0] + "\r\n\u{FEFF}" + Self.lines[1] + "\r\n"
        #expect(throws: RecordingError.self) { try Recording.parse(text) }
        do {
            _ = try Recording.parse(text)
        } catch {
            #expect(error.line == 2, "\(error)")
        }
    }
}
