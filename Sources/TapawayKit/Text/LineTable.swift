/// The wrapped lines of a text, as UTF-8 byte ranges, edited where the text was edited.
///
/// An edit changes a line or two and moves every line after it by the same number of bytes.
/// Moving them all would make a keystroke cost the length of the text, so the table keeps one
/// pending move instead: the lines from `shiftFrom` on are stored `shift` bytes early. The next
/// edit moves that boundary to itself, touching only the lines between the two edits, so typing
/// in one place costs the same in a short text and a long one. For the same reason the lines
/// are kept around a gap of free slots where the last edit was (a gap buffer): an edit that
/// adds or removes lines moves only the lines between it and the one before, not every line
/// after it.
///
/// A re-wrap that has to go on far past its edit (a long paragraph whose breaks never fall
/// where they fell before) may stop at a budget and leave a *seam*: a short line that ends
/// where the old lines take over. Every line that does not start at a seam is the line a wrap
/// from its start would make, so the lines always cover the text and fit the width; they are
/// the lines a full wrap makes once no seam is left (`TextLayout.settle` removes them).
struct LineTable {
    /// The lines, those from `shiftFrom` on stored `shift` bytes early, with `gapLength` unused
    /// slots at `gapStart` (line `i` is in slot `i`, or `i + gapLength` from `gapStart` on).
    private var stored: [Range<Int>]
    private var shiftFrom: Int
    private var shift = 0
    private var gapStart: Int
    private var gapLength = 0
    /// The byte offsets where seams start, ascending.
    private(set) var seams: [Int] = []

    /// A table of `lines` as they are.
    init(_ lines: [Range<Int>]) {
        stored = lines
        shiftFrom = lines.count
        gapStart = lines.count
    }

    /// How many lines there are.
    var count: Int { stored.count - gapLength }

    /// Whether the lines are those a full wrap makes (no seam is left).
    var isSettled: Bool { seams.isEmpty }

    /// The character range of line `i`, its pending shift applied.
    subscript(i: Int) -> Range<Int> {
        let r = stored[slot(i)]
        return i >= shiftFrom ? (r.lowerBound + shift)..<(r.upperBound + shift) : r
    }

    /// The slot of line `i`.
    @inline(__always)
    private func slot(_ i: Int) -> Int { i < gapStart ? i : i + gapLength }

    /// Every line, each moved where it is (linear in the lines: for checks, not for keystrokes).
    var all: [Range<Int>] { (0..<count).map { self[$0] } }

    /// The line holding byte `offset`: the last line starting at or before it, so a caret at a
    /// wrap point belongs to the next line and a caret before a newline to its own.
    func line(holding offset: Int) -> Int {
        var lo = 0, hi = count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if self[mid].lowerBound <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The first line, at or after `lower`, starting after byte `offset`; `count` when none does.
    func firstLine(startingAfter offset: Int, from lower: Int = 0) -> Int {
        var lo = lower, hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if self[mid].lowerBound > offset { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }

    /// Replaces the lines `range` with `lines` (byte ranges of the edited text), and moves the lines
    /// after them by `delta` bytes (what the edit added; negative for what it took away).
    ///
    /// Seams in the lines replaced go; `seam`, when given, starts one of the new lines.
    mutating func replace(_ range: Range<Int>, with lines: [Range<Int>], movingLaterBy delta: Int, seam: Int? = nil) {
        if !seams.isEmpty {
            let spanStart = range.lowerBound < count ? self[range.lowerBound].lowerBound : Int.max
            let spanEnd = range.upperBound < count ? self[range.upperBound].lowerBound : Int.max
            seams = seams.compactMap { $0 < spanStart ? $0 : $0 >= spanEnd ? $0 + delta : nil }
        }
        if let seam { seams.insert(seam, at: seams.firstIndex { $0 > seam } ?? seams.count) }
        if delta == 0 && (shiftFrom <= range.lowerBound || shiftFrom >= range.upperBound) {
            // Nothing after the lines moves (a settling turn): the pending shift stays where the
            // last edit left it, so the next keystroke there does not move it back over every
            // line settled meanwhile.
            let shifted = shiftFrom <= range.lowerBound
            place(shifted ? lines.map { ($0.lowerBound - shift)..<($0.upperBound - shift) } : lines, over: range)
            if !shifted { shiftFrom += lines.count - range.count }
            return
        }
        moveBoundary(to: range.upperBound)
        place(lines, over: range)
        shiftFrom = range.lowerBound + lines.count
        shift += delta
    }

    /// Puts `lines`, as they are to be stored, in the place of lines `range`: in their slots
    /// when there are as many; else at the gap, moved there, or, nearer the end than the gap,
    /// by moving the lines after them.
    private mutating func place(_ lines: [Range<Int>], over range: Range<Int>) {
        if lines.count == range.count {
            for (i, line) in zip(range, lines) { stored[slot(i)] = line }
            return
        }
        if range.lowerBound >= gapStart && count - range.upperBound < range.lowerBound - gapStart {
            stored.replaceSubrange((range.lowerBound + gapLength)..<(range.upperBound + gapLength), with: lines)
            return
        }
        // The gap to where the lines replaced end, widened over them, then filled.
        moveGap(to: range.upperBound)
        gapStart = range.lowerBound
        gapLength += range.count
        if gapLength < lines.count { widenGap(by: lines.count - gapLength + max(64, count / 8)) }
        for line in lines {
            stored[gapStart] = line
            gapStart += 1
            gapLength -= 1
        }
    }

    /// Moves the gap to start before line `index`, moving the lines between (their stored values
    /// stay as they are: the pending shift goes by line, not by slot).
    private mutating func moveGap(to index: Int) {
        guard gapLength > 0, index != gapStart else {
            gapStart = index
            return
        }
        let (from, to, n) =
            index < gapStart
            ? (index, index + gapLength, gapStart - index) : (gapStart + gapLength, gapStart, index - gapStart)
        stored.withUnsafeMutableBufferPointer { slots in
            let base = slots.baseAddress!
            // Memory that may overlap, as memmove.
            UnsafeMutableRawPointer(base + to).copyMemory(
                from: base + from, byteCount: n * MemoryLayout<Range<Int>>.stride)
        }
        gapStart = index
    }

    /// Makes the gap `extra` slots longer (a new array: rare, as the gap grows by an eighth of
    /// the lines at least).
    private mutating func widenGap(by extra: Int) {
        var wider: [Range<Int>] = []
        wider.reserveCapacity(stored.count + extra)
        wider.append(contentsOf: stored[..<gapStart])
        wider.append(contentsOf: repeatElement(0..<0, count: gapLength + extra))
        wider.append(contentsOf: stored[(gapStart + gapLength)...])
        stored = wider
        gapLength += extra
    }

    /// Makes `index` the first line stored early, settling or unsettling the lines in between.
    private mutating func moveBoundary(to index: Int) {
        defer { shiftFrom = index }
        guard shift != 0 else { return }
        if shiftFrom < index {
            for i in shiftFrom..<index {
                let s = slot(i)
                stored[s] = (stored[s].lowerBound + shift)..<(stored[s].upperBound + shift)
            }
        } else {
            for i in index..<shiftFrom {
                let s = slot(i)
                stored[s] = (stored[s].lowerBound - shift)..<(stored[s].upperBound - shift)
            }
        }
    }
}
