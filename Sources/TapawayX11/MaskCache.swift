import CX11

/// The anti-aliased shapes the canvas draws again and again (corner fans, ellipses, the device's
/// screen corners, a stroke's corners), each rasterised once by the X server into an A8 mask of its
/// own and composited from it afterwards: the server's edge rasteriser (`pixman_rasterize_edges`)
/// runs once per shape rather than on every draw.
///
/// A shape is keyed by its points in the fixed point that the server receives, moved by whole pixels
/// so that its box starts at the mask's origin: the same shape anywhere on the pixel grid, at the
/// same fraction of a pixel, is the same mask.
///
/// The pixels are those of the shape drawn directly. The server draws a shape with a mask format by
/// rasterising it into a zeroed A8 mask of the shape's box, adding each trapezoid's coverage, and
/// compositing the source through that mask (pixman's `pixman_composite_trapezoids`, which X.Org's
/// `fbTrapezoids` and `fbTriangles` call). Here the same rasterisation is added into a cleared A8
/// pixmap, with an opaque white source (coverage × 255 / 255: the coverage itself), and the source
/// is composited through it with the same operator. A move by whole pixels adds a multiple of 65 536
/// to every fixed-point coordinate, which leaves every sample's inside-or-out the same. A mask wider
/// than the shape's box only adds pixels of no coverage, which `Over` leaves as they were.
///
/// A shape is cached the second time it is drawn, so one drawn once (a knob at every step of its
/// slide) costs no mask.
final class MaskCache {
    /// A mask on the server: an A8 picture of `width` × `height` pixels.
    struct Mask {
        let picture: Picture
        let width: UInt32
        let height: UInt32
    }

    /// A mask and where its top-left pixel goes, in device pixels.
    struct Placed {
        let mask: Mask
        let x: Int32
        let y: Int32
    }

    /// A shape's points, moved to the mask's origin: a triangle fan's in 16.16 fixed point (a point
    /// to a word), or an even-odd polygon's as the bits of its doubles.
    ///
    /// It hashes by a digest made once (FNV-1a over the words), so that a lookup costs a few
    /// instructions rather than hashing every point again: the first frame meets about 150 shapes.
    private struct Key: Hashable {
        let isFan: Bool
        let words: [UInt64]
        let digest: UInt64

        init(isFan: Bool, words: [UInt64]) {
            self.isFan = isFan
            self.words = words
            var digest: UInt64 = isFan ? 0xCBF2_9CE4_8422_2325 : 0x8422_2325_CBF2_9CE4
            for word in words { digest = (digest ^ word) &* 0x0000_0100_0000_01B3 }
            self.digest = digest
        }

        func hash(into hasher: inout Hasher) { hasher.combine(digest) }

        static func == (a: Key, b: Key) -> Bool {
            a.digest == b.digest && a.isFan == b.isFan && a.words == b.words
        }
    }

    private let display: OpaquePointer
    private let format: UnsafeMutablePointer<XRenderPictFormat>?
    private var masks: [Key: Mask] = [:]
    /// The shapes drawn once, without a mask.
    private var seen: Set<Key> = []
    /// The pixels the masks hold, together.
    private var pixels = 0
    /// An opaque white solid fill, made on the first mask.
    private var white: Picture = 0

    /// The most pixels a mask may have: 160 × 160, a little more than the device's screen corner
    /// at twice the scale.
    ///
    /// A bigger shape is rasterised every time.
    static let largestMask = 160 * 160

    /// The most pixels all the masks may hold together (a byte each on the server); past it, every
    /// mask is freed and the cache starts again.
    static let budget = 2 * 1024 * 1024

    /// The most shapes remembered as drawn once; past it, they are forgotten.
    static let seenLimit = 4096

    init(display: OpaquePointer, format: UnsafeMutablePointer<XRenderPictFormat>?) {
        self.display = display
        self.format = format
    }

    /// How many masks the cache holds.
    var count: Int { masks.count }

    /// The mask of the triangle fan `points` (16.16 fixed point, from its first point) and its place,
    /// or nil when it is to be drawn directly: the first time it is met, or too big for a mask.
    func fan(_ points: ArraySlice<XPointFixed>) -> Placed? {
        guard points.count >= 3, format != nil else { return nil }
        var minX = Int32.max, minY = Int32.max, maxX = Int32.min, maxY = Int32.min
        for p in points {
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        // The box of whole pixels around the points (an arithmetic shift rounds down).
        let x0 = minX >> 16, y0 = minY >> 16
        let x1 = (maxX >> 16) + (maxX & 0xFFFF != 0 ? 1 : 0), y1 = (maxY >> 16) + (maxY & 0xFFFF != 0 ? 1 : 0)
        guard let size = MaskCache.size(x1 - x0, y1 - y0) else { return nil }
        let ox = x0 << 16, oy = y0 << 16
        var words: [UInt64] = []
        words.reserveCapacity(points.count)
        for p in points {
            words.append(UInt64(UInt32(bitPattern: p.x - ox)) << 32 | UInt64(UInt32(bitPattern: p.y - oy)))
        }
        return place(Key(isFan: true, words: words), x: x0, y: y0, size: size) { display, white, picture, format in
            var moved = points.map { XPointFixed(x: $0.x - ox, y: $0.y - oy) }
            XRenderCompositeTriFan(display, PictOpAdd, white, picture, format, 0, 0, &moved, Int32(moved.count))
        }
    }

    /// The mask of the even-odd polygon `points` (device pixels) and its place, or nil when it is to
    /// be drawn directly: the first time it is met, too big for a mask, or reaching left of or above
    /// the origin.
    ///
    /// libXrender makes fixed point by cutting toward zero, which a move by whole pixels keeps only
    /// where no coordinate changes sign; the mask's origin is at or left of and above every point,
    /// so points at or right of and below the origin keep theirs.
    func polygon(_ points: [XPointDouble]) -> Placed? {
        guard points.count >= 3, format != nil else { return nil }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for p in points {
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        guard minX >= 0, minY >= 0, maxX < 30_000, maxY < 30_000 else { return nil }
        let x0 = minX.rounded(.down), y0 = minY.rounded(.down)
        guard let size = MaskCache.size(Int32(maxX.rounded(.up) - x0), Int32(maxY.rounded(.up) - y0)) else { return nil }
        // Subtracting a whole number no larger than a non-negative double is exact.
        var words: [UInt64] = []
        words.reserveCapacity(points.count * 2)
        for p in points {
            words.append((p.x - x0).bitPattern)
            words.append((p.y - y0).bitPattern)
        }
        return place(Key(isFan: false, words: words), x: Int32(x0), y: Int32(y0), size: size) {
            display, white, picture, format in
            let moved = points.map { XPointDouble(x: $0.x - x0, y: $0.y - y0) }
            moved.withUnsafeBufferPointer { buffer in
                XRenderCompositeDoublePoly(
                    display, PictOpAdd, white, picture, format, 0, 0, 0, 0, buffer.baseAddress, Int32(buffer.count),
                    EvenOddRule)
            }
        }
    }

    /// Frees every mask and forgets every shape.
    func removeAll() {
        for mask in masks.values { XRenderFreePicture(display, mask.picture) }
        masks.removeAll()
        seen.removeAll()
        pixels = 0
        if white != 0 { XRenderFreePicture(display, white) }
        white = 0
    }

    /// A mask's size in pixels, or nil when it has none or is bigger than `largestMask`.
    private static func size(_ width: Int32, _ height: Int32) -> (width: UInt32, height: UInt32)? {
        guard width > 0, height > 0, Int(width) * Int(height) <= largestMask else { return nil }
        return (UInt32(width), UInt32(height))
    }

    /// The mask for `key`, placed at (`x`, `y`): the cached one, or one made now by `rasterise` if the
    /// shape was met before; nil the first time.
    private func place(
        _ key: Key, x: Int32, y: Int32, size: (width: UInt32, height: UInt32),
        rasterise: (OpaquePointer, Picture, Picture, UnsafeMutablePointer<XRenderPictFormat>) -> Void
    ) -> Placed? {
        if let mask = masks[key] { return Placed(mask: mask, x: x, y: y) }
        guard seen.contains(key), let format else {
            if seen.count >= MaskCache.seenLimit { seen.removeAll() }
            seen.insert(key)
            return nil
        }
        seen.remove(key)
        let area = Int(size.width) * Int(size.height)
        if pixels + area > MaskCache.budget { removeAll() }
        if white == 0 {
            var opaque = XRenderColor(red: 0xFFFF, green: 0xFFFF, blue: 0xFFFF, alpha: 0xFFFF)
            white = XRenderCreateSolidFill(display, &opaque)
        }
        let pixmap = XCreatePixmap(display, XDefaultRootWindow(display), size.width, size.height, 8)
        let picture = XRenderCreatePicture(display, pixmap, format, 0, nil)
        // The picture keeps the pixmap as long as it lives.
        XFreePixmap(display, pixmap)
        var clear = XRenderColor(red: 0, green: 0, blue: 0, alpha: 0)
        XRenderFillRectangle(display, PictOpSrc, picture, &clear, 0, 0, size.width, size.height)
        rasterise(display, white, picture, format)
        let mask = Mask(picture: picture, width: size.width, height: size.height)
        masks[key] = mask
        pixels += area
        return Placed(mask: mask, x: x, y: y)
    }
}
