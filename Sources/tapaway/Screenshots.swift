import TapawayDemo
import TapawayX11

/// Screenshots asked for while the program runs (F12, through `TapawayApp.onScreenshotRequest`).
@MainActor
enum Screenshots {
    /// Saves a screenshot of `platform`'s window to a new file in the user's pictures folder
    /// (`XDG_PICTURES_DIR` of xdg-user-dirs), else in the data directory
    /// (`$XDG_DATA_HOME/tapaway/`, else `~/.local/share/tapaway/`, made on demand), says where
    /// it went, or why it could not, in one line, and shows the same on `banner` for a few
    /// seconds.
    static func save(of platform: X11Platform, banner: NoticeBanner? = nil, paths: XDGPaths = .current()) {
        do {
            let path = try paths.newScreenshotFile()
            try platform.screenshot(to: path)
            Console.out("tapaway: screenshot saved to \(path)")
            banner?.show("Screenshot saved to \(Printable.escaped(paths.abbreviated(path)))")
        } catch {
            Console.error("tapaway: the screenshot was not saved: \(error)")
            banner?.show("The screenshot was not saved", problem: true)
        }
    }
}
