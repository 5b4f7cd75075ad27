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

    /// The title.
    public var title: String { didSet { if title != oldValue { setNeedsDisplay() } } }
    /// The drawing style.
    public var style: Style = .filled { didSet { setNeedsDisplay() } }
    /// The font size in pixels.
    public var fontSize: Double = 17
    /// Whether a back chevron is drawn before the title, left-aligned (navigation bars).
    public var showsBackChevron = false { didSet { setNeedsDisplay() } }

    /// Creates a button.
    public init(title: String, frame: Rect = .zero) {
        self.title = title
        super.init(frame: frame)
    }

    /// Draws the rounded fill and the centred title.
    open override func draw(_ rect: Rect, in canvas: Canvas) {
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

    /// A push button.
    open override var accessibilityRole: AccessibilityRole? { .pushButton }
    /// The title, unless a label was set.
    open override var accessibilityLabel: String? {
        get { super.accessibilityLabel ?? title }
        set { super.accessibilityLabel = newValue }
    }
    /// Disabled while not enabled.
    open override var accessibilityTraits: AccessibilityTraits { isEnabled ? [] : .disabled }
    /// `press`.
    open override var accessibilityActionName: String? { "press" }
    /// Sends the button's touch-up-inside actions, with no touch and no event, as UIKit's
    /// `accessibilityActivate()` of a `UIButton` does.
    open override func accessibilityActivate() -> Bool {
        guard isEnabled, window != nil else { return false }
        sendActions(for: .touchUpInside)
        return true
    }
}
