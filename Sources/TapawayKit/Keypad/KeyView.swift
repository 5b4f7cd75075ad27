import Glibc

/// One key on the keypad: it draws itself from its `KeypadKey`.
///
/// Its touches go to the keypad, which decides what they type (a finger may slide from key to key, as
/// on iOS).
@MainActor
public final class KeyView: View {
    /// The key this view draws and presses: its kind, label and alternates.
    public let key: KeypadKey
    /// Whether a finger is on the key (drawn highlighted, unless its preview bubble covers it).
    public internal(set) var isPressed = false { didSet { if isPressed != oldValue { setNeedsDisplay() } } }
    /// The shift state to draw (shift key only).
    var shiftState: ShiftState = .off { didSet { if shiftState != oldValue { setNeedsDisplay() } } }
    /// Whether letters show as capitals.
    var showsCapitals = false { didSet { if showsCapitals != oldValue { setNeedsDisplay() } } }
    /// The sizes to draw at.
    var metrics = KeypadMetrics.standard { didSet { if metrics != oldValue { setNeedsDisplay() } } }
    /// The keypad that handles the key's touches.
    weak var keypad: KeypadView?

    /// Creates a key view.
    public init(key: KeypadKey) {
        self.key = key
        super.init(frame: .zero)
        identifier = key.id
    }

    /// The label as drawn, with shift applied.
    public var displayedLabel: String {
        if case .character(let c) = key.kind, showsCapitals, c.count == 1 { return c.uppercased() }
        return key.label
    }

    /// Whether pressing the key shows the preview bubble: single characters on the letter,
    /// number and symbol layers.
    var showsPreview: Bool {
        guard case .character(let c) = key.kind, c.count == 1 else { return false }
        return key.subtitle == nil
    }

    // MARK: Touches go to the keypad

    /// Hands the touches to the keypad.
    public override func touchesBegan(_ touches: [Touch], with event: Event) { keypad?.beginTouches(touches) }
    /// Hands the touches to the keypad.
    public override func touchesMoved(_ touches: [Touch], with event: Event) { keypad?.moveTouches(touches) }
    /// Hands the touches to the keypad.
    public override func touchesEnded(_ touches: [Touch], with event: Event) { keypad?.endTouches(touches) }
    /// Hands the touches to the keypad.
    public override func touchesCancelled(_ touches: [Touch], with event: Event) { keypad?.cancelTouches(touches) }

    // MARK: Drawing

    /// The face colour: white letter keys and grey function keys, swapped while pressed; shift
    /// turns white while on; a prominent return key is the accent.
    var faceColor: Color {
        if key.isProminent { return isPressed ? Palette.keypadKey : Palette.accent }
        if key.isFunctionKey {
            let active = isPressed || (key.kind == .shift && shiftState != .off)
            return active ? Palette.keypadKey : Palette.keypadFunctionKey
        }
        return isPressed && !showsPreview ? Palette.keypadFunctionKey : Palette.keypadKey
    }

    /// Draws the key: shadow, rounded face, label or glyph.
    public override func draw(_ rect: Rect, in canvas: Canvas) {
        let body = bounds
        let s = metrics.scale
        let face = faceColor
        let numberPadBackspace = key.kind == .backspace && keypad?.layer == .numberPad && metrics.style == .ios
        // The number pad's backspace sits on the tray, as on iOS, until it is pressed.
        if !numberPadBackspace || isPressed {
            canvas.fillRoundedRect(body.offsetBy(dx: 0, dy: 1 * s), radius: metrics.cornerRadius, color: Palette.keypadKeyShadow)
            canvas.fillRoundedRect(body, radius: metrics.cornerRadius, color: face)
        }
        let ink = key.isProminent && !isPressed ? Palette.keypadProminentKeyLabel : Palette.keypadKeyLabel
        let glyphFace = numberPadBackspace && !isPressed ? Palette.keypadTray : face
        switch key.kind {
        case .shift:
            KeyGlyphs.drawShift(in: body, state: shiftState, scale: s, face: face, ink: ink, canvas: canvas)
        case .backspace:
            KeyGlyphs.drawBackspace(in: body, scale: s, face: glyphFace, ink: ink, canvas: canvas)
        case .emoji:
            KeyGlyphs.drawEmoji(in: body, scale: s, face: face, ink: ink, canvas: canvas)
        case .dismiss:
            KeyGlyphs.drawHideKeyboard(in: body, scale: s, face: face, ink: ink, canvas: canvas)
        case .returnKey where metrics.style == .android:
            KeyGlyphs.drawAction(actionNamed(key.label), in: body, scale: s, face: face, ink: ink, canvas: canvas)
        default:
            drawLabel(in: body, ink: ink, canvas: canvas)
        }
    }

    /// The sizes, in points at scale 1, a label too wide for its key shrinks to (the largest that fits;
    /// never below 8).
    ///
    /// All but 8 are sizes the app's own text uses (fields, sidebar, inspector), so a shrunk label
    /// mostly draws with a font that is open already.
    static let shrunkLabelSizes: [Double] = [17, 14, 12, 11, 8]

    private func drawLabel(in body: Rect, ink: Color, canvas: Canvas) {
        guard let fonts = application?.fonts else { return }
        let s = metrics.scale
        let label = displayedLabel
        if keypad?.layer == .numberPad && metrics.style == .ios {
            // A large digit over its letters. Digits with a letter line (even an empty one, as
            // on 1) share one baseline across the row; 0, without one, is centred.
            let digitFont = fonts.font(size: 26 * s, weight: .regular)
            let letterFont = fonts.font(size: 9.5 * s, weight: .semibold)
            let hasLetterLine = key.subtitle != nil
            let gap = 3 * s
            let blockHeight = digitFont.ascent + (hasLetterLine ? gap + letterFont.ascent : 0)
            let top = body.minY + ((body.height - blockHeight) / 2).rounded()
            let digitBaseline = (top + digitFont.ascent - (hasLetterLine ? 2 * s : 0)).rounded()
            let w = digitFont.width(of: label)
            canvas.drawText(
                label, at: Point(x: body.minX + ((body.width - w) / 2).rounded(), y: digitBaseline),
                font: digitFont, color: ink)
            if let letters = key.subtitle, !letters.isEmpty {
                KeyGlyphs.drawTracked(
                    letters, centredIn: body.midX, baseline: (digitBaseline + gap + letterFont.ascent).rounded(),
                    tracking: 2 * s, font: letterFont, color: ink, canvas: canvas)
            }
            return
        }
        let isLetter: Bool
        if case .character(let c) = key.kind, c.count == 1 { isLetter = true } else { isLetter = false }
        let lowercaseLetter = isLetter && !showsCapitals && label.first?.isLowercase == true
        var size = (isLetter ? (lowercaseLetter ? 24 : 22) : 16.0) * s
        var font = fonts.font(size: size, weight: .regular)
        var w = font.width(of: label)
        // A label wider than its key (a narrow keypad at a large scale) shrinks to fit, to the
        // largest of a few fixed sizes that fits: each size is a font the platform opens and
        // keeps, and sizes fitted exactly to every key width a resized window makes would
        // open new ones for as long as the program runs (issue 21's soak).
        let room = body.width - 6 * s
        if w > room && w > 0 {
            let fitted = size * room / w
            let steps = Self.shrunkLabelSizes.map { max(8, ($0 * s).rounded(.down)) }
            size = steps.first { $0 <= fitted } ?? steps[steps.count - 1]
            font = fonts.font(size: size, weight: .regular)
            w = font.width(of: label)
        }
        // Lower-case letters sit a little higher, as on iOS, so they look centred.
        let lift = lowercaseLetter ? 2 * s : 0
        let baseline = body.minY + ((body.height + font.ascent - font.descent) / 2).rounded() - lift.rounded()
        canvas.drawText(label, at: Point(x: body.minX + ((body.width - w) / 2).rounded(), y: baseline), font: font, color: ink)
    }

    /// The action an Android action key's label names (`return` is Enter, a new line).
    private func actionNamed(_ label: String) -> ReturnKeyType {
        ReturnKeyType.allCases.first { $0.title == label } ?? .default
    }

    // MARK: Accessibility

    /// A push button, as iOS's keyboard keys are to VoiceOver.
    public override var accessibilityRole: AccessibilityRole? { .pushButton }
    /// The key's label as drawn (`a`, `shift`, `space`…), unless a label was set; while the
    /// keypad types into a secure field, the unshifted label, so that names changing with
    /// shift never tell which of a password's characters were capitals.
    public override var accessibilityLabel: String? {
        get {
            let secure = application?.keyboard.servesSecureField == true
            return super.accessibilityLabel ?? key.accessibleName(showing: secure ? key.label : displayedLabel)
        }
        set { super.accessibilityLabel = newValue }
    }
    /// The one action a screen reader offers on a key, `press`.
    public override var accessibilityActionName: String? { "press" }
    /// Types the key (or turns shift, or changes layer), with no touch.
    public override func accessibilityActivate() -> Bool {
        keypad?.activate(self) ?? false
    }
}

/// Vector glyphs for the keys without text (shift's arrow, backspace's tag), and tracked text.
@MainActor
enum KeyGlyphs {
    static func drawShift(in rect: Rect, state: ShiftState, scale s: Double, face: Color, ink: Color, canvas: Canvas) {
        let cx = rect.midX, cy = rect.midY - (state == .locked ? 2 * s : 0)
        func arrow(_ k: Double) -> [Point] {
            [
                Point(x: cx, y: cy - 9 * k), Point(x: cx + 9 * k, y: cy + 1 * k), Point(x: cx + 4 * k, y: cy + 1 * k),
                Point(x: cx + 4 * k, y: cy + 8 * k), Point(x: cx - 4 * k, y: cy + 8 * k), Point(x: cx - 4 * k, y: cy + 1 * k),
                Point(x: cx - 9 * k, y: cy + 1 * k),
            ]
        }
        canvas.fillPolygon(arrow(s), color: ink)
        if state == .off {
            let inner = arrow(s).map { Point(x: cx + ($0.x - cx) * 0.78, y: cy + 0.5 * s + ($0.y - cy) * 0.78) }
            canvas.fillPolygon(inner, color: face)
        }
        if state == .locked {
            canvas.fill(Rect(x: cx - 4 * s, y: cy + 10 * s, width: 8 * s, height: 1.6 * s), color: ink)
        }
    }

    static func drawBackspace(in rect: Rect, scale s: Double, face: Color, ink: Color, canvas: Canvas) {
        let cx = rect.midX, cy = rect.midY
        func tag(_ inset: Double) -> [Point] {
            [
                Point(x: cx - 11 * s + inset * 1.4, y: cy), Point(x: cx - 5 * s + inset, y: cy - 7 * s + inset),
                Point(x: cx + 11 * s - inset, y: cy - 7 * s + inset), Point(x: cx + 11 * s - inset, y: cy + 7 * s - inset),
                Point(x: cx - 5 * s + inset, y: cy + 7 * s - inset),
            ]
        }
        canvas.fillPolygon(tag(0), color: ink)
        canvas.fillPolygon(tag(1.6 * s), color: face)
        let x0 = cx + 2.5 * s, a = 3.2 * s, t = 0.8 * s
        canvas.fillPolygon(
            [
                Point(x: x0 - a - t, y: cy - a + t), Point(x: x0 - a + t, y: cy - a - t),
                Point(x: x0 + a + t, y: cy + a - t), Point(x: x0 + a - t, y: cy + a + t),
            ], color: ink)
        canvas.fillPolygon(
            [
                Point(x: x0 + a - t, y: cy - a - t), Point(x: x0 + a + t, y: cy - a + t),
                Point(x: x0 - a + t, y: cy + a + t), Point(x: x0 - a - t, y: cy + a - t),
            ], color: ink)
    }

    /// Android's emoji key: a smiling face, outlined.
    static func drawEmoji(in rect: Rect, scale s: Double, face: Color, ink: Color, canvas: Canvas) {
        let r = 9 * s, c = Point(x: rect.midX, y: rect.midY)
        canvas.fillEllipse(in: Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r), color: ink)
        let inner = r - 1.6 * s
        canvas.fillEllipse(in: Rect(x: c.x - inner, y: c.y - inner, width: 2 * inner, height: 2 * inner), color: face)
        for dx in [-3.2 * s, 3.2 * s] {
            canvas.fillEllipse(in: Rect(x: c.x + dx - 1.2 * s, y: c.y - 3.5 * s, width: 2.4 * s, height: 2.4 * s), color: ink)
        }
        // The smile: the lower half of a ring.
        var outer: [Point] = [], innerArc: [Point] = []
        for step in 0...8 {
            let a = Double(step) / 8 * .pi
            outer.append(Point(x: c.x + 4.6 * s * cos(a), y: c.y + 1 * s + 4.6 * s * sin(a)))
            innerArc.append(Point(x: c.x + 3.2 * s * cos(a), y: c.y + 1 * s + 3.2 * s * sin(a)))
        }
        canvas.fillPolygon(outer + innerArc.reversed(), color: ink)
    }

    /// iPad's hide-keyboard key: a small keyboard over a down chevron.
    static func drawHideKeyboard(in rect: Rect, scale s: Double, face: Color, ink: Color, canvas: Canvas) {
        let c = Point(x: rect.midX, y: rect.midY - 4 * s)
        let body = Rect(x: c.x - 11 * s, y: c.y - 7 * s, width: 22 * s, height: 14 * s)
        canvas.fillRoundedRect(body, radius: 2 * s, color: ink)
        canvas.fillRoundedRect(body.insetBy(dx: 1.4 * s, dy: 1.4 * s), radius: 1 * s, color: face)
        for row in 0..<2 {
            for column in 0..<5 {
                canvas.fill(
                    Rect(
                        x: body.minX + (3 + Double(column) * 3.4) * s, y: body.minY + (3.4 + Double(row) * 3) * s, width: 2 * s,
                        height: 1.6 * s),
                    color: ink)
            }
        }
        canvas.fill(Rect(x: body.minX + 6 * s, y: body.minY + 9.6 * s, width: 10 * s, height: 1.6 * s), color: ink)
        let y = body.maxY + 3 * s, t = 1.1 * s
        canvas.fillPolygon(
            [
                Point(x: c.x - 4 * s - t, y: y + t), Point(x: c.x - 4 * s + t, y: y - t), Point(x: c.x, y: y + 4 * s - 2 * t),
                Point(x: c.x + 4 * s - t, y: y - t), Point(x: c.x + 4 * s + t, y: y + t), Point(x: c.x, y: y + 4 * s + t),
            ], color: ink)
    }

    /// Gboard's action key icons for an `imeOptions` action: an arrow for Next and Go, a tick
    /// for Done, a magnifier for Search, a paper plane for Send, and Enter's bent arrow for the
    /// default (a new line).
    static func drawAction(_ action: ReturnKeyType, in rect: Rect, scale s: Double, face: Color, ink: Color, canvas: Canvas) {
        let cx = rect.midX, cy = rect.midY
        func p(_ x: Double, _ y: Double) -> Point { Point(x: cx + x * s, y: cy + y * s) }
        switch action {
        case .next, .go:
            canvas.fill(Rect(x: cx - 8 * s, y: cy - 1 * s, width: 12 * s, height: 2 * s), color: ink)
            canvas.fillPolygon([p(2, -6), p(8, 0), p(2, 6), p(0.6, 4.6), p(5.2, 0), p(0.6, -4.6)], color: ink)
        case .done:
            canvas.fillPolygon([p(-8, 0), p(-6.6, -1.4), p(-3, 2.2), p(6.6, -7.4), p(8, -6), p(-3, 5)], color: ink)
        case .search:
            let r = 5.5 * s
            canvas.fillEllipse(in: Rect(x: cx - 2 * s - r, y: cy - 2 * s - r, width: 2 * r, height: 2 * r), color: ink)
            let i = r - 1.8 * s
            canvas.fillEllipse(in: Rect(x: cx - 2 * s - i, y: cy - 2 * s - i, width: 2 * i, height: 2 * i), color: face)
            canvas.fillPolygon([p(1.6, 3), p(3, 1.6), p(8, 6.6), p(6.6, 8)], color: ink)
        case .send:
            canvas.fillPolygon([p(-8, -7), p(8, 0), p(-8, 7), p(-6, 0)], color: ink)
            canvas.fillPolygon([p(-5, -1), p(2, 0), p(-5, 1)], color: face)
        case .default:
            // Enter: down from the top right, then left to an arrowhead.
            canvas.fill(Rect(x: cx + 5 * s, y: cy - 7 * s, width: 2 * s, height: 9 * s), color: ink)
            canvas.fill(Rect(x: cx - 4 * s, y: cy, width: 11 * s, height: 2 * s), color: ink)
            canvas.fillPolygon([p(-8, 1), p(-3, -4), p(-3, 6)], color: ink)
        }
    }

    /// Draws `text` letter by letter with `tracking` pixels between letters, centred on `x`.
    static func drawTracked(
        _ text: String, centredIn x: Double, baseline: Double, tracking: Double,
        font: Font, color: Color, canvas: Canvas
    ) {
        let widths = text.map { font.width(of: String($0)) }
        let total = widths.reduce(0, +) + tracking * Double(max(0, text.count - 1))
        var pen = (x - total / 2).rounded()
        for (c, w) in zip(text, widths) {
            canvas.drawText(String(c), at: Point(x: pen, y: baseline), font: font, color: color)
            pen += w + tracking
        }
    }
}

extension Palette {
    /// The label of a prominent (accent-coloured) return key and of the chosen alternate: white in both
    /// appearances, as on iOS.
    ///
    /// The theme has no colour for text on the accent yet, so this borrows the switch knob's, which is
    /// that white in both.
    static var keypadProminentKeyLabel: Color { switchKnob }
}
