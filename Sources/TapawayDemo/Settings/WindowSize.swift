/// A window's size in pixels, as `--size` and the settings' `window-size` write it: `WxH`.
///
/// One type and one parser for both; each checks its own range (`--size` the window's
/// minimum and maximum, the settings file `fitsSettingsFile`).
package struct WindowSize: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The window's width in pixels (the caller checks the range).
    package var width: Int
    /// The window's height in pixels (the caller checks the range).
    package var height: Int
    /// The sizes a settings file may hold, per side.
    package static let settingsRange = 1...16_384

    /// A size of `width` × `height` pixels.
    package init(width: Int, height: Int) { self.width = width; self.height = height }

    /// Parses `WxH` (either case of x); nil when it is not two integers around one x.
    ///
    /// The range is the caller's to check.
    package init?(parsing text: String) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else { return nil }
        self.init(width: w, height: h)
    }

    /// Whether a settings file may hold the size: both sides in `settingsRange`.
    package var fitsSettingsFile: Bool {
        Self.settingsRange.contains(width) && Self.settingsRange.contains(height)
    }

    /// The size as the command line and the settings file write it, `WxH`.
    package var description: String { "\(width)x\(height)" }
}
