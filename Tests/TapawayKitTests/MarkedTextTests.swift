import TapawayHeadless
import TapawayKit
import TapawayTestSupport
import Testing

/// An input method's pre-edit (issue 19): shown inline at the caret, underlined, never in the
/// undo history, replaced by the commit and gone with the focus.
@MainActor
@Suite("Pre-edit text from an input method")
struct MarkedTextTests {
    /// A field 300 wide (text from x 22: the field at 10, its inset 12) and a text view.
    func make() -> (HeadlessPlatform, TextField, TextView) { HeadlessPlatform.withFieldAndTextView() }

    @Test("a pre-edit shows at the caret, changes in place, and the commit replaces it as one undoable edit")
    func composeAndCommit() {
        let (p, field, _) = make()
        field.becomeFirstResponder()
        field.insertText("ab")
        p.application.handlePreedit("n", caret: 1)
        p.application.handlePreedit("ni", caret: 2)
        #expect(field.text == "abni")
        #expect(field.markedTextRange == 2..<4)
        #expect(field.editableText.caret == 4)
        p.application.handlePreedit("你", caret: 1)
        #expect(field.text == "ab你" && field.markedTextRange == 2..<3)
        field.insertText("你好")
        #expect(field.text == "ab你好")
        #expect(field.markedTextRange == nil)
        // Typing is one step (the commit joins it); undo and redo never meet a pre-edit.
        p.press(.text("z"), modifiers: .control)
        #expect(field.text == "")
        p.press(.text("z"), modifiers: [.control, .shift])
        #expect(field.text == "ab你好", "the pre-edits were never steps")
    }

    @Test("a pre-edit between characters, then cancelled, leaves the text and the caret as they were")
    func cancel() {
        let (p, field, _) = make()
        field.becomeFirstResponder()
        field.insertText("abcd")
        p.press(.left)
        p.press(.left)
        p.application.handlePreedit("xy", caret: 1)
        #expect(field.text == "abxycd" && field.editableText.caret == 3)
        p.application.handlePreedit("", caret: 0)
        #expect(field.text == "abcd" && field.editableText.caret == 2)
        #expect(field.markedTextRange == nil)
    }

    @Test("the pre-edit is underlined, as GTK shows it")
    func underlined() {
        let (p, field, view) = make()
        field.becomeFirstResponder()
        p.application.handlePreedit("nihao", caret: 5)
        let canvas = p.render()
        let lines = canvas.operations.compactMap { op -> Rect? in
            if case .fill(let r, _) = op, r.height == 1, r.width > 0 { return r }
            return nil
        }
        let field0 = field.frameInScreen
        #expect(lines.contains { field0.contains(Point(x: $0.midX, y: $0.midY)) }, "an underline in the field: \(lines)")
        view.becomeFirstResponder()
        #expect(field.text == "", "a pre-edit left unfinished goes with the focus")
        p.application.handlePreedit("ni", caret: 2)
        #expect(view.text == "ni" && view.markedTextRange == 0..<2)
        let again = p.render().operations.compactMap { op -> Rect? in
            if case .fill(let r, _) = op, r.height == 1, r.width > 0 { return r }
            return nil
        }
        let frame = view.frameInScreen
        #expect(again.contains { frame.contains(Point(x: $0.midX, y: $0.midY)) }, "an underline in the text view")
        view.insertText("你")
        #expect(view.text == "你" && view.markedTextRange == nil)
    }

    @Test("a secure field takes no pre-edit, and the caret's place is given for the candidate window")
    func secureAndSpot() throws {
        let (p, field, _) = make()
        field.isSecureTextEntry = true
        field.becomeFirstResponder()
        p.application.handlePreedit("ni", caret: 2)
        #expect(field.text == "" && field.markedTextRange == nil)
        field.isSecureTextEntry = false
        field.insertText("abc")
        let caret = try #require(p.application.focusedTextInput?.caretRectInScreen)
        #expect(field.frameInScreen.contains(Point(x: caret.midX, y: caret.midY)), "\(caret)")
    }
}

/// The pre-edit as XIM's draw callbacks change it (a recorded ibus pinyin sequence: typing n, i,
/// h, a, o, then a candidate replacing all).
@Suite("A pre-edit drawn in changes")
struct PreeditTextTests {
    @Test("each change replaces its run and places the caret; out-of-range runs are brought in")
    func drawSequence() {
        var preedit = PreeditText()
        preedit.start()
        preedit.draw(caret: 1, first: 0, length: 0, text: "n")
        preedit.draw(caret: 2, first: 1, length: 0, text: "i")
        preedit.draw(caret: 3, first: 0, length: 2, text: "ni h")
        #expect(preedit.text == "ni h" && preedit.caret == 3)
        preedit.draw(caret: 6, first: 4, length: 0, text: "ao")
        #expect(preedit.text == "ni hao" && preedit.caret == 6)
        preedit.moveCaret(to: 2)
        #expect(preedit.caret == 2)
        preedit.draw(caret: 2, first: 0, length: 99, text: "你好")
        #expect(preedit.text == "你好" && preedit.caret == 2 && preedit.caretInCharacters == 2)
        preedit.draw(caret: 0, first: 0, length: 2, text: nil)
        #expect(preedit.text.isEmpty && preedit.caret == 0)
        preedit.draw(caret: 9, first: 7, length: 3, text: "x")
        #expect(preedit.text == "x" && preedit.caret == 1, "a change past the end lands at the end")
        preedit.finish()
        #expect(preedit == PreeditText())
    }

    @Test("the caret counts scalars for the input method and characters for the Kit")
    func caretInCharacters() {
        var preedit = PreeditText()
        preedit.draw(caret: 2, first: 0, length: 0, text: "e\u{301}a")
        #expect(preedit.caret == 2)
        #expect(preedit.caretInCharacters == 1, "e and its combining accent are one character")
    }
}
