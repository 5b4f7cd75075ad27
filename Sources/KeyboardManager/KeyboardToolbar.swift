import TapawayKit

/// The bar above the keypad: Prev and Next arrows, the focused field's placeholder as a title,
/// and Done (`toolbar-prev`, `toolbar-next`, `toolbar-done`).
@MainActor
public final class KeyboardToolbar: View {
    /// Moves to the previous input.
    public let previousButton = Button(title: "")
    /// Moves to the next input.
    public let nextButton = Button(title: "")
    /// Resigns the focused input, which dismisses the keypad, as IQKeyboardManager's Done does.
    public let doneButton = Button(title: "Done")
    /// The focused field's placeholder.
    public let titleLabel = Label()
    /// The bar's height in points, 44, the height of iOS's input accessory toolbar.
    public static let height = 44.0

    /// Creates the toolbar with its previous, next and Done buttons and an empty title.
    public init() {
        super.init(frame: Rect(x: 0, y: 0, width: 320, height: Self.height))
        identifier = "toolbar"
        backgroundColor = Palette.barBackground
        for (button, id) in [(previousButton, "toolbar-prev"), (nextButton, "toolbar-next"), (doneButton, "toolbar-done")] {
            button.identifier = id
            button.style = .plain
            addSubview(button)
        }
        doneButton.fontSize = 17
        titleLabel.fontSize = 13
        titleLabel.textColor = Palette.secondaryLabel
        titleLabel.alignment = .center
        addSubview(titleLabel)
        previousButton.addSubview(ChevronView(up: true))
        nextButton.addSubview(ChevronView(up: false))
    }

    /// Arrows on the left, Done on the right, the title between.
    public override func layoutSubviews() {
        let h = bounds.height
        previousButton.frame = Rect(x: 6, y: 2, width: 40, height: h - 4)
        nextButton.frame = Rect(x: 48, y: 2, width: 40, height: h - 4)
        doneButton.frame = Rect(x: bounds.width - 76, y: 2, width: 70, height: h - 4)
        titleLabel.frame = Rect(x: 96, y: 0, width: max(0, bounds.width - 180), height: h)
        for button in [previousButton, nextButton] {
            button.subviews.first?.frame = button.bounds
        }
    }

    /// Draws the hairline on top.
    public override func draw(_ rect: Rect, in canvas: Canvas) {
        canvas.fill(Rect(x: 0, y: 0, width: bounds.width, height: 1), color: Palette.separator)
    }
}

/// An up or down chevron drawn in the accent colour (dimmed when its button is disabled).
@MainActor
final class ChevronView: View {
    let up: Bool

    init(up: Bool) {
        self.up = up
        super.init(frame: .zero)
        isUserInteractionEnabled = false
    }

    override func draw(_ rect: Rect, in canvas: Canvas) {
        let button = superview as? Button
        let enabled = button?.isEnabled ?? true
        let pressed = button?.isHighlighted ?? false
        let color = Palette.accent.withAlpha(enabled ? (pressed ? 0.4 : 1) : 0.3)
        let cx = bounds.midX, cy = bounds.midY, s = 7.0, t = 1.4
        let d: Double = up ? -1 : 1
        canvas.fillPolygon(
            [
                Point(x: cx - s - t, y: cy - d * s / 2 + d * t * 0), Point(x: cx - s + t, y: cy - d * s / 2 - d * t),
                Point(x: cx, y: cy + d * s / 2 - d * t * 1.6), Point(x: cx + s - t, y: cy - d * s / 2 - d * t),
                Point(x: cx + s + t, y: cy - d * s / 2), Point(x: cx, y: cy + d * s / 2 + d * t),
            ], color: color)
    }
}
