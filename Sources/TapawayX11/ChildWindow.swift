import CX11
import Glibc
import TapawayKit

/// The X side of one Kit `Window`: a child window of the top-level, placed at the Kit window's
/// frame, with a back buffer (a pixmap, an XRender picture and an Xft draw on it) that frames
/// are rendered into and copied from.
final class X11ChildWindow: PlatformWindow {
    private let display: OpaquePointer
    private let visual: UnsafeMutablePointer<Visual>
    private let colormap: Colormap
    private let depth: Int32
    private let pictureFormat: UnsafeMutablePointer<XRenderPictFormat>?
    /// Device pixels per Kit point: the Kit's frames are multiplied by it.
    private(set) var scale: Double

    /// The X window id.
    let xid: UInt
    /// Position in the top-level, in pixels.
    private(set) var x: Int32 = 0
    private(set) var y: Int32 = 0
    /// Size in pixels (at least 1 × 1, as X requires).
    private(set) var width: Int32 = 1
    private(set) var height: Int32 = 1
    /// Whether the Kit window has an area (X cannot show a 0 × 0 window).
    private var hasArea = false
    /// Whether the Kit wants the window shown.
    private(set) var wantsVisible = false
    /// Whether the X window is mapped.
    private var isMapped = false
    /// Whether the next frame must render the whole window (new or reallocated buffer, resize).
    var needsFullRender = true

    /// The back buffer; allocated lazily, grown in steps so a live resize does not reallocate
    /// on every configure.
    private(set) var pixmap: Pixmap = 0
    private(set) var picture: Picture = 0
    private(set) var draw: OpaquePointer?
    private var bufferWidth: Int32 = 0
    private var bufferHeight: Int32 = 0
    /// Whether the back buffer holds a rendered frame (Expose copies only then).
    var hasContent = false

    init(
        display: OpaquePointer, parent: UInt, visual: UnsafeMutablePointer<Visual>, colormap: Colormap,
        depth: Int32, frame: Rect, scale: Double = 1
    ) {
        self.display = display
        self.scale = scale
        self.visual = visual
        self.colormap = colormap
        self.depth = depth
        pictureFormat = XRenderFindVisualFormat(display, visual)
        let placement = X11ChildWindow.placement(of: frame, scale: scale)
        x = placement.x; y = placement.y
        width = placement.width; height = placement.height
        hasArea = placement.hasArea

        var attributes = XSetWindowAttributes()
        attributes.background_pixmap = 0  // None: never cleared by the server, no flicker
        attributes.border_pixel = 0
        attributes.colormap = colormap
        attributes.bit_gravity = NorthWestGravity
        attributes.event_mask = ExposureMask
        let mask = UInt(CWBackPixmap | CWBorderPixel | CWColormap | CWBitGravity | CWEventMask)
        xid = XCreateWindow(
            display, parent, x, y, UInt32(width), UInt32(height), 0, depth,
            UInt32(InputOutput), visual, mask, &attributes)
    }

    /// Integer placement of a Kit frame (points) in device pixels: edges rounded to the nearest pixel.
    private static func placement(
        of frame: Rect, scale: Double
    ) -> (x: Int32, y: Int32, width: Int32, height: Int32, hasArea: Bool) {
        func clamp(_ v: Double) -> Int32 { Int32(max(-30_000, min(30_000, (v * scale).rounded()))) }
        let x0 = clamp(frame.minX), y0 = clamp(frame.minY)
        let x1 = clamp(frame.maxX), y1 = clamp(frame.maxY)
        let w = x1 - x0, h = y1 - y0
        return (x0, y0, max(1, w), max(1, h), w > 0 && h > 0)
    }

    // MARK: PlatformWindow

    func setFrame(_ frame: Rect) {
        let placement = X11ChildWindow.placement(of: frame, scale: scale)
        let moved = placement.x != x || placement.y != y
        let resized = placement.width != width || placement.height != height
        hasArea = placement.hasArea
        if moved || resized {
            x = placement.x; y = placement.y
            width = placement.width; height = placement.height
            XMoveResizeWindow(display, xid, x, y, UInt32(width), UInt32(height))
        }
        if resized { needsFullRender = true }
        updateMapping()
    }

    /// Takes a new scale while the program runs: the window is placed again at `frame` (the Kit
    /// window's, in points) in the new pixels, and its next frame renders it whole.
    func rescale(to scale: Double, frame: Rect) {
        guard scale != self.scale else { return }
        self.scale = scale
        setFrame(frame)
        needsFullRender = true
    }

    func setVisible(_ visible: Bool) {
        guard visible != wantsVisible else { return }
        wantsVisible = visible
        if visible { needsFullRender = true }
        updateMapping()
    }

    func invalidate(_ rect: Rect) {
        // The Kit keeps the dirty area itself (`Window.takeDirtyRect()`); the platform reads it
        // when it paints, and `Application.onNeedsFrame` has already woken the loop.
    }

    private func updateMapping() {
        let shouldMap = wantsVisible && hasArea
        guard shouldMap != isMapped else { return }
        isMapped = shouldMap
        if shouldMap { XMapWindow(display, xid) } else { XUnmapWindow(display, xid) }
    }

    // MARK: Back buffer

    /// Makes sure the back buffer covers the window; returns true when it was (re)allocated,
    /// which leaves its contents undefined.
    @discardableResult
    func ensureBuffer() -> Bool {
        if pixmap != 0 && width <= bufferWidth && height <= bufferHeight { return false }
        releaseBuffer()
        func roundUp(_ v: Int32) -> Int32 { (v + 63) / 64 * 64 }
        bufferWidth = max(roundUp(width), bufferWidth)
        bufferHeight = max(roundUp(height), bufferHeight)
        pixmap = XCreatePixmap(display, xid, UInt32(bufferWidth), UInt32(bufferHeight), UInt32(depth))
        picture = XRenderCreatePicture(display, pixmap, pictureFormat, 0, nil)
        draw = XftDrawCreate(display, pixmap, visual, colormap)
        needsFullRender = true
        hasContent = false
        return true
    }

    private func releaseBuffer() {
        if let draw { XftDrawDestroy(draw) }
        draw = nil
        if picture != 0 { XRenderFreePicture(display, picture) }
        picture = 0
        if pixmap != 0 { XFreePixmap(display, pixmap) }
        pixmap = 0
    }

    /// Copies `rect` (device pixels) of the back buffer to the window.
    func present(x: Int32, y: Int32, width: Int32, height: Int32, gc: GC) {
        guard pixmap != 0, hasContent else { return }
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(x + width, self.width, bufferWidth), y1 = min(y + height, self.height, bufferHeight)
        guard x1 > x0, y1 > y0 else { return }
        XCopyArea(display, pixmap, xid, gc, x0, y0, UInt32(x1 - x0), UInt32(y1 - y0), x0, y0)
    }

    /// Frees the back buffer and the window.
    func destroy() {
        releaseBuffer()
        XDestroyWindow(display, xid)
    }
}
