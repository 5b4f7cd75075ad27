import TapawayKit

/// A table-view-cell-like row: a plain view, not a control, with `UITableView`'s selection semantics.
///
/// The table highlights the cell when the touch reaches it (after the form's scroll view has held it
/// back, `delaysContentTouches`) and selects the highlighted cell when the finger lifts, with no new
/// hit test (a cell the form scrolls away from under a still finger stays selected). The selection is a
/// tap of the table's own: a tap recognizer on an ancestor that does not recognise along with it
/// (`recognizesAlongWithViews` off, as UIKit's default and IQKeyboardManager's
/// `shouldRecognizeSimultaneouslyWith`, which returns false) competes with it, and whichever gets there
/// first wins. A quick tap lifts before the delay lets the cell highlight, so the other recognizer
/// recognises first and the row does not select; a press held past the delay highlights the cell first,
/// and the other recognizer fails. A cancelled touch selects nothing.
@MainActor
package final class SuggestionRow: View {
    /// The row's title, drawn flush left and read out as its accessible name.
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
    /// When the tracked touch reached the row (the clock's time).
    private var reachedAt: Double?
    /// How long a finger must stay down before the table's selection has begun: the delay a table's
    /// scroll view holds a touch back from its cells (`delaysContentTouches`; Apple documents the
    /// timer, not its length; 150 ms is the figure practitioners measure).
    ///
    /// A cell is always inside its table, so a row outside a scroll view that delays waits as long.
    package static let selectionDelay = 0.15

    /// Creates a row titled `title`, identified `identifier` in traces and tests, unchecked.
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
    /// The one action a screen reader offers on a row, `select`.
    package override var accessibilityActionName: String? { "select" }
    /// Selects the row, as `UITableView` does for VoiceOver's activation of a cell: the
    /// delegate's selection, with no touch.
    package override func accessibilityActivate() -> Bool {
        guard let onSelect else { return false }
        onSelect(self)
        return true
    }

    /// Highlights: the touch reached the cell, so the table's selection has begun.
    package override func touchesBegan(_ touches: [Touch], with event: Event) {
        guard tracked == nil else { return }
        tracked = touches.first
        reachedAt = application?.clock.now
        isHighlighted = true
    }

    /// Stays highlighted while the finger is over the row.
    package override func touchesMoved(_ touches: [Touch], with event: Event) {
        guard let touch = tracked else { return }
        isHighlighted = bounds.contains(touch.location(in: self))
    }

    /// Selects the highlighted cell at the lift, with no new hit test, unless a competing tap
    /// recognizer won the tap.
    package override func touchesEnded(_ touches: [Touch], with event: Event) {
        guard let touch = tracked, touches.contains(where: { $0 === touch }) else { return }
        tracked = nil
        let highlighted = isHighlighted
        isHighlighted = false
        let won = touch.gestureRecognizers.contains { $0.state == .recognized && competes($0) }
        if highlighted && !won { onSelect?(self) }
    }

    /// A cancelled touch selects nothing.
    package override func touchesCancelled(_ touches: [Touch], with event: Event) {
        tracked = nil
        isHighlighted = false
    }

    /// Whether `recognizer` competes with the table's selection tap: a tap recognizer of an
    /// ancestor that does not recognise along with the views under it.
    private func competes(_ recognizer: GestureRecognizer) -> Bool {
        recognizer is TapGestureRecognizer && recognizer.view !== self && !recognizer.recognizesAlongWithViews
    }

    /// Whether the table's selection has begun: the row is highlighted and the finger has been
    /// down for the table's delay (behind a scroll view that delays, reaching the row at all
    /// took that long).
    private var selectionHasBegun: Bool {
        guard tracked != nil, isHighlighted, let reachedAt else { return false }
        var current = superview
        while let v = current {
            if let scroll = v as? ScrollView, scroll.delaysContentTouches, !(scroll is TextView) { return true }
            current = v.superview
        }
        return (application?.clock.now ?? reachedAt) - reachedAt >= Self.selectionDelay
    }

    /// Once the cell's selection has begun, a competing tap fails.
    package override func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        !(selectionHasBegun && competes(recognizer))
    }

    /// The selection began first.
    package override func refusal(of recognizer: GestureRecognizer) -> String {
        "\(identifier ?? "the row")'s selection began first: the finger stayed past the scroll view's delay, the row "
            + "highlighted, and a tap that does not recognize along with it fails"
    }

    /// A competing tap that recognised first takes the selection (its touches not cancelled,
    /// the row still sees them, and highlights, but does not select).
    package override func tapLost(to recognizer: GestureRecognizer) -> String? {
        guard competes(recognizer), !recognizer.cancelsTouchesInView else { return nil }
        return "\(identifier ?? "the row") does not select: its selection is a tap of the table's own, and the finger "
            + "lifted before the scroll view's delay let it begin, so this tap, which does not recognize along with it, "
            + "won"
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
