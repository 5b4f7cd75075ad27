import TapawayDemo
import TapawayKit
import Testing

/// The `--trace` lines' spelling, which readers of the JSON Lines depend on: pinned here so
/// that the writer under them can change without a byte of the trace changing.
///
/// RFC 8259, section 7: "All Unicode characters may be placed within the quotation marks,
/// except for the characters that MUST be escaped: quotation mark, reverse solidus, and the
/// control characters (U+0000 through U+001F)." The trace escapes DEL and U+2028/U+2029 too,
/// so that no line of it holds a character a terminal or a JavaScript line reader takes as
/// more than text; everything else (accents, CJK, emoji, bidirectional marks) stands as it is.
@Suite("The trace's JSON spelling")
struct TraceJSONTests {
    @Test(
        "quote, backslash and the whitespace controls take their short escapes; other controls, DEL and U+2028/U+2029 take \\u with four lowercase hex digits",
        arguments: [
            ("\"", #""\"""#), ("\\", #""\\""#), ("\n", #""\n""#), ("\r", #""\r""#), ("\t", #""\t""#),
            ("\u{0}", #""\u0000""#), ("\u{8}", #""\u0008""#), ("\u{C}", #""\u000c""#), ("\u{1B}", #""\u001b""#),
            ("\u{1F}", #""\u001f""#), ("\u{7F}", #""\u007f""#), ("\u{2028}", #""\u2028""#),
            ("\u{2029}", #""\u2029""#), ("/", #""/""#),
        ])
    func escapes(_ text: String, _ written: String) {
        #expect(JSON.string(text).serialized == written)
    }

    @Test("everything else stands as it is, in UTF-8: accents, CJK, emoji, C1 controls, bidirectional marks")
    func nonASCII() {
        let text = "Grüße 東京 😀 e\u{301} \u{85}\u{9B} \u{202E}\u{200D}\u{A0}\u{FEFF}\u{2027}\u{202A}"
        #expect(JSON.string(text).serialized == "\"" + text + "\"")
        #expect(JSON.string("a\u{0}b\u{2028}c\"d").serialized == #""a\u0000b\u2028c\"d""#)
    }

    @Test(
        "whole numbers below 10^15 are written as integers (−0 as 0); others as Swift's description writes them (a whole number up to 2^53 keeps its \".0\"); NaN and the infinities as null",
        arguments: [
            (0.0, "0"), (-0.0, "0"), (42, "42"), (-7, "-7"), (1234.5, "1234.5"), (0.1, "0.1"), (-2.5e-7, "-2.5e-07"),
            (999_999_999_999_999, "999999999999999"), (1e15, "1000000000000000.0"), (-1e15, "-1000000000000000.0"),
            (1e16, "1e+16"), (1.5e300, "1.5e+300"),
            (.nan, "null"), (.infinity, "null"), (-.infinity, "null"),
        ])
    func numbers(_ value: Double, _ written: String) {
        #expect(JSON.number(value).serialized == written)
    }

    @Test("objects keep their keys' order, arrays theirs; no space anywhere; null, true and false as words")
    func compactStructure() {
        let value = JSON.object([
            ("t", .number(12.5)), ("kind", .string("text")), ("none", .null), ("on", .bool(true)),
            ("off", .bool(false)), ("frame", .rect(Rect(x: 1.4, y: 2.6, width: 300, height: 44.5))),
            ("at", .point(Point(x: -0.4, y: 9.5))), ("empty", .array([])), ("nested", .object([("a", .array([.null]))])),
            ("maybe", .optional(nil)), ("some", .optional("x")),
        ])
        #expect(
            value.serialized
                == #"{"t":12.5,"kind":"text","none":null,"on":true,"off":false,"frame":[1,3,300,45],"at":[0,10],"empty":[],"nested":{"a":[null]},"maybe":null,"some":"x"}"#
        )
    }
}
