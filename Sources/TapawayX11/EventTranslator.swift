import CX11
import Glibc
import TapawayKit

/// The translator: one switch over X event types, feeding the application. Events are stamped
/// with the platform's monotonic clock, the same clock the Kit's timers and animations use.
/// Core pointer events are all the ordinary mouse's; `pointers` maps them, as it maps XInput2's.
extension X11Platform {
    /// Handles one X event (already offered to the input method).
    func handle(_ event: inout XEvent) {
        if event.type == GenericEvent,
            xinput?.handle(&event, application: application, pointers: pointers, clock: clock, scale: scale) == true
        {
            return
        }
        if handleXSettingsEvent(event) { return }
        switch event.type {
        case ButtonPress, ButtonRelease:
            handleButton(event.xbutton, pressed: event.type == ButtonPress)

        case MotionNotify:
            x11Clipboard.lastEventTime = event.xmotion.time
            // Only the newest position matters: skip this one if another motion is queued next.
            if XEventsQueued(display, QueuedAlready) > 0 {
                var next = XEvent()
                XPeekEvent(display, &next)
                if next.type == MotionNotify && next.xmotion.window == event.xmotion.window { return }
            }
            guard let app = application else { return }
            pointers.motion(
                from: .mouse, to: kitPoint(x: Double(event.xmotion.x), y: Double(event.xmotion.y)),
                timestamp: clock.now, application: app)

        case KeyPress:
            x11Clipboard.lastEventTime = event.xkey.time
            // Ctrl+Q quits, as the close button does (the settings are saved on the way out).
            if event.xkey.state & UInt32(ControlMask) != 0, XLookupKeysym(&event.xkey, 0) == 0x71 /* XK_q */ {
                quit()
                return
            }
            let timestamp = clock.now
            if let key = inputMethod.translate(&event) {
                if keyInterceptor?(key) == true { return }
                application?.handleKey(key, timestamp: timestamp)
            }

        case Expose:
            sawExpose = true
            let expose = event.xexpose
            if expose.window == topLevel {
                // Only where no child covers the top-level (the GC clips by children).
                XFillRectangle(
                    display, topLevel, backgroundGC, expose.x, expose.y,
                    UInt32(expose.width), UInt32(expose.height))
            } else if let child = child(for: expose.window) {
                child.present(x: expose.x, y: expose.y, width: expose.width, height: expose.height, gc: copyGC)
            }

        case ConfigureNotify:
            let configure = event.xconfigure
            guard configure.window == topLevel else { return }
            pendingResize = (configure.width, configure.height)

        case MapNotify:
            guard event.xmap.window == topLevel else { return }
            isMapped = true
            // Without a window manager nobody gives the window focus; with one, it does (the
            // WM_HINTS input hint asks it to), and taking it here would steal it.
            if !hasWindowManager {
                XSetInputFocus(display, topLevel, RevertToParent, 0 /* CurrentTime */)
            }

        case UnmapNotify:
            if event.xunmap.window == topLevel { isMapped = false }

        case FocusIn:
            inputMethod.setFocused(true)
            if event.xfocus.detail != NotifyPointer { setHasInputFocus(true) }

        case FocusOut:
            inputMethod.setFocused(false)
            if event.xfocus.detail != NotifyPointer && event.xfocus.detail != NotifyInferior { setHasInputFocus(false) }

        case ClientMessage:
            let message = event.xclient
            if message.message_type == wmProtocolsAtom && message.format == 32
                && Atom(truncatingIfNeeded: message.data.l.0) == wmDeleteWindowAtom
            {
                quit()
            } else if message.message_type == wmProtocolsAtom && message.format == 32
                && Atom(truncatingIfNeeded: message.data.l.0) == netWMPingAtom
            {
                answerPing(event)
            } else if message.message_type == markAtom && message.format == 32 {
                // A driver's marker, behind its input: the next idle announcement carries it.
                lastMark = message.data.l.0
            }

        case MappingNotify:
            XRefreshKeyboardMapping(&event.xmapping)

        case SelectionRequest, SelectionClear, SelectionNotify, PropertyNotify:
            // SelectionNotify: another client's answer to a paste. PropertyNotify: a requestor
            // took a chunk of an incremental selection transfer, or the next chunk of a paste came.
            _ = x11Clipboard.handle(&event)

        default:
            break
        }
    }

    /// `_NET_WM_PING`: the same message back to the root window, which tells the window manager
    /// the program still handles its events (one that does not may be offered to be killed).
    private func answerPing(_ event: XEvent) {
        var reply = event
        let root = XRootWindow(display, screen)
        reply.xclient.window = root
        XSendEvent(display, root, 0, SubstructureNotifyMask | SubstructureRedirectMask, &reply)
        XFlush(display)
    }

    private func handleButton(_ button: XButtonEvent, pressed: Bool) {
        x11Clipboard.lastEventTime = button.time
        guard let app = application else { return }
        pointers.button(
            button.button, pressed: pressed, from: .mouse, at: kitPoint(x: Double(button.x), y: Double(button.y)),
            control: button.state & UInt32(ControlMask) != 0, timestamp: clock.now, application: app)
    }
}
