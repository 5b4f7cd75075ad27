/// The wrapped lines of a text, as UTF-8 byte ranges, edited where the text was edited.
///
/// An edit changes a line or two and moves every line after it by the same number of bytes.
/// Moving them all would make a keystroke cost the length of the text, so the table keeps one
/// pending move instead: the lines from `shiftFrom` on are stored `shift` bytes early. The next
/// edit moves that boundary to itself, touching only the lines between the two edits, so typing
/// in one place costs the same in a short text and a long one.
struct LineTable {
    /// The lines, those from `shiftFrom` on stored `shift` bytes early.
    private var stored: [Range<Int>]
    private var shiftFrom: Int
    private var shift = 0

    /// A table of `lines` as they are.
    init(_ lines: [Range<Int>]) {
        stored = lines
        shiftFrom = lines.count
    }

    /// How many lines there are.
    var count: Int { stored.count }

    /// Line `i`.
    subscript(i: Int) -> Range<Int> {
        let r = stored[i]
        return i >= shiftFrom ? (r.lowerBound + shift)..<(r.upperBound + shift) : r
    }

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

    /// Replaces the lines `range` with `lines` (byte ranges of the edited text), and moves the
    /// lines after them by `delta` bytes (what the edit added; negative for what it took away).
    mutating func replace(_ range: Range<Int>, with lines: [Range<Int>], movingLaterBy delta: Int) {
        moveBoundary(to: range.upperBound)
        if lines.count == range.count {
            for (i, line) in zip(range, lines) { stored[i] = line }
        } else {
            stored.replaceSubrange(range, with: lines)
        }
        shiftFrom = range.lowerBound + lines.count
        shift += delta
    }

    /// Makes `index` the first line stored early, settling or unsettling the lines in between.
    private mutating func moveBoundary(to index: Int) {
        defer { shiftFrom = index }
        guard shift != 0 else { return }
        if shiftFrom < index {
            for i in shiftFrom..<index { stored[i] = (stored[i].lowerBound + shift)..<(stored[i].upperBound + shift) }
        } else {
            for i in index..<shiftFrom { stored[i] = (stored[i].lowerBound - shift)..<(stored[i].upperBound - shift) }
        }
    }
}
