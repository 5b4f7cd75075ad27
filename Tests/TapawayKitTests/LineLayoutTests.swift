import Testing

@testable import TapawayKit

/// The caret geometry of mixed-direction lines: where the caret shows, where a click lands,
/// where an arrow goes and what a selection covers, with the text in logical order.
@Suite("Line layout: the caret in bidirectional text")
struct LineLayoutTests {
    /// "abc אבג": a left-to-right paragraph whose last word is Hebrew. Characters are 10 wide;
    /// on screen: a b c ␠ ג ב א (the Hebrew reversed).
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

    @Test("the caret shows at the edge where the paragraph's direction inserts: GTK's strong cursor")
    func caretPositions() {
        #expect((0...7).map { mixed.caretX(at: $0) } == [0, 10, 20, 30, 40, 60, 50, 40])
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

    @Test("arrows move one character on screen, whatever the direction; never in a loop")
    func arrows() {
        // Right from the space's end walks into the Hebrew word from the left: ג, then ב.
        #expect(mixed.offset(movingFrom: 4, right: true) == 6)
        #expect(mixed.offset(movingFrom: 6, right: true) == 5)
        // From between ב and א, crossing א lands on its logical start, which shows back at the
        // word's left: no move on screen, so the caret stays at the line's right edge.
        #expect(mixed.offset(movingFrom: 5, right: true) == 5)
        #expect(mixed.offset(movingFrom: 5, right: false) == 6)
        #expect(mixed.offset(movingFrom: 7, right: false) == 3)
        #expect(mixed.offset(movingFrom: 0, right: false) == 0)
        // In a right-to-left paragraph Left moves towards the text's end.
        #expect(hebrew.offset(movingFrom: 0, right: false) == 1)
        #expect(hebrew.offset(movingFrom: 1, right: false) == 2)
        #expect(hebrew.offset(movingFrom: 1, right: true) == 0)
        #expect(hebrew.offset(movingFrom: 3, right: false) == 3)
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
}
