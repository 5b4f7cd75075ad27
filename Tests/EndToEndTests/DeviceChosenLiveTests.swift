import Foundation
import TapawayTestSupport
import Testing

/// A device chosen live from the sidebar: the window grows for it, and the trace's `device` line
/// states the device as it ends up, once the window has its new size, not the clipped frame of
/// the window before.
@Suite("A device chosen live")
struct DeviceChosenLiveTests {
    @Test("choosing the iPad in the sidebar: one device line, after the window grew, unclipped, with the final frame")
    func iPadChosenLive() throws {
        _ = try AppProcess.binaryURL()
        // A display that holds the iPad beside the chrome at scale 1, under an announced window
        // manager whose work area is the whole screen.
        let display = try VirtualDisplay(width: 1600, height: 1400)
        defer { display.stop() }
        let state = PrivateFolder(purpose: "state")
        defer { state.remove() }
        let probe = try DesktopProbe(displayName: display.name)
        probe.announceWindowManager()
        probe.setWorkArea(x: 0, y: 0, width: 1600, height: 1400)
        let app = try AppProcess(
            ["--scenario", "send-event", "--no-settings"], display: display, environment: ["XDG_STATE_HOME": state.path])
        defer { app.terminate() }
        let x = try XDriver(displayName: display.name)
        defer { x.close() }
        let ready = try app.waitForReady()
        #expect(ready.string("model") == "iphone-15")
        try app.waitForLayout(what: "the device options") { layout in
            layout.views.contains { $0.id == "option-device-ipad" }
        }
        // The Device section is below the fold: the wheel scrolls the sidebar down to it.
        let sidebar = try #require(app.views.first { $0.id == "sidebar-content" }?.frame)
        for _ in 0..<30 {
            x.press(at: sidebar.center, button: 5)
            x.release(at: sidebar.center, button: 5)
        }
        try app.waitForLayout(what: "the iPad option in view") { layout in
            guard let item = layout.views.first(where: { $0.id == "option-device-ipad" }) else { return false }
            return item.visible && item.frame.minY >= 0 && item.frame.maxY <= 852
        }
        let item = try #require(app.views.first { $0.id == "option-device-ipad" })
        let start = app.mark
        x.click(item.frame)
        let line = try app.waitFor(kind: "device", after: start)
        let idle = try app.settle(through: x)
        #expect(line.string("model") == "ipad", "\(app.diagnostics)")
        #expect(line["clipped"] as? Bool == false, "the line waited for the grown window\n\(app.diagnostics)")
        let frame = try #require(line.rect("frame"))
        #expect(frame.width == 820 && frame.height == 1180, "\(frame)")
        let devices = app.lines(from: start, kind: "device").filter { $0.index <= idle.index }
        #expect(devices.count == 1, "one device line: \(devices)")
        // The window did grow to hold the iPad whole.
        let window = probe.frame(of: try probe.window())
        #expect(window.height >= 1180, "the window: \(window)")
    }
}
