import TapawayKit

extension X11Platform {
    /// The display's font resolution in dots per inch: the `Xft.dpi` X resource (what `xrdb` sets),
    /// else the settings daemon's `Xft/DPI`, else 96.
    ///
    /// Divided by 96 it is the scale for the on-screen keypad (`Keyboard.scale`).
    package var dpi: Double {
        guard let dpi = desktopHints().dpi, dpi.isFinite, dpi > 0 else { return 96 }
        return dpi
    }
}
