/// Text that is shown, not edited, as `UILabel`.
///
/// Labels take no touches by default, so a tap on one lands in the view behind it.
@MainActor
open class Label: View {
    /// How a label's lines sit horizontally.
    public enum Alignment: Sendable {
        /// Lines start at the left edge.
        case left
        /// Lines are centred between the edges.
        case center
        /// Lines end at the right edge.
        case right
    }

    /// The text drawn, on one line; a change repaints the label.
    public var text: String { didSet { if text != oldValue { setNeedsDisplay() } } }
    /// The colour the text is drawn in, the theme's primary text by default.
    public var textColor: Color = Palette.label { didSet { setNeedsDisplay() } }
    /// The font size in pixels.
    public var fontSize: Double = 15 { didSet { setNeedsDisplay() } }
    /// The weight of the label's font, regular unless a heading asks for more.
    public var fontWeight: FontWeight = .regular { didSet { setNeedsDisplay() } }
    /// Where each line sits between the label's left and right edges.
    public var alignment: Alignment = .left { didSet { setNeedsDisplay() } }

    /// Creates a label showing `text` in the theme's primary colour, flush left.
    public init(text: String = "", frame: Rect = .zero) {
        self.text = text
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// Draws the text, vertically centred, wrapped at word boundaries to the width.
    open override func draw(_ rect: Rect, in canvas: Canvas) {
        guard let font = application?.fonts.font(size: fontSize, weight: fontWeight) else { return }
        let lines = TextLayout.wrap(text, width: bounds.width, font: font)
        let lineHeight = (font.lineHeight * 1.2).rounded()
        var y = bounds.minY + ((bounds.height - lineHeight * Double(lines.count)) / 2).rounded()
        for line in lines {
            let slice = text[line]
            let w = font.width(of: slice)
            let x: Double
            switch alignment {
            case .left: x = bounds.minX
            case .center: x = bounds.minX + ((bounds.width - w) / 2).rounded()
            case .right: x = bounds.maxX - w
            }
            canvas.drawText(
                slice, at: Point(x: x, y: y + ((lineHeight + font.ascent - font.descent) / 2).rounded()),
                font: font, color: textColor.withAlpha(textColor.alpha * alpha))
            y += lineHeight
        }
    }

    /// A label: its text is what a screen reader reads.
    open override var accessibilityRole: AccessibilityRole? { .label }
    /// The text, unless a label was set.
    open override var accessibilityLabel: String? {
        get { super.accessibilityLabel ?? text }
        set { super.accessibilityLabel = newValue }
    }
}
