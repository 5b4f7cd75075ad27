import CX11
import Glibc
import TapawayKit

/// What the X display says about the user's preferences: the `Tapaway.theme` resource, the
/// font resolution (`Xft.dpi`), and whether the desktop uses a dark theme.
package struct DesktopHints: Equatable, Sendable {
    /// The `Tapaway.theme` (or `tapaway.theme`, `*theme`, …) X resource, when it is `light`,
    /// `dark` or `auto`.
    package var themeResource: ThemePreference?
    /// The font resolution in dots per inch: the `Xft.dpi` resource, else the XSETTINGS
    /// `Xft/DPI` value; nil when neither is set.
    package var dpi: Double?
    /// The desktop's appearance: dark when its GTK theme is a dark one (the `GTK_THEME`
    /// variable, else the XSETTINGS `Net/ThemeName`), light when a theme is named and is not;
    /// nil when nothing says.
    package var desktopAppearance: Theme.Appearance?
    /// Where `desktopAppearance` came from, for messages (`"XSETTINGS Net/ThemeName=Adwaita-dark"`).
    package var desktopAppearanceSource: String?

    /// Hints with the given values; none by default.
    package init(
        themeResource: ThemePreference? = nil, dpi: Double? = nil,
        desktopAppearance: Theme.Appearance? = nil, desktopAppearanceSource: String? = nil
    ) {
        self.themeResource = themeResource
        self.dpi = dpi
        self.desktopAppearance = desktopAppearance
        self.desktopAppearanceSource = desktopAppearanceSource
    }

    /// The scale factor the resolution asks for against the usual 96 dpi, in steps of 0.25,
    /// from 1 to 4 (1 without a resolution).
    package var scaleFactor: Double {
        guard let dpi, dpi > 0 else { return 1 }
        return min(max((dpi / 96 * 4).rounded() / 4, 1), 4)
    }

    /// Whether a GTK theme name is a dark variant ("Adwaita-dark", "Adwaita:dark", "Breeze-Dark").
    package static func isDarkThemeName(_ name: String) -> Bool {
        name.lowercased().contains("dark")
    }
}

/// The X resource database of a display (the `RESOURCE_MANAGER` property that `xrdb` sets),
/// queried with Xlib's own resource manager, so precedence, wildcards and escapes are X's.
package final class XResourceDatabase {
    private let database: XrmDatabase?

    /// A database parsed from resource-file text (`Name.class: value` lines).
    package init(text: String) {
        XrmInitialize()
        database = text.isEmpty ? nil : XrmGetStringDatabase(text)
    }

    /// The database of `display`'s screen-independent resources (empty when none are set).
    convenience init(display: OpaquePointer) {
        let text = XResourceManagerString(display).map { String(cString: $0) } ?? ""
        self.init(text: text)
    }

    deinit { if let database { XrmDestroyDatabase(database) } }

    /// The value for the fully qualified resource `name` of class `className`, trimmed of blanks.
    ///
    /// For example `tapaway.theme` of class `Tapaway.Theme`; nil when no entry matches.
    package func value(name: String, className: String) -> String? {
        guard let database else { return nil }
        var type: UnsafeMutablePointer<CChar>?
        var value = XrmValue()
        guard XrmGetResource(database, name, className, &type, &value) != 0, let address = value.addr else {
            return nil
        }
        let bytes = UnsafeRawBufferPointer(start: address, count: Int(value.size))
        var text = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        return text
    }

    /// `Tapaway.theme` as a preference; nil when unset or not `light`, `dark` or `auto`.
    package var themePreference: ThemePreference? {
        value(name: "tapaway.theme", className: "Tapaway.Theme").flatMap { ThemePreference(rawValue: $0.lowercased()) }
    }

    /// `Xft.dpi`; nil when unset or not a positive number.
    package var xftDPI: Double? {
        guard let text = value(name: "Xft.dpi", className: "Xft.Dpi"), let dpi = Double(text), dpi > 0 else { return nil }
        return dpi
    }
}

/// The XSETTINGS a settings daemon (gnome-settings-daemon, xsettingsd, xfsettingsd, …)
/// publishes on the `_XSETTINGS_S<screen>` selection owner's `_XSETTINGS_SETTINGS` property.
package struct XSettings: Equatable, Sendable {
    /// One setting's value, of one of the three types the XSETTINGS format carries.
    package enum Value: Equatable, Sendable {
        /// A whole number, such as `Xft/DPI` (in 1024ths of a dot per inch) or `Xft/Antialias`.
        case integer(Int32)
        /// Text, such as `Xft/RGBA` or `Xft/HintStyle`.
        case string(String)
        /// A colour, 16 bits per channel.
        case color(red: UInt16, green: UInt16, blue: UInt16, alpha: UInt16)
    }

    /// The settings by name (`Net/ThemeName`, `Xft/DPI`, …).
    package var values: [String: Value]

    /// Settings with the given values.
    package init(values: [String: Value] = [:]) { self.values = values }

    /// Decodes the property's bytes; nil when they are malformed.
    package init?(bytes: [UInt8]) {
        guard bytes.count >= 12 else { return nil }
        let bigEndian: Bool
        switch bytes[0] {
        case 0: bigEndian = false  // LSBFirst
        case 1: bigEndian = true  // MSBFirst
        default: return nil
        }
        var offset = 0
        func card16() -> UInt16? {
            guard offset + 2 <= bytes.count else { return nil }
            let a = UInt16(bytes[offset]), b = UInt16(bytes[offset + 1])
            offset += 2
            return bigEndian ? a << 8 | b : b << 8 | a
        }
        func card32() -> UInt32? {
            guard let first = card16(), let second = card16() else { return nil }
            return bigEndian ? UInt32(first) << 16 | UInt32(second) : UInt32(second) << 16 | UInt32(first)
        }
        func padded(_ n: Int) -> Int { (n + 3) & ~3 }
        offset = 8  // byte order, 3 unused bytes, serial
        guard let count = card32() else { return nil }
        var values: [String: Value] = [:]
        for _ in 0..<min(Int(count), 10_000) {
            guard offset + 4 <= bytes.count else { return nil }
            let type = bytes[offset]
            offset += 2
            guard let nameLength = card16().map(Int.init), offset + padded(nameLength) <= bytes.count else { return nil }
            let name = String(decoding: bytes[offset..<offset + nameLength], as: UTF8.self)
            offset += padded(nameLength)
            guard card32() != nil else { return nil }  // last-change serial
            switch type {
            case 0:
                guard let raw = card32() else { return nil }
                values[name] = .integer(Int32(bitPattern: raw))
            case 1:
                guard let length = card32().map(Int.init), offset + padded(length) <= bytes.count else { return nil }
                values[name] = .string(String(decoding: bytes[offset..<offset + length], as: UTF8.self))
                offset += padded(length)
            case 2:
                guard let r = card16(), let g = card16(), let b = card16(), let a = card16() else { return nil }
                values[name] = .color(red: r, green: g, blue: b, alpha: a)
            default:
                return nil
            }
        }
        self.values = values
    }

    /// The value of `name` when it is a string.
    package func string(_ name: String) -> String? {
        if case .string(let text)? = values[name] { return text }
        return nil
    }

    /// The value of `name` when it is an integer.
    package func integer(_ name: String) -> Int32? {
        if case .integer(let value)? = values[name] { return value }
        return nil
    }
}

extension X11Platform {
    /// The display's X resources (read now; `xrdb` can change them while the program runs).
    package var resources: XResourceDatabase { XResourceDatabase(display: display) }

    /// The XSETTINGS of this screen, when a settings daemon runs; nil otherwise.
    package var xsettings: XSettings? {
        let selection = atoms[.xsettingsSelection]
        let owner = XGetSelectionOwner(display, selection)
        guard owner != 0 else { return nil }
        let property = atoms[.xsettingsSettings]
        var actualType: Atom = 0
        var actualFormat: Int32 = 0
        var itemCount: UInt = 0
        var remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        // At most 256 KiB (the length is in 32-bit units); the settings are a few KiB.
        let status = XGetWindowProperty(
            display, owner, property, 0, 65_536, 0, property,
            &actualType, &actualFormat, &itemCount, &remaining, &data)
        defer { if let data { XFree(data) } }
        guard status == Success, actualFormat == 8, let data, itemCount > 0 else { return nil }
        return XSettings(bytes: Array(UnsafeBufferPointer(start: data, count: Int(itemCount))))
    }

    /// The theme resource, the font resolution and the desktop's dark-theme hint, read from the X
    /// resources, the XSETTINGS and `GTK_THEME`.
    ///
    /// Cheap: a property read or two.
    package func desktopHints() -> DesktopHints {
        let database = resources
        var hints = DesktopHints(themeResource: database.themePreference, dpi: database.xftDPI)
        let settings = xsettings
        if hints.dpi == nil, let raw = settings?.integer("Xft/DPI"), raw > 0 {
            hints.dpi = Double(raw) / 1024  // XSETTINGS gives 1024 × dpi
        }
        if let gtkTheme = getenv("GTK_THEME").map({ String(cString: $0) }), !gtkTheme.isEmpty {
            hints.desktopAppearance = DesktopHints.isDarkThemeName(gtkTheme) ? .dark : .light
            hints.desktopAppearanceSource = "GTK_THEME=\(gtkTheme)"
        } else if let name = settings?.string("Net/ThemeName"), !name.isEmpty {
            hints.desktopAppearance = DesktopHints.isDarkThemeName(name) ? .dark : .light
            hints.desktopAppearanceSource = "XSETTINGS Net/ThemeName=\(name)"
        }
        return hints
    }
}

extension X11Platform {
    /// Whether an EWMH window manager runs on this screen: the root's
    /// `_NET_SUPPORTING_WM_CHECK` names a window that names itself the same way (a stale
    /// property left by a window manager that died does not count).
    ///
    /// Without one, nobody gives the window the input focus and the program must take it when
    /// the window maps; with one, taking it would steal focus from what the user is doing, and
    /// the window manager gives it (the `WM_HINTS` input hint is set).
    package var hasWindowManager: Bool {
        let check = atoms[.netSupportingWMCheck]
        func supportingWindow(of window: UInt) -> UInt? {
            var type: Atom = 0
            var format: Int32 = 0
            var count: UInt = 0, remaining: UInt = 0
            var data: UnsafeMutablePointer<UInt8>?
            // Only windows that the root named are asked, once each.
            guard
                XGetWindowProperty(
                    display, window, check, 0, 1, 0, 33 /* XA_WINDOW */, &type, &format,
                    &count, &remaining, &data) == Success, let data
            else { return nil }
            defer { XFree(data) }
            guard format == 32, count == 1 else { return nil }
            return data.withMemoryRebound(to: UInt.self, capacity: 1) { $0.pointee }
        }
        guard let child = supportingWindow(of: XRootWindow(display, screen)), child != 0 else { return false }
        // A window manager that was killed leaves the root naming a window that is gone: asking
        // it fails with BadWindow, which here only means "no window manager".
        return XErrorHandlers.quietly(on: display) { supportingWindow(of: child) } == child
    }
}
