import Foundation
import TapawayTestSupport
import Testing

/// Sizes the command line accepts but the screen cannot show: the window, and so its back
/// buffers, stop at the screen's size, with one line saying so.
@Suite("Window size capped at the screen, end to end")
struct SizeCapTests {
    @Test("--size 10000x10000 --scale 4 opens a window no larger than the screen and says so")
    func hugeWindow() throws {
        let display = try VirtualDisplay(width: 1280, height: 1024)
        defer { display.stop() }
        let app = try AppProcess(["--no-settings", "--size", "10000x10000", "--scale", "4"], display: display)
        let ready = try app.waitForReady(timeout: 30)
        let window = try #require(ready["window"] as? [Any])
        let width = try #require(JSONValue.number(window[0])), height = try #require(JSONValue.number(window[1]))
        let scale = try #require(ready.number("scale"))
        #expect(width * scale <= 1280 && height * scale <= 1024, "a \(width)×\(height)-point window at scale \(scale)")
        #expect(app.stderr.contains("larger than the screen"), "\(app.stderr)")
        // A window that fits says nothing.
        let fitting = try AppProcess(["--no-settings", "--size", "400x600"], display: display)
        let fitted = try fitting.waitForReady(timeout: 30)
        #expect((fitted["window"] as? [Any]).flatMap { JSONValue.number($0.first) } == 400)
        #expect(!fitting.stderr.contains("larger than the screen"), "\(fitting.stderr)")
    }

    @Test("--scale 2 with no size on a 1920×1080 screen opens a window that fits the work area, quietly")
    func defaultSizeFitsTheWorkArea() throws {
        let display = try VirtualDisplay(width: 1920, height: 1080)
        defer { display.stop() }
        let probe = try DesktopProbe(displayName: display.name)
        // A panel of 40 pixels at the bottom, as a window manager announces it.
        probe.setWorkArea(x: 0, y: 0, width: 1920, height: 1040)
        let app = try AppProcess(["--no-settings", "--scale", "2"], display: display)
        let ready = try app.waitForReady(timeout: 30)
        let window = try #require(ready["window"] as? [Any])
        let width = try #require(JSONValue.number(window[0])), height = try #require(JSONValue.number(window[1]))
        #expect(ready.number("scale") == 2)
        #expect(width * 2 <= 1920 && height * 2 <= 1040, "a \(width)×\(height)-point window at scale 2")
        #expect(width * 2 >= 1800, "as wide as the default asks, up to the screen: \(width) points")
        #expect(!app.stderr.contains("larger than the screen"), "nobody asked for a size: \(app.stderr)")
    }

    @Test(
        "at 192 dpi on a 1920×1080 screen, iPhone 15 is shown whole at the largest scale that fits, as the Simulator fits its screen"
    )
    func deviceFitsAtTheDisplaysScale() throws {
        let display = try VirtualDisplay(width: 1920, height: 1080)
        defer { display.stop() }
        let probe = try DesktopProbe(displayName: display.name)
        probe.setWorkArea(x: 0, y: 0, width: 1920, height: 1040)
        probe.setResources("Xft.dpi:\t192\n")
        let app = try AppProcess(["--no-settings"], display: display)
        let ready = try app.waitForReady(timeout: 30)
        let scale = try #require(ready.number("scale"))
        // 1 040 pixels hold 852 points at 1.22: the largest twentieth below is 1.2.
        #expect(scale == 1.2, "the scale that fits: \(scale)")
        #expect(ready["clipped"] as? Bool == false, "the device shows whole\n\(app.diagnostics)")
        let device = try #require(ready.rect("device"))
        #expect(device.height == 852 && device.width == 393, "\(device)")
        let window = try #require(ready["window"] as? [Any])
        let height = try #require(JSONValue.number(window[1]))
        #expect(height * scale <= 1040, "the window fits the work area: \(height) points at \(scale)")
        // A scale the user gives is kept: the device is then cut, and the trace says so.
        let asked = try AppProcess(["--no-settings", "--scale", "2"], display: display)
        let askedReady = try asked.waitForReady(timeout: 30)
        #expect(askedReady.number("scale") == 2)
        #expect(askedReady["clipped"] as? Bool == true)
    }

    @Test(
        "an absurd _NET_WORKAREA (-5000,-5000,1,1) is not obeyed below the smallest window, and no size below it is saved",
        arguments: [(-5000, -5000, 1, 1), (0, 0, 1, 1), (0, 0, 200, 100)])
    func absurdWorkArea(x: Int, y: Int, width: Int, height: Int) throws {
        let display = try VirtualDisplay(width: 1280, height: 1024)
        defer { display.stop() }
        let probe = try DesktopProbe(displayName: display.name)
        probe.setWorkArea(x: x, y: y, width: width, height: height)
        let state = PrivateFolder(purpose: "state")
        defer { state.remove() }
        let app = try AppProcess(
            ["--scale", "1", "--scenario", "none"], display: display, environment: ["XDG_STATE_HOME": state.path])
        let ready = try app.waitForReady(timeout: 30)
        let window = try #require(ready["window"] as? [Any])
        let points = (try #require(JSONValue.number(window[0])), try #require(JSONValue.number(window[1])))
        #expect(points.0 >= 320 && points.1 >= 480, "a \(points.0)×\(points.1)-point window under \(x),\(y),\(width),\(height)")
        let frame = probe.frame(of: try probe.window())
        #expect(frame.width >= 320 && frame.height >= 480, "the X window is \(frame.width)×\(frame.height) pixels")
        kill(try app.programPID(), SIGTERM)
        app.process.waitForExit(timeout: 10)
        let text = (try? String(contentsOfFile: state.file("tapaway/state.conf"), encoding: .utf8)) ?? ""
        let saved = try #require(Self.savedSize(in: text), "a window size is saved: \(text.debugDescription)")
        #expect(saved.width >= 320 && saved.height >= 480, "saved \(saved)")
    }

    @Test("a window manager that makes the window 1×1 does not get a 1×1 size saved")
    func tinyWindowIsNotSaved() throws {
        let state = PrivateFolder(purpose: "state")
        defer { state.remove() }
        let display = try VirtualDisplay()
        defer { display.stop() }
        let app = try AppProcess(["--scenario", "none"], display: display, environment: ["XDG_STATE_HOME": state.path])
        _ = try app.waitForReady()
        let x = try XDriver(displayName: display.name)
        defer { x.close() }
        let probe = try DesktopProbe(displayName: display.name)
        x.resize(window: try probe.window(), width: 1, height: 1)
        try app.settle(through: x)
        kill(try app.programPID(), SIGTERM)
        app.process.waitForExit(timeout: 10)
        let text = (try? String(contentsOfFile: state.file("tapaway/state.conf"), encoding: .utf8)) ?? ""
        let saved = try #require(Self.savedSize(in: text), "a window size is saved: \(text.debugDescription)")
        #expect(saved.width >= 320 && saved.height >= 480, "saved \(saved)")
    }

    /// The `window-size=WxH` of a state file's text.
    static func savedSize(in text: String) -> (width: Int, height: Int)? {
        guard let line = text.split(separator: "\n").last(where: { $0.hasPrefix("window-size=") }) else { return nil }
        let parts = line.dropFirst("window-size=".count).split(separator: "x")
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else { return nil }
        return (width, height)
    }
}
