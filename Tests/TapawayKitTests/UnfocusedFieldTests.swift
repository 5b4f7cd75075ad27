import TapawayHeadless
import TapawayKit
import Testing

/// A text field that is not being edited shows the start of its text, as UITextField does, and
/// keeps no per-character geometry for it (issue 18 item 18; issue 21's memory creep).
@MainActor
@Suite("A field that is not being edited")
struct UnfocusedFieldTests {
    private static let long = "Start of a long line that is much wider than the field, ending here"

    /// A narrow field that has `long` typed into it and is still being edited, and another field.
    private static func typedLongText() -> (HeadlessPlatform, TextField, TextField) {
        let p = HeadlessPlatform(screenSize: Size(width: 400, height: 600))
        let container = View(frame: Rect(x: 0, y: 0, width: 400, height: 600))
        let field = TextField(frame: Rect(x: 10, y: 10, width: 160, height: 44))
        let other = TextField(frame: Rect(x: 10, y: 80, width: 160, height: 44))
        container.addSubview(field)
        container.addSubview(other)
        p.makeWindow(container)
        field.becomeFirstResponder()
        p.type(long)
        return (p, field, other)
    }

    @Test("after editing at the end of a long text, the field shows its start again")
    func showsTheStart() {
        let (p, field, other) = Self.typedLongText()
        let editing = p.render().texts.filter { Self.long.contains($0) && !$0.isEmpty }
        #expect(editing.contains { $0.hasSuffix("here") }, "while editing, the caret's end shows: \(editing)")
        #expect(!editing.contains { $0.hasPrefix("Start") }, "the start scrolled out while editing: \(editing)")

        other.becomeFirstResponder()
        let shown = p.render().texts.filter { Self.long.contains($0) && !$0.isEmpty }
        #expect(shown.contains { $0.hasPrefix("Start of") }, "the resigned field shows its start: \(shown)")
        #expect(!shown.contains { $0.hasSuffix("here") }, "and not its tail: \(shown)")
        #expect(field.text == Self.long, "nothing was lost")
    }

    @Test("coming back to the field shows the caret where it was left")
    func caretComesBack() {
        let (p, field, other) = Self.typedLongText()
        other.becomeFirstResponder()
        field.becomeFirstResponder()
        #expect(field.caretOffset == Self.long.count)
        let texts = p.render().texts.filter { Self.long.contains($0) && !$0.isEmpty }
        #expect(texts.contains { $0.hasSuffix("here") }, "the caret at the end is in view again: \(texts)")
    }
}
