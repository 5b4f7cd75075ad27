/// A top-level view that owns a platform window, holds the first responder and delivers events,
/// as `UIWindow`. Subclasses override `sendEvent(_:)` to look at every event before delivery.
@MainActor
open class Window: View {
    /// Where a window sits in the stack.
    public enum Level: Int, Comparable, Sendable {
        /// The app's windows.
        case normal = 0
        /// The keypad's window, above the app.
        case keyboard = 100
        /// Orders levels.
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
    /// becomes, and the application is told once, so moving focus between two text inputs keeps
    /// the keypad up. With `force`, the old responder's `canResignFirstResponder` is not asked.
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

    /// Delivers an event to the window's views: touches to the views they began in, keys to the
    /// first responder, scrolls to the scroll view under the pointer. Override it to act on every
    /// event before delivery, and call `super.sendEvent(_:)` to deliver it.
    open func sendEvent(_ event: Event) {
        switch event.type {
        case .touches: deliverTouches(of: event)
        case .key:
            guard let key = event.keyInput else { return }
            (firstResponder ?? self).keyDown(key, with: event)
        case .scroll: deliverScroll(of: event)
        }
    }

    /// Calls `touchesBegan/Moved/Ended/Cancelled` on each view with its touches of this window,
    /// grouped by view and phase; stationary touches are not delivered.
    public func deliverTouches(of event: Event) {
        let mine = event.touches(for: self)
        for phase in [TouchPhase.began, .moved, .ended, .cancelled] {
            var groups: [(View, [Touch])] = []
            for touch in mine where touch.phase == phase {
                guard let view = touch.view else { continue }
                if let index = groups.firstIndex(where: { $0.0 === view }) {
                    groups[index].1.append(touch)
                } else {
                    groups.append((view, [touch]))
                }
            }
            for (view, touches) in groups {
                switch phase {
                case .began: view.touchesBegan(touches, with: event)
                case .moved: view.touchesMoved(touches, with: event)
                case .ended: view.touchesEnded(touches, with: event)
                case .cancelled: view.touchesCancelled(touches, with: event)
                case .stationary: break
                }
            }
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

    /// The window's touches-began default: nothing (the window is the end of the view chain).
    open override func touchesBegan(_ touches: [Touch], with event: Event) {}
    /// Nothing.
    open override func touchesMoved(_ touches: [Touch], with event: Event) {}
    /// Nothing.
    open override func touchesEnded(_ touches: [Touch], with event: Event) {}
    /// Nothing.
    open override func touchesCancelled(_ touches: [Touch], with event: Event) {}

    // MARK: Drawing and layout

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
}
