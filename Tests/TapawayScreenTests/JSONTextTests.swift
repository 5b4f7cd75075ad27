import Foundation
import TapawayScreen
import Testing

/// The program's one JSON writer: compact (the trace, the recordings) and indented (screen
/// files) are two layouts of the same value, and each spelling reads back as what was written.
@Suite("JSON writer")
struct JSONTextTests {
    /// A value with every kind in it, strings full of what JSON escapes.
    static let value = JSONText.object([
        ("null", .null), ("yes", .bool(true)), ("no", .bool(false)),
        ("numbers", .array([.number(0), .number(-0.0), .number(42), .number(-1.25), .number(1e16), .number(2.5e-7)])),
        ("text", .string("a\"b\\c\nd\re\tf\u{0}\u{8}\u{C}\u{1F}\u{7F}\u{2028}\u{2029}é東😀/")),
        ("empty", .object([])), ("none", .array([])),
        ("nested", .array([.object([("frame", .array([.number(1), .number(2), .number(3), .number(4)]))])])),
    ])

    /// What Foundation's own reader makes of `text`, for comparing.
    static func decoded(_ text: String) throws -> NSObject {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) as? NSObject)
    }

    @Test("compact and indented text, in either spelling, read back as the same value")
    func sameValue() throws {
        let compact = Self.value.serialized
        var foundation = ""
        Self.value.write(to: &foundation, spelling: .foundation)
        let indented = Self.value.formatted()
        #expect(!compact.contains(" ") && !compact.contains("\n"), "compact text is one line with no space")
        #expect(indented.contains("\n  \"null\": null,\n"))
        let reference = try Self.decoded(compact)
        #expect(try Self.decoded(foundation) == reference)
        #expect(try Self.decoded(indented) == reference)
    }

    @Test("the two spellings differ only where JSON leaves a choice")
    func spellings() {
        var foundation = ""
        JSONText.write(string: "\u{8}\u{C}\u{7F}\u{2028}", to: &foundation, spelling: .foundation)
        var standard = ""
        JSONText.write(string: "\u{8}\u{C}\u{7F}\u{2028}", to: &standard)
        #expect(foundation == "\"\\b\\f\u{7F}\u{2028}\"")
        #expect(standard == #""\u0008\u000c\u007f\u2028""#)
        var zero = ""
        JSONText.write(number: -0.0, to: &zero, spelling: .foundation)
        #expect(zero == "-0" && JSONText.number(-0.0).serialized == "0")
    }
}
