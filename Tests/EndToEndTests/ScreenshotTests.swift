import Foundation
import Testing

@Suite("Screenshot, end to end")
struct ScreenshotTests {
    /// `--screenshot` renders the scenario (here with `name` focused, so the keypad is up),
    /// writes a PNG and exits 0 on its own.
    @Test("--focus name --screenshot writes a PNG and exits 0")
    func screenshotSmoke() throws {
        _ = try AppProcess.binaryURL()  // fail fast, before starting a server, if it is not built
        let display = try VirtualDisplay()
        defer { display.stop() }
        let png = FileManager.default.temporaryDirectory
            .appendingPathComponent("tapaway-e2e-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: png) }
        // A state folder of its own: the user's remembered window size must not change the picture.
        let state = PrivateFolder(purpose: "state")
        defer { state.remove() }
        let app = try AppProcess(
            ["--scenario", "send-event", "--focus", "name", "--screenshot", png.path], display: display,
            environment: ["XDG_STATE_HOME": state.path])
        defer { app.terminate() }

        let exited = app.process.waitForExit(timeout: 15)
        #expect(exited, "tapaway did not exit within 15 s with --screenshot\n\(app.diagnostics)")
        #expect(app.process.exitCode == 0, "tapaway --screenshot exited with \(app.exitDescription)\n\(app.diagnostics)")

        let data = try #require(try? Data(contentsOf: png), "no file written at \(png.path)\n\(app.diagnostics)")
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        #expect(Array(data.prefix(8)) == signature, "\(png.path) does not start with the PNG signature: \(Array(data.prefix(8)))")
        #expect(data.count > 10 * 1024, "the PNG is only \(data.count) bytes; expected more than 10 KB for a full frame")
    }
}
