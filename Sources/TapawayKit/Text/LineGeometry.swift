/// Where the characters of one line of an editable text show: additive caret stops for plain
/// left-to-right text (the fast path), or a `LineLayout` for text that is shaped or runs right to left.
///
/// Text inputs ask it every geometric question, so both kinds behave alike.
public enum LineGeometry: Sendable {
    /// Plain text: the x of each caret stop, `count + 1` values from 0, ascending.
    case stops([Double])
    /// Shaped or bidirectional text.
    case laidOut(LineLayout)

    /// The geometry of `text` in `widths`'s font: the font's layout when it has one, else stops.
    public init<S: StringProtocol>(of text: S, widths: CharacterWidths) {
        if let layout = widths.font.lineLayout(of: Substring(text)) {
            self = .laidOut(layout)
        } else {
            self = .stops(widths.caretStops(of: text))
        }
    }

    /// The line's advance, the sum of its runs' widths.
    public var width: Double {
        switch self {
        case .stops(let stops): stops.last ?? 0
        case .laidOut(let layout): layout.width
        }
    }

    /// Whether the line runs right to left (and so aligns right).
    public var isRightToLeft: Bool {
        if case .laidOut(let layout) = self { return layout.isRightToLeft }
        return false
    }

    /// Whether characters show in the string's order, so the characters in view are a range.
    public var isInLogicalOrder: Bool {
        if case .stops = self { return true }
        return false
    }

    /// Where the caret before character `offset` shows.
    public func caretX(at offset: Int) -> Double {
        switch self {
        case .stops(let stops): stops[min(max(offset, 0), stops.count - 1)]
        case .laidOut(let layout): layout.caretX(at: offset)
        }
    }

    /// The caret offset nearest to `x`.
    public func offset(atX x: Double) -> Int {
        switch self {
        case .stops(let stops): TextLayout.nearestStop(in: stops, to: x)
        case .laidOut(let layout): layout.offset(atX: x)
        }
    }

    /// The offset one character to the right (or left) on screen from `offset`.
    public func offset(movingFrom offset: Int, right: Bool) -> Int {
        switch self {
        case .stops(let stops): right ? min(offset + 1, stops.count - 1) : max(offset - 1, 0)
        case .laidOut(let layout): layout.offset(movingFrom: offset, right: right)
        }
    }

    /// The spans that the characters `range` cover, left to right.
    public func spans(of range: Range<Int>) -> [(minX: Double, maxX: Double)] {
        guard !range.isEmpty else { return [] }
        switch self {
        case .stops(let stops):
            let a = stops[min(range.lowerBound, stops.count - 1)], b = stops[min(range.upperBound, stops.count - 1)]
            return [(a, b)]
        case .laidOut(let layout): return layout.spans(of: range)
        }
    }
}
