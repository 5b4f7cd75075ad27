/// An on/off switch, as `UISwitch`: a tap flips it, with a short slide of the knob.
@MainActor
open class Switch: Control {
    /// Whether the switch is on.
    public private(set) var isOn: Bool
    private var knobPosition: Double
    private var slide: Animation?

    /// The switch's natural size.
    public static let size = Size(width: 51, height: 31)

    /// Creates a switch in `frame`, off unless `isOn`, sending no event until touched.
    public init(isOn: Bool = false, frame: Rect = .zero) {
        self.isOn = isOn
        self.knobPosition = isOn ? 1 : 0
        super.init(frame: frame)
    }

    /// Sets the state without sending value-changed, optionally animating the knob.
    public func setOn(_ on: Bool, animated: Bool) {
        guard on != isOn else { return }
        isOn = on
        slide?.cancel()
        let from = knobPosition, to: Double = on ? 1 : 0
        if animated, let app = application {
            slide = app.animate(
                duration: 0.2, curve: .easeOut,
                step: { [weak self] t in
                    self?.knobPosition = from + (to - from) * t
                    self?.setNeedsDisplay()
                })
        } else {
            knobPosition = to
            setNeedsDisplay()
        }
    }

    /// A tap flips the switch and sends value-changed.
    open override func didTapInside(with event: Event) {
        setOn(!isOn, animated: true)
        sendActions(for: .valueChanged, with: event)
    }

    /// Draws the track and the knob with its soft shadow.
    open override func draw(_ rect: Rect, in canvas: Canvas) {
        let track = Rect(x: bounds.minX, y: bounds.midY - 15.5, width: 51, height: 31)
        let color = Palette.switchOff.mixed(with: Palette.switchOn, amount: knobPosition)
        canvas.fillRoundedRect(track, radius: 15.5, color: color.withAlpha(isEnabled ? 1 : 0.5))
        let knobX = track.minX + 2 + (track.width - 31) * knobPosition
        let knob = Rect(x: knobX, y: track.minY + 2, width: 27, height: 27)
        canvas.fillEllipse(in: knob.offsetBy(dx: 0, dy: 1.5).insetBy(dx: -0.5, dy: -0.5), color: Color.black.withAlpha(0.10))
        canvas.fillEllipse(in: knob, color: isHighlighted ? Color(hex: 0xF4F4F4) : .white)
    }

    /// A toggle button (AT-SPI has no switch role; GTK's switch is a toggle button too).
    open override var accessibilityRole: AccessibilityRole? { .toggleButton }
    /// `checkable`, with `checked` when on and `disabled` when not enabled.
    open override var accessibilityTraits: AccessibilityTraits {
        var traits: AccessibilityTraits = .checkable
        if isOn { traits.insert(.checked) }
        if !isEnabled { traits.insert(.disabled) }
        return traits
    }
    /// The one action a screen reader offers on a switch, `toggle`.
    open override var accessibilityActionName: String? { "toggle" }
    /// Flips the switch and sends value-changed, with no touch.
    open override func accessibilityActivate() -> Bool {
        guard isEnabled, window != nil else { return false }
        setOn(!isOn, animated: true)
        sendActions(for: .valueChanged)
        return true
    }
}
