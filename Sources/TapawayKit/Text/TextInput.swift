/// The kind of keypad a text input wants, as `UIKeyboardType`.
public enum KeyboardType: String, Sendable, CaseIterable {
    /// Letters, with a numbers-and-punctuation layer and a symbols layer.
    case `default`
    /// Digits only, in a telephone-style pad.
    case numberPad
    /// Letters with `@` and `.` at hand.
    case emailAddress
    /// Letters with `.`, `/` and `.com` at hand, and no space bar.
    case url
}

/// The label of the keypad's return key, as `UIReturnKeyType`.
public enum ReturnKeyType: String, Sendable, CaseIterable {
    /// `.default`: the key reads "return".
    case `default`
    /// `.done`: the key reads "done".
    case done
    /// `.next`: the key reads "next".
    case next
    /// `.go`: the key reads "go".
    case go
    /// `.search`: the key reads "search".
    case search
    /// `.send`: the key reads "send".
    case send

    /// The return key's label for this type, as the keypad draws it.
    public var title: String {
        switch self {
        case .default: return "return"
        case .done: return "done"
        case .next: return "next"
        case .go: return "go"
        case .search: return "search"
        case .send: return "send"
        }
    }

    /// Whether the key is drawn in the accent colour, as iOS draws the keys that finish
    /// something (done, go, search, send); return and next stay grey.
    public var isProminent: Bool {
        switch self {
        case .default, .next: return false
        case .done, .go, .search, .send: return true
        }
    }
}

/// Told when a text input's text or selection changes, as `UITextInputDelegate`: the keypad
/// uses it to turn auto-capitalisation on and off.
@MainActor
public protocol TextInputDelegate: AnyObject {
    /// The input's text, caret or selection changed.
    func textInputDidChange(_ input: any TextInput)
}

/// A responder that takes text from the keypad and the keyboard, as `UIKeyInput` with a few of
/// `UITextInputTraits`.
///
/// The keypad shows while one of these is first responder.
@MainActor
public protocol TextInput: Responder {
    /// The keypad to show.
    var keyboardType: KeyboardType { get }
    /// The return key's label.
    var returnKeyType: ReturnKeyType { get }
    /// When the keypad turns shift on by itself.
    var autocapitalizationType: AutocapitalizationType { get }
    /// Whether there is any text.
    var hasText: Bool { get }
    /// Some text before the caret (or the selection), enough to decide auto-capitalisation.
    var contextBeforeInput: Substring { get }
    /// Told about changes of text and selection; the keypad sets it while the input is focused.
    var inputDelegate: TextInputDelegate? { get set }
    /// Inserts text at the caret, replacing the selection.
    func insertText(_ text: String)
    /// Deletes the selection or the character before the caret.
    func deleteBackward()
    /// Deletes the selection or the word before the caret (a long-held backspace).
    func deleteWordBackward()
    /// The return key: a newline in multi-line inputs, end-on-exit in single-line ones.
    func insertReturn()
    /// Shows an input method's pre-edit (`UITextInput.setMarkedText`): `text` at the caret in
    /// place of the previous pre-edit (or of the selection), underlined and out of the undo
    /// history, with the caret `selectedOffset` characters into it; an empty text removes it.
    /// The input method commits with `insertText`, which replaces the pre-edit.
    func setMarkedText(_ text: String, selectedOffset: Int)
    /// Takes an unfinished pre-edit away (`UITextInput.unmarkText` when nothing is committed).
    func unmarkText()
    /// The characters the pre-edit holds, nil when there is none.
    var markedTextRange: Range<Int>? { get }
    /// Where the caret is, in screen coordinates, for an input method's candidate window; nil
    /// when the input is not on screen.
    var caretRectInScreen: Rect? { get }
}

extension TextInput {
    /// No auto-capitalisation unless the input says otherwise.
    public var autocapitalizationType: AutocapitalizationType { .none }
    /// No context unless the input gives one.
    public var contextBeforeInput: Substring { "" }
    /// An input that keeps no delegate.
    public var inputDelegate: TextInputDelegate? {
        get { nil }
        set {}
    }
    /// Deletes one character when the input has no notion of words.
    public func deleteWordBackward() { deleteBackward() }
    /// An input without pre-edit ignores it (the input method's commit still arrives).
    public func setMarkedText(_ text: String, selectedOffset: Int) {}
    /// Nothing to take away.
    public func unmarkText() {}
    /// No pre-edit: inputs without an input method have no marked text.
    public var markedTextRange: Range<Int>? { nil }
    /// No caret to point at.
    public var caretRectInScreen: Rect? { nil }
}
