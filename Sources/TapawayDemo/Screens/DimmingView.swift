import TapawayKit

/// A translucent layer that fades in and out: its level goes from 0 (clear, hidden) to 1, and
/// subclasses draw at that level.
///
/// The dims a technique or a presentation lays over the screen build on it.
@MainActor
package class FadingView: View {
    /// How far it has faded in, 0 (clear) to 1.
    package private(set) var level = 0.0
    private var fadeAnimation: Animation?

    /// Sets the level at once (a sheet's slide sets it step by step); shown while above 0.
    package func setLevel(_ value: Double) {
        fadeAnimation?.cancel()
        isHidden = value == 0
        guard value != level else { return }
        level = value
        setNeedsDisplay()
    }

    /// Fades to `target` (0 clear and hidden, 1 at full strength) over `duration` seconds.
    package func fade(to target: Double, duration: Double) {
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
}

/// A dim over part of the screen that takes every touch landing on it, as UIKit's dimming views
/// do (a sheet's, a search controller's): translucent at its level, and a touch that ends on it
/// is a tap on it.
@MainActor
final class DimmingView: FadingView {
    /// Called when a touch that began on the dim ends on it.
    var onTap: (() -> Void)?
    /// How many touches began on it.
    private(set) var touchesTaken = 0
    /// Whether it takes touches without dimming anything (a popover's layer).
    var isClear = false {
        didSet { setNeedsDisplay() }
    }

    /// A dim named `identifier` in the layout trace, hidden until it shows.
    init(identifier: String) {
        super.init(frame: .zero)
        self.identifier = identifier
        isHidden = true
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
        guard level > 0, !isClear else { return }
        canvas.fill(bounds, color: Palette.dimOverlay.withAlpha(Palette.dimOverlay.alpha * level))
    }
}
