import CX11
import Foundation
import TapawayTestSupport
import Testing

/// A real input method on the private display (issue 19): ibus with its XIM frontend and m17n's
/// t-latn-pre engine, in a D-Bus session of its own.
///
/// Typing ' composes: the apostrophe is the pre-edit until the next letter commits é.
@Suite("An input method, end to end")
struct InputMethodTests {
    /// Starts ibus on `display` and returns it once its engine is set (the fixture says so).
    private static func startIBus(on display: VirtualDisplay, home: String) throws -> ChildProcess {
        guard let session = Executables.find("dbus-run-session"), Executables.find("ibus-daemon") != nil else {
            throw EndToEndError("ibus or dbus-run-session is missing: scripts/setup.sh installs them")
        }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/ibus-session.sh").path
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display.name
        environment["HOME"] = home
        environment["XDG_CONFIG_HOME"] = home + "/config"
        environment["XDG_CACHE_HOME"] = home + "/cache"
        let deadline = Date().addingTimeInterval(30)
        let (ibus, _) = try ChildProcess.start(
            Executables.bounded([session, "--", script], lifetimeLimit: Executables.sessionLifetime),
            environment: environment, timeout: 30, awaiting: "ibus's engine", until: { $0.contains("ibus ready") })
        // The engine is set before ibus's XIM frontend may have announced itself: wait until the
        // root window's XIM_SERVERS lists it, or Xlib would open its own input method instead.
        guard let x = XOpenDisplay(display.name) else { throw EndToEndError("cannot open \(display.name)") }
        defer { XCloseDisplay(x) }
        let servers = XInternAtom(x, "XIM_SERVERS", 0), ibusServer = XInternAtom(x, "@server=ibus", 0)
        let root = XDefaultRootWindow(x)
        // Told of every change of the root's properties from now on, then looked at once: a
        // change after the look wakes the wait below.
        XSelectInput(x, root, PropertyChangeMask)
        XSync(x, 0)
        var event = XEvent()
        while !Self.rootLists(ibusServer, in: servers, display: x) {
            while XCheckTypedWindowEvent(x, root, PropertyNotify, &event) == 0 {
                let remaining = deadline.timeIntervalSinceNow
                guard remaining > 0 else {
                    ibus.signalGroup(SIGTERM)
                    throw EndToEndError("ibus's XIM frontend did not announce itself within 30 s")
                }
                var descriptor = pollfd(fd: XConnectionNumber(x), events: Int16(POLLIN), revents: 0)
                _ = poll(&descriptor, 1, Int32(min(remaining, 1) * 1000) + 1)
            }
        }
        return ibus
    }

    /// Whether the root window's `property` (a list of atoms) holds `atom`.
    private static func rootLists(_ atom: Atom, in property: Atom, display: OpaquePointer) -> Bool {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let root = XDefaultRootWindow(display)
        guard
            XGetWindowProperty(display, root, property, 0, 1024, 0, Atom(XA_ATOM), &type, &format, &count, &after, &data)
                == Success,
            let data
        else { return false }
        defer { XFree(data) }
        guard format == 32 else { return false }
        let atoms = UnsafeRawPointer(data).assumingMemoryBound(to: UInt.self)
        return (0..<Int(count)).contains { atoms[$0] == atom }
    }

    @Test("with ibus composing, the pre-edit shows at the caret, marked in the trace, and the commit replaces it")
    func ibusComposes() throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("tapaway-ibus-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let ibus = try Self.startIBus(on: display, home: home)
        defer {
            ibus.signalGroup(SIGTERM)
            ibus.stop(grace: 2)
        }
        let app = try AppProcess(["--no-settings", "--focus", "name"], display: display, environment: ["XMODIFIERS": "@im=ibus"])
        try app.waitForReady()
        let driver = try XDriver(displayName: display.name)
        // The input method opens right after the first frame: once idle behind a mark, it is open.
        try app.settle(through: driver)
        let start = app.mark
        try driver.key(named: "apostrophe")
        let preedit = try app.waitFor(kind: "text", after: start, what: "the pre-edit in name") {
            $0.string("id") == "name" && ($0["marked"] as? [Any])?.count == 2
        }
        #expect(preedit.string("text") == "'", "the apostrophe is the pre-edit\n\(app.diagnostics)")
        #expect((preedit["marked"] as? [Any]).map { $0.compactMap(JSONValue.number) } == [0, 1])
        try driver.key(named: "e")
        let committed = try app.waitFor(kind: "text", after: preedit.index, what: "the commit") {
            $0.string("id") == "name" && $0.string("text") == "é"
        }
        #expect(committed["marked"] == nil, "nothing is marked once it is committed\n\(app.diagnostics)")
        app.terminate()
    }
}
