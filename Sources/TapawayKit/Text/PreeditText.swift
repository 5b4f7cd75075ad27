/// The pre-edit an input method draws in changes, as X's input methods do through XIM's on-the-spot
/// callbacks: each change replaces a run of characters (`chg_first`, `chg_length`, counted in the
/// locale's characters: Unicode scalars in a UTF-8 locale) with new text and puts the caret somewhere
/// in it.
///
/// The platform keeps one and hands its text and caret to `Application.handlePreedit`.
public struct PreeditText: Equatable, Sendable {
    /// Creates an empty pre-edit, as before the input method composes anything.
    public init() {}

    /// The pre-edit's characters as the input method counts them.
    public private(set) var scalars: [Unicode.Scalar] = []
    /// The caret, in the input method's characters.
    public private(set) var caret = 0

    /// The text the input method is composing, not yet committed.
    public var text: String { String(String.UnicodeScalarView(scalars)) }

    /// The caret in the Kit's characters (grapheme clusters), as `setMarkedText` counts it.
    public var caretInCharacters: Int { String(String.UnicodeScalarView(scalars[..<min(caret, scalars.count)])).count }

    /// A pre-edit starts: empty.
    public mutating func start() {
        scalars = []
        caret = 0
    }

    /// The pre-edit is done (committed or given up): empty.
    public mutating func finish() { start() }

    /// Replaces `length` characters from `first` with `text` (none: a deletion), then puts the
    /// caret at `caret`; positions out of range are brought into it.
    public mutating func draw(caret: Int, first: Int, length: Int, text: String?) {
        let lower = min(max(0, first), scalars.count)
        let upper = min(max(lower, first + max(0, length)), scalars.count)
        scalars.replaceSubrange(lower..<upper, with: Array(text?.unicodeScalars ?? "".unicodeScalars))
        moveCaret(to: caret)
    }

    /// Puts the caret at `position`, within the pre-edit.
    public mutating func moveCaret(to position: Int) {
        caret = min(max(0, position), scalars.count)
    }
}
