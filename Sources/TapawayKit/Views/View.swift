/// A rectangular area that draws itself, lays out subviews and handles touches, as `UIView`.
@MainActor
open class View: Responder {
    /// The view's rectangle in its superview's coordinates.
    ///
    /// A size below zero (a layout that subtracts margins from a window of a few pixels) is taken as
    /// zero: a view never has a negative width or height, and neither has a frame in the trace.
    public var frame: Rect {
        didSet {
            if frame.size.width < 0 || frame.size.height < 0 {
                frame.size = Size(width: max(0, frame.size.width), height: max(0, frame.size.height))
            }
            guard frame != oldValue else { return }
            if frame.size != oldValue.size {
                setNeedsLayout()
                resizeSubviews(from: oldValue.size)
            }
            superview?.setNeedsDisplay(oldValue)
            superview?.setNeedsDisplay(frame)
            window?.geometryDidChange()
        }
    }
    /// The origin of the view's own coordinate space; a scroll view moves it to scroll.
    public var boundsOrigin: Point = .zero {
        didSet {
            guard boundsOrigin != oldValue else { return }
            setNeedsDisplay()
            window?.geometryDidChange()
        }
    }
    /// The view's rectangle in its own coordinates.
    public var bounds: Rect { Rect(origin: boundsOrigin, size: frame.size) }

    /// The view that contains this one.
    public private(set) weak var superview: View?
    /// The views this one contains, back to front.
    public private(set) var subviews: [View] = []

    /// A name for tests, traces and the inspector (`name`, `submit`, `key-a`…).
    public var identifier: String?
    /// Whether touches may land in this view (and its subviews).
    ///
    /// `true` by default.
    open var isUserInteractionEnabled = true
    /// Whether the view (and its subviews) is hidden: not drawn, not hit.
    public var isHidden = false {
        didSet {
            guard isHidden != oldValue else { return }
            superview?.setNeedsDisplay(frame)
            window?.geometryDidChange()
        }
    }
    /// Opacity applied to the view's fill colour; a view with alpha below 0.01 is not hit.
    public var alpha: Double = 1 { didSet { if alpha != oldValue { setNeedsDisplay() } } }
    /// The fill drawn before `draw(_:in:)`.
    public var backgroundColor: Color = .clear { didSet { if backgroundColor != oldValue { setNeedsDisplay() } } }
    /// Whether drawing is clipped to the bounds.
    ///
    /// `true` by default.
    public var clipsToBounds = true

    private var needsLayout = true
    /// Whether a view inside this one is marked for layout: a frame's layout pass descends only
    /// into subtrees that have something to lay out, so a frame costs what changed, not the
    /// number of views.
    private var subtreeNeedsLayout = false
    var attachedRecognizers: [GestureRecognizer] = []
    /// The view controller whose root view this is, if any.
    public internal(set) weak var viewController: ViewController?

    /// Creates a view with a frame.
    public init(frame: Rect = .zero) {
        self.frame = Rect(origin: frame.origin, size: Size(width: max(0, frame.size.width), height: max(0, frame.size.height)))
        super.init()
    }

    /// How the view follows its superview's size changes, as UIKit's autoresizing mask.
    public var autoresizingMask: AutoresizingMask = []

    private func resizeSubviews(from old: Size) {
        let dw = frame.width - old.width, dh = frame.height - old.height
        for subview in subviews where !subview.autoresizingMask.isEmpty {
            var f = subview.frame
            let m = subview.autoresizingMask
            if m.contains(.flexibleWidth) { f.size.width += dw }
            if m.contains(.flexibleHeight) { f.size.height += dh }
            if m.contains(.flexibleLeftMargin) { f.origin.x += dw }
            if m.contains(.flexibleTopMargin) { f.origin.y += dh }
            subview.frame = f
        }
    }

    // MARK: Hierarchy

    /// The window the view is in, if any: kept as the view joins and leaves windows, since
    /// hit tests, conversions and layout ask for it at every level of the tree.
    open var window: Window? { windowCache }
    /// The window found when the view last joined or left one.
    private weak var windowCache: Window?
    /// A view's first responder lives in its window.
    open override var responderWindow: Window? { window }
    /// The view controller when this is its root view, else the superview: touches and keys not
    /// handled here go there.
    open override var next: Responder? { viewController ?? superview }

    /// Adds `view` on top of the other subviews, taking it from its old superview.
    public func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` among the subviews at `index` (0 is at the back).
    public func insertSubview(_ view: View, at index: Int) {
        precondition(view !== self, "a view cannot contain itself")
        let oldWindow = view.window
        view.detach()
        subviews.insert(view, at: min(max(index, 0), subviews.count))
        view.superview = self
        if view.needsLayout || view.subtreeNeedsLayout { markSubtreeNeedsLayout() }
        setNeedsDisplay(view.frame)
        if oldWindow !== window { view.didMoveToWindowRecursively() }
        window?.geometryDidChange()
    }

    /// Takes the view out of its superview; if it holds focus, focus is resigned first, and
    /// forced: a responder that refuses to resign when asked cannot stay first responder once
    /// it has left its window.
    public func removeFromSuperview() {
        guard superview != nil else { return }
        if let window, let responder = window.firstResponder as? View, responder.isDescendant(of: self) {
            window.transferFirstResponder(to: nil, force: true)
        }
        let hadWindow = window != nil
        let oldWindow = window
        superview?.setNeedsDisplay(frame)
        detach()
        oldWindow?.geometryDidChange()
        if hadWindow { didMoveToWindowRecursively() }
    }

    private func detach() {
        guard let parent = superview else { return }
        parent.subviews.removeAll { $0 === self }
        superview = nil
    }

    private func didMoveToWindowRecursively() {
        windowCache = superview?.window
        needsLayout = true
        subtreeNeedsLayout = !subviews.isEmpty
        superview?.markSubtreeNeedsLayout()
        didMoveToWindow()
        for subview in subviews { subview.didMoveToWindowRecursively() }
    }

    /// Called when the view joins or leaves a window.
    open func didMoveToWindow() {}

    /// Whether this view is `other` or inside it.
    public func isDescendant(of other: View) -> Bool {
        var view: View? = self
        while let current = view {
            if current === other { return true }
            view = current.superview
        }
        return false
    }

    /// The first view in this subtree (depth first, this view included) with `identifier`.
    public func view(withIdentifier identifier: String) -> View? {
        if self.identifier == identifier { return self }
        for subview in subviews {
            if let found = subview.view(withIdentifier: identifier) { return found }
        }
        return nil
    }

    /// Every view in this subtree, depth first, this view first.
    public func allViews() -> [View] {
        var result: [View] = [self]
        for subview in subviews { result.append(contentsOf: subview.allViews()) }
        return result
    }

    /// Whether this view and every view above it take touches (`isUserInteractionEnabled`).
    ///
    /// The window cancels, for the view, a touch that was already down when this became false.
    public var isUserInteractionEnabledInHierarchy: Bool {
        var view: View? = self
        while let current = view {
            if !current.isUserInteractionEnabled { return false }
            view = current.superview
        }
        return true
    }

    /// Whether the view and all its ancestors are shown.
    public var isVisibleInHierarchy: Bool {
        var view: View? = self
        while let current = view {
            if current.isHidden || current.alpha < 0.01 { return false }
            view = current.superview
        }
        return window != nil
    }

    // MARK: Geometry

    /// Converts a point from this view's coordinates to the window's.
    public func convertToWindow(_ point: Point) -> Point {
        var p = point
        var view: View? = self
        while let current = view, !(current is Window) {
            p = Point(
                x: p.x - current.boundsOrigin.x + current.frame.minX,
                y: p.y - current.boundsOrigin.y + current.frame.minY)
            view = current.superview
        }
        if let window = view as? Window { p = p.offsetBy(dx: -window.boundsOrigin.x, dy: -window.boundsOrigin.y) }
        return p
    }

    /// Converts a point from the window's coordinates to this view's.
    public func convertFromWindow(_ point: Point) -> Point {
        let origin = convertToWindow(Point.zero)
        return Point(x: point.x - origin.x, y: point.y - origin.y)
    }

    /// Converts a rectangle from this view's coordinates to the window's.
    public func convertToWindow(_ rect: Rect) -> Rect {
        Rect(origin: convertToWindow(rect.origin), size: rect.size)
    }

    /// Converts a point from this view's coordinates to `view`'s (both in one window).
    public func convert(_ point: Point, to view: View) -> Point {
        view.convertFromWindow(convertToWindow(point))
    }

    /// Converts a rectangle from this view's coordinates to `view`'s (both in one window).
    public func convert(_ rect: Rect, to view: View) -> Rect {
        Rect(origin: convert(rect.origin, to: view), size: rect.size)
    }

    /// Converts a point in screen coordinates to this view's.
    open func convert(fromScreen point: Point) -> Point {
        guard let window else { return point }
        return convertFromWindow(window.convert(fromScreen: point))
    }

    /// This view's bounds in screen coordinates.
    public var frameInScreen: Rect {
        guard let window else { return frame }
        let r = convertToWindow(bounds)
        return r.offsetBy(dx: window.frame.minX, dy: window.frame.minY)
    }

    /// The part of this view that the device's status bar, notch, sensor housing or home indicator
    /// covers, as insets from its edges (as `UIView.safeAreaInsets`): the application's safe area,
    /// where it overlaps this view.
    ///
    /// Zero outside an application and in host chrome (windows other than the app's and the keypad's).
    public var safeAreaInsets: EdgeInsets {
        guard let window, window.level == .normal || window.level == .keyboard, let app = application else { return .zero }
        let device = app.deviceFrame
        let insets = app.safeAreaInsets
        let frame = frameInScreen
        // Each side gives at most the device's inset there, and never more than the view's size:
        // a screen sliding in from the side, or scrolled past the top, takes no larger inset.
        func clamp(_ v: Double, _ inset: Double, _ size: Double) -> Double { min(max(0, v), max(0, min(inset, size))) }
        return EdgeInsets(
            top: clamp(device.minY + insets.top - frame.minY, insets.top, frame.height),
            left: clamp(device.minX + insets.left - frame.minX, insets.left, frame.width),
            bottom: clamp(frame.maxY - (device.maxY - insets.bottom), insets.bottom, frame.height),
            right: clamp(frame.maxX - (device.maxX - insets.right), insets.right, frame.width))
    }

    /// Marks this view and every view inside it for layout (after a change every view may
    /// depend on, such as the safe area).
    public func setNeedsLayoutInHierarchy() {
        setNeedsLayout()
        for view in subviews { view.setNeedsLayoutInHierarchy() }
    }

    // MARK: Hit testing

    /// Whether `point` (in this view's coordinates) is inside it.
    open func point(inside point: Point) -> Bool { bounds.contains(point) }

    /// The deepest visible, interactive view containing `point` (in this view's coordinates),
    /// front to back, as UIKit's `hitTest(_:with:)`.
    open func hitTest(_ point: Point) -> View? {
        guard !isHidden, isUserInteractionEnabled, alpha >= 0.01, self.point(inside: point) else { return nil }
        for subview in subviews.reversed() {
            let local = Point(
                x: point.x - subview.frame.minX + subview.boundsOrigin.x,
                y: point.y - subview.frame.minY + subview.boundsOrigin.y)
            if let hit = subview.hitTest(local) { return hit }
        }
        return self
    }

    /// Whether `recognizer` (attached to this view or an ancestor) may begin for touches in this view.
    ///
    /// `true` by default; controls refuse single taps meant for their ancestors.
    open func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { true }

    /// Why this view keeps `recognizer` (on an ancestor) from beginning, in words, for
    /// inspectors and traces; asked when `gestureRecognizerShouldBegin(_:)` said no.
    open func refusal(of recognizer: GestureRecognizer) -> String {
        "\(identifiedAncestor?.identifier ?? "the view") kept the recognizer from beginning"
    }

    /// What this view loses of a tap once `recognizer` (attached to an ancestor, its touches not
    /// cancelled) has recognised it, in words, or nil when the view still handles the tap as it would
    /// have.
    ///
    /// Nil by default: with `cancelsTouchesInView` off "the view receives all touches in the
    /// multi-touch sequence" (`UIGestureRecognizer.cancelsTouchesInView`). A view whose own handling of
    /// a tap is itself a recognizer that does not recognise along with others (a table cell's
    /// selection) says what it loses, and loses it.
    open func tapLost(to recognizer: GestureRecognizer) -> String? { nil }

    // MARK: Layout

    /// Marks the view for `layoutSubviews()` before the next frame.
    public func setNeedsLayout() {
        needsLayout = true
        superview?.markSubtreeNeedsLayout()
        window?.layoutRequested()
    }

    /// Marks this view and its ancestors as holding a view to lay out, up to the first that
    /// already says so.
    private func markSubtreeNeedsLayout() {
        var view: View? = self
        while let current = view, !current.subtreeNeedsLayout {
            current.subtreeNeedsLayout = true
            view = current.superview
        }
    }

    /// Lays out this view now if it was marked, then the subviews that are or hold marked views.
    ///
    /// A view marked while the pass is under way (by a layout it set off) is laid out in the next
    /// frame's pass, as before.
    public func layoutIfNeeded() {
        guard needsLayout || subtreeNeedsLayout else { return }
        // Cleared before the pass, so that a mark made during it climbs back up to the window.
        subtreeNeedsLayout = false
        if needsLayout {
            needsLayout = false
            layoutSubviews()
        }
        for subview in subviews { subview.layoutIfNeeded() }
    }

    /// Positions the subviews; override it.
    ///
    /// The default does nothing.
    open func layoutSubviews() {}

    /// The size the view would like to have within `size`; the default keeps the frame's.
    open func sizeThatFits(_ size: Size) -> Size { frame.size }

    // MARK: Drawing

    /// Marks the whole view to be redrawn.
    public func setNeedsDisplay() { setNeedsDisplay(bounds) }

    /// Marks `rect` (in this view's coordinates) to be redrawn.
    public func setNeedsDisplay(_ rect: Rect) {
        guard let window, !rect.isEmpty else { return }
        var r = rect
        if clipsToBounds { r = r.intersection(bounds) }
        guard !r.isEmpty else { return }
        window.invalidate(convertToWindow(r))
    }

    /// Draws the view's content in its bounds; override it.
    ///
    /// The background is already filled.
    open func draw(_ rect: Rect, in canvas: Canvas) {}

    /// Draws this view and its subviews that meet `dirty` (in this view's coordinates).
    public func render(_ dirty: Rect, in canvas: Canvas) {
        guard !isHidden, alpha >= 0.01 else { return }
        canvas.save()
        if clipsToBounds { canvas.clip(to: bounds) }
        if backgroundColor.alpha > 0 {
            canvas.fill(bounds, color: backgroundColor.withAlpha(backgroundColor.alpha * alpha))
        }
        draw(dirty, in: canvas)
        for subview in subviews where !subview.isHidden {
            let inParent = subview.frame
            guard inParent.intersects(dirty) || !subview.clipsToBounds else { continue }
            canvas.save()
            canvas.translate(
                dx: subview.frame.minX - subview.boundsOrigin.x,
                dy: subview.frame.minY - subview.boundsOrigin.y)
            let local = dirty.offsetBy(
                dx: -subview.frame.minX + subview.boundsOrigin.x,
                dy: -subview.frame.minY + subview.boundsOrigin.y)
            subview.render(local, in: canvas)
            canvas.restore()
        }
        drawOverlay(dirty, in: canvas)
        canvas.restore()
    }

    /// Draws over the view and its subviews (instruments); the default draws nothing.
    open func drawOverlay(_ rect: Rect, in canvas: Canvas) {}

    // MARK: Editing

    /// Resigns the first responder if it is this view or inside it, as `UIView.endEditing(_:)`.
    ///
    /// With `force`, focus is taken even from a responder that refuses to resign.
    @discardableResult
    public func endEditing(_ force: Bool) -> Bool {
        guard let window, let responder = window.firstResponder as? View,
            responder.isDescendant(of: self)
        else { return true }
        if force { return window.transferFirstResponder(to: nil, force: true) }
        return responder.resignFirstResponder()
    }

    /// The nearest ancestor (or self) with an identifier.
    public var identifiedAncestor: View? {
        var view: View? = self
        while let current = view {
            if current.identifier != nil { return current }
            view = current.superview
        }
        return nil
    }

    /// The application of the view's window.
    public var application: Application? { window?.attachedApplication }

    // MARK: Accessibility

    /// What the view is to a screen reader; nil (the default) when it is not an element of its
    /// own: the elements inside it then count as its superview's.
    open var accessibilityRole: AccessibilityRole? { nil }
    /// What a screen reader calls the view, when someone set it; subclasses give their own
    /// (a button's title, a field's placeholder) when it is nil.
    open var accessibilityLabel: String?
    /// The view's states beyond being shown and enabled (checked, selected, focused…).
    open var accessibilityTraits: AccessibilityTraits { [] }
    /// The text the view exposes with its caret, if it holds text (secure inputs give bullets).
    open var accessibleText: AccessibleText? { nil }
    /// A name the elements of one group share (the radio buttons of one choice), so a screen
    /// reader can say "2 of 5"; nil (the default) for an element in no group.
    open var accessibilityGroup: String? { nil }
    /// The name of what `accessibilityActivate()` does (`press`, `activate`, `toggle`,
    /// `select`), or nil when the view does nothing on activation.
    open var accessibilityActionName: String? { nil }

    /// Does what a screen reader's activation (a double tap with VoiceOver, TalkBack's, an AT-SPI
    /// action) asks of the view, without a touch: no `sendEvent(_:)` sees it, as none sees UIKit's
    /// `accessibilityActivate()`.
    ///
    /// Returns whether the view did something.
    open func accessibilityActivate() -> Bool { false }

    /// Replaces the characters of `scalars` (a range of `accessibleText`'s Unicode scalars) with
    /// `text`, as AT-SPI's EditableText asks: a text input takes it as a paste from outside (one undo
    /// step, the usual notifications, a secure input's bullets counted as its characters).
    ///
    /// Returns whether the text changed hands; false (the default) for a view with no editable text.
    open func accessibilityReplaceText(in scalars: Range<Int>, with text: String) -> Bool { false }
}

/// Which parts of a view stretch when its superview resizes.
public struct AutoresizingMask: OptionSet, Sendable {
    /// The mask as bits, one per edge or dimension that stretches.
    public let rawValue: Int
    /// Creates a mask from its bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The width follows the superview's.
    public static let flexibleWidth = AutoresizingMask(rawValue: 1)
    /// The height follows the superview's.
    public static let flexibleHeight = AutoresizingMask(rawValue: 2)
    /// The view keeps its distance to the right edge.
    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 4)
    /// The view keeps its distance to the bottom edge.
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 8)
}
