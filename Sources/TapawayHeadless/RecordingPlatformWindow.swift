import TapawayKit

/// A platform window that remembers its frame, visibility and invalidations.
@MainActor
public final class RecordingPlatformWindow: PlatformWindow {
    /// The last frame set.
    public private(set) var frame: Rect = .zero
    /// Whether the window is shown.
    public private(set) var isVisible = false
    /// Every frame set, in order.
    public private(set) var frameHistory: [Rect] = []
    /// The rectangles invalidated since the last `reset()`.
    public private(set) var invalidated: [Rect] = []

    /// Creates a window with no frame, hidden, that has recorded nothing yet.
    public init() {}
    /// Takes `frame` as the window's frame and appends it to `frameHistory`.
    public func setFrame(_ frame: Rect) { self.frame = frame; frameHistory.append(frame) }
    /// Takes `visible` as whether the window is shown, as a mapped X window would be.
    public func setVisible(_ visible: Bool) { isVisible = visible }
    /// Appends `rect` to the invalidations a test can read back.
    public func invalidate(_ rect: Rect) { invalidated.append(rect) }
    /// Forgets the invalidations recorded so far, so a test can look at what comes next.
    public func reset() { invalidated.removeAll() }
}
