import TapawayDemo
import TapawayX11

/// Screenshots asked for while the program runs (F12, through `TapawayApp.onScreenshotRequest`).
@MainActor
enum Screenshots {
    /// Saves a screenshot of `platform`'s window to a new file in the data directory
    /// (`$XDG_DATA_HOME/tapaway/`, else `~/.local/share/tapaway/`, made on demand) and says
    /// where it went, or why it could not, in one line.
    static func save(of platform: X11Platform, paths: XDGPaths = .current()) {
        do {
            let path = try paths.newDataFile(stem: "screenshot", extension: "png")
            try platform.screenshot(to: path)
            Console.out("tapaway: screenshot saved to \(path)")
        } catch {
            Console.error("tapaway: the screenshot was not saved: \(error)")
        }
    }
}
