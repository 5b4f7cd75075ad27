/// Where the paragraphs of a text start, as UTF-8 byte offsets, kept up to date edit by edit.
///
/// A paragraph starts at the text's start and after every line feed (U+000A), as a text view
/// lays its paragraphs out. Finding the paragraph a line belongs to is then a binary search, not
/// a walk back over the bytes before it, which in one long paragraph would cost the length of
/// the text at every keystroke. As `LineTable` does with lines, the index keeps one pending
/// move for the starts after the last edit, so an edit costs what it inserted and removed, not
/// the number of paragraphs after it.
struct ParagraphIndex {
    /// The starts after the first (the byte after each line feed), ascending; those from
    /// `shiftFrom` on are stored `shift` bytes early.
    private var stored: [Int]
    private var shiftFrom: Int
    private var shift = 0

    /// The paragraph starts of `text`.
    init(_ text: String) {
        stored = Self.starts(in: text.utf8[...], from: 0)
        shiftFrom = stored.count
    }

    /// The paragraph starts of `text`, read from its bytes (no whole string made).
    init(_ text: EditableText) {
        var found: [Int] = []
        text.forEachUTF8Piece { piece, base in found += Self.starts(in: piece, from: base) }
        stored = found
        shiftFrom = stored.count
    }

    /// How many paragraphs the text has.
    var count: Int { stored.count + 1 }

    /// The start of every paragraph, in order (linear in the paragraphs: for checks).
    var all: [Int] { [0] + stored.indices.map(self.stored(at:)) }

    /// The start of the paragraph holding byte `offset`: the last start at or before it.
    func start(ofParagraphHolding offset: Int) -> Int {
        var lo = 0, hi = stored.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if stored(at: mid) <= offset { lo = mid + 1 } else { hi = mid }
        }
        return lo == 0 ? 0 : stored(at: lo - 1)
    }

    /// Takes in `change`, which made `text` (the text after it): starts whose line feed lay in
    /// the bytes it replaced go, those after them move, and the line feeds it inserted add theirs.
    mutating func apply(_ change: ChangedBytes, to text: String) {
        let utf8 = text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: change.start)
        let upper = utf8.index(lower, offsetBy: change.newEnd - change.start)
        apply(change, inserted: utf8[lower..<upper])
    }

    /// Takes in `change` as `apply(_:to:)` does, from the bytes it inserted alone (the text's
    /// bytes `change.start ..< change.newEnd` after it).
    mutating func apply<C: Collection>(_ change: ChangedBytes, inserted bytes: C) where C.Element == UInt8 {
        let delta = change.newEnd - change.oldEnd
        // A start follows a line feed at the byte before it: those at `start + 1 ... oldEnd`
        // followed a byte the change replaced.
        let first = firstStored(after: change.start)
        let end = firstStored(after: change.oldEnd)
        let inserted = Self.starts(in: bytes, from: change.start)
        moveBoundary(to: end)
        stored.replaceSubrange(first..<end, with: inserted)
        shiftFrom = first + inserted.count
        shift += delta
    }

    /// The index in `stored` of the first start after byte `offset`.
    private func firstStored(after offset: Int) -> Int {
        var lo = 0, hi = stored.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if stored(at: mid) <= offset { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// Stored start `i`, moved where it is.
    private func stored(at i: Int) -> Int { i >= shiftFrom ? stored[i] + shift : stored[i] }

    /// Makes `index` the first start stored early, settling or unsettling the starts in between.
    private mutating func moveBoundary(to index: Int) {
        defer { shiftFrom = index }
        guard shift != 0 else { return }
        if shiftFrom < index {
            for i in shiftFrom..<index { stored[i] += shift }
        } else {
            for i in index..<shiftFrom { stored[i] -= shift }
        }
    }

    /// The byte offsets after each line feed in `bytes`, whose first byte is at `base`.
    private static func starts<C: Collection>(in bytes: C, from base: Int) -> [Int] where C.Element == UInt8 {
        var found: [Int] = []
        var offset = base
        for byte in bytes {
            offset += 1
            if byte == 0x0A { found.append(offset) }
        }
        return found
    }
}
