import CX11
import Foundation
import Glibc

/// An override-redirect window over the whole screen that raises itself over every window
/// created, mapped or moved, from a thread of its own on a connection of its own: a window
/// created before it maps is covered when it maps, and gets no `Expose`.
final class StayOnTopWindow: @unchecked Sendable {
    private let display: OpaquePointer
    private let window: UInt
    private var stopPipe: [Int32] = [-1, -1]
    private let finished = DispatchSemaphore(value: 0)
    private var stopped = false

    /// Covers the screen of `displayName` and starts staying on top.
    init(displayName: String) throws {
        try Xlib.prepare()
        guard let display = XOpenDisplay(displayName) else { throw EndToEndError("XOpenDisplay(\(displayName)) failed") }
        self.display = display
        let screen = XDefaultScreen(display)
        let root = XRootWindow(display, screen)
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        attributes.background_pixel = XBlackPixel(display, screen)
        window = XCreateWindow(
            display, root, 0, 0, UInt32(XDisplayWidth(display, screen)), UInt32(XDisplayHeight(display, screen)), 0,
            Int32(CopyFromParent), UInt32(InputOutput), nil, UInt(CWOverrideRedirect | CWBackPixel), &attributes)
        XSelectInput(display, root, SubstructureNotifyMask)
        XMapRaised(display, window)
        XSync(display, 0)
        guard pipe(&stopPipe) == 0 else {
            XCloseDisplay(display)
            throw EndToEndError("pipe failed")
        }
        let thread = Thread { [self] in
            serve()
            finished.signal()
        }
        thread.start()
    }

    deinit { stop() }

    /// Stops and closes the connection (the window goes with it).
    func stop() {
        guard !stopped else { return }
        stopped = true
        var byte: UInt8 = 1
        _ = Glibc.write(stopPipe[1], &byte, 1)
        finished.wait()
        XCloseDisplay(display)
        for fd in stopPipe { close(fd) }
    }

    private func serve() {
        var event = XEvent()
        while true {
            var raise = false
            while XPending(display) > 0 {
                XNextEvent(display, &event)
                switch event.type {
                case CreateNotify: raise = raise || event.xcreatewindow.window != window
                case MapNotify: raise = raise || event.xmap.window != window
                case ConfigureNotify: raise = raise || event.xconfigure.window != window
                default: break
                }
            }
            if raise {
                XRaiseWindow(display, window)
                XFlush(display)
            }
            var descriptors = [
                pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0),
                pollfd(fd: stopPipe[0], events: Int16(POLLIN), revents: 0),
            ]
            _ = poll(&descriptors, 2, -1)
            if descriptors[1].revents != 0 { return }
        }
    }
}
