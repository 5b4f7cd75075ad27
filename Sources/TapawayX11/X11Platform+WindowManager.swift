import CX11
import Glibc
import TapawayKit

/// The window manager's properties of the top-level window: its title, class, size hints,
/// input hints and protocols, its process, and the startup notification's id and end.
extension X11Platform {
    func setWindowProperties(title: String) {
        // WM_NAME and WM_ICON_NAME as STRING or COMPOUND_TEXT (whatever the title needs), plus
        // WM_CLIENT_MACHINE and WM_LOCALE_NAME; the other properties follow.
        Xutf8SetWMProperties(display, topLevel, title, title, nil, 0, nil, nil, nil)
        let utf8String = atoms[.utf8String]
        let titleBytes = Array(title.utf8)
        XChangeProperty(
            display, topLevel, atoms[.netWMName], utf8String, 8,
            PropModeReplace, titleBytes, Int32(titleBytes.count))

        if let hint = XAllocClassHint() {
            hint.pointee.res_name = strdup("tapaway")
            hint.pointee.res_class = strdup("Tapaway")
            XSetClassHint(display, topLevel, hint)
            free(hint.pointee.res_name)
            free(hint.pointee.res_class)
            XFree(hint)
        }

        setSizeHints()

        if let hints = XAllocWMHints() {
            hints.pointee.flags = InputHint | StateHint
            hints.pointee.input = 1
            hints.pointee.initial_state = NormalState
            XSetWMHints(display, topLevel, hints)
            XFree(hints)
        }

        var protocols: [Atom] = [wmDeleteWindowAtom, netWMPingAtom]
        XSetWMProtocols(display, topLevel, &protocols, Int32(protocols.count))

        // Startup notification: the id the launcher gave is the window's, and is not handed
        // down to programs started later (the specification asks for both).
        if let raw = getenv("DESKTOP_STARTUP_ID") {
            let id = String(cString: raw)
            unsetenv("DESKTOP_STARTUP_ID")
            if !id.isEmpty, id.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x7F }) {
                startupID = id
                let bytes = Array(id.utf8)
                XChangeProperty(
                    display, topLevel, atoms[.netStartupID], utf8String, 8,
                    PropModeReplace, bytes, Int32(bytes.count))
            }
        }

        let pid: [UInt] = [UInt(getpid())]
        pid.withUnsafeBytes { bytes in
            _ = XChangeProperty(
                display, topLevel, atoms[.netWMPID], 6 /* XA_CARDINAL */, 32,
                PropModeReplace, bytes.bindMemory(to: UInt8.self).baseAddress, 1)
        }
    }

    /// WM_NORMAL_HINTS: the size, and the smallest the form and keypad fit in (320×480 points).
    func setSizeHints() {
        guard let hints = XAllocSizeHints() else { return }
        hints.pointee.flags = PMinSize | PSize
        hints.pointee.min_width = Int32((Self.minimumPointSize.width * scale).rounded())
        hints.pointee.min_height = Int32((Self.minimumPointSize.height * scale).rounded())
        hints.pointee.width = screenWidth
        hints.pointee.height = screenHeight
        XSetWMNormalHints(display, topLevel, hints)
        XFree(hints)
    }

    /// Tells the launcher the window is on screen: the startup-notification `remove` message
    /// for `startupID`, as `_NET_STARTUP_INFO_BEGIN` and `_NET_STARTUP_INFO` client messages of
    /// 20 bytes each to the root window, from a window of this program's own.
    func completeStartupNotification() {
        guard let id = startupID else { return }
        startupID = nil
        let root = XRootWindow(display, screen)
        var text = "remove: ID="
        if id.contains(where: { $0 == " " || $0 == "\"" || $0 == "\\" }) {
            // Quoted, with a backslash before each quote and backslash.
            text += "\"" + id.map { $0 == "\"" || $0 == "\\" ? "\\\($0)" : String($0) }.joined() + "\""
        } else {
            text += id
        }
        var bytes = Array(text.utf8) + [0]
        if bytes.count % 20 != 0 { bytes += [UInt8](repeating: 0, count: 20 - bytes.count % 20) }
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        let sender = XCreateWindow(
            display, root, -100, -100, 1, 1, 0, 0, UInt32(InputOnly), nil,
            UInt(CWOverrideRedirect), &attributes)
        let begin = atoms[.netStartupInfoBegin]
        let more = atoms[.netStartupInfo]
        for start in stride(from: 0, to: bytes.count, by: 20) {
            var event = XEvent()
            event.xclient.type = ClientMessage
            event.xclient.window = sender
            event.xclient.message_type = start == 0 ? begin : more
            event.xclient.format = 8
            withUnsafeMutableBytes(of: &event.xclient.data) { data in
                for index in 0..<20 { data[index] = bytes[start + index] }
            }
            XSendEvent(display, root, 0, PropertyChangeMask, &event)
        }
        XDestroyWindow(display, sender)
    }
}
