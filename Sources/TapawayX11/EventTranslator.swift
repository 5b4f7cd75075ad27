import CX11
import Glibc
import TapawayKit

/// The translator: one switch over X event types, feeding the application. Events are stamped
/// with the platform's monotonic clock, the same clock the Kit's timers and animations use.
extension X11Platform {
    /// How far one wheel click scrolls, in pixels.
    static let wheelStep = 40.0

    /// Handles one X event (already offered to the input method).
    func handle(_ event: inout XEvent) {
        if event.type == GenericEvent, xinput?.handle(&event, application: application, clock: clock, scale: scale) == true { return }
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
            guard button1Down else { return }
            application?.mouse.move(to: kitPoint(x: Double(event.xmotion.x), y: Double(event.xmotion.y)),
                                    timestamp: clock.now)

        case KeyPress:
            x11Clipboard.lastEventTime = event.xkey.time
            let timestamp = clock.now
            if let key = inputMethod.translate(&event) {
                application?.handleKey(key, timestamp: timestamp)
            }

        case Expose:
            sawExpose = true
            let expose = event.xexpose
            if expose.window == topLevel {
                // Only where no child covers the top-level (the GC clips by children).
                XFillRectangle(display, topLevel, backgroundGC, expose.x, expose.y,
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

        case FocusOut:
            inputMethod.setFocused(false)

        case ClientMessage:
            let message = event.xclient
            if message.message_type == wmProtocolsAtom && message.format == 32
                && Atom(truncatingIfNeeded: message.data.l.0) == wmDeleteWindowAtom {
                quit()
            } else if message.message_type == markAtom && message.format == 32 {
                // A driver's marker, behind its input: the next idle announcement carries it.
                lastMark = message.data.l.0
            }

        case MappingNotify:
            XRefreshKeyboardMapping(&event.xmapping)

        case SelectionRequest, SelectionClear, PropertyNotify:
            // PropertyNotify: a requestor took a chunk of an incremental selection transfer.
            _ = x11Clipboard.handle(&event)

        default:
            break
        }
    }

    private func handleButton(_ button: XButtonEvent, pressed: Bool) {
        x11Clipboard.lastEventTime = button.time
        guard let app = application else { return }
        let point = kitPoint(x: Double(button.x), y: Double(button.y))
        let timestamp = clock.now
        switch button.button {
        case 1:
            // A finger; with Ctrl, a pinch pair mirrored about the simulated screen's centre.
            if pressed {
                button1Down = true
                let modifiers: KeyModifiers = button.state & UInt32(ControlMask) != 0 ? [.control] : []
                app.mouse.press(.left, at: point, modifiers: modifiers, timestamp: timestamp)
            } else if button1Down {
                button1Down = false
                app.mouse.release(.left, at: point, timestamp: timestamp)
            }
        case 2:
            // X's middle-click paste: the primary selection goes into the input under the pointer.
            if pressed { app.pastePrimarySelection(at: point) }
        case 3:
            // Pins a finger where it is, or lifts the pinned one.
            if pressed { app.mouse.press(.right, at: point, timestamp: timestamp) }
        case 4, 5, 6, 7:
            // Wheel clicks come as press/release pairs: act on the press. Positive dy reveals
            // content below (wheel down), positive dx content to the right.
            guard pressed else { return }
            let step = X11Platform.wheelStep
            let delta: Point
            switch button.button {
            case 4: delta = Point(x: 0, y: -step)
            case 5: delta = Point(x: 0, y: step)
            case 6: delta = Point(x: -step, y: 0)
            default: delta = Point(x: step, y: 0)
            }
            app.handleScroll(by: delta, at: point, timestamp: timestamp)
        default:
            break
        }
    }
}
