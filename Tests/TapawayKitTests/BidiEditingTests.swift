import TapawayHeadless
import TapawayKit
import TapawayTestSupport
import Testing

/// Editing mixed-direction text as GTK's entry does (issue 19): the string stays in logical order,
/// arrows move on screen, a click lands where it points, a selection shows where its characters show,
/// and a right-to-left paragraph aligns right.
///
/// The headless font's small stand-in for the bidirectional algorithm lays out the Hebrew
/// (FixedFont.lineLayout).
@MainActor
@Suite("Bidirectional text in the fields")
struct BidiEditingTests {
    /// A field 300 wide (text from x 22: the field at 10, its inset 12) and a text view.
    func make() -> (HeadlessPlatform, TextField, TextView) { HeadlessPlatform.withFieldAndTextView() }

    @Test("Left and Right move on screen, as GTK's entry moves through \"abc אבג\"")
    func arrowsMoveVisually() {
        let (p, field, _) = make()
        field.becomeFirstResponder()
        field.insertText("abc אבג")
        #expect(field.editableText.caret == 7)
        // The text's end shows at the line's right end, left of it is the caret between ב and א.
        var visited: [Int] = []
        for _ in 0..<4 {
            p.press(.left)
            visited.append(field.editableText.caret)
        }
        #expect(visited == [5, 6, 4, 3], "moved on screen, not back through the text's order")
        p.press(.right)
        p.press(.right)
        #expect(field.editableText.caret == 6)
        p.press(.right, modifiers: .shift)
        #expect(field.editableText.selection == 5..<6, "Shift+Right selects the letter crossed on screen")
    }

    @Test("with a selection, an arrow goes to the end that shows on its side")
    func arrowCollapsesVisually() {
        let (p, field, _) = make()
        field.becomeFirstResponder()
        field.insertText("אבג")
        field.select(0..<2)
        // In a right-to-left paragraph the selection's start shows at its right.
        p.press(.right)
        #expect(field.editableText.caret == 0 && field.editableText.selection.isEmpty)
        field.select(0..<2)
        p.press(.left)
        #expect(field.editableText.caret == 2)
    }

    @Test("a right-to-left paragraph aligns right, and a tap at the right places the caret at its start")
    func rightAligned() throws {
        let (p, field, view) = make()
        field.text = "שלום"
        let canvas = p.render()
        let drawn = try #require(
            canvas.operations.compactMap { op -> Point? in
                if case .text(let s, let point, _) = op, s == "שלום" { return point }
                return nil
            }.first)
        let width = FixedFont(size: field.fontSize).width(of: "שלום")
        let rightEdge = field.frameInScreen.maxX - 12
        #expect(abs(drawn.x + width - rightEdge) < 0.5, "drawn at \(drawn.x), \(width) wide")
        field.becomeFirstResponder()
        field.select(4..<4)
        let tap = Point(x: field.frameInScreen.maxX - 14, y: field.frameInScreen.midY)
        p.tap(at: tap)
        #expect(field.editableText.caret == 0, "the right end of a Hebrew word is its start")
        view.becomeFirstResponder()
        view.insertText("שלום\nabc")
        let caret = view.caretRect
        view.select(0..<0)
        #expect(view.caretRect.minX > caret.minX, "the Hebrew line's start is at its right")
    }

    @Test("a selection across a direction change is drawn in two pieces")
    func selectionInPieces() {
        let (p, field, _) = make()
        field.becomeFirstResponder()
        field.insertText("abc אבג")
        field.select(2..<5)
        let pieces = p.render().operations.compactMap { op -> Rect? in
            if case .fill(let r, let color) = op, color == Palette.selection { return r }
            return nil
        }
        #expect(pieces.count == 2, "\(pieces)")
    }

    @Test("a right-to-left paragraph's later lines align right too, even when they hold only Latin")
    func paragraphDirectionCarriesOn() {
        let (p, _, view) = make()
        defer { withExtendedLifetime(p) {} }
        view.becomeFirstResponder()
        // 27 characters fit a line: the Latin words past them wrap onto a second line.
        view.insertText("אבג דהו abc def ghi jkl mno pqr")
        #expect(view.lines.count == 2, "\(view.lines.map { view.text[$0] })")
        let end = view.caretRect.minX
        #expect(end > 150, "the end of the second line is at its left, and the line at the right: \(end)")
        view.insertText("\nxyz")
        #expect(view.caretRect.minX < 60, "a new paragraph of Latin runs left to right: \(view.caretRect.minX)")
    }
}
