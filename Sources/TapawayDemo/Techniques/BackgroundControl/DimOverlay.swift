import TapawayKit

/// A translucent layer over the screen with a hole where the focused field is; it takes no touches.
@MainActor
package final class DimOverlay: FadingView {
    /// The form whose focused field stays bright.
    weak var form: ScreenForm?

    /// Creates the overlay hidden, identified `dim-overlay`, and taking no touches.
    package override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        identifier = "dim-overlay"
        isHidden = true
    }

    /// Draws the dim everywhere but around the focused field.
    package override func draw(_ rect: Rect, in canvas: Canvas) {
        guard level > 0 else { return }
        let color = Palette.dimOverlay.withAlpha(Palette.dimOverlay.alpha * level)
        guard let responder = window?.firstResponder as? View, let form, responder.isDescendant(of: form) else {
            canvas.fill(bounds, color: color)
            return
        }
        let hole = responder.convert(responder.bounds, to: self).insetBy(dx: -4, dy: -4)
        let b = bounds
        canvas.fill(Rect(x: b.minX, y: b.minY, width: b.width, height: max(0, hole.minY - b.minY)), color: color)
        canvas.fill(Rect(x: b.minX, y: hole.maxY, width: b.width, height: max(0, b.maxY - hole.maxY)), color: color)
        canvas.fill(Rect(x: b.minX, y: hole.minY, width: max(0, hole.minX - b.minX), height: hole.height), color: color)
        canvas.fill(Rect(x: hole.maxX, y: hole.minY, width: max(0, b.maxX - hole.maxX), height: hole.height), color: color)
    }
}
