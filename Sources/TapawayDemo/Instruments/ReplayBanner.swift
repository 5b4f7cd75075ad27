import TapawayKit

/// The banner over the simulated screen while a recording replays: how far it has gone, and
/// the keys that pause it and step through it. It takes no touches, so the replay's own touches
/// land where they were recorded.
@MainActor
package final class ReplayBanner: Window {
    /// The banner's height.
    package nonisolated static let height = 30.0
    private var text = ""
    private var paused = false

    /// Creates the banner, hidden.
    package init() {
        super.init(frame: .zero, level: .overlay)
        identifier = "replay-banner"
        isUserInteractionEnabled = false
        isHidden = true
    }

    /// Shows the progress: `fed` of `total` inputs, paused or running.
    package func show(fed: Int, of total: Int, paused: Bool) {
        self.paused = paused
        text =
            paused
            ? "Paused at \(fed) of \(total) · Space resumes · → steps one"
            : "Replaying \(fed) of \(total) · Space pauses"
        setVisible(true)
        setNeedsDisplay()
    }

    /// Shows `message` as it is: accent while something plays, grey once it is over.
    package func show(message: String, running: Bool) {
        paused = !running
        text = message
        setVisible(true)
        setNeedsDisplay()
    }

    /// What the banner says.
    package var message: String { text }

    /// A pill: accent while running, grey while paused.
    package override func draw(_ rect: Rect, in canvas: Canvas) {
        guard let fonts = application?.fonts else { return }
        let font = fonts.font(size: 13, weight: .semibold)
        canvas.fillRoundedRect(
            bounds, radius: bounds.height / 2,
            color: (paused ? Palette.secondaryLabel : Palette.accent).withAlpha(0.92))
        // A message wider than the banner loses its end to an ellipsis rather than both edges.
        var shown = Substring(text)
        while font.width(of: shown) > bounds.width - 24, shown.count > 1 {
            shown = shown.dropLast(2) + "…"
        }
        let width = font.width(of: shown)
        canvas.drawText(
            shown,
            at: Point(x: ((bounds.width - width) / 2).rounded(), y: (bounds.midY + (font.ascent - font.descent) / 2).rounded()),
            font: font, color: .white)
    }
}
