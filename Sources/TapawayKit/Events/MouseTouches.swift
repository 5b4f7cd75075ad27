/// Turns one mouse into the touches a tester needs, as the iOS Simulator does.
///
/// - the left button is a finger (id 1);
/// - Ctrl with the left button puts down a pinch pair: finger 1 under the pointer and finger 2
///   mirrored about the centre of the simulated screen, landing, moving and lifting together in
///   one event each time;
/// - the right button pins a finger (id 3) where it is and leaves it down, as a stationary touch
///   in every event, until the right button is clicked again.
@MainActor
public final class MouseTouches {
    /// The mouse buttons that make touches.
    public enum Button: Sendable {
        /// The primary button: a finger, or a pinch pair with Ctrl.
        case left
        /// The secondary button: pins or lifts a finger.
        case right
    }

    /// The finger the left button moves.
    public static let fingerID = 1
    /// The mirrored finger of a pinch pair.
    public static let mirrorID = 2
    /// The finger the secondary button pins in place, to hold a touch while the left button taps.
    public static let pinnedID = 3

    private unowned let application: Application
    /// Where the pinned finger is, if one is down.
    public private(set) var pinnedLocation: Point?
    /// Whether the left button is down.
    public private(set) var isDown = false
    /// Whether the left button put down a pinch pair.
    public private(set) var isPinching = false

    init(application: Application) { self.application = application }

    /// The mirror image of `point` about the simulated screen's centre.
    public func mirror(of point: Point) -> Point {
        let c = application.deviceFrame.center
        return Point(x: 2 * c.x - point.x, y: 2 * c.y - point.y)
    }

    /// A button went down at `point` (screen coordinates).
    public func press(_ button: Button, at point: Point, modifiers: KeyModifiers = [], timestamp: Double) {
        switch button {
        case .left:
            guard !isDown else { return }
            isDown = true
            isPinching = modifiers.contains(.control)
            fingers(.began, at: point, timestamp: timestamp)
        case .right:
            if let pinned = pinnedLocation {
                pinnedLocation = nil
                application.handlePointer(id: Self.pinnedID, phase: .ended, at: pinned, timestamp: timestamp)
            } else {
                pinnedLocation = point
                application.handlePointer(id: Self.pinnedID, phase: .began, at: point, timestamp: timestamp)
            }
        }
    }

    /// Lifts the pinned finger where it is, as a second right click does (a button in the host's
    /// chrome offers it too); nothing when no finger is pinned.
    public func liftPinned(timestamp: Double) {
        guard let pinned = pinnedLocation else { return }
        pinnedLocation = nil
        application.handlePointer(id: Self.pinnedID, phase: .ended, at: pinned, timestamp: timestamp)
    }

    /// The pointer moved; a finger that is down follows it (and its mirror, when pinching).
    public func move(to point: Point, timestamp: Double) {
        guard isDown else { return }
        fingers(.moved, at: point, timestamp: timestamp)
    }

    /// A button came up.
    ///
    /// The right button acts on press only.
    public func release(_ button: Button, at point: Point, timestamp: Double) {
        guard button == .left, isDown else { return }
        isDown = false
        fingers(.ended, at: point, timestamp: timestamp)
        isPinching = false
    }

    /// The left button's finger, and its mirror when pinching, change together in one event.
    private func fingers(_ phase: TouchPhase, at point: Point, timestamp: Double) {
        var changes = [PointerChange(id: Self.fingerID, phase: phase, at: point)]
        if isPinching { changes.append(PointerChange(id: Self.mirrorID, phase: phase, at: mirror(of: point))) }
        application.handlePointers(changes, timestamp: timestamp)
    }
}
