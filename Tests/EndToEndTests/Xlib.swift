import CX11

/// What every in-process user of Xlib in the end-to-end tests goes through before its first
/// Xlib call.
///
/// Swift Testing runs suites and tests concurrently, so several threads of this one process
/// open, use and close X connections at once (`XDriver`, `DesktopProbe`). Each connection is
/// used by one test only, but Xlib also keeps process-wide state: the list of open displays
/// (changed by every `XOpenDisplay` and `XCloseDisplay`), the resource manager's quark table and
/// the keysym database that `XStringToKeysym` builds on first use. Xlib guards them with locks
/// only once `XInitThreads()` has been called, and it must be called before any other Xlib call.
/// Without it, two tests opening or closing a display at the same moment corrupted the heap
/// ("double free or corruption").
enum Xlib {
    /// Set up once, the first time any test needs Xlib (Swift runs a static's initialiser
    /// exactly once, whichever threads race for it).
    private static let initialised: Bool = {
        let threaded = XInitThreads() != 0
        // Xlib's default error handler ends the whole process (every test with it) on any X
        // error, such as a request to a window the program under test has just destroyed by
        // exiting. Such a request fails quietly instead; the test sees its result.
        XSetErrorHandler { _, _ in 0 }
        return threaded
    }()

    /// Makes Xlib thread-safe (once per process) before the caller's first Xlib call.
    ///
    /// - Throws: if Xlib cannot be made thread-safe, when tests must not open connections.
    static func prepare() throws {
        guard initialised else { throw EndToEndError("XInitThreads failed: Xlib cannot be used from parallel tests") }
    }

    /// The top-level windows (children of the root) whose `WM_CLASS` is `name`/`className`.
    static func topLevelWindows(
        on display: OpaquePointer, name: String = "tapaway",
        className: String = "Tapaway"
    ) -> [UInt] {
        let root = XRootWindow(display, XDefaultScreen(display))
        var rootReturn: UInt = 0, parent: UInt = 0
        var children: UnsafeMutablePointer<UInt>?
        var count: UInt32 = 0
        guard XQueryTree(display, root, &rootReturn, &parent, &children, &count) != 0, let children else { return [] }
        defer { XFree(children) }
        var found: [UInt] = []
        for index in 0..<Int(count) {
            var hint = XClassHint()
            guard XGetClassHint(display, children[index], &hint) != 0 else { continue }
            let resName = hint.res_name.map { String(cString: $0) }
            let resClass = hint.res_class.map { String(cString: $0) }
            if let p = hint.res_name { XFree(p) }
            if let p = hint.res_class { XFree(p) }
            if resName == name && resClass == className { found.append(children[index]) }
        }
        return found
    }
}
