import Glibc

/// The UTF-8 bytes of an editable text, with a gap where the last edit was: an insertion or a
/// deletion moves only the bytes between the gap and the edit, not every byte after the edit.
///
/// Typing in the middle of a million characters then costs what typing at the end costs, where a
/// `String` edited in place moves all the bytes after the caret at every keystroke (1.5 MB for a
/// million Japanese characters). Readers take slices (`string(_:)`, `bytes(_:)`, `subscript`), so a
/// keystroke never copies the whole text.
struct TextBuffer: Sendable, Equatable {
    /// The bytes before the gap, the gap, then the bytes after it.
    private var storage: [UInt8]
    private var gapStart: Int
    private var gapEnd: Int
    /// Whether storage the buffer leaves (when it grows or fits) is zeroed first: a secret's.
    var zeroesFreedStorage = false

    /// A buffer holding `text`'s bytes, with no gap (the first edit makes one).
    init(_ text: String = "") {
        storage = Array(text.utf8)
        gapStart = storage.count
        gapEnd = storage.count
    }

    /// How many bytes the text has.
    var count: Int { storage.count - (gapEnd - gapStart) }

    /// How many bytes the storage has room for, the gap included.
    var capacity: Int { storage.count }

    /// Where the storage's bytes are in memory: a new address means the text was copied into new
    /// storage (for tests that the text moves rarely).
    var storageAddress: UInt? { storage.withUnsafeBufferPointer { $0.baseAddress.map { UInt(bitPattern: $0) } } }

    /// The byte at `offset` (0 ..< count).
    @inline(__always)
    subscript(offset: Int) -> UInt8 { storage[offset < gapStart ? offset : offset + gapEnd - gapStart] }

    /// The bytes of `range` as a string; `range` must start and end on scalar boundaries (a
    /// scalar cut in two would read as U+FFFD).
    func string(_ range: Range<Int>) -> String {
        if range.isEmpty { return "" }
        return storage.withUnsafeBufferPointer { all in
            let (first, second) = parts(of: range, in: all)
            if second.isEmpty { return String(decoding: first, as: UTF8.self) }
            return String(unsafeUninitializedCapacity: range.count) { out in
                _ = UnsafeMutableBufferPointer(rebasing: out[..<first.count]).initialize(fromContentsOf: first)
                _ = UnsafeMutableBufferPointer(rebasing: out[first.count...]).initialize(fromContentsOf: second)
                return range.count
            }
        }
    }

    /// Calls `body` with the text's bytes before the gap, then those after it, each with the
    /// offset of its first byte in the text.
    func forEachPart(_ body: (UnsafeBufferPointer<UInt8>, Int) -> Void) {
        storage.withUnsafeBufferPointer { all in
            body(UnsafeBufferPointer(rebasing: all[0..<gapStart]), 0)
            body(UnsafeBufferPointer(rebasing: all[gapEnd...]), gapStart)
        }
    }

    /// The bytes of `range`.
    func bytes(_ range: Range<Int>) -> [UInt8] {
        if range.isEmpty { return [] }
        return storage.withUnsafeBufferPointer { all in
            let (first, second) = parts(of: range, in: all)
            return Array(first) + Array(second)
        }
    }

    /// The stored bytes of the text's `range`: those before the gap, then those after it.
    private func parts(
        of range: Range<Int>, in all: UnsafeBufferPointer<UInt8>
    ) -> (UnsafeBufferPointer<UInt8>.SubSequence, UnsafeBufferPointer<UInt8>.SubSequence) {
        let gap = gapEnd - gapStart
        if range.upperBound <= gapStart { return (all[range], all[0..<0]) }
        if range.lowerBound >= gapStart { return (all[(range.lowerBound + gap)..<(range.upperBound + gap)], all[0..<0]) }
        return (all[range.lowerBound..<gapStart], all[gapEnd..<(range.upperBound + gap)])
    }

    /// Replaces the bytes `range` with `bytes`, moving the gap there first; the storage grows
    /// (to twice its size at least, so growing is rare) only when the gap is too small.
    mutating func replace<C: Collection>(_ range: Range<Int>, with bytes: C) where C.Element == UInt8 {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "bytes out of the text")
        moveGap(to: range.lowerBound)
        gapEnd += range.count
        let n = bytes.count
        if gapEnd - gapStart < n { grow(toHold: count + n) }
        let start = gapStart
        storage.withUnsafeMutableBufferPointer { all in
            _ = UnsafeMutableBufferPointer(rebasing: all[start..<(start + n)]).initialize(fromContentsOf: bytes)
        }
        gapStart += n
    }

    /// Moves the gap so it begins at byte `offset`: the bytes between the two places move across it.
    private mutating func moveGap(to offset: Int) {
        guard offset != gapStart else { return }
        let (start, end) = (gapStart, gapEnd)
        let gap = end - start
        storage.withUnsafeMutableBufferPointer { all in
            guard let base = all.baseAddress else { return }
            if offset < start {
                // The bytes offset ..< gapStart go to the end of the gap.
                memmove(base + offset + gap, base + offset, start - offset)
            } else {
                // The bytes after the gap up to `offset` go to its start.
                memmove(base + start, base + end, offset - start)
            }
        }
        gapStart = offset
        gapEnd = offset + gap
    }

    /// Copies the text into storage of at least `needed` bytes (and twice the old size, at least
    /// 64), the gap where it was.
    private mutating func grow(toHold needed: Int) {
        let size = max(needed, 2 * storage.count, 64)
        replaceStorage(size: size)
    }

    /// Copies the text into storage of exactly its size: the spare capacity goes back to the allocator.
    mutating func fit() {
        guard storage.count > count else { return }
        replaceStorage(size: count)
    }

    /// Copies the text into new storage of `size` bytes, with the gap after the bytes before it.
    private mutating func replaceStorage(size: Int) {
        let before = gapStart, end = gapEnd, after = storage.count - gapEnd
        var fresh = [UInt8](repeating: 0, count: size)
        fresh.withUnsafeMutableBufferPointer { out in
            storage.withUnsafeBufferPointer { old in
                _ = UnsafeMutableBufferPointer(rebasing: out[0..<before]).initialize(fromContentsOf: old[0..<before])
                _ = UnsafeMutableBufferPointer(rebasing: out[(size - after)...]).initialize(fromContentsOf: old[end...])
            }
        }
        gapEnd = size - after
        if zeroesFreedStorage { zero() }
        storage = fresh
    }

    /// Overwrites every byte of the storage, the text's and the gap's, with zeros (a secret's).
    mutating func zero() {
        storage.withUnsafeMutableBytes { Wipe.zero($0) }
    }

    /// Equal when the texts' bytes are (wherever the gaps are).
    static func == (a: TextBuffer, b: TextBuffer) -> Bool {
        guard a.count == b.count else { return false }
        for i in 0..<a.count where a[i] != b[i] { return false }
        return true
    }
}

// MARK: - Character boundaries

extension TextBuffer {
    /// Whether byte `offset` (on a scalar boundary) is a character boundary whatever comes before
    /// and after the two scalars around it, so a slice of the text that starts or ends there
    /// splits its characters exactly as the whole text does.
    ///
    /// UAX #29: a boundary always follows a LF (GB4) and a CR not before a LF (GB5). Between two
    /// scalars each ASCII (not CR) or of `PlainScalar`'s kinds (kana, ideographs, Arabic letters,
    /// none of them Extend, SpacingMark, ZWJ, Prepend, Regional_Indicator or Hangul) GB999
    /// breaks. After an ASCII scalar only GB9 and GB9a (an Extend, ZWJ or SpacingMark after it)
    /// can join: every other rule that joins needs a scalar before it that ASCII is not. Such
    /// a pair is asked of Swift's own grapheme breaking. `fast` leaves that question out (it
    /// answers false where it would be asked).
    func isSafeBoundary(_ offset: Int, fast: Bool = false) -> Bool {
        if offset <= 0 || offset >= count { return true }
        let p = self[offset - 1], c = self[offset]
        if p == 0x0A { return true }
        if p == 0x0D { return c != 0x0A }
        if p < 0x80 {
            if c < 0x80 || plainScalar(at: offset) != nil { return true }
            if fast { return false }
            let end = offset + Self.scalarLength(lead: c)
            guard end <= count else { return true }
            return string((offset - 1)..<end).count == 2
        }
        guard c < 0x80 || plainScalar(at: offset) != nil else { return false }
        let start = scalarStart(before: offset)
        return plainScalar(at: start) != nil
    }

    /// The bytes of a scalar whose first byte is `lead`.
    @inline(__always)
    static func scalarLength(lead: UInt8) -> Int {
        lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }

    /// The first byte of the scalar that ends at `offset`.
    @inline(__always)
    func scalarStart(before offset: Int) -> Int {
        var i = offset - 1
        while i > 0 && self[i] & 0xC0 == 0x80 { i -= 1 }
        return i
    }

    /// The scalar at `offset` when it is one of `PlainScalar`'s kinds (nil for ASCII and others).
    @inline(__always)
    func plainScalar(at offset: Int) -> UInt32? {
        let lead = self[offset]
        switch lead {
        case 0xD8...0xDB:
            guard offset + 1 < count else { return nil }
            let v = UInt32(lead & 0x1F) << 6 | UInt32(self[offset + 1] & 0x3F)
            return PlainScalar.isPlainArabic(v) ? v : nil
        case 0xE3...0xE9:
            guard offset + 2 < count else { return nil }
            let v = UInt32(lead & 0x0F) << 12 | UInt32(self[offset + 1] & 0x3F) << 6 | UInt32(self[offset + 2] & 0x3F)
            return PlainScalar.isPlainCJK(v) ? v : nil
        default:
            return nil
        }
    }

    /// The nearest safe boundary (`isSafeBoundary`) at or before byte `offset`.
    func safeBoundary(atOrBefore offset: Int) -> Int {
        var i = min(max(offset, 0), count)
        while i > 0 && i < count && self[i] & 0xC0 == 0x80 { i -= 1 }
        while !isSafeBoundary(i) { i = scalarStart(before: i) }
        return i
    }

    /// The nearest safe boundary (`isSafeBoundary`) at or after byte `offset`.
    func safeBoundary(atOrAfter offset: Int) -> Int {
        var i = min(max(offset, 0), count)
        while i < count && self[i] & 0xC0 == 0x80 { i += 1 }
        while !isSafeBoundary(i) { i += Self.scalarLength(lead: self[i]) }
        return i
    }

    /// The byte `characters` characters after byte `offset` (a character boundary), or the end.
    ///
    /// Characters of one ASCII or plain scalar followed by another are stepped over by their
    /// bytes; elsewhere a slice between safe boundaries is read as a string.
    func offset(_ offset: Int, advancedBy characters: Int) -> Int {
        var b = offset, k = characters
        let end = count
        while k > 0 && b < end {
            let next = b + Self.scalarLength(lead: self[b])
            if next >= end || isSafeBoundary(next, fast: true) {
                b = min(next, end)
                k -= 1
                continue
            }
            let e = safeBoundary(atOrAfter: b + 256)
            let s = string(b..<e)
            var i = s.startIndex
            while k > 0 && i < s.endIndex {
                i = s.index(after: i)
                k -= 1
            }
            b += s.utf8.distance(from: s.startIndex, to: i)
        }
        return b
    }

    /// The byte `characters` characters before byte `offset` (a character boundary), or 0.
    func offset(_ offset: Int, retreatedBy characters: Int) -> Int {
        var b = offset, k = characters
        while k > 0 && b > 0 {
            let previous = scalarStart(before: b)
            if isSafeBoundary(previous, fast: true) {
                b = previous
                k -= 1
                continue
            }
            let a = safeBoundary(atOrBefore: b - 256)
            let s = string(a..<b)
            var i = s.endIndex
            while k > 0 && i > s.startIndex {
                i = s.index(before: i)
                k -= 1
            }
            b = a + s.utf8.distance(from: s.startIndex, to: i)
        }
        return b
    }

    /// How many characters lie between bytes `start` and `end` (character boundaries).
    func characters(from start: Int, to end: Int) -> Int {
        var b = start, n = 0
        while b < end {
            let next = b + Self.scalarLength(lead: self[b])
            if next >= end || isSafeBoundary(next, fast: true) {
                b = next
                n += 1
                continue
            }
            let e = min(end, safeBoundary(atOrAfter: b + 256))
            n += string(b..<e).count
            b = e
        }
        return n
    }
}
