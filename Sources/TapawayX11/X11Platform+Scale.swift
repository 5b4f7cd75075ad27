import CX11
import TapawayKit

/// The window's scale (device pixels per Kit point) and size: what the screen and the
/// desktop's work area allow, the size asked for, growing to hold a device.
extension X11Platform {
    /// Makes every Kit point `scale` device pixels (from 1 to 4): the window grows to match, fonts open
    /// larger and drawing and input are converted.
    ///
    /// Call it before `attach(_:)`.
    package func setScale(_ scale: Double) {
        applyScale(min(max(scale.isFinite ? scale : 1, 1), 4))
    }

    private func applyScale(_ scale: Double) {
        guard scale != self.scale, application == nil else { return }
        let points = Size(width: Double(screenWidth) / self.scale, height: Double(screenHeight) / self.scale)
        self.scale = scale
        canvas.scale = scale
        (fonts as? XftFontProvider)?.scale = scale
        let fit = Self.fitted(width: points.width * scale, height: points.height * scale, limit: sizeLimit)
        (screenWidth, screenHeight, cutFromPixels) = (fit.width, fit.height, defaultLimit == nil ? fit.asked : nil)
        XResizeWindow(display, topLevel, UInt32(screenWidth), UInt32(screenHeight))
        setSizeHints()
    }

    /// The smallest window, in points: what the window manager is asked to keep (the size
    /// hints' minimum), and the least the window is ever made, whatever the work area says
    /// (within what the screen can show).
    nonisolated package static let minimumPointSize = Size(width: 320, height: 480)

    /// The most device pixels each side of the window may have now: `defaultLimit` (the work
    /// area) for a size nobody asked for, else `pixelLimit` (the screen), but never less than
    /// the smallest window at the current scale that the screen can show.
    private var sizeLimit: (width: Int32, height: Int32) {
        Self.sizeLimit(defaultLimit ?? pixelLimit, screen: pixelLimit, scale: scale)
    }

    /// `limit` raised, where it is smaller, to `minimumPointSize` at `scale` in pixels, itself
    /// cut to `screen`.
    static func sizeLimit(
        _ limit: (width: Int32, height: Int32), screen: (width: Int32, height: Int32), scale: Double
    ) -> (width: Int32, height: Int32) {
        let least = (
            min(screen.width, Int32((minimumPointSize.width * scale).rounded(.up))),
            min(screen.height, Int32((minimumPointSize.height * scale).rounded(.up)))
        )
        return (max(limit.width, least.0), max(limit.height, least.1))
    }

    /// The width and height of the desktop's work area, from the root's `_NET_WORKAREA` (x, y,
    /// width, height for each desktop; the first desktop's is taken), or nil when no window
    /// manager sets it, or when what it sets cannot be a desktop's: an area smaller than the
    /// smallest window (`minimumPointSize` in pixels) or wholly off the screen's top left
    /// (`-5000,-5000,1,1`) is ignored rather than obeyed.
    static func workArea(display: OpaquePointer, root: UInt, atom: Atom) -> (width: Int32, height: Int32)? {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard
            XGetWindowProperty(display, root, atom, 0, 4, 0, Atom(XA_CARDINAL), &type, &format, &count, &after, &data)
                == Success, let data
        else { return nil }
        defer { XFree(data) }
        guard type == Atom(XA_CARDINAL), format == 32, count >= 4 else { return nil }
        // Format 32 comes as C longs.
        let values = UnsafeRawPointer(data).assumingMemoryBound(to: Int.self)
        let x = values[0], y = values[1], width = values[2], height = values[3]
        guard width >= Int(minimumPointSize.width), height >= Int(minimumPointSize.height),
            x > -width, y > -height
        else { return nil }
        return (Int32(min(width, 16_384)), Int32(min(height, 16_384)))
    }

    /// A window size in pixels cut to `limit`, and the size asked for when it was cut.
    static func fitted(
        width: Double, height: Double, limit: (width: Int32, height: Int32)
    )
        -> (width: Int32, height: Int32, asked: (width: Int, height: Int)?)
    {
        let asked = (width: Int(max(1, min(1e9, width.rounded()))), height: Int(max(1, min(1e9, height.rounded()))))
        let fitted = (Int32(min(asked.width, Int(limit.width))), Int32(min(asked.height, Int(limit.height))))
        let cut = Int(fitted.0) < asked.width || Int(fitted.1) < asked.height
        return (fitted.0, fitted.1, cut ? asked : nil)
    }

    /// A point in the top-level's pixels, in Kit points.
    func kitPoint(x: Double, y: Double) -> Point {
        Point(x: x / scale, y: y / scale)
    }

    /// Asks the X server to resize the top-level window (a window manager may refuse); the
    /// application follows when the server confirms with a ConfigureNotify.
    package func resize(to size: Size) {
        let width = UInt32(min(max((size.width * scale).rounded(), 1), 16_384))
        let height = UInt32(min(max((size.height * scale).rounded(), 1), 16_384))
        XResizeWindow(display, topLevel, width, height)
        XFlush(display)
    }

    /// Grows the window, never shrinks it, so that it holds `size` points (another device, the device
    /// turned), within the desktop's work area.
    ///
    /// A window whose size was asked for on the command line keeps it: its chrome folds instead.
    /// Returns whether a new size was asked of the X server (it arrives later, as a `ConfigureNotify`,
    /// if the window manager agrees).
    @discardableResult
    package func grow(toHold size: Size) -> Bool {
        guard defaultLimit != nil else { return false }
        let limit = sizeLimit
        let width = min(Int32(limit.width), max(Int32(screenWidth), Int32(min((size.width * scale).rounded(), 16_384))))
        let height = min(Int32(limit.height), max(Int32(screenHeight), Int32(min((size.height * scale).rounded(), 16_384))))
        guard width != Int32(screenWidth) || height != Int32(screenHeight) else { return false }
        XResizeWindow(display, topLevel, UInt32(width), UInt32(height))
        XFlush(display)
        return true
    }

    /// The largest scale, at most `scale`, at which a window of `size` points fits the desktop's work
    /// area, in twentieths and never below 0.5; `scale` itself when the size fits there or when the
    /// window's size was asked for (`--size`).
    ///
    /// The iOS Simulator's "fit screen", for a device taller than the work area at the display's own
    /// scale.
    package func scaleFitting(_ size: Size, at scale: Double) -> Double {
        guard let limit = defaultLimit, size.width > 0, size.height > 0 else { return scale }
        let fit = min(Double(limit.width) / size.width, Double(limit.height) / size.height)
        guard fit < scale else { return scale }
        return max(0.5, (fit * 20).rounded(.down) / 20)
    }

    /// Makes every Kit point `scale` device pixels like `setScale`, but also below 1 (down to
    /// 0.5): only to fit a device taller than the work area (`scaleFitting`).
    package func setFittingScale(_ scale: Double) {
        applyScale(min(max(scale.isFinite ? scale : 1, 0.5), 4))
    }

    /// Makes every Kit point `scale` device pixels (0.5 to 4) while the program runs, as
    /// `setFittingScale` does before it: for a device chosen or turned live that the work area
    /// holds only smaller, or that fits again at a larger scale.
    ///
    /// The window keeps its pixels, which now hold another number of points: the application is
    /// given that size at once (`resizeScreen`), so its layout, the child windows' places, the
    /// fonts (opened again at the new size), the back buffers (rendered whole on the next frame)
    /// and the input (`kitPoint`) all agree before anything is painted. Growing the window for
    /// the device is `grow(toHold:)`'s, after. Returns whether the scale changed.
    @discardableResult
    package func rescale(to scale: Double) -> Bool {
        let scale = min(max(scale.isFinite ? scale : 1, 0.5), 4)
        guard scale != self.scale else { return false }
        guard let app = application else {
            applyScale(scale)
            return true
        }
        self.scale = scale
        canvas.scale = scale
        (fonts as? XftFontProvider)?.scale = scale
        app.pixelScale = scale
        for window in app.windows {
            (window.platformWindow as? X11ChildWindow)?.rescale(to: scale, frame: window.frame)
        }
        setSizeHints()
        app.resizeScreen(to: pointSize)
        return true
    }
}
