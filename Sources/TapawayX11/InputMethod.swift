import CX11
import Glibc
import TapawayKit

/// Turns X key presses into the Kit's `KeyInput`, through an X input method when one opens,
/// and forwards the input method's pre-edit while it composes (on the spot, when the input
/// method offers it: `onPreedit`).
///
/// The variadic XIM calls (`XCreateIC`, `XGetICValues`, `XSetICValues`) go through small C
/// functions of fixed signature in the C module. When no input context can be made, keys go
/// through `XLookupString` and the keysym instead (no compose sequences, no IM server).
final class InputMethod {
    private let display: OpaquePointer
    private var im: OpaquePointer?
    /// Whether the input context draws its pre-edit through us (on the spot).
    private(set) var usesPreeditCallbacks = false
    /// The pre-edit as the input method's callbacks have drawn it.
    private(set) var preedit = PreeditText()
    /// Called with the pre-edit's text (empty when it is taken back) and the caret in it, in
    /// characters, after each change the input method draws.
    var onPreedit: ((String, Int) -> Void)?
    private var lastSpot: (Int16, Int16)?
    /// What the C callbacks hold while the input context lives (freed after it).
    private var preeditContext: UnsafeMutableRawPointer?
    private(set) var ic: OpaquePointer?
    /// Events the input context needs the window to select (beyond key presses).
    private(set) var filterEvents: Int = 0

    private var focused = false
    /// Whether `open(window:)` has run.
    private(set) var isOpen = false

    /// Sets the locale up; the input method itself opens later (`open(window:)`): opening it
    /// parses the locale's whole Compose table, a third of the start-up's work, so it waits until
    /// the first frame is on screen and the person's first input arrives (see `X11Platform`).
    init(display: OpaquePointer) {
        self.display = display
        if setlocale(LC_CTYPE, "") == nil || InputMethod.isPlainCLocale() {
            // A UTF-8 locale lets the IM hand out any character; C.UTF-8 is always there on glibc.
            _ = setlocale(LC_CTYPE, "C.UTF-8")
        }
    }

    /// Opens the input method and an input context for `window`.
    ///
    /// Returns the events the context needs the window to select (beyond key presses).
    @discardableResult
    func open(window: UInt) -> Int {
        guard !isOpen else { return filterEvents }
        isOpen = true
        guard XSupportsLocale() != 0 else { return 0 }
        _ = XSetLocaleModifiers("")
        im = XOpenIM(display, nil, nil, nil)
        if im == nil {
            // XMODIFIERS names an IM server that is not running: use Xlib's built-in one.
            _ = XSetLocaleModifiers("@im=none")
            im = XOpenIM(display, nil, nil, nil)
        }
        guard let im else { return 0 }
        var context: UnsafeMutableRawPointer?
        ic = tapaway_create_ic(
            im, window, Unmanaged.passUnretained(self).toOpaque(),
            { client, kind, caret, first, length, text, _ in
                guard let client else { return }
                let method = Unmanaged<InputMethod>.fromOpaque(client).takeUnretainedValue()
                method.preeditChanged(kind: kind, caret: Int(caret), first: Int(first), length: Int(length), text: text)
            }, &context)
        preeditContext = context
        usesPreeditCallbacks = context != nil
        if let ic { filterEvents = tapaway_ic_filter_events(ic) }
        if focused, let ic { XSetICFocus(ic) }
        return filterEvents
    }

    private static func isPlainCLocale() -> Bool {
        guard let current = setlocale(LC_CTYPE, nil) else { return true }
        let name = String(cString: current)
        return name == "C" || name == "POSIX"
    }

    /// Tells the input context that the window gained or lost keyboard focus.
    func setFocused(_ focused: Bool) {
        self.focused = focused
        guard let ic else { return }
        if focused { XSetICFocus(ic) } else { XUnsetICFocus(ic) }
    }

    /// The Kit key for a `KeyPress` event, or nil for keys that mean nothing alone (modifiers,
    /// dead keys).
    func translate(_ event: inout XEvent) -> KeyInput? {
        var keysym: KeySym = 0
        var text = ""
        if let ic {
            var buffer = [CChar](repeating: 0, count: 64)
            var status: Int32 = 0
            var count = Xutf8LookupString(ic, &event.xkey, &buffer, Int32(buffer.count), &keysym, &status)
            if status == XBufferOverflow {
                buffer = [CChar](repeating: 0, count: Int(count) + 1)
                count = Xutf8LookupString(ic, &event.xkey, &buffer, Int32(buffer.count), &keysym, &status)
            }
            if status == XLookupChars || status == XLookupBoth {
                text = String(decoding: buffer.prefix(Int(count)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
            if status != XLookupKeySym && status != XLookupBoth { keysym = 0 }
        } else {
            var buffer = [CChar](repeating: 0, count: 64)
            let count = XLookupString(&event.xkey, &buffer, Int32(buffer.count), &keysym, nil)
            text =
                InputMethod.text(forKeysym: keysym)
                ?? String(String.UnicodeScalarView(buffer.prefix(Int(count)).map { Unicode.Scalar(UInt8(bitPattern: $0)) }))
        }
        return InputMethod.keyInput(keysym: keysym, text: text, state: event.xkey.state)
    }

    /// The Kit key for a keysym and the text the input method produced for it.
    static func keyInput(keysym: KeySym, text: String, state: UInt32) -> KeyInput? {
        var modifiers: KeyModifiers = []
        if state & UInt32(ShiftMask) != 0 { modifiers.insert(.shift) }
        if state & UInt32(ControlMask) != 0 { modifiers.insert(.control) }
        if state & UInt32(Mod1Mask) != 0 { modifiers.insert(.alt) }

        if let key = namedKey(keysym) { return KeyInput(key, modifiers: modifiers) }
        if modifiers.contains(.control), (0x20...0x7E).contains(keysym) {
            // Control turns letters into control characters: report the key itself.
            let character = Character(Unicode.Scalar(UInt8(keysym)))
            return KeyInput(.text(String(character).lowercased()), modifiers: modifiers)
        }
        let printable = String(
            String.UnicodeScalarView(
                text.unicodeScalars.filter { scalar in
                    !(scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value))
                }))
        if !printable.isEmpty { return KeyInput(.text(printable), modifiers: modifiers) }
        guard keysym != 0, !isModifierOrDead(keysym), let name = XKeysymToString(keysym) else { return nil }
        return KeyInput(.other(String(cString: name)), modifiers: modifiers)
    }

    private static func namedKey(_ keysym: KeySym) -> KeyInput.Key? {
        switch keysym {
        case 0xFF08: return .backspace
        case 0xFFFF, 0xFF9F: return .delete  // Delete, KP_Delete
        case 0xFF0D, 0xFF8D: return .returnKey  // Return, KP_Enter
        case 0xFF09, 0xFE20: return .tab  // Tab, ISO_Left_Tab
        case 0xFF1B: return .escape
        case 0xFF51, 0xFF96: return .left
        case 0xFF53, 0xFF98: return .right
        case 0xFF52, 0xFF97: return .up
        case 0xFF54, 0xFF99: return .down
        case 0xFF50, 0xFF95: return .home
        case 0xFF57, 0xFF9C: return .end
        case 0xFFBE...0xFFC9: return .function(Int(keysym - 0xFFBE) + 1)  // F1…F12
        default: return nil
        }
    }

    private static func isModifierOrDead(_ keysym: KeySym) -> Bool {
        (0xFFE1...0xFFEE).contains(keysym)  // Shift, Control, Caps/Shift lock, Meta, Alt, Super, Hyper
            || (0xFE01...0xFE13).contains(keysym)  // ISO lock and level shifts
            || (0xFE50...0xFE93).contains(keysym)  // dead keys
            || keysym == 0xFF7E || keysym == 0xFF7F  // Mode_switch, Num_Lock
            || keysym == 0xFF14  // Scroll_Lock
    }

    /// The character of a Latin-1 or Unicode keysym, for the no-input-method path.
    static func text(forKeysym keysym: KeySym) -> String? {
        var value: UInt32?
        if (0x20...0x7E).contains(keysym) || (0xA0...0xFF).contains(keysym) {
            value = UInt32(keysym)
        } else if keysym & 0xFF00_0000 == 0x0100_0000 {
            value = UInt32(keysym & 0x00FF_FFFF)
        }
        guard let value, let scalar = Unicode.Scalar(value) else { return nil }
        return String(Character(scalar))
    }

    /// Applies one of the pre-edit callbacks (see `tapaway_preedit_handler`) and reports the
    /// pre-edit.
    private func preeditChanged(kind: Int32, caret: Int, first: Int, length: Int, text: UnsafePointer<CChar>?) {
        switch kind {
        case 0: preedit.start()
        case 1: preedit.finish()
        case 2: preedit.draw(caret: caret, first: first, length: length, text: text.map { String(cString: $0) })
        default: preedit.moveCaret(to: caret)
        }
        onPreedit?(preedit.text, preedit.caretInCharacters)
    }

    /// Tells the input method where the caret is, in the window's pixels, so that its
    /// candidate window follows it; only when it moved.
    func setSpot(x: Double, y: Double) {
        guard let ic else { return }
        let spot = (Int16(clamping: Int(x.rounded())), Int16(clamping: Int(y.rounded())))
        if let lastSpot, lastSpot == spot { return }
        lastSpot = spot
        tapaway_ic_set_spot(ic, spot.0, spot.1)
    }

    /// Closes the input context and the input method.
    func close() {
        if let ic { XDestroyIC(ic) }
        ic = nil
        free(preeditContext)
        preeditContext = nil
        if let im { XCloseIM(im) }
        im = nil
    }
}
