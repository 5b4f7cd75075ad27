import Testing

@testable import TapawayKit

/// The caret geometry of mixed-direction lines: where the caret shows, where a click lands,
/// where an arrow goes and what a selection covers, with the text in logical order.
@Suite("Line layout: the caret in bidirectional text")
struct LineLayoutTests {
    /// "abc אבג": a left-to-right paragraph whose last word is Hebrew.
    ///
    /// Characters are 10 wide; on screen: a b c ␠ ג ב א (the Hebrew reversed).
    private let mixed = LineLayout(
        clusters: [
            .init(characters: 0..<1, minX: 0, width: 10, isRightToLeft: false),
            .init(characters: 1..<2, minX: 10, width: 10, isRightToLeft: false),
            .init(characters: 2..<3, minX: 20, width: 10, isRightToLeft: false),
            .init(characters: 3..<4, minX: 30, width: 10, isRightToLeft: false),
            .init(characters: 6..<7, minX: 40, width: 10, isRightToLeft: true),
            .init(characters: 5..<6, minX: 50, width: 10, isRightToLeft: true),
            .init(characters: 4..<5, minX: 60, width: 10, isRightToLeft: true),
        ], characterCount: 7, isRightToLeft: false)

    /// "אבג": a right-to-left paragraph, its first letter at the right.
    private let hebrew = LineLayout(
        clusters: [
            .init(characters: 2..<3, minX: 0, width: 10, isRightToLeft: true),
            .init(characters: 1..<2, minX: 10, width: 10, isRightToLeft: true),
            .init(characters: 0..<1, minX: 20, width: 10, isRightToLeft: true),
        ], characterCount: 3, isRightToLeft: true)

    @Test("the caret shows where the paragraph's direction inserts, and at the end at the line's end: GTK's strong cursor")
    func caretPositions() {
        #expect((0...7).map { mixed.caretX(at: $0) } == [0, 10, 20, 30, 40, 60, 50, 70])
        #expect((0...3).map { hebrew.caretX(at: $0) } == [30, 20, 10, 0])
    }

    @Test("a click lands on the near edge of the character it meets, in that character's direction")
    func clicks() {
        #expect(mixed.offset(atX: 12) == 1)
        #expect(mixed.offset(atX: 18) == 2)
        // The left half of ג (its logical end) and its right half (its start).
        #expect(mixed.offset(atX: 42) == 7)
        #expect(mixed.offset(atX: 48) == 6)
        // Right of א, the text's Hebrew start; left of everything, the line's start.
        #expect(mixed.offset(atX: 68) == 4)
        #expect(mixed.offset(atX: -5) == 0)
        #expect(hebrew.offset(atX: 28) == 0)
        #expect(hebrew.offset(atX: 200) == 0)
        #expect(hebrew.offset(atX: 2) == 3)
    }

    @Test("arrows go to the nearest caret position on screen that way, as GTK's entry (Pango) moves")
    func arrows() {
        // GTK 3.24's entry with the same text, moved with "move-cursor" by visual positions
        // from every offset (scripts/gtk-bidi-reference.py).
        #expect((0...7).map { mixed.offset(movingFrom: $0, right: true) } == [1, 2, 3, 4, 6, 7, 5, 7])
        #expect((0...7).map { mixed.offset(movingFrom: $0, right: false) } == [0, 0, 1, 2, 3, 6, 4, 5])
        // In a right-to-left paragraph Left moves towards the text's end.
        #expect((0...3).map { hebrew.offset(movingFrom: $0, right: true) } == [0, 0, 1, 2])
        #expect((0...3).map { hebrew.offset(movingFrom: $0, right: false) } == [1, 2, 3, 3])
    }

    @Test("a selection across a direction change shows in one piece per stretch on screen")
    func selectionSpans() {
        let spans = mixed.spans(of: 2..<5)
        #expect(spans.map(\.minX) == [20, 60])
        #expect(spans.map(\.maxX) == [40, 70])
        #expect(mixed.spans(of: 4..<7).map(\.minX) == [40])
        #expect(mixed.spans(of: 4..<7).map(\.maxX) == [70])
    }

    @Test("a ligature's characters share its width, in its direction")
    func ligatures() {
        // Arabic lam-alef: two characters, one glyph 12 wide, right to left.
        let layout = LineLayout(
            clusters: [.init(characters: 0..<2, minX: 0, width: 12, isRightToLeft: true)], characterCount: 2,
            isRightToLeft: true)
        #expect(layout.caretX(at: 0) == 12)
        #expect(layout.caretX(at: 1) == 6)
        #expect(layout.caretX(at: 2) == 0)
    }

    @Test("rule L2: runs reverse from the highest level down to the lowest odd one")
    func visualOrder() {
        #expect(LineLayout.visualOrder(levels: [0, 0, 0]) == [0, 1, 2])
        #expect(LineLayout.visualOrder(levels: [0, 1, 1, 0]) == [0, 2, 1, 3])
        // Hebrew with a number inside it: the number keeps its order within the reversed run.
        #expect(LineLayout.visualOrder(levels: [1, 1, 2, 2, 1]) == [4, 2, 3, 1, 0])
    }

    @Test("the quick scan finds anything right to left, and passes Latin, CJK and emoji")
    func rightToLeftScan() {
        for text in ["שלום", "abc مرحبا", "a\u{200F}b", "x\u{2067}y\u{2069}", "ﷺ", "ࠀ", "𐤀"] {
            #expect(RightToLeftScan.mayHold(Array(text.utf8)), "\(text.unicodeScalars.map(\.value))")
        }
        for text in ["Hello", "café ñ", "東京 서울", "👩\u{200D}👩\u{200D}👧 🇫🇷", "नमस्ते", "a\u{200E}b", ""] {
            #expect(!RightToLeftScan.mayHold(Array(text.utf8)), "\(text)")
        }
    }
}
