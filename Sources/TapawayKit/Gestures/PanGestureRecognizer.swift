/// Recognises a drag, as `UIPanGestureRecognizer`: it begins once a finger has moved
/// `minimumMovement` pixels, changes as it moves, and ends when the fingers lift.
@MainActor
open class PanGestureRecognizer: GestureRecognizer {
    /// How far a finger moves before the pan begins, in pixels.
    public var minimumMovement = 10.0
    private var lastCentroid: Point = .zero
    private var startCentroid: Point = .zero
    private var lastTime = 0.0
    /// The latest velocity in screen pixels per second.
    public private(set) var velocity: Point = .zero
    /// The movement since the pan began, in screen pixels.
    public private(set) var translation: Point = .zero
    /// The movement since the previous change, in screen pixels.
    public private(set) var delta: Point = .zero

    private var centroid: Point {
        let live = touches.filter { !$0.phase.isFinished }
        let set = live.isEmpty ? touches : live
        guard !set.isEmpty else { return .zero }
        return Point(
            x: set.map(\.locationInScreen.x).reduce(0, +) / Double(set.count),
            y: set.map(\.locationInScreen.y).reduce(0, +) / Double(set.count))
    }

    /// Notes where the fingers start.
    open override func touchesBegan(_ touches: [Touch], with event: Event) {
        if state == .possible {
            startCentroid = centroid
            lastCentroid = startCentroid
            lastTime = event.timestamp
        }
    }

    /// Begins after enough movement, then reports changes.
    open override func touchesMoved(_ touches: [Touch], with event: Event) {
        let now = centroid
        delta = Point(x: now.x - lastCentroid.x, y: now.y - lastCentroid.y)
        let dt = max(event.timestamp - lastTime, 0.001)
        velocity = Point(x: delta.x / dt, y: delta.y / dt)
        lastCentroid = now
        lastTime = event.timestamp
        translation = Point(x: now.x - startCentroid.x, y: now.y - startCentroid.y)
        switch state {
        case .possible:
            if now.distance(to: startCentroid) >= minimumMovement { transition(to: .began) }
        case .began, .changed:
            transition(to: .changed)
        default:
            break
        }
    }

    /// Ends the pan when the last finger lifts; a sequence that never moved enough fails.
    open override func touchesEnded(_ touches: [Touch], with event: Event) {
        guard self.touches.allSatisfy({ $0.phase.isFinished }) else { return }
        // A finger that rested before lifting has no speed left.
        if event.timestamp - lastTime > 0.1 { velocity = .zero }
        if state == .began || state == .changed { transition(to: .ended) } else { fail("did not move far enough") }
    }

    /// Forgets the translation and the start, ready for the next pan.
    open override func reset() {
        translation = .zero
        velocity = .zero
        delta = .zero
    }
}
