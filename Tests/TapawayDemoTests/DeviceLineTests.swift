import Foundation
import TapawayHeadless
import TapawayKit
import Testing

@testable import TapawayDemo

/// The trace's `device` line states the device as it ends up: when the window grows for a device
/// chosen live, the line waits for the window's new size instead of stating the frame and the
/// `clipped` of the window before it.
@MainActor
@Suite("The device line waits for the window")
struct DeviceLineTests {
    /// A harness tracing to a file, whose platform grows the window only when told (as X does,
    /// once the window manager has answered).
    func traced() throws -> (Harness, path: String) {
        let h = Harness(.sendEvent)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tapaway-device-line-\(UUID().uuidString).jsonl")
            .path
        h.app.attach(Tracer(sink: try TraceSink.file(path), clock: h.platform.clock))
        h.app.didBecomeReady()
        return (h, path)
    }

    func deviceLines(_ path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
            .filter { $0.contains(#""kind":"device""#) }
    }

    @Test("choosing the iPad live: the device line comes once the window has grown, unclipped, with the final frame")
    func waitsForTheWindow() throws {
        let (h, path) = try traced()
        defer { try? FileManager.default.removeItem(atPath: path) }
        var asked: Size?
        h.app.onDeviceChange = { device in
            asked = WindowLayout.preferredSize(device: device)
            return true
        }
        #expect(h.app.setOption(OptionKey(nil, "device"), to: "ipad"))
        h.platform.advance(by: 0.1)
        #expect(h.app.windowLayout.clipped, "the window has not grown yet")
        #expect(try deviceLines(path).isEmpty, "no line states the clipped frame of the old window")
        let size = try #require(asked)
        h.platform.application.resizeScreen(to: size)
        h.platform.settle()
        let lines = try deviceLines(path)
        #expect(lines.count == 1)
        let frame = h.platform.application.deviceFrame
        #expect(frame.size == Size(width: 820, height: 1180))
        let line = try #require(lines.first)
        #expect(line.contains(#""model":"ipad""#) && line.contains(#""clipped":false"#), "\(line)")
        #expect(line.contains(#""frame":[\#(Int(frame.minX)),\#(Int(frame.minY)),820,1180]"#), "\(line)")
    }

    @Test("a window that never grows: the line is written after the wait, saying what it shows")
    func writtenAfterTheWait() throws {
        let (h, path) = try traced()
        defer { try? FileManager.default.removeItem(atPath: path) }
        h.app.onDeviceChange = { _ in true }
        #expect(h.app.setOption(OptionKey(nil, "device"), to: "ipad"))
        h.platform.advance(by: TapawayApp.windowSizeWait / 2)
        #expect(try deviceLines(path).isEmpty)
        h.platform.advance(by: TapawayApp.windowSizeWait)
        let lines = try deviceLines(path)
        #expect(lines.count == 1)
        #expect(lines.first?.contains(#""clipped":true"#) == true, "\(lines)")
    }

    @Test("a device that needs no bigger window: the line is written at once")
    func atOnce() throws {
        let (h, path) = try traced()
        defer { try? FileManager.default.removeItem(atPath: path) }
        h.app.onDeviceChange = { _ in false }
        #expect(h.app.setOption(OptionKey(nil, "device"), to: "iphone-se"))
        #expect(try deviceLines(path).count == 1)
    }
}
