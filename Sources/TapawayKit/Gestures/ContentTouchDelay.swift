/// `UIScrollView.delaysContentTouches`: holds back a new touch's touches-began from the scroll view's
/// content for a moment, so the scroll view can tell a scroll from a touch meant for the content.
///
/// Apple's overview of `UIScrollView` describes the rule: if the finger moves far enough before the
/// timer fires, the scroll view scrolls and the content never hears of the touch; if the timer fires
/// first, the content gets the touch; a finger that lifts before either gets its touches-began and
/// touches-ended at once.
///
/// It never recognises: it only fails, when the wait is over or the fingers lift, which lets the
/// window release what it held.
@MainActor
final class ContentTouchDelay: GestureRecognizer {
    /// How long a touch waits before the content gets it.
    ///
    /// Apple documents a timer but not its length; 150 ms is the figure practitioners measure.
    static let delay = 0.15

    private var timer: Timer?

    /// Creates the recognizer: it delays touches-began and takes nothing away.
    init() {
        super.init()
        identifier = "scroll-delay"
        delaysTouchesBegan = true
        delaysTouchesEnded = false
        cancelsTouchesInView = false
    }

    /// The first finger starts the wait.
    override func touchesBegan(_ touches: [Touch], with event: Event) {
        guard timer == nil, let timers = view?.application?.timers else { return }
        timer = timers.schedule(after: Self.delay) { [weak self] _ in
            guard let self else { return }
            self.timer = nil
            self.fail("the delay passed: the content gets the touch")
            self.view?.window?.flushHeldTouches(for: self)
            self.resetIfFinished()
        }
    }

    /// Fingers that lift before the wait is over give the content their whole tap at once.
    override func touchesEnded(_ touches: [Touch], with event: Event) {
        guard self.touches.allSatisfy({ $0.phase.isFinished }) else { return }
        fail("the finger lifted before the delay passed")
    }

    /// Stops waiting to deliver the delayed touch and forgets it.
    override func reset() {
        timer?.invalidate()
        timer = nil
    }
}
