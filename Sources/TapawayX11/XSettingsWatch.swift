import CX11
import TapawayKit

/// Following the desktop's XSETTINGS while the program runs, as GTK applications do: the
/// settings manager's window (the owner of `_XSETTINGS_S<screen>`) is watched for changes of
/// its `_XSETTINGS_SETTINGS` property and for its end, and the root window for the `MANAGER`
/// message a new manager sends when it takes the selection. Each change calls
/// `onDesktopHintsChange` with the hints read again.
extension X11Platform {
    /// Starts following the XSETTINGS: watches the current manager, if one runs, and the root
    /// window for a new one.
    func watchXSettings() {
        let root = XRootWindow(display, screen)
        var attributes = XWindowAttributes()
        XGetWindowAttributes(display, root, &attributes)
        // Keep whatever this connection already selects on the root (XInput2 selects apart).
        XSelectInput(display, root, attributes.your_event_mask | StructureNotifyMask)
        watchXSettingsManager()
    }

    /// Watches the current owner of the XSETTINGS selection (none: nothing to watch).
    private func watchXSettingsManager() {
        // The owner cannot go between the two requests unseen: the server is grabbed.
        XGrabServer(display)
        let owner = XGetSelectionOwner(display, atoms[.xsettingsSelection])
        if owner != 0 { XSelectInput(display, owner, PropertyChangeMask | StructureNotifyMask) }
        XUngrabServer(display)
        XFlush(display)
        xsettingsOwner = owner
    }

    /// Handles an event about the XSETTINGS; returns true when it was one.
    func handleXSettingsEvent(_ event: XEvent) -> Bool {
        switch event.type {
        case PropertyNotify:
            guard xsettingsOwner != 0, event.xproperty.window == xsettingsOwner,
                event.xproperty.atom == atoms[.xsettingsSettings]
            else { return false }
        case DestroyNotify:
            guard xsettingsOwner != 0, event.xdestroywindow.window == xsettingsOwner else { return false }
            xsettingsOwner = 0
        case ClientMessage:
            // ICCCM 2.8: a new owner of a manager selection tells the root, with the selection
            // as the second item.
            guard event.xclient.message_type == atoms[.manager], event.xclient.format == 32,
                Atom(truncatingIfNeeded: event.xclient.data.l.1) == atoms[.xsettingsSelection]
            else { return false }
            watchXSettingsManager()
        default:
            return false
        }
        onDesktopHintsChange?(desktopHints())
        return true
    }
}
