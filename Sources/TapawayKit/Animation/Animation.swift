/// How an animation's progress maps to time.
public enum AnimationCurve: String, Sendable {
    /// Constant speed: progress grows in step with time.
    case linear
    /// Slow at both ends.
    case easeInOut
    /// Fast start, gentle stop: the keypad's curve.
    case easeOut

    /// The eased progress for a linear time fraction `t` in 0...1.
    public func value(at t: Double) -> Double {
        let t = min(max(t, 0), 1)
        switch self {
        case .linear: return t
        case .easeInOut: return t < 0.5 ? 4 * t * t * t : 1 - pow3(-2 * t + 2) / 2
        case .easeOut: return 1 - pow3(1 - t)
        }
    }
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
