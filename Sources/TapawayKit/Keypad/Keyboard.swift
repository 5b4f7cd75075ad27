/// The on-screen keypad, as iOS's keyboard: it lives in its own window above the app, slides up
/// when a text input becomes first responder and away when none is, posts the keyboard
/// will/did show/hide and change-frame notifications with begin and end frames, duration and
/// curve, and types into the focused input.
///
/// The slide is eased and interruptible: focusing an input while the keypad hides turns it back
/// from where it is, in the share of the time left. A change of layout (another keyboard type,
/// another return key), of height (`scale`, an accessory) or of width posts will/did change frame.
///
/// With a hardware keyboard connected (`isHardwareKeyboardConnected`), or the software keyboard
/// toggled off (`usesSoftwareKeyboard`, as the iOS Simulator's Cmd+K), a focused input shows no
/// keys, only the bar iOS keeps at the bottom: its input accessory, else the thin
/// `shortcutBar`. The notifications then carry that bar's frame. While the keypad is up, focus
/// moving to an input with another keyboard type or accessory, or the keys coming or going,
/// posts will-show and will-change-frame again, then did-show and did-change-frame, as iOS does.
@MainActor
public final class Keyboard: TextInputDelegate {
    /// Where the keypad is in its life.
    public enum State: String, Sendable {
        /// Off screen: no keypad shows and no slide is running.
        case hidden
        /// Sliding up, between the will-show and did-show notifications.
        case showing
        /// Docked at the bottom.
        case shown
        /// Sliding away, between the will-hide and did-hide notifications.
        case hiding
    }

    private unowned let application: Application
    /// The keypad's own window, above the app's.
    public let window: Window
    /// The tray and keys.
    public let keypadView: KeypadView
    /// The window above the keypad's that shows key previews and alternates.
    public let previewWindow: KeyPreviewWindow
    /// Where the keyboard is in its life: hidden, showing, shown or hiding.
    public private(set) var state: State = .hidden
    /// The text input the keys type into.
    public private(set) weak var client: (any TextInput)?
    /// Whether the keys type into a secure field (a password), even while a card over the app
    /// takes the hardware keys: what the keypad shows and where a finger lands on it then stay
    /// out of traces and recordings.
    public var servesSecureField: Bool { (client as? TextField)?.isSecureTextEntry == true }
    /// How long a slide takes, in seconds.
    public var animationDuration = 0.25
    /// The curve of the keyboard's slide, as its notifications report it.
    public var animationCurve: AnimationCurve = .easeOut
    /// Whether the app on screen has a `WindowInsetsAnimation.Callback` for the IME (Android's
    /// keyboard only): the slide then takes Android's synchronised IME animation.
    public var hasInsetsAnimationCallback = false

    /// The slide's duration and curve one way: iOS's (`animationDuration`, `animationCurve`), or
    /// on Android's keyboard the IME insets animation of the framework's `InsetsController`.
    ///
    /// `InsetsController.InternalAnimationControlListener` (documented in its source): for the IME,
    /// `ANIMATION_DURATION_SYNC_IME_MS = 285` with `SYNC_IME_INTERPOLATOR` when the app has animation
    /// callbacks, else `ANIMATION_DURATION_UNSYNC_IME_MS = 200` with `LINEAR_OUT_SLOW_IN_INTERPOLATOR`
    /// to show and `FAST_OUT_LINEAR_IN_INTERPOLATOR` to hide.
    public func slideTiming(showing: Bool) -> (duration: Double, curve: AnimationCurve) {
        guard style == .android else { return (animationDuration, animationCurve) }
        if hasInsetsAnimationCallback { return (0.285, .syncIme) }
        return (0.2, showing ? .linearOutSlowIn : .fastOutLinearIn)
    }
    /// The size of keys, gaps and labels against iOS's at 96 dpi (1): set it from the display's
    /// resolution (`Xft.dpi / 96`).
    ///
    /// Changing it resizes the keypad at once.
    public var scale: Double = 1 {
        didSet {
            guard scale != oldValue else { return }
            keypadView.metrics = keysMetrics
            resize(keypadHeight: keypadView.metrics.trayHeight)
        }
    }
    /// Whether iPad's keyboard floats (`style` `.ipad` only; elsewhere it stays docked): a phone-sized
    /// keyboard over the app, clear of the screen's bottom.
    ///
    /// iPadOS posts no will/did show or hide for it, only will/did change frame (developers' reports:
    /// flutter_keyboard_visibility PR #162, "The iOS floating keyboard does not trigger observers
    /// UIKeyboardDidShowNotification, UIKeyboardWillShowNotification, UIKeyboardWillHideNotification.
    /// It does trigger UIKeyboardDidChangeFrameNotification"); the docked keyboard turning into it
    /// posts will/did hide first (MeshCoreOne PR #139: "iOS sends keyboardWillHide for
    /// floating/undocked keyboards"; openradar 18010127 for Undock chosen from the hide key's menu).
    /// docs/devices.md gives the levels.
    public var isFloating = false {
        didSet { if isFloating != oldValue && style == .ipad { floatingDidChange(wasFloating: oldValue) } }
    }

    /// Whether the keyboard floats now (`isFloating` on iPad).
    public var floats: Bool { isFloating && style == .ipad }

    /// The keys the keyboard shows: the floating keyboard's are iPhone's.
    private var keysStyle: KeypadStyle { floats ? .ios : style }

    /// The floating keyboard's frame: iPhone's 320-point-wide keys, 216 tall, centred 32 points
    /// above the bottom safe area (where iPadOS first puts it: inferred).
    public var floatingFrame: Rect {
        let d = application.deviceFrame
        let height = KeypadMetrics(scale: scale).trayHeight, width = min(d.width, (320 * scale).rounded())
        return Rect(
            x: (d.midX - width / 2).rounded(), y: d.maxY - application.safeAreaInsets.bottom - 32 - height, width: width,
            height: height)
    }

    /// Whose keyboard shows: iOS's, or a Gboard-like Android one (its own keys and sizes, a suggestion
    /// strip, an action key that performs the field's `imeOptions` action, and Back hiding it).
    ///
    /// The app sets it with the device; a change while the keypad is up posts will/did change frame, as
    /// a change of `scale` does.
    public var style: KeypadStyle = .ios {
        didSet {
            guard style != oldValue else { return }
            keypadView.metrics = keysMetrics
            if let client {
                keypadView.configure(keyboardType: client.keyboardType, returnKeyType: returnKeyType(for: client))
            }
            if application.isChangingDevice {
                layOut(keysHeight: keypadView.metrics.trayHeight)
            } else {
                resize(keypadHeight: keypadView.metrics.trayHeight)
            }
        }
    }
    /// Whether Gboard's number row shows above the letters (`style` `.android` only): the keyboard
    /// grows by one row.
    ///
    /// A change while the keypad is up posts will/did change frame, as a change of `scale` does.
    public var showsNumberRow = false {
        didSet {
            guard showsNumberRow != oldValue else { return }
            keypadView.metrics = keysMetrics
            resize(keypadHeight: keypadView.metrics.trayHeight)
        }
    }

    /// The keys' sizes for the style, scale, orientation and number row in force.
    private var keysMetrics: KeypadMetrics {
        KeypadMetrics.make(style: keysStyle, scale: scale, compact: isCompact, numberRow: showsNumberRow)
    }

    /// Whether the keys take iPhone's landscape height (shorter keys, closer rows).
    ///
    /// The app sets it with the device's orientation; a change while the keypad is up posts will/did
    /// change frame, as a change of `scale` does.
    public var isCompact = false {
        didSet {
            guard isCompact != oldValue else { return }
            keypadView.metrics = keysMetrics
            // Within a change of device, the application has the keypad follow once, after.
            if application.isChangingDevice {
                layOut(keysHeight: keypadView.metrics.trayHeight)
            } else {
                resize(keypadHeight: keypadView.metrics.trayHeight)
            }
        }
    }
    private var slide: Animation?

    /// Whether a hardware keyboard is connected.
    ///
    /// Connecting one puts the software keyboard out of use (a focused input shows only its bar);
    /// disconnecting puts it back in use.
    public var isHardwareKeyboardConnected = false {
        didSet {
            guard isHardwareKeyboardConnected != oldValue else { return }
            usesSoftwareKeyboard = !isHardwareKeyboardConnected
        }
    }

    /// Whether the keys show for a focused input (true with no hardware keyboard).
    ///
    /// Turning it off or on while an input is focused keeps the focus: the keypad shrinks to the bar or
    /// grows back, and will/did show and change frame are posted with the frames.
    public var usesSoftwareKeyboard = true {
        didSet {
            guard usesSoftwareKeyboard != oldValue else { return }
            let begin = window.frame
            layOut()
            if state == .shown && begin != window.frame { reshow(from: begin) }
        }
    }

    /// Hides or shows the keys while the focused input keeps its focus (the iOS Simulator's
    /// "Toggle Software Keyboard").
    public func toggleSoftwareKeyboard() { usesSoftwareKeyboard.toggle() }

    /// The thin bar shown at the bottom for a focused input while the software keyboard is not
    /// in use and the input has no accessory (iOS's shortcuts bar on iPad, its suggestions on
    /// iPhone), identified `keyboard-shortcut-bar`.
    public let shortcutBar: ShortcutBar

    /// The shortcut bar's height: 44 points at `scale` 1.
    public var shortcutBarHeight: Double { (44 * scale).rounded() }

    /// Whether the keys are on screen: the keypad is up and the software keyboard in use.
    public var showsKeys: Bool { isVisible && usesSoftwareKeyboard }

    init(application: Application) {
        self.application = application
        let height = KeypadLayout.height()
        let device = application.deviceFrame
        window = Window(frame: Rect(x: device.minX, y: device.maxY, width: device.width, height: height), level: .keyboard)
        window.identifier = "keypad-window"
        window.accessibilityLabel = "Keypad"
        window.backgroundColor = Palette.keypadTray
        keypadView = KeypadView(frame: Rect(x: 0, y: 0, width: device.width, height: height))
        window.addSubview(keypadView)
        shortcutBar = ShortcutBar(frame: Rect(x: 0, y: 0, width: device.width, height: 44))
        shortcutBar.autoresizingMask = [.flexibleWidth]
        shortcutBar.isHidden = true
        window.addSubview(shortcutBar)
        window.isHidden = true
        previewWindow = KeyPreviewWindow()
        keypadView.previewWindow = previewWindow
        keypadView.onKey = { [weak self] key in self?.type(key) }
        keypadView.onDeleteWord = { [weak self] in self?.client?.deleteWordBackward() }
        keypadView.wantsCapital = { [weak self] in self?.clientWantsCapital ?? false }
        keypadView.suggestedWord = { [weak self] in self?.wordBeingTyped }
        wireShortcutBar()
        application.addWindow(window)
        application.addWindow(previewWindow)
        // The keyboard lives as long as its application: the registration never needs removing.
        _ = application.frameObservers.add { [weak self] in self?.previewWindow.followWindowsBelow() }
    }

    /// The height of the keypad and its accessory together.
    public var height: Double { window.frame.height }
    /// The part of the keypad under the keys (or the bar) that covers the device's bottom safe
    /// area, as iOS's keyboard covers the home indicator's: its frame includes it.
    public var bottomInset: Double { coversBottomSafeArea && !floats ? application.safeAreaInsets.bottom : 0 }
    /// Whether the keypad reaches down over the bottom safe area (iOS: true, its keyboard
    /// covers the home indicator's area) or docks on top of it (Android: false, its keyboard
    /// sits above the navigation bar).
    public var coversBottomSafeArea = true {
        didSet { if coversBottomSafeArea != oldValue { safeAreaDidChange() } }
    }
    /// The height of the system's bar the keypad docks above, when it is not the bottom safe area
    /// (nil: the safe area's): Android's gesture bar gives apps a 24-point inset, but the input
    /// method is laid out above the bar's 48-point frame (`navigation_bar_frame_height`), where it
    /// draws its down arrow and switcher.
    ///
    /// Only read while the keypad does not cover the bottom safe area (`coversBottomSafeArea`).
    public var systemBarHeight: Double? {
        didSet { if systemBarHeight != oldValue { safeAreaDidChange() } }
    }
    /// Where the keypad's bottom edge docks: the device's bottom, or the top of the system's
    /// bar (its bottom safe area) when the keypad does not cover it.
    private var dockBottom: Double {
        application.deviceFrame.maxY - (coversBottomSafeArea ? 0 : systemBarHeight ?? application.safeAreaInsets.bottom)
    }
    /// The keys' own height, without the accessory (0 while the software keyboard is not in use).
    public var keypadHeight: Double { usesSoftwareKeyboard ? keypadView.frame.height : 0 }
    /// The accessory shown above the keys (the focused responder's `inputAccessoryView`).
    public private(set) var accessoryView: View?
    /// The frame when docked, in screen coordinates.
    public var shownFrame: Rect {
        if floats { return floatingFrame }
        let d = application.deviceFrame
        return Rect(x: d.minX, y: dockBottom - height, width: d.width, height: height)
    }
    /// The frame when away, just below the screen.
    public var hiddenFrame: Rect {
        // The floating keyboard appears and goes where it floats: it does not slide.
        if floats { return floatingFrame }
        let d = application.deviceFrame
        return Rect(x: d.minX, y: d.maxY, width: d.width, height: height)
    }
    /// The current frame (mid-slide while animating).
    public var frame: Rect { window.frame }
    /// Whether the keypad is on screen or on its way.
    public var isVisible: Bool { state == .shown || state == .showing }

    // MARK: Focus

    func focusDidChange(from old: Responder?, to new: Responder?) {
        if let previous = old as? any TextInput, previous.inputDelegate === self { previous.inputDelegate = nil }
        if let input = new as? any TextInput {
            client = input
            input.inputDelegate = self
            let begin = window.frame
            let relaid = keypadView.configure(keyboardType: input.keyboardType, returnKeyType: returnKeyType(for: input))
            let accessoryChanged = input.inputAccessoryView !== accessoryView
            if !isVisible {
                setAccessoryView(input.inputAccessoryView)
                show()
            } else if state == .shown && (relaid || accessoryChanged) {
                // Another keyboard type or accessory: iOS posts will/did show and change frame
                // again, with the frames, even when the height stays.
                installAccessory(input.inputAccessoryView)
                reshow(from: begin)
            } else {
                setAccessoryView(input.inputAccessoryView)
            }
        } else {
            client = nil
            keypadView.cancelPresses()
            // A password's last layer (numbers, symbols) would say what its last character was.
            if (old as? TextField)?.isSecureTextEntry == true {
                keypadView.configure(keyboardType: keypadView.keyboardType, returnKeyType: keypadView.returnKeyType)
            }
            if isVisible && !keepsKeyboard(after: old) { hide() }
        }
    }

    /// Whether a view controller on `old`'s responder chain disables the automatic dismissal of the
    /// keyboard (a form sheet on iPad): then the keyboard stays up with no input to type into, until
    /// its hide key is tapped or the sheet goes (`hideIfDetached()`).
    private func keepsKeyboard(after old: Responder?) -> Bool {
        guard old is any TextInput else { return false }
        var responder = old?.next
        while let current = responder {
            if let controller = current as? ViewController, controller.disablesAutomaticKeyboardDismissal { return true }
            responder = current.next
        }
        return false
    }

    /// Hides the keypad if it is up with no input attached: the keyboard a form sheet kept after its
    /// field stopped editing goes when the sheet is dismissed ("the keyboard, once shown, is not hidden
    /// until the user taps the dismiss key or the modal view controller is programmatically dismissed",
    /// Apple, documented).
    public func hideIfDetached() {
        if client == nil && isVisible { hide() }
    }

    /// Whether the keypad is up with no input attached to it: a form sheet's field stopped editing and
    /// the sheet keeps the keyboard (`ViewController.disablesAutomaticKeyboardDismissal`).
    public var isDetached: Bool { client == nil && isVisible }

    /// The focused input's text or selection changed: auto-capitalisation may turn shift on or off.
    public func textInputDidChange(_ input: any TextInput) {
        guard input === client else { return }
        keypadView.updateAutoShift()
        updateShortcutBar()
    }

    /// Has the shortcut bar's undo, redo and paste act on the focused input, as its own do.
    private func wireShortcutBar() {
        _ = shortcutBar.undoButton.addAction(for: .touchUpInside) { [weak self] _, _ in
            (self?.client as? any TextEditing)?.undo()
        }
        _ = shortcutBar.redoButton.addAction(for: .touchUpInside) { [weak self] _, _ in
            (self?.client as? any TextEditing)?.redo()
        }
        _ = shortcutBar.pasteButton.addAction(for: .touchUpInside) { [weak self] _, _ in
            (self?.client as? any TextEditing)?.paste()
        }
    }

    /// Shows the word being typed as the bar's suggestion, and enables undo and redo as the focused
    /// input's history allows (paste whenever an input that edits is focused).
    func updateShortcutBar() {
        shortcutBar.layout = style == .ipad ? .shortcuts : .suggestions
        shortcutBar.suggestion = wordBeingTyped
        let editing = client as? any TextEditing
        shortcutBar.undoButton.isEnabled = editing?.canUndo == true
        shortcutBar.redoButton.isEnabled = editing?.canRedo == true
        shortcutBar.pasteButton.isEnabled = editing != nil
    }

    /// The word before the caret, for Android's suggestion strip; nil in a secure field, whose
    /// text an input method never suggests from.
    private var wordBeingTyped: String? {
        guard let client, !servesSecureField else { return nil }
        let word = client.contextBeforeInput.reversed().prefix { !$0.isWhitespace && !$0.isPunctuation }
        return word.isEmpty ? nil : String(word.reversed())
    }

    private var clientWantsCapital: Bool {
        guard let client else { return false }
        return client.autocapitalizationType.capitalizesNextLetter(after: client.contextBeforeInput)
    }

    // MARK: Sliding

    /// Slides the keypad up (from wherever it is).
    public func show() { slide(to: .shown) }
    /// Slides the keypad away (from wherever it is).
    public func hide() {
        keypadView.cancelPresses()
        slide(to: .hidden)
    }

    private func slide(to target: State) {
        let showing = target == .shown
        let begin = window.frame
        let end = showing ? shownFrame : hiddenFrame
        // An interrupted slide reverses from where it is, taking the remaining share of the time.
        let full = abs(hiddenFrame.minY - shownFrame.minY)
        let timing = slideTiming(showing: showing)
        let duration = full > 0 ? timing.duration * min(1, abs(end.minY - begin.minY) / full) : 0
        // The floating keyboard leaves for no frame at all (a zero-sized one where it was, as
        // developers log for undocked keyboards: DAKeyboardControl #48), and comes from one.
        let floating = floats
        let nothing = Rect(x: floatingFrame.minX, y: floatingFrame.minY, width: 0, height: 0)
        let info = userInfo(
            begin: floating && showing ? nothing : begin, end: floating && !showing ? nothing : end, duration: duration,
            curve: timing.curve)
        slide?.cancel()
        state = showing ? .showing : .hiding
        let center = application.notificationCenter
        if !floating { center.post(name: showing ? .keyboardWillShow : .keyboardWillHide, object: nil, userInfo: info) }
        center.post(name: .keyboardWillChangeFrame, object: nil, userInfo: info)
        if showing { window.setVisible(true) }
        slide = application.animate(
            duration: duration, curve: timing.curve,
            step: { [weak self] t in
                guard let self else { return }
                // The target is read on every step, so a change of size on the way lands right.
                let target = showing ? self.shownFrame : self.hiddenFrame
                // Whole pixels, rounded towards the target: the first step after the input that
                // started the slide already moves, so the response shows at once.
                let travel = (target.minY - begin.minY) * t
                self.window.frame = Rect(
                    x: target.minX, y: begin.minY + (travel >= 0 ? travel.rounded(.up) : travel.rounded(.down)),
                    width: target.width, height: target.height)
            },
            completion: { [weak self] finished in
                guard let self, finished else { return }
                self.slide = nil
                self.state = target
                if !showing { self.window.setVisible(false) }
                if !floating { center.post(name: showing ? .keyboardDidShow : .keyboardDidHide, object: nil, userInfo: info) }
                center.post(name: .keyboardDidChangeFrame, object: nil, userInfo: info)
            })
    }

    /// While docked: the keypad takes its new frame at once and posts will-show and
    /// will-change-frame from `begin`, with the slide's duration and curve, then did-show and
    /// did-change-frame once that time has passed.
    private func reshow(from begin: Rect) {
        let timing = slideTiming(showing: true)
        let info = userInfo(begin: begin, end: shownFrame, duration: timing.duration, curve: timing.curve)
        slide?.cancel()
        state = .showing
        let center = application.notificationCenter
        center.post(name: .keyboardWillShow, object: nil, userInfo: info)
        center.post(name: .keyboardWillChangeFrame, object: nil, userInfo: info)
        slide = application.animate(
            duration: timing.duration, curve: timing.curve,
            step: { [weak self] _ in
                guard let self else { return }
                self.window.frame = self.shownFrame
            },
            completion: { [weak self] finished in
                guard let self, finished else { return }
                self.slide = nil
                self.state = .shown
                center.post(name: .keyboardDidShow, object: nil, userInfo: info)
                center.post(name: .keyboardDidChangeFrame, object: nil, userInfo: info)
            })
    }

    private func userInfo(begin: Rect, end: Rect, duration: Double, curve: AnimationCurve? = nil) -> [String: Any] {
        [
            KeyboardInfoKey.frameBegin: begin, KeyboardInfoKey.frameEnd: end,
            KeyboardInfoKey.animationDuration: duration, KeyboardInfoKey.animationCurve: curve ?? animationCurve,
        ]
    }

    /// Posts will and did change-frame for a change made at once (no animation).
    private func postFrameChange(from begin: Rect, to end: Rect) {
        let info = userInfo(begin: begin, end: end, duration: 0)
        application.notificationCenter.post(name: .keyboardWillChangeFrame, object: nil, userInfo: info)
        application.notificationCenter.post(name: .keyboardDidChangeFrame, object: nil, userInfo: info)
    }

    // MARK: Size

    /// Shows `view` above the keys (nil for none).
    ///
    /// The keypad's frame grows or shrinks at once; while it is up, will/did change-frame are posted
    /// with the old and new frames.
    public func setAccessoryView(_ view: View?) {
        guard view !== accessoryView else { return }
        let begin = window.frame
        installAccessory(view)
        if state == .shown && begin != window.frame { postFrameChange(from: begin, to: window.frame) }
    }

    /// Puts `view` above the keys and lays the keypad out, posting nothing.
    private func installAccessory(_ view: View?) {
        guard view !== accessoryView else { return }
        accessoryView?.removeFromSuperview()
        accessoryView = view
        if let view {
            view.frame = Rect(x: 0, y: 0, width: window.frame.width, height: view.frame.height)
            view.autoresizingMask = [.flexibleWidth]
            window.addSubview(view)
        }
        layOut()
    }

    /// Changes the keys' height at once, reporting it while the keypad is up.
    private func resize(keypadHeight: Double) {
        let begin = window.frame
        layOut(keysHeight: keypadHeight)
        if state == .shown && begin != window.frame { postFrameChange(from: begin, to: window.frame) }
    }

    /// Lays the accessory, the keys (or the shortcut bar) out in the window, keeping the bottom
    /// edge where it is; posts nothing.
    private func layOut(keysHeight: Double? = nil) {
        let accessoryHeight = accessoryView?.frame.height ?? 0
        let width = floats ? floatingFrame.width : application.deviceFrame.width
        let keys = keysHeight ?? keypadView.frame.height
        // The tray spans the device; the keys stay inside the safe area's sides (landscape).
        let sides = floats ? EdgeInsets() : application.safeAreaInsets
        keypadView.frame = Rect(
            x: sides.left, y: accessoryHeight, width: max(0, width - sides.left - sides.right), height: keys)
        keypadView.isHidden = !usesSoftwareKeyboard
        if !usesSoftwareKeyboard { keypadView.cancelPresses() }
        let barShows = !usesSoftwareKeyboard && accessoryView == nil
        if barShows { updateShortcutBar() }
        shortcutBar.frame = Rect(x: 0, y: 0, width: width, height: shortcutBarHeight)
        shortcutBar.isHidden = !barShows
        let above = usesSoftwareKeyboard ? accessoryHeight + keys : (barShows ? shortcutBarHeight : accessoryHeight)
        let total = above + bottomInset
        window.frame = Rect(x: window.frame.minX, y: window.frame.maxY - total, width: width, height: total)
        switch state {
        case .hidden: window.frame = hiddenFrame
        case .shown: window.frame = shownFrame
        case .showing, .hiding: break  // the slide's next step places it
        }
    }

    /// The device's safe area changed (another device, a rotation): the keypad takes its new
    /// height at once, reporting it while it is up.
    func safeAreaDidChange() {
        let begin = window.frame
        layOut()
        if state == .shown && begin != window.frame { postFrameChange(from: begin, to: window.frame) }
    }

    /// The device changed (another model, another orientation) while the keypad was at `begin` on a
    /// device at `oldDevice`: the keypad takes its new frame at once.
    ///
    /// After a rotation (`rotated`) with the keypad up or on its way up, it does what iOS is reported
    /// to do: will/did hide and change frame at once, from `begin` to just below the old screen, then,
    /// turned, the usual slide up with will/did show and change frame from just below the new screen to
    /// the new docked frame. Otherwise it reports the change as a resize does.
    func deviceDidChange(from begin: Rect, oldDevice: Rect, rotated: Bool) {
        guard rotated, state == .shown || state == .showing else { return screenDidResize(from: begin) }
        slide?.cancel()
        slide = nil
        keypadView.cancelPresses()
        let away = Rect(x: oldDevice.minX, y: oldDevice.maxY, width: begin.width, height: begin.height)
        let info = userInfo(begin: begin, end: away, duration: 0)
        let center = application.notificationCenter
        state = .hiding
        center.post(name: .keyboardWillHide, object: nil, userInfo: info)
        center.post(name: .keyboardWillChangeFrame, object: nil, userInfo: info)
        state = .hidden
        layOut()
        center.post(name: .keyboardDidHide, object: nil, userInfo: info)
        center.post(name: .keyboardDidChangeFrame, object: nil, userInfo: info)
        // The field kept its focus through the turn: the keypad comes back for it.
        if client != nil { show() }
    }

    func screenDidResize(from start: Rect? = nil) {
        slide?.cancel()
        slide = nil
        keypadView.cancelPresses()
        let begin = start ?? window.frame
        let wasState = state
        // Laid out as if hidden, then placed below by the state it ends in.
        state = .hidden
        layOut()
        state = wasState
        // A slide cut short by the resize lands at once, and its did-notification is still
        // posted: observers that heard will-show or will-hide always hear the matching did.
        switch state {
        case .shown, .showing:
            let wasSliding = state == .showing
            state = .shown
            window.frame = shownFrame
            if wasSliding {
                postDidSlide(showing: true, from: begin)
            } else if begin != window.frame {
                postFrameChange(from: begin, to: window.frame)
            }
        case .hidden, .hiding:
            let wasSliding = state == .hiding
            state = .hidden
            window.frame = hiddenFrame
            window.setVisible(false)
            if wasSliding { postDidSlide(showing: false, from: begin) }
        }
    }

    /// Posts did-show or did-hide, and did-change-frame, for a slide that ended early.
    private func postDidSlide(showing: Bool, from begin: Rect) {
        let info = userInfo(begin: begin, end: window.frame, duration: 0)
        let center = application.notificationCenter
        center.post(name: showing ? .keyboardDidShow : .keyboardDidHide, object: nil, userInfo: info)
        center.post(name: .keyboardDidChangeFrame, object: nil, userInfo: info)
    }

    // MARK: Interactive dismissal

    /// How far below its docked position a drag has pulled the keypad.
    public private(set) var interactiveOffset = 0.0

    /// Pulls the docked keypad `offset` pixels down (0…height), following a drag.
    public func setInteractiveOffset(_ offset: Double) {
        guard state == .shown else { return }
        keypadView.cancelPresses()
        interactiveOffset = min(max(offset, 0), height)
        window.frame = shownFrame.offsetBy(dx: 0, dy: interactiveOffset.rounded())
    }

    /// Ends a drag: with `hide`, the keypad is about to hide (resign the first responder next) and
    /// slides on from where it is; otherwise it springs back to its docked frame.
    public func endInteractiveDismissal(hide: Bool) {
        let offset = interactiveOffset
        interactiveOffset = 0
        guard !hide, offset > 0, state == .shown else { return }
        let begin = window.frame, end = shownFrame
        slide?.cancel()
        slide = application.animate(
            duration: animationDuration * offset / max(height, 1), curve: .easeOut,
            step: { [weak self] t in
                self?.window.frame = interpolate(begin, end, t).rounded
            }, completion: { [weak self] _ in self?.slide = nil })
    }

    /// The keyboard started or stopped floating.
    ///
    /// While it is up: docked to floating posts will-hide and did-hide from the docked frame to just
    /// below the screen, at once, then will/did change frame from nothing to the floating frame;
    /// floating to docked posts will-show and will-change-frame, then did-show and did-change-frame, as
    /// a docked keyboard coming up (`reshow`).
    private func floatingDidChange(wasFloating: Bool) {
        let begin = window.frame
        keypadView.metrics = keysMetrics
        if let client { keypadView.configure(keyboardType: client.keyboardType, returnKeyType: returnKeyType(for: client)) }
        let up = state == .shown || state == .showing
        slide?.cancel()
        slide = nil
        if up { state = .shown }
        layOut(keysHeight: keypadView.metrics.trayHeight)
        guard up else { return }
        let center = application.notificationCenter
        if floats {
            let d = application.deviceFrame
            let away = Rect(x: begin.minX, y: d.maxY, width: begin.width, height: begin.height)
            let hide = userInfo(begin: begin, end: away, duration: 0)
            center.post(name: .keyboardWillHide, object: nil, userInfo: hide)
            center.post(name: .keyboardWillChangeFrame, object: nil, userInfo: hide)
            center.post(name: .keyboardDidHide, object: nil, userInfo: hide)
            center.post(name: .keyboardDidChangeFrame, object: nil, userInfo: hide)
            let nothing = Rect(x: floatingFrame.minX, y: floatingFrame.minY, width: 0, height: 0)
            postFrameChange(from: nothing, to: window.frame)
        } else {
            reshow(from: Rect(x: begin.minX, y: begin.minY, width: 0, height: 0))
        }
    }

    // MARK: Android

    /// The return key the keys show for `input`: its own on iOS; on Android, the `imeOptions`
    /// action the IME is told (`EditorInfo.imeOptions`, as `TextView.onCreateInputConnection`
    /// fills it): a multi-line input gets `IME_FLAG_NO_ENTER_ACTION`, so Enter (`default`); an
    /// unspecified action becomes `IME_ACTION_NEXT` when a text input follows ("An action has not
    /// been set, but the enter key will move to the next focus"), else `IME_ACTION_DONE`.
    public func returnKeyType(for input: any TextInput) -> ReturnKeyType {
        guard style == .android else { return input.returnKeyType }
        guard input is TextField else { return .default }
        if input.returnKeyType != .default { return input.returnKeyType }
        return inputAfter(input) != nil ? .next : .done
    }

    /// The text input after `input` in its window's reading order (no wrapping), as
    /// `focusSearch(FOCUS_FORWARD)` finds it.
    private func inputAfter(_ input: any TextInput) -> View? {
        guard let view = input as? View, let window = view.window else { return nil }
        let order = FocusNavigation.readingOrder(in: window)
        guard let index = order.firstIndex(where: { $0 === view }), index + 1 < order.count else { return nil }
        return order[index + 1]
    }

    /// Android's action key, as `TextView.onEditorAction` handles it when no `OnEditorActionListener`
    /// takes the action (an app's own handler, a field with actions for editing-did-end-on-exit here,
    /// takes it as Return): Next moves the focus on (`focusSearch(FOCUS_FORWARD).requestFocus()`), Done
    /// hides the keyboard and leaves the focus where it is (`imm.hideSoftInputFromWindow`), and Go,
    /// Search and Send become an Enter key event flagged `FLAG_EDITOR_ACTION`, which `onKeyUp` turns
    /// into a move to the field below, or, with none, into hiding the keyboard.
    ///
    /// Enter in a multi-line input is a new line.
    private func performEditorAction() {
        guard let client else { return }
        let action = keypadView.returnKeyType
        guard let field = client as? TextField, action != .default else { return client.insertReturn() }
        if field.hasActions(for: .editingDidEndOnExit) { return client.insertReturn() }
        switch action {
        case .next:
            _ = inputAfter(field)?.becomeFirstResponder()
        case .done:
            hide()
        case .go, .search, .send:
            if let below = inputAfter(field) { _ = below.becomeFirstResponder() } else { hide() }
        case .default:
            client.insertReturn()
        }
    }

    /// Android's Back while the keyboard is up: the input method takes it and hides the keyboard
    /// (`InputMethodService.onKeyUp(KEYCODE_BACK)` → `handleBack` → `requestHideSelf`), and the focused field keeps its focus.
    ///
    /// Returns whether the keyboard took it; with the keyboard down, Back goes to the app (its activity goes back).
    public func handleBack() -> Bool {
        guard style == .android, isVisible, client != nil else { return false }
        hide()
        return true
    }

    /// A tap on the input that already has the focus, with the keyboard down: Android's
    /// `Editor` asks for the keyboard again (`showSoftInput`), as after Back or Done.
    public func focusedInputWasTapped(_ input: any TextInput) {
        guard style == .android, input === client, !isVisible else { return }
        show()
    }

    /// iPad's hide-keyboard key: iPadOS ends editing, so the focused input resigns (its delegate may
    /// refuse, as for any resignation) and the keyboard hides with it.
    ///
    /// Measured: developers report that the key ends editing (a web view's field is blurred, wysihtml5
    /// #316: "closing the iPad virtual keyboard ... triggers the usual blur event"; lockbook PR #1936:
    /// "users can lose keyboard focus using the hide keyboard button"); Apple documents no sequence.
    ///
    /// The key hides a keyboard a form sheet keeps after its field stopped editing, and a keyboard
    /// with no input attached, as Apple's "until the user taps the dismiss key" says.
    private func endEditingFromHideKey() {
        if let view = client as? View { _ = view.resignFirstResponder() }
        if client == nil && isVisible { hide() }
    }

    // MARK: Typing

    /// Types a key into the client: characters, space, backspace and return (on Android, the
    /// action key: `performEditorAction`).
    public func type(_ key: KeypadKey) {
        if case .dismiss = key.kind { return endEditingFromHideKey() }
        guard let client else { return }
        switch key.kind {
        case .character(let c): client.insertText(c)
        case .space: client.insertText(" ")
        case .backspace: client.deleteBackward()
        case .returnKey where style == .android: performEditorAction()
        case .returnKey: client.insertReturn()
        case .dismiss: endEditingFromHideKey()
        case .shift, .layer, .emoji: break
        }
    }
}

extension Rect {
    /// The rectangle with its origin rounded to whole pixels.
    var rounded: Rect {
        Rect(x: minX.rounded(), y: minY.rounded(), width: width.rounded(), height: height.rounded())
    }
}
