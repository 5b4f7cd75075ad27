import TapawayKit

/// A `text` element: text with its own press action (React Native's `<Text onPress>`), a
/// control that fires touch-up-inside and dims while pressed.
@MainActor
final class PressableText: Control {
    /// The text shown, centred on one line.
    var text: String
    /// The text's size in points, 15 unless the file says otherwise.
    var fontSize = 15.0

    /// Text that can be pressed.
    init(text: String) {
        self.text = text
        super.init(frame: .zero)
    }

    /// A push button (a link-like text with a press action), named by its text.
    override var accessibilityRole: AccessibilityRole? { .pushButton }
    /// The text, unless a label was set.
    override var accessibilityLabel: String? {
        get { super.accessibilityLabel ?? text }
        set { super.accessibilityLabel = newValue }
    }
    /// The one action a screen reader offers on the text, `press`.
    override var accessibilityActionName: String? { "press" }
    /// Sends touch-up-inside, with no touch.
    override func accessibilityActivate() -> Bool {
        guard isEnabled, window != nil else { return false }
        sendActions(for: .touchUpInside)
        return true
    }

    /// The text in the accent colour, dimmed while pressed.
    override func draw(_ rect: Rect, in canvas: Canvas) {
        guard let font = application?.fonts.font(size: fontSize, weight: .regular) else { return }
        let baseline = ((bounds.height + font.ascent - font.descent) / 2).rounded()
        canvas.drawText(text, at: Point(x: 0, y: baseline), font: font, color: Palette.accent.withAlpha(isHighlighted ? 0.4 : 1))
    }
}

/// An `image` element: a picture's place, drawn as a rounded tile with a landscape glyph.
///
/// It takes no touches unless the file says it is interactive, as `UIImageView`.
@MainActor
final class ImagePlaceholder: View {
    /// A tile that takes no touches.
    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// The tile and its glyph.
    override func draw(_ rect: Rect, in canvas: Canvas) {
        canvas.fillRoundedRect(bounds, radius: 8, color: Palette.separator.withAlpha(0.35))
        let cx = bounds.midX, cy = bounds.midY, s = min(bounds.width, bounds.height) * 0.18
        canvas.fillPolygon(
            [
                Point(x: cx - 2 * s, y: cy + s), Point(x: cx - s / 2, y: cy - s), Point(x: cx + s / 2, y: cy + s / 3),
                Point(x: cx + s, y: cy - s / 3), Point(x: cx + 2 * s, y: cy + s),
            ],
            color: Palette.secondaryLabel.withAlpha(0.5))
        canvas.fillEllipse(
            in: Rect(x: cx + s, y: cy - 2 * s, width: s * 0.8, height: s * 0.8), color: Palette.secondaryLabel.withAlpha(0.5))
    }
}

/// A `slider` element, as `UISlider`: a touch on the thumb or the track moves the value to the
/// finger and sends value-changed while it moves.
@MainActor
final class SliderControl: Control {
    /// The value, from 0 to 1.
    var value = 0.5 { didSet { setNeedsDisplay() } }

    /// The value under `point`.
    private func setValue(at point: Point, event: Event?) {
        let inset = 14.0
        let new = min(1, max(0, (point.x - inset) / max(1, bounds.width - 2 * inset)))
        guard new != value else { return }
        value = new
        setNeedsDisplay()
        sendActions(for: .valueChanged, with: event)
    }

    /// Moves the value to the finger.
    override func touchesBegan(_ touches: [Touch], with event: Event) {
        super.touchesBegan(touches, with: event)
        if let touch = touches.first { setValue(at: touch.location(in: self), event: event) }
    }

    /// Keeps the pressed look only while the finger stays on the control, as a button does.
    override func touchesMoved(_ touches: [Touch], with event: Event) {
        super.touchesMoved(touches, with: event)
        if let touch = touches.first { setValue(at: touch.location(in: self), event: event) }
    }

    /// The track, its filled part and the thumb.
    override func draw(_ rect: Rect, in canvas: Canvas) {
        let inset = 14.0
        let x = inset + (bounds.width - 2 * inset) * value
        canvas.fillRoundedRect(
            Rect(x: inset, y: bounds.midY - 2, width: bounds.width - 2 * inset, height: 4), radius: 2, color: Palette.switchOff)
        canvas.fillRoundedRect(Rect(x: inset, y: bounds.midY - 2, width: x - inset, height: 4), radius: 2, color: Palette.accent)
        let knob = Rect(x: x - 13.5, y: bounds.midY - 13.5, width: 27, height: 27)
        canvas.fillEllipse(in: knob.offsetBy(dx: 0, dy: 1.5).insetBy(dx: -0.5, dy: -0.5), color: Color.black.withAlpha(0.12))
        canvas.fillEllipse(in: knob, color: .white)
    }
}

/// A `segmented` element, as `UISegmentedControl`: a tap selects the segment under it and sends
/// value-changed.
@MainActor
final class SegmentedControl: Control {
    /// The segments' titles, left to right, one per equal-width segment.
    let segments: [String]
    /// The index of the selected segment, 0 at first; a change repaints.
    var selectedIndex = 0 { didSet { setNeedsDisplay() } }

    /// A control with `segments`.
    init(segments: [String]) {
        self.segments = segments.isEmpty ? ["One", "Two"] : segments
        super.init(frame: .zero)
    }

    /// Selects the segment the tap lifted in.
    override func didTapInside(with event: Event) {
        guard let touch = trackedTouch ?? event.allTouches.first else { return }
        let x = touch.location(in: self).x
        let index = min(segments.count - 1, max(0, Int(x / max(1, bounds.width / Double(segments.count)))))
        guard index != selectedIndex else { return }
        selectedIndex = index
        setNeedsDisplay()
        sendActions(for: .valueChanged, with: event)
    }

    /// The grey track, the white selected segment, the titles.
    override func draw(_ rect: Rect, in canvas: Canvas) {
        canvas.fillRoundedRect(bounds, radius: 8, color: Palette.switchOff)
        let w = bounds.width / Double(segments.count)
        canvas.fillRoundedRect(
            Rect(x: w * Double(selectedIndex) + 2, y: 2, width: w - 4, height: bounds.height - 4), radius: 7, color: .white)
        guard let font = application?.fonts.font(size: 13, weight: .semibold) else { return }
        for (i, title) in segments.enumerated() {
            let tw = font.width(of: title[...])
            let baseline = ((bounds.height + font.ascent - font.descent) / 2).rounded()
            canvas.drawText(
                title, at: Point(x: (w * Double(i) + (w - tw) / 2).rounded(), y: baseline), font: font, color: Palette.label)
        }
    }
}
