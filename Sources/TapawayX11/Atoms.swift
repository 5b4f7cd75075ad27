import CX11
import Glibc

/// Every atom the program names, interned when the display opens with one `XInternAtoms`
/// request, whose replies come back together, instead of one `XInternAtom` round trip each
/// (there were 18 before the first frame).
///
/// Xlib keeps the atoms it learns in a cache of its own, so the atoms Xlib itself names while
/// setting the window's properties (`WM_LOCALE_NAME`, and `WM_PROTOCOLS` again) are found there
/// without asking the server; `WM_LOCALE_NAME` is in the batch for that alone. Should Xlib not
/// keep one, it costs only that round trip.
struct X11Atoms {
    /// An atom the program uses, by what it is for.
    enum Name: Int, CaseIterable {
        case wmProtocols, wmDeleteWindow, netWMPing, mark
        case utf8String, netWMName, netStartupID, netWMPID, netWMIcon
        case netStartupInfoBegin, netStartupInfo
        case clipboard, targets, text, plainUTF8, incr, timestamp, selectionTransfer
        case multiple, atomPair, clipboardManager, saveTargets
        case xsettingsSelection, xsettingsSettings, netSupportingWMCheck, manager
        case wmLocaleName, netWorkArea

        /// The atom's name; the XSETTINGS selection is per screen.
        func text(screen: Int32) -> String {
            switch self {
            case .wmProtocols: "WM_PROTOCOLS"
            case .wmDeleteWindow: "WM_DELETE_WINDOW"
            case .netWMPing: "_NET_WM_PING"
            case .mark: "_TAPAWAY_MARK"
            case .utf8String: "UTF8_STRING"
            case .netWMName: "_NET_WM_NAME"
            case .netStartupID: "_NET_STARTUP_ID"
            case .netWMPID: "_NET_WM_PID"
            case .netWMIcon: "_NET_WM_ICON"
            case .netStartupInfoBegin: "_NET_STARTUP_INFO_BEGIN"
            case .netStartupInfo: "_NET_STARTUP_INFO"
            case .clipboard: "CLIPBOARD"
            case .targets: "TARGETS"
            case .text: "TEXT"
            case .plainUTF8: "text/plain;charset=utf-8"
            case .incr: "INCR"
            case .timestamp: "TIMESTAMP"
            case .selectionTransfer: "TAPAWAY_SELECTION"
            case .multiple: "MULTIPLE"
            case .atomPair: "ATOM_PAIR"
            case .clipboardManager: "CLIPBOARD_MANAGER"
            case .saveTargets: "SAVE_TARGETS"
            case .xsettingsSelection: "_XSETTINGS_S\(screen)"
            case .xsettingsSettings: "_XSETTINGS_SETTINGS"
            case .netSupportingWMCheck: "_NET_SUPPORTING_WM_CHECK"
            case .manager: "MANAGER"
            case .wmLocaleName: "WM_LOCALE_NAME"
            case .netWorkArea: "_NET_WORKAREA"
            }
        }
    }

    private let atoms: [Atom]

    /// Interns every name on `display` for `screen` in one request; a name the batch did not
    /// intern is asked alone.
    init(display: OpaquePointer, screen: Int32) {
        let names = Name.allCases.map { $0.text(screen: screen) }
        var pointers: [UnsafeMutablePointer<CChar>?] = names.map { strdup($0) }
        defer { pointers.forEach { free($0) } }
        var atoms = [Atom](repeating: 0, count: names.count)
        _ = XInternAtoms(display, &pointers, Int32(pointers.count), 0, &atoms)
        for index in atoms.indices where atoms[index] == 0 {
            atoms[index] = XInternAtom(display, names[index], 0)
        }
        self.atoms = atoms
    }

    /// The atom for `name`.
    subscript(_ name: Name) -> Atom { atoms[name.rawValue] }
}
