/// `Application` is what hosts drive: most of `HostedApplication` is its own API; the rest,
/// the window and timer steps of a host's loop, is spelled here.
extension Application: HostedApplication {
    /// The window's dirty area, taken (see `Window.takeDirtyRect()`).
    public func takeDirtyRect(of window: Window) -> Rect? {
        window.takeDirtyRect()
    }

    /// Draws the window's views that meet `rect` (see `View.render(_:in:)`).
    public func render(_ window: Window, _ rect: Rect, in canvas: Canvas) {
        window.render(rect, in: canvas)
    }

    /// The run loop's earliest timer deadline (see `TimerQueue.nextDeadline`).
    public var nextTimerDeadline: Double? { timers.nextDeadline }

    /// Fires the run loop's due timers (see `TimerQueue.fireDue()`).
    public func fireDueTimers() { timers.fireDue() }

    /// How many timers that are work have fired (see `TimerQueue.workFired`).
    public var timerWorkFired: Int { timers.workFired }
}
