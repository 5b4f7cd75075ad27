import CX11
import Foundation
import Glibc
import TapawayTestSupport
import Testing

/// Desktop manners: what a window manager and a launcher expect of a well-behaved program.
@Suite("Desktop manners, end to end")
struct DesktopMannersTests {
    /// The client messages of `types` that reach the root window over `probe`'s connection
    /// (which selected `mask` on the root) within `timeout` seconds, until `done` says enough.
    private static func rootMessages(
        _ probe: DesktopProbe, types: [String], timeout: Double,
        until done: ([XClientMessageEvent]) -> Bool
    ) -> [XClientMessageEvent] {
        let wanted = Set(types.map(probe.atom))
        var seen: [XClientMessageEvent] = []
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline && !done(seen) {
            XSync(probe.display, 0)
            var event = XEvent()
            while XPending(probe.display) > 0 {
                XNextEvent(probe.display, &event)
                if event.type == ClientMessage && wanted.contains(event.xclient.message_type) { seen.append(event.xclient) }
            }
            if !done(seen) { usleep(10_000) }
        }
        return seen
    }

    @Test("_NET_WM_PING is in WM_PROTOCOLS and answered on the root window with the same timestamp")
    func ping() throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let run = try AppProcess(["--no-settings"], display: display)
        defer { run.terminate() }
        try run.waitForReady()
        let probe = try DesktopProbe(displayName: display.name)
        let window = try probe.window()
        let protocols = probe.property("WM_PROTOCOLS", of: window)?.items.map(probe.atomName) ?? []
        #expect(protocols.contains("_NET_WM_PING"), "\(protocols)")

        XSelectInput(probe.display, probe.root, SubstructureNotifyMask)
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = window
        event.xclient.message_type = probe.atom("WM_PROTOCOLS")
        event.xclient.format = 32
        event.xclient.data.l.0 = Int(bitPattern: probe.atom("_NET_WM_PING"))
        event.xclient.data.l.1 = 424_242  // the timestamp the answer must carry back
        event.xclient.data.l.2 = Int(bitPattern: window)
        XSendEvent(probe.display, window, 0, 0, &event)
        XFlush(probe.display)
        let answers = Self.rootMessages(probe, types: ["WM_PROTOCOLS"], timeout: 10) { $0.contains { $0.window == probe.root } }
        let answer = try #require(
            answers.first { $0.window == probe.root }, "no answer to _NET_WM_PING on the root window.\n\(run.diagnostics)")
        #expect(Atom(truncatingIfNeeded: answer.data.l.0) == probe.atom("_NET_WM_PING"))
        #expect(answer.data.l.1 == 424_242 && UInt(bitPattern: answer.data.l.2) == window)
    }

    @Test("startup notification: DESKTOP_STARTUP_ID becomes _NET_STARTUP_ID, and 'remove' is sent once the window is up")
    func startupNotification() throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let probe = try DesktopProbe(displayName: display.name)
        XSelectInput(probe.display, probe.root, PropertyChangeMask)
        XSync(probe.display, 0)
        let id = "tapaway-test launcher/\"1\"_TIME42"
        let run = try AppProcess(["--no-settings"], display: display, environment: ["DESKTOP_STARTUP_ID": id])
        defer { run.terminate() }
        try run.waitForReady()
        let window = try probe.window()
        #expect(probe.text("_NET_STARTUP_ID", of: window) == id)

        func text(_ messages: [XClientMessageEvent]) -> String {
            var bytes: [UInt8] = []
            for var message in messages {
                withUnsafeBytes(of: &message.data) { bytes += $0.prefix(20) }
            }
            return String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        let messages = Self.rootMessages(probe, types: ["_NET_STARTUP_INFO_BEGIN", "_NET_STARTUP_INFO"], timeout: 10) {
            $0.last.map { last in withUnsafeBytes(of: last.data) { $0.prefix(20).contains(0) } } ?? false
        }
        #expect(messages.first.map { $0.message_type == probe.atom("_NET_STARTUP_INFO_BEGIN") } == true)
        #expect(messages.allSatisfy { $0.format == 8 })
        #expect(text(messages) == #"remove: ID="tapaway-test launcher/\"1\"_TIME42""#, "\(text(messages))")
    }

    @Test("Ctrl+Q quits with status 0, after saving the settings as the close button does")
    func controlQ() throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let state = PrivateFolder(purpose: "state")
        defer { state.remove() }
        let run = try AppProcess(["--scenario", "flutter"], display: display, environment: ["XDG_STATE_HOME": state.path])
        try run.waitForReady()
        let driver = try XDriver(displayName: display.name)
        try driver.chord("q")
        #expect(run.waitForExit(timeout: 10) == 0, "\(run.diagnostics)")
        let saved = try String(contentsOfFile: state.file("tapaway/state.conf"), encoding: .utf8)
        #expect(saved.contains("scenario=flutter\n"), "\(saved)")
    }

    @Test(
        "SIGINT and SIGTERM: the settings are saved, then the process ends as the signal would (130, 143)",
        arguments: [SIGINT, SIGTERM])
    func terminationSignal(_ signal: Int32) throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let state = PrivateFolder(purpose: "state")
        defer { state.remove() }
        let run = try AppProcess(["--scenario", "android"], display: display, environment: ["XDG_STATE_HOME": state.path])
        try run.waitForReady()
        run.process.signalGroup(signal)
        run.process.waitForExit(timeout: 10)
        // Through the launcher's `timeout` wrapper the death by the signal shows either as the
        // signal or as the shell's status for it.
        #expect(
            run.process.terminationSignal == signal || run.process.exitCode == 128 + signal,
            "\(run.exitDescription)\n\(run.diagnostics)")
        let saved = try String(contentsOfFile: state.file("tapaway/state.conf"), encoding: .utf8)
        #expect(saved.contains("scenario=android\n"), "\(saved)")
    }
}

/// Where the window size and the last scenario are kept: `XDG_STATE_HOME`, not with the
/// settings.
@Suite("The state of the last session, end to end")
struct SessionStateTests {
    @Test("an older settings file's window size and scenario are used, then move to XDG_STATE_HOME on close")
    func olderSettingsMove() throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let folder = PrivateFolder(purpose: "state-move")
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.file("config/tapaway"), withIntermediateDirectories: true)
        let settingsFile = folder.file("config/tapaway/settings.conf")
        try "[tapaway]\nscenario=flutter\nwindow-size=640x820\ntheme=dark\n".write(
            toFile: settingsFile, atomically: false, encoding: .utf8)
        let environment = ["XDG_CONFIG_HOME": folder.file("config"), "XDG_STATE_HOME": folder.file("state")]

        let first = try AppProcess(display: display, environment: environment)
        let ready = try first.waitForReady()
        // The remembered width is kept; the height grows to show iPhone 15 (852 points) whole.
        #expect(ready.string("scenario") == "flutter" && (ready["window"] as? [Double]) == [640, 852], "\(ready)")
        let probe = try DesktopProbe(displayName: display.name)
        probe.requestClose(try probe.window())
        #expect(first.waitForExit(timeout: 10) == 0, "\(first.diagnostics)")
        let settings = try String(contentsOfFile: settingsFile, encoding: .utf8)
        #expect(
            settings.contains("theme=dark\n") && !settings.contains("scenario") && !settings.contains("window-size"),
            "\(settings)")
        let state = try String(contentsOfFile: folder.file("state/tapaway/state.conf"), encoding: .utf8)
        #expect(state.contains("scenario=flutter\n") && state.contains("window-size=640x852\n"), "\(state)")

        // The next start finds them in their new place.
        let second = try AppProcess(display: display, environment: environment)
        let again = try second.waitForReady()
        #expect(again.string("scenario") == "flutter" && (again["window"] as? [Double]) == [640, 852], "\(again)")
        probe.requestClose(try probe.window())
        #expect(second.waitForExit(timeout: 10) == 0, "\(second.diagnostics)")
    }
}

/// The theme follows the desktop's while Tapaway runs, as GTK applications do.
@Suite("The desktop's theme, live, end to end")
struct LiveThemeTests {
    /// The window's mean luminance once the program has handled everything sent so far (the
    /// probe's changes were synchronised before the mark behind them) and the server has drawn
    /// it (the idle line comes after a round trip).
    private static func luminance(_ s: Session, _ probe: DesktopProbe) throws -> Double {
        try s.settle()
        return try meanLuminance(of: try probe.window(), probe: probe, driver: s.x)
    }

    @Test("a change of the XSETTINGS theme name, a manager that ends and one that starts switch the theme at once")
    func followsXSettings() throws {
        try Session.run(arguments: ["--no-settings"], environment: ["GTK_THEME": nil]) { s in
            let probe = try DesktopProbe(displayName: s.display.name)
            #expect(try Self.luminance(s, probe) > 150, "light without any hint")
            // A manager that starts after Tapaway: its MANAGER message on the root.
            probe.publishXSettings([("Net/ThemeName", "Adwaita-dark")])
            #expect(
                try Self.luminance(s, probe) < 90, "dark once a manager publishes Adwaita-dark\n\(s.app.diagnostics)")
            // The same manager changes its property.
            probe.publishXSettings([("Net/ThemeName", "Adwaita")], serial: 2)
            #expect(try Self.luminance(s, probe) > 150, "light again with Adwaita")
            probe.publishXSettings([("Net/ThemeName", "Adwaita-dark")], serial: 3)
            #expect(try Self.luminance(s, probe) < 90, "dark again with Adwaita-dark")
            // The manager ends: no hint, the default.
            probe.withdrawXSettings()
            #expect(try Self.luminance(s, probe) > 150, "light once the manager has gone")
        }
    }

    @Test("--theme light is not overridden by a live XSETTINGS change")
    func explicitChoiceWins() throws {
        try Session.run(arguments: ["--no-settings", "--theme", "light"], environment: ["GTK_THEME": nil]) { s in
            let probe = try DesktopProbe(displayName: s.display.name)
            probe.publishXSettings([("Net/ThemeName", "Adwaita-dark")])
            #expect(try Self.luminance(s, probe) > 150, "--theme light stays light")
        }
    }
}
