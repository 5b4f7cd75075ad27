/// A string with a caret and a selection, edited by grapheme cluster (Swift `Character`s):
/// an emoji with modifiers or a letter with combining marks is one step and one deletion.
public struct EditableText: Sendable, Equatable {
    /// The text.
    public private(set) var text: String
    /// The fixed end of the selection.
    public private(set) var anchor: Int
    /// The moving end of the selection: where the caret is.
    public private(set) var caret: Int

    /// Creates text with the caret at the end.
    public init(_ text: String = "") {
        self.text = text
        anchor = text.count
        caret = anchor
    }

    /// The selection as character offsets; empty means a caret.
    public var selection: Range<Int> { min(anchor, caret)..<max(anchor, caret) }

    /// The number of characters.
    public var count: Int { text.count }

    /// The string index of a character offset.
    public func index(at offset: Int) -> String.Index {
        text.index(text.startIndex, offsetBy: min(max(offset, 0), text.count))
    }

    /// The character offset of a string index.
    public func offset(of index: String.Index) -> Int { text.distance(from: text.startIndex, to: index) }

    /// Places the caret at `offset`, clearing the selection.
    public mutating func moveCaret(to offset: Int) {
        let o = min(max(offset, 0), count)
        anchor = o
        caret = o
    }

    /// Moves the caret to `offset` keeping the anchor, so the selection grows or shrinks.
    public mutating func extendSelection(to offset: Int) {
        caret = min(max(offset, 0), count)
    }

    /// Selects a range of character offsets.
    public mutating func select(_ range: Range<Int>) {
        let lo = min(max(range.lowerBound, 0), count), hi = min(max(range.upperBound, lo), count)
        anchor = lo
        caret = hi
    }

    /// Replaces the selection with `string` and puts the caret after it.
    public mutating func insert(_ string: String) {
        let lower = index(at: selection.lowerBound), upper = index(at: selection.upperBound)
        let suffix = text[upper...]
        let suffixCount = suffix.count
        text = String(text[..<lower]) + string + suffix
        // A combining mark can merge with its neighbour into one character: count from the end.
        caret = max(0, text.count - suffixCount)
        anchor = caret
    }

    /// Deletes the selection, or the character before the caret. Returns whether anything changed.
    @discardableResult
    public mutating func deleteBackward() -> Bool {
        if !selection.isEmpty {
            insert("")
            return true
        }
        guard caret > 0 else { return false }
        select((caret - 1)..<caret)
        insert("")
        return true
    }

    /// Deletes the selection, or the character after the caret. Returns whether anything changed.
    @discardableResult
    public mutating func deleteForward() -> Bool {
        if !selection.isEmpty {
            insert("")
            return true
        }
        guard caret < count else { return false }
        select(caret..<(caret + 1))
        insert("")
        return true
    }

    /// Replaces all the text and puts the caret at the end.
    public mutating func setText(_ string: String) {
        text = string
        anchor = text.count
        caret = anchor
    }
}
