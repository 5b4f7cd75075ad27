/// A point in a two-dimensional coordinate space, in pixels.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal coordinate in points, growing to the right.
    public var x: Double
    /// The vertical coordinate (growing downward, as in UIKit).
    public var y: Double

    /// Creates the point at (`x`, `y`), in points.
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    /// The point at (0, 0): a window's or view's top-left corner.
    public static let zero = Point(x: 0, y: 0)

    /// The point moved by `dx`, `dy`.
    public func offsetBy(dx: Double, dy: Double) -> Point { Point(x: x + dx, y: y + dy) }
    /// The Euclidean distance to another point.
    public func distance(to other: Point) -> Double {
        let dx = other.x - x, dy = other.y - y
        return (dx * dx + dy * dy).squareRoot()
    }
    /// A short textual form.
    public var description: String { "(\(x), \(y))" }
}

/// A width and a height, in pixels.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal extent in points; never negative in a laid-out view.
    public var width: Double
    /// The vertical extent in points; never negative in a laid-out view.
    public var height: Double
    /// Creates a size of `width` by `height` points.
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    /// The size with no width and no height, which contains no point.
    public static let zero = Size(width: 0, height: 0)
    /// A short textual form.
    public var description: String { "\(width)x\(height)" }
}

/// An axis-aligned rectangle: an origin and a size.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The top-left corner, in the coordinate space of whoever holds the rectangle.
    public var origin: Point
    /// The width and height, measured from `origin` to the right and down.
    public var size: Size

    /// Creates a rectangle from its origin and size.
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    /// Creates a rectangle from its four components.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.origin = Point(x: x, y: y)
        self.size = Size(width: width, height: height)
    }
    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The x of the left edge, which the rectangle contains.
    public var minX: Double { origin.x }
    /// The y of the top edge, which the rectangle contains.
    public var minY: Double { origin.y }
    /// The x of the right edge, just outside the rectangle.
    public var maxX: Double { origin.x + size.width }
    /// The y of the bottom edge, just outside the rectangle.
    public var maxY: Double { origin.y + size.height }
    /// The x halfway between the left and right edges.
    public var midX: Double { origin.x + size.width / 2 }
    /// The y halfway between the top and bottom edges.
    public var midY: Double { origin.y + size.height / 2 }
    /// The rectangle's width, as `size.width`.
    public var width: Double { size.width }
    /// The rectangle's height, as `size.height`.
    public var height: Double { size.height }
    /// The point at the middle of the rectangle, (`midX`, `midY`).
    public var center: Point { Point(x: midX, y: midY) }
    /// Whether the rectangle encloses no area.
    public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }

    /// Whether `point` lies inside (the right and bottom edges are outside).
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }
    /// Whether `other` lies wholly inside this rectangle.
    public func contains(_ other: Rect) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }
    /// Whether the two rectangles overlap.
    public func intersects(_ other: Rect) -> Bool { !intersection(other).isEmpty }
    /// The overlap of two rectangles, or an empty rectangle.
    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        if x1 <= x0 || y1 <= y0 { return .zero }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
    /// The smallest rectangle enclosing both; an empty operand is ignored.
    public func union(_ other: Rect) -> Rect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(minX, other.minX), y0 = min(minY, other.minY)
        let x1 = max(maxX, other.maxX), y1 = max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
    /// The rectangle moved by `dx`, `dy`.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(origin: origin.offsetBy(dx: dx, dy: dy), size: size)
    }
    /// The rectangle shrunk by `dx` on the left and right and `dy` on the top and bottom.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: max(0, width - 2 * dx), height: max(0, height - 2 * dy))
    }
    /// The rectangle shrunk by the given insets.
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(
            x: minX + insets.left, y: minY + insets.top,
            width: max(0, width - insets.left - insets.right),
            height: max(0, height - insets.top - insets.bottom))
    }
    /// The rectangle grown outward to whole pixels.
    public var integral: Rect {
        let x0 = minX.rounded(.down), y0 = minY.rounded(.down)
        let x1 = maxX.rounded(.up), y1 = maxY.rounded(.up)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
    /// A short textual form.
    public var description: String { "[\(minX), \(minY), \(width), \(height)]" }
}

/// Distances inward from each edge of a rectangle.
public struct EdgeInsets: Hashable, Sendable {
    /// The inset from the top edge.
    public var top: Double
    /// The inset from the left edge.
    public var left: Double
    /// The inset from the bottom edge.
    public var bottom: Double
    /// The inset from the right edge.
    public var right: Double
    /// Creates insets that move each edge inwards by the given points (zero by default).
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    /// The insets that move no edge, leaving a rectangle as it is.
    public static let zero = EdgeInsets()
}
