import TapawayKit

/// A short notice over the simulated screen that goes away by itself after a few seconds: where F12
/// saved its screenshot, or that it could not.
///
/// Like the replay banner, it takes no touches, so it never stands between a click and the form. Its
/// content is the view `notice-banner`, so the `layout` trace shows when it is up.
@MainActor
package final class NoticeBanner: Window {
    /// The banner's height in points, the same as the replay banner's.
    package nonisolated static let height = 30.0
    /// How long a notice stays, in seconds.
    package nonisolated static let duration = 4.0
    private var text = ""
    private var isProblem = false
    private var hideTimer: Timer?
    /// The identified view covering the banner, for the trace.
    private let content = View()

    /// Creates the banner, hidden.
    package init() {
        super.init(frame: .zero, level: .overlay)
        identifier = "notice-banner-window"
        isUserInteractionEnabled = false
        isHidden = true
        content.identifier = "notice-banner"
        content.isUserInteractionEnabled = false
        addSubview(content)
    }

    /// Keeps the identified content over the whole banner.
    package override func layoutSubviews() {
        super.layoutSubviews()
        content.frame = bounds
    }

    /// Shows `message` for `seconds` (in place of the notice shown before, if any); a
    /// `problem` is drawn in grey rather than the accent colour.
    package func show(_ message: String, problem: Bool = false, for seconds: Double = NoticeBanner.duration) {
        text = message
        isProblem = problem
        hideTimer?.invalidate()
        hideTimer = application?.timers.schedule(after: seconds) { [weak self] _ in
            self?.hideTimer = nil
            self?.setVisible(false)
        }
        setVisible(true)
        setNeedsLayout()
        setNeedsDisplay()
    }

    /// What the banner says (the last notice, shown or not).
    package var message: String { text }

    /// A pill with the message; a message too long for it loses its start, so the file's name,
    /// at the end, stays readable.
    package override func draw(_ rect: Rect, in canvas: Canvas) {
        guard let fonts = application?.fonts else { return }
        BannerPill.draw(text, in: bounds, canvas: canvas, fonts: fonts, dimmed: isProblem, cut: .start)
    }
}
