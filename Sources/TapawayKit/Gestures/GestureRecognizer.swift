/// Recognises a gesture from the touches in its view and sends its actions, as `UIGestureRecognizer`.
///
/// The window gives it every touch that begins in its view (or the view's subviews) before the
/// hit-tested view gets it; when it recognises and `cancelsTouchesInView` is true, the view receives
/// touches-cancelled instead of the rest of the sequence.
@MainActor
open class GestureRecognizer {
    /// Where a recognizer is in its life.
    public enum State: String, Sendable {
        /// Watching touches, not decided yet.
        case possible
        /// A continuous gesture started.
        case began
        /// A continuous gesture changed.
        case changed
        /// The gesture ended; for a discrete gesture (a tap), it was recognized.
        case ended
        /// A continuous gesture was cancelled.
        case cancelled
        /// It will not recognise this sequence of touches.
        case failed

        /// A discrete gesture's "recognized" is `ended`.
        public static let recognized = State.ended
    }

    /// The state.
    ///
    /// Subclasses move it; the actions run on began, changed, ended and cancelled.
    public internal(set) var state: State = .possible
    /// The view the recognizer is attached to.
    public internal(set) weak var view: View?
    /// Whether it looks at touches at all.
    public var isEnabled = true
    /// Whether recognising takes the touches away from the view (touches-cancelled).
    ///
    /// `true` by default.
    public var cancelsTouchesInView = true
    /// Whether it recognises along with the views under its touches rather than letting them refuse it
    /// (a control's own single tap, a text input's): as SwiftUI's `simultaneousGesture` does.
    ///
    /// False by default, as in UIKit.
    public var recognizesAlongWithViews = false
    /// Whether the view gets touches-began only once this recognizer has failed.
    ///
    /// `false` by default.
    public var delaysTouchesBegan = false
    /// Whether the view gets touches-ended only once this recognizer has decided.
    ///
    /// `true` by default.
    public var delaysTouchesEnded = true
    /// A name for traces and the inspector.
    public var identifier: String?
    /// Asked before the recognizer leaves `possible` for a recognised state; false makes it fail.
    public var shouldBegin: ((GestureRecognizer) -> Bool)?
    /// Asked for each new touch before the recognizer sees it, as
    /// `gestureRecognizer(_:shouldReceive:)` of UIKit's delegate: false, and the recognizer never
    /// hears of that touch (it neither counts as one of its fingers nor is cancelled by it).
    public var shouldReceive: ((GestureRecognizer, Touch) -> Bool)?
    /// Called on every state change, after the actions (for traces and inspectors).
    public var onStateChange: ((GestureRecognizer, State) -> Void)?
    /// Why the recognizer last failed, in words.
    public internal(set) var failureReason: String?

    private var actions: [(GestureRecognizer) -> Void] = []
    /// The touches it is following.
    public internal(set) var touches: [Touch] = []

    /// Creates a recognizer with an optional action.
    public init(action: ((GestureRecognizer) -> Void)? = nil) {
        if let action { actions.append(action) }
    }

    /// Adds an action, called when the gesture is recognised or changes.
    public func addAction(_ action: @escaping (GestureRecognizer) -> Void) { actions.append(action) }

    /// The number of touches it is following.
    public var numberOfTouches: Int { touches.count }

    /// The centroid of its touches in `view`'s coordinates.
    public func location(in view: View?) -> Point {
        guard !touches.isEmpty else { return .zero }
        let points = touches.map { $0.location(in: view) }
        return Point(
            x: points.map(\.x).reduce(0, +) / Double(points.count),
            y: points.map(\.y).reduce(0, +) / Double(points.count))
    }

    /// Whether it is still deciding.
    public var isPossible: Bool { state == .possible }
    /// Whether it has claimed its touches (recognised, or a continuous gesture under way).
    public var hasClaimedTouches: Bool { state == .began || state == .changed || state == .ended }

    // MARK: For subclasses

    /// Touches began in the recognizer's view.
    open func touchesBegan(_ touches: [Touch], with event: Event) {}
    /// Called when touches the recognizer tracks move; does nothing unless overridden.
    open func touchesMoved(_ touches: [Touch], with event: Event) {}
    /// Called when touches the recognizer tracks lift; does nothing unless overridden.
    open func touchesEnded(_ touches: [Touch], with event: Event) {}
    /// Its touches were cancelled.
    open func touchesCancelled(_ touches: [Touch], with event: Event) {
        if state == .began || state == .changed { transition(to: .cancelled) } else { fail("touches cancelled") }
    }
    /// Returns to `possible` after a gesture ends or fails; subclasses clear their own state.
    open func reset() {}

    /// Moves to `newState`.
    ///
    /// Leaving `possible` for a recognised state asks `shouldBegin` and the views the touches are in; a
    /// refusal makes it fail.
    public func transition(to newState: State) {
        guard newState != state || newState == .changed else { return }
        if state == .possible && (newState == .began || newState == .ended) {
            if let refusal = refusalReason() {
                fail(refusal)
                return
            }
        }
        state = newState
        if newState != .failed && newState != .possible {
            for action in actions { action(self) }
        }
        onStateChange?(self, newState)
    }

    /// Moves a possible recognizer to failed, keeping `reason` for the trace.
    public func fail(_ reason: String) {
        guard state == .possible else { return }
        failureReason = reason
        state = .failed
        onStateChange?(self, .failed)
    }

    private func refusalReason() -> String? {
        if let shouldBegin, !shouldBegin(self) { return "its delegate said no" }
        if let view, !view.gestureRecognizerShouldBegin(self) { return "its view said no" }
        for touch in touches where !recognizesAlongWithViews {
            if let hit = touch.view, hit !== view, !hit.gestureRecognizerShouldBegin(self) {
                return hit.refusal(of: self)
            }
        }
        return nil
    }

    func resetIfFinished() {
        guard touches.allSatisfy({ $0.phase.isFinished }) else { return }
        touches.removeAll()
        if state != .possible {
            state = .possible
            failureReason = nil
            reset()
        }
    }
}

extension View {
    /// The recognizers attached to this view.
    public var gestureRecognizers: [GestureRecognizer] { attachedRecognizers }

    /// Attaches a recognizer; it gets the touches that begin in this view or its subviews.
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        recognizer.view?.removeGestureRecognizer(recognizer)
        recognizer.view = self
        attachedRecognizers.append(recognizer)
    }

    /// Detaches `recognizer` from the view, so it sees no more touches.
    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        attachedRecognizers.removeAll { $0 === recognizer }
        if recognizer.view === self { recognizer.view = nil }
    }
}
