/// The bar a focused input shows at the bottom while a hardware keyboard is connected (or the
/// software keyboard is toggled off), as iOS draws it: on iPad the shortcuts bar, with undo, redo
/// and paste before the typing suggestions; on iPhone, which has no shortcuts bar, the typing
/// suggestions alone.
///
/// Apple documents both: "On iPad, the shortcuts bar above the keyboard contains typing
/// suggestions and other controls for managing text, such as cut, copy, and paste commands
/// [...] The shortcuts bar isn't available on iPhone or iPod Touch" (`UIResponder.inputAssistantItem`),
/// and "The center of the shortcuts bar displays typing suggestions for the user"
/// (`UITextInputAssistantItem`). Tapaway has no dictionary: the suggestions show the word being
/// typed, in quotes, as the first suggestion does, and none in a secure field. Undo, redo and
/// paste act on the focused input, as its own undo, redo and paste do.
@MainActor
public final class ShortcutBar: View {
    /// What the bar holds.
    public enum Layout: Sendable {
        /// iPhone's: the typing suggestions across the bar.
        case suggestions
        /// iPad's shortcuts bar: undo, redo and paste leading the suggestions.
        case shortcuts
    }

    /// What the bar holds (the keyboard sets it from the device's keyboard).
    public var layout = Layout.suggestions {
        didSet {
            guard layout != oldValue else { return }
            for button in buttons { button.isHidden = layout != .shortcuts }
            setNeedsLayout()
            setNeedsDisplay()
        }
    }
    /// Undo (`shortcut-undo`): takes back the focused input's last edit.
    public let undoButton = ShortcutButton(.undo)
    /// Redo (`shortcut-redo`): does the last undone edit again.
    public let redoButton = ShortcutButton(.redo)
    /// Paste (`shortcut-paste`): pastes the clipboard's text into the focused input.
    public let pasteButton = ShortcutButton(.paste)
    /// The word shown as the first suggestion, in quotes (nil: none).
    public var suggestion: String? {
        didSet { if suggestion != oldValue { setNeedsDisplay() } }
    }

    private var buttons: [ShortcutButton] { [undoButton, redoButton, pasteButton] }

    /// The width of each shortcut button, in points (Tapaway's choice: inferred, not measured).
    public static let buttonWidth = 44.0

    /// Creates an empty bar of `frame`, iPhone's (suggestions only).
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        identifier = "keyboard-shortcut-bar"
        backgroundColor = Palette.keypadTray
        for button in buttons {
            button.isHidden = true
            addSubview(button)
        }
    }

    /// Where the suggestions go: the whole bar on iPhone; between the leading buttons and as much
    /// room again at the trailing end on iPad, so that they stay centred.
    public var suggestionsFrame: Rect {
        guard layout == .shortcuts else { return bounds.insetBy(dx: 8, dy: 0) }
        let side = 8 + 3 * Self.buttonWidth + 8
        return Rect(x: side, y: 0, width: max(0, bounds.width - 2 * side), height: bounds.height)
    }

    /// Puts the buttons at the leading end, side by side.
    public override func layoutSubviews() {
        for (index, button) in buttons.enumerated() {
            button.frame = Rect(x: 8 + Double(index) * Self.buttonWidth, y: 0, width: Self.buttonWidth, height: bounds.height)
        }
    }

    /// Draws the suggestions' three slots with a hairline between them, the first holding the
    /// word being typed in quotes.
    public override func draw(_ rect: Rect, in canvas: Canvas) {
        let area = suggestionsFrame
        let slot = area.width / 3
        for index in 1..<3 {
            let x = (area.minX + slot * Double(index)).rounded()
            canvas.fill(Rect(x: x, y: bounds.midY - 10, width: 1, height: 20), color: Palette.keypadHairline)
        }
        guard let suggestion, let font = application?.fonts.font(size: 16, weight: .regular) else { return }
        let text = "\u{201C}" + suggestion + "\u{201D}"
        let width = min(font.width(of: text), slot - 8)
        let origin = Point(
            x: (area.minX + (slot - width) / 2).rounded(), y: ((bounds.height + font.ascent - font.descent) / 2).rounded())
        canvas.save()
        canvas.clip(to: Rect(x: area.minX + 4, y: 0, width: slot - 8, height: bounds.height))
        canvas.drawText(text, at: origin, font: font, color: Palette.keypadKeyLabel)
        canvas.restore()
    }

    /// A tool bar to screen readers, as a bar of buttons.
    public override var accessibilityRole: AccessibilityRole? { .toolBar }
}

/// One of the shortcuts bar's buttons, drawn as its symbol (`arrow.uturn.backward`,
/// `arrow.uturn.forward`, `doc.on.clipboard`) in the keys' label colour, dimmed while it cannot act.
@MainActor
public final class ShortcutButton: Button {
    /// Which shortcut it is.
    public enum Kind: String, Sendable {
        /// Undo.
        case undo
        /// Redo.
        case redo
        /// Paste.
        case paste
    }

    /// Which shortcut it is.
    public let kind: Kind

    /// A button for `kind`, identified `shortcut-` and its name, spoken as "Undo", "Redo", "Paste".
    public init(_ kind: Kind) {
        self.kind = kind
        super.init(title: "")
        style = .plain
        identifier = "shortcut-\(kind.rawValue)"
        accessibilityLabel = kind.rawValue.prefix(1).uppercased() + kind.rawValue.dropFirst()
    }

    /// Draws the symbol, centred.
    public override func draw(_ rect: Rect, in canvas: Canvas) {
        let ink = Palette.keypadKeyLabel.withAlpha(isEnabled ? (isHighlighted ? 0.4 : 1) : 0.3)
        let c = Point(x: bounds.midX.rounded(), y: bounds.midY.rounded())
        switch kind {
        case .undo, .redo:
            // A U-turn: a bar along the top, a half loop at the far end, a shorter bar back along
            // the bottom, and the arrowhead at the top bar's start.
            let flip = kind == .undo ? 1.0 : -1.0
            func x(_ dx: Double) -> Double { c.x + flip * dx }
            canvas.fill(Rect(x: min(x(-5), x(4)), y: c.y - 5, width: 9, height: 2), color: ink)
            canvas.fill(Rect(x: min(x(-1), x(4)), y: c.y + 3, width: 5, height: 2), color: ink)
            canvas.fill(Rect(x: min(x(4), x(7)), y: c.y - 4, width: 2, height: 8), color: ink)
            canvas.fillPolygon(
                [Point(x: x(-9), y: c.y - 4), Point(x: x(-4), y: c.y - 9), Point(x: x(-4), y: c.y + 1)], color: ink)
        case .paste:
            // A clipboard: a board outlined, its clip at the top.
            canvas.strokeRoundedRect(
                Rect(x: c.x - 7, y: c.y - 8, width: 14, height: 17), radius: 2, lineWidth: 1.5, color: ink)
            canvas.fillRoundedRect(Rect(x: c.x - 4, y: c.y - 10, width: 8, height: 4), radius: 1.5, color: ink)
        }
    }
}
