import TapawayKit

/// Which pointer an X button or motion event came from.
enum PointerSource: Hashable {
    /// The ordinary mouse: every core event, and XInput2's client pointer. It goes through the
    /// Kit's `MouseTouches`, so it keeps the pinned finger and the pinch pair.
    case mouse
    /// Another XInput2 master pointer, by device id: a finger of its own.
    case device(Int32)
}

/// The one mapping from X pointer input to the Kit's fingers, used by the core-event path and
/// the XInput2 path alike; each path only says which pointer an event came from.
///
/// - Button 1 is a finger: the mouse's goes through `MouseTouches` (with Ctrl, a pinch pair);
///   another master pointer's is finger `10 + device id`.
/// - Button 2 pastes the primary selection into the input under the pointer (X's middle click).
/// - Button 3 on the mouse pins a finger, or lifts the pinned one.
/// - Buttons 4 to 7 are wheel clicks: a scroll of `wheelStep` points on the press.
/// - Motion moves a finger whose button 1 is down; motion with no button down is ignored.
/// - A touch-screen touch is finger `100 + touch id`.
@MainActor
final class PointerMapping {
    /// How far one wheel click scrolls, in points.
    static let wheelStep = 40.0
    /// The first finger id of master pointers other than the mouse (plus the device id).
    static let devicePointerBase = 10
    /// The first finger id of touch-screen touches (plus the touch id).
    static let touchBase = 100

    /// The pointers whose button 1 is down.
    private var down: Set<PointerSource> = []

    /// A button went down (`pressed`) or up on `source` at `point`, in Kit points; `control`
    /// says whether Ctrl was held.
    func button(
        _ button: UInt32, pressed: Bool, from source: PointerSource, at point: Point, control: Bool,
        timestamp: Double, application app: any HostedApplication
    ) {
        switch button {
        case 1:
            if pressed {
                down.insert(source)
                switch source {
                case .mouse: app.mouse.press(.left, at: point, modifiers: control ? [.control] : [], timestamp: timestamp)
                case .device(let id): app.handlePointer(id: finger(of: id), phase: .began, at: point, timestamp: timestamp)
                }
            } else if down.remove(source) != nil {
                switch source {
                case .mouse: app.mouse.release(.left, at: point, timestamp: timestamp)
                case .device(let id): app.handlePointer(id: finger(of: id), phase: .ended, at: point, timestamp: timestamp)
                }
            }
        case 2 where pressed:
            app.pastePrimarySelection(at: point)
        case 3 where pressed && source == .mouse:
            app.mouse.press(.right, at: point, timestamp: timestamp)
        case 4...7 where pressed:
            // Wheel clicks come as press/release pairs: act on the press. Positive dy reveals
            // content below (wheel down), positive dx content to the right.
            let step = Self.wheelStep
            let delta: Point
            switch button {
            case 4: delta = Point(x: 0, y: -step)
            case 5: delta = Point(x: 0, y: step)
            case 6: delta = Point(x: -step, y: 0)
            default: delta = Point(x: step, y: 0)
            }
            app.handleScroll(by: delta, at: point, timestamp: timestamp)
        default:
            break
        }
    }

    /// `source` moved to `point`; its finger follows if its button 1 is down.
    func motion(from source: PointerSource, to point: Point, timestamp: Double, application app: any HostedApplication) {
        guard down.contains(source) else { return }
        switch source {
        case .mouse: app.mouse.move(to: point, timestamp: timestamp)
        case .device(let id): app.handlePointer(id: finger(of: id), phase: .moved, at: point, timestamp: timestamp)
        }
    }

    /// Touch `touch` of a touch screen began, moved or ended at `point`.
    func touch(_ touch: Int32, phase: TouchPhase, at point: Point, timestamp: Double, application app: any HostedApplication) {
        app.handlePointer(id: Self.touchBase + Int(touch % 900), phase: phase, at: point, timestamp: timestamp)
    }

    private func finger(of device: Int32) -> Int { Self.devicePointerBase + Int(device) }
}
