/// The text-editing surface that `TextField` and `TextView` share, written once, as `UITextField`
/// and `UITextView` share `UITextInput` and `UITextInputTraits`: the text and its selection, the
/// keypad's traits, the font size, the edit actions and the input method's pre-edit.
///
/// Each input keeps only what differs in itself (one line or many, scrolling, the return key, the
/// placeholder's place, the caret's rectangle). Only the Kit's inputs conform: the
/// `TextEditingState` they hold is made by the Kit alone.
@MainActor
public protocol TextEditing: View, TextInput {
    /// The text, selection, undo history and settings this input edits, which the members
    /// `TextEditing` gives it read and change.
    var editingState: TextEditingState { get }
}

extension TextEditing {
    // MARK: The text

    /// The characters the input holds (a secure field's real text, not its bullets).
    ///
    /// Setting it from code moves the caret to the end and forgets the undo history.
    public var text: String {
        get { editingState.editable.text }
        set { editingState.host.replaceText(with: newValue) }
    }
    /// The text with its caret, selection, change count and last edit: an observer of
    /// `textFieldDidChange` or `textViewDidChange` reads `lastEdit` and `editCount` here to learn
    /// what changed without comparing (or keeping) whole texts.
    public var editableText: EditableText { editingState.editable }
    /// The text shown in grey while the input is empty.
    public var placeholder: String {
        get { editingState.placeholder }
        set {
            editingState.placeholder = newValue
            setNeedsDisplay()
        }
    }
    /// The size of the text's font in pixels, 17 unless set.
    public var fontSize: Double {
        get { editingState.fontSize }
        set {
            editingState.fontSize = newValue
            editingState.host.fontSizeDidChange()
            setNeedsDisplay()
        }
    }
    /// Whether the input holds any characters at all.
    public var hasText: Bool { editingState.editable.utf8Count > 0 }

    // MARK: Keypad traits

    /// The keypad the input asks for while it is focused, `.default` unless set.
    public var keyboardType: KeyboardType {
        get { editingState.keyboardType }
        set { editingState.keyboardType = newValue }
    }
    /// The label of the keypad's return key, "return" (`.default`) unless set.
    public var returnKeyType: ReturnKeyType {
        get { editingState.returnKeyType }
        set { editingState.returnKeyType = newValue }
    }
    /// When the keypad turns shift on by itself; `.none` unless set.
    ///
    /// Setting it tells the keypad at once, so a focused input's shift follows.
    public var autocapitalizationType: AutocapitalizationType {
        get { editingState.autocapitalizationType }
        set {
            editingState.autocapitalizationType = newValue
            inputDelegate?.textInputDidChange(self)
        }
    }
    /// The keypad, which sets itself here while the input is focused to hear of its changes
    /// (held weakly).
    public var inputDelegate: TextInputDelegate? {
        get { editingState.inputDelegate }
        set { editingState.inputDelegate = newValue }
    }
    /// Up to 64 characters before the caret (or the selection), from which the keypad decides
    /// auto-capitalisation.
    public var contextBeforeInput: Substring { editingState.editable.context(beforeSelection: 64) }

    // MARK: Caret and selection

    /// Where the caret is, in characters from the start of the text.
    public var caretOffset: Int { editingState.editable.caret }
    /// The selected characters, an empty range at the caret when nothing is selected.
    public var selectedRange: Range<Int> { editingState.editable.selection }
    /// The characters of the selection, empty when the selection is a caret.
    public var selectedText: String { String(editingState.editable.selectedText) }
    /// Selects a range of characters and offers them to other programs as the primary selection.
    public func select(_ range: Range<Int>) { editingState.host.selectRange(range) }
    /// Selects the whole text, as Control+A does.
    public func selectAll() { editingState.host.selectAllText() }

    // MARK: Typing

    /// Inserts text at the caret, replacing the selection, sanitised (a single-line field turns
    /// line breaks into spaces).
    public func insertText(_ string: String) { editingState.host.typeText(string) }
    /// Deletes the selection, or the character before the caret, as Backspace does.
    public func deleteBackward() { editingState.host.deleteBackwardEdit() }
    /// Deletes the selection, or the word before the caret (the one character before it in a
    /// secure field), as a long-held Backspace does.
    public func deleteWordBackward() { editingState.host.deleteWordBackwardEdit() }

    // MARK: Pre-edit

    /// Shows an input method's pre-edit at the caret, underlined (see `TextInput`); a secure field
    /// takes none.
    public func setMarkedText(_ text: String, selectedOffset: Int) {
        editingState.host.setMarkedTextEdit(text, caret: selectedOffset)
    }
    /// Takes an unfinished pre-edit out of the text, committing none of it.
    public func unmarkText() {
        let host = editingState.host
        if host.removeMarkedText() { host.textDidChange() }
    }
    /// The characters the pre-edit holds, nil when there is none.
    public var markedTextRange: Range<Int>? { editingState.markedRange }

    // MARK: Clipboard and undo

    /// Copies the selected text to the clipboard, leaving the text as it is (never from a secure
    /// field).
    public func copy() { editingState.host.copySelection() }
    /// Cuts the selection to the clipboard, as one step of undo (never from a secure field).
    public func cut() { editingState.host.cutSelection() }
    /// Pastes the clipboard's text, sanitised, over the selection as one step of undo, if the input
    /// is being edited when the text comes (a single-line field keeps `TextField.pasteLimit`
    /// characters of it).
    public func paste() { editingState.host.pasteClipboard() }
    /// Whether Ctrl+Z has something to take back.
    public var canUndo: Bool { editingState.history.canUndo }
    /// Whether Ctrl+Shift+Z has something to do again.
    public var canRedo: Bool { editingState.history.canRedo }
    /// Takes back the last edit (a run of typing is one edit).
    public func undo() { editingState.host.undoEdit() }
    /// Does the last undone edit again.
    public func redo() { editingState.host.redoEdit() }
}
