import Glibc
import TapawayDemo
import TapawayX11

/// Screenshots: asked for while the program runs (F12, through `TapawayApp.onScreenshotRequest`)
/// and the one `--screenshot PATH` takes.
@MainActor
enum Screenshots {
    /// Saves a screenshot of `platform`'s window to a new file in the user's pictures folder
    /// (`XDG_PICTURES_DIR` of xdg-user-dirs), else in the data directory (`$XDG_DATA_HOME/tapaway/`,
    /// else `~/.local/share/tapaway/`, made on demand), says where it went, or why it could not, in one
    /// line, and shows the same on `banner` for a few seconds.
    ///
    /// The file is created new (`XDGPaths.saveNewScreenshot`): nothing is replaced.
    static func save(of platform: X11Platform, banner: NoticeBanner? = nil, paths: XDGPaths = .current()) {
        do {
            let path = try paths.saveNewScreenshot(try platform.screenshotPNG())
            Console.out("tapaway: screenshot saved to \(path)")
            banner?.show("Screenshot saved to \(Printable.escaped(paths.abbreviated(path)))")
        } catch {
            Console.error("tapaway: the screenshot was not saved: \(error)")
            banner?.show("The screenshot was not saved", problem: true)
        }
    }

    /// Why `--screenshot PATH` cannot write there, checked before any window opens: standard
    /// output (`-`) that is a terminal, or a path that is not a new file or a regular file of
    /// ours (`FileIO.replacementRefusal`, the rule the settings follow); nil when it can.
    static func refusal(for path: String) -> String? {
        if path == "-" {
            return isatty(1) == 1 ? "--screenshot -: standard output is a terminal; redirect it to a file or a pipe" : nil
        }
        return FileIO.replacementRefusal(path)?.message
    }

    /// Writes a screenshot of `platform`'s window to `path` (`-`: standard output), replacing
    /// only a regular file of ours (`FileIO.replaceFile`), and says where it went.
    static func write(of platform: X11Platform, to path: String) throws {
        let png = try platform.screenshotPNG()
        if path == "-" {
            if case .failed(let code, _) = png.withUnsafeBytes({ FileIO.write($0, to: 1) }) {
                throw FileIO.WriteFailure("cannot write the screenshot to standard output: \(FileIO.describe(code))")
            }
            return
        }
        try FileIO.replaceFile(path, with: png, durable: false, shared: true)
        Console.out("tapaway: screenshot saved to \(path)")
    }
}
