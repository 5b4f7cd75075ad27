/// A view that shows part of a larger content area and scrolls it by dragging and by the wheel, as
/// `UIScrollView`.
///
/// Its `boundsOrigin` is the content offset.
@MainActor
open class ScrollView: View {
    /// The size of the scrollable content.
    public var contentSize: Size = .zero { didSet { clampOffset() } }
    /// Extra space around the content (the keypad's height at the bottom, while it shows).
    public var contentInset: EdgeInsets = .zero { didSet { clampOffset() } }
    /// Whether the safe area adds to `contentInset`, as `UIScrollView.contentInsetAdjustmentBehavior`.
    public var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic {
        didSet { clampOffset() }
    }
    /// The insets that limit scrolling: `contentInset` plus the part of the safe area the scroll view
    /// overlaps (top and bottom, for a scroll view that scrolls vertically), as
    /// `UIScrollView.adjustedContentInset`.
    ///
    /// A technique that sets the bottom inset to the keypad's whole overlap while the home indicator's
    /// inset is added too leaves a gap the height of that inset under the content: the well-known bug,
    /// visible here.
    public var adjustedContentInset: EdgeInsets {
        guard contentInsetAdjustmentBehavior == .automatic else { return contentInset }
        let safe = safeAreaInsets
        var inset = contentInset
        inset.top += safe.top
        inset.bottom += safe.bottom
        return inset
    }
    /// Whether the user can scroll.
    public var isScrollEnabled = true
    /// Whether a drag may go past the content's edge (UIKit's `bounces`, true by default).
    ///
    /// Only with it do `alwaysBounceVertical` and `alwaysBounceHorizontal` mean anything.
    public var bounces = true
    /// Whether a vertical drag begins even when the content fits (UIKit's `alwaysBounceVertical`, false
    /// by default).
    ///
    /// Without it, a scroll view whose content fits never begins a drag, so its `keyboardDismissMode`
    /// never acts: the common fix on iOS.
    public var alwaysBounceVertical = false
    /// Whether a horizontal drag begins even when the content fits (UIKit's
    /// `alwaysBounceHorizontal`, false by default).
    public var alwaysBounceHorizontal = false
    /// Called whenever the content offset changes.
    public var onScroll: ((ScrollView) -> Void)?
    /// How a drag in the scroll view dismisses the keypad, as `UIScrollView.keyboardDismissMode`.
    public var keyboardDismissMode: KeyboardDismissMode = .none
    /// The drag recognizer that scrolls the content.
    public let panGestureRecognizer = PanGestureRecognizer()
    /// Whether a new touch reaches the content only after a moment (about 150 ms), once it is
    /// clear the finger is not scrolling (UIKit's `delaysContentTouches`, true by default): a
    /// quick drag then never sends a control its touch-down, nor a cancel.
    public var delaysContentTouches = true { didSet { contentTouchDelay.isEnabled = delaysContentTouches } }
    /// Whether a drag may take a touch the content is already tracking (UIKit's
    /// `canCancelContentTouches`, true by default); `touchesShouldCancel(in:)` decides per view.
    public var canCancelContentTouches = true
    private let contentTouchDelay = ContentTouchDelay()
    private var scrollAnimation: Animation?
    private var interactiveDismissal = false

    /// Creates a scroll view.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        panGestureRecognizer.identifier = "scroll-pan"
        panGestureRecognizer.shouldBegin = { [weak self] recognizer in self?.panShouldBegin(recognizer) ?? false }
        panGestureRecognizer.addAction { [weak self] recognizer in self?.handlePan(recognizer as! PanGestureRecognizer) }
        addGestureRecognizer(panGestureRecognizer)
        // A scroll view that cannot scroll has nothing to wait for (inferred: UIKit's delay
        // belongs to scrolling). The input being edited is not kept waiting: UIKit's text
        // inputs place the caret and select through recognizers of their own, which see a
        // touch at once whatever the scroll view delays.
        contentTouchDelay.shouldReceive = { [weak self] _, touch in
            guard let self, self.isScrollEnabled else { return false }
            return touch.view?.isFirstResponder != true
        }
        addGestureRecognizer(contentTouchDelay)
    }

    /// Whether a drag takes a touch away from `view`, which is already tracking it: as UIKit's
    /// default, yes unless the view is a control (a button, a switch, a text field), so a drag
    /// that begins on a control after the delay does not scroll.
    open func touchesShouldCancel(in view: View) -> Bool { !(view is Control) }

    /// Whether the content is larger than the view in either direction.
    public var canScroll: Bool { canScrollVertically || canScrollHorizontally }

    /// Whether the content, with its insets, is taller than the view.
    public var canScrollVertically: Bool {
        let inset = adjustedContentInset
        return contentSize.height + inset.top + inset.bottom > bounds.height + 0.5
    }

    /// Whether the content, with its insets, is wider than the view.
    public var canScrollHorizontally: Bool {
        let inset = adjustedContentInset
        return contentSize.width + inset.left + inset.right > bounds.width + 0.5
    }

    /// Whether a drag can begin at all: the content is larger than the view, or the view bounces and is
    /// told to always bounce.
    ///
    /// UIKit documents that with `alwaysBounceVertical` the scroll view "allows vertical dragging even
    /// if the content is smaller than the bounds"; without it no drag begins, and no keyboard dismiss
    /// mode acts.
    public var canBeginDrag: Bool {
        canScroll || (bounces && (alwaysBounceVertical || alwaysBounceHorizontal))
    }

    /// A nested scroll view that can scroll wins the drag, as in UIKit.
    private func panShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        guard isScrollEnabled else { return false }
        // Content that is already tracking the touch (the delay passed) keeps it unless the
        // scroll view may cancel it.
        for touch in recognizer.touches where touch.viewSawBegan && !touch.isCancelledForView {
            guard let tracking = touch.view, tracking !== self else { continue }
            if !canCancelContentTouches || !touchesShouldCancel(in: tracking) { return false }
        }
        for touch in recognizer.touches {
            var view = touch.view
            while let current = view, current !== self {
                if let inner = current as? ScrollView, inner.isScrollEnabled, inner.canScroll { return false }
                view = current.superview
            }
        }
        return canBeginDrag
    }

    private func handlePan(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began:
            scrollAnimation?.cancel()
            interactiveDismissal = false
            if keyboardDismissMode == .onDrag { window?.firstResponder?.resignFirstResponder() }
            applyDrag(pan)
        case .changed:
            applyDrag(pan)
        case .ended, .cancelled:
            if interactiveDismissal, let keyboard = application?.keyboard {
                let shouldHide = pan.velocity.y > 300 || keyboard.interactiveOffset > keyboard.height / 2
                interactiveDismissal = false
                if shouldHide && pan.state == .ended {
                    keyboard.endInteractiveDismissal(hide: true)
                    window?.firstResponder?.resignFirstResponder()
                } else {
                    keyboard.endInteractiveDismissal(hide: false)
                }
            }
        default:
            break
        }
    }

    private func applyDrag(_ pan: PanGestureRecognizer) {
        if canScroll {
            let dx = contentSize.width > bounds.width ? -pan.delta.x : 0
            contentOffset = clamped(Point(x: contentOffset.x + dx, y: contentOffset.y - pan.delta.y))
        }
        guard keyboardDismissMode == .interactive, let keyboard = application?.keyboard,
            keyboard.state == .shown, let touch = pan.touches.first(where: { !$0.phase.isFinished })
        else { return }
        let below = touch.locationInScreen.y - keyboard.shownFrame.minY
        if below > 0 || interactiveDismissal {
            interactiveDismissal = true
            keyboard.setInteractiveOffset(below)
        }
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
        let inset = adjustedContentInset
        return Point(
            x: max(-inset.left, contentSize.width + inset.right - bounds.width),
            y: max(-inset.top, contentSize.height + inset.bottom - bounds.height))
    }

    /// The offset limited to the scrollable range.
    public func clamped(_ offset: Point) -> Point {
        let maxOffset = maximumOffset
        let inset = adjustedContentInset
        return Point(
            x: min(max(offset.x, -inset.left), maxOffset.x),
            y: min(max(offset.y, -inset.top), maxOffset.y))
    }

    private func clampOffset() {
        let c = clamped(contentOffset)
        if c != contentOffset { contentOffset = c }
    }

    // MARK: Touches

    /// A scroll view keeps the touches that reach it: they do not travel on up the responder
    /// chain to its superview or view controller, as UIKit's scroll view is reported to do (a
    /// view controller's `touchesBegan` never hears a touch on a scroll view's background).
    open override func touchesBegan(_ touches: [Touch], with event: Event) {}
    /// Keeps moved touches from the next responder, as `touchesBegan` does.
    open override func touchesMoved(_ touches: [Touch], with event: Event) {}
    /// Keeps lifted touches from the next responder, as `touchesBegan` does.
    open override func touchesEnded(_ touches: [Touch], with event: Event) {}
    /// Keeps cancelled touches from the next responder, as `touchesBegan` does.
    open override func touchesCancelled(_ touches: [Touch], with event: Event) {}

    /// Keeps the offset within the content after a resize.
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
        scrollAnimation = app.animate(
            duration: duration, curve: .easeInOut,
            step: { [weak self] t in
                self?.contentOffset = Point(x: start.x + (target.x - start.x) * t, y: start.y + (target.y - start.y) * t)
            })
    }

    /// Scrolls the least amount that makes `rect` (in content coordinates) visible, with `margin`
    /// around it, within the area left by the content insets.
    public func scrollRectToVisible(_ rect: Rect, animated: Bool, margin: Double = 8) {
        let visibleTop = contentOffset.y
        let inset = adjustedContentInset
        let visibleHeight = bounds.height - inset.bottom - max(0, inset.top)
        var y = contentOffset.y
        if rect.maxY + margin > visibleTop + visibleHeight { y = rect.maxY + margin - visibleHeight }
        if rect.minY - margin < y { y = rect.minY - margin }
        setContentOffset(Point(x: contentOffset.x, y: y), animated: animated)
    }
}

/// Whether a scroll view adds the safe area to its content insets, as
/// `UIScrollView.ContentInsetAdjustmentBehavior` (its two common values).
public enum ContentInsetAdjustmentBehavior: String, Sendable, CaseIterable {
    /// The safe area's top and bottom add to the insets (UIKit's default for a scroll view
    /// that scrolls vertically).
    case automatic
    /// The insets are `contentInset` alone.
    case never
}

/// How dragging a scroll view dismisses the keypad, as `UIScrollView.KeyboardDismissMode`.
public enum KeyboardDismissMode: String, Sendable, CaseIterable {
    /// Dragging does not dismiss.
    case none
    /// The keypad goes away when a drag begins.
    case onDrag
    /// The keypad follows a drag that goes down into it, and hides or springs back on release.
    case interactive
}
