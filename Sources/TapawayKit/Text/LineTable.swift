/// The wrapped lines of a text, as UTF-8 byte ranges, edited where the text was edited.
///
/// An edit changes a line or two and moves every line after it by the same number of bytes.
/// Moving them all would make a keystroke cost the length of the text, so the table keeps one
/// pending move instead: the lines from `shiftFrom` on are stored `shift` bytes early. The next
/// edit moves that boundary to itself, touching only the lines between the two edits, so typing
/// in one place costs the same in a short text and a long one.
///
/// A re-wrap that has to go on far past its edit (a long paragraph whose breaks never fall
/// where they fell before) may stop at a budget and leave a *seam*: a short line that ends
/// where the old lines take over. Every line that does not start at a seam is the line a wrap
/// from its start would make, so the lines always cover the text and fit the width; they are
/// the lines a full wrap makes once no seam is left (`TextLayout.settle` removes them).
struct LineTable {
    /// The lines, those from `shiftFrom` on stored `shift` bytes early.
    private var stored: [Range<Int>]
    private var shiftFrom: Int
    private var shift = 0
    /// The byte offsets where seams start, ascending.
    private(set) var seams: [Int] = []

    /// A table of `lines` as they are.
    init(_ lines: [Range<Int>]) {
        stored = lines
        shiftFrom = lines.count
    }

    /// How many lines there are.
    var count: Int { stored.count }

    /// Whether the lines are those a full wrap makes (no seam is left).
    var isSettled: Bool { seams.isEmpty }

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
    /// Seams in the lines replaced go; `seam`, when given, starts one of the new lines.
    mutating func replace(_ range: Range<Int>, with lines: [Range<Int>], movingLaterBy delta: Int, seam: Int? = nil) {
        if !seams.isEmpty {
            let spanStart = range.lowerBound < count ? self[range.lowerBound].lowerBound : Int.max
            let spanEnd = range.upperBound < count ? self[range.upperBound].lowerBound : Int.max
            seams = seams.compactMap { $0 < spanStart ? $0 : $0 >= spanEnd ? $0 + delta : nil }
        }
        if let seam { seams.insert(seam, at: seams.firstIndex { $0 > seam } ?? seams.count) }
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
