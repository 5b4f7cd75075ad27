/// The kind of keypad a text input wants, as `UIKeyboardType`.
public enum KeyboardType: String, Sendable {
    /// Letters, with a numbers-and-punctuation layer.
    case `default`
    /// Digits only.
    case numberPad
    /// Letters with `@` and `.` at hand.
    case emailAddress
}

/// The label of the keypad's return key, as `UIReturnKeyType`.
public enum ReturnKeyType: String, Sendable {
    /// "return".
    case `default`
    /// "done".
    case done
    /// "next".
    case next
    /// "go".
    case go
    /// "search".
    case search
    /// "send".
    case send

    /// The key's label.
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
}

/// A responder that takes text from the keypad and the keyboard, as `UIKeyInput`.
/// The keypad shows while one of these is first responder.
@MainActor
public protocol TextInput: Responder {
    /// The keypad to show.
    var keyboardType: KeyboardType { get }
    /// The return key's label.
    var returnKeyType: ReturnKeyType { get }
    /// Whether there is any text.
    var hasText: Bool { get }
    /// Inserts text at the caret, replacing the selection.
    func insertText(_ text: String)
    /// Deletes the selection or the character before the caret.
    func deleteBackward()
    /// The return key: a newline in multi-line inputs, end-on-exit in single-line ones.
    func insertReturn()
}
