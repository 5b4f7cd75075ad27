/// A push button with a title, as `UIButton` with the filled style.
@MainActor
open class Button: Control {
    /// How the button is drawn.
    public enum Style: Sendable {
        /// Accent fill, white title.
        case filled
        /// Accent title on a tinted fill.
        case tinted
        /// Accent title, no fill.
        case plain
    }

    /// The text on the button; a change repaints.
    public var title: String { didSet { if title != oldValue { setNeedsDisplay() } } }
    /// How the button is drawn: filled with the accent, tinted, or a plain title.
    public var style: Style = .filled { didSet { setNeedsDisplay() } }
    /// The font size in pixels.
    public var fontSize: Double = 17
    /// Whether a back chevron is drawn before the title, left-aligned (navigation bars).
    public var showsBackChevron = false { didSet { setNeedsDisplay() } }
    /// Whether the button is Material's up arrow (`arrow_back`, a 24-point icon in the label
    /// colour, centred, with a round state layer while pressed) instead of a title (top app
    /// bars on Android).
    public var showsUpArrow = false { didSet { setNeedsDisplay() } }

    /// Creates a button titled `title` in the filled style, UIKit's filled configuration.
    public init(title: String, frame: Rect = .zero) {
        self.title = title
        super.init(frame: frame)
    }

    /// Draws the rounded fill and the centred title.
    open override func draw(_ rect: Rect, in canvas: Canvas) {
        if showsUpArrow { return drawUpArrow(canvas) }
        let dim = isEnabled ? 1.0 : 0.4
        let radius = min(12, bounds.height / 2)
        let titleColor: Color
        switch style {
        case .filled:
            let fill = isHighlighted ? Palette.accentPressed : Palette.accent
            canvas.fillRoundedRect(bounds, radius: radius, color: fill.withAlpha(dim * alpha))
            titleColor = .white
        case .tinted:
            canvas.fillRoundedRect(
                bounds, radius: radius,
                color: Palette.accent.withAlpha((isHighlighted ? 0.25 : 0.14) * dim * alpha))
            titleColor = Palette.accent
        case .plain:
            titleColor = isHighlighted ? Palette.accent.withAlpha(0.4) : Palette.accent
        }
        guard let font = application?.fonts.font(size: fontSize, weight: showsBackChevron ? .regular : .semibold) else { return }
        let w = font.width(of: title)
        var x = bounds.minX + ((bounds.width - w) / 2).rounded()
        let y = bounds.minY + ((bounds.height + font.ascent - font.descent) / 2).rounded()
        if showsBackChevron {
            let ink = titleColor.withAlpha(titleColor.alpha * dim * alpha)
            let cx = bounds.minX + 10, cy = bounds.midY, s = 7.0, t = 1.3
            canvas.fillPolygon(
                [
                    Point(x: cx + s - t, y: cy - s - t), Point(x: cx + s + t, y: cy - s + t),
                    Point(x: cx + 2 * t, y: cy), Point(x: cx + s + t, y: cy + s - t),
                    Point(x: cx + s - t, y: cy + s + t), Point(x: cx - t, y: cy),
                ], color: ink)
            x = bounds.minX + 24
        }
        canvas.drawText(title, at: Point(x: x, y: y), font: font, color: titleColor.withAlpha(titleColor.alpha * dim * alpha))
    }

    /// Material's `arrow_back`: a 16-point shaft and a head whose arms are 8 points long,
    /// 2 points thick, in a 24-point box at the button's centre.
    private func drawUpArrow(_ canvas: Canvas) {
        let ink = Palette.label.withAlpha(isEnabled ? 1 : 0.38)
        let c = Point(x: bounds.midX.rounded(), y: bounds.midY.rounded())
        if isHighlighted {
            canvas.fillEllipse(in: Rect(x: c.x - 20, y: c.y - 20, width: 40, height: 40), color: Palette.label.withAlpha(0.1))
        }
        canvas.fill(Rect(x: c.x - 7, y: c.y - 1, width: 15, height: 2), color: ink)
        let t = 1.0
        canvas.fillPolygon(
            [
                Point(x: c.x - 8, y: c.y), Point(x: c.x - 1 - t, y: c.y - 7 - t), Point(x: c.x - 1 + t, y: c.y - 7 + t),
                Point(x: c.x - 8 + 2 * t * 1.4, y: c.y), Point(x: c.x - 1 + t, y: c.y + 7 - t),
                Point(x: c.x - 1 - t, y: c.y + 7 + t),
            ], color: ink)
    }

    /// A push button to AT-SPI: it acts once when pressed.
    open override var accessibilityRole: AccessibilityRole? { .pushButton }
    /// The title, unless a label was set.
    open override var accessibilityLabel: String? {
        get { super.accessibilityLabel ?? title }
        set { super.accessibilityLabel = newValue }
    }
    /// Disabled while not enabled.
    open override var accessibilityTraits: AccessibilityTraits { isEnabled ? [] : .disabled }
    /// The one action a screen reader offers on a button, `press`.
    open override var accessibilityActionName: String? { "press" }
    /// Sends the button's touch-up-inside actions, with no touch and no event, as UIKit's
    /// `accessibilityActivate()` of a `UIButton` does.
    open override func accessibilityActivate() -> Bool {
        guard isEnabled, window != nil else { return false }
        sendActions(for: .touchUpInside)
        return true
    }
}
