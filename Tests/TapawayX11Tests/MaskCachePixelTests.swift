import CX11
import Glibc
import TapawayKit
import Testing

@testable import TapawayX11

/// Shapes drawn again through the canvas's cached A8 masks (issue 37), on a private Xvfb.
///
/// The reference is the X server's own rasterisation of the same shape, drawn directly each time
/// (the cache off): every pixel must be the same, to the bit. `MaskCache`'s comment says why it
/// can be: the server composites a shape through a mask it rasterises the same way.
@Suite("Shapes through cached masks on the X canvas", .serialized)
struct MaskCachePixelTests {
    /// A shape and how to draw it.
    struct Shape: CustomStringConvertible {
        var description: String
        var draw: (Canvas, Color) -> Void
    }

    /// The device's screen corner as `DeviceChrome` draws it: the corner, then a quarter arc of
    /// 12 steps between the two edges, filled (not convex).
    static func screenCorner(at corner: Point, radius: Double, sx: Double, sy: Double) -> [Point] {
        var points = [corner]
        let centre = Point(x: corner.x + sx * radius, y: corner.y + sy * radius)
        for step in 0...12 {
            let angle = Double(step) / 12 * .pi / 2
            points.append(Point(x: centre.x - sx * radius * cos(angle), y: centre.y - sy * radius * sin(angle)))
        }
        return points
    }

    /// Ellipses and circles (knobs, badges, dots), screen corners, other polygons, and rounded
    /// fills and strokes, at whole and fractional places; each fits a 36-point cell.
    static func shapes() -> [Shape] {
        var shapes: [Shape] = []
        for x in [2, 2.25, 2.5] as [Double] {
            for y in [2, 2.75] as [Double] {
                for (width, height) in [(27.0, 27.0), (16, 16), (31, 17), (5, 5), (2.4, 2.4), (12, 30)] as [(Double, Double)] {
                    let rect = Rect(x: x, y: y, width: width, height: height)
                    shapes.append(Shape(description: "ellipse \(rect)") { $0.fillEllipse(in: rect, color: $1) })
                }
            }
        }
        for radius in [12.0, 20, 30, 33.5] {
            for (sx, sy) in [(1.0, 1.0), (-1, 1), (1, -1), (-1, -1)] {
                let corner = Point(x: sx > 0 ? 1 : 35, y: sy > 0 ? 1 : 35)
                let points = screenCorner(at: corner, radius: radius, sx: sx, sy: sy)
                shapes.append(Shape(description: "screen corner \(radius) \(sx) \(sy)") { $0.fillPolygon(points, color: $1) })
            }
        }
        let triangle = [Point(x: 3, y: 30.5), Point(x: 15, y: 18.5), Point(x: 15, y: 30.5)]
        shapes.append(Shape(description: "triangle") { $0.fillPolygon(triangle, color: $1) })
        var fan = [Point(x: 17, y: 26)]
        for step in 0...8 {
            let angle = .pi * (1.25 + 0.5 * Double(step) / 8)
            fan.append(Point(x: 17 + 10 * cos(angle), y: 26 + 10 * sin(angle)))
        }
        shapes.append(Shape(description: "fan") { $0.fillPolygon(fan, color: $1) })
        // Reaching left of the cell's origin: drawn directly where it reaches left of the picture.
        let leaning = [Point(x: -3, y: 4), Point(x: 20, y: 10), Point(x: 6, y: 30)]
        shapes.append(Shape(description: "leaning") { $0.fillPolygon(leaning, color: $1) })
        for (rect, radius, lineWidth) in [
            (Rect(x: 2, y: 2, width: 30, height: 20), 8.0, nil as Double?), (Rect(x: 2.5, y: 2, width: 30, height: 21), 6, nil),
            (Rect(x: 2, y: 2, width: 30, height: 30), 10, 2), (Rect(x: 2, y: 2.5, width: 31, height: 30), 10, 2.5),
            (Rect(x: 2, y: 2, width: 30, height: 13), 6.5, nil), (Rect(x: 2, y: 2, width: 30, height: 30), 4, 1),
        ] {
            if let lineWidth {
                shapes.append(
                    Shape(description: "stroke \(rect) \(radius) \(lineWidth)") {
                        $0.strokeRoundedRect(rect, radius: radius, lineWidth: lineWidth, color: $1)
                    })
            } else {
                shapes.append(
                    Shape(description: "rounded \(rect) \(radius)") { $0.fillRoundedRect(rect, radius: radius, color: $1) })
            }
        }
        return shapes
    }

    @Test(
        "a shape drawn again through its cached mask has every pixel of the server's direct rasterisation",
        arguments: [1.0, 1.5, 2])
    func masksMatchRasterising(scale: Double) throws {
        let surface = try CanvasSurface(width: 1120, height: 1280)
        // Each shape three times, in three cells of 80 × 80 device pixels side by side: the first
        // draws it directly, the second makes its mask, the third uses it.
        let cell = 80 / scale
        let shapes = Self.shapes()
        func draw(_ color: Color) -> (RenderCanvas) -> Void {
            { canvas in
                for (index, shape) in shapes.enumerated() {
                    for copy in 0..<3 {
                        let at = index * 3 + copy
                        canvas.save()
                        canvas.translate(dx: Double(at % 14) * cell, dy: Double(at / 14) * cell)
                        shape.draw(canvas, color)
                        canvas.restore()
                    }
                }
            }
        }
        #expect(shapes.count * 3 <= 14 * 16)
        for color in [Color(hex: 0xF2_C1_4E), Color(hex: 0x11_AA_33, alpha: 0.45)] {
            surface.canvas.cachesMasks = false
            let direct = surface.pixels(scale: scale, background: RoundedRectPixelTests.background, inPieces: true, draw(color))
            surface.canvas.cachesMasks = true
            let before = surface.canvas.masksComposited
            let masked = surface.pixels(scale: scale, background: RoundedRectPixelTests.background, inPieces: true, draw(color))
            let composited = surface.canvas.masksComposited - before
            // Every fan and polygon that fits a mask comes through one at least once (its third copy).
            #expect(composited >= shapes.count, "\(composited) shapes through masks")
            var differing: [String: Int] = [:]
            for (offset, (a, b)) in zip(masked, direct).enumerated() where a != b {
                let x = offset % surface.width, y = offset / surface.width
                let index = ((y / 80) * 14 + x / 80) / 3
                differing["\(shapes[index]) \(color.alpha < 1 ? "translucent" : "opaque")", default: 0] += 1
            }
            #expect(differing.isEmpty, "pixels that differ, by shape: \(differing)")
        }
    }

    @Test("a shape drawn once makes no mask, and one drawn again keeps its mask")
    func cachesOnTheSecondDraw() throws {
        let surface = try CanvasSurface(width: 200, height: 200)
        let knob = Rect(x: 10, y: 10, width: 27, height: 27)
        let before = surface.canvas.masksComposited
        _ = surface.pixels(scale: 1, background: RoundedRectPixelTests.background, inPieces: true) { canvas in
            canvas.fillEllipse(in: knob, color: .white)
        }
        #expect(surface.canvas.masksComposited == before)
        _ = surface.pixels(scale: 1, background: RoundedRectPixelTests.background, inPieces: true) { canvas in
            // Moved by whole points: the same mask.
            canvas.fillEllipse(in: knob, color: .white)
            canvas.fillEllipse(in: knob.offsetBy(dx: 50, dy: 7), color: .black)
            canvas.fillEllipse(in: knob.offsetBy(dx: 100, dy: 100), color: .white)
        }
        #expect(surface.canvas.masksComposited == before + 3)
    }
}
