import TapawayKit

/// The banner over the simulated screen while a recording replays: how far it has gone, and the keys
/// that pause it and step through it.
///
/// It takes no touches, so the replay's own touches land where they were recorded.
@MainActor
package final class ReplayBanner: Window {
    /// The banner's height in points, the same as the notice banner's.
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

    /// A pill: accent while running, grey while paused; a message too wide loses its end.
    package override func draw(_ rect: Rect, in canvas: Canvas) {
        guard let fonts = application?.fonts else { return }
        BannerPill.draw(text, in: bounds, canvas: canvas, fonts: fonts, dimmed: paused, cut: .end)
    }
}
