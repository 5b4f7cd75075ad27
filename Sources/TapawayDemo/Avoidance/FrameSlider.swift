import TapawayKit

/// Moves or resizes one view's frame to a target, at once or eased over a keyboard's slide, as the
/// strategies that animate alongside the keyboard do.
///
/// A new move cancels the one under way.
@MainActor
package final class FrameSlider {
    /// The move under way, if any.
    private var animation: Animation?

    /// A slider with nothing under way.
    package init() {}

    /// Sets `view`'s frame to `target`, eased over `duration` seconds (at once when 0).
    package func move(_ view: View, to target: Rect, duration: Double) {
        animation?.cancel()
        animation = nil
        let start = view.frame
        guard duration > 0, let application = view.application, start != target else {
            view.frame = target
            return
        }
        animation = application.animate(
            duration: duration, curve: .easeOut,
            step: { [weak view] t in
                view?.frame = Rect(
                    x: target.minX, y: (start.minY + (target.minY - start.minY) * t).rounded(),
                    width: target.width, height: (start.height + (target.height - start.height) * t).rounded())
            })
    }

    /// Stops a move under way where it is.
    package func cancel() {
        animation?.cancel()
        animation = nil
    }
}
