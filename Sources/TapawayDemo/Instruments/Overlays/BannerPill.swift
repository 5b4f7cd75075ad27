import TapawayKit

/// The pill the banners over the simulated screen draw: the replay and case banner, and the notice of a
/// saved screenshot.
///
/// White semibold text centred on an accent pill (grey when `dimmed`); a message too wide for it is cut
/// with an ellipsis at the end that matters least.
@MainActor
enum BannerPill {
    /// Which end of a message too wide for the pill gives way.
    enum Cut {
        /// The end goes (a status: its start says what it is).
        case end
        /// The start goes (a path: its file name, at the end, stays readable).
        case start
    }

    /// Draws `text` as a pill filling `bounds`.
    static func draw(_ text: String, in bounds: Rect, canvas: Canvas, fonts: FontProvider, dimmed: Bool, cut: Cut) {
        let font = fonts.font(size: 13, weight: .semibold)
        canvas.fillRoundedRect(
            bounds, radius: bounds.height / 2, color: (dimmed ? Palette.secondaryLabel : Palette.accent).withAlpha(0.92))
        let room = max(0, bounds.width - 24)
        var shown = text
        while font.width(of: shown) > room, shown.count > 1 {
            switch cut {
            case .end: shown = String(shown.dropLast(shown.hasSuffix("…") ? 2 : 1)) + "…"
            case .start: shown = "…" + shown.dropFirst(shown.hasPrefix("…") ? 2 : 1)
            }
        }
        let width = font.width(of: shown)
        canvas.drawText(
            shown,
            at: Point(
                x: (bounds.minX + (bounds.width - width) / 2).rounded(),
                y: (bounds.midY + (font.ascent - font.descent) / 2).rounded()),
            font: font, color: .white)
    }
}
