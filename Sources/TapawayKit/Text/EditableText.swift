import Synchronization

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

    /// The text's bytes, with a gap where the last edit was (see `TextBuffer`): an edit moves the
    /// bytes between the gap and the edit, not every byte after the edit.
    private var buffer: TextBuffer
    /// The whole text as a string, made when first read after an edit and kept until the next.
    private var whole = WholeText()
    /// The text, changed only through the edits below so the selection stays valid.
    ///
    /// It is made from the buffer's bytes the first time it is read after an edit (linear in the
    /// text's length) and kept until the next edit: an editor's hot paths read slices instead
    /// (`string(bytes:)`, `byteOffset(at:)`).
    public var text: String {
        whole.string {
            wholeReads.increment()
            return buffer.string(0..<buffer.count)
        }
    }
    /// How many times the whole text has been made from the buffer (`text` read after an edit),
    /// shared by the copies of this text: a test that a keystroke reads only slices counts them.
    package var wholeTextReads: Int { wholeReads.count }
    private var wholeReads = Counter()
    /// The fixed end of the selection.
    public private(set) var anchor: Int
    /// The moving end of the selection: where the caret is.
    public private(set) var caret: Int
    /// The number of characters (kept up to date by every edit, so reading it is free).
    public private(set) var count: Int
    /// A known character offset and its byte offset (the caret's, after an edit or a move), so
    /// finding the bytes of an offset near it walks a few characters rather than half the text.
    private var landmark: (offset: Int, byte: Int)?
    /// What the last `insert` (or `replaceBytes`) did; nil after `setText`.
    public private(set) var lastEdit: Edit?
    /// How many times the text has been changed (`insert`, `setText`): a copy taken before one
    /// more change can learn from `lastEdit` what changed, without comparing the texts.
    public private(set) var editCount = 0
    /// Whether the text is a secret (a password): storage that `fitStorage` leaves is zeroed
    /// before it goes back to the allocator, as `wipe` zeroes the text.
    public var isSecret = false {
        didSet { buffer.zeroesFreedStorage = isSecret }
    }

    /// Creates text with the caret at the end.
    public init(_ text: String = "") {
        buffer = TextBuffer(text)
        count = text.count
        anchor = count
        caret = count
        landmark = (count, buffer.count)
    }

    /// How many UTF-8 bytes the text has.
    public var utf8Count: Int { buffer.count }

    /// Where the text's storage is in memory: a new address means the text was copied into new
    /// storage.
    package var storageAddress: UInt? { buffer.storageAddress }

    /// The text's bytes `range` (UTF-8 offsets on scalar boundaries) as a string, made from them
    /// alone: a line, or the text around an edit, without the whole text.
    public func string(bytes range: Range<Int>) -> String {
        buffer.string(range.clamped(to: 0..<buffer.count))
    }

    /// The text's bytes `range` (UTF-8 offsets).
    public func utf8Bytes(_ range: Range<Int>) -> [UInt8] { buffer.bytes(range.clamped(to: 0..<buffer.count)) }

    /// The first byte at or after `offset` where a slice of the text may end and split its
    /// characters (and, for breaking lines, a few characters more) as the whole text does (see
    /// `TextBuffer.isSafeBoundary`).
    func safeBoundary(atOrAfter offset: Int) -> Int { buffer.safeBoundary(atOrAfter: offset) }

    /// Calls `body` with the text's bytes in at most two pieces, each with the UTF-8 offset of
    /// its first byte: a pass over the whole text that makes no string of it.
    public func forEachUTF8Piece(_ body: (UnsafeBufferPointer<UInt8>, Int) -> Void) { buffer.forEachPart(body) }

    /// The byte at UTF-8 offset `offset` (0 ..< `utf8Count`).
    public func byte(at offset: Int) -> UInt8 { buffer[offset] }

    /// The UTF-8 offset where the character at `offset` (clamped to the text) begins, walked to
    /// from the nearest of the start, the end and the landmark (the caret after an edit or a move).
    public func byteOffset(at offset: Int) -> Int {
        let o = clamp(offset)
        var from = (offset: 0, byte: 0)
        if count - o < o { from = (count, buffer.count) }
        if let landmark, abs(o - landmark.offset) < abs(o - from.offset) { from = landmark }
        return o >= from.offset
            ? buffer.offset(from.byte, advancedBy: o - from.offset) : buffer.offset(from.byte, retreatedBy: from.offset - o)
    }

    /// The character offset of UTF-8 offset `byte` (a character boundary), counted from the
    /// nearest of the start, the end and the landmark.
    public func characterOffset(ofByte byte: Int) -> Int {
        let b = min(max(byte, 0), buffer.count)
        var from = (offset: 0, byte: 0)
        if buffer.count - b < b { from = (count, buffer.count) }
        if let landmark, abs(b - landmark.byte) < abs(b - from.byte) { from = landmark }
        return b >= from.byte
            ? from.offset + buffer.characters(from: from.byte, to: b) : from.offset - buffer.characters(from: b, to: from.byte)
    }

    /// The selection as character offsets; empty means a caret.
    public var selection: Range<Int> { min(anchor, caret)..<max(anchor, caret) }

    /// The selected text (empty for a caret), made from its bytes alone.
    public var selectedText: Substring {
        let range = selection
        if range.isEmpty { return "" }
        return string(bytes: byteOffset(at: range.lowerBound)..<byteOffset(at: range.upperBound))[...]
    }

    /// The string index in `text` of a character offset (clamped to the text).
    public func index(at offset: Int) -> String.Index {
        let text = self.text
        return text.utf8.index(text.startIndex, offsetBy: byteOffset(at: offset))
    }

    /// The character offset of a string index in `text`, counted from the landmark when it is
    /// nearer than the start (a click near the caret in a long text walks a few characters, not
    /// half of it).
    public func offset(of index: String.Index) -> Int {
        let text = self.text
        return characterOffset(ofByte: text.utf8.distance(from: text.startIndex, to: index))
    }

    // MARK: Caret and selection

    /// Places the caret at `offset`, clearing the selection.
    public mutating func moveCaret(to offset: Int) {
        let o = clamp(offset)
        anchor = o
        caret = o
        markCaret()
    }

    /// Moves the caret to `offset` keeping the anchor, so the selection grows or shrinks.
    public mutating func extendSelection(to offset: Int) {
        caret = clamp(offset)
        markCaret()
    }

    /// Selects a range of character offsets, the caret at its upper end.
    public mutating func select(_ range: Range<Int>) {
        let lo = clamp(range.lowerBound), hi = max(lo, clamp(range.upperBound))
        anchor = lo
        caret = hi
        markCaret()
    }

    /// Sets both ends of the selection; the caret may sit before the anchor.
    public mutating func setSelection(anchor: Int, caret: Int) {
        self.anchor = clamp(anchor)
        self.caret = clamp(caret)
        markCaret()
    }

    /// Makes the caret the landmark: the walk to it starts from the old landmark (the caret
    /// before, for an arrow key) or the nearer end, once, and the keystrokes after it start there.
    private mutating func markCaret() {
        if landmark?.offset == caret { return }
        landmark = (caret, byteOffset(at: caret))
    }

    /// Selects the whole text.
    public mutating func selectAll() { select(0..<count) }

    private func clamp(_ offset: Int) -> Int { min(max(offset, 0), count) }

    /// Equal when the text and the selection are (the landmark is only a cache).
    public static func == (a: EditableText, b: EditableText) -> Bool {
        a.buffer == b.buffer && a.anchor == b.anchor && a.caret == b.caret
    }

    // MARK: Editing

    /// Replaces the selection with `string` and puts the caret after it.
    ///
    /// The text changes in its gap buffer: an edit moves the bytes between the last edit and this
    /// one, not the whole text, and nothing but the characters near the edit is counted.
    public mutating func insert(_ string: String) {
        let range = selection
        let lower = byteOffset(at: range.lowerBound)
        let upper = range.isEmpty ? lower : byteOffset(at: range.upperBound)
        let suffixCount = count - range.upperBound
        let newEndIsBoundary = replace(lower..<upper, with: string.utf8)
        // A combining mark can merge with its neighbour into one character: count from the end.
        caret = max(0, count - suffixCount)
        anchor = caret
        // Where the suffix starts is the caret's byte unless the insertion merged with it.
        landmark = newEndIsBoundary ? (caret, lastEdit!.newEnd) : nil
    }

    /// Replaces the bytes `range` (UTF-8 offsets on scalar boundaries, as an undo step keeps
    /// them) with `bytes`, and selects `selection` (anchor, caret) afterwards.
    public mutating func replaceBytes(_ range: Range<Int>, with bytes: [UInt8], selecting selection: (anchor: Int, caret: Int)) {
        let lower = min(range.lowerBound, buffer.count)
        let upper = min(lower + range.count, buffer.count)
        replace(lower..<upper, with: bytes)
        setSelection(anchor: selection.anchor, caret: selection.caret)
    }

    /// The replacement both edits make: records `lastEdit` and keeps `count` by counting only
    /// the characters between the safe boundaries around the edit (`TextBuffer.isSafeBoundary`),
    /// where characters can merge (a combining mark with its base, flags, emoji sequences).
    ///
    /// Returns whether the end of the inserted bytes is a character boundary afterwards.
    @discardableResult
    private mutating func replace<C: Collection>(_ range: Range<Int>, with bytes: C) -> Bool where C.Element == UInt8 {
        let (lower, upper) = (range.lowerBound, range.upperBound)
        // Boundaries strictly outside the replaced bytes: the scalars around them are not
        // changed, so they stay boundaries whatever the edit does.
        let before = lower == 0 ? 0 : buffer.safeBoundary(atOrBefore: lower - 1)
        let after = upper == buffer.count ? upper : buffer.safeBoundary(atOrAfter: upper + 1)
        let charactersBefore = buffer.string(before..<after).count
        let inserted = bytes.count
        lastEdit = Edit(start: lower, removed: buffer.bytes(lower..<upper), inserted: inserted)
        editCount += 1
        forgetWholeText()
        if isSecret, inserted == 0, lower == 0, upper == buffer.count {
            // A secret emptied: its bytes are zeroed where they are, not left in the storage
            // that the emptied text gives back (`lastEdit` holds the one copy an undo step needs).
            buffer.zero()
        }
        buffer.replace(lower..<upper, with: bytes)
        let newEnd = lower + inserted
        let window = buffer.string(before..<(after - upper + newEnd))
        var isBoundary = newEnd == after - upper + newEnd
        var charactersAfter = 0
        var i = window.startIndex
        let target = newEnd - before
        while i < window.endIndex {
            if window.utf8.distance(from: window.startIndex, to: i) == target { isBoundary = true }
            i = window.index(after: i)
            charactersAfter += 1
        }
        if target == 0 { isBoundary = true }
        let characterDelta = charactersAfter - charactersBefore
        count += characterDelta
        // The landmark stays where the edit did not reach, and moves with the text after it.
        if let mark = landmark {
            if mark.byte > before {
                landmark = mark.byte >= after ? (mark.offset + characterDelta, mark.byte - upper + newEnd) : nil
            }
        }
        let bytes = buffer.count
        if bytes == 0 || buffer.capacity - bytes > max(bytes, Self.spareBytesKeptWhileEditing) { fitStorage() }
        return isBoundary
    }

    /// The spare bytes an edit may leave in the text's storage before it is made to fit: below
    /// half the text's length, or this many, typing and deleting never copy the text.
    public static let spareBytesKeptWhileEditing = 4096

    /// Gives back the storage's spare capacity: the text is copied into a buffer of its own size when
    /// it holds fewer bytes than it once did.
    ///
    /// The buffer keeps its largest size through deletions, so each input would otherwise keep the
    /// longest text it ever held (a cleared paste, all of it) for the rest of the session (issue 21's
    /// memory creep).
    ///
    /// An edit calls it when the text is emptied (nothing to copy) and when the spare bytes pass
    /// both the text's length and `spareBytesKeptWhileEditing`, so deleting a long text copies it
    /// a few times in all, not at every keystroke; `editingEnded()` calls it too.
    public mutating func fitStorage() {
        guard buffer.capacity > buffer.count else { return }
        // A secret's storage given back is zeroed (`TextBuffer.zeroesFreedStorage`), and so is
        // the whole string made from it, which shares nothing with the buffer.
        if isSecret { whole.forget(zeroing: true) }
        buffer.fit()
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

    /// Zeroes the text's bytes where they are, and those of the whole string made from them.
    private mutating func zeroStorage() {
        buffer.zero()
        whole.forget(zeroing: true)
    }

    /// Starts a fresh whole string for the edited text (copies taken before keep theirs); a
    /// secret's is zeroed first.
    private mutating func forgetWholeText() {
        if isSecret { whole.forget(zeroing: true) }
        whole = WholeText()
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
        forgetWholeText()
        buffer = TextBuffer(string)
        buffer.zeroesFreedStorage = isSecret
        count = string.count
        landmark = (count, buffer.count)
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

    /// Up to `limit` characters before the selection, for the keypad's auto-capitalisation, made
    /// from their bytes alone.
    public func context(beforeSelection limit: Int) -> Substring {
        let end = byteOffset(at: selection.lowerBound)
        return string(bytes: buffer.offset(end, retreatedBy: limit)..<end)[...]
    }
}

/// The whole text as a string, made from the buffer when first asked for and shared by the copies
/// of an `EditableText` until one of them is edited (which starts a fresh one).
final class WholeText: Sendable {
    private let state = Mutex<String?>(nil)

    /// The string, made by `make` unless it is at hand.
    func string(_ make: () -> String) -> String {
        state.withLock { state in
            if let string = state { return string }
            let string = make()
            state = string
            return string
        }
    }

    /// Drops the string, after zeroing its bytes when `zeroing` (a secret's; a copy of the text
    /// taken before still reads its own bytes, zeroed as `wipe` says).
    func forget(zeroing: Bool) {
        state.withLock { state in
            if zeroing, var string = state, !string.isEmpty {
                string.withUTF8 { Wipe.zero(UnsafeMutableRawBufferPointer(mutating: UnsafeRawBufferPointer($0))) }
            }
            state = nil
        }
    }
}

/// A count shared by the copies of a value (see `EditableText.wholeTextReads`).
final class Counter: Sendable {
    private let value = Atomic<Int>(0)

    /// Adds one.
    func increment() { _ = value.add(1, ordering: .relaxed) }

    /// The count.
    var count: Int { value.load(ordering: .relaxed) }
}
