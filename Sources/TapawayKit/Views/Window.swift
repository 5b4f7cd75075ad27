/// A top-level view that owns a platform window, holds the first responder and delivers events, as
/// `UIWindow`.
///
/// Subclasses override `sendEvent(_:)` to look at every event before delivery.
@MainActor
open class Window: View {
    /// Where a window sits in the stack.
    public enum Level: Int, Comparable, Sendable {
        /// Host chrome beside the simulated screen (never the key window, never "in" the app).
        case chrome = -10
        /// The app's own windows, at the level a UIKit app's windows are.
        case normal = 0
        /// The keypad's window, above the app.
        case keyboard = 100
        /// Host chrome that may lie over the simulated screen and its keypad (a sidebar opened
        /// from its folded strip in a narrow window); beside the screen it overlaps nothing.
        case drawer = 150
        /// Cards shown over everything (the help card).
        case overlay = 200
        /// Orders levels so that a higher level is greater and sits above.
        public static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }
    }

    /// The window's level in the stack.
    public let level: Level
    weak var attachedApplication: Application?
    /// The platform's side of the window, set when it joins an application.
    public var platformWindow: PlatformWindow? {
        didSet {
            platformWindow?.setFrame(frame)
            platformWindow?.setVisible(!isHidden)
        }
    }
    /// The responder that has keyboard focus in this window.
    public internal(set) var firstResponder: Responder?

    private var dirty: Rect = .zero

    /// Creates a window with a frame in screen coordinates.
    public init(frame: Rect, level: Level = .normal) {
        self.level = level
        super.init(frame: frame)
        backgroundColor = .white
    }

    /// A window is its own window.
    open override var window: Window? { self }
    /// Events a window does not handle go to the application.
    open override var next: Responder? { application }

    override public var frame: Rect {
        didSet {
            guard frame != oldValue else { return }
            platformWindow?.setFrame(frame)
            if frame.size != oldValue.size { invalidate(bounds) }
        }
    }

    /// Converts a point in screen coordinates to the window's.
    public override func convert(fromScreen point: Point) -> Point {
        Point(x: point.x - frame.minX + boundsOrigin.x, y: point.y - frame.minY + boundsOrigin.y)
    }

    /// Shows or hides the platform window too.
    public func setVisible(_ visible: Bool) {
        isHidden = !visible
        platformWindow?.setVisible(visible)
        if visible { invalidate(bounds) }
    }

    // MARK: Focus

    /// Moves focus to `responder` (nil to clear it): the old first responder resigns, the new one
    /// becomes, and the application is told once, so moving focus between two text inputs keeps the
    /// keypad up.
    ///
    /// With `force`, the old responder's `canResignFirstResponder` is not asked.
    @discardableResult
    public func transferFirstResponder(to responder: Responder?, force: Bool = false) -> Bool {
        let old = firstResponder
        if old === responder { return true }
        if let old, !force, !old.canResignFirstResponder { return false }
        firstResponder = nil
        old?.didResignFirstResponder()
        if let responder {
            firstResponder = responder
            responder.didBecomeFirstResponder()
        }
        application?.firstResponderDidChange(in: self, from: old, to: responder)
        return true
    }

    // MARK: Events

    /// Delivers an event to the window's views: touches to the views they began in, keys to the first
    /// responder, scrolls to the scroll view under the pointer.
    ///
    /// Override it to act on every event before delivery, and call `super.sendEvent(_:)` to deliver it.
    open func sendEvent(_ event: Event) {
        switch event.type {
        case .touches: deliverTouches(of: event)
        case .key:
            guard let key = event.keyInput else { return }
            (firstResponder ?? self).keyDown(key, with: event)
        case .scroll: deliverScroll(of: event)
        }
    }

    /// Makes a touch that has just begun go to `view` instead of the view it hit (nil: to no view and
    /// no recognizer), before delivery.
    ///
    /// For code that takes a touch over at its start, as a React Native scroll view that becomes the
    /// responder in the capture phase, or a Flutter tap region that consumes the tap down. Only a touch
    /// of this window in its `began` phase can be redirected.
    public func redirect(_ touch: Touch, to view: View?) {
        guard touch.phase == .began, touch.window === self, !touch.viewSawBegan else { return }
        precondition(view.map { $0.window === self } ?? true, "a touch can only go to a view of its own window")
        touch.view = view
    }

    /// Delivers the window's touches: first to the gesture recognizers of each touch's view and its
    /// ancestors, then to the views, as UIKit does.
    ///
    /// A recognizer that claims a touch (and cancels touches in view) turns the rest of the view's
    /// sequence into touches-cancelled; `delaysTouchesBegan` / `delaysTouchesEnded` hold those phases
    /// back until it decides. Stationary touches are not delivered.
    public func deliverTouches(of event: Event) {
        let mine = event.touches(for: self)
        let changed = mine.filter { $0.phase != .stationary }
        for touch in changed where touch.phase == .began {
            touch.gestureRecognizers = recognizers(for: touch.view).filter { $0.shouldReceive?($0, touch) ?? true }
            for recognizer in touch.gestureRecognizers { recognizer.touches.append(touch) }
        }
        var involved: [GestureRecognizer] = []
        for touch in changed {
            for recognizer in touch.gestureRecognizers where !involved.contains(where: { $0 === recognizer }) {
                involved.append(recognizer)
            }
        }
        for recognizer in involved where recognizer.isEnabled && recognizer.view != nil {
            for phase in [TouchPhase.began, .moved, .ended, .cancelled] {
                let touches = changed.filter { $0.phase == phase && $0.gestureRecognizers.contains { $0 === recognizer } }
                guard !touches.isEmpty, recognizer.state != .failed else { continue }
                switch phase {
                case .began: recognizer.touchesBegan(touches, with: event)
                case .moved: recognizer.touchesMoved(touches, with: event)
                case .ended: recognizer.touchesEnded(touches, with: event)
                case .cancelled: recognizer.touchesCancelled(touches, with: event)
                case .stationary: break
                }
            }
        }
        // A recognizer that decided now releases what it held for touches of earlier events
        // first, so views see phases in the order the fingers made them.
        for recognizer in involved {
            for touch in recognizer.touches
            where !changed.contains(where: { $0 === touch })
                && (touch.heldBegan || touch.heldEnded)
            {
                releaseHeld(touch, event: event)
            }
        }
        for touch in changed { deliverToView(touch, event: event) }
        for recognizer in involved { recognizer.resetIfFinished() }
    }

    private func recognizers(for view: View?) -> [GestureRecognizer] {
        var result: [GestureRecognizer] = []
        var current = view
        while let v = current {
            result.append(contentsOf: v.gestureRecognizers.filter(\.isEnabled))
            current = v.superview
        }
        return result
    }

    private func claimed(_ touch: Touch) -> Bool {
        // A recognizer that recognised keeps its claim even if its action removed it from its view.
        touch.gestureRecognizers.contains { $0.hasClaimedTouches && $0.cancelsTouchesInView }
    }

    private func pending(_ touch: Touch, delaying keyPath: KeyPath<GestureRecognizer, Bool>) -> Bool {
        touch.gestureRecognizers.contains { $0.isPossible && $0[keyPath: keyPath] && $0.view != nil }
    }

    private func deliverToView(_ touch: Touch, event: Event) {
        guard let view = touch.view else { return }
        // A touch whose view stopped taking touches while it was down (its screen slides away)
        // is cancelled for the view, as a touch a recognizer claimed is.
        if claimed(touch) || !view.isUserInteractionEnabledInHierarchy {
            if touch.viewSawBegan && !touch.isCancelledForView { view.touchesCancelled([touch], with: event) }
            touch.isCancelledForView = true
            touch.heldBegan = false
            touch.heldEnded = false
            return
        }
        guard !touch.isCancelledForView else { return }
        releaseHeld(touch, event: event)
        switch touch.phase {
        case .began:
            if pending(touch, delaying: \.delaysTouchesBegan) {
                touch.heldBegan = true
            } else {
                touch.viewSawBegan = true
                view.touchesBegan([touch], with: event)
            }
        case .moved:
            if touch.viewSawBegan { view.touchesMoved([touch], with: event) }
        case .ended:
            if touch.heldBegan || (touch.viewSawBegan && pending(touch, delaying: \.delaysTouchesEnded)) {
                touch.heldEnded = true
            } else if touch.viewSawBegan {
                view.touchesEnded([touch], with: event)
            }
        case .cancelled:
            if touch.viewSawBegan { view.touchesCancelled([touch], with: event) }
        case .stationary:
            break
        }
    }

    /// Delivers what was held back for `recognizer`'s touches once it decided outside an event
    /// (a multi-tap recognizer whose wait ran out).
    func flushHeldTouches(for recognizer: GestureRecognizer) { flushHeldTouches(recognizer.touches) }

    /// Delivers, or cancels for their views, what was held back of `touches` once the
    /// recognizers that held them decided outside their own event (a multi-tap recognizer's
    /// earlier taps, when it fails on its timer or recognises on a later tap).
    func flushHeldTouches(_ touches: [Touch]) {
        guard !touches.isEmpty else { return }
        let event = Event(touches: touches, timestamp: application?.clock.now ?? 0)
        for touch in touches { releaseHeld(touch, event: event) }
    }

    /// Delivers phases held back for recognizers that have since decided.
    private func releaseHeld(_ touch: Touch, event: Event) {
        guard let view = touch.view, touch.heldBegan || touch.heldEnded else { return }
        if claimed(touch) || !view.isUserInteractionEnabledInHierarchy {
            if touch.viewSawBegan && !touch.isCancelledForView { view.touchesCancelled([touch], with: event) }
            touch.heldBegan = false
            touch.heldEnded = false
            touch.isCancelledForView = true
            return
        }
        if touch.heldBegan && !pending(touch, delaying: \.delaysTouchesBegan) {
            touch.heldBegan = false
            touch.viewSawBegan = true
            view.touchesBegan([touch], with: event)
        }
        if touch.heldEnded && !touch.heldBegan && !pending(touch, delaying: \.delaysTouchesEnded) {
            touch.heldEnded = false
            view.touchesEnded([touch], with: event)
        }
    }

    private func deliverScroll(of event: Event) {
        let point = convert(fromScreen: event.scrollLocation)
        var view = hitTest(point)
        while let current = view {
            if let scroll = current as? ScrollView, scroll.isScrollEnabled {
                scroll.scroll(by: event.scrollDelta)
                return
            }
            view = current.superview
        }
    }

    /// Whether the window receives every key while it is shown, whatever holds focus in the
    /// others (a modal card over the app): see `Application.keyWindow`.
    public var takesKeysWhileShown = false

    /// Tab and Shift+Tab move focus between text inputs in reading order; Escape ends editing.
    ///
    /// Other keys go on to the application.
    open override func keyDown(_ key: KeyInput, with event: Event) {
        if FocusNavigation.handle(key, in: self) { return }
        super.keyDown(key, with: event)
    }

    /// The window's touches-began default: nothing (the window is the end of the view chain).
    open override func touchesBegan(_ touches: [Touch], with event: Event) {}
    /// Does nothing: a window is the last view a moved touch can reach.
    open override func touchesMoved(_ touches: [Touch], with event: Event) {}
    /// Does nothing: a window is the last view a lifted touch can reach.
    open override func touchesEnded(_ touches: [Touch], with event: Event) {}
    /// Does nothing: a window is the last view a cancelled touch can reach.
    open override func touchesCancelled(_ touches: [Touch], with event: Event) {}

    // MARK: Drawing and layout

    /// Drawn over everything in the window, in window coordinates, after the views: instruments
    /// such as touch markers, each told the window, the canvas and the rectangle being drawn.
    ///
    /// Invalidate the areas they cover when they change; cancel the token to stop drawing.
    public let overlayRenderers = ObserverList<(window: Window, canvas: Canvas, rect: Rect)>()

    /// Runs the overlay renderers.
    open override func drawOverlay(_ rect: Rect, in canvas: Canvas) {
        overlayRenderers.notify((self, canvas, rect))
    }

    /// Adds `rect` (in window coordinates) to the area to repaint.
    public func invalidate(_ rect: Rect) {
        let r = rect.integral.intersection(bounds)
        guard !r.isEmpty else { return }
        dirty = dirty.union(r)
        platformWindow?.invalidate(r)
        application?.setNeedsFrame()
    }

    /// The area to repaint since the last call, or nil when nothing changed; clears it.
    public func takeDirtyRect() -> Rect? {
        guard !dirty.isEmpty else { return nil }
        defer { dirty = .zero }
        return dirty
    }

    /// Whether part of the window waits to be repainted.
    public var hasDirtyRect: Bool { !dirty.isEmpty }

    func layoutRequested() { application?.setNeedsFrame() }
    func geometryDidChange() { application?.geometryDidChange() }

    /// A panel: each of the program's windows (the app's, the keypad's, the chrome's) is one
    /// group of elements, named by its `accessibilityLabel`.
    open override var accessibilityRole: AccessibilityRole? { .panel }
}
