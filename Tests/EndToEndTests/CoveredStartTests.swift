import Foundation
import TapawayTestSupport
import Testing

/// A window covered when it first maps gets no `Expose`: the first frame must not wait for one
/// for ever.
@Suite("Starting under a window that stays on top, end to end")
struct CoveredStartTests {
    @Test("--screenshot under a window kept on top: the picture of the program, status 0, one line saying why it went on")
    func screenshotUnderCover() throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let cover = try StayOnTopWindow(displayName: display.name)
        defer { cover.stop() }
        let folder = PrivateFolder(purpose: "covered")
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        let png = folder.file("shot.png")
        let app = try AppProcess(["--no-settings", "--screenshot", png], display: display, trace: false)
        defer { app.terminate() }
        #expect(app.waitForExit(timeout: 30) == 0, "\(app.exitDescription)\n\(app.stderr)")
        let data = FileManager.default.contents(atPath: png) ?? Data()
        #expect(Array(data.prefix(8)) == ScreenshotTests.signature)
        // The cover is one black rectangle, a few hundred bytes compressed; the program is not.
        #expect(data.count > 10 * 1024, "the PNG is \(data.count) bytes: the cover's pixels, not the program's")
        #expect(app.stderr.contains("has not been shown 5 seconds after it was mapped"), "\(app.stderr)")
    }

    @Test("three instances started together under a window kept on top all become ready")
    func instancesUnderCover() throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let cover = try StayOnTopWindow(displayName: display.name)
        defer { cover.stop() }
        let apps = try (0..<3).map { _ in try AppProcess(["--no-settings", "--size", "600x700"], display: display) }
        for app in apps {
            _ = try app.waitForReady(timeout: 30)
        }
    }
}
