import CX11
import Foundation
import TapawayTestSupport
import Testing

/// A window manager that was killed leaves `_NET_SUPPORTING_WM_CHECK` on the root window, naming a
/// window that is gone.
///
/// Tapaway checks it to decide who gives the window focus.
@Suite("A stale window manager property, end to end")
struct StaleWindowManagerTests {
    @Test("the root names a window that is gone: Tapaway starts with nothing on standard error, taking the focus itself")
    func staleProperty() throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        try Xlib.prepare()
        let connection = try #require(XOpenDisplay(display.name))
        defer { XCloseDisplay(connection) }
        let root = XDefaultRootWindow(connection)
        // A window made and destroyed: its id now names nothing.
        let gone = XCreateSimpleWindow(connection, root, 0, 0, 1, 1, 0, 0, 0)
        XDestroyWindow(connection, gone)
        var id = UInt(gone)
        let check = XInternAtom(connection, "_NET_SUPPORTING_WM_CHECK", 0)
        withUnsafeBytes(of: &id) { bytes in
            _ = XChangeProperty(
                connection, root, check, 33 /* XA_WINDOW */, 32, PropModeReplace,
                bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), 1)
        }
        XSync(connection, 0)

        let app = try AppProcess(["--no-settings"], display: display)
        try app.waitForReady()
        try app.waitFor(kind: "idle", what: "the program idle after its first frame")
        #expect(app.stderr.isEmpty, "a stale property is not an error worth a line: \(app.stderr)")
    }
}
