import CX11
import Glibc
import TapawayKit

/// The Kit's `Canvas` on an X back buffer: anti-aliased shapes through XRender polygons,
/// text through Xft, a translation and a rectangular clip kept on a save/restore stack.
///
/// The Kit draws in points; `scale` device pixels make a point (1 at 96 dpi). The translation is
/// kept in points and the clip in device pixels.
///
/// One canvas serves every window: `begin` points it at a back buffer before a window renders,
/// `end` detaches it.
final class RenderCanvas: Canvas {
    private struct State {
        var dx: Double
        var dy: Double
        var clip: Rect
    }

    private let display: OpaquePointer
    private let maskFormat: UnsafeMutablePointer<XRenderPictFormat>?
    private var solids: [Color: Picture] = [:]

    private var picture: Picture = 0
    private var draw: OpaquePointer?
    private var state = State(dx: 0, dy: 0, clip: .zero)
    private var stack: [State] = []
    /// The clip (whole device pixels) last given to the picture and to the Xft draw.
    private var pictureClip: XRectangle?
    private var textClip: XRectangle?
    private var points: [XPointDouble] = []
    /// `points` in XRender's 16.16 fixed point, for the triangle fans of convex shapes and the
    /// corners of rounded rectangles drawn in pieces.
    private var fixedPoints: [XPointFixed] = []
    /// Device pixels per Kit point.
    var scale: Double = 1

    init(display: OpaquePointer) {
        self.display = display
        maskFormat = XRenderFindStandardFormat(display, Int32(PictStandardA8))
        masks = MaskCache(display: display, format: maskFormat)
    }

    /// The anti-aliased shapes met more than once, as A8 masks on the server (`MaskCache`).
    private let masks: MaskCache

    /// Whether a fan or polygon drawn again goes through its cached mask rather than being
    /// rasterised again.
    ///
    /// Tests turn it off to compare the two.
    var cachesMasks = true

    /// How many shapes have been drawn through a cached mask (tests read it to know they were).
    private(set) var masksComposited = 0

    // MARK: Target

    /// Points the canvas at a back buffer, clipped to `clip` (device pixels), with the window's
    /// coordinates offset by `origin` (in points) from the buffer's.
    func begin(picture: Picture, draw: OpaquePointer?, clip: Rect, origin: Point) {
        self.picture = picture
        self.draw = draw
        state = State(dx: origin.x, dy: origin.y, clip: clip)
        stack.removeAll(keepingCapacity: true)
        pictureClip = nil
        textClip = nil
    }

    /// Detaches the canvas from its back buffer.
    func end() {
        picture = 0
        draw = nil
        stack.removeAll(keepingCapacity: true)
    }

    /// Frees the cached solid-fill pictures and shape masks.
    func releaseResources() {
        for picture in solids.values { XRenderFreePicture(display, picture) }
        solids.removeAll()
        masks.removeAll()
    }

    // MARK: Canvas: state

    func translate(dx: Double, dy: Double) {
        state.dx += dx
        state.dy += dy
    }

    func save() { stack.append(state) }

    func restore() {
        if let saved = stack.popLast() { state = saved }
    }

    func clip(to rect: Rect) {
        state.clip = state.clip.intersection(device(rect))
    }

    /// `rect` (in the current coordinates, points) in device pixels.
    private func device(_ rect: Rect) -> Rect {
        let s = scale
        return Rect(x: (rect.minX + state.dx) * s, y: (rect.minY + state.dy) * s, width: rect.width * s, height: rect.height * s)
    }

    // MARK: Canvas: shapes

    func fill(_ rect: Rect, color: Color) {
        guard color.alpha > 0, picture != 0 else { return }
        let device = self.device(rect)
        guard !device.isEmpty else { return }
        if isIntegral(device) {
            fillPixels(device, color: color)
        } else {
            points.removeAll(keepingCapacity: true)
            addPoint(device.minX, device.minY)
            addPoint(device.maxX, device.minY)
            addPoint(device.maxX, device.maxY)
            addPoint(device.minX, device.maxY)
            compositePoints(bounds: device, color: color)
        }
    }

    func fillRoundedRect(_ rect: Rect, radius: Double, color: Color) {
        guard color.alpha > 0, !rect.isEmpty else { return }
        let r = min(radius, rect.width / 2, rect.height / 2)
        if r < 0.25 { fill(rect, color: color); return }
        let device = self.device(rect)
        if splitsRoundedShapes, fillRoundedRectInPieces(device, radius: r * scale, color: color) { return }
        points.removeAll(keepingCapacity: true)
        addRoundedRect(device, radius: r * scale)
        compositePoints(bounds: device, color: color, convex: true)
    }

    func strokeRoundedRect(_ rect: Rect, radius: Double, lineWidth: Double, color: Color) {
        guard color.alpha > 0, !rect.isEmpty, lineWidth > 0 else { return }
        let inner = rect.insetBy(dx: lineWidth, dy: lineWidth)
        if inner.isEmpty || lineWidth * 2 >= min(rect.width, rect.height) {
            fillRoundedRect(rect, radius: radius, color: color)
            return
        }
        let outerRadius = max(0, min(radius, rect.width / 2, rect.height / 2))
        let innerRadius = max(0, min(outerRadius - lineWidth, inner.width / 2, inner.height / 2))
        let device = self.device(rect)
        let innerDevice = self.device(inner)
        if splitsRoundedShapes,
            strokeRoundedRectInPieces(
                device, radius: outerRadius * scale, inner: innerDevice, innerRadius: innerRadius * scale, color: color)
        {
            return
        }
        // One polygon, two contours: the outer outline, then the inner one reversed, joined by
        // a horizontal bridge at mid-height (the tessellator drops horizontal edges), filled
        // even-odd so the inside is a hole.
        let midY = device.midY
        points.removeAll(keepingCapacity: true)
        addRoundedRect(device, radius: outerRadius * scale, startingAtLeftMid: midY, reversed: false)
        addRoundedRect(innerDevice, radius: innerRadius * scale, startingAtLeftMid: midY, reversed: true)
        compositePoints(bounds: device, color: color)
    }

    func fillEllipse(in rect: Rect, color: Color) {
        guard color.alpha > 0, !rect.isEmpty else { return }
        let device = self.device(rect)
        let rx = device.width / 2, ry = device.height / 2
        let count = min(96, max(12, RenderCanvas.segments(forRadius: max(rx, ry), angle: 2 * Double.pi)))
        points.removeAll(keepingCapacity: true)
        for i in 0..<count {
            let angle = 2 * Double.pi * Double(i) / Double(count)
            addPoint(device.midX + rx * cos(angle), device.midY + ry * sin(angle))
        }
        compositePoints(bounds: device, color: color, convex: true)
    }

    func fillPolygon(_ polygon: [Point], color: Color) {
        guard color.alpha > 0, polygon.count >= 3 else { return }
        points.removeAll(keepingCapacity: true)
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for p in polygon {
            let x = (p.x + state.dx) * scale, y = (p.y + state.dy) * scale
            addPoint(x, y)
            minX = Swift.min(minX, x); maxX = Swift.max(maxX, x)
            minY = Swift.min(minY, y); maxY = Swift.max(maxY, y)
        }
        compositePoints(bounds: Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY), color: color)
    }

    // MARK: Canvas: text

    func drawText(_ text: Substring, at point: Point, font: TapawayKit.Font, color: Color) {
        drawText(text, at: point, font: font, color: color, rightToLeft: nil)
    }

    func drawText(_ text: Substring, at point: Point, font: TapawayKit.Font, color: Color, rightToLeft: Bool?) {
        guard color.alpha > 0, !text.isEmpty, let draw, let face = font as? XftFontFace else { return }
        let x = ((point.x + state.dx) * scale).rounded()
        let y = ((point.y + state.dy) * scale).rounded()
        let clip = state.clip
        let ascent = face.ascent * scale, descent = face.descent * scale
        guard !clip.isEmpty, x < clip.maxX, y - ascent - 2 < clip.maxY, y + descent + 2 > clip.minY,
            abs(x) < 30_000, abs(y) < 30_000
        else { return }
        guard applyTextClip(draw) else { return }
        var xftColor = XftColor(pixel: 0, color: renderColor(color))
        if let shaped = face.shapedLine(text, rightToLeft: rightToLeft) {
            // Shaped glyphs, placed relative to the pen; XftGlyphSpec's coordinates are 16 bits.
            for (font, specs) in shaped.glyphs where !specs.isEmpty {
                var placed = specs.map {
                    XftGlyphSpec(glyph: $0.glyph, x: Int16(clamping: Int(x) + Int($0.x)), y: Int16(clamping: Int(y) + Int($0.y)))
                }
                XftDrawGlyphSpec(draw, &xftColor, font, &placed, Int32(placed.count))
            }
            return
        }
        // Each run in the font that has its characters (an emoji in the colour emoji font).
        let runs = face.runs(text)
        var penX = x
        for (index, run) in runs.enumerated() {
            var utf8 = run.text
            utf8.withUTF8 { bytes in
                XftDrawStringUtf8(draw, &xftColor, run.font, Int32(penX), Int32(y), bytes.baseAddress, Int32(bytes.count))
            }
            // Only a text of several runs needs to know where the next one starts.
            guard index < runs.count - 1 else { break }
            penX += XftFontFace.advance(of: run.text, in: run.font, display: display)
            if penX > clip.maxX { break }
        }
    }

    // MARK: Geometry

    /// How many straight segments approximate an arc of `angle` radians and `radius` pixels
    /// so that no chord strays more than a tenth of a pixel from the curve.
    static func segments(forRadius radius: Double, angle: Double) -> Int {
        guard radius > 0.1 else { return 1 }
        let step = acos(max(-1, 1 - 0.1 / radius))
        return Int((angle / step).rounded(.up))
    }

    private func addPoint(_ x: Double, _ y: Double) {
        points.append(XPointDouble(x: x, y: y))
    }

    /// How many segments each corner's arc of a rounded rectangle of `radius` pixels has.
    private static func segmentsPerCorner(radius: Double) -> Int {
        min(16, max(8, RenderCanvas.segments(forRadius: radius, angle: Double.pi / 2)))
    }

    /// Appends the arc of corner `index` (0 top-left, then clockwise on screen) of a rounded rectangle,
    /// clockwise, from the side before it to the side after it.
    ///
    /// Every path that draws a corner makes its points here, so a corner drawn alone has the same
    /// points to the last bit as the whole outline.
    private func addCorner(_ index: Int, of rect: Rect, radius: Double, segments: Int) {
        let corner: (cx: Double, cy: Double, start: Double)
        switch index {
        case 0: corner = (rect.minX + radius, rect.minY + radius, Double.pi)
        case 1: corner = (rect.maxX - radius, rect.minY + radius, 1.5 * Double.pi)
        case 2: corner = (rect.maxX - radius, rect.maxY - radius, 0)
        default: corner = (rect.minX + radius, rect.maxY - radius, 0.5 * Double.pi)
        }
        for i in 0...segments {
            let angle = corner.start + Double.pi / 2 * Double(i) / Double(segments)
            addPoint(corner.cx + radius * cos(angle), corner.cy + radius * sin(angle))
        }
    }

    /// Appends a rounded rectangle's outline clockwise (on screen), from its top-left corner.
    private func addRoundedRect(_ rect: Rect, radius: Double) {
        let segments = RenderCanvas.segmentsPerCorner(radius: radius)
        for index in 0..<4 { addCorner(index, of: rect, radius: radius, segments: segments) }
    }

    /// Appends a closed rounded-rectangle contour that starts and ends on the left edge at `midY`.
    private func addRoundedRect(_ rect: Rect, radius: Double, startingAtLeftMid midY: Double, reversed: Bool) {
        let start = points.count
        addPoint(rect.minX, midY)
        if radius < 0.25 {
            addPoint(rect.minX, rect.minY)
            addPoint(rect.maxX, rect.minY)
            addPoint(rect.maxX, rect.maxY)
            addPoint(rect.minX, rect.maxY)
        } else {
            addRoundedRect(rect, radius: radius)
        }
        addPoint(rect.minX, midY)
        if reversed { points[start...].reverse() }
    }

    // MARK: Rounded rectangles in pieces

    /// Whether a rounded rectangle whose geometry lies on whole device pixels is drawn in pieces: the
    /// pixels it covers whole as plain rectangles, each corner as a small polygon of its own.
    ///
    /// The pixels are the same as from one polygon of the whole shape (`fillRoundedRectInPieces` says
    /// why); the X server is spared rasterising the edges across the shape's whole box. Tests turn it
    /// off to compare the two.
    var splitsRoundedShapes = true

    /// How many rounded rectangles have been drawn in pieces (tests read it to know they were).
    private(set) var piecesDrawn = 0

    /// The four corners' polygons of an outline drawn in pieces, one after the other.
    private var cornerPoints: [XPointDouble] = []

    /// A point in whole device pixels, or in 16.16 fixed point.
    private typealias Pixel = (x: Int32, y: Int32)

    /// `value` in XRender's 16.16 fixed point, rounded to the nearest: how the triangle fans send
    /// their points.
    private static func roundedFixed(_ value: Double) -> Int32 { Int32((value * 65536).rounded()) }

    /// `point` in 16.16 fixed point, rounded to the nearest, as the triangle fans send it.
    private static func roundedFixed(_ point: XPointDouble) -> XPointFixed {
        XPointFixed(x: roundedFixed(point.x), y: roundedFixed(point.y))
    }

    /// `value` in 16.16 fixed point, cut toward zero: how libXrender's `XDoubleToFixed` sends the
    /// points of a general polygon.
    private static func truncatedFixed(_ value: Double) -> Int32 { Int32(value * 65536) }

    /// How far, in 16.16 fixed point's units, a point may lie off a pixel border and still count as on
    /// it: 1/4096 pixel.
    ///
    /// XRender's sample points lie at least 1 927 units (0.029 pixel) inside a pixel's borders, so no
    /// sample is covered differently by a line this near a border and by the border itself. (A corner's
    /// arc often ends a unit short of the border: the end point's cosine is −1.8e-16, not 0, and
    /// libXrender's conversion cuts toward zero.)
    private static let borderTolerance: Int32 = 16

    /// The pixel border `value` lies on once made fixed point by `fixed`, or nil when it lies
    /// between borders.
    private static func wholePixel(_ value: Double, _ fixed: (Double) -> Int32) -> Int32? {
        let v = fixed(value)
        let pixel = (v + 0x8000) >> 16
        return abs(v - pixel << 16) <= borderTolerance ? pixel : nil
    }

    /// Whether `bounds` lies where XRender's 16-bit coordinates and 16.16 fixed point reach (a
    /// shape past it is not drawn at all).
    private static func withinCoordinateLimit(_ bounds: Rect) -> Bool {
        abs(bounds.minX) < 30_000 && abs(bounds.maxX) < 30_000 && abs(bounds.minY) < 30_000 && abs(bounds.maxY) < 30_000
    }

    /// The centre of corner `index` (0 top-left, then clockwise) of the rectangle from (`x0`,
    /// `y0`) to (`x1`, `y1`) with corners of `radius`, in whole pixels.
    private static func cornerCentre(_ index: Int, x0: Int32, y0: Int32, x1: Int32, y1: Int32, radius: Int32) -> Pixel {
        switch index {
        case 0: return (x0 + radius, y0 + radius)
        case 1: return (x1 - radius, y0 + radius)
        case 2: return (x1 - radius, y1 - radius)
        default: return (x0 + radius, y1 - radius)
        }
    }

    /// Whether `arc`, the arc of corner `index` in the fixed point sent, starts and ends `radius`
    /// whole pixels from `centre` along the corner square's sides, and stays in that square (both
    /// within `borderTolerance`): then the square's sides, on pixel borders, cut the outline there
    /// and nowhere else.
    private static func arcMeetsSides(
        _ arc: ArraySlice<XPointFixed>, corner index: Int, centre: Pixel, radius: Int32
    ) -> Bool {
        guard let first = arc.first, let last = arc.last else { return false }
        // The direction at k · ½π (y grows downwards); corner `index` starts at (index + 2) · ½π
        // and ends a quarter turn later.
        func direction(_ k: Int) -> Pixel {
            switch k % 4 {
            case 0: return (1, 0)
            case 1: return (0, 1)
            case 2: return (-1, 0)
            default: return (0, -1)
            }
        }
        let start = direction(index + 2), end = direction(index + 3)
        let tolerance = RenderCanvas.borderTolerance
        func isAt(_ p: XPointFixed, _ x: Int32, _ y: Int32) -> Bool {
            abs(p.x - x << 16) <= tolerance && abs(p.y - y << 16) <= tolerance
        }
        guard isAt(first, centre.x + radius * start.x, centre.y + radius * start.y),
            isAt(last, centre.x + radius * end.x, centre.y + radius * end.y)
        else { return false }
        let farX = centre.x + radius * (start.x + end.x), farY = centre.y + radius * (start.y + end.y)
        let minX = min(centre.x, farX) << 16 - tolerance, maxX = max(centre.x, farX) << 16 + tolerance
        let minY = min(centre.y, farY) << 16 - tolerance, maxY = max(centre.y, farY) << 16 + tolerance
        for p in arc {
            guard p.x >= minX, p.x <= maxX, p.y >= minY, p.y <= maxY else { return false }
        }
        return true
    }

    /// The square of corner `index` whose corner is `centre`, `radius` pixels a side.
    private static func cornerSquare(_ index: Int, centre: Pixel, radius: Int32) -> Rect {
        let left = index == 0 || index == 3, top = index < 2
        return Rect(
            x: Double(left ? centre.x - radius : centre.x), y: Double(top ? centre.y - radius : centre.y),
            width: Double(radius), height: Double(radius))
    }

    /// Fills the rounded rectangle `device` (device pixels, corners of `radius`) in pieces, when that
    /// draws exactly the pixels that one triangle fan of its whole outline draws: the band across its
    /// middle and the bands above and below it between the corners as rectangles, each corner as a fan
    /// from its centre through its arc.
    ///
    /// Returns false, having drawn nothing, when it would not be exact (the rectangle or the radius
    /// between pixels).
    ///
    /// Why the pixels are the same: XRender's anti-aliasing counts which of a pixel's 15 × 17
    /// sample points lie inside the shape's edges (each edge stepped exactly from its two end
    /// points), and no sample point lies on a pixel's border. With the rectangle and the radius on
    /// whole pixels in the fixed point sent, every pixel lies in exactly one piece. A corner's fan
    /// has the outline's own arc points, so the same edges, and counts the same samples in each of
    /// its pixels; the other edges it adds lie on pixel borders or inside it. Every pixel of a
    /// band has all 255 samples inside, the full coverage that a plain fill draws the same. The
    /// pieces never overlap, so no pixel is blended twice, and a translucent colour stays even
    /// across the joins.
    private func fillRoundedRectInPieces(_ device: Rect, radius: Double, color: Color) -> Bool {
        let fixed: (Double) -> Int32 = RenderCanvas.roundedFixed
        guard RenderCanvas.withinCoordinateLimit(device),
            let x0 = RenderCanvas.wholePixel(device.minX, fixed), let y0 = RenderCanvas.wholePixel(device.minY, fixed),
            let x1 = RenderCanvas.wholePixel(device.maxX, fixed), let y1 = RenderCanvas.wholePixel(device.maxY, fixed),
            let r = RenderCanvas.wholePixel(radius, fixed), r > 0, 2 * r <= x1 - x0, 2 * r <= y1 - y0
        else { return false }
        let segments = RenderCanvas.segmentsPerCorner(radius: radius)
        // Each corner's fan, in fixed point: its centre, then its arc. (Made in a local array: each
        // append to a property would check exclusive access.)
        let perCorner = segments + 2
        var fans: [XPointFixed] = []
        fans.reserveCapacity(4 * perCorner)
        for index in 0..<4 {
            let centre = RenderCanvas.cornerCentre(index, x0: x0, y0: y0, x1: x1, y1: y1, radius: r)
            fans.append(XPointFixed(x: centre.x << 16, y: centre.y << 16))
            points.removeAll(keepingCapacity: true)
            addCorner(index, of: device, radius: radius, segments: segments)
            for point in points { fans.append(RenderCanvas.roundedFixed(point)) }
            let arc = fans[(index * perCorner + 1)...]
            guard RenderCanvas.arcMeetsSides(arc, corner: index, centre: centre, radius: r) else { return false }
        }
        fixedPoints = fans
        fillPixels(x0, y0 + r, x1, y1 - r, color: color)
        fillPixels(x0 + r, y0, x1 - r, y0 + r, color: color)
        fillPixels(x0 + r, y1 - r, x1 - r, y1, color: color)
        let source = solidPicture(color)
        for index in 0..<4 {
            let centre = RenderCanvas.cornerCentre(index, x0: x0, y0: y0, x1: x1, y1: y1, radius: r)
            guard canDraw(within: RenderCanvas.cornerSquare(index, centre: centre, radius: r)) else { continue }
            compositeFan(index * perCorner..<(index + 1) * perCorner, source: source)
        }
        piecesDrawn += 1
        return true
    }

    /// Strokes the outline between the rounded rectangles `device` (corners of `radius`) and `inner`
    /// (of `innerRadius`), all in device pixels, in pieces, when that draws exactly the pixels that one
    /// even-odd polygon of both outlines draws: the four sides between the corners as rectangles, each
    /// corner as a polygon of its own (its outer arc and its inner arc, or the inner rectangle's
    /// corner).
    ///
    /// Returns false, having drawn nothing, when it would not be exact: a rectangle or a radius between
    /// pixels, or corners whose two arcs do not share a centre, so that the line is not as wide along
    /// the sides as where the corners meet them.
    ///
    /// The pixels are the same for the reasons `fillRoundedRectInPieces` gives: every piece's
    /// outer edges are the outline's own or lie on pixel borders, and the pieces do not overlap.
    private func strokeRoundedRectInPieces(
        _ device: Rect, radius: Double, inner: Rect, innerRadius: Double, color: Color
    ) -> Bool {
        let fixed = RenderCanvas.truncatedFixed
        guard RenderCanvas.withinCoordinateLimit(device), RenderCanvas.withinCoordinateLimit(inner),
            let x0 = RenderCanvas.wholePixel(device.minX, fixed), let y0 = RenderCanvas.wholePixel(device.minY, fixed),
            let x1 = RenderCanvas.wholePixel(device.maxX, fixed), let y1 = RenderCanvas.wholePixel(device.maxY, fixed),
            let ix0 = RenderCanvas.wholePixel(inner.minX, fixed), let iy0 = RenderCanvas.wholePixel(inner.minY, fixed),
            let ix1 = RenderCanvas.wholePixel(inner.maxX, fixed), let iy1 = RenderCanvas.wholePixel(inner.maxY, fixed),
            x0 < ix0, ix0 < ix1, ix1 < x1, y0 < iy0, iy0 < iy1, iy1 < y1
        else { return false }
        // Outlines of radius under a quarter pixel are sent as plain rectangles
        // (`addRoundedRect(_:radius:startingAtLeftMid:reversed:)`), and the inner radius is the
        // smaller: four sides.
        if radius < 0.25 {
            guard innerRadius < 0.25 else { return false }
            fillPixels(x0, y0, x1, iy0, color: color)
            fillPixels(x0, iy1, x1, y1, color: color)
            fillPixels(x0, iy0, ix0, iy1, color: color)
            fillPixels(ix1, iy0, x1, iy1, color: color)
            piecesDrawn += 1
            return true
        }
        guard let r = RenderCanvas.wholePixel(radius, fixed) else { return false }
        let innerArcs = innerRadius >= 0.25
        var ri: Int32 = 0
        if innerArcs {
            guard let whole = RenderCanvas.wholePixel(innerRadius, fixed) else { return false }
            ri = whole
        }
        // The inner corners' centres (or, without arcs, the inner rectangle's corners) are the
        // outer ones'.
        guard ix0 + ri == x0 + r, iy0 + ri == y0 + r, ix1 - ri == x1 - r, iy1 - ri == y1 - r,
            2 * r <= x1 - x0, 2 * r <= y1 - y0
        else { return false }
        let segments = RenderCanvas.segmentsPerCorner(radius: radius)
        let innerSegments = innerArcs ? RenderCanvas.segmentsPerCorner(radius: innerRadius) : 0
        // Each corner's polygon: its outer arc, then its inner arc backwards (or the inner
        // rectangle's corner, which is the centre).
        let perCorner = segments + 1 + (innerArcs ? innerSegments + 1 : 1)
        points.removeAll(keepingCapacity: true)
        for index in 0..<4 {
            let centre = RenderCanvas.cornerCentre(index, x0: x0, y0: y0, x1: x1, y1: y1, radius: r)
            let start = points.count
            addCorner(index, of: device, radius: radius, segments: segments)
            guard RenderCanvas.arcMeetsSides(truncatedArc(from: start), corner: index, centre: centre, radius: r) else {
                return false
            }
            if innerArcs {
                let innerStart = points.count
                addCorner(index, of: inner, radius: innerRadius, segments: innerSegments)
                guard RenderCanvas.arcMeetsSides(truncatedArc(from: innerStart), corner: index, centre: centre, radius: ri)
                else { return false }
                points[innerStart...].reverse()
            } else {
                addPoint(Double(centre.x), Double(centre.y))
            }
        }
        fillPixels(x0 + r, y0, x1 - r, iy0, color: color)
        fillPixels(x0 + r, iy1, x1 - r, y1, color: color)
        fillPixels(x0, y0 + r, ix0, y1 - r, color: color)
        fillPixels(ix1, y0 + r, x1, y1 - r, color: color)
        swap(&points, &cornerPoints)
        let source = solidPicture(color)
        for index in 0..<4 {
            let centre = RenderCanvas.cornerCentre(index, x0: x0, y0: y0, x1: x1, y1: y1, radius: r)
            guard canDraw(within: RenderCanvas.cornerSquare(index, centre: centre, radius: r)) else { continue }
            points.removeAll(keepingCapacity: true)
            points.append(contentsOf: cornerPoints[index * perCorner..<(index + 1) * perCorner])
            compositePolygon(source: source)
        }
        piecesDrawn += 1
        return true
    }

    /// `points[start...]` in 16.16 fixed point cut toward zero, as libXrender sends them.
    private func truncatedArc(from start: Int) -> ArraySlice<XPointFixed> {
        points[start...].map { XPointFixed(x: RenderCanvas.truncatedFixed($0.x), y: RenderCanvas.truncatedFixed($0.y)) }[...]
    }

    // MARK: XRender

    /// Fills the whole device pixels from (`x0`, `y0`) to (`x1`, `y1`) with `color`, within the
    /// clip; nothing when that is empty.
    private func fillPixels(_ x0: Int32, _ y0: Int32, _ x1: Int32, _ y1: Int32, color: Color) {
        guard x1 > x0, y1 > y0 else { return }
        fillPixels(
            Rect(x: Double(x0), y: Double(y0), width: Double(x1 - x0), height: Double(y1 - y0)), color: color)
    }

    /// Fills the device pixels of `device` (a rectangle on pixel borders) with `color`, within the
    /// clip: a plain fill, which the server draws without anti-aliasing.
    private func fillPixels(_ device: Rect, color: Color) {
        guard picture != 0 else { return }
        let visible = device.intersection(state.clip).integral
        guard !visible.isEmpty, applyPictureClip() else { return }
        var render = renderColor(color)
        XRenderFillRectangle(
            display, color.alpha >= 1 ? PictOpSrc : PictOpOver, picture, &render,
            Int32(visible.minX), Int32(visible.minY),
            UInt32(visible.width), UInt32(visible.height))
    }

    /// Composites the polygon in `points` with `color`, if its bounds meet the clip.
    ///
    /// A convex one (a rounded rectangle, an ellipse) goes as a fan of triangles from its first point:
    /// XRender's general polygon path tessellates into a buffer of n² trapezoids for n points (up to
    /// 745 KiB for a rounded shape, made and freed on every draw), a fan into n − 2 triangles.
    private func compositePoints(bounds: Rect, color: Color, convex: Bool = false) {
        guard points.count >= 3, canDraw(within: bounds) else { return }
        let source = solidPicture(color)
        if convex {
            fixedPoints.removeAll(keepingCapacity: true)
            for point in points { fixedPoints.append(RenderCanvas.roundedFixed(point)) }
            compositeFan(0..<fixedPoints.count, source: source)
        } else {
            compositePolygon(source: source)
        }
    }

    /// Whether a shape within `bounds` can show: its box, a pixel wider for the anti-aliasing, meets
    /// the clip, and it lies where XRender's coordinates reach.
    ///
    /// If so, the picture has the clip.
    private func canDraw(within bounds: Rect) -> Bool {
        guard picture != 0 else { return false }
        let visible = bounds.insetBy(dx: -1, dy: -1).intersection(state.clip)
        guard !visible.isEmpty, RenderCanvas.withinCoordinateLimit(bounds) else { return false }
        return applyPictureClip()
    }

    /// Composites the triangle fan `fixedPoints[range]`, from its first point, with `source`: through
    /// its cached mask when it has one (`MaskCache`), else rasterised by the server.
    private func compositeFan(_ range: Range<Int>, source: Picture) {
        if cachesMasks, let placed = masks.fan(fixedPoints[range]) {
            compositeMask(placed, source: source)
            return
        }
        fixedPoints[range].withUnsafeBufferPointer { buffer in
            XRenderCompositeTriFan(
                display, PictOpOver, source, picture, maskFormat, 0, 0, buffer.baseAddress, Int32(buffer.count))
        }
    }

    /// Composites the polygon in `points`, even-odd, with `source`: through its cached mask when it
    /// has one (`MaskCache`), else rasterised by the server.
    private func compositePolygon(source: Picture) {
        if cachesMasks, let placed = masks.polygon(points) {
            compositeMask(placed, source: source)
            return
        }
        points.withUnsafeBufferPointer { buffer in
            XRenderCompositeDoublePoly(
                display, PictOpOver, source, picture, maskFormat, 0, 0, 0, 0,
                buffer.baseAddress, Int32(buffer.count), EvenOddRule)
        }
    }

    /// Composites `source` through a cached mask at its place, within the picture's clip: what the
    /// server does after rasterising a shape into a mask of its own.
    private func compositeMask(_ placed: MaskCache.Placed, source: Picture) {
        XRenderComposite(
            display, PictOpOver, source, placed.mask.picture, picture, 0, 0, 0, 0,
            placed.x, placed.y, placed.mask.width, placed.mask.height)
        masksComposited += 1
    }

    /// A solid-fill source picture for `color`, cached.
    private func solidPicture(_ color: Color) -> Picture {
        if let picture = solids[color] { return picture }
        if solids.count >= 256 { releaseResources() }
        var render = renderColor(color)
        let picture = XRenderCreateSolidFill(display, &render)
        solids[color] = picture
        return picture
    }

    /// The current clip in whole device pixels (rounded outward), or nil when it is empty.
    private func deviceClip() -> XRectangle? {
        let clip = state.clip.integral
        guard !clip.isEmpty else { return nil }
        let x0 = max(-32768, min(32767, clip.minX)), y0 = max(-32768, min(32767, clip.minY))
        let x1 = max(x0, min(x0 + 65535, clip.maxX)), y1 = max(y0, min(y0 + 65535, clip.maxY))
        return XRectangle(x: Int16(x0), y: Int16(y0), width: UInt16(x1 - x0), height: UInt16(y1 - y0))
    }

    /// Gives the current clip to the picture if it changed; false when nothing can be drawn.
    private func applyPictureClip() -> Bool {
        guard var rect = deviceClip() else { return false }
        if let applied = pictureClip, applied.x == rect.x, applied.y == rect.y,
            applied.width == rect.width, applied.height == rect.height
        {
            return true
        }
        XRenderSetPictureClipRectangles(display, picture, 0, 0, &rect, 1)
        pictureClip = rect
        return true
    }

    /// Gives the current clip to the Xft draw if it changed; false when nothing can be drawn.
    private func applyTextClip(_ draw: OpaquePointer) -> Bool {
        guard var rect = deviceClip() else { return false }
        if let applied = textClip, applied.x == rect.x, applied.y == rect.y,
            applied.width == rect.width, applied.height == rect.height
        {
            return true
        }
        _ = XftDrawSetClipRectangles(draw, 0, 0, &rect, 1)
        textClip = rect
        return true
    }

    private func isIntegral(_ rect: Rect) -> Bool {
        func whole(_ v: Double) -> Bool { abs(v - v.rounded()) < 0.001 }
        return whole(rect.minX) && whole(rect.minY) && whole(rect.maxX) && whole(rect.maxY)
    }
}

/// `color` as XRender wants it: premultiplied 16-bit components.
func renderColor(_ color: Color) -> XRenderColor {
    let alpha = min(max(color.alpha, 0), 1)
    func component(_ value: Double) -> UInt16 {
        UInt16((min(max(value, 0), 1) * alpha * 65535).rounded())
    }
    return XRenderColor(
        red: component(color.red), green: component(color.green), blue: component(color.blue),
        alpha: UInt16((alpha * 65535).rounded()))
}
