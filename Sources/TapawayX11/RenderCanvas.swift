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
    /// `points` in XRender's 16.16 fixed point, for the triangle fans of convex shapes.
    private var fixedPoints: [XPointFixed] = []
    /// Device pixels per Kit point.
    var scale: Double = 1

    init(display: OpaquePointer) {
        self.display = display
        maskFormat = XRenderFindStandardFormat(display, Int32(PictStandardA8))
    }

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

    /// Frees the cached solid-fill pictures.
    func releaseResources() {
        for picture in solids.values { XRenderFreePicture(display, picture) }
        solids.removeAll()
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
            let visible = device.intersection(state.clip).integral
            guard !visible.isEmpty, applyPictureClip() else { return }
            var render = renderColor(color)
            XRenderFillRectangle(
                display, color.alpha >= 1 ? PictOpSrc : PictOpOver, picture, &render,
                Int32(visible.minX), Int32(visible.minY),
                UInt32(visible.width), UInt32(visible.height))
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

    /// Appends a rounded rectangle's outline clockwise (on screen), from its top-left corner.
    private func addRoundedRect(_ rect: Rect, radius: Double) {
        let perCorner = min(16, max(8, RenderCanvas.segments(forRadius: radius, angle: Double.pi / 2)))
        let corners: [(cx: Double, cy: Double, start: Double)] = [
            (rect.minX + radius, rect.minY + radius, Double.pi),
            (rect.maxX - radius, rect.minY + radius, 1.5 * Double.pi),
            (rect.maxX - radius, rect.maxY - radius, 0),
            (rect.minX + radius, rect.maxY - radius, 0.5 * Double.pi),
        ]
        for corner in corners {
            for i in 0...perCorner {
                let angle = corner.start + Double.pi / 2 * Double(i) / Double(perCorner)
                addPoint(corner.cx + radius * cos(angle), corner.cy + radius * sin(angle))
            }
        }
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

    // MARK: XRender

    /// Composites the polygon in `points` with `color`, if its bounds meet the clip. A convex
    /// one (a rounded rectangle, an ellipse) goes as a fan of triangles from its first point:
    /// XRender's general polygon path tessellates into a buffer of n² trapezoids for n points
    /// (up to 745 KiB for a rounded shape, made and freed on every draw), a fan into n − 2
    /// triangles.
    private func compositePoints(bounds: Rect, color: Color, convex: Bool = false) {
        guard picture != 0, points.count >= 3 else { return }
        let visible = bounds.insetBy(dx: -1, dy: -1).intersection(state.clip)
        guard !visible.isEmpty, abs(bounds.minX) < 30_000, abs(bounds.maxX) < 30_000,
            abs(bounds.minY) < 30_000, abs(bounds.maxY) < 30_000
        else { return }
        guard applyPictureClip() else { return }
        let source = solidPicture(color)
        if convex {
            fixedPoints.removeAll(keepingCapacity: true)
            for point in points {
                fixedPoints.append(XPointFixed(x: XFixed((point.x * 65536).rounded()), y: XFixed((point.y * 65536).rounded())))
            }
            fixedPoints.withUnsafeBufferPointer { buffer in
                XRenderCompositeTriFan(
                    display, PictOpOver, source, picture, maskFormat, 0, 0, buffer.baseAddress, Int32(buffer.count))
            }
            return
        }
        points.withUnsafeBufferPointer { buffer in
            XRenderCompositeDoublePoly(
                display, PictOpOver, source, picture, maskFormat, 0, 0, 0, 0,
                buffer.baseAddress, Int32(buffer.count), EvenOddRule)
        }
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
