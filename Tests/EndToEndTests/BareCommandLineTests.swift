import CX11
import Foundation
import Glibc
import TapawayTestSupport
import Testing

/// `tapaway` with no argument at all takes the command's declared defaults without
/// swift-argument-parser's parse; any argument goes through the parser.
///
/// A bare `tapaway` writes no trace (that needs `--trace`), so what it shows is compared with
/// what `tapaway` with the defaults spelled out shows, pixel for pixel, after that run's first
/// `layout` line; the debug build the tests run also asserts, on the bare path, that the
/// defaults equal what the parser makes of an empty command line.
@Suite("A bare command line")
struct BareCommandLineTests {
    @Test("a bare tapaway shows the same first frame as tapaway with the default values spelled out")
    func bareIsTheDefaults() throws {
        _ = try AppProcess.binaryURL()
        let display = try VirtualDisplay()
        defer { display.stop() }
        let x = try XDriver(displayName: display.name)
        defer { x.close() }

        // Each run's state (window size, last scenario) in a folder of its own, not the user's:
        // the bare run must start from nothing remembered.
        let spelledState = PrivateFolder(purpose: "state"), bareState = PrivateFolder(purpose: "state")
        defer { [spelledState, bareState].forEach { $0.remove() } }
        let spelled = try AppProcess(
            ["--scenario", "send-event", "--size", "933x852", "--replay-speed", "1"], display: display,
            environment: ["XDG_STATE_HOME": spelledState.path])
        let ready = try spelled.waitForReady()
        let layout = try spelled.waitForLayout(what: "the first layout") { _ in true }
        try spelled.settle(through: x)
        let size = (ready["window"] as? [Any])?.compactMap(JSONValue.number) ?? []
        #expect(size == [933, 852], "the ready line's window: \(size)\n\(spelled.diagnostics)")
        #expect(!layout.views.isEmpty, "\(spelled.diagnostics)")
        let window = Rect(x: 0, y: 0, width: 930, height: 820)
        let expected = try x.pixels(in: window)
        let first = try #require(x.tapawayWindow(), "the spelled-out run's window\n\(spelled.diagnostics)")
        x.watchStructure(of: first)
        x.watchTopLevels()
        spelled.terminate()
        #expect(x.waitForEvent(DestroyNotify, on: first, timeout: 5), "the first window is gone\n\(spelled.diagnostics)")

        let bare = try AppProcess([], display: display, trace: false, environment: ["XDG_STATE_HOME": bareState.path])
        defer { bare.terminate() }
        #expect(bare.arguments.isEmpty)
        #expect(
            x.waitForEvent(MapNotify, on: x.rootWindow, timeout: AppProcess.defaultTimeout),
            "a bare tapaway's window\n\(bare.diagnostics)")
        // A bare run has no trace to wait on: its frame on the screen is the only fact it states.
        // Poll the pixels until they match (it may not be drawn yet), then say how far off.
        var differing = expected.count
        let deadline = Date().addingTimeInterval(AppProcess.defaultTimeout)
        repeat {
            let shown = try x.pixels(in: window)
            differing = zip(shown, expected).filter { $0 != $1 }.count
            if differing == 0 { break }
            usleep(50_000)
        } while Date() < deadline
        #expect(
            differing == 0,
            "\(differing) of \(expected.count) pixels differ from the spelled-out defaults' frame\n\(bare.diagnostics)")
        #expect(bare.process.isRunning, "the bare tapaway exited (\(bare.exitDescription))\n\(bare.diagnostics)")
    }
}
