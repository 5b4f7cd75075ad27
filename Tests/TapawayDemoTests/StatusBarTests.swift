import TapawayHeadless
import TapawayKit
import Testing

@testable import TapawayDemo

/// Where each device's status bar puts the time.
@MainActor
@Suite("The status bar's time")
struct StatusBarTests {
    /// The time's drawn origin and width on `device`, in the device's coordinates.
    func time(on device: String) throws -> (x: Double, width: Double, device: Rect) {
        let h = Harness(.sendEvent, size: WindowLayout.preferredSize(device: Size(width: 820, height: 1180)))
        #expect(h.app.setOption(OptionKey(nil, "device"), to: device))
        h.platform.settle()
        let window = h.app.window, canvas = RecordingCanvas()
        h.platform.application.render(window, window.bounds, in: canvas)
        let origin = try #require(
            canvas.operations.compactMap { op -> Point? in
                if case .text("9:41", let p, _) = op { return p } else { return nil }
            }.first)
        let font = h.platform.application.fonts.font(size: 12, weight: .semibold)
        return (origin.x, font.width(of: "9:41"), window.bounds)
    }

    @Test("a home-button iPhone centres the time; iPad puts it at the left")
    func centredOnHomeButtonPhones() throws {
        let se = try time(on: "iphone-se")
        #expect(abs(se.x + se.width / 2 - se.device.midX) <= 1, "centred: \(se)")
        let pad = try time(on: "ipad")
        #expect(pad.x == 16, "at the left: \(pad)")
    }
}
