import Foundation
import Testing

/// A hardware keyboard end to end: with `--set keyboard=hardware`, focusing a field shows no
/// keypad keys, only the shortcut bar at the bottom of the simulated screen, in the trace and in
/// pixels.
@Suite("A hardware keyboard, end to end")
struct HardwareKeyboardEndToEndTests {
    @Test("with --set keyboard=hardware, focusing a field shows no keys, only the 44-point bar above the home indicator")
    func focusShowsTheBar() throws {
        try Session.run(arguments: ["--set", "keyboard=hardware"]) { s in
            let device = try #require(s.ready.rect("device"), "the ready line gives the device")
            let safeArea = try #require(s.ready["safeArea"] as? [Any], "the ready line gives the safe area")
            let bottom = try #require(JSONValue.number(safeArea[2]))
            #expect(bottom == 34, "iPhone 15's home indicator")
            // The keyboard's frame: the bar and the home indicator's area under it.
            let frame = Rect(x: device.minX, y: device.maxY - 44 - bottom, width: device.width, height: 44 + bottom)
            let bar = Rect(x: frame.minX, y: frame.minY, width: frame.width, height: 44)
            let start = s.app.mark
            try s.tap("name")
            try s.waitForFocus("name", after: start)
            let willShow = try s.waitForKeypad("willShow", after: start)
            let didShow = try s.waitForKeypad("didShow", after: willShow.index)
            #expect(willShow.rect("frame") == frame, "will-show carries the bar's frame\n\(s.app.diagnostics)")
            #expect(didShow.rect("frame") == frame, "did-show carries the bar's frame\n\(s.app.diagnostics)")
            #expect(didShow["keys"] as? Bool == false, "the keypad line says no keys show\n\(s.app.diagnostics)")
            try s.settle()
            #expect(try s.frame(of: "keyboard-shortcut-bar") == bar, "the bar is at the bottom\n\(s.app.diagnostics)")
            let keys = s.app.views.filter { $0.id.hasPrefix("key-") && $0.visible }.map(\.id)
            #expect(keys.isEmpty, "no keypad key is visible: \(keys)\n\(s.app.diagnostics)")
            let scale = s.ready.number("scale") ?? 1
            let tray = Session.trayPoint(in: Rect(x: bar.minX * scale, y: bar.minY * scale, width: 0, height: 0))
            let shown = try s.x.waitForPixel(at: tray.x, tray.y) {
                $0.isClose(to: Session.trayColour, tolerance: Session.trayTolerance)
            }
            #expect(
                shown.isClose(to: Session.trayColour, tolerance: Session.trayTolerance),
                "pixel \(tray) in the bar is \(shown), expected the tray's \(Session.trayColour)\n\(s.app.diagnostics)")
        }
    }
}
