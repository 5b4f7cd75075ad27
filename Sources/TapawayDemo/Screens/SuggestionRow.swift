import TapawayKit

/// A table-view-cell-like row: a plain view, not a control, that highlights while touched and
/// selects on touch-up inside, as a `UITableViewCell` does. A cancelled touch selects nothing.
@MainActor
package final class SuggestionRow: View {
    /// The text.
    package let title: String
    /// Whether the row shows its checkmark.
    package var isSelected = false { didSet { if isSelected != oldValue { setNeedsDisplay() } } }
    /// Whether a finger is down on the row.
    package private(set) var isHighlighted = false { didSet { if isHighlighted != oldValue { setNeedsDisplay() } } }
    /// Whether the row draws a separator under itself.
    package var showsSeparator = true
    /// Whether the row has rounded top or bottom corners (first and last rows of a group).
    package var roundedCorners: (top: Bool, bottom: Bool) = (false, false)
    /// Called when a tap selects the row.
    package var onSelect: ((SuggestionRow) -> Void)?
    /// Whether the row shows a disclosure chevron instead of a checkmark (rows that push a screen).
    package var showsDisclosure = false
    private var tracked: Touch?

    /// Creates a row.
    package init(title: String, identifier: String) {
        self.title = title
        super.init(frame: .zero)
        self.identifier = identifier
    }

    /// A list item (the form's suggestions are a table's rows).
    package override var accessibilityRole: AccessibilityRole? { .listItem }
    /// The title, unless a label was set.
    package override var accessibilityLabel: String? {
        get { super.accessibilityLabel ?? title }
        set { super.accessibilityLabel = newValue }
    }
    /// Selectable; selected while it shows its checkmark.
    package override var accessibilityTraits: AccessibilityTraits { isSelected ? [.selectable, .selected] : .selectable }
    /// `select`.
    package override var accessibilityActionName: String? { "select" }
    /// Selects the row, as `UITableView` does for VoiceOver's activation of a cell: the
    /// delegate's selection, with no touch.
    package override func accessibilityActivate() -> Bool {
        guard let onSelect else { return false }
        onSelect(self)
        return true
    }

    /// Highlights.
    package override func touchesBegan(_ touches: [Touch], with event: Event) {
        guard tracked == nil else { return }
        tracked = touches.first
        isHighlighted = true
    }

    /// Stays highlighted while the finger is over the row.
    package override func touchesMoved(_ touches: [Touch], with event: Event) {
        guard let touch = tracked else { return }
        isHighlighted = bounds.contains(touch.location(in: self))
    }

    /// Selects on touch-up inside.
    package override func touchesEnded(_ touches: [Touch], with event: Event) {
        guard let touch = tracked, touches.contains(where: { $0 === touch }) else { return }
        tracked = nil
        isHighlighted = false
        if bounds.contains(touch.location(in: self)) { onSelect?(self) }
    }

    /// A cancelled touch selects nothing.
    package override func touchesCancelled(_ touches: [Touch], with event: Event) {
        tracked = nil
        isHighlighted = false
    }

    /// Draws the cell: white (grey while pressed), title, checkmark or chevron, separator.
    package override func draw(_ rect: Rect, in canvas: Canvas) {
        let fill = isHighlighted ? Palette.rowHighlight : Palette.fieldBackground
        let r = 10.0
        canvas.fillRoundedRect(bounds, radius: (roundedCorners.top || roundedCorners.bottom) ? r : 0, color: fill)
        if !roundedCorners.top { canvas.fill(Rect(x: 0, y: 0, width: bounds.width, height: r), color: fill) }
        if !roundedCorners.bottom { canvas.fill(Rect(x: 0, y: bounds.height - r, width: bounds.width, height: r), color: fill) }
        if showsSeparator {
            canvas.fill(
                Rect(x: 16, y: bounds.height - 1, width: bounds.width - 16, height: 1), color: Palette.separator.withAlpha(0.6))
        }
        guard let font = application?.fonts.font(size: 17, weight: .regular) else { return }
        let baseline = ((bounds.height + font.ascent - font.descent) / 2).rounded()
        canvas.drawText(title, at: Point(x: 16, y: baseline), font: font, color: Palette.label)
        let cx = bounds.width - 22, cy = bounds.midY
        if showsDisclosure {
            let s = 5.0, t = 1.1
            canvas.fillPolygon(
                [
                    Point(x: cx - s - t, y: cy - s - t * 2), Point(x: cx - s + t, y: cy - s - t * 2 + 0.5),
                    Point(x: cx + s / 2 + t, y: cy), Point(x: cx - s + t, y: cy + s + t * 2 - 0.5),
                    Point(x: cx - s - t, y: cy + s + t * 2), Point(x: cx + s / 2 - t, y: cy),
                ],
                color: Palette.separator)
        } else if isSelected {
            let t = 1.2
            canvas.fillPolygon(
                [
                    Point(x: cx - 7, y: cy - t), Point(x: cx - 3, y: cy + 3), Point(x: cx + 6, y: cy - 7),
                    Point(x: cx + 6 + t * 1.4, y: cy - 7 + t * 1.4), Point(x: cx - 3, y: cy + 3 + t * 2.6),
                    Point(x: cx - 7 - t * 1.2, y: cy + t),
                ], color: Palette.accent)
        }
    }
}
