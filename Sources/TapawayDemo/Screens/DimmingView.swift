import TapawayKit

/// A dim over part of the screen that takes every touch landing on it, as UIKit's dimming views
/// do (a sheet's, a search controller's): translucent at its level, and a touch that ends on it
/// is a tap on it.
@MainActor
final class DimmingView: View {
    /// Called when a touch that began on the dim ends on it.
    var onTap: (() -> Void)?
    /// How dimmed it is, 0 (clear) to 1.
    private(set) var level = 0.0
    /// How many touches began on it.
    private(set) var touchesTaken = 0
    private var fadeAnimation: Animation?

    /// A dim named `identifier` in the layout trace, hidden until it shows.
    init(identifier: String) {
        super.init(frame: .zero)
        self.identifier = identifier
        isHidden = true
    }

    /// Sets how dimmed it is at once (a sheet's slide sets it step by step); shown while above 0.
    func setLevel(_ value: Double) {
        fadeAnimation?.cancel()
        isHidden = value == 0
        guard value != level else { return }
        level = value
        setNeedsDisplay()
    }

    /// Fades to `target` (0 clear and hidden, 1 dimmed) over `duration` seconds.
    func fade(to target: Double, duration: Double) {
        fadeAnimation?.cancel()
        let start = level
        if target > 0 { isHidden = false }
        guard let app = application, duration > 0 else {
            setLevel(target)
            return
        }
        fadeAnimation = app.animate(
            duration: duration, curve: .easeInOut,
            step: { [weak self] t in
                self?.level = start + (target - start) * t
                self?.setNeedsDisplay()
            },
            completion: { [weak self] finished in
                if finished, target == 0 { self?.isHidden = true }
            })
    }

    /// A tap that ends on the dim.
    override func touchesEnded(_ touches: [Touch], with event: Event) {
        guard let touch = touches.first, bounds.contains(touch.location(in: self)) else { return }
        onTap?()
    }

    /// The dim takes every touch: nothing goes on to the views behind it.
    override func touchesBegan(_ touches: [Touch], with event: Event) { touchesTaken += touches.count }
    /// Taken, as every touch on the dim.
    override func touchesMoved(_ touches: [Touch], with event: Event) {}
    /// Taken, as every touch on the dim.
    override func touchesCancelled(_ touches: [Touch], with event: Event) {}

    /// Fills the dim at its level.
    override func draw(_ rect: Rect, in canvas: Canvas) {
        guard level > 0 else { return }
        canvas.fill(bounds, color: Palette.dimOverlay.withAlpha(Palette.dimOverlay.alpha * level))
    }
}
