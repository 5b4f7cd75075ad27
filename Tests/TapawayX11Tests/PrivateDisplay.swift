import CX11
import TapawayTestSupport

/// A private X server (`VirtualDisplay`, which starts `Xvfb -displayfd`) opened as a connection,
/// so the tests share no display with each other or with anyone else's.
///
/// The server is stopped, and the connection closed, when this goes.
final class PrivateDisplay {
    /// The connection to the server.
    let display: OpaquePointer
    /// The server, kept running while the connection is open.
    private let server: VirtualDisplay

    /// Starts Xvfb with a screen of `width` × `height` and connects.
    ///
    /// Throws when Xvfb is missing, does not start in 10 s, or takes no connection.
    init(width: Int = 640, height: Int = 480) throws {
        server = try VirtualDisplay(width: width, height: height)
        guard let display = XOpenDisplay(server.name) else {
            server.stop()
            throw ChildProcessError("cannot open the private display \(server.name)")
        }
        self.display = display
    }

    deinit {
        XCloseDisplay(display)
        server.stop()
    }
}
