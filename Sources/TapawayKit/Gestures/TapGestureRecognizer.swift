/// Recognises taps, as `UITapGestureRecognizer`: the required number of fingers go down and lift
/// without moving more than `allowableMovement`, the required number of times.
@MainActor
open class TapGestureRecognizer: GestureRecognizer {
    /// How many taps make the gesture.
    ///
    /// 1 by default.
    public var numberOfTapsRequired = 1
    /// How many fingers each tap takes.
    ///
    /// 1 by default.
    public var numberOfTouchesRequired = 1
    /// How far a finger may move and still tap, in pixels.
    public var allowableMovement = 10.0
    /// How long to wait for the next tap of a multi-tap, in seconds.
    public var maximumTapInterval = 0.35

    private var tapsSoFar = 0
    private var waitTimer: Timer?
    /// The fingers of the taps counted so far in a multi-tap, whose lifts the window may hold
    /// (`delaysTouchesEnded`) until the gesture is decided.
    private var earlierTouches: [Touch] = []

    /// Follows new fingers; too many fingers fail the tap.
    open override func touchesBegan(_ touches: [Touch], with event: Event) {
        waitTimer?.invalidate()
        let down = self.touches.filter { !$0.phase.isFinished }.count
        if down > numberOfTouchesRequired {
            fail("\(down) fingers, \(numberOfTouchesRequired) wanted")
        }
    }

    /// A finger that moves too far fails the tap.
    open override func touchesMoved(_ touches: [Touch], with event: Event) {
        for touch in touches where touch.locationInScreen.distance(to: touch.startLocationInScreen) > allowableMovement {
            fail("moved more than \(Int(allowableMovement)) px")
            return
        }
    }

    /// When every finger has lifted, a tap is counted; enough taps recognise the gesture.
    open override func touchesEnded(_ touches: [Touch], with event: Event) {
        guard state == .possible, self.touches.allSatisfy({ $0.phase.isFinished }) else { return }
        guard self.touches.count == numberOfTouchesRequired else {
            fail("\(self.touches.count) fingers, \(numberOfTouchesRequired) wanted")
            return
        }
        tapsSoFar += 1
        if tapsSoFar >= numberOfTapsRequired {
            transition(to: .recognized)
            // The earlier taps' held lifts: cancelled for their views when this recognizer takes
            // its touches, else delivered now that it has decided.
            let earlier = earlierTouches
            earlierTouches = []
            view?.window?.flushHeldTouches(earlier)
        } else if let timers = view?.application?.timers {
            waitTimer = timers.schedule(after: maximumTapInterval) { [weak self] _ in
                guard let self else { return }
                self.fail("the next tap came too late")
                let held = self.earlierTouches + self.touches
                self.earlierTouches = []
                self.view?.window?.flushHeldTouches(held)
                self.resetIfFinished()
            }
        }
    }

    /// Forgets the taps counted.
    open override func reset() {
        tapsSoFar = 0
        earlierTouches = []
        waitTimer?.invalidate()
        waitTimer = nil
    }

    /// Multi-tap recognizers keep their count across the lifts between taps.
    override func resetIfFinished() {
        if state == .possible && tapsSoFar > 0 && tapsSoFar < numberOfTapsRequired {
            if touches.allSatisfy({ $0.phase.isFinished }) {
                earlierTouches += touches
                touches.removeAll()
            }
            return
        }
        super.resetIfFinished()
    }
}
