import TapawayHeadless
import TapawayTestSupport
import TapawayUnibreak
import Testing

@testable import TapawayKit

/// Wrapping Japanese, Arabic and mixed text with libunibreak, as the app does: the wrap that
/// reads kana, ideographs and Arabic letters from their bytes gives the lines a wrap reading
/// every character through Swift's grapheme rules gives, and re-wrapping only what an edit
/// touched, stopping at line and byte budgets and settling later, gives a full wrap's lines.
@Suite("Incremental wrapping of non-Latin text")
struct IncrementalWrapTests {
    let rules = UnibreakLineBreaks()
    let widths = CharacterWidths(font: FixedFont(size: 10))

    /// Pieces of text, with what joins a character to the next: Arabic harakat, the Arabic
    /// number sign (a Prepend, U+0600) and letter mark (a Control, U+061C), kana voicing marks
    /// (U+3099, U+309A), an ideographic tone mark (U+302B), variation selectors, ZWJ sequences.
    static let pieces = [
        "日本語", "の", "文章を書きます", "。", "、", "「", "」", "カタカナ", "漢\u{FE00}", "か\u{3099}", "は\u{309A}", "字\u{302B}",
        "كتبت", " ", "بِسْمِ", "اللّه", "\u{0600}١٢", "١٢٣", "؟", "،", "\u{061C}", "ﻻ", "a", "word", "e\u{301}", "👩‍💻",
        "🇯🇵", "\n", "\u{3000}", "〜", "ー", "state-of-the-art", "(", ")",
    ]

    static func text(_ count: Int, _ random: inout SeededGenerator) -> String {
        var text = ""
        for _ in 0..<count { text += pieces[random.next(pieces.count)] }
        return text
    }

    @Test("Japanese, Arabic and mixed text wraps as a wrap asking Swift's grapheme rules about every character does (600 texts)")
    func matchesReference() {
        withKnownIssue(UnibreakWrapTests.laterUnicode) {
            var random = SeededGenerator(seed: 0xB17E)
            for round in 0..<600 {
                let text = Self.text(random.next(80), &random)
                let width = Double(20 + random.next(200))
                let wrapped = TextLayout.wrapOffsets(text, width: width, widths: widths, rules: rules)
                let reference = ReferenceWrap.lines(of: text, width: width, widths: widths, rules: rules)
                #expect(wrapped == reference, "round \(round): \(text.debugDescription) at \(width)")
                if wrapped != reference { break }
            }
        } when: {
            UnibreakWrapTests.followsLaterUnicode
        }
    }

    @Test("re-wrapping 50 000 bytes of mixed text after 500 random edits, with budgets and partial settling, gives a full wrap")
    func rewrapWithBudgetsMatchesWrap() {
        var random = SeededGenerator(seed: 0xED17)
        var editable = EditableText(Self.text(6_000, &random))
        let width = 97.0
        var table = LineTable(TextLayout.wrapOffsets(editable.text, width: width, widths: widths, rules: rules))
        var seams = 0
        var problems: [String] = []
        for round in 0..<500 {
            let count = editable.count
            let at = random.next(count + 1)
            let end = min(count, at + (random.next(4) == 0 ? random.next(20) : 0))
            editable.replace(at..<end, with: random.next(5) == 0 ? "" : Self.text(1 + random.next(3), &random))
            TextLayout.rewrap(
                editable.text, lines: &table, change: ChangedBytes(editable.lastEdit!), width: width, widths: widths,
                budget: random.next(6), byteBudget: random.next(2) == 0 ? .max : 40 + random.next(400), rules: rules)
            seams += table.seams.count
            if random.next(3) == 0 {
                TextLayout.settle(
                    editable.text, lines: &table, width: width, widths: widths, budget: 1 + random.next(8),
                    byteBudget: 50 + random.next(500), rules: rules)
            }
            if round % 25 == 24 {
                var settled = table
                while TextLayout.settle(
                    editable.text, lines: &settled, width: width, widths: widths, budget: 5, byteBudget: 300, rules: rules)
                    != nil
                {}
                if settled.all != TextLayout.wrapOffsets(editable.text, width: width, widths: widths, rules: rules) {
                    problems.append("round \(round): settled lines differ from a full wrap")
                }
                table = settled
            }
            if !problems.isEmpty { break }
        }
        #expect(problems.isEmpty, "\(problems.prefix(3))")
        #expect(seams > 100, "the budgets must often be reached, to test seams (\(seams))")
    }
}
