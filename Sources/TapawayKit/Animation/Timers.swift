/// A source of the current time in seconds (monotonic).
public protocol Clock: AnyObject {
    /// Seconds since an arbitrary fixed point.
    var now: Double { get }
}

/// A timer registered with a `TimerQueue`; invalidate it to stop it.
public final class Timer {
    fileprivate(set) var deadline: Double
    let interval: Double?
    let isAmbient: Bool
    let block: (Timer) -> Void
    /// Whether the timer will still fire.
    public fileprivate(set) var isValid = true

    fileprivate init(deadline: Double, interval: Double?, isAmbient: Bool, block: @escaping (Timer) -> Void) {
        self.deadline = deadline; self.interval = interval; self.isAmbient = isAmbient; self.block = block
    }
    /// Stops the timer: it will not fire again.
    public func invalidate() { isValid = false }
}

/// The timers of one run loop: the platform asks for the next deadline and fires what is due.
public final class TimerQueue {
    private var timers: [Timer] = []
    private let clock: Clock

    /// Creates a queue that reads time from `clock`.
    public init(clock: Clock) { self.clock = clock }

    /// How many times a timer that is not ambient has fired: a platform compares it across turns
    /// of its loop to tell work done by timers from idleness.
    public private(set) var workFired = 0

    /// Calls `block` after `delay` seconds, and then every `delay` seconds if `repeats`.
    ///
    /// An `ambient` timer is upkeep that leaves the program as idle as it was (a caret's blink):
    /// its firing does not count in `workFired`.
    @discardableResult
    public func schedule(
        after delay: Double, repeats: Bool = false, ambient: Bool = false,
        _ block: @escaping (Timer) -> Void
    ) -> Timer {
        let timer = Timer(
            deadline: clock.now + delay, interval: repeats ? max(delay, 0.001) : nil,
            isAmbient: ambient, block: block)
        timers.append(timer)
        return timer
    }

    /// The earliest deadline of a valid timer, if any.
    public var nextDeadline: Double? {
        timers.lazy.filter(\.isValid).map(\.deadline).min()
    }

    /// Whether any valid timer is pending.
    public var isEmpty: Bool { !timers.contains { $0.isValid } }

    /// Fires every timer whose deadline has passed, once each.
    public func fireDue() {
        let now = clock.now
        let due = timers.filter { $0.isValid && $0.deadline <= now }
        for timer in due where timer.isValid {
            if let interval = timer.interval {
                // Skip missed periods rather than firing a burst.
                timer.deadline += interval * max(1, ((now - timer.deadline) / interval).rounded(.down) + 1)
            } else {
                timer.isValid = false
            }
            if !timer.isAmbient { workFired += 1 }
            timer.block(timer)
        }
        timers.removeAll { !$0.isValid }
    }
}
