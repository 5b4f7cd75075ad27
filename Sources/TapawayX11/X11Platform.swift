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
    /// The clock every timer and event time reads: `CLOCK_MONOTONIC`, in seconds.
    package let clock: Clock
    /// The X `CLIPBOARD` selection.
    package let clipboard: Clipboard
    /// Called once, after the first complete frame has been painted and the window is mapped,
    /// exposed and synchronised with the server (its pixels can be read back).
    package var onReady: (() -> Void)?
    /// Offered each key the user types before the application gets it; returning true keeps it from the
    /// application.
    ///
    /// The launcher sets it while a replay runs, whose controls (pause, step) are keys, so that they
    /// never reach the replayed session.
    package var keyInterceptor: ((KeyInput) -> Bool)?
    /// Told after every frame: layout, the application's frame observers and painting of the dirty
    /// areas.
    ///
    /// Add an observer and keep its token; remove the token to stop.
    package let paintedFrameObservers = ObserverList<Void>()
    /// Called once each time the program becomes idle after it did something (handled an X event, or
    /// fired a timer that is not ambient): no animation runs, no frame is pending, no timer is due
    /// within a frame and no X event is queued or waiting on the connection.
    ///
    /// Never before `onReady`, and not again while the program stays idle (a caret's blink does not
    /// count). Tests and scripts wait on it instead of sleeping.
    package var onIdle: (() -> Void)?
    /// The number carried by the last `_TAPAWAY_MARK` client message the window received, if any.
    ///
    /// A driver sends one behind its input (X delivers events in order), so an `onIdle` that sees its
    /// number comes after everything the input set going.
    package internal(set) var lastMark: Int?
    /// When the last frame began (the clock's seconds) and how long it took, layout and
    /// painting included, for frame statistics.
    package internal(set) var lastFrame: (start: Double, duration: Double) = (0, 0)
    /// The termination signal (SIGINT, SIGTERM, SIGHUP) that ended `run()`, if one did.
    ///
    /// Once the settings are saved, `endProcess(as:)` ends the process as that signal would have.
    package internal(set) var terminationSignal: Int32?
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
    /// Device pixels per Kit point (1 at 96 dpi; see `setScale(_:)`).
    ///
    /// The Kit, the trace and the command line's sizes are in points; X windows, input and screenshots
    /// in pixels.
    package internal(set) var scale: Double = 1
    /// Runs when the connection to the X server is lost (the server died or was killed), just before
    /// the process exits with status 69: where the program saves what a close would save.
    ///
    /// It runs inside whatever X call found the connection gone, so it must not use the display; it
    /// runs once.
    package var onConnectionLost: (@MainActor () -> Void)? {
        didSet {
            let hook = onConnectionLost
            XErrorHandlers.onConnectionLost = hook.map { hook in { MainActor.assumeIsolated { hook() } } }
        }
    }

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
    /// The most device pixels each side of the window may have: what the screen (the root window) can
    /// show, and no more than X's 16 384.
    ///
    /// A larger window would cost back buffers that nobody can see (10 000 × 10 000 points at scale 4
    /// took 3.4 GB).
    let pixelLimit: (width: Int32, height: Int32)
    /// The size the window was asked for, in pixels, when it was larger than `pixelLimit` and cut
    /// to it; nil when it fitted, or when it was only the default size (cut without a word).
    package internal(set) var cutFromPixels: (width: Int, height: Int)?
    /// The most device pixels each side of a window whose size nobody asked for: the desktop's work
    /// area (the screen less its panels, `_NET_WORKAREA`) when a window manager says, else
    /// `pixelLimit`.
    ///
    /// nil when the size was asked for (`--size`): it fits the screen only.
    let defaultLimit: (width: Int32, height: Int32)?
    /// The window's size in Kit points (its pixels divided by `scale`).
    package var pointSize: Size { Size(width: Double(screenWidth) / scale, height: Double(screenHeight) / scale) }
    /// A top-level size seen in ConfigureNotify, applied once the queue is drained.
    var pendingResize: (width: Int32, height: Int32)?
    var quitRequested = false
    var isMapped = false
    var sawExpose = false
    /// When the top-level was mapped (`XMapWindow`), monotonic seconds; nil before.
    var mapRequestedAt: Double?
    /// Whether the first frame stopped waiting for the window to be shown (`firstExposeWait`).
    var carriesOnUnshown = false
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
    var outputs: [WeakOutput] = []
    /// Connections the loop reads and writes beside the X connection (held weakly).
    var inputs: [WeakInput] = []
    /// When the heap was last trimmed (the clock's time).
    var lastHeapTrim = -Double.infinity

    /// Opens `display` (nil: `$DISPLAY`) and creates the top-level window of `size` pixels, titled
    /// `title`, unmapped until `run()`.
    ///
    /// Unless `sizeAsked`, the size is only a default: the window then fits the desktop's work area at
    /// any scale, without a word.
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
        // Until the first frame is up, every shape is drawn directly: the first frame meets most
        // shapes once, and keying them cost more instructions than their masks saved the server
        // (`announceReadyIfPossible` turns the cache on).
        canvas.cachesMasks = false
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

    /// What the top-level listens to.
    ///
    /// Child windows listen only to Expose: button and key events from them propagate here, with
    /// coordinates in top-level pixels.
    static let topLevelEvents =
        ExposureMask | ButtonPressMask | ButtonReleaseMask | PointerMotionMask
        | KeyPressMask | StructureNotifyMask | FocusChangeMask

    // MARK: Application

    /// Connects `app`: its windows get X child windows, and the run loop drives it through its
    /// `HostedApplication` requirements.
    ///
    /// Call it before any window is added.
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

    /// Notes that the window gained or lost the input focus, and tells the observers.
    func setHasInputFocus(_ focused: Bool) {
        guard focused != hasInputFocus else { return }
        hasInputFocus = focused
        inputFocusObservers.notify(focused)
    }
}
