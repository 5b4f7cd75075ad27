import CX11
import CXlibQueue
import Glibc
import TapawayKit

/// The X11 platform: one top-level X window (the "screen"), one child window per Kit `Window`,
/// back-buffered drawing through XRender and Xft, the CLIPBOARD selection, an input method,
/// and the run loop that feeds X input to the Kit and paints its frames, through nothing but
/// the Kit's `HostedApplication` contract.
///
/// Use: create it, create the `Application` with its `clock`, `fonts` and `clipboard`,
/// `attach(_:)` the application before adding windows, then `run()`.
@MainActor
package final class X11Platform {
    /// Xft fonts (Inter, else DejaVu Sans, else the generic sans-serif).
    package let fonts: FontProvider
    /// `CLOCK_MONOTONIC`, in seconds.
    package let clock: Clock
    /// The X `CLIPBOARD` selection.
    package let clipboard: Clipboard
    /// Called once, after the first complete frame has been painted and the window is mapped,
    /// exposed and synchronised with the server (its pixels can be read back).
    package var onReady: (() -> Void)?
    /// Offered each key the user types before the application gets it; returning true keeps it
    /// from the application. The launcher sets it while a replay runs, whose controls (pause,
    /// step) are keys, so that they never reach the replayed session.
    package var keyInterceptor: ((KeyInput) -> Bool)?
    /// Told after every frame: layout, the application's frame observers and painting of the
    /// dirty areas. Add an observer and keep its token; remove the token to stop.
    package let paintedFrameObservers = ObserverList<Void>()
    /// Called once each time the program becomes idle after it did something (handled an X
    /// event, or fired a timer that is not ambient): no animation runs, no frame is pending, no
    /// timer is due within a frame and no X event is queued or waiting on the connection. Never
    /// before `onReady`, and not again while the program stays idle (a caret's blink does not
    /// count). Tests and scripts wait on it instead of sleeping.
    package var onIdle: (() -> Void)?
    /// The number carried by the last `_TAPAWAY_MARK` client message the window received, if
    /// any. A driver sends one behind its input (X delivers events in order), so an `onIdle`
    /// that sees its number comes after everything the input set going.
    package internal(set) var lastMark: Int?
    /// When the last frame began (the clock's seconds) and how long it took, layout and
    /// painting included, for frame statistics.
    package private(set) var lastFrame: (start: Double, duration: Double) = (0, 0)
    /// The termination signal (SIGINT, SIGTERM, SIGHUP) that ended `run()`, if one did. Once
    /// the settings are saved, `endProcess(as:)` ends the process as that signal would have.
    package private(set) var terminationSignal: Int32?
    /// Called when the desktop's XSETTINGS change while the program runs (a settings daemon
    /// changed a value, started or ended), with the hints read again: the theme can follow
    /// the desktop's, as GTK applications do.
    package var onDesktopHintsChange: ((DesktopHints) -> Void)?
    /// Whether the window has the keyboard's input focus (the desktop's active window).
    package private(set) var hasInputFocus = false
    /// Told each time the window gains (true) or loses (false) the input focus.
    package let inputFocusObservers = ObserverList<Bool>()
    /// The top-level X window's id, for tests.
    package var windowID: UInt { topLevel }
    /// Device pixels per Kit point (1 at 96 dpi; see `setScale(_:)`). The Kit, the trace and
    /// the command line's sizes are in points; X windows, input and screenshots in pixels.
    package private(set) var scale: Double = 1

    let display: OpaquePointer
    let screen: Int32
    let visual: UnsafeMutablePointer<Visual>
    let depth: Int32
    let colormap: Colormap
    let topLevel: UInt
    let copyGC: GC
    let backgroundGC: GC
    let canvas: RenderCanvas
    let x11Clipboard: X11Clipboard
    let inputMethod: InputMethod
    let wmProtocolsAtom: Atom
    let wmDeleteWindowAtom: Atom
    let netWMPingAtom: Atom
    let markAtom: Atom
    /// Every atom the program names, interned in one request when the display opened.
    let atoms: X11Atoms
    /// The XSETTINGS manager's window being watched; 0 when none runs.
    var xsettingsOwner: UInt = 0
    /// The launcher's startup-notification id (`DESKTOP_STARTUP_ID` at start), until the
    /// window is on screen and the launcher has been told it can stop its busy cursor.
    var startupID: String?

    /// The Kit, driven only through its hosting contract.
    var application: (any HostedApplication)?
    var children: [X11ChildWindow] = []
    /// The top-level's size as last configured.
    var screenWidth: Int32
    var screenHeight: Int32
    /// The most device pixels each side of the window may have: what the screen (the root
    /// window) can show, and no more than X's 16 384. A larger window would cost back buffers
    /// that nobody can see (10 000 × 10 000 points at scale 4 took 3.4 GB).
    let pixelLimit: (width: Int32, height: Int32)
    /// The size the window was asked for, in pixels, when it was larger than `pixelLimit` and cut
    /// to it; nil when it fitted, or when it was only the default size (cut without a word).
    package private(set) var cutFromPixels: (width: Int, height: Int)?
    /// The most device pixels each side of a window whose size nobody asked for: the desktop's
    /// work area (the screen less its panels, `_NET_WORKAREA`) when a window manager says, else
    /// `pixelLimit`. nil when the size was asked for (`--size`): it fits the screen only.
    private let defaultLimit: (width: Int32, height: Int32)?
    /// The window's size in Kit points (its pixels divided by `scale`).
    package var pointSize: Size { Size(width: Double(screenWidth) / scale, height: Double(screenHeight) / scale) }
    /// A top-level size seen in ConfigureNotify, applied once the queue is drained.
    var pendingResize: (width: Int32, height: Int32)?
    var quitRequested = false
    var isMapped = false
    var sawExpose = false
    /// When the top-level was mapped (`XMapWindow`), monotonic seconds; nil before.
    private var mapRequestedAt: Double?
    /// Whether the first frame stopped waiting for the window to be shown (`firstExposeWait`).
    private var carriesOnUnshown = false
    /// The longest the first frame waits for the window to be shown (mapped and exposed) before
    /// the program carries on without it, in seconds: a window another one covers when it maps
    /// (an override-redirect window kept on top, instances of the same size stacked exactly),
    /// or one a window manager never maps, gets no `Expose`, and would otherwise never be ready.
    package static let firstExposeWait = 5.0
    /// Whether `setWindowIcon()` asked for the icon, which is set once the first frame is up.
    var wantsWindowIcon = false
    var framesPainted = 0
    var readySent = false
    /// Whether the program did something since it last announced idleness (start-up counts).
    var didWorkSinceIdle = true
    /// What pointer buttons, motion and touches become, for the core and XInput2 paths alike.
    let pointers = PointerMapping()
    /// XInput2 pointers and touches, when the server has the extension and it is not switched
    /// off with `TAPAWAY_NO_XINPUT2`.
    var xinput: XInput2?
    /// Outputs whose waiting bytes the loop writes when their descriptors take more (held weakly).
    private var outputs: [WeakOutput] = []
    /// Connections the loop reads and writes beside the X connection (held weakly).
    private var inputs: [WeakInput] = []

    /// Opens `display` (nil: `$DISPLAY`) and creates the top-level window of `size` pixels,
    /// titled `title`, unmapped until `run()`. Unless `sizeAsked`, the size is only a default:
    /// the window then fits the desktop's work area at any scale, without a word.
    package init(display name: String?, size: Size, title: String, sizeAsked: Bool = true) throws {
        let shownName: String
        if let name {
            shownName = "'\(name)'"
        } else if let env = getenv("DISPLAY") {
            shownName = "'\(String(cString: env))'"
        } else {
            shownName = "(DISPLAY is not set)"
        }
        // A server that accepts the connection and never answers ends start-up after a time limit.
        guard let display = DisplayConnection.open(name, shownName: shownName) else {
            throw X11Error(
                "cannot open X display \(shownName): Tapaway opens a window, so it needs a graphical session (X11, or Wayland with Xwayland); start it from one, or name a display with --display or DISPLAY (tapaway list, matrix and compare need none)"
            )
        }
        self.display = display
        XErrorHandlers.install(displayName: String(cString: XDisplayString(display)))

        var eventBase: Int32 = 0, errorBase: Int32 = 0
        guard XRenderQueryExtension(display, &eventBase, &errorBase) != 0 else {
            XCloseDisplay(display)
            throw X11Error("the X server on display \(shownName) lacks the RENDER extension, which Tapaway draws with")
        }

        screen = XDefaultScreen(display)
        let root = XRootWindow(display, screen)
        depth = XDefaultDepth(display, screen)
        var info = XVisualInfo()
        guard XMatchVisualInfo(display, screen, depth, TrueColor, &info) != 0, let visual = info.visual else {
            XCloseDisplay(display)
            throw X11Error("the X server on display \(shownName) has no TrueColor visual of depth \(depth)")
        }
        self.visual = visual
        colormap =
            visual == XDefaultVisual(display, screen)
            ? XDefaultColormap(display, screen)
            : XCreateColormap(display, root, visual, AllocNone)

        pixelLimit = (max(1, min(16_384, XDisplayWidth(display, screen))), max(1, min(16_384, XDisplayHeight(display, screen))))
        atoms = X11Atoms(display: display, screen: screen)
        if sizeAsked {
            defaultLimit = nil
        } else {
            let area = Self.workArea(display: display, root: root, atom: atoms[.netWorkArea])
            defaultLimit = (
                min(pixelLimit.width, area?.width ?? pixelLimit.width), min(pixelLimit.height, area?.height ?? pixelLimit.height)
            )
        }
        let fit = Self.fitted(
            width: size.width, height: size.height,
            limit: Self.sizeLimit(defaultLimit ?? pixelLimit, screen: pixelLimit, scale: 1))
        (screenWidth, screenHeight, cutFromPixels) = (fit.width, fit.height, defaultLimit == nil ? fit.asked : nil)

        var attributes = XSetWindowAttributes()
        attributes.background_pixmap = 0  // None: no server-side clearing, no flicker
        attributes.border_pixel = 0
        attributes.colormap = colormap
        attributes.bit_gravity = NorthWestGravity
        // The cursor is defined once the first frame is on the screen (`finishStartup`).
        attributes.event_mask = X11Platform.topLevelEvents
        topLevel = XCreateWindow(
            display, root, 0, 0, UInt32(screenWidth), UInt32(screenHeight), 0, depth,
            UInt32(InputOutput), visual,
            UInt(CWBackPixmap | CWBorderPixel | CWColormap | CWBitGravity | CWEventMask),
            &attributes)

        var values = XGCValues()
        values.graphics_exposures = 0  // no GraphicsExpose/NoExpose for every copy
        copyGC = XCreateGC(display, topLevel, UInt(GCGraphicsExposures), &values)
        values.foreground = XWhitePixel(display, screen)
        backgroundGC = XCreateGC(display, topLevel, UInt(GCGraphicsExposures | GCForeground), &values)

        wmProtocolsAtom = atoms[.wmProtocols]
        wmDeleteWindowAtom = atoms[.wmDeleteWindow]
        netWMPingAtom = atoms[.netWMPing]
        markAtom = atoms[.mark]

        canvas = RenderCanvas(display: display)
        x11Clipboard = X11Clipboard(display: display, atoms: atoms)
        clipboard = x11Clipboard
        inputMethod = InputMethod(display: display)
        clock = MonotonicClock()
        do {
            fonts = try XftFontProvider(
                display: display, screen: screen, preferred: "Inter",
                fallbacks: ["DejaVu Sans", "sans-serif"])
        } catch {
            XCloseDisplay(display)
            throw error
        }

        setWindowProperties(title: title)
        xinput = XInput2.isSwitchedOff ? nil : XInput2(display: display, window: topLevel)
        XFlush(display)
    }

    /// What the top-level listens to. Child windows listen only to Expose: button and key
    /// events from them propagate here, with coordinates in top-level pixels.
    static let topLevelEvents =
        ExposureMask | ButtonPressMask | ButtonReleaseMask | PointerMotionMask
        | KeyPressMask | StructureNotifyMask | FocusChangeMask

    private func setWindowProperties(title: String) {
        // WM_NAME and WM_ICON_NAME as STRING or COMPOUND_TEXT (whatever the title needs), plus
        // WM_CLIENT_MACHINE and WM_LOCALE_NAME; the other properties follow.
        Xutf8SetWMProperties(display, topLevel, title, title, nil, 0, nil, nil, nil)
        let utf8String = atoms[.utf8String]
        let titleBytes = Array(title.utf8)
        XChangeProperty(
            display, topLevel, atoms[.netWMName], utf8String, 8,
            PropModeReplace, titleBytes, Int32(titleBytes.count))

        if let hint = XAllocClassHint() {
            hint.pointee.res_name = strdup("tapaway")
            hint.pointee.res_class = strdup("Tapaway")
            XSetClassHint(display, topLevel, hint)
            free(hint.pointee.res_name)
            free(hint.pointee.res_class)
            XFree(hint)
        }

        setSizeHints()

        if let hints = XAllocWMHints() {
            hints.pointee.flags = InputHint | StateHint
            hints.pointee.input = 1
            hints.pointee.initial_state = NormalState
            XSetWMHints(display, topLevel, hints)
            XFree(hints)
        }

        var protocols: [Atom] = [wmDeleteWindowAtom, netWMPingAtom]
        XSetWMProtocols(display, topLevel, &protocols, Int32(protocols.count))

        // Startup notification: the id the launcher gave is the window's, and is not handed
        // down to programs started later (the specification asks for both).
        if let raw = getenv("DESKTOP_STARTUP_ID") {
            let id = String(cString: raw)
            unsetenv("DESKTOP_STARTUP_ID")
            if !id.isEmpty, id.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x7F }) {
                startupID = id
                let bytes = Array(id.utf8)
                XChangeProperty(
                    display, topLevel, atoms[.netStartupID], utf8String, 8,
                    PropModeReplace, bytes, Int32(bytes.count))
            }
        }

        let pid: [UInt] = [UInt(getpid())]
        pid.withUnsafeBytes { bytes in
            _ = XChangeProperty(
                display, topLevel, atoms[.netWMPID], 6 /* XA_CARDINAL */, 32,
                PropModeReplace, bytes.bindMemory(to: UInt8.self).baseAddress, 1)
        }
    }

    /// WM_NORMAL_HINTS: the size, and the smallest the form and keypad fit in (320×480 points).
    private func setSizeHints() {
        guard let hints = XAllocSizeHints() else { return }
        hints.pointee.flags = PMinSize | PSize
        hints.pointee.min_width = Int32((Self.minimumPointSize.width * scale).rounded())
        hints.pointee.min_height = Int32((Self.minimumPointSize.height * scale).rounded())
        hints.pointee.width = screenWidth
        hints.pointee.height = screenHeight
        XSetWMNormalHints(display, topLevel, hints)
        XFree(hints)
    }

    // MARK: Application

    /// Connects `app`: its windows get X child windows, and the run loop drives it through its
    /// `HostedApplication` requirements. Call it before any window is added.
    package func attach(_ app: any HostedApplication) {
        application = app
        app.pixelScale = scale
        app.platformWindowFactory = { [unowned self] window in
            self.makePlatformWindow(for: window)
        }
        // The loop checks `needsFrame` on every turn and nothing sleeps elsewhere: no wake-up needed.
        app.onNeedsFrame = {}
    }

    private func makePlatformWindow(for window: TapawayKit.Window) -> PlatformWindow {
        let child = X11ChildWindow(
            display: display, parent: topLevel, visual: visual, colormap: colormap,
            depth: depth, frame: window.frame, scale: scale)
        children.append(child)
        restack(adding: child, for: window)
        return child
    }

    /// Stacks the child windows in the application's order (later windows above).
    private func restack(adding child: X11ChildWindow, for newWindow: TapawayKit.Window) {
        guard let app = application else { return }
        var topFirst: [UInt] = []
        for window in app.windows.reversed() {
            if window === newWindow {
                topFirst.append(child.xid)
            } else if let existing = window.platformWindow as? X11ChildWindow {
                topFirst.append(existing.xid)
            }
        }
        if !topFirst.contains(child.xid) { topFirst.insert(child.xid, at: 0) }
        if topFirst.count > 1 { XRestackWindows(display, &topFirst, Int32(topFirst.count)) }
    }

    func child(for xid: UInt) -> X11ChildWindow? {
        children.first { $0.xid == xid }
    }

    // MARK: Run loop

    /// Runs until `quit()` or the window manager's close button, then hands the clipboard's text
    /// to a clipboard manager. The first frame is painted into the back buffers before the
    /// window is mapped. Losing the X connection ends the process (status 69, EX_UNAVAILABLE)
    /// after one line on fd 2: Xlib does not let a program continue.
    package func run() {
        guard let app = application else {
            writeErrorLine("tapaway: X11Platform.run() called before attach(_:)")
            return
        }
        quitRequested = false
        TerminationSignals.install()
        watchXSettings()
        drainEvents()
        fireTimers(app)
        paintFrame(app)
        XMapWindow(display, topLevel)
        mapRequestedAt = clock.now
        XFlush(display)

        while !quitRequested {
            drainEvents()
            if quitRequested { break }
            if x11Clipboard.expireTransfers() { didWorkSinceIdle = true }
            if x11Clipboard.expireIncoming() { didWorkSinceIdle = true }
            fireTimers(app)
            if app.needsFrame { paintFrame(app) }
            if !readySent { announceReadyIfPossible(app) }
            if quitRequested { break }
            // Flush, and read what has already arrived: buffered events do not wake poll().
            if XEventsQueued(display, QueuedAfterFlush) > 0 { continue }
            announceIdleIfIdle(app)
            // The idle line's round trip may have read events: they do not wake poll() either.
            if XQLength(display) > 0 { continue }
            waitForInput(timeout: timeout(app))
        }
        // Text copied here stays on the clipboard after the program has gone, when a clipboard
        // manager runs (it waits at most `X11Clipboard.handOverTimeout`).
        x11Clipboard.handOverToManager()
        XSync(display, 0)
        XErrorHandlers.reportWithheld()
    }

    /// What can wait until the first frame is on the screen (its Expose answered), done before
    /// the ready line so nothing watching sees a window without them: the pointer's shape
    /// (making it loads the cursor font or theme) and the window icon (decoding it), about two
    /// milliseconds. Window managers pick up both whenever they change.
    private func finishStartup() {
        XDefineCursor(display, topLevel, XCreateFontCursor(display, 68))  // XC_left_ptr
        if wantsWindowIcon { applyWindowIcon() }
        completeStartupNotification()
        XFlush(display)
        (fonts as? XftFontProvider)?.rememberMatches()
    }

    /// Tells the launcher the window is on screen: the startup-notification `remove` message
    /// for `startupID`, as `_NET_STARTUP_INFO_BEGIN` and `_NET_STARTUP_INFO` client messages of
    /// 20 bytes each to the root window, from a window of this program's own.
    private func completeStartupNotification() {
        guard let id = startupID else { return }
        startupID = nil
        let root = XRootWindow(display, screen)
        var text = "remove: ID="
        if id.contains(where: { $0 == " " || $0 == "\"" || $0 == "\\" }) {
            // Quoted, with a backslash before each quote and backslash.
            text += "\"" + id.map { $0 == "\"" || $0 == "\\" ? "\\\($0)" : String($0) }.joined() + "\""
        } else {
            text += id
        }
        var bytes = Array(text.utf8) + [0]
        if bytes.count % 20 != 0 { bytes += [UInt8](repeating: 0, count: 20 - bytes.count % 20) }
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        let sender = XCreateWindow(
            display, root, -100, -100, 1, 1, 0, 0, UInt32(InputOnly), nil,
            UInt(CWOverrideRedirect), &attributes)
        let begin = atoms[.netStartupInfoBegin]
        let more = atoms[.netStartupInfo]
        for start in stride(from: 0, to: bytes.count, by: 20) {
            var event = XEvent()
            event.xclient.type = ClientMessage
            event.xclient.window = sender
            event.xclient.message_type = start == 0 ? begin : more
            event.xclient.format = 8
            withUnsafeMutableBytes(of: &event.xclient.data) { data in
                for index in 0..<20 { data[index] = bytes[start + index] }
            }
            XSendEvent(display, root, 0, PropertyChangeMask, &event)
        }
        XDestroyWindow(display, sender)
    }

    /// Makes every Kit point `scale` device pixels (from 1 to 4): the window grows to match,
    /// fonts open larger and drawing and input are converted. Call it before `attach(_:)`.
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
    private static func sizeLimit(
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
    private static func workArea(display: OpaquePointer, root: UInt, atom: Atom) -> (width: Int32, height: Int32)? {
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
    private static func fitted(
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

    /// Grows the window, never shrinks it, so that it holds `size` points (another device,
    /// the device turned), within the desktop's work area. A window whose size was asked for on
    /// the command line keeps it: its chrome folds instead. Returns whether a new size was asked
    /// of the X server (it arrives later, as a `ConfigureNotify`, if the window manager agrees).
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

    /// The largest scale, at most `scale`, at which a window of `size` points fits the desktop's
    /// work area, in twentieths and never below 0.5; `scale` itself when the size fits there or
    /// when the window's size was asked for (`--size`). The iOS Simulator's "fit screen", for a
    /// device taller than the work area at the display's own scale.
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

    /// Runs when the connection to the X server is lost (the server died or was killed), just
    /// before the process exits with status 69: where the program saves what a close would
    /// save. It runs inside whatever X call found the connection gone, so it must not use the
    /// display; it runs once.
    package var onConnectionLost: (@MainActor () -> Void)? {
        didSet {
            let hook = onConnectionLost
            XErrorHandlers.onConnectionLost = hook.map { hook in { MainActor.assumeIsolated { hook() } } }
        }
    }

    /// Ends `run()` at its next turn.
    package func quit() {
        quitRequested = true
    }

    /// Ends the process as `signal` (a `terminationSignal`) would have, had it not been caught:
    /// a parent shell sees status 128 + the signal's number (130 for Ctrl+C, 143 for `kill`).
    package static func endProcess(as signal: Int32) -> Never {
        TerminationSignals.endProcess(as: signal)
    }

    /// Fires the due timers, noting whether any of them was work rather than ambient upkeep.
    private func fireTimers(_ app: any HostedApplication) {
        let before = app.timerWorkFired
        app.fireDueTimers()
        if app.timerWorkFired != before { didWorkSinceIdle = true }
    }

    /// Calls `onIdle` if the program did something since it last did and now has nothing left
    /// to do. The caller has just found no X event queued or readable.
    private func announceIdleIfIdle(_ app: any HostedApplication) {
        guard readySent, didWorkSinceIdle, !app.needsFrame, !app.isAnimating else { return }
        if let deadline = app.nextTimerDeadline, deadline - clock.now <= 1 / app.frameRate { return }
        if let onIdle {
            // Only when someone listens (the trace): one round trip, so that "idle" also means
            // the server has carried out all that was painted, and a reader of the screen on
            // another connection sees it. Events that arrived meanwhile come first (the loop
            // handles them and looks again).
            XSync(display, 0)
            guard XQLength(display) == 0 else { return }
            didWorkSinceIdle = false
            onIdle()
        } else {
            didWorkSinceIdle = false
        }
        trimHeapIfDue()
    }

    /// When the heap was last trimmed (the clock's time).
    private var lastHeapTrim = -Double.infinity

    /// Gives the heap's free pages back to the system when the program goes idle, at most every
    /// `heapTrimInterval` seconds: a long session that allocates and frees as it goes (events,
    /// layout, the trace) then keeps no more resident than it holds (issue 21's soak). Trimming
    /// a heap of a few MiB takes well under a millisecond.
    ///
    /// Xlib's spare event-queue elements go first: Xlib keeps one for every event it ever held
    /// queued at once, about 200 bytes each, until the display closes. A burst of input read in
    /// one round trip while the program was busy (a paste into a long text, a big repaint)
    /// would otherwise leave its high-water mark resident for the rest of the session.
    private func trimHeapIfDue() {
        guard clock.now - lastHeapTrim >= Self.heapTrimInterval else { return }
        lastHeapTrim = clock.now
        let before = HeapLog.isOn ? HeapLog.figures() : []
        let spares = tapaway_release_event_queue_spares(display)
        _ = tapaway_trim_heap()
        HeapLog.write(seconds: clock.now, before: before, eventQueueSpares: Int(spares))
    }

    /// The shortest time between two heap trims, in seconds.
    static let heapTrimInterval = 5.0

    private func timeout(_ app: any HostedApplication) -> Int32 {
        if app.needsFrame { return 0 }
        var milliseconds: Double?
        if let deadline = app.nextTimerDeadline { milliseconds = ((deadline - clock.now) * 1000).rounded(.up) }
        // A clipboard transfer nobody reads, or a paste whose owner stopped sending, ends on
        // time, event or none.
        for deadline in [x11Clipboard.nextTransferDeadline, x11Clipboard.nextIncomingDeadline].compactMap({ $0 }) {
            let left = ((deadline - X11Clipboard.now()) * 1000).rounded(.up)
            milliseconds = min(milliseconds ?? left, left)
        }
        // The first frame's wait for the window to be shown ends on time too.
        if !readySent, !carriesOnUnshown, let mapped = mapRequestedAt {
            let left = ((mapped + Self.firstExposeWait - clock.now) * 1000).rounded(.up)
            milliseconds = min(milliseconds ?? left, left)
        }
        guard let milliseconds else { return -1 }
        return Int32(max(0, min(milliseconds, 3_600_000)))
    }

    /// Has the loop also wait, while `output` lives, for its descriptor to take the bytes
    /// waiting for it, and write them then: output such as the trace never blocks the loop.
    package func watchOutput(_ output: PendingOutput) {
        outputs.removeAll { $0.output == nil || $0.output === output }
        outputs.append(WeakOutput(output: output))
    }

    /// Notes that the window gained or lost the input focus, and tells the observers.
    func setHasInputFocus(_ focused: Bool) {
        guard focused != hasInputFocus else { return }
        hasInputFocus = focused
        inputFocusObservers.notify(focused)
    }

    /// Has the loop also wait, while `input` lives, for its descriptor (a connection to another
    /// program, such as the accessibility bus) and hand it what arrives, in the same poll as
    /// the X connection: it never blocks the loop.
    package func watchInput(_ input: PolledInput) {
        inputs.removeAll { $0.input == nil || $0.input === input }
        inputs.append(WeakInput(input: input))
    }

    private func waitForInput(timeout: Int32) {
        // A negative descriptor (no signal pipe) is ignored by poll.
        var descriptors = [
            pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0),
            pollfd(fd: TerminationSignals.readDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        outputs.removeAll { $0.output == nil }
        let waiting = outputs.compactMap { entry in
            entry.output.flatMap { output in
                output.waitingDescriptor.map { (output, $0) }
            }
        }
        for (_, fd) in waiting { descriptors.append(pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)) }
        inputs.removeAll { $0.input == nil }
        let polled = inputs.compactMap { entry in entry.input.flatMap { input in input.pollDescriptor.map { (input, $0) } } }
        for (input, fd) in polled {
            descriptors.append(pollfd(fd: fd, events: Int16(POLLIN) | (input.wantsToWrite ? Int16(POLLOUT) : 0), revents: 0))
        }
        let result = poll(&descriptors, nfds_t(descriptors.count), timeout)
        for (index, (output, _)) in waiting.enumerated() where descriptors[2 + index].revents != 0 {
            output.writePending()
        }
        for (index, (input, fd)) in polled.enumerated() {
            let events = descriptors[2 + waiting.count + index].revents
            // The source may have closed and another descriptor taken the number meanwhile.
            guard events != 0, input.pollDescriptor == fd else { continue }
            let failed = events & Int16(POLLERR | POLLHUP | POLLNVAL) != 0
            if input.handlePoll(readable: events & Int16(POLLIN) != 0, writable: events & Int16(POLLOUT) != 0, failed: failed) {
                didWorkSinceIdle = true
            }
        }
        if let signal = TerminationSignals.takePending() {
            // Ctrl+C, kill or a closed terminal: end like the close button does; the launcher
            // then ends the process as the signal would have.
            terminationSignal = terminationSignal ?? signal
            quitRequested = true
            return
        }
        if result < 0 && errno != EINTR {
            writeErrorLine("tapaway: poll on the X connection failed: \(String(cString: strerror(errno)))")
            quitRequested = true
        }
        // A hang-up makes the next XPending fail, and the I/O error handler reports it.
    }

    /// Handles every event Xlib has or can read without blocking.
    func drainEvents() {
        var event = XEvent()
        while XPending(display) > 0 {
            repeat {
                XNextEvent(display, &event)
                didWorkSinceIdle = true
                if !inputMethod.isOpen, readySent, isPersonsInput(event) { openInputMethod() }
                if XFilterEvent(&event, 0) != 0 { continue }
                handle(&event)
            } while XEventsQueued(display, QueuedAlready) > 0
        }
        if let size = pendingResize {
            pendingResize = nil
            if size.width != screenWidth || size.height != screenHeight {
                screenWidth = size.width
                screenHeight = size.height
                application?.resizeScreen(to: Size(width: Double(size.width) / scale, height: Double(size.height) / scale))
            }
        }
    }

    /// Whether an X event is the person at the screen acting: a key, a button, the pointer
    /// moving, a touch (core or XInput2). Not the pointer entering a window that appeared under
    /// it, nor a device change.
    private func isPersonsInput(_ event: XEvent) -> Bool {
        switch event.type {
        case KeyPress, ButtonPress, MotionNotify: return true
        case GenericEvent:
            guard let xinput, event.xcookie.extension == xinput.opcode else { return false }
            let kind = event.xcookie.evtype
            return kind == XI_KeyPress || kind == XI_ButtonPress || kind == XI_Motion || kind == XI_TouchBegin
        default: return false
        }
    }

    /// Opens the input method, once the first frame is on screen, when text input takes focus
    /// without the person's input (`--focus`, a replayed recording). Otherwise it opens at the
    /// person's first input event of any kind, before that event is filtered, so the key that
    /// types goes through it. Opening waits because Xlib's own input method parses the locale's
    /// whole Compose table (60 M instructions; 0.6 MB more resident): the pointer's first move
    /// over the window or the press of a first tap hides it, and a start with nobody at the
    /// screen does not pay it.
    private func openInputMethodIfTyping() {
        guard readySent, !inputMethod.isOpen, application?.focusedCaretRect != nil else { return }
        openInputMethod()
    }

    /// Opens the input method, and selects what it filters.
    private func openInputMethod() {
        // While it composes, the input method's pre-edit shows at the focused input's caret.
        inputMethod.onPreedit = { [weak self] text, caret in
            self?.application?.handlePreedit(text, caret: caret)
        }
        let filter = inputMethod.open(window: topLevel)
        if filter & ~X11Platform.topLevelEvents != 0 {
            XSelectInput(display, topLevel, X11Platform.topLevelEvents | filter)
        }
    }

    /// Once the window is mapped, exposed and painted (or, painted, `firstExposeWait` seconds
    /// after it was mapped, shown or not, with one line saying so): sync, handle the exposures
    /// the map caused, sync again, and call `onReady`.
    private func announceReadyIfPossible(_ app: any HostedApplication) {
        guard framesPainted > 0 else { return }
        if !(isMapped && sawExpose) && !carriesOnUnshown {
            // Not shown yet: wait for it, but not for ever (`firstExposeWait`).
            guard let mapped = mapRequestedAt, clock.now - mapped >= Self.firstExposeWait else { return }
            writeErrorLine(
                "tapaway: the window has not been shown \(Int(Self.firstExposeWait)) seconds after it was mapped (another window covers it, or the window manager holds it back); carrying on without it"
            )
            carriesOnUnshown = true
        }
        XSync(display, 0)
        drainEvents()
        guard !app.needsFrame, !quitRequested else { return }
        XSync(display, 0)
        finishStartup()
        readySent = true
        onReady?()
        openInputMethodIfTyping()
        // Asked now, after the first frame, so that no press waits for the answer.
        xinput?.refreshClientPointer()
    }

    // MARK: Painting

    /// Runs a Kit frame (layout, observers) and paints every visible window's dirty area into
    /// its back buffer, then copies that area to the window.
    func paintFrame(_ app: any HostedApplication) {
        let frameStart = clock.now
        app.runFrame()
        // Focus may have moved without an X event (a timer, a replayed recording).
        openInputMethodIfTyping()
        // The input method's candidate window follows the caret (its spot: the caret's
        // bottom-left, in the window's pixels).
        if inputMethod.isOpen, let caret = app.focusedCaretRect {
            inputMethod.setSpot(x: caret.minX * scale, y: caret.maxY * scale)
        }
        for window in app.windows {
            guard let child = window.platformWindow as? X11ChildWindow else { continue }
            if child.wantsVisible == window.isHidden { child.setVisible(!window.isHidden) }
            // A hidden window keeps its dirty area; showing it repaints it whole anyway.
            guard !window.isHidden else { continue }
            child.ensureBuffer()
            var dirty = app.takeDirtyRect(of: window)
            if child.needsFullRender {
                dirty = window.bounds
                child.needsFullRender = false
            }
            guard let rect = dirty, !rect.isEmpty else { continue }
            let origin = window.bounds.origin
            let local = rect.offsetBy(dx: -origin.x, dy: -origin.y)
            let device = Rect(
                x: local.minX * scale, y: local.minY * scale, width: local.width * scale, height: local.height * scale
            )
            .integral
            .intersection(Rect(x: 0, y: 0, width: Double(child.width), height: Double(child.height)))
            guard !device.isEmpty else { continue }
            canvas.begin(
                picture: child.picture, draw: child.draw, clip: device,
                origin: Point(x: -origin.x, y: -origin.y))
            // The points whose pixels are repainted: the device area, rounded outwards.
            let redrawn =
                scale == 1
                ? device
                : Rect(
                    x: device.minX / scale, y: device.minY / scale,
                    width: device.width / scale, height: device.height / scale)
            app.render(window, redrawn.offsetBy(dx: origin.x, dy: origin.y), in: canvas)
            canvas.end()
            child.hasContent = true
            child.present(
                x: Int32(device.minX), y: Int32(device.minY),
                width: Int32(device.width), height: Int32(device.height), gc: copyGC)
        }
        framesPainted += 1
        XFlush(display)
        lastFrame = (frameStart, clock.now - frameStart)
        paintedFrameObservers.notify()
    }

    // MARK: Screenshots

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

/// An input the run loop polls without keeping it alive.
private struct WeakInput {
    weak var input: PolledInput?
}

/// An output the run loop watches without keeping it alive.
private struct WeakOutput {
    weak var output: PendingOutput?
}
