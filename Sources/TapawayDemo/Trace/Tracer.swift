import TapawayKit

/// Writes the `--trace` JSON Lines: one object per line with `t` (milliseconds since launch) and
/// `kind`. The kinds and their fields are a public contract (see the README): fields may be added,
/// never renamed or dropped.
@MainActor
package final class Tracer {
    private let sink: TraceSink
    private let clock: Clock
    private let start: Double
    private var lastLayout: JSON?
    private var lastGeneration = -1
    private var isReady = false

    /// Creates a tracer writing to `sink`, timing from `clock`'s current time. The sink's
    /// `dropped` lines (a reader that fell behind) get a `t` like every other line.
    package init(sink: TraceSink, clock: Clock) {
        self.sink = sink
        self.clock = clock
        let start = clock.now
        self.start = start
        sink.droppedLine = { count in
            Tracer.line(at: clock.now - start, "dropped", [("count", .number(Double(count)))])
        }
    }

    /// Writes one line of `kind` with `fields`.
    package func emit(_ kind: String, _ fields: [(String, JSON)]) {
        sink.writeLine(Tracer.line(at: clock.now - start, kind, fields))
    }

    /// One serialized trace line `elapsed` seconds after the start.
    private nonisolated static func line(at elapsed: Double, _ kind: String, _ fields: [(String, JSON)]) -> String {
        let t = (elapsed * 1000 * 10).rounded() / 10
        return JSON.object([("t", .number(t)), ("kind", .string(kind))] + fields).serialized
    }

    /// Writes the `ready` line.
    package func ready(scenario: String, window: Size, device: Rect? = nil, scale: Double = 1) {
        isReady = true
        var fields: [(String, JSON)] = [("scenario", .string(scenario)),
                                        ("window", .array([.number(window.width), .number(window.height)]))]
        if let device { fields.append(("device", .rect(device))) }
        fields.append(("scale", .number(scale)))
        emit("ready", fields)
    }

    /// Writes an `idle` line: the program has nothing left to do. `mark` is the number of the
    /// last marker a driver sent behind its input, if one has been.
    package func idle(mark: Int? = nil) {
        emit("idle", mark.map { [("mark", .number(Double($0)))] } ?? [])
    }

    /// Writes a `decision` line.
    package func decision(_ d: DismissalDecision) {
        emit("decision", Self.decisionFields(d))
    }

    /// A decision line's fields after its kind.
    static func decisionFields(_ d: DismissalDecision) -> [(String, JSON)] {
        [
            ("strategy", .string(d.strategy)), ("action", .string(d.action.rawValue)), ("reason", .string(d.reason)),
            ("firstResponder", .optional(d.firstResponder)),
            ("touches", .array(d.touches.map { fact in
                .object([("touch", .number(Double(fact.touch))), ("phase", .string(fact.phase.rawValue)),
                         ("view", .optional(fact.view)), ("canBecomeFirstResponder", .bool(fact.canBecomeFirstResponder)),
                         ("inside", .bool(fact.insideFirstResponder))])
            })),
        ]
    }

    /// The decision as the trace writes it, without its time (what the inspector copies).
    package static func decisionLine(_ d: DismissalDecision) -> String {
        JSON.object([("kind", .string("decision"))] + decisionFields(d)).serialized
    }

    /// Writes a `touch` line.
    ///
    /// A `redactedWithin` frame (the keypad's, while a secure field is focused) hides which key
    /// the finger is on: `at` becomes that frame's centre, `view` becomes `keypad` and the line
    /// gains `"redacted": true`, so a password cannot be read back from the keys touched.
    package func touch(_ touch: Touch, redactedWithin keypadFrame: Rect? = nil) {
        var fields: [(String, JSON)] = [("touch", .number(Double(touch.identifier))), ("phase", .string(touch.phase.rawValue))]
        if let keypadFrame {
            fields += [("at", .point(keypadFrame.center)), ("view", .string("keypad")),
                       ("tapCount", .number(1)), ("redacted", .bool(true))]
        } else {
            fields += [("at", .point(touch.locationInScreen)), ("view", .optional(touch.view?.traceName)),
                       ("tapCount", .number(Double(touch.tapCount)))]
        }
        emit("touch", fields)
    }

    /// Writes a `focus` line; `screen` names the scenario whose screen holds the responder.
    package func focus(_ responder: Responder?, screen: String? = nil) {
        var fields: [(String, JSON)] = [("id", .optional((responder as? View)?.traceName))]
        if let screen { fields.append(("screen", .string(screen))) }
        emit("focus", fields)
    }

    /// Writes a `keypad` line from a keyboard notification.
    package func keypad(phase: String, notification: Notification) {
        let end = notification.userInfo[KeyboardInfoKey.frameEnd] as? Rect ?? .zero
        let begin = notification.userInfo[KeyboardInfoKey.frameBegin] as? Rect ?? .zero
        let duration = notification.userInfo[KeyboardInfoKey.animationDuration] as? Double ?? 0
        emit("keypad", [("phase", .string(phase)), ("frame", .rect(end)), ("beginFrame", .rect(begin)),
                        ("duration", .number((duration * 1000).rounded() / 1000))])
    }

    /// Writes an `action` line for a control event.
    package func action(_ control: Control, _ event: ControlEvents) {
        emit("action", [("id", .optional(control.traceName)), ("event", .string(event.name))])
    }

    /// Writes an `action` line for a view that is not a control (a list row's `select`).
    package func action(id: String?, event: String) {
        emit("action", [("id", .optional(id)), ("event", .string(event))])
    }

    /// Writes a `manager` line: a note from the keyboard manager (focus, Prev/Next, scrolling).
    package func manager(_ message: String, focused: String?) {
        emit("manager", [("message", .string(message)), ("focused", .optional(focused))])
    }

    /// Writes a `scenario` line: the scenario on screen changed.
    package func scenario(_ id: String) {
        emit("scenario", [("id", .string(id))])
    }

    /// Writes a `text` line; a secure field gives only its length. `screen` names the scenario
    /// whose screen holds the input.
    package func text(id: String?, text: String, secure: Bool, screen: String? = nil) {
        var fields: [(String, JSON)] = [("id", .optional(id))]
        if secure {
            fields.append(("length", .number(Double(text.count))))
        } else {
            fields.append(("text", .string(text)))
        }
        if let screen { fields.append(("screen", .string(screen))) }
        emit("text", fields)
    }

    /// Writes a `layout` line if identified views moved, showed or hid since the last one and no
    /// animation is running (the layout has settled). Nothing is written before `ready`.
    package func layoutIfChanged(_ application: Application, force: Bool = false) {
        guard isReady else { return }
        guard force || (application.geometryGeneration != lastGeneration && !application.isAnimating) else { return }
        lastGeneration = application.geometryGeneration
        let snapshot = Self.layoutSnapshot(application)
        guard force || snapshot != lastLayout else { return }
        lastLayout = snapshot
        emit("layout", [("views", snapshot)])
    }

    /// Every identified view of every window: id, type, frame in screen pixels, visibility.
    package static func layoutSnapshot(_ application: Application) -> JSON {
        var views: [JSON] = []
        for window in application.windows {
            for view in window.allViews() where view !== window {
                guard let id = view.identifier, id != "keypad" else { continue }
                views.append(.object([
                    ("id", .string(id)), ("type", .string(typeName(view))), ("frame", .rect(view.frameInScreen)),
                    ("visible", .bool(view.isVisibleInHierarchy)),
                ]))
            }
        }
        return .array(views)
    }

    private static func typeName(_ view: View) -> String {
        switch view {
        case is TextField: return "TextField"
        case is TextView: return "TextView"
        case is Button: return "Button"
        case is Switch: return "Switch"
        case is Label: return "Label"
        case is KeyView: return "Key"
        case is ScrollView: return "ScrollView"
        default: return "View"
        }
    }
}
