/// Recognises a press held in place, as `UILongPressGestureRecognizer`: it begins once a finger has
/// stayed down `minimumPressDuration` seconds within `allowableMovement`, and ends when the finger
/// lifts.
///
/// A finger that lifts or moves too far before then fails it.
@MainActor
open class LongPressGestureRecognizer: GestureRecognizer {
    /// How long the finger must stay down, in seconds.
    ///
    /// 0.5 by default, as UIKit's.
    public var minimumPressDuration = 0.5
    /// How far the finger may move before the press begins, in pixels.
    ///
    /// 10 by default, as UIKit's.
    public var allowableMovement = 10.0
    private var pressTimer: Timer?

    /// Starts waiting for the press; a second finger fails it.
    open override func touchesBegan(_ touches: [Touch], with event: Event) {
        guard state == .possible else { return }
        if self.touches.filter({ !$0.phase.isFinished }).count > 1 {
            fail("more than one finger")
            return
        }
        pressTimer?.invalidate()
        pressTimer = view?.application?.timers.schedule(after: minimumPressDuration) { [weak self] _ in
            guard let self, self.state == .possible else { return }
            self.pressTimer = nil
            self.transition(to: .began)
        }
    }

    /// Moving too far before the press begins fails it; after, the press changes.
    open override func touchesMoved(_ touches: [Touch], with event: Event) {
        if state == .possible {
            for touch in touches where touch.locationInScreen.distance(to: touch.startLocationInScreen) > allowableMovement {
                fail("moved more than \(Int(allowableMovement)) px before the press")
                return
            }
        } else if state == .began || state == .changed {
            transition(to: .changed)
        }
    }

    /// Lifting before the press began fails it; after, the press ends.
    open override func touchesEnded(_ touches: [Touch], with event: Event) {
        switch state {
        case .possible: fail("lifted after less than \(minimumPressDuration) s")
        case .began, .changed: transition(to: .ended)
        default: break
        }
    }

    /// Stops the press timer and forgets the start, ready for the next press.
    open override func reset() {
        pressTimer?.invalidate()
        pressTimer = nil
    }
}
