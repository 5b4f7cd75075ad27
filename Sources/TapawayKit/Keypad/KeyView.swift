/// One key on the keypad: draws itself from its `KeypadKey` and reports a tap to the keypad.
@MainActor
public final class KeyView: View {
    /// The key's data.
    public private(set) var key: KeypadKey
    /// Whether a finger is down on the key.
    public private(set) var isPressed = false { didSet { if isPressed != oldValue { setNeedsDisplay() } } }
    /// The shift state to draw (shift key only).
    var shiftState: ShiftState = .off { didSet { if shiftState != oldValue { setNeedsDisplay() } } }
    /// Whether letters show as capitals.
    var showsCapitals = false { didSet { if showsCapitals != oldValue { setNeedsDisplay() } } }
    /// Called when a tap on the key completes.
    var onTap: ((KeypadKey) -> Void)?
    private var trackedTouch: Touch?

    /// Creates a key view.
    public init(key: KeypadKey) {
        self.key = key
        super.init(frame: .zero)
        identifier = key.id
        clipsToBounds = false
    }

    /// Replaces the key's data (a new return label, say).
    func update(_ key: KeypadKey) {
        guard key != self.key else { return }
        self.key = key
        identifier = key.id
        setNeedsDisplay()
    }

    /// The label as drawn, with shift applied.
    public var displayedLabel: String {
        if case .character(let c) = key.kind, showsCapitals { return c.uppercased() }
        return key.label
    }

    // MARK: Touches: keys act on touch-up inside, as on iOS.

    /// Presses the key.
    public override func touchesBegan(_ touches: [Touch], with event: Event) {
        guard trackedTouch == nil, let touch = touches.first else { return }
        trackedTouch = touch
        isPressed = true
    }

    /// The key stays pressed while the finger is over it.
    public override func touchesMoved(_ touches: [Touch], with event: Event) {
        guard let touch = trackedTouch, touches.contains(where: { $0 === touch }) else { return }
        isPressed = bounds.insetBy(dx: -3, dy: -5).contains(touch.location(in: self))
    }

    /// Releasing over the key types it.
    public override func touchesEnded(_ touches: [Touch], with event: Event) {
        guard let touch = trackedTouch, touches.contains(where: { $0 === touch }) else { return }
        trackedTouch = nil
        let inside = bounds.insetBy(dx: -3, dy: -5).contains(touch.location(in: self))
        isPressed = false
        if inside { onTap?(key) }
    }

    /// A cancelled touch types nothing.
    public override func touchesCancelled(_ touches: [Touch], with event: Event) {
        trackedTouch = nil
        isPressed = false
    }

    // MARK: Drawing

    /// Draws the key: shadow, rounded face, label or glyph.
    public override func draw(_ rect: Rect, in canvas: Canvas) {
        let face: Color
        if key.isFunctionKey {
            let active = isPressed || (key.kind == .shift && shiftState != .off)
            face = active ? Palette.keypadKey : Palette.keypadFunctionKey
        } else {
            face = isPressed ? Palette.keypadFunctionKey : Palette.keypadKey
        }
        let body = bounds
        canvas.fillRoundedRect(body.offsetBy(dx: 0, dy: 1), radius: 5, color: Palette.keypadKeyShadow)
        canvas.fillRoundedRect(body, radius: 5, color: face)
        let ink = Palette.keypadKeyLabel
        switch key.kind {
        case .shift:
            KeyGlyphs.drawShift(in: body, state: shiftState, face: face, ink: ink, canvas: canvas)
        case .backspace:
            KeyGlyphs.drawBackspace(in: body, face: face, ink: ink, canvas: canvas)
        default:
            guard let fonts = application?.fonts else { return }
            let isLetter: Bool
            if case .character = key.kind { isLetter = true } else { isLetter = false }
            let size = isLetter ? (key.label.count == 1 && key.label.first!.isLetter && !showsCapitals ? 24 : 22) : 16.0
            let font = fonts.font(size: size, weight: .regular)
            let label = displayedLabel
            let w = font.width(of: label)
            // Lower-case letters sit a little higher, as on iOS, so they look centred.
            let lift = isLetter && !showsCapitals && key.label.first?.isLowercase == true ? 2.0 : 0
            let baseline = body.minY + ((body.height + font.ascent - font.descent) / 2).rounded() - lift
            canvas.drawText(label, at: Point(x: body.minX + ((body.width - w) / 2).rounded(), y: baseline), font: font, color: ink)
        }
    }
}

/// The shift key's three states.
public enum ShiftState: String, Sendable {
    /// Lower case.
    case off
    /// The next letter is a capital, then shift releases.
    case once
    /// Caps lock: capitals until shift is tapped again.
    case locked
}

/// Vector glyphs for the keys without text: shift's arrow and backspace's tag.
@MainActor
enum KeyGlyphs {
    static func drawShift(in rect: Rect, state: ShiftState, face: Color, ink: Color, canvas: Canvas) {
        let cx = rect.midX, cy = rect.midY - (state == .locked ? 2 : 0)
        func arrow(_ s: Double) -> [Point] {
            [Point(x: cx, y: cy - 9 * s), Point(x: cx + 9 * s, y: cy + 1 * s), Point(x: cx + 4 * s, y: cy + 1 * s),
             Point(x: cx + 4 * s, y: cy + 8 * s), Point(x: cx - 4 * s, y: cy + 8 * s), Point(x: cx - 4 * s, y: cy + 1 * s),
             Point(x: cx - 9 * s, y: cy + 1 * s)]
        }
        canvas.fillPolygon(arrow(1), color: ink)
        if state == .off {
            let inner = arrow(1).map { Point(x: cx + ($0.x - cx) * 0.78, y: cy + 0.5 + ($0.y - cy) * 0.78) }
            canvas.fillPolygon(inner, color: face)
        }
        if state == .locked {
            canvas.fill(Rect(x: cx - 4, y: cy + 10, width: 8, height: 1.6), color: ink)
        }
    }

    static func drawBackspace(in rect: Rect, face: Color, ink: Color, canvas: Canvas) {
        let cx = rect.midX, cy = rect.midY
        func tag(_ inset: Double) -> [Point] {
            [Point(x: cx - 11 + inset * 1.4, y: cy), Point(x: cx - 5 + inset, y: cy - 7 + inset),
             Point(x: cx + 11 - inset, y: cy - 7 + inset), Point(x: cx + 11 - inset, y: cy + 7 - inset),
             Point(x: cx - 5 + inset, y: cy + 7 - inset)]
        }
        canvas.fillPolygon(tag(0), color: ink)
        canvas.fillPolygon(tag(1.6), color: face)
        let x0 = cx + 2.5, s = 3.2, t = 0.8
        canvas.fillPolygon([Point(x: x0 - s - t, y: cy - s + t), Point(x: x0 - s + t, y: cy - s - t),
                            Point(x: x0 + s + t, y: cy + s - t), Point(x: x0 + s - t, y: cy + s + t)], color: ink)
        canvas.fillPolygon([Point(x: x0 + s - t, y: cy - s - t), Point(x: x0 + s + t, y: cy - s + t),
                            Point(x: x0 - s + t, y: cy + s + t), Point(x: x0 - s - t, y: cy + s - t)], color: ink)
    }
}
