/// Blinks a caret: visible for half a second, hidden for half a second, solid while typing.
@MainActor
public final class CaretBlinker {
    /// Whether the caret is drawn now.
    public private(set) var isVisible = false
    private var timer: Timer?
    private let onChange: () -> Void
    /// The blink half-period in seconds.
    public static let halfPeriod = 0.53

    /// Creates a blinker that calls `onChange` whenever the caret appears or disappears.
    public init(onChange: @escaping () -> Void) { self.onChange = onChange }

    /// Shows the caret solid and restarts blinking (call on focus and after every edit): while
    /// keys come faster than the half-period, the caret never goes out.
    public func restart(timers: TimerQueue?) {
        timer?.invalidate()
        if !isVisible {
            isVisible = true
            onChange()
        }
        guard let timers else { return }
        // Ambient: a blinking caret leaves an otherwise idle program idle.
        timer = timers.schedule(after: Self.halfPeriod, repeats: true, ambient: true) { [weak self] _ in
            guard let self else { return }
            self.isVisible.toggle()
            self.onChange()
        }
    }

    /// Hides the caret and stops blinking (call on resign).
    public func stop() {
        timer?.invalidate()
        timer = nil
        if isVisible { isVisible = false; onChange() }
    }
}
