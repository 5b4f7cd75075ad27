import TapawayKit

/// The headless backend's clock: it moves only when told to, so runs are deterministic.
public final class ManualClock: Clock {
    /// The current time in seconds.
    public var now: Double
    /// Creates a clock at `start` seconds.
    public init(start: Double = 1000) { now = start }
    /// Moves the clock's time forward by `seconds`; nothing runs until the test drives the loop.
    public func advance(by seconds: Double) { now += seconds }
}
