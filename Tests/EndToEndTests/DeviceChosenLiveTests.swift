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

    @Test(
        "choosing the iPad on a work area too short for it: shown smaller, as --device ipad at start is, the keyboard's bottom on screen; the iPhone back at the display's scale"
    )
    func iPadFittedLive() throws {
        _ = try AppProcess.binaryURL()
        // A 1280×1024 display under an announced window manager whose panel leaves a work area
        // 1000 pixels tall: iPhone 15 (852 points) fits it at scale 1, the iPad (1180) does not.
        let display = try VirtualDisplay(width: 1280, height: 1024)
        defer { display.stop() }
        let state = PrivateFolder(purpose: "state")
        defer { state.remove() }
        let probe = try DesktopProbe(displayName: display.name)
        probe.announceWindowManager()
        probe.setWorkArea(x: 0, y: 0, width: 1280, height: 1000)
        let app = try AppProcess(
            ["--scenario", "send-event", "--focus", "name", "--theme", "light", "--no-settings"], display: display,
            environment: ["XDG_STATE_HOME": state.path])
        defer { app.terminate() }
        let x = try XDriver(displayName: display.name)
        defer { x.close() }
        let ready = try app.waitForReady()
        #expect(ready.number("scale") == 1)
        let readyWindow = try #require(ready["window"] as? [Any])
        let start = app.mark
        try choose("ipad", scale: 1, height: try #require(JSONValue.number(readyWindow[1])), app: app, x: x)
        let line = try app.waitFor(kind: "device", after: start)
        let idle = try app.settle(through: x)
        #expect(app.lines(from: start, kind: "device").filter { $0.index <= idle.index }.count == 1, "one device line")
        // As at start (`scaleFitting`): the largest twentieth at which the device and the two folded
        // strips (892 × 1180 points) fit 1280 × 1000 pixels: 1000 / 1180 = 0.847, so 0.8.
        let scale = try #require(line.number("scale"))
        #expect(scale == 0.8, "\(line)")
        #expect(line.string("model") == "ipad" && line["clipped"] as? Bool == false, "\(app.diagnostics)")
        let frame = try #require(line.rect("frame"))
        #expect(frame.width == 820 && frame.height == 1180, "the device at its own size in points: \(frame)")
        let size = try #require(line["window"] as? [Any])
        let points = (try #require(JSONValue.number(size[0])), try #require(JSONValue.number(size[1])))
        #expect(frame.maxY <= points.1, "the device inside the window: \(frame) in \(points)")
        // The X window stays inside the work area, and holds the whole device.
        let window = probe.frame(of: try probe.window())
        #expect(window.width <= 1280 && window.height <= 1000, "the window: \(window)")
        #expect((points.1 * scale).rounded() == window.height, "\(points) points at \(scale) in \(window)")
        #expect(frame.maxY * scale <= window.height + 0.5, "the device's bottom is on screen")
        // The keyboard docked at the device's bottom, drawn at the new scale: the tray under the
        // hide-keyboard key (its bottom-right key) and the key itself show their colours
        // (Theme.light: keypadTray D1D4DA, keypadFunctionKey ACB3BE) where the new scale puts them.
        let hide = try app.layoutFrame(of: "key-dismiss")
        #expect(hide.maxY <= frame.maxY && hide.maxY > frame.maxY - 60, "the hide key at the bottom: \(hide) in \(frame)")
        func pixel(_ px: Double, _ py: Double) throws -> RGB {
            try x.pixel(at: Int(window.x + (px * scale).rounded()), Int(window.y + (py * scale).rounded()))
        }
        let tray = try pixel(hide.mid.x, (hide.maxY + frame.maxY) / 2)
        #expect(tray.isClose(to: RGB(r: 0xD1, g: 0xD4, b: 0xDA), tolerance: 6), "the tray below the hide key: \(tray)")
        let key = try pixel(hide.minX + 6, hide.minY + 6)
        #expect(key.isClose(to: RGB(r: 0xAC, g: 0xB3, b: 0xBE), tolerance: 6), "the hide key's face: \(key)")

        // A device that fits at the display's own scale takes it back.
        let back = app.mark
        try choose("iphone-15", scale: scale, height: points.1, app: app, x: x)
        let phone = try app.waitFor(kind: "device", after: back)
        try app.settle(through: x)
        #expect(phone.number("scale") == 1, "\(phone)")
        #expect(phone.string("model") == "iphone-15" && phone["clipped"] as? Bool == false, "\(phone)")
    }

    /// Scrolls the sidebar to the device option `id` and clicks it, the window being `height`
    /// points tall at `scale` (the layout line's frames are in points).
    private func choose(_ id: String, scale: Double, height: Double, app: AppProcess, x: XDriver) throws {
        let layout = try app.waitForLayout(what: "the device options") { layout in
            layout.views.contains { $0.id == "option-device-\(id)" } && layout.views.contains { $0.id == "sidebar-content" }
        }
        let sidebar = try #require(layout.views.first { $0.id == "sidebar-content" }?.frame)
        let centre = (x: Int(sidebar.mid.x * scale), y: Int(sidebar.mid.y * scale))
        for _ in 0..<30 {
            x.press(at: centre, button: 5)
            x.release(at: centre, button: 5)
        }
        let item = try app.waitForLayout(what: "option-device-\(id) in view") { layout in
            guard let item = layout.views.first(where: { $0.id == "option-device-\(id)" }) else { return false }
            return item.visible && item.frame.minY >= 0 && item.frame.maxY <= height
        }.views.first { $0.id == "option-device-\(id)" }
        let frame = try #require(item?.frame)
        x.click(at: Int(frame.mid.x * scale), Int(frame.mid.y * scale))
    }
}

extension Rect {
    /// The middle, in the rectangle's own units (unrounded, for points scaled to pixels).
    fileprivate var mid: (x: Double, y: Double) { (x + width / 2, y + height / 2) }
}
