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

    /// Creates a window.
    public init() {}
    /// Records a frame.
    public func setFrame(_ frame: Rect) { self.frame = frame; frameHistory.append(frame) }
    /// Records visibility.
    public func setVisible(_ visible: Bool) { isVisible = visible }
    /// Records an invalidation.
    public func invalidate(_ rect: Rect) { invalidated.append(rect) }
    /// Forgets the invalidations.
    public func reset() { invalidated.removeAll() }
}
