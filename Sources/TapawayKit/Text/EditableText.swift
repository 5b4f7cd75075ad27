/// A string with a caret and a selection, edited by grapheme cluster (Swift `Character`s):
/// an emoji with modifiers, a flag or a letter with combining marks is one step and one deletion.
///
/// Offsets count characters from the start of the text. The selection has a fixed end, the
/// `anchor`, and a moving end, the `caret`, so Shift+arrows grow and shrink it from the end
/// that moves.
public struct EditableText: Sendable, Equatable {
    /// One replacement of bytes: enough for an undo step, or for a layout to find what changed,
    /// without a copy of the text before it.
    public struct Edit: Sendable, Equatable {
        /// Where the replaced bytes began (UTF-8 offset, the same before and after).
        public var start: Int
        /// The bytes taken away.
        public var removed: [UInt8]
        /// How many bytes were put in their place.
        public var inserted: Int
        /// Where the replaced bytes ended before the edit.
        public var oldEnd: Int { start + removed.count }
        /// Where the bytes put in end after the edit.
        public var newEnd: Int { start + inserted }
    }

    /// The text, changed only through the edits below so the selection stays valid.
    public private(set) var text: String
    /// The fixed end of the selection.
    public private(set) var anchor: Int
    /// The moving end of the selection: where the caret is.
    public private(set) var caret: Int
    /// The number of characters (kept up to date by every edit, so reading it is free).
    public private(set) var count: Int
    /// A known character offset and its index (the caret's, after an edit), so finding the
    /// index of an offset near it walks a few characters rather than half the text.
    private var landmark: (offset: Int, index: String.Index)?
    /// What the last `insert` (or `replaceBytes`) did; nil after `setText`.
    public private(set) var lastEdit: Edit?
    /// How many times the text has been changed (`insert`, `setText`): a copy taken before one
    /// more change can learn from `lastEdit` what changed, without comparing the texts.
    public private(set) var editCount = 0
    /// The most UTF-8 bytes the text's storage has held since it was last made to fit: a lower
    /// bound of its capacity, which Swift never lowers by itself (deleting text keeps the buffer).
    private var storagePeak = 0
    /// Whether the text is a secret (a password): storage that `fitStorage` leaves is zeroed
    /// before it goes back to the allocator, as `wipe` zeroes the text.
    public var isSecret = false

    /// Creates text with the caret at the end.
    public init(_ text: String = "") {
        self.text = text
        count = text.count
        anchor = count
        caret = count
        storagePeak = text.utf8.count
    }

    /// The selection as character offsets; empty means a caret.
    public var selection: Range<Int> { min(anchor, caret)..<max(anchor, caret) }

    /// The selected text (empty for a caret).
    public var selectedText: Substring { text[index(at: selection.lowerBound)..<index(at: selection.upperBound)] }

    /// The string index of a character offset (clamped to the text), walked to from the nearer
    /// end: typing at the end of a long text costs no more than in a short one.
    public func index(at offset: Int) -> String.Index {
        let o = clamp(offset)
        if let landmark, abs(o - landmark.offset) < min(o, count - o) {
            return text.index(landmark.index, offsetBy: o - landmark.offset)
        }
        return o <= count / 2 ? text.index(text.startIndex, offsetBy: o) : text.index(text.endIndex, offsetBy: o - count)
    }

    /// The character offset of a string index, counted from the landmark when it is nearer than
    /// the start (a click near the caret in a long text walks a few characters, not half of it).
    public func offset(of index: String.Index) -> Int {
        if let landmark {
            let bytes = text.utf8.distance(from: landmark.index, to: index)
            if abs(bytes) < text.utf8.distance(from: text.startIndex, to: index) {
                return landmark.offset + text.distance(from: landmark.index, to: index)
            }
        }
        return text.distance(from: text.startIndex, to: index)
    }

    // MARK: Caret and selection

    /// Places the caret at `offset`, clearing the selection.
    public mutating func moveCaret(to offset: Int) {
        let o = clamp(offset)
        anchor = o
        caret = o
    }

    /// Moves the caret to `offset` keeping the anchor, so the selection grows or shrinks.
    public mutating func extendSelection(to offset: Int) {
        caret = clamp(offset)
    }

    /// Selects a range of character offsets, the caret at its upper end.
    public mutating func select(_ range: Range<Int>) {
        let lo = clamp(range.lowerBound), hi = max(lo, clamp(range.upperBound))
        anchor = lo
        caret = hi
    }

    /// Sets both ends of the selection; the caret may sit before the anchor.
    public mutating func setSelection(anchor: Int, caret: Int) {
        self.anchor = clamp(anchor)
        self.caret = clamp(caret)
    }

    /// Selects the whole text.
    public mutating func selectAll() { select(0..<count) }

    private func clamp(_ offset: Int) -> Int { min(max(offset, 0), count) }

    /// Equal when the text and the selection are (the landmark is only a cache).
    public static func == (a: EditableText, b: EditableText) -> Bool {
        a.text == b.text && a.anchor == b.anchor && a.caret == b.caret
    }

    // MARK: Editing

    /// Replaces the selection with `string` and puts the caret after it.
    ///
    /// The text changes in place: when nothing else holds it, an edit moves the bytes after it
    /// rather than copying the whole text, and nothing but the characters near the edit is counted.
    public mutating func insert(_ string: String) {
        let lower = index(at: selection.lowerBound), upper = index(at: selection.upperBound)
        let suffixCount = count - selection.upperBound
        replace(lower..<upper, with: string)
        // A combining mark can merge with its neighbour into one character: count from the end.
        caret = max(0, count - suffixCount)
        anchor = caret
        // Where the suffix starts is the caret's index unless the insertion merged with it.
        let suffixStart = text.utf8.index(text.startIndex, offsetBy: lastEdit!.newEnd)
        let aligned = suffixStart == text.endIndex ? suffixStart : text.index(before: text.index(after: suffixStart))
        landmark = aligned == suffixStart ? (caret, suffixStart) : nil
    }

    /// Replaces the bytes `range` (UTF-8 offsets on scalar boundaries, as an undo step keeps
    /// them) with `bytes`, and selects `selection` (anchor, caret) afterwards.
    public mutating func replaceBytes(_ range: Range<Int>, with bytes: [UInt8], selecting selection: (anchor: Int, caret: Int)) {
        let utf8 = text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: min(range.lowerBound, utf8.count))
        let upper = utf8.index(lower, offsetBy: min(range.count, utf8.count - range.lowerBound))
        replace(lower..<upper, with: String(decoding: bytes, as: UTF8.self))
        landmark = nil
        setSelection(anchor: selection.anchor, caret: selection.caret)
    }

    /// The replacement both edits make: records `lastEdit` and keeps `count` by counting only
    /// the characters near the joins.
    private mutating func replace(_ range: Range<String.Index>, with string: String) {
        let (lower, upper) = (range.lowerBound, range.upperBound)
        // Characters can merge only near the joins (a combining mark with its base, flags, emoji
        // sequences): count afresh from a few characters before the insertion to a few after.
        let window = 8
        let before = text.index(lower, offsetBy: -window, limitedBy: text.startIndex) ?? text.startIndex
        let after = text.index(upper, offsetBy: window, limitedBy: text.endIndex) ?? text.endIndex
        let charactersBefore = text.distance(from: before, to: after)
        let bytesBefore = text.utf8.distance(from: text.startIndex, to: before)
        let bytesAfter = text.utf8.distance(from: after, to: text.endIndex)
        let lowerBytes = text.utf8.distance(from: text.startIndex, to: lower)
        lastEdit = Edit(start: lowerBytes, removed: Array(text.utf8[lower..<upper]), inserted: string.utf8.count)
        editCount += 1
        if isSecret, string.isEmpty, lower == text.startIndex, upper == text.endIndex {
            // A secret emptied: its bytes are zeroed where they are, not left in the storage
            // that the emptied text gives back (`lastEdit` holds the one copy an undo step needs).
            zeroStorage()
        }
        text.replaceSubrange(lower..<upper, with: string)
        let start = text.utf8.index(text.startIndex, offsetBy: bytesBefore)
        let end = text.utf8.index(text.endIndex, offsetBy: -bytesAfter)
        count += text[start..<end].count - charactersBefore
        let bytes = text.utf8.count
        storagePeak = max(storagePeak, bytes)
        if bytes == 0 || storagePeak - bytes > max(bytes, Self.spareBytesKeptWhileEditing) { fitStorage() }
    }

    /// The spare bytes an edit may leave in the text's storage before it is made to fit: below
    /// half the text's length, or this many, typing and deleting never copy the text.
    public static let spareBytesKeptWhileEditing = 4096

    /// Gives back the storage's spare capacity: the text is copied into a buffer of its own size when
    /// it holds fewer bytes than it once did.
    ///
    /// Swift keeps a string's largest buffer through deletions, so each input would otherwise keep the
    /// longest text it ever held (a cleared paste, all of it) for the rest of the session (issue 21's
    /// memory creep).
    ///
    /// An edit calls it when the text is emptied (nothing to copy) and when the spare bytes pass
    /// both the text's length and `spareBytesKeptWhileEditing`, so deleting a long text copies it
    /// a few times in all, not at every keystroke; `editingEnded()` calls it too.
    public mutating func fitStorage() {
        let bytes = text.utf8.count
        guard storagePeak > bytes else { return }
        storagePeak = bytes
        // Indices into the old storage stay valid in the copy (same bytes), but drop the landmark
        // anyway: it is a cache.
        landmark = nil
        let fitted = String(unsafeUninitializedCapacity: bytes) { buffer in
            text.utf8.withContiguousStorageIfAvailable { buffer.initialize(fromContentsOf: $0) }
                ?? buffer.initialize(fromContentsOf: text.utf8)
        }
        if isSecret, !text.isEmpty {
            text.withUTF8 { Wipe.zero(UnsafeMutableRawBufferPointer(mutating: UnsafeRawBufferPointer($0))) }
        }
        text = fitted
    }

    /// Replaces the characters in `range` with `string`, the caret after it.
    public mutating func replace(_ range: Range<Int>, with string: String) {
        select(range)
        insert(string)
    }

    /// Deletes the selection, or the character before the caret.
    ///
    /// Returns whether anything changed.
    @discardableResult
    public mutating func deleteBackward() -> Bool {
        if !selection.isEmpty {
            insert("")
            return true
        }
        guard caret > 0 else { return false }
        replace((caret - 1)..<caret, with: "")
        return true
    }

    /// Deletes the selection, or the character after the caret.
    ///
    /// Returns whether anything changed.
    @discardableResult
    public mutating func deleteForward() -> Bool {
        if !selection.isEmpty {
            insert("")
            return true
        }
        guard caret < count else { return false }
        replace(caret..<(caret + 1), with: "")
        return true
    }

    /// Deletes the selection, or back to the start of the word before the caret.
    @discardableResult
    public mutating func deleteWordBackward() -> Bool {
        if !selection.isEmpty { return deleteBackward() }
        let start = wordStart(before: caret)
        guard start < caret else { return false }
        replace(start..<caret, with: "")
        return true
    }

    /// Deletes the selection, or up to the end of the word after the caret.
    @discardableResult
    public mutating func deleteWordForward() -> Bool {
        if !selection.isEmpty { return deleteForward() }
        let end = wordEnd(after: caret)
        guard end > caret else { return false }
        replace(caret..<end, with: "")
        return true
    }

    /// Empties the text after overwriting its bytes with zeros, for a password: what it held does not
    /// stay behind in freed memory.
    ///
    /// Copies of the text taken earlier are zeroed too when they share its storage, so use it only for
    /// text nobody else should read.
    public mutating func wipe() {
        zeroStorage()
        setText("")
        lastEdit = nil
    }

    /// Zeroes the text's bytes where they are (a long text's storage; a short one lives inline
    /// and is overwritten by the next assignment).
    private mutating func zeroStorage() {
        guard !text.isEmpty else { return }
        text.withUTF8 { Wipe.zero(UnsafeMutableRawBufferPointer(mutating: UnsafeRawBufferPointer($0))) }
    }

    /// Forgets `lastEdit` after zeroing the bytes it removed: for a secret emptied, which then
    /// keeps no copy of what it held.
    public mutating func forgetLastEdit() {
        lastEdit?.removed.withUnsafeMutableBytes { Wipe.zero($0) }
        lastEdit = nil
    }

    /// Keeps only what the text needs once its input is no longer edited: the storage made to fit
    /// (`fitStorage()`), and `lastEdit` forgotten with the bytes it removed (clearing a long text keeps
    /// all of it there until the next edit).
    ///
    /// An observer that next sees the text without an edit in between reads it whole, as after
    /// `setText`.
    public mutating func editingEnded() {
        lastEdit = nil
        fitStorage()
    }

    /// Replaces all the text and puts the caret at the end.
    public mutating func setText(_ string: String) {
        lastEdit = nil
        editCount += 1
        text = string
        count = text.count
        storagePeak = text.utf8.count
        landmark = nil
        anchor = count
        caret = count
    }
}

// MARK: - Words and lines

extension EditableText {
    /// What a character is, for word movement and double-click selection.
    enum CharacterClass: Equatable {
        case word, space, newline, punctuation
    }

    static func characterClass(_ c: Character) -> CharacterClass {
        if c.isNewline { return .newline }
        if c.isWhitespace { return .space }
        if c.isLetter || c.isNumber || c == "_" { return .word }
        return .punctuation
    }

    /// Whether the character at `index` belongs to a word: letters, digits and underscores, and
    /// an apostrophe between two of those ("don't" is one word).
    private func isWordCharacter(at index: String.Index) -> Bool {
        let c = text[index]
        if Self.characterClass(c) == .word { return true }
        guard c == "'" || c == "\u{2019}", index > text.startIndex else { return false }
        let after = text.index(after: index)
        guard after < text.endIndex else { return false }
        return Self.characterClass(text[text.index(before: index)]) == .word
            && Self.characterClass(text[after]) == .word
    }

    /// The start of the word before `offset` (Ctrl+Left): skips what is not a word, then the word.
    public func wordStart(before offset: Int) -> Int {
        var i = index(at: offset), o = clamp(offset)
        while i > text.startIndex {
            let previous = text.index(before: i)
            if isWordCharacter(at: previous) { break }
            i = previous; o -= 1
        }
        while i > text.startIndex {
            let previous = text.index(before: i)
            if !isWordCharacter(at: previous) { break }
            i = previous; o -= 1
        }
        return o
    }

    /// The end of the word after `offset` (Ctrl+Right): skips what is not a word, then the word.
    public func wordEnd(after offset: Int) -> Int {
        var i = index(at: offset), o = clamp(offset)
        while i < text.endIndex, !isWordCharacter(at: i) { i = text.index(after: i); o += 1 }
        while i < text.endIndex, isWordCharacter(at: i) { i = text.index(after: i); o += 1 }
        return o
    }

    /// The word, run of spaces or punctuation mark at `offset`, for a double click.
    ///
    /// At the end of a word (or of the text) it is the character before.
    public func wordRange(at offset: Int) -> Range<Int> {
        guard count > 0 else { return 0..<0 }
        var o = clamp(offset)
        var i = index(at: o)
        // Prefer the word the offset touches: at its end, or at the end of the text, look left.
        if i == text.endIndex
            || (!isWordCharacter(at: i) && i > text.startIndex
                && isWordCharacter(at: text.index(before: i)))
        {
            i = text.index(before: i); o -= 1
        }
        let c = text[i]
        if isWordCharacter(at: i) {
            return wordStart(before: o + 1)..<wordEnd(after: o)
        }
        let kind = Self.characterClass(c)
        guard kind == .space else { return o..<(o + 1) }
        var lo = i, hi = text.index(after: i), start = o, end = o + 1
        while lo > text.startIndex, Self.characterClass(text[text.index(before: lo)]) == .space {
            lo = text.index(before: lo); start -= 1
        }
        while hi < text.endIndex, Self.characterClass(text[hi]) == .space { hi = text.index(after: hi); end += 1 }
        return start..<end
    }

    /// The paragraph (the text between two newlines, without them) at `offset`, for a triple click.
    public func paragraphRange(at offset: Int) -> Range<Int> {
        var lo = index(at: offset), hi = lo, start = clamp(offset), end = start
        while lo > text.startIndex, !text[text.index(before: lo)].isNewline { lo = text.index(before: lo); start -= 1 }
        while hi < text.endIndex, !text[hi].isNewline { hi = text.index(after: hi); end += 1 }
        return start..<end
    }

    /// Up to `limit` characters before the selection, for the keypad's auto-capitalisation.
    public func context(beforeSelection limit: Int) -> Substring {
        let end = index(at: selection.lowerBound)
        let start = text.index(end, offsetBy: -limit, limitedBy: text.startIndex) ?? text.startIndex
        return text[start..<end]
    }
}
