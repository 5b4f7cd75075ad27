import CX11
import TapawayKit

/// Screenshots: the window's pixels, read from the server or composed from the back buffers,
/// as a PNG file's bytes.
extension X11Platform {
    /// The top-level window's pixels (children included) as an 8-bit RGB PNG file's bytes, for
    /// the caller to write where the rules for files allow.
    ///
    /// The pixels are read from the window itself (`XGetImage`) when it is viewable, has been
    /// exposed and is wholly on its screen. Otherwise, where X cannot read the window (or
    /// another window may cover it), they are composed from the
    /// child windows' back buffers in stacking order, which is what the window would show.
    package func screenshotPNG() throws -> [UInt8] {
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(display, topLevel, &attributes) != 0 else {
            throw X11Error("cannot read the window's attributes")
        }
        let width = Int(attributes.width), height = Int(attributes.height)
        var composed: Pixmap = 0
        defer { if composed != 0 { XFreePixmap(display, composed) } }
        let source: UInt
        // A window never exposed may be covered: its own pixels would be the cover's.
        if attributes.map_state == IsViewable && sawExpose && isWhollyOnScreen(width: width, height: height) {
            source = topLevel
        } else {
            composed = composeBackBuffers(width: Int32(width), height: Int32(height))
            source = composed
        }
        guard let image = XGetImage(display, source, 0, 0, UInt32(width), UInt32(height), UInt.max, ZPixmap) else {
            throw X11Error("cannot read the window's pixels (XGetImage failed)")
        }
        defer { _ = image.pointee.f.destroy_image?(image) }
        // An image of a pixmap carries no colour masks: take them from the visual.
        let masks = (red: visual.pointee.red_mask, green: visual.pointee.green_mask, blue: visual.pointee.blue_mask)
        let rgb = X11Platform.rgbPixels(of: image, width: width, height: height, masks: masks)
        return try PNGWriter.encode(rgb: rgb, width: width, height: height)
    }

    private func isWhollyOnScreen(width: Int, height: Int) -> Bool {
        var x: Int32 = 0, y: Int32 = 0
        var child: UInt = 0
        let root = XRootWindow(display, screen)
        guard XTranslateCoordinates(display, topLevel, root, 0, 0, &x, &y, &child) != 0 else { return false }
        return x >= 0 && y >= 0 && Int(x) + width <= Int(XDisplayWidth(display, screen))
            && Int(y) + height <= Int(XDisplayHeight(display, screen))
    }

    /// A pixmap of the top-level's size holding every shown child's back buffer, bottom to top.
    private func composeBackBuffers(width: Int32, height: Int32) -> Pixmap {
        let pixmap = XCreatePixmap(display, topLevel, UInt32(max(1, width)), UInt32(max(1, height)), UInt32(depth))
        XFillRectangle(display, pixmap, backgroundGC, 0, 0, UInt32(max(1, width)), UInt32(max(1, height)))
        for window in application?.windows ?? [] where !window.isHidden {
            guard let child = window.platformWindow as? X11ChildWindow, child.wantsVisible,
                child.hasContent, child.pixmap != 0
            else { continue }
            XCopyArea(
                display, child.pixmap, pixmap, copyGC, 0, 0, UInt32(child.width), UInt32(child.height),
                child.x, child.y)
        }
        return pixmap
    }

    /// The image's pixels as packed RGB bytes.
    private static func rgbPixels(
        of image: UnsafeMutablePointer<XImage>, width: Int, height: Int,
        masks: (red: UInt, green: UInt, blue: UInt)
    ) -> [UInt8] {
        let img = image.pointee
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        let stride = Int(img.bytes_per_line)
        if img.bits_per_pixel == 32, img.byte_order == LSBFirst, masks.red == 0xFF0000,
            masks.green == 0xFF00, masks.blue == 0xFF, let data = img.data
        {
            data.withMemoryRebound(to: UInt8.self, capacity: stride * height) { bytes in
                rgb.withUnsafeMutableBufferPointer { out in
                    for y in 0..<height {
                        var source = y * stride
                        var target = y * width * 3
                        for _ in 0..<width {
                            out[target] = bytes[source + 2]
                            out[target + 1] = bytes[source + 1]
                            out[target + 2] = bytes[source]
                            source += 4
                            target += 3
                        }
                    }
                }
            }
            return rgb
        }
        // Any other layout: Xlib's own pixel reader and the visual's masks.
        guard let getPixel = img.f.get_pixel else { return rgb }
        func channel(_ pixel: UInt, _ mask: UInt) -> UInt8 {
            guard mask != 0 else { return 0 }
            let shift = mask.trailingZeroBitCount
            let maximum = mask >> shift
            return UInt8(((pixel & mask) >> shift) * 255 / maximum)
        }
        var target = 0
        for y in 0..<height {
            for x in 0..<width {
                let pixel = getPixel(image, Int32(x), Int32(y))
                rgb[target] = channel(pixel, masks.red)
                rgb[target + 1] = channel(pixel, masks.green)
                rgb[target + 2] = channel(pixel, masks.blue)
                target += 3
            }
        }
        return rgb
    }
}
