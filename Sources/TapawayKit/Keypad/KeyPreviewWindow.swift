/// The window that shows a pressed key's preview bubble and a long-pressed key's alternates,
/// above everything, including the app above the keypad: a top-row key's bubble rises past the
/// keypad's top edge, as on iOS.
///
/// It is a Kit window of its own, just big enough for the bubble, stacked above the keypad's
/// window. It takes no touches (`isUserInteractionEnabled` is false, so touches go to the keypad
/// underneath, and a finger sliding over the alternates stays the key's touch). Its platform window
/// is a plain rectangle, so it draws the windows under it first, then the bubble, with
/// anti-aliased edges; while it is up it repaints whenever a window under it repaints, so what
/// shows around the bubble is never stale.
@MainActor
public final class KeyPreviewWindow: Window {
    /// What the window shows.
    public enum Content: Equatable {
        /// Nothing: the window is hidden.
        case hidden
        /// A key's character, large, in a bubble.
        case preview(KeyBalloon, label: String)
        /// A row of alternates in a popup, one of them chosen (or none).
        case alternates(KeyBalloon, options: [String], cells: [Rect], selected: Int?)
    }

    /// What the window shows now: nothing, a key's enlarged preview, or its alternates.
    public private(set) var content: Content = .hidden
    /// The sizes to draw at.
    var metrics = KeypadMetrics.standard

    /// Creates the window, hidden.
    public init() {
        super.init(frame: .zero, level: .keyboard)
        isUserInteractionEnabled = false
        backgroundColor = .clear
        isHidden = true
    }

    /// Shows `content` (or hides the window for `.hidden`).
    public func show(_ content: Content) {
        guard content != self.content else { return }
        self.content = content
        let balloon: KeyBalloon
        switch content {
        case .hidden:
            setVisible(false)
            return
        case .preview(let b, _), .alternates(let b, _, _, _):
            balloon = b
        }
        // Room for the shadow and the anti-aliased edge.
        let area = balloon.bounds.insetBy(dx: -2, dy: -2).offsetBy(dx: 0, dy: 1).integral
        if area != frame { frame = area }
        setVisible(true)
        invalidate(bounds)
    }

    /// Hides the window and forgets what it showed.
    public func hide() { show(.hidden) }

    /// Repaints when a window under it repaints, so the bubble's surroundings stay current.
    func followWindowsBelow() {
        guard !isHidden, let application else { return }
        for window in application.windows {
            if window === self { break }
            if !window.isHidden && window.hasDirtyRect && window.frame.intersects(frame) {
                invalidate(bounds)
                return
            }
        }
    }

    // MARK: Drawing

    /// Draws the windows under it, then the bubble or popup.
    public override func draw(_ rect: Rect, in canvas: Canvas) {
        drawWindowsBelow(rect, in: canvas)
        switch content {
        case .hidden:
            break
        case .preview(let balloon, let label):
            drawBalloon(balloon, in: canvas)
            drawPreviewLabel(label, in: balloon.head, canvas: canvas)
        case .alternates(let balloon, let options, let cells, let selected):
            drawBalloon(balloon, in: canvas)
            drawAlternates(options, cells: cells, selected: selected, canvas: canvas)
        }
    }

    private func drawWindowsBelow(_ rect: Rect, in canvas: Canvas) {
        guard let application else { return }
        for window in application.windows {
            if window === self { break }
            guard !window.isHidden, window.frame.intersects(frame) else { continue }
            let dx = window.frame.minX - frame.minX - window.boundsOrigin.x
            let dy = window.frame.minY - frame.minY - window.boundsOrigin.y
            canvas.save()
            canvas.translate(dx: dx, dy: dy)
            window.render(rect.offsetBy(dx: -dx, dy: -dy).intersection(window.bounds), in: canvas)
            canvas.restore()
        }
    }

    /// `rect` in screen coordinates, in this window's.
    private func local(_ rect: Rect) -> Rect { rect.offsetBy(dx: -frame.minX, dy: -frame.minY) }

    private func drawBalloon(_ balloon: KeyBalloon, in canvas: Canvas) {
        let shift = Point(x: -frame.minX, y: -frame.minY)
        func moved(_ points: [Point]) -> [Point] { points.map { $0.offsetBy(dx: shift.x, dy: shift.y) } }
        // A soft edge and the key's 1 px drop shadow, then the face.
        canvas.fillPolygon(moved(balloon.outline(outset: 0.75)), color: Palette.keypadKeyShadow.withAlpha(0.35))
        canvas.fillPolygon(
            moved(balloon.outline()).map { $0.offsetBy(dx: 0, dy: metrics.scale) },
            color: Palette.keypadKeyShadow)
        canvas.fillPolygon(moved(balloon.outline()), color: Palette.keypadKey)
    }

    private func drawPreviewLabel(_ label: String, in head: Rect, canvas: Canvas) {
        guard let fonts = application?.fonts else { return }
        let font = fonts.font(size: (38 * metrics.scale).rounded(), weight: .regular)
        let box = local(head)
        let w = font.width(of: label)
        // Lower-case letters sit a little higher, as on the keys, so they look centred.
        let lift = label.first?.isLowercase == true ? 3 * metrics.scale : 0
        let baseline = box.minY + ((box.height + font.ascent - font.descent) / 2).rounded() - lift
        canvas.drawText(
            label, at: Point(x: box.minX + ((box.width - w) / 2).rounded(), y: baseline.rounded()),
            font: font, color: Palette.keypadKeyLabel)
    }

    private func drawAlternates(_ options: [String], cells: [Rect], selected: Int?, canvas: Canvas) {
        guard let fonts = application?.fonts else { return }
        let font = fonts.font(size: (24 * metrics.scale).rounded(), weight: .regular)
        for (index, (option, cell)) in zip(options, cells).enumerated() {
            let box = local(cell)
            let chosen = index == selected
            if chosen {
                canvas.fillRoundedRect(
                    box.insetBy(dx: 1 * metrics.scale, dy: 4 * metrics.scale),
                    radius: 6 * metrics.scale, color: Palette.accent)
            }
            let w = font.width(of: option)
            let baseline = box.minY + ((box.height + font.ascent - font.descent) / 2).rounded()
            canvas.drawText(
                option, at: Point(x: box.minX + ((box.width - w) / 2).rounded(), y: baseline),
                font: font, color: chosen ? Palette.keypadProminentKeyLabel : Palette.keypadKeyLabel)
        }
    }
}
