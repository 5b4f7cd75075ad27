/// One line of text as it shows on screen: its characters in the order they are drawn, left to right,
/// each with where it is.
///
/// Text in the string stays in logical order (the order it is typed); right-to-left runs (Arabic,
/// Hebrew) show reversed, and a ligature shows several characters as one glyph.
///
/// A font returns one for text that needs shaping or the bidirectional algorithm
/// (`Font.lineLayout(of:)`); plain left-to-right text keeps its additive widths. Every question
/// a text input asks of its line (where the caret shows, which character a click meets, what a
/// selection covers, where an arrow key goes) is answered here, the same way for every platform.
public struct LineLayout: Equatable, Sendable {
    /// Characters drawn as one unit: a grapheme cluster, or a ligature of several.
    public struct Cluster: Equatable, Sendable {
        /// The characters it shows (offsets in the line, in characters).
        public var characters: Range<Int>
        /// Its left edge, from the line's left edge.
        public var minX: Double
        /// The run's advance, its width on the line.
        public var width: Double
        /// Whether it runs right to left (its first character shows at its right edge).
        public var isRightToLeft: Bool

        /// A cluster of `characters` at `minX`, `width` wide.
        public init(characters: Range<Int>, minX: Double, width: Double, isRightToLeft: Bool) {
            self.characters = characters
            self.minX = minX
            self.width = width
            self.isRightToLeft = isRightToLeft
        }
    }

    /// The clusters in the order they show, left to right, edge to edge from 0.
    public let clusters: [Cluster]
    /// Whether the paragraph runs right to left: it aligns right, and its caret at a direction
    /// boundary sits with the right-to-left text.
    public let isRightToLeft: Bool
    /// The number of characters in the line.
    public let characterCount: Int
    /// The line's advance, the sum of its runs' widths.
    public let width: Double
    /// For each character, its left and right edge and direction (a ligature's characters share
    /// its width equally, as Pango places carets inside one without caret positions).
    private let edges: [(minX: Double, maxX: Double, rightToLeft: Bool)]

    /// A layout of `characterCount` characters shown as `clusters` (left to right, together
    /// covering every character once) in a paragraph of direction `isRightToLeft`.
    public init(clusters: [Cluster], characterCount: Int, isRightToLeft: Bool) {
        self.clusters = clusters
        self.characterCount = characterCount
        self.isRightToLeft = isRightToLeft
        width = clusters.reduce(0) { $0 + $1.width }
        var edges = [(minX: Double, maxX: Double, rightToLeft: Bool)](
            repeating: (0, 0, isRightToLeft), count: characterCount)
        for cluster in clusters {
            let count = cluster.characters.count
            guard count > 0 else { continue }
            let share = cluster.width / Double(count)
            for (position, character) in cluster.characters.enumerated() where character < characterCount {
                let step = cluster.isRightToLeft ? count - 1 - position : position
                let minX = cluster.minX + Double(step) * share
                edges[character] = (minX, minX + share, cluster.isRightToLeft)
            }
        }
        self.edges = edges
    }

    public static func == (a: LineLayout, b: LineLayout) -> Bool {
        a.clusters == b.clusters && a.isRightToLeft == b.isRightToLeft && a.characterCount == b.characterCount
    }

    // MARK: The caret

    /// Where the caret before character `offset` shows: GTK's strong cursor, at the edge where a
    /// character of the paragraph's direction would be inserted.
    ///
    /// After a character of the paragraph's direction it follows that character; otherwise it leads the
    /// next one; at the line's end it is at the end of the line in the paragraph's direction (as Pango
    /// places it).
    public func caretX(at offset: Int) -> Double {
        guard characterCount > 0 else { return isRightToLeft ? width : 0 }
        let offset = min(max(offset, 0), characterCount)
        if offset == characterCount { return isRightToLeft ? 0 : width }
        if offset > 0, edges[offset - 1].rightToLeft == isRightToLeft { return trailingEdge(of: offset - 1) }
        return leadingEdge(of: offset)
    }

    /// The caret offset nearest to `x`: the near edge of the character `x` falls in.
    public func offset(atX x: Double) -> Int {
        guard characterCount > 0, let cluster = clusterIndex(atX: x) else { return 0 }
        let character = character(in: clusters[cluster], atX: x)
        let edge = edges[character]
        let leftHalf = x < (edge.minX + edge.maxX) / 2
        // A character's logical start is its left edge in left-to-right text, its right in right-to-left.
        return leftHalf == edge.rightToLeft ? character + 1 : character
    }

    /// The offset an arrow key moves the caret to: the caret position nearest on screen in the arrow's
    /// direction (`right` or left), whatever the text's direction, as GTK's entry moves (Pango's visual
    /// cursor movement).
    ///
    /// At the line's edge the caret stays.
    public func offset(movingFrom offset: Int, right: Bool) -> Int {
        guard characterCount > 0 else { return offset }
        let x = caretX(at: offset)
        var best: (offset: Int, distance: Double)?
        for candidate in 0...characterCount where candidate != offset {
            let distance = right ? caretX(at: candidate) - x : x - caretX(at: candidate)
            guard distance > 0.01 else { continue }
            if let known = best,
                known.distance < distance - 0.01
                    || (abs(known.distance - distance) <= 0.01 && abs(known.offset - offset) <= abs(candidate - offset))
            {
                continue
            }
            best = (candidate, distance)
        }
        return best?.offset ?? offset
    }

    /// The spans of the line that the characters `range` cover, left to right, each as its left
    /// and right edge; a selection of mixed directions may show in several pieces.
    public func spans(of range: Range<Int>) -> [(minX: Double, maxX: Double)] {
        var spans: [(minX: Double, maxX: Double)] = []
        for character in visualCharacters where range.contains(character) {
            let edge = edges[character]
            if let last = spans.last, abs(last.maxX - edge.minX) < 0.01 {
                spans[spans.count - 1].maxX = edge.maxX
            } else {
                spans.append((edge.minX, edge.maxX))
            }
        }
        return spans
    }

    /// The characters in the order they show, left to right.
    private var visualCharacters: [Int] {
        (0..<characterCount).sorted { edges[$0].minX < edges[$1].minX }
    }

    private func leadingEdge(of character: Int) -> Double {
        edges[character].rightToLeft ? edges[character].maxX : edges[character].minX
    }

    private func trailingEdge(of character: Int) -> Double {
        edges[character].rightToLeft ? edges[character].minX : edges[character].maxX
    }

    private func clusterIndex(atX x: Double) -> Int? {
        guard !clusters.isEmpty else { return nil }
        if x < 0 { return 0 }
        var lo = 0, hi = clusters.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if clusters[mid].minX <= x { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The character of `cluster` whose span holds `x` (the nearest one when none does).
    private func character(in cluster: Cluster, atX x: Double) -> Int {
        let characters = cluster.characters.filter { $0 < characterCount }.sorted { edges[$0].minX < edges[$1].minX }
        guard let leftmost = characters.first else { return cluster.characters.lowerBound }
        return characters.last { edges[$0].minX <= x } ?? leftmost
    }

    // MARK: Visual order

    /// The visual order of runs of embedding levels (rule L2 of the bidirectional algorithm): from the
    /// highest level down to the lowest odd one, every stretch at that level or higher is reversed.
    ///
    /// `levels` holds one level per item in logical order; the result lists the items' indices left to
    /// right.
    public static func visualOrder(levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), let lowestOdd = levels.filter({ $0 % 2 == 1 }).min() else { return order }
        var level = highest
        while level >= lowestOdd {
            var i = 0
            while i < order.count {
                guard levels[order[i]] >= level else {
                    i += 1
                    continue
                }
                var j = i
                while j < order.count && levels[order[j]] >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            }
            if level == 0 { break }
            level -= 1
        }
        return order
    }
}
