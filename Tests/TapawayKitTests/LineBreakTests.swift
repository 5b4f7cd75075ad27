import TapawayHeadless
import Testing

@testable import TapawayKit

/// The Kit's own line breaking rules (`BuiltInLineBreaks`, what a wrap uses headless): UAX #14's pair
/// table, exact for ASCII and with guessed classes for CJK.
///
/// The fixed-metric font makes every character 6 px wide.
@Suite("Line breaking, built in")
struct LineBreakTests {
    let widths = CharacterWidths(font: FixedFont(size: 10))

    /// The lines of `text` at `characters` characters wide, by the rules a wrap uses unless told.
    func lines(_ text: String, characters: Int) -> [String] {
        TextLayout.wrap(text, width: Double(characters) * 6, widths: widths).map { String(text[$0]) }
    }

    @Test("a hyphenated word breaks after a hyphen; a URL after a slash; never before a full stop")
    func ascii() {
        #expect(lines("a state-of-the-art design", characters: 12) == ["a state-of-", "the-art ", "design"])
        #expect(lines("go to example.com/a/b/c/d", characters: 14) == ["go to ", "example.com/a/", "b/c/d"])
        #expect(lines("it is the end.", characters: 13) == ["it is the ", "end."])
        #expect(lines("(see this)", characters: 8) == ["(see ", "this)"], "no break after an opening bracket")
    }

    @Test("CJK text breaks between ideographs and kana; closing punctuation never starts a line")
    func cjk() {
        #expect(lines("ab 漢字漢字", characters: 5) == ["ab 漢字", "漢字"])
        #expect(lines("あいうえお。かきくけこ", characters: 5) == ["あいうえ", "お。かきく", "けこ"])
        #expect(lines("「あいうえお」", characters: 6) == ["「あいうえ", "お」"])
        // UAX #14's default for Hangul: between syllables too (not Korean's keep-all style).
        #expect(lines("한국어 문장입니다", characters: 6) == ["한국어 문장", "입니다"])
    }

    @Test("the pair table: a space before a letter allows a break, a no-break space does not")
    func machine() {
        var machine = LineBreakMachine()
        let classes: [LineBreakClass] = [.al, .sp, .al, .gl, .al, .hy, .al]
        let breaks = classes.map { machine.feed($0) }
        #expect(breaks == [.prohibited, .prohibited, .allowed, .prohibited, .prohibited, .prohibited, .allowed])
    }
}
