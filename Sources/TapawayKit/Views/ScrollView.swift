/// A view that shows part of a larger content area and scrolls it by dragging and by the wheel,
/// as `UIScrollView`. Its `boundsOrigin` is the content offset.
@MainActor
open class ScrollView: View {
    /// The size of the scrollable content.
    public var contentSize: Size = .zero { didSet { clampOffset() } }
    /// Extra space around the content (the keypad's height at the bottom, while it shows).
    public var contentInset: EdgeInsets = .zero { didSet { clampOffset() } }
    /// Whether the user can scroll.
    public var isScrollEnabled = true
    /// Called whenever the content offset changes.
    public var onScroll: ((ScrollView) -> Void)?
    private var dragTouch: Touch?
    private var scrollAnimation: Animation?

    /// Creates a scroll view.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
    }

    /// The content offset: which content point is at the view's top-left.
    public var contentOffset: Point {
        get { boundsOrigin }
        set {
            boundsOrigin = newValue
            onScroll?(self)
        }
    }

    /// The largest offsets that still show content (with insets).
    public var maximumOffset: Point {
        Point(x: max(-contentInset.left, contentSize.width + contentInset.right - bounds.width),
              y: max(-contentInset.top, contentSize.height + contentInset.bottom - bounds.height))
    }

    /// The offset limited to the scrollable range.
    public func clamped(_ offset: Point) -> Point {
        let maxOffset = maximumOffset
        return Point(x: min(max(offset.x, -contentInset.left), maxOffset.x),
                     y: min(max(offset.y, -contentInset.top), maxOffset.y))
    }

    private func clampOffset() {
        let c = clamped(contentOffset)
        if c != contentOffset { contentOffset = c }
    }

    /// Keeps the offset in range when the view resizes.
    open override func layoutSubviews() {
        super.layoutSubviews()
        clampOffset()
    }

    /// Scrolls by `delta` (positive `y` reveals content further down), within range.
    public func scroll(by delta: Point) {
        scrollAnimation?.cancel()
        contentOffset = clamped(Point(x: contentOffset.x + delta.x, y: contentOffset.y + delta.y))
    }

    /// Sets the content offset, optionally with a short eased animation.
    public func setContentOffset(_ offset: Point, animated: Bool, duration: Double = 0.25) {
        scrollAnimation?.cancel()
        let target = clamped(offset)
        guard animated, let app = application, target != contentOffset else {
            contentOffset = target
            return
        }
        let start = contentOffset
        scrollAnimation = app.animate(duration: duration, curve: .easeInOut, step: { [weak self] t in
            self?.contentOffset = Point(x: start.x + (target.x - start.x) * t, y: start.y + (target.y - start.y) * t)
        })
    }

    /// Scrolls the least amount that makes `rect` (in content coordinates) visible, with `margin`
    /// around it, within the area left by the content insets.
    public func scrollRectToVisible(_ rect: Rect, animated: Bool, margin: Double = 8) {
        let visibleTop = contentOffset.y
        let visibleHeight = bounds.height - contentInset.bottom - max(0, contentInset.top)
        var y = contentOffset.y
        if rect.maxY + margin > visibleTop + visibleHeight { y = rect.maxY + margin - visibleHeight }
        if rect.minY - margin < y { y = rect.minY - margin }
        setContentOffset(Point(x: contentOffset.x, y: y), animated: animated)
    }

    /// A drag that bubbles up from the content starts scrolling.
    open override func touchesBegan(_ touches: [Touch], with event: Event) {
        if dragTouch == nil, isScrollEnabled { dragTouch = touches.first; scrollAnimation?.cancel() }
    }

    /// Follows the drag.
    open override func touchesMoved(_ touches: [Touch], with event: Event) {
        guard let drag = dragTouch, touches.contains(where: { $0 === drag }) else { return }
        let dy = drag.previousLocationInScreen.y - drag.locationInScreen.y
        let dx = contentSize.width > bounds.width ? drag.previousLocationInScreen.x - drag.locationInScreen.x : 0
        contentOffset = clamped(Point(x: contentOffset.x + dx, y: contentOffset.y + dy))
    }

    /// Ends the drag.
    open override func touchesEnded(_ touches: [Touch], with event: Event) {
        if let drag = dragTouch, touches.contains(where: { $0 === drag }) { dragTouch = nil }
    }

    /// Ends the drag.
    open override func touchesCancelled(_ touches: [Touch], with event: Event) {
        if let drag = dragTouch, touches.contains(where: { $0 === drag }) { dragTouch = nil }
    }
}
