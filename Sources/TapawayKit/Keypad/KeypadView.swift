/// The keypad's tray and keys.
///
/// It lays its keys out from a `KeypadLayout`, keeps the layer and shift state, and turns touches into
/// keystrokes (see `KeypadView+Touches.swift`): characters and backspace go to `onKey`.
@MainActor
public final class KeypadView: View {
    /// The layer of keys shown: letters, digits or symbols.
    public private(set) var layer: KeypadLayer = .letters
    /// The shift key's state: off, the next letter only, or caps lock.
    public private(set) var shiftState: ShiftState = .off
    /// The keyboard type the keys were made for.
    public private(set) var keyboardType: KeyboardType = .default
    /// The return key's type.
    public private(set) var returnKeyType: ReturnKeyType = .default
    /// The return key's label.
    public var returnTitle: String { returnKeyType.title }
    /// The key views, in layout order.
    public private(set) var keyViews: [KeyView] = []
    /// The sizes of keys, gaps and labels.
    public var metrics = KeypadMetrics.standard {
        didSet {
            guard metrics != oldValue else { return }
            // Another keyboard (iOS's, Android's) has other keys; the same one only other sizes.
            if metrics.style != oldValue.style {
                cancelPresses()
                layer = firstLayer
                rebuildKeys()
                updateAutoShift()
                return
            }
            // Gboard's number row comes or goes: the same layer with a row more or less.
            if metrics.hasNumberRow != oldValue.hasNumberRow {
                cancelPresses()
                rebuildKeys()
                return
            }
            for view in keyViews { view.metrics = metrics }
            layoutKeys()
            setNeedsDisplay()
        }
    }
    /// Whose keyboard the keys are (`metrics.style`).
    public var style: KeypadStyle { metrics.style }
    /// The word the suggestion strip offers (Android): the word being typed, or nil for none (a
    /// password, an empty field).
    ///
    /// The keyboard sets it from the focused input.
    var suggestedWord: (() -> String?)?
    /// How quickly two taps on shift must follow to lock capitals.
    public var capsLockInterval = 0.35
    /// How long a finger rests on a key before its alternates show.
    public var longPressDuration = 0.5
    /// How a held backspace repeats.
    public var backspaceRepeat = BackspaceRepeat()

    /// Called with every keystroke that edits: characters (shift applied), space, backspace, return.
    var onKey: ((KeypadKey) -> Void)?
    /// Called when a held backspace deletes a whole word.
    var onDeleteWord: (() -> Void)?
    /// Whether the text input wants a capital next (auto-capitalisation); asked after every
    /// change of layer and whenever the keyboard calls `updateAutoShift()`.
    var wantsCapital: (() -> Bool)?
    /// Where the preview bubble and the alternates are drawn.
    weak var previewWindow: KeyPreviewWindow?

    var presses: [KeyPress] = []
    var lastShiftTap = -1.0
    var typedWhileShiftHeld = false
    /// Whether a character was typed on the numbers plane since it came up: a space after one
    /// brings the letters back, as on iOS.
    var typedOnNumbers = false

    /// Creates the keypad view.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = Palette.keypadTray
        identifier = "keypad"
        rebuildKeys()
    }

    /// Shows the keys for a text input's keyboard type and return key, on the first layer (letters, or
    /// the number pad), with shift released.
    ///
    /// Returns whether the keys changed.
    @discardableResult
    public func configure(keyboardType: KeyboardType, returnKeyType: ReturnKeyType) -> Bool {
        cancelPresses()
        let layer: KeypadLayer = keyboardType == .numberPad ? (style == .ipad ? .numbers : .numberPad) : .letters
        let changed = keyboardType != self.keyboardType || returnKeyType != self.returnKeyType || layer != self.layer
        self.keyboardType = keyboardType
        self.returnKeyType = returnKeyType
        self.layer = layer
        shiftState = .off
        if changed { rebuildKeys() }
        updateAutoShift()
        return changed
    }

    /// The rows of keys for the layer, keyboard type, return key and style in force now.
    public var layout: KeypadLayout {
        KeypadLayout.make(
            layer: layer, keyboardType: keyboardType, returnKeyType: returnKeyType, style: style,
            numberRow: metrics.hasNumberRow)
    }

    /// The layer the keys start on for the keyboard type: letters, or the number pad (on iPad,
    /// which has none, the numbers).
    public var firstLayer: KeypadLayer {
        keyboardType == .numberPad ? (style == .ipad ? .numbers : .numberPad) : .letters
    }

    /// The first layer's keys (`key-q`…) at the keypad's current width, with their frames in the
    /// keypad: what the keypad would show on that layer now.
    ///
    /// The trace gives these while a password is on another layer, whose keys would tell which class of
    /// character comes next.
    public var firstLayerKeys: [(id: String, frame: Rect)] {
        KeypadLayout.make(
            layer: firstLayer, keyboardType: keyboardType, returnKeyType: returnKeyType, style: style,
            numberRow: metrics.hasNumberRow
        )
        .frames(width: bounds.width, metrics: metrics).map { ($0.0.id, $0.1) }
    }

    /// The key view with `identifier` (`key-a`…), if the current layer has it.
    public func keyView(_ identifier: String) -> KeyView? {
        keyViews.first { $0.identifier == identifier }
    }

    /// Makes key views for the layout.
    ///
    /// A key view under a finger when the layer changes leaves the keypad but still hands that finger's
    /// touches to it, so the finger can go on to the new layer's keys.
    private func rebuildKeys() {
        for view in keyViews { view.removeFromSuperview() }
        keyViews = layout.keys.map { key in
            let view = KeyView(key: key)
            view.keypad = self
            view.metrics = metrics
            addSubview(view)
            return view
        }
        applyShift()
        layoutKeys()
        setNeedsDisplay()
    }

    /// Places the keys for the current width.
    public override func layoutSubviews() { layoutKeys() }

    private func layoutKeys() {
        let frames = layout.frames(width: bounds.width, metrics: metrics)
        for (view, frame) in zip(keyViews, frames) { view.frame = frame.1 }
    }

    // MARK: Layers and shift

    /// Shows another layer.
    ///
    /// Shift releases (caps lock stays) and auto-capitalisation is asked again.
    func setLayer(_ target: KeypadLayer) {
        guard target != layer else { return }
        layer = target
        typedOnNumbers = false
        if shiftState == .once { shiftState = .off }
        rebuildKeys()
        updateAutoShift()
    }

    /// Turns shift on for the next letter when the text input asks for a capital, and off when it
    /// no longer does; caps lock and a held shift key are left alone.
    public func updateAutoShift() {
        if metrics.suggestionStripHeight > 0 { setNeedsDisplay(suggestionStripFrame) }
        guard shiftState != .locked, !isShiftHeld, let wantsCapital else { return }
        setShift(wantsCapital() ? .once : .off)
    }

    func setShift(_ state: ShiftState) {
        guard state != shiftState else { return }
        shiftState = state
        applyShift()
    }

    /// A tap on shift: off → once; once → off, or caps lock when it follows the previous tap
    /// within `capsLockInterval`; caps lock → off.
    func tapShift(at time: Double) {
        let quick = time - lastShiftTap <= capsLockInterval
        if shiftState == .locked {
            setShift(.off)
        } else if quick {
            setShift(.locked)
        } else {
            setShift(shiftState == .off ? .once : .off)
        }
        // A third quick tap starts over rather than locking again.
        lastShiftTap = quick ? -1 : time
    }

    private func applyShift() {
        for view in keyViews {
            view.showsCapitals = layer == .letters && shiftState != .off
            view.shiftState = shiftState
        }
    }

    /// Whether letters type as capitals now.
    var typesCapitals: Bool { layer == .letters && (shiftState != .off || isShiftHeld) }

    // MARK: Touches (the handling is in KeypadView+Touches.swift)

    /// A finger landed on a key or in a gap between keys.
    public override func touchesBegan(_ touches: [Touch], with event: Event) { beginTouches(touches) }
    /// Follows each finger across the keys; the key under it shows its preview.
    public override func touchesMoved(_ touches: [Touch], with event: Event) { moveTouches(touches) }
    /// Types the key under each lifted finger, as a keyboard types on lift, not on press.
    public override func touchesEnded(_ touches: [Touch], with event: Event) { endTouches(touches) }
    /// Fingers were taken away.
    public override func touchesCancelled(_ touches: [Touch], with event: Event) { cancelTouches(touches) }

    /// The suggestion strip above Android's keys, in the keypad's coordinates (empty on iOS).
    public var suggestionStripFrame: Rect {
        Rect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: metrics.suggestionStripHeight)
    }

    /// Draws a hairline along the top of the tray; on Android, the suggestion strip: three
    /// cells with the word being typed in the middle one, as LatinIME shows the typed word
    /// between two suggestions (Tapaway has no dictionary, so the sides stay empty).
    public override func draw(_ rect: Rect, in canvas: Canvas) {
        canvas.fill(Rect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: 1), color: Palette.keypadHairline)
        let strip = suggestionStripFrame
        guard strip.height > 0 else { return }
        let s = metrics.scale
        for i in 1...2 {
            let x = (strip.minX + strip.width * Double(i) / 3).rounded()
            canvas.fill(
                Rect(x: x, y: strip.minY + 10 * s, width: 1, height: strip.height - 20 * s), color: Palette.keypadHairline)
        }
        guard let word = suggestedWord?(), !word.isEmpty, let fonts = application?.fonts else { return }
        let font = fonts.font(size: 17 * s, weight: .regular)
        let cell = strip.width / 3
        let w = min(font.width(of: word), cell - 12 * s)
        let baseline = strip.minY + ((strip.height + font.ascent - font.descent) / 2).rounded()
        canvas.drawText(
            word, at: Point(x: (strip.minX + cell + (cell - w) / 2).rounded(), y: baseline), font: font,
            color: Palette.keypadKeyLabel)
    }
}

/// How a held backspace repeats, speeding up as on iOS: one deletion on touch-down, the first
/// repeat after half a second, then ten a second, twenty a second after a while, and whole words
/// once it has been held long enough.
public struct BackspaceRepeat: Sendable, Hashable {
    /// Seconds before the first repeat.
    public var delay = 0.5
    /// Seconds between character repeats.
    public var interval = 0.1
    /// Seconds held before each repeat deletes a whole word: about a second and a half, as a
    /// tester timed it on an iPhone (Apple documents no figure).
    public var wordsAfter = 1.5
    /// Seconds between word deletions.
    public var wordInterval = 0.2

    /// Creates the iOS-like schedule.
    public init() {}

    /// Whether a repeat `held` seconds after touch-down deletes a word, and the wait until the next.
    public func step(held: Double) -> (byWord: Bool, next: Double) {
        if held >= wordsAfter { return (true, wordInterval) }
        return (false, interval)
    }
}
