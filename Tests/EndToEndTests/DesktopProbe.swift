import CX11
import Foundation
import Glibc

/// Looks at a Tapaway window the way a window manager or a desktop does, over its own X
/// connection: finds the top-level by `WM_CLASS`, reads its ICCCM/EWMH properties, asks it to
/// close (`WM_DELETE_WINDOW`), and plays the desktop's part (the `RESOURCE_MANAGER` resources,
/// an XSETTINGS manager).
final class DesktopProbe {
    let display: OpaquePointer
    let root: UInt
    private var settingsOwner: UInt = 0

    /// Connects to the display `displayName`, for example `:3`.
    init(displayName: String) throws {
        try Xlib.prepare()
        guard let display = XOpenDisplay(displayName) else {
            throw EndToEndError("XOpenDisplay(\(displayName)) failed")
        }
        self.display = display
        root = XRootWindow(display, XDefaultScreen(display))
    }

    deinit {
        if settingsOwner != 0 { XDestroyWindow(display, settingsOwner) }
        XCloseDisplay(display)
    }

    func atom(_ name: String) -> Atom { XInternAtom(display, name, 0) }

    // MARK: Finding the window

    /// The top-level window whose `WM_CLASS` is `name`/`className`, waiting up to `timeout`.
    func window(name: String = "tapaway", className: String = "Tapaway", timeout: Double = 10) throws -> UInt {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let found = findWindow(name: name, className: className) { return found }
            if Date() >= deadline { throw EndToEndError("no top-level window with WM_CLASS \(name)/\(className)") }
            usleep(20_000)
        }
    }

    private func findWindow(name: String, className: String) -> UInt? {
        XSync(display, 0)
        return Xlib.topLevelWindows(on: display, name: name, className: className).first
    }

    // MARK: Properties

    /// A property's items: bytes for format 8, values for format 16 and 32 (C longs, as Xlib
    /// returns them), and its type.
    func property(_ name: String, of window: UInt) -> (type: Atom, format: Int32, items: [UInt])? {
        var type: Atom = 0, format: Int32 = 0
        var count: UInt = 0, remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard
            XGetWindowProperty(
                display, window, atom(name), 0, 1 << 24, 0, 0 /* AnyPropertyType */,
                &type, &format, &count, &remaining, &data) == Success, let data, type != 0
        else {
            return nil
        }
        defer { XFree(data) }
        var items: [UInt] = []
        items.reserveCapacity(Int(count))
        switch format {
        case 8: for i in 0..<Int(count) { items.append(UInt(data[i])) }
        case 16:
            data.withMemoryRebound(to: UInt16.self, capacity: Int(count)) { p in
                for i in 0..<Int(count) { items.append(UInt(p[i])) }
            }
        default:
            data.withMemoryRebound(to: UInt.self, capacity: Int(count)) { p in for i in 0..<Int(count) { items.append(p[i]) } }
        }
        return (type, format, items)
    }

    /// A format-8 property as UTF-8 text.
    func text(_ name: String, of window: UInt) -> String? {
        guard let value = property(name, of: window), value.format == 8 else { return nil }
        return String(decoding: value.items.map { UInt8($0) }, as: UTF8.self)
    }

    /// The name of an atom.
    func atomName(_ value: UInt) -> String {
        guard let name = XGetAtomName(display, value) else { return "?" }
        defer { XFree(name) }
        return String(cString: name)
    }

    /// The window's minimum size hint (`WM_NORMAL_HINTS` with `PMinSize`).
    func minimumSize(of window: UInt) -> (width: Int, height: Int)? {
        var hints = XSizeHints()
        var supplied: Int = 0
        guard XGetWMNormalHints(display, window, &hints, &supplied) != 0, hints.flags & PMinSize != 0 else { return nil }
        return (Int(hints.min_width), Int(hints.min_height))
    }

    /// The window's rectangle on the root window.
    func frame(of window: UInt) -> Rect {
        var attributes = XWindowAttributes()
        XGetWindowAttributes(display, window, &attributes)
        var x: Int32 = 0, y: Int32 = 0
        var child: UInt = 0
        XTranslateCoordinates(display, window, root, 0, 0, &x, &y, &child)
        return Rect(x: Double(x), y: Double(y), width: Double(attributes.width), height: Double(attributes.height))
    }

    // MARK: Acting as the window manager

    /// Sends `WM_DELETE_WINDOW`, as a window manager's close button does.
    func requestClose(_ window: UInt) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = window
        event.xclient.message_type = atom("WM_PROTOCOLS")
        event.xclient.format = 32
        event.xclient.data.l.0 = Int(bitPattern: atom("WM_DELETE_WINDOW"))
        event.xclient.data.l.1 = 0  // CurrentTime
        XSendEvent(display, window, 0, 0 /* NoEventMask: to the window's owner */, &event)
        XFlush(display)
    }

    /// Announces an EWMH window manager, as one does: a window that the root's and its own
    /// `_NET_SUPPORTING_WM_CHECK` name. (Only the announcement: nothing manages windows.)
    func announceWindowManager() {
        let check = XCreateSimpleWindow(display, root, -10, -10, 1, 1, 0, 0, 0)
        var id = check
        let property = atom("_NET_SUPPORTING_WM_CHECK")
        withUnsafeBytes(of: &id) { bytes in
            let data = bytes.bindMemory(to: UInt8.self).baseAddress
            XChangeProperty(display, check, property, 33 /* XA_WINDOW */, 32, PropModeReplace, data, 1)
            XChangeProperty(display, root, property, 33 /* XA_WINDOW */, 32, PropModeReplace, data, 1)
        }
        XSync(display, 0)
    }

    /// The window that has the input focus (0 for none, 1 for PointerRoot).
    var focusedWindow: UInt {
        var focus: UInt = 0
        var revert: Int32 = 0
        XGetInputFocus(display, &focus, &revert)
        return focus
    }

    // MARK: Acting as the desktop

    /// Publishes the desktop's work area as a window manager does (`_NET_WORKAREA` on the root:
    /// x, y, width, height), for one desktop.
    func setWorkArea(x: Int, y: Int, width: Int, height: Int) {
        let values: [Int] = [x, y, width, height]  // format 32 travels as C longs
        values.withUnsafeBytes { bytes in
            let data = bytes.bindMemory(to: UInt8.self).baseAddress
            XChangeProperty(display, root, atom("_NET_WORKAREA"), 6 /* XA_CARDINAL */, 32, PropModeReplace, data, 4)
        }
        XSync(display, 0)
    }

    /// Sets the screen-independent X resources (what `xrdb` does); nil removes them.
    func setResources(_ text: String?) {
        let property = Atom(23)  // XA_RESOURCE_MANAGER
        if let text {
            let bytes = Array(text.utf8)
            XChangeProperty(display, root, property, 31 /* XA_STRING */, 8, PropModeReplace, bytes, Int32(bytes.count))
        } else {
            XDeleteProperty(display, root, property)
        }
        XSync(display, 0)
    }

    /// Becomes the XSETTINGS manager of screen 0 and publishes `strings` (name → value); a manager
    /// already running changes its property, which clients watching it follow.
    ///
    /// A new manager announces itself on the root window (`MANAGER`), as the specification asks.
    func publishXSettings(_ strings: [(String, String)], serial: Int = 1) {
        func card16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func card32(_ v: Int) -> [UInt8] { card16(v & 0xFFFF) + card16(v >> 16 & 0xFFFF) }
        func padded(_ bytes: [UInt8]) -> [UInt8] { bytes + [UInt8](repeating: 0, count: (4 - bytes.count % 4) % 4) }
        var bytes: [UInt8] = [0, 0, 0, 0] + card32(serial) + card32(strings.count)  // LSBFirst, serial, count
        for (name, value) in strings {
            let nameBytes = Array(name.utf8), valueBytes = Array(value.utf8)
            bytes += [1, 0] + card16(nameBytes.count) + padded(nameBytes) + card32(0)
            bytes += card32(valueBytes.count) + padded(valueBytes)
        }
        let isNew = settingsOwner == 0
        if isNew {
            settingsOwner = XCreateSimpleWindow(display, root, -10, -10, 1, 1, 0, 0, 0)
        }
        let settingsAtom = atom("_XSETTINGS_SETTINGS")
        XChangeProperty(display, settingsOwner, settingsAtom, settingsAtom, 8, PropModeReplace, bytes, Int32(bytes.count))
        if isNew {
            let selection = atom("_XSETTINGS_S0")
            XSetSelectionOwner(display, selection, settingsOwner, 0)
            var event = XEvent()
            event.xclient.type = ClientMessage
            event.xclient.window = root
            event.xclient.message_type = atom("MANAGER")
            event.xclient.format = 32
            event.xclient.data.l.0 = 0  // CurrentTime
            event.xclient.data.l.1 = Int(bitPattern: selection)
            event.xclient.data.l.2 = Int(bitPattern: settingsOwner)
            XSendEvent(display, root, 0, StructureNotifyMask, &event)
        }
        XSync(display, 0)
    }

    /// Gives up the XSETTINGS selection.
    func withdrawXSettings() {
        guard settingsOwner != 0 else { return }
        XDestroyWindow(display, settingsOwner)
        settingsOwner = 0
        XSync(display, 0)
    }
}

/// The mean luminance (0…255) of `window`'s pixels on a grid of rows, to tell a dark window
/// from a light one whatever is drawn where.
func meanLuminance(of window: UInt, probe: DesktopProbe, driver: XDriver) throws -> Double {
    let frame = probe.frame(of: window)
    var total = 0.0, count = 0.0
    var y = frame.y + 2
    while y < frame.maxY - 1 {
        for pixel in try driver.pixels(in: Rect(x: frame.x, y: y, width: frame.width, height: 1)) {
            total += 0.2126 * Double(pixel.r) + 0.7152 * Double(pixel.g) + 0.0722 * Double(pixel.b)
            count += 1
        }
        y += 23
    }
    return count > 0 ? total / count : 0
}
