import TapawayKit

/// The headless backend's canvas: it records what is drawn, in device coordinates, where a
/// screen would show it.
public final class RecordingCanvas: Canvas {
    /// One drawing call the canvas recorded, in device coordinates, whole (not cut by the clip).
    public enum Operation: Equatable {
        /// A rectangle filled with one colour.
        case fill(Rect, Color)
        /// A filled rounded rectangle.
        case roundedRect(Rect, Color)
        /// A stroked rounded rectangle.
        case strokedRoundedRect(Rect, Color)
        /// An ellipse inscribed in the rectangle, filled with one colour.
        case ellipse(Rect, Color)
        /// A filled polygon (its bounding box).
        case polygon(Rect, Color)
        /// A line of text at its baseline origin.
        case text(String, Point, Color)
    }

    /// The calls so far, in order.
    public private(set) var operations: [Operation] = []
    private var offset = Point.zero
    private var clipRect: Rect
    private var stack: [(Point, Rect)] = []

    /// Creates a canvas whose initial clip is `bounds`.
    public init(bounds: Rect = Rect(x: -1e6, y: -1e6, width: 2e6, height: 2e6)) { clipRect = bounds }

    /// Forgets the recorded calls.
    public func reset() { operations.removeAll() }

    /// The texts drawn, in order.
    public var texts: [String] {
        operations.compactMap { if case .text(let s, _, _) = $0 { return s } else { return nil } }
    }

    /// Moves the origin of later drawing by (`dx`, `dy`).
    public func translate(dx: Double, dy: Double) { offset = offset.offsetBy(dx: dx, dy: dy) }
    /// Pushes the origin and the clip, for `restore()` to bring back.
    public func save() { stack.append((offset, clipRect)) }
    /// Pops the origin and the clip that the matching `save()` pushed.
    public func restore() { if let (o, c) = stack.popLast() { offset = o; clipRect = c } }
    /// Narrows the clip to its intersection with `rect`, in the current space.
    public func clip(to rect: Rect) { clipRect = clipRect.intersection(device(rect)) }

    private func device(_ rect: Rect) -> Rect { rect.offsetBy(dx: offset.x, dy: offset.y) }
    private func record(_ rect: Rect, _ make: (Rect) -> Operation) {
        let r = device(rect)
        if r.intersects(clipRect) { operations.append(make(r)) }
    }

    /// Records a filled rectangle in device coordinates if any of it lies inside the clip.
    public func fill(_ rect: Rect, color: Color) { record(rect) { .fill($0, color) } }
    /// Records a rounded fill.
    public func fillRoundedRect(_ rect: Rect, radius: Double, color: Color) { record(rect) { .roundedRect($0, color) } }
    /// Records a rounded stroke.
    public func strokeRoundedRect(_ rect: Rect, radius: Double, lineWidth: Double, color: Color) {
        record(rect) { .strokedRoundedRect($0, color) }
    }
    /// Records a filled ellipse by its rectangle if any of it lies inside the clip.
    public func fillEllipse(in rect: Rect, color: Color) { record(rect) { .ellipse($0, color) } }
    /// Records a polygon by its bounding box.
    public func fillPolygon(_ points: [Point], color: Color) {
        guard let first = points.first else { return }
        var box = Rect(origin: first, size: .zero)
        for p in points {
            box = Rect(
                x: min(box.minX, p.x), y: min(box.minY, p.y),
                width: max(box.maxX, p.x) - min(box.minX, p.x),
                height: max(box.maxY, p.y) - min(box.minY, p.y))
        }
        record(box) { .polygon($0, color) }
    }
    /// Records a string at its baseline origin with its colour if any of its line box lies inside the clip.
    public func drawText(_ text: Substring, at point: Point, font: Font, color: Color) {
        let box = Rect(x: point.x, y: point.y - font.ascent, width: max(1, font.width(of: text)), height: font.lineHeight)
        if device(box).intersects(clipRect) {
            operations.append(.text(String(text), point.offsetBy(dx: offset.x, dy: offset.y), color))
        }
    }
}
