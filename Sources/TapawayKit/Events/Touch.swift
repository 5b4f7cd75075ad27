/// Where a touch is in its life.
public enum TouchPhase: String, Sendable, CaseIterable {
    /// The finger went down in this event.
    case began
    /// The finger moved since the last event.
    case moved
    /// The finger is down and did not move in this event.
    case stationary
    /// The finger lifted in this event; the touch ends.
    case ended
    /// The system took the touch away (a window closed, a gesture claimed it…).
    case cancelled

    /// Whether the touch is over (ended or cancelled).
    public var isFinished: Bool { self == .ended || self == .cancelled }
}

/// One finger on the screen, from touch-down to lift.
///
/// As in UIKit, a touch keeps the view (and window) it began in for its whole life,
/// even when it moves outside that view.
@MainActor
public final class Touch {
    /// A number that identifies the finger while it is down.
    public let identifier: Int
    /// The phase in the event being delivered.
    public internal(set) var phase: TouchPhase
    /// The view the touch began in (the result of hit testing at touch-down).
    public internal(set) var view: View?
    /// The window the touch began in.
    public internal(set) weak var window: Window?
    /// When the touch last changed, in seconds.
    public internal(set) var timestamp: Double
    /// The number of quick taps at this place (1 for a single tap, 2 for a double…).
    public internal(set) var tapCount: Int
    /// The gesture recognizers that receive this touch (those of its view and the view's ancestors).
    public internal(set) var gestureRecognizers: [GestureRecognizer] = []
    /// Whether the view has been sent touches-began for this touch.
    var viewSawBegan = false
    /// Whether a recognizer took the touch away from its view.
    public internal(set) var isCancelledForView = false
    var heldBegan = false
    var heldEnded = false
    /// The location in screen coordinates.
    public internal(set) var locationInScreen: Point
    /// The previous location in screen coordinates.
    public internal(set) var previousLocationInScreen: Point
    /// Where the touch began, in screen coordinates.
    public let startLocationInScreen: Point

    /// Creates a touch; the application creates touches from platform input.
    public init(identifier: Int, phase: TouchPhase, locationInScreen: Point, timestamp: Double, tapCount: Int = 1) {
        self.identifier = identifier
        self.phase = phase
        self.locationInScreen = locationInScreen
        self.previousLocationInScreen = locationInScreen
        self.startLocationInScreen = locationInScreen
        self.timestamp = timestamp
        self.tapCount = tapCount
    }

    /// The location in `view`'s coordinates (in the touch's window when `view` is nil).
    public func location(in view: View?) -> Point {
        if let view { return view.convert(fromScreen: locationInScreen) }
        if let window { return window.convert(fromScreen: locationInScreen) }
        return locationInScreen
    }

    /// The previous location in `view`'s coordinates.
    public func previousLocation(in view: View?) -> Point {
        if let view { return view.convert(fromScreen: previousLocationInScreen) }
        if let window { return window.convert(fromScreen: previousLocationInScreen) }
        return previousLocationInScreen
    }
}
