/// The keypad's tray and keys. It lays its keys out from a `KeypadLayout` and keeps the shift and
/// layer state; taps go to `onKey`.
@MainActor
public final class KeypadView: View {
    /// The layer shown.
    public private(set) var layer: KeypadLayer = .letters
    /// The shift state.
    public private(set) var shiftState: ShiftState = .off
    /// The keyboard type the keys were made for.
    public private(set) var keyboardType: KeyboardType = .default
    /// The return key's label.
    public private(set) var returnTitle = ReturnKeyType.default.title
    /// The key views, in layout order.
    public private(set) var keyViews: [KeyView] = []
    /// Called with every key tapped that types or edits (characters, space, backspace, return).
    var onKey: ((KeypadKey) -> Void)?
    private var lastShiftTap = -1.0
    /// How quickly two taps on shift must follow to lock capitals.
    public var capsLockInterval = 0.35

    /// Creates the keypad view.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = Palette.keypadTray
        identifier = "keypad"
        rebuild()
    }

    /// Shows the keys for a text input's keyboard type and return key.
    public func configure(keyboardType: KeyboardType, returnKeyType: ReturnKeyType) {
        let layer: KeypadLayer = keyboardType == .numberPad ? .numberPad : .letters
        guard keyboardType != self.keyboardType || returnKeyType.title != returnTitle || layer != self.layer else { return }
        self.keyboardType = keyboardType
        self.returnTitle = returnKeyType.title
        self.layer = layer
        shiftState = .off
        rebuild()
    }

    /// The current layout.
    public var layout: KeypadLayout {
        KeypadLayout.make(layer: layer, keyboardType: keyboardType, returnTitle: returnTitle)
    }

    private func rebuild() {
        for view in keyViews { view.removeFromSuperview() }
        keyViews = layout.rows.flatMap { $0 }.map { key in
            let view = KeyView(key: key)
            view.onTap = { [weak self] key in self?.tapped(key) }
            addSubview(view)
            return view
        }
        applyShift()
        setNeedsLayout()
        setNeedsDisplay()
    }

    /// Places the keys for the current width.
    public override func layoutSubviews() {
        let frames = layout.frames(width: bounds.width)
        for (view, frame) in zip(keyViews, frames) { view.frame = frame.1 }
    }

    private func applyShift() {
        for view in keyViews {
            view.showsCapitals = layer == .letters && shiftState != .off
            view.shiftState = shiftState
        }
    }

    /// Handles a tap: layer and shift keys change the keypad; the rest go to `onKey`.
    func tapped(_ key: KeypadKey) {
        switch key.kind {
        case .layer(let target):
            layer = target
            shiftState = .off
            rebuild()
        case .shift:
            let now = application?.clock.now ?? 0
            if shiftState == .locked { shiftState = .off }
            else if shiftState == .once && now - lastShiftTap <= capsLockInterval { shiftState = .locked }
            else { shiftState = shiftState == .off ? .once : .off }
            lastShiftTap = now
            applyShift()
        case .character(let c):
            let typed = layer == .letters && shiftState != .off ? c.uppercased() : c
            onKey?(KeypadKey(id: key.id, kind: .character(typed), label: key.label, units: key.units))
            if shiftState == .once { shiftState = .off; applyShift() }
        case .space, .backspace, .returnKey:
            onKey?(key)
        }
    }

    /// Draws a hairline along the top of the tray.
    public override func draw(_ rect: Rect, in canvas: Canvas) {
        canvas.fill(Rect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: 1), color: Color(hex: 0xBCBFC6))
    }
}
