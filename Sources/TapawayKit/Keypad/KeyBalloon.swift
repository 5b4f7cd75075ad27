/// The outline of a key's preview bubble or alternates popup, as iOS draws it: a rounded head above the
/// key, joined to the key's own rounded shape by a smooth, narrowing neck, so the bubble seems to grow
/// out of the key.
///
/// All rectangles are in screen coordinates.
public struct KeyBalloon: Sendable, Hashable {
    /// The key the balloon grows out of.
    public var key: Rect
    /// The head, where the character or the alternates are shown.
    public var head: Rect
    /// The key's corner radius.
    public var keyRadius: Double
    /// The head's corner radius.
    public var headRadius: Double

    /// Creates a balloon from its parts.
    public init(key: Rect, head: Rect, keyRadius: Double, headRadius: Double) {
        self.key = key; self.head = head; self.keyRadius = keyRadius; self.headRadius = headRadius
    }

    /// The preview for a pressed key: a head about 12 px wider than the key on each side and
    /// 52 px tall (at 1×), 10 px above the key, moved sideways to stay inside `bounds`.
    public static func preview(for key: Rect, metrics: KeypadMetrics, within bounds: Rect) -> KeyBalloon {
        let s = metrics.scale
        let expand = min(12 * s, key.width * 0.45)
        let width = key.width + 2 * expand
        return KeyBalloon(
            key: key,
            head: placeHead(
                width: width, height: (52 * s).rounded(), over: key,
                preferredMinX: key.minX - expand, metrics: metrics, within: bounds),
            keyRadius: metrics.cornerRadius, headRadius: 9 * s)
    }

    /// The popup for `count` alternates of cells `cellWidth` wide: it starts over the key and
    /// runs right, or left when `leftward` (keys on the right half), staying inside `bounds`.
    public static func alternates(
        for key: Rect, count: Int, cellWidth: Double, leftward: Bool,
        metrics: KeypadMetrics, within bounds: Rect
    ) -> KeyBalloon {
        let s = metrics.scale
        let padding = 6 * s
        let width = Double(max(1, count)) * cellWidth + 2 * padding
        let firstCellMinX = key.midX - cellWidth / 2
        let preferred = leftward ? firstCellMinX + cellWidth + padding - width : firstCellMinX - padding
        return KeyBalloon(
            key: key,
            head: placeHead(
                width: width, height: (50 * s).rounded(), over: key,
                preferredMinX: preferred, metrics: metrics, within: bounds),
            keyRadius: metrics.cornerRadius, headRadius: 9 * s)
    }

    private static func placeHead(
        width: Double, height: Double, over key: Rect, preferredMinX: Double,
        metrics: KeypadMetrics, within bounds: Rect
    ) -> Rect {
        let neck = (10 * metrics.scale).rounded()
        let margin = 1.0
        var minX = min(max(preferredMinX, bounds.minX + margin), bounds.maxX - margin - width)
        // Never leave the key uncovered: the head always spans it.
        minX = min(max(minX, key.maxX - width), key.minX)
        return Rect(x: minX.rounded(), y: key.minY - neck - height, width: width.rounded(), height: height)
    }

    /// The cells of `count` alternates `cellWidth` wide in the head of a popup made by
    /// `alternates(for:count:cellWidth:leftward:metrics:within:)`, in the alternates' order: the
    /// first is nearest the key (the rightmost cell when `leftward`).
    public func alternateCells(count: Int, cellWidth: Double, leftward: Bool) -> [Rect] {
        let padding = (head.width - Double(count) * cellWidth) / 2
        let cells = (0..<count).map { i in
            Rect(x: head.minX + padding + Double(i) * cellWidth, y: head.minY, width: cellWidth, height: head.height)
        }
        return leftward ? cells.reversed() : cells
    }

    /// The rectangle that holds the whole outline.
    public var bounds: Rect { head.union(key) }

    /// The outline as a polygon, clockwise on screen, grown by `outset` pixels all round (for the
    /// shadow drawn under the bubble).
    ///
    /// Where the head overhangs the key a little (a preview), each side runs down from the head
    /// into the key in one S-curve; where it overhangs a lot (an alternates popup), the head keeps
    /// a rounded bottom corner and its bottom edge meets the key in a small concave fillet.
    public func outline(outset: Double = 0) -> [Point] {
        let k = key.insetBy(dx: -outset, dy: -outset)
        let h = head.insetBy(dx: -outset, dy: -outset)
        let kr = min(keyRadius + outset, k.width / 2), hr = min(headRadius + outset, h.width / 2)
        let keyTop = k.minY + kr
        var path = PolygonPath()
        path.move(to: Point(x: h.minX, y: h.minY + hr))
        path.corner(to: Point(x: h.minX + hr, y: h.minY), through: Point(x: h.minX, y: h.minY))
        path.line(to: Point(x: h.maxX - hr, y: h.minY))
        path.corner(to: Point(x: h.maxX, y: h.minY + hr), through: Point(x: h.maxX, y: h.minY))
        // Right side, head to key.
        let fillet = keyTop - h.maxY
        if h.maxX - k.maxX > 2 * fillet {
            path.line(to: Point(x: h.maxX, y: h.maxY - hr))
            path.corner(to: Point(x: h.maxX - hr, y: h.maxY), through: Point(x: h.maxX, y: h.maxY))
            path.line(to: Point(x: k.maxX + fillet, y: h.maxY))
            path.corner(to: Point(x: k.maxX, y: keyTop), through: Point(x: k.maxX, y: h.maxY))
        } else {
            path.line(to: Point(x: h.maxX, y: h.maxY))
            path.neck(to: Point(x: k.maxX, y: keyTop))
        }
        path.line(to: Point(x: k.maxX, y: k.maxY - kr))
        path.corner(to: Point(x: k.maxX - kr, y: k.maxY), through: Point(x: k.maxX, y: k.maxY))
        path.line(to: Point(x: k.minX + kr, y: k.maxY))
        path.corner(to: Point(x: k.minX, y: k.maxY - kr), through: Point(x: k.minX, y: k.maxY))
        // Left side, key to head.
        if k.minX - h.minX > 2 * fillet {
            path.line(to: Point(x: k.minX, y: keyTop))
            path.corner(to: Point(x: k.minX - fillet, y: h.maxY), through: Point(x: k.minX, y: h.maxY))
            path.line(to: Point(x: h.minX + hr, y: h.maxY))
            path.corner(to: Point(x: h.minX, y: h.maxY - hr), through: Point(x: h.minX, y: h.maxY))
        } else {
            path.line(to: Point(x: k.minX, y: keyTop))
            path.neck(to: Point(x: h.minX, y: h.maxY))
        }
        return path.points
    }
}

/// Builds a polygon from lines and flattened curves, for a canvas that fills polygons.
struct PolygonPath {
    private(set) var points: [Point] = []

    /// Starts the outline at `p`.
    mutating func move(to p: Point) { points = [p] }

    /// A straight edge to `p`.
    mutating func line(to p: Point) { points.append(p) }

    /// A quarter-circle corner to `p`, bending toward the rectangle's corner `c` (a cubic Bézier
    /// with the usual 0.552 handle, within a thousandth of the radius of a true arc).
    mutating func corner(to p: Point, through c: Point) {
        guard let p0 = points.last else { return move(to: p) }
        let kappa = 0.5523
        cubic(
            Point(x: p0.x + (c.x - p0.x) * kappa, y: p0.y + (c.y - p0.y) * kappa),
            Point(x: p.x + (c.x - p.x) * kappa, y: p.y + (c.y - p.y) * kappa), p, steps: 6)
    }

    /// An S-curve to `p` that leaves and arrives vertically: the balloon's neck.
    mutating func neck(to p: Point) {
        guard let p0 = points.last else { return move(to: p) }
        let dy = p.y - p0.y
        cubic(Point(x: p0.x, y: p0.y + dy * 0.65), Point(x: p.x, y: p.y - dy * 0.65), p, steps: 10)
    }

    private mutating func cubic(_ c1: Point, _ c2: Point, _ p3: Point, steps: Int) {
        guard let p0 = points.last else { return }
        for i in 1...steps {
            let t = Double(i) / Double(steps), u = 1 - t
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            points.append(
                Point(
                    x: a * p0.x + b * c1.x + c * c2.x + d * p3.x,
                    y: a * p0.y + b * c1.y + c * c2.y + d * p3.y))
        }
    }
}
