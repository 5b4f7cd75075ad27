import CX11
import TapawayKit

/// When the input method opens: at the person's first input, or once text input takes the
/// focus without it, so that a start with nobody at the screen does not pay for it.
extension X11Platform {
    /// Whether an X event is the person at the screen acting: a key, a button, the pointer moving, a
    /// touch (core or XInput2).
    ///
    /// Not the pointer entering a window that appeared under it, nor a device change.
    func isPersonsInput(_ event: XEvent) -> Bool {
        switch event.type {
        case KeyPress, ButtonPress, MotionNotify: return true
        case GenericEvent:
            guard let xinput, event.xcookie.extension == xinput.opcode else { return false }
            let kind = event.xcookie.evtype
            return kind == XI_KeyPress || kind == XI_ButtonPress || kind == XI_Motion || kind == XI_TouchBegin
        default: return false
        }
    }

    /// Opens the input method, once the first frame is on screen, when text input takes focus without
    /// the person's input (`--focus`, a replayed recording).
    ///
    /// Otherwise it opens at the person's first input event of any kind, before that event is filtered,
    /// so the key that types goes through it. Opening waits because Xlib's own input method parses the
    /// locale's whole Compose table (60 M instructions; 0.6 MB more resident): the pointer's first move
    /// over the window or the press of a first tap hides it, and a start with nobody at the screen does
    /// not pay it.
    func openInputMethodIfTyping() {
        guard readySent, !inputMethod.isOpen, application?.focusedCaretRect != nil else { return }
        openInputMethod()
    }

    /// Opens the input method, and selects what it filters.
    func openInputMethod() {
        // While it composes, the input method's pre-edit shows at the focused input's caret.
        inputMethod.onPreedit = { [weak self] text, caret in
            self?.application?.handlePreedit(text, caret: caret)
        }
        let filter = inputMethod.open(window: topLevel)
        if filter & ~X11Platform.topLevelEvents != 0 {
            XSelectInput(display, topLevel, X11Platform.topLevelEvents | filter)
        }
    }
}
