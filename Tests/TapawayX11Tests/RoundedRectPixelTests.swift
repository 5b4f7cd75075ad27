import CX11
import TapawayKit
import Testing

@testable import TapawayX11

/// Rounded rectangles through the real X canvas (XRender on a private Xvfb).
///
/// On whole pixels the canvas draws them in pieces, rectangles and corner polygons (issue 37); these
/// tests hold it to drawing the very pixels that one polygon of the whole shape draws, and to pixels
/// that are right in themselves: the fill colour exactly wherever a pixel lies wholly inside, the
/// background wholly outside, anti-aliased between, with no seam where the pieces meet.
@Suite("Rounded rectangles on the X canvas", .serialized)
struct RoundedRectPixelTests {
    /// One shape: a fill, or a stroke of `lineWidth`, in points.
    struct Shape: CustomStringConvertible {
        var rect: Rect
        var radius: Double
        var lineWidth: Double?

        var description: String {
            let kind = lineWidth.map { "stroke \($0)" } ?? "fill"
            return "\(kind) \(rect) radius \(radius)"
        }

        func draw(on canvas: RenderCanvas, color: Color) {
            if let lineWidth {
                canvas.strokeRoundedRect(rect, radius: radius, lineWidth: lineWidth, color: color)
            } else {
                canvas.fillRoundedRect(rect, radius: radius, color: color)
            }
        }
    }

    /// Shapes at whole and fractional places, of whole and fractional sizes and radii, from a
    /// radius too small to round to one past half the shorter side (a pill), each within a
    /// 40-point cell.
    static func shapes(lineWidth: Double?) -> [Shape] {
        var shapes: [Shape] = []
        for x in [2, 3.25] {
            for y in [2, 2.5] {
                for (width, height) in [(36.0, 30.0), (37, 21), (16, 16), (36, 12), (11, 36), (31, 30)] {
                    for radius in [0.2, 1, 3, 5.5, 6, 10, 50] {
                        shapes.append(
                            Shape(rect: Rect(x: x, y: y, width: width, height: height), radius: radius, lineWidth: lineWidth))
                    }
                }
            }
        }
        return shapes
    }

    static let background = Color(hex: 0x2B_5C_8A)

    @Test(
        "in pieces, a rounded fill or stroke draws every pixel as one polygon of the whole shape does",
        arguments: [1.0, 1.5, 2])
    func piecesMatchOnePolygon(scale: Double) throws {
        let surface = try CanvasSurface(width: 1120, height: 960)
        var inPieces = 0
        var total = 0
        for lineWidth in [nil, 1, 2, 2.5, 4] as [Double?] {
            let colors = [Color(hex: 0xF2_C1_4E), Color(hex: 0x11_AA_33, alpha: 0.45)]
            for color in colors {
                let shapes = Self.shapes(lineWidth: lineWidth)
                // A grid of cells 80 device pixels wide, one shape in each, 168 to a picture.
                let cell = 80 / scale
                for batch in stride(from: 0, to: shapes.count, by: 168) {
                    let range = batch..<min(shapes.count, batch + 168)
                    func draw(_ canvas: RenderCanvas) {
                        for (index, shape) in shapes[range].enumerated() {
                            canvas.save()
                            canvas.translate(dx: Double(index % 14) * cell, dy: Double(index / 14) * cell)
                            shape.draw(on: canvas, color: color)
                            canvas.restore()
                        }
                    }
                    let before = surface.canvas.piecesDrawn
                    let split = surface.pixels(scale: scale, background: Self.background, inPieces: true, draw)
                    let after = surface.canvas.piecesDrawn
                    inPieces += after - before
                    total += range.count
                    let whole = surface.pixels(scale: scale, background: Self.background, inPieces: false, draw)
                    #expect(surface.canvas.piecesDrawn == after, "with pieces off, every shape is one polygon")
                    guard split != whole else { continue }
                    var differing: [String: Int] = [:]
                    for (offset, (a, b)) in zip(split, whole).enumerated() where a != b {
                        let x = offset % surface.width, y = offset / surface.width
                        let index = range.lowerBound + (y / 80) * 14 + x / 80
                        differing["\(shapes[index]) \(color.alpha < 1 ? "translucent" : "opaque")", default: 0] += 1
                    }
                    #expect(differing.count == 0, "pixels that differ, by shape: \(differing)")
                }
            }
        }
        // Enough shapes lie on whole pixels for the comparison to mean something.
        #expect(inPieces >= 40, "\(inPieces) of \(total) shapes were drawn in pieces")
    }

    @Test(
        "every pixel wholly inside is the fill colour, wholly outside the background, and between at the edges",
        arguments: [1.0, 1.5, 2])
    func pixelsFollowTheShape(scale: Double) throws {
        let surface = try CanvasSurface(width: 200, height: 200)
        let shapes = [
            Shape(rect: Rect(x: 10, y: 10, width: 60, height: 40), radius: 8),
            Shape(rect: Rect(x: 10.5, y: 10.25, width: 60, height: 40.5), radius: 8),
            Shape(rect: Rect(x: 10, y: 10, width: 60, height: 40), radius: 7.5),
            Shape(rect: Rect(x: 10, y: 10, width: 60, height: 20), radius: 10),
            Shape(rect: Rect(x: 10, y: 10, width: 60, height: 40), radius: 10, lineWidth: 2),
            Shape(rect: Rect(x: 10, y: 10, width: 60, height: 40), radius: 10, lineWidth: 1),
            Shape(rect: Rect(x: 10, y: 10, width: 60, height: 40), radius: 2, lineWidth: 2),
            Shape(rect: Rect(x: 10, y: 10, width: 60, height: 40), radius: 0, lineWidth: 3),
            Shape(rect: Rect(x: 10.5, y: 10, width: 60, height: 40), radius: 10, lineWidth: 2.5),
        ]
        for shape in shapes {
            for color in [Color(hex: 0xE0_30_20), Color(hex: 0x00_00_00, alpha: 0.5)] {
                let pixels = surface.pixels(scale: scale, background: Self.background, inPieces: true) { canvas in
                    shape.draw(on: canvas, color: color)
                    // The colour a pixel covered whole takes: a plain fill's, off to the side.
                    canvas.fill(Rect(x: 0, y: 0, width: 4, height: 4), color: color)
                }
                let full = pixels[0]
                let empty = pixels[surface.width * surface.height - 1]
                let coverage = Coverage(shape: shape, scale: scale)
                var wrong: [String] = []
                var between = 0
                for y in 0..<surface.height {
                    for x in 8..<surface.width {
                        let pixel = pixels[y * surface.width + x]
                        switch coverage.of(x: Double(x), y: Double(y)) {
                        case .whole where pixel != full, .none where pixel != empty:
                            wrong.append("(\(x), \(y))")
                        case .part:
                            guard Self.lies(pixel, between: empty, and: full) else {
                                wrong.append("(\(x), \(y)) not between")
                                break
                            }
                            if pixel != full && pixel != empty { between += 1 }
                        default: break
                        }
                    }
                }
                let label = "\(shape) \(color.alpha < 1 ? "translucent" : "opaque") at scale \(scale)"
                #expect(wrong.count == 0, "\(label): wrong pixels, first \(wrong.prefix(8))")
                if coverage.outer.radius >= 1 {
                    #expect(between > 0, "\(label): no anti-aliased pixel at the corners")
                }
            }
        }
    }

    /// Whether each channel of `pixel` lies between those of `a` and `b`.
    static func lies(_ pixel: UInt32, between a: UInt32, and b: UInt32) -> Bool {
        for shift: UInt32 in [0, 8, 16] {
            let p = (pixel >> shift) & 0xFF, x = (a >> shift) & 0xFF, y = (b >> shift) & 0xFF
            if p < min(x, y) || p > max(x, y) { return false }
        }
        return true
    }
}

/// How much of a device pixel a shape covers, by geometry alone: wholly, not at all, or in part (or too
/// near the edge to tell).
///
/// The canvas's polygon follows each arc with chords at most a tenth of a pixel inside it, so a pixel
/// counts as wholly inside only that far within the arc.
struct Coverage {
    enum Amount { case whole, none, part }

    /// A rounded rectangle in device pixels.
    struct Rounded {
        var rect: Rect
        var radius: Double

        /// The distance from the point to the rectangle inset by the radius on every side.
        func distanceToCore(x: Double, y: Double) -> Double {
            let cx = min(max(x, rect.minX + radius), rect.maxX - radius)
            let cy = min(max(y, rect.minY + radius), rect.maxY - radius)
            return ((x - cx) * (x - cx) + (y - cy) * (y - cy)).squareRoot()
        }

        /// Whether the pixel at (`x`, `y`) lies inside, every corner of it `margin` within the
        /// arcs (the shape is convex; straight sides are exact).
        func holds(x: Double, y: Double, margin: Double) -> Bool {
            guard x >= rect.minX, x + 1 <= rect.maxX, y >= rect.minY, y + 1 <= rect.maxY else { return false }
            let limit = radius > 0 ? radius - margin : 0
            for (px, py) in [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)] where distanceToCore(x: px, y: py) > limit {
                return false
            }
            return true
        }

        /// Whether the pixel at (`x`, `y`) lies outside, touching the outline at most. (The
        /// polygon's arcs lie inside the true ones, and a pixel's sample points keep off its
        /// borders, so a pixel that only touches has none inside.)
        func misses(x: Double, y: Double) -> Bool {
            // The gap between the pixel and the core along each axis (negative: they overlap).
            let gapX = max(rect.minX + radius - (x + 1), x - (rect.maxX - radius))
            let gapY = max(rect.minY + radius - (y + 1), y - (rect.maxY - radius))
            if radius == 0 { return max(gapX, gapY) >= 0 }
            let dx = max(0, gapX), dy = max(0, gapY)
            return (dx * dx + dy * dy).squareRoot() >= radius
        }
    }

    let outer: Rounded
    let inner: Rounded?

    /// The coverage of `shape` drawn at `scale`, with the radii the canvas takes.
    init(shape: RoundedRectPixelTests.Shape, scale: Double) {
        func device(_ rect: Rect) -> Rect {
            Rect(x: rect.minX * scale, y: rect.minY * scale, width: rect.width * scale, height: rect.height * scale)
        }
        let rect = shape.rect
        let outerRadius = max(0, min(shape.radius, rect.width / 2, rect.height / 2))
        guard let lineWidth = shape.lineWidth else {
            outer = Rounded(rect: device(rect), radius: outerRadius < 0.25 ? 0 : outerRadius * scale)
            inner = nil
            return
        }
        let innerRect = rect.insetBy(dx: lineWidth, dy: lineWidth)
        let innerRadius = max(0, min(outerRadius - lineWidth, innerRect.width / 2, innerRect.height / 2))
        outer = Rounded(rect: device(rect), radius: outerRadius * scale < 0.25 ? 0 : outerRadius * scale)
        inner = Rounded(rect: device(innerRect), radius: innerRadius * scale < 0.25 ? 0 : innerRadius * scale)
    }

    /// How much of the pixel whose top-left corner is (`x`, `y`) the shape covers.
    func of(x: Double, y: Double) -> Amount {
        let chord = 0.1
        let inOuter = outer.holds(x: x, y: y, margin: chord)
        let outOuter = outer.misses(x: x, y: y)
        guard let inner else { return inOuter ? .whole : outOuter ? .none : .part }
        // The hole's outline is chords inside its arcs too: the hole is at most that much smaller.
        let inHole = inner.holds(x: x, y: y, margin: chord)
        let outHole = inner.misses(x: x, y: y)
        if inOuter && outHole { return .whole }
        if outOuter || inHole { return .none }
        return .part
    }
}

/// A picture on a private X server that a `RenderCanvas` draws into, read back pixel by pixel.
final class CanvasSurface {
    let server: PrivateDisplay
    let width: Int
    let height: Int
    let canvas: RenderCanvas
    private let pixmap: Pixmap
    private let picture: Picture

    init(width: Int, height: Int) throws {
        server = try PrivateDisplay()
        self.width = width
        self.height = height
        let display = server.display
        let screen = XDefaultScreen(display)
        pixmap = XCreatePixmap(
            display, XRootWindow(display, screen), UInt32(width), UInt32(height), UInt32(XDefaultDepth(display, screen)))
        picture = XRenderCreatePicture(
            display, pixmap, XRenderFindVisualFormat(display, XDefaultVisual(display, screen)), 0, nil)
        canvas = RenderCanvas(display: display)
    }

    deinit {
        canvas.releaseResources()
        XRenderFreePicture(server.display, picture)
        XFreePixmap(server.display, pixmap)
    }

    /// The pixels (0xRRGGBB, row by row) after clearing to `background` and letting `draw` draw
    /// at `scale`, with rounded rectangles in pieces or each as one polygon.
    func pixels(scale: Double, background: Color, inPieces: Bool, _ draw: (RenderCanvas) -> Void) -> [UInt32] {
        let display = server.display
        let all = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        canvas.scale = scale
        canvas.splitsRoundedShapes = inPieces
        canvas.begin(picture: picture, draw: nil, clip: all, origin: Point(x: 0, y: 0))
        canvas.fill(all, color: background)
        draw(canvas)
        canvas.end()
        guard let image = XGetImage(display, pixmap, 0, 0, UInt32(width), UInt32(height), UInt.max, ZPixmap) else {
            Issue.record("XGetImage failed")
            return []
        }
        defer { _ = image.pointee.f.destroy_image(image) }
        var pixels = [UInt32](repeating: 0, count: width * height)
        let img = image.pointee
        if img.bits_per_pixel == 32, img.byte_order == LSBFirst, let data = img.data {
            let stride = Int(img.bytes_per_line) / 4
            data.withMemoryRebound(to: UInt32.self, capacity: stride * height) { words in
                pixels.withUnsafeMutableBufferPointer { out in
                    for y in 0..<height {
                        for x in 0..<width { out[y * width + x] = UInt32(littleEndian: words[y * stride + x]) & 0xFF_FFFF }
                    }
                }
            }
        } else {
            for y in 0..<height {
                for x in 0..<width {
                    let pixel = image.pointee.f.get_pixel(image, Int32(x), Int32(y))
                    pixels[y * width + x] = UInt32(truncatingIfNeeded: pixel) & 0xFF_FFFF
                }
            }
        }
        return pixels
    }
}
