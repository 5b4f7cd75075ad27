import Glibc
import TapawayKit

/// The Kit's clock on Linux: `CLOCK_MONOTONIC`, in seconds.
final class MonotonicClock: Clock {
    /// Creates a clock reading `CLOCK_MONOTONIC`, which no change of wall time moves.
    init() {}

    /// Seconds since an arbitrary fixed point (boot, on Linux); never goes backwards.
    var now: Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1_000_000_000
    }
}
