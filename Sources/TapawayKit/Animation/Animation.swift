/// How an animation's progress maps to time.
public enum AnimationCurve: String, Sendable {
    /// Constant speed: progress grows in step with time.
    case linear
    /// Slow at both ends.
    case easeInOut
    /// Fast start, gentle stop: the keypad's curve.
    case easeOut
    /// Android's `LINEAR_OUT_SLOW_IN_INTERPOLATOR`, `PathInterpolator(0, 0, 0.2f, 1f)`: the IME
    /// coming up with no app animation callback (`InsetsController`).
    case linearOutSlowIn = "linear-out-slow-in"
    /// Android's `FAST_OUT_LINEAR_IN_INTERPOLATOR`, `PathInterpolator(0.4f, 0f, 1f, 1f)`: the IME
    /// going away with no app animation callback.
    case fastOutLinearIn = "fast-out-linear-in"
    /// Android's `SYNC_IME_INTERPOLATOR`, `PathInterpolator(0.2f, 0f, 0f, 1f)`: the IME either way
    /// while the app has a `WindowInsetsAnimation.Callback`.
    case syncIme = "sync-ime"

    /// The eased progress for a linear time fraction `t` in 0...1.
    public func value(at t: Double) -> Double {
        let t = min(max(t, 0), 1)
        switch self {
        case .linear: return t
        case .easeInOut: return t < 0.5 ? 4 * t * t * t : 1 - pow3(-2 * t + 2) / 2
        case .easeOut: return 1 - pow3(1 - t)
        case .linearOutSlowIn: return cubicBezier(0, 0, 0.2, 1, at: t)
        case .fastOutLinearIn: return cubicBezier(0.4, 0, 1, 1, at: t)
        case .syncIme: return cubicBezier(0.2, 0, 0, 1, at: t)
        }
    }
}

/// The progress of the cubic Bézier timing curve from (0, 0) to (1, 1) through the control points
/// (x1, y1) and (x2, y2) at time `t`, as Android's `PathInterpolator` and CSS's `cubic-bezier` give
/// it: the curve's x is solved for `t` by bisection, and its y at that point returned.
private func cubicBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at t: Double) -> Double {
    func coordinate(_ a: Double, _ b: Double, _ s: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * a + 3 * u * s * s * b + s * s * s
    }
    // The ends are exact, so a slide starts and lands on its frames.
    if t <= 0 { return 0 }
    if t >= 1 { return 1 }
    var low = 0.0, high = 1.0, s = t
    for _ in 0..<40 {
        s = (low + high) / 2
        if coordinate(x1, x2, s) < t { low = s } else { high = s }
    }
    return coordinate(y1, y2, (low + high) / 2)
}

private func pow3(_ x: Double) -> Double { x * x * x }

/// A running interpolation driven by the application's frame timer.
public final class Animation {
    /// When it started, in clock seconds.
    public let start: Double
    /// How long it lasts.
    public let duration: Double
    /// The curve that maps elapsed time to progress.
    public let curve: AnimationCurve
    let step: (Double) -> Void
    let completion: ((Bool) -> Void)?
    /// Whether it is still running.
    public internal(set) var isRunning = true

    init(
        start: Double, duration: Double, curve: AnimationCurve,
        step: @escaping (Double) -> Void, completion: ((Bool) -> Void)?
    ) {
        self.start = start; self.duration = duration; self.curve = curve
        self.step = step; self.completion = completion
    }

    /// The eased progress at time `now`.
    public func progress(at now: Double) -> Double {
        duration <= 0 ? 1 : curve.value(at: (now - start) / duration)
    }

    /// Stops the animation where it is; its completion runs with `false`.
    public func cancel() {
        guard isRunning else { return }
        isRunning = false
        completion?(false)
    }
}

/// Linear interpolation between two rectangles.
public func interpolate(_ a: Rect, _ b: Rect, _ t: Double) -> Rect {
    Rect(
        x: a.minX + (b.minX - a.minX) * t, y: a.minY + (b.minY - a.minY) * t,
        width: a.width + (b.width - a.width) * t, height: a.height + (b.height - a.height) * t)
}
