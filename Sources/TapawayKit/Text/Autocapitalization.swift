/// When the keypad turns shift on by itself, as `UITextAutocapitalizationType`.
public enum AutocapitalizationType: String, Sendable, CaseIterable {
    /// Never: letters are lower case unless shift is used.
    case none
    /// At the start of every word.
    case words
    /// At the start of every sentence: at the start of the text, after a line break, and after
    /// `.`, `!` or `?` followed by a space.
    case sentences
    /// Every letter typed is a capital.
    case allCharacters

    /// Whether the next letter typed after `context` (the text before the caret) starts with a
    /// capital.
    public func capitalizesNextLetter(after context: Substring) -> Bool {
        switch self {
        case .none:
            return false
        case .allCharacters:
            return true
        case .words:
            guard let last = context.last else { return true }
            return last.isWhitespace
        case .sentences:
            return Self.startsSentence(after: context)
        }
    }

    private static func startsSentence(after context: Substring) -> Bool {
        var i = context.endIndex
        var sawSpace = false
        while i > context.startIndex {
            let previous = context.index(before: i)
            let c = context[previous]
            if c.isNewline { return true }
            guard c.isWhitespace else { break }
            sawSpace = true
            i = previous
        }
        if i == context.startIndex { return true }
        guard sawSpace else { return false }
        // Skip closing quotes and brackets: `He said "Stop." Then` starts a sentence.
        while i > context.startIndex {
            let previous = context.index(before: i)
            let c = context[previous]
            if "\"'’”)]»".contains(c) { i = previous; continue }
            return c == "." || c == "!" || c == "?" || c == "…"
        }
        return false
    }
}
