import Foundation
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
}
