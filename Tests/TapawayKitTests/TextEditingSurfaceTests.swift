import TapawayHeadless
import TapawayKit
import TapawayTestSupport
import Testing

/// A keypad stand-in that counts what it is told.
@MainActor
private final class CountingDelegate: TextInputDelegate {
    var changes = 0
    func textInputDidChange(_ input: any TextInput) { changes += 1 }
}

/// The members `TextEditing` gives a field and a text view, written once for both: reached
/// through the keypad's `any TextInput` (which has do-nothing defaults of its own that must not
/// win) and through `any TextEditing`, they behave as `TextInput` documents them, in both inputs.
@MainActor
@Suite("The shared text-editing surface")
struct TextEditingSurfaceTests {
    /// A field and a text view on one screen, each with `text`.
    private func inputs(text: String) -> (HeadlessPlatform, [any TextEditing]) {
        let (p, field, view) = HeadlessPlatform.withFieldAndTextView()
        field.text = text
        view.text = text
        return (p, [field, view])
    }

    @Test("through any TextInput, a long-held backspace deletes the word before the caret, not one character")
    func deleteWordThroughTextInput() {
        let (_, editors) = inputs(text: "hello brave world")
        for editor in editors {
            let input: any TextInput = editor
            // TextInput: "Deletes the selection or the word before the caret (a long-held backspace)."
            input.deleteWordBackward()
            #expect(editor.text == "hello brave ", "\(type(of: editor))")
        }
    }

    @Test("through any TextInput, the keypad's delegate is kept and told of edits")
    func delegateThroughTextInput() {
        let (_, editors) = inputs(text: "")
        for editor in editors {
            let input: any TextInput = editor
            let delegate = CountingDelegate()
            // TextInput: "Told about changes of text and selection; the keypad sets it while the input
            // is focused."
            input.inputDelegate = delegate
            #expect(input.inputDelegate === delegate, "\(type(of: editor))")
            input.insertText("a")
            #expect(delegate.changes == 1, "\(type(of: editor))")
        }
    }

    @Test("through any TextInput, the traits, the context and the pre-edit are the input's own")
    func traitsThroughTextInput() {
        let (_, editors) = inputs(text: "One. two")
        for editor in editors {
            editor.keyboardType = .emailAddress
            editor.returnKeyType = .send
            editor.autocapitalizationType = .sentences
            let input: any TextInput = editor
            #expect(input.keyboardType == .emailAddress, "\(type(of: editor))")
            #expect(input.returnKeyType == .send, "\(type(of: editor))")
            #expect(input.autocapitalizationType == .sentences, "\(type(of: editor))")
            #expect(input.hasText, "\(type(of: editor))")
            // TextInput: "Some text before the caret (or the selection)"; setting the text put the
            // caret at its end.
            #expect(input.contextBeforeInput == "One. two", "\(type(of: editor))")
            // TextInput: "an empty text removes it".
            input.setMarkedText("ka", selectedOffset: 2)
            #expect(input.markedTextRange == 8..<10, "\(type(of: editor))")
            input.unmarkText()
            #expect(input.markedTextRange == nil && editor.text == "One. two", "\(type(of: editor))")
        }
    }

    @Test("through any TextEditing, select, cut, paste, undo and redo work in both inputs")
    func editActionsThroughTextEditing() {
        let (p, editors) = inputs(text: "abc def")
        for editor in editors {
            editor.becomeFirstResponder()
            editor.select(4..<7)
            #expect(editor.selectedText == "def" && editor.selectedRange == 4..<7, "\(type(of: editor))")
            editor.cut()
            #expect(editor.text == "abc " && p.application.clipboard.text == "def", "\(type(of: editor))")
            #expect(editor.canUndo && !editor.canRedo, "\(type(of: editor))")
            editor.undo()
            #expect(editor.text == "abc def" && editor.canRedo, "\(type(of: editor))")
            editor.redo()
            editor.selectAll()
            editor.paste()
            #expect(editor.text == "def" && editor.caretOffset == 3, "\(type(of: editor))")
        }
    }
}
