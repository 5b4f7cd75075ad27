import CX11
import CXTest
import Foundation
import Glibc

/// An sRGB colour read back from the screen.
struct RGB: Equatable, Sendable, CustomStringConvertible {
    var r: Int
    var g: Int
    var b: Int

    /// Creates the colour written `#RRGGBB` as `0xRRGGBB`.
    init(hex: UInt32) {
        r = Int((hex >> 16) & 0xFF); g = Int((hex >> 8) & 0xFF); b = Int(hex & 0xFF)
    }

    init(r: Int, g: Int, b: Int) { self.r = r; self.g = g; self.b = b }

    /// Whether every channel is within `tolerance` of `other`'s.
    func isClose(to other: RGB, tolerance: Int) -> Bool {
        abs(r - other.r) <= tolerance && abs(g - other.g) <= tolerance && abs(b - other.b) <= tolerance
    }

    var description: String {
        "#"
            + [r, g, b].map { String($0, radix: 16, uppercase: true) }
            .map { $0.count == 1 ? "0" + $0 : $0 }.joined()
    }
}

/// Real input and pixel read-back on a display, through its own X connection: XTest fakes the
/// core pointer and keyboard (exactly as a user's devices would arrive), and `XGetImage` on the
/// root window reads the composed screen.
///
/// With no window manager, the program's top-level window sits at the root's origin, so the
/// trace's window coordinates are root coordinates.
final class XDriver {
    private let display: OpaquePointer
    private let screen: Int32
    private let root: Window
    private var closed = false

    /// Connects to the display `name` (for example `:3`) and checks that the XTEST extension is there.
    init(displayName name: String) throws {
        try Xlib.prepare()
        guard let display = XOpenDisplay(name) else {
            throw EndToEndError("XOpenDisplay(\(name)) failed")
        }
        var eventBase: Int32 = 0, errorBase: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        guard XTestQueryExtension(display, &eventBase, &errorBase, &major, &minor) != 0 else {
            XCloseDisplay(display)
            throw EndToEndError("the X server on \(name) has no XTEST extension")
        }
        self.display = display
        screen = XDefaultScreen(display)
        root = XRootWindow(display, screen)
    }

    deinit { close() }

    /// Closes the connection.
    ///
    /// Safe to call twice.
    func close() {
        guard !closed else { return }
        closed = true
        XCloseDisplay(display)
    }

    /// Sends everything queued and waits until the server has processed it.
    func sync() {
        XSync(display, 0)
    }

    // MARK: Pointer

    /// Moves the core pointer to (`x`, `y`) on screen 0.
    func move(to x: Int, _ y: Int) {
        XTestFakeMotionEvent(display, screen, Int32(x), Int32(y), 0)
        sync()
    }

    /// Where the core pointer is, in root coordinates.
    func pointerPosition() -> (x: Int, y: Int) {
        var rootReturn: Window = 0, childReturn: Window = 0
        var rootX: Int32 = 0, rootY: Int32 = 0, winX: Int32 = 0, winY: Int32 = 0
        var mask: UInt32 = 0
        _ = XQueryPointer(display, root, &rootReturn, &childReturn, &rootX, &rootY, &winX, &winY, &mask)
        return (Int(rootX), Int(rootY))
    }

    /// Presses `button` (1 = left) where the pointer is, or at (`x`, `y`) if given.
    func press(at point: (x: Int, y: Int)? = nil, button: UInt32 = 1) {
        if let point { XTestFakeMotionEvent(display, screen, Int32(point.x), Int32(point.y), 0) }
        XTestFakeButtonEvent(display, button, 1, 0)
        sync()
    }

    /// Releases `button` where the pointer is, or at (`x`, `y`) if given.
    func release(at point: (x: Int, y: Int)? = nil, button: UInt32 = 1) {
        if let point { XTestFakeMotionEvent(display, screen, Int32(point.x), Int32(point.y), 0) }
        XTestFakeButtonEvent(display, button, 0, 0)
        sync()
    }

    /// A left click (a tap): move, press, release.
    func click(at x: Int, _ y: Int) {
        XTestFakeMotionEvent(display, screen, Int32(x), Int32(y), 0)
        XTestFakeButtonEvent(display, 1, 1, 0)
        XTestFakeButtonEvent(display, 1, 0, 0)
        XFlush(display)
        sync()
    }

    /// A left click at a point.
    func click(_ point: (x: Int, y: Int)) { click(at: point.x, point.y) }

    /// A left click at the centre of a rectangle.
    func click(_ rect: Rect) { click(rect.center) }

    /// Presses at `from`, moves in `steps` equal steps (with `stepDelay` seconds between them)
    /// to `to`, and releases there.
    func drag(from: (x: Int, y: Int), to: (x: Int, y: Int), steps: Int = 10, stepDelay: Double = 0.01) {
        press(at: from)
        let n = max(1, steps)
        for i in 1...n {
            let x = from.x + (to.x - from.x) * i / n
            let y = from.y + (to.y - from.y) * i / n
            move(to: x, y)
            if stepDelay > 0 { usleep(useconds_t(stepDelay * 1_000_000)) }
        }
        release()
    }

    // MARK: Keyboard

    /// Presses and releases the key with keysym name `name`, holding Shift if `shift`.
    ///
    /// For example "Return", "BackSpace", "Tab", "Escape" or "a".
    func key(named name: String, shift: Bool = false) throws {
        let keysym = XStringToKeysym(name)
        guard keysym != 0 else { throw EndToEndError("unknown keysym name '\(name)'") }
        try tap(keysym: keysym, shift: shift)
    }

    /// Types ASCII text key by key: letters, digits, space, newline (Return), tab and the
    /// punctuation of a US layout; capitals and shifted symbols hold Shift.
    func typeText(_ text: String) throws {
        let shifted = Set("~!@#$%^&*()_+{}|:\"<>?")
        for ch in text {
            guard let ascii = ch.asciiValue else { throw EndToEndError("cannot type non-ASCII '\(ch)'") }
            switch ch {
            case "\n", "\r": try key(named: "Return")
            case "\t": try key(named: "Tab")
            default:
                guard ascii >= 0x20 && ascii < 0x7F else { throw EndToEndError("cannot type \(ch.debugDescription)") }
                // For printable ASCII the keysym value is the character code (Latin-1 keysyms).
                let needsShift = ch.isUppercase || shifted.contains(ch)
                try tap(keysym: KeySym(ascii), shift: needsShift)
            }
        }
    }

    /// Binds `name` (a keysym name such as "dead_acute" or "Multi_key") to a keycode that has no symbol
    /// yet, so XTest can press keys the server's US map lacks; returns the keycode.
    ///
    /// The program sees the change through MappingNotify.
    @discardableResult
    func bindSpareKey(to name: String) throws -> UInt32 {
        let keysym = XStringToKeysym(name)
        guard keysym != 0 else { throw EndToEndError("unknown keysym name '\(name)'") }
        if case let code = XKeysymToKeycode(display, keysym), code != 0 { return UInt32(code) }
        var minCode: Int32 = 0, maxCode: Int32 = 0
        XDisplayKeycodes(display, &minCode, &maxCode)
        var perCode: Int32 = 0
        guard let map = XGetKeyboardMapping(display, KeyCode(minCode), maxCode - minCode + 1, &perCode) else {
            throw EndToEndError("XGetKeyboardMapping failed")
        }
        defer { XFree(map) }
        for code in stride(from: maxCode, to: minCode, by: -1) {
            let row = Int(code - minCode) * Int(perCode)
            guard (0..<Int(perCode)).allSatisfy({ map[row + $0] == 0 }) else { continue }
            var symbols = [keysym, keysym]
            XChangeKeyboardMapping(display, code, 2, &symbols, 1)
            sync()
            return UInt32(code)
        }
        throw EndToEndError("no spare keycode for \(name)")
    }

    /// Presses and releases keycode `code`.
    func press(keycode code: UInt32) {
        XTestFakeKeyEvent(display, code, 1, 0)
        XTestFakeKeyEvent(display, code, 0, 0)
        sync()
    }

    /// Presses and releases the key with keysym name `name` while holding Control (and Shift if
    /// `shift`): Ctrl+C is `chord("c")`.
    func chord(_ name: String, shift: Bool = false) throws {
        let keysym = XStringToKeysym(name)
        guard keysym != 0 else { throw EndToEndError("unknown keysym name '\(name)'") }
        let control = XKeysymToKeycode(display, KeySym(XK_Control_L))
        XTestFakeKeyEvent(display, UInt32(control), 1, 0)
        defer {
            XTestFakeKeyEvent(display, UInt32(control), 0, 0)
            sync()
        }
        try tap(keysym: keysym, shift: shift)
    }

    /// Presses (`down`) or releases the left Control key, for Ctrl+click.
    func control(_ down: Bool) {
        let control = XKeysymToKeycode(display, KeySym(XK_Control_L))
        XTestFakeKeyEvent(display, UInt32(control), down ? 1 : 0, 0)
        sync()
    }

    /// A right click at a point (Tapaway's pinned finger).
    func rightClick(_ point: (x: Int, y: Int)) {
        XTestFakeMotionEvent(display, screen, Int32(point.x), Int32(point.y), 0)
        XTestFakeButtonEvent(display, 3, 1, 0)
        XTestFakeButtonEvent(display, 3, 0, 0)
        sync()
    }

    /// Resizes window `id` (a top-level: without a window manager nothing refuses).
    func resize(window id: UInt, width: Int, height: Int) {
        XResizeWindow(display, id, UInt32(max(1, width)), UInt32(max(1, height)))
        sync()
    }

    // MARK: Master pointers

    /// Adds a master pointer (and keyboard) named `name` with XInput2 and makes it this connection's
    /// client pointer, so this driver's XTest pointer input moves and clicks it rather than the first
    /// pointer.
    ///
    /// Returns the new master pointer's device id.
    func becomeSecondMasterPointer(name: String) throws -> Int32 {
        let id = try addMasterPointer(name: name)
        try setClientPointer(to: id)
        return id
    }

    /// Adds a master pointer (and keyboard) named `name` with XInput2, which every client that listens
    /// for it hears as a change of the device hierarchy.
    ///
    /// Returns its device id.
    func addMasterPointer(name: String) throws -> Int32 {
        var opcode: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        guard XQueryExtension(display, "XInputExtension", &opcode, &event, &error) != 0 else {
            throw EndToEndError("the X server has no XInputExtension")
        }
        var major: Int32 = 2, minor: Int32 = 2
        guard XIQueryVersion(display, &major, &minor) == Success else { throw EndToEndError("XInput 2 is not available") }
        let status: Int32 = name.withCString { cName in
            var change = XIAnyHierarchyChangeInfo()
            change.add = XIAddMasterInfo(type: XIAddMaster, name: UnsafeMutablePointer(mutating: cName), send_core: 1, enable: 1)
            return XIChangeHierarchy(display, &change, 1)
        }
        guard status == Success else { throw EndToEndError("XIChangeHierarchy failed (\(status))") }
        sync()
        var count: Int32 = 0
        guard let devices = XIQueryDevice(display, XIAllMasterDevices, &count) else {
            throw EndToEndError("XIQueryDevice failed")
        }
        defer { XIFreeDeviceInfo(devices) }
        let wanted = name + " pointer"
        for index in 0..<Int(count) where devices[index].use == XIMasterPointer {
            if String(cString: devices[index].name) == wanted { return devices[index].deviceid }
        }
        throw EndToEndError("the new master pointer '\(wanted)' was not found")
    }

    /// Makes master pointer `id` the client pointer of the client that owns `window` (0: this
    /// connection).
    ///
    /// The server tells nobody: no event marks the change.
    func setClientPointer(to id: Int32, forClientOf window: UInt = 0) throws {
        guard XISetClientPointer(display, window, id) == Success else { throw EndToEndError("XISetClientPointer failed") }
        sync()
    }

    /// Starts listening for `window`'s structure changes (its destruction among them), before
    /// whatever destroys it; `waitForEvent(_:on:timeout:)` then waits for one.
    func watchStructure(of window: UInt) {
        XSelectInput(display, window, StructureNotifyMask)
        sync()
    }

    /// Starts listening for top-level windows being mapped (the root's substructure).
    func watchTopLevels() {
        XSelectInput(display, root, SubstructureNotifyMask)
        sync()
    }

    /// The root window, for `waitForEvent(_:on:timeout:)` after `watchTopLevels()`.
    var rootWindow: UInt { root }

    /// Waits for an event of `type` (`DestroyNotify`, `MapNotify`) reported to `window`, blocking
    /// on the connection rather than sleeping; false when none came within `timeout` seconds.
    func waitForEvent(_ type: Int32, on window: UInt, timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        var event = XEvent()
        while true {
            if XCheckTypedWindowEvent(display, window, type, &event) != 0 { return true }
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 { return false }
            var descriptor = pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, Int32(min(remaining, 1) * 1000) + 1)
        }
    }

    /// Tapaway's top-level window on this display, if there is exactly one.
    func tapawayWindow() -> UInt? {
        let windows = Xlib.topLevelWindows(on: display)
        return windows.count == 1 ? windows[0] : nil
    }

    /// A middle click (X's paste of the primary selection) at a point.
    func middleClick(_ point: (x: Int, y: Int)) {
        XTestFakeMotionEvent(display, screen, Int32(point.x), Int32(point.y), 0)
        XTestFakeButtonEvent(display, 2, 1, 0)
        XTestFakeButtonEvent(display, 2, 0, 0)
        sync()
    }

    private func tap(keysym: KeySym, shift: Bool) throws {
        let code = XKeysymToKeycode(display, keysym)
        guard code != 0 else { throw EndToEndError("no keycode for keysym 0x\(String(keysym, radix: 16))") }
        let shiftCode = XKeysymToKeycode(display, KeySym(XK_Shift_L))
        if shift { XTestFakeKeyEvent(display, UInt32(shiftCode), 1, 0) }
        XTestFakeKeyEvent(display, UInt32(code), 1, 0)
        XTestFakeKeyEvent(display, UInt32(code), 0, 0)
        if shift { XTestFakeKeyEvent(display, UInt32(shiftCode), 0, 0) }
        sync()
    }

    /// Sends `count` client messages of type `name` (an atom the program does not know, so it ignores
    /// them) to the first Tapaway top-level window, and waits until the server has handled them.
    ///
    /// Returns how many were sent.
    @discardableResult
    func sendClientMessages(named name: String, count: Int) -> Int {
        guard let window = Xlib.topLevelWindows(on: display).first else { return 0 }
        let type = XInternAtom(display, name, 0)
        for index in 0..<count {
            var event = XEvent()
            event.xclient.type = ClientMessage
            event.xclient.window = window
            event.xclient.message_type = type
            event.xclient.format = 32
            event.xclient.data.l.0 = index
            XSendEvent(display, window, 0, 0 /* NoEventMask: to the window's owner */, &event)
        }
        sync()
        return count
    }

    // MARK: Marks

    /// Sends a `_TAPAWAY_MARK` client message carrying `number` to every Tapaway top-level window on
    /// the display, and waits until the server has handled it.
    ///
    /// X delivers a program's events in the order the server makes them, and every input method here
    /// ends with a sync, so the mark reaches the program behind all input sent before it, over any
    /// connection. Returns how many windows it went to.
    @discardableResult
    func sendMark(_ number: Int) -> Int {
        let windows = Xlib.topLevelWindows(on: display)
        let type = XInternAtom(display, "_TAPAWAY_MARK", 0)
        for window in windows {
            var event = XEvent()
            event.xclient.type = ClientMessage
            event.xclient.window = window
            event.xclient.message_type = type
            event.xclient.format = 32
            event.xclient.data.l.0 = number
            XSendEvent(display, window, 0, 0 /* NoEventMask: to the window's owner */, &event)
        }
        sync()
        return windows.count
    }

    // MARK: Pixels

    /// The colour of the root-window pixel at (`x`, `y`): what is on screen there.
    func pixel(at x: Int, _ y: Int) throws -> RGB {
        try pixels(in: Rect(x: Double(x), y: Double(y), width: 1, height: 1))[0]
    }

    /// The colours of every pixel in `rect` (clipped to the screen), row by row.
    func pixels(in rect: Rect) throws -> [RGB] {
        let x = Int(rect.x), y = Int(rect.y), w = Int(rect.width), h = Int(rect.height)
        let screenW = Int(XDisplayWidth(display, screen)), screenH = Int(XDisplayHeight(display, screen))
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(screenW, x + w), y1 = min(screenH, y + h)
        guard x1 > x0, y1 > y0 else {
            throw EndToEndError("rectangle \(rect) lies outside the \(screenW)×\(screenH) screen")
        }
        sync()
        guard
            let image = XGetImage(
                display, root, Int32(x0), Int32(y0), UInt32(x1 - x0), UInt32(y1 - y0),
                UInt.max /* AllPlanes */, ZPixmap)
        else {
            throw EndToEndError("XGetImage failed for \(rect)")
        }
        defer { _ = image.pointee.f.destroy_image(image) }
        let masks = (image.pointee.red_mask, image.pointee.green_mask, image.pointee.blue_mask)
        var result: [RGB] = []
        result.reserveCapacity((x1 - x0) * (y1 - y0))
        for row in 0..<(y1 - y0) {
            for col in 0..<(x1 - x0) {
                let value = image.pointee.f.get_pixel(image, Int32(col), Int32(row))
                result.append(
                    RGB(
                        r: Self.channel(value, masks.0), g: Self.channel(value, masks.1),
                        b: Self.channel(value, masks.2)))
            }
        }
        return result
    }

    /// Extracts one channel with its mask and scales it to 0…255.
    private static func channel(_ pixel: UInt, _ mask: UInt) -> Int {
        guard mask != 0 else { return 0 }
        let shift = mask.trailingZeroBitCount
        let bits = (mask >> shift).nonzeroBitCount
        let value = (pixel & mask) >> shift
        let maxValue = (UInt(1) << bits) - 1
        return Int(value * 255 / maxValue)
    }

    /// Polls the pixel at (`x`, `y`) until `condition` holds or `timeout` seconds pass, and returns the
    /// last colour read (check it with `#expect`).
    ///
    /// Pixels lag the trace by up to a frame, since a line may be written just before the frame that
    /// shows it is copied out.
    func waitForPixel(
        at x: Int, _ y: Int, timeout: Double = 2,
        until condition: (RGB) -> Bool
    ) throws -> RGB {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let colour = try pixel(at: x, y)
            if condition(colour) || Date() >= deadline { return colour }
            usleep(20_000)
        }
    }
}
