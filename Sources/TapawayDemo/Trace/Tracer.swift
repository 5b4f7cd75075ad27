import TapawayKit

/// Writes the `--trace` JSON Lines: one object per line with `t` (milliseconds since launch) and
/// `kind`.
///
/// The kinds and their fields are a public contract (see the README): fields may be added, never
/// renamed or dropped.
@MainActor
package final class Tracer {
    private let sink: TraceSink
    private let clock: Clock
    private let start: Double
    private var lastLayout: JSON?
    private var lastGeneration = -1
    private var isReady = false

    /// Creates a tracer writing to `sink`, timing from `clock`'s current time.
    ///
    /// The sink's `dropped` lines (a reader that fell behind) get a `t` like every other line.
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
    package func ready(
        scenario: String, window: Size, device: Rect? = nil, scale: Double = 1, model: DeviceState? = nil
    ) {
        isReady = true
        var fields: [(String, JSON)] = [
            ("scenario", .string(scenario)),
            ("window", .array([.number(window.width), .number(window.height)])),
        ]
        if let device { fields.append(("device", .rect(device))) }
        fields.append(("scale", .number(scale)))
        if let model { fields += Self.deviceFields(model) }
        emit("ready", fields)
    }

    /// The simulated device as the trace states it.
    package struct DeviceState: Equatable {
        /// The device's id (`iphone-15`).
        package var model: String
        /// How the device is turned: `portrait` or `landscape`.
        package var orientation: String
        /// The safe area's insets: top, left, bottom, right.
        package var safeArea: EdgeInsets
        /// Whether the window is smaller than the device, which shows only the part that fits.
        package var clipped: Bool
        /// Android's navigation mode, `three-button` or `gesture`; nil (left out of the line) on
        /// other devices.
        package var navigation: String? = nil
    }

    private static func deviceFields(_ state: DeviceState) -> [(String, JSON)] {
        let s = state.safeArea
        return [
            ("model", .string(state.model)), ("orientation", .string(state.orientation)),
            ("safeArea", .array([.number(s.top), .number(s.left), .number(s.bottom), .number(s.right)])),
            ("clipped", .bool(state.clipped)),
        ] + (state.navigation.map { [("navigation", .string($0))] } ?? [])
    }

    /// Writes a `device` line: the simulated device or its orientation changed (`frame` is the
    /// device's new frame in the window).
    ///
    /// Added fields, after the first ones: `window`, the window's size in points, and `scale`, its
    /// device pixels per point, both as the `ready` line has them (a device fitted to the work area
    /// live changes the scale).
    package func device(_ state: DeviceState, frame: Rect, window: Size, scale: Double) {
        emit(
            "device",
            [("frame", .rect(frame))] + Self.deviceFields(state) + [
                ("window", .array([.number(window.width), .number(window.height)])), ("scale", .number(scale)),
            ])
    }

    /// Writes an `accessibility` line for a screen reader's activation of an element: `event`
    /// `activate`, the element's `id`, `role`, the `action` and whether it was `handled`, the
    /// `screen` (scenario) that holds it and `via`, what the modelled platform calls.
    package func accessibilityActivation(_ activation: AccessibilityActivation, screen: String?, via: String) {
        var fields: [(String, JSON)] = [
            ("event", .string("activate")), ("id", .optional(activation.identifier)),
            ("role", .optional(activation.role?.rawValue)), ("action", .string(activation.action)),
            ("handled", .bool(activation.handled)), ("via", .string(via)),
        ]
        if let screen { fields.append(("screen", .string(screen))) }
        emit("accessibility", fields)
    }

    /// Writes an `idle` line: the program has nothing left to do.
    ///
    /// `mark` is the number of the last marker a driver sent behind its input, if one has been.
    package func idle(mark: Int? = nil) {
        emit("idle", mark.map { [("mark", .number(Double($0)))] } ?? [])
    }

    /// Writes an `avoidance` line: the numbers the avoidance strategy of `screen` used.
    ///
    /// Nothing is written before the `ready` line.
    package func avoidance(_ numbers: AvoidanceNumbers, screen: String) {
        guard isReady else { return }
        func insets(_ e: EdgeInsets) -> JSON { .array([.number(e.top), .number(e.left), .number(e.bottom), .number(e.right)]) }
        emit(
            "avoidance",
            [
                ("screen", .string(screen)), ("strategy", .string(numbers.strategy)),
                ("keyboard", numbers.keyboard.map { JSON.rect($0) } ?? .null), ("overlap", .number(numbers.overlap)),
                ("contentInset", insets(numbers.contentInset)), ("indicatorInset", insets(numbers.indicatorInset)),
                ("safeArea", insets(numbers.safeArea)), ("shift", .number(numbers.shift)),
            ])
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
            (
                "touches",
                .array(
                    d.touches.map { fact in
                        .object([
                            ("touch", .number(Double(fact.touch))), ("phase", .string(fact.phase.rawValue)),
                            ("view", .optional(fact.view)), ("canBecomeFirstResponder", .bool(fact.canBecomeFirstResponder)),
                            ("inside", .bool(fact.insideFirstResponder)),
                        ])
                    })
            ),
        ]
    }

    /// The decision as the trace writes it, without its time (what the inspector copies).
    package static func decisionLine(_ d: DismissalDecision) -> String {
        JSON.object([("kind", .string("decision"))] + decisionFields(d)).serialized
    }

    /// Writes a `touch` line. (Keypad touches while a secure field is focused never come here:
    /// `TraceWiring` leaves them out of the trace.)
    package func touch(_ touch: Touch) {
        emit(
            "touch",
            [
                ("touch", .number(Double(touch.identifier))), ("phase", .string(touch.phase.rawValue)),
                ("at", .point(touch.locationInScreen)), ("view", .optional(touch.view?.traceName)),
                ("tapCount", .number(Double(touch.tapCount))),
            ])
    }

    /// Writes a `focus` line; `screen` names the scenario whose screen holds the responder.
    package func focus(_ responder: Responder?, screen: String? = nil) {
        var fields: [(String, JSON)] = [("id", .optional((responder as? View)?.traceName))]
        if let screen { fields.append(("screen", .string(screen))) }
        emit("focus", fields)
    }

    /// Writes a `keypad` line from a keyboard notification; `keys` says whether the keys show
    /// (false while a hardware keyboard leaves only the bar at the bottom).
    package func keypad(phase: String, notification: Notification, keys: Bool = true) {
        let end = notification.userInfo[KeyboardInfoKey.frameEnd] as? Rect ?? .zero
        let begin = notification.userInfo[KeyboardInfoKey.frameBegin] as? Rect ?? .zero
        let duration = notification.userInfo[KeyboardInfoKey.animationDuration] as? Double ?? 0
        emit(
            "keypad",
            [
                ("phase", .string(phase)), ("frame", .rect(end)), ("beginFrame", .rect(begin)),
                ("duration", .number((duration * 1000).rounded() / 1000)), ("keys", .bool(keys)),
            ])
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

    /// The most characters a `text` line gives whole.
    ///
    /// A longer text is left out (the line gives `length` and `textOmitted`), so typing grows the trace
    /// linearly; its `edit` still lets a consumer rebuild it exactly. The README's trace table
    /// documents the figure.
    package static let wholeTextLimit = 256

    /// What the trace last said an input held: enough to tell whether the next change is one
    /// edit of that text (the input's change count moved by one) or the trace must resend it.
    private struct KnownText {
        weak var input: AnyObject?
        var editCount: Int
        var bytes: Int
    }
    /// Per screen and input id; as many entries as there are inputs on the screens.
    private var knownTexts: [String: KnownText] = [:]

    /// Writes a `text` line for `input` after a change of its text, `editable`.
    ///
    /// A secure field gives only its length. Any other input gives `edit`: `[from, to, inserted]`,
    /// the UTF-8 byte range the change replaced in the text as the previous `text` line of the
    /// same `id` and `screen` left it (empty before the first, and after a secure line), and the
    /// characters put there; and `text`, the whole text, up to `wholeTextLimit` characters, else
    /// `length` and `textOmitted: true`. `screen` names the scenario whose screen holds the input.
    package func text(id: String?, input: AnyObject, editable: EditableText, secure: Bool, screen: String? = nil) {
        let key = (screen ?? "") + "/" + (id ?? "")
        var fields: [(String, JSON)] = [("id", .optional(id))]
        if secure {
            knownTexts[key] = nil
            fields.append(("length", .number(Double(editable.count))))
        } else {
            // Read from the bytes the edit put in: a keystroke in a long text makes no whole string.
            let byteCount = editable.utf8Count
            let known = knownTexts[key]
            let knownBytes = known?.bytes ?? 0
            var edit: (from: Int, to: Int, inserted: String)
            if let change = editable.lastEdit,
                known.map({ $0.input === input && $0.editCount + 1 == editable.editCount }) == true
                    || (knownBytes == 0 && byteCount - change.inserted + change.removed.count == 0)
            {
                edit = (change.start, change.oldEnd, editable.string(bytes: change.start..<change.newEnd))
            } else {
                // Set from code, or first seen holding text: the edit replaces all the trace knew.
                edit = (0, knownBytes, editable.text)
            }
            knownTexts[key] = KnownText(input: input, editCount: editable.editCount, bytes: byteCount)
            fields.append(("edit", .array([.number(Double(edit.from)), .number(Double(edit.to)), .string(edit.inserted)])))
            if editable.count <= Self.wholeTextLimit {
                fields.append(("text", .string(editable.text)))
            } else {
                fields += [("length", .number(Double(editable.count))), ("textOmitted", .bool(true))]
            }
            // An input method's pre-edit is in the text while it composes: say which part.
            if let marked = (input as? any TextInput)?.markedTextRange {
                fields.append(("marked", .array([.number(Double(marked.lowerBound)), .number(Double(marked.upperBound))])))
            }
        }
        if let screen { fields.append(("screen", .string(screen))) }
        emit("text", fields)
    }

    /// Writes a `layout` line if identified views moved, showed or hid since the last one and no
    /// animation is running (the layout has settled).
    ///
    /// Nothing is written before `ready`.
    ///
    /// While a secure field is focused and the keypad is off its first layer (numbers, symbols),
    /// the line gives the keys the first layer would show in their place: the keys on view
    /// would say which class of character comes next. Everything else in the line is current,
    /// so a help card closed or a field scrolled meanwhile is still written; a layer change
    /// alone changes nothing in the line, so the trace never shows one made in a password.
    package func layoutIfChanged(_ application: Application, force: Bool = false) {
        guard isReady else { return }
        guard force || (application.geometryGeneration != lastGeneration && !application.isAnimating) else { return }
        lastGeneration = application.geometryGeneration
        let snapshot = Self.layoutSnapshot(application, firstLayerKeys: Self.keypadLayerIsSecret(application))
        guard force || snapshot != lastLayout else { return }
        lastLayout = snapshot
        emit("layout", [("views", snapshot)])
    }

    /// Whether the keypad's keys would tell something about a password: the keypad serves a
    /// secure field (focused, even under a card that takes the keys) and is on another layer
    /// than the one it starts on.
    package static func keypadLayerIsSecret(_ application: Application) -> Bool {
        guard application.keyboard.servesSecureField else { return false }
        let keypad = application.keyboard.keypadView
        return keypad.layer != keypad.firstLayer
    }

    /// Every identified view of every window: id, type, frame in screen pixels, visibility, and whether
    /// a finger can reach it (`hittable`).
    ///
    /// With `firstLayerKeys`, the keypad's keys are those of its first layer, placed where the keypad
    /// would show them now, visible (and hittable) as the keypad is.
    package static func layoutSnapshot(_ application: Application, firstLayerKeys: Bool = false) -> JSON {
        var views: [JSON] = []
        func entry(_ id: String, _ type: String, _ frame: Rect, _ visible: Bool, _ hittable: Bool) -> JSON {
            .object([
                ("id", .string(id)), ("type", .string(type)), ("frame", .rect(frame)), ("visible", .bool(visible)),
                ("hittable", .bool(hittable)),
            ])
        }
        let keypad = firstLayerKeys ? application.keyboard.keypadView : nil
        for window in application.windows {
            for view in window.allViews() where view !== window {
                if let keypad, view === keypad {
                    let origin = keypad.frameInScreen.origin, visible = keypad.isVisibleInHierarchy
                    let hittable = isHittable(keypad, in: application)
                    for key in keypad.firstLayerKeys {
                        views.append(entry(key.id, "Key", key.frame.offsetBy(dx: origin.x, dy: origin.y), visible, hittable))
                    }
                    continue
                }
                if let keypad, view is KeyView, view.superview === keypad { continue }
                guard let id = view.identifier, id != "keypad" else { continue }
                let visible = view.isVisibleInHierarchy
                views.append(
                    entry(id, typeName(view), view.frameInScreen, visible, visible && isHittable(view, in: application)))
            }
        }
        return .array(views)
    }

    /// Whether a finger can reach `view`: some of it is inside every ancestor that clips it and
    /// on the screen, and the middle of that part is under no window above its own that would
    /// take the touch (the keypad, a card, a folded panel opened over the device).
    static func isHittable(_ view: View, in application: Application) -> Bool {
        guard let window = view.window, view.isVisibleInHierarchy else { return false }
        var rect = view.frameInScreen
        var ancestor = view.superview
        while let current = ancestor {
            if current.clipsToBounds { rect = rect.intersection(current.frameInScreen) }
            ancestor = current.superview
        }
        rect = rect.intersection(Rect(origin: .zero, size: application.screenSize))
        guard rect.width > 0, rect.height > 0 else { return false }
        let middle = rect.center
        guard let index = application.windows.firstIndex(where: { $0 === window }) else { return false }
        for above in application.windows[(index + 1)...] where !above.isHidden && above.frame.contains(middle) {
            let local = Point(x: middle.x - above.frame.minX, y: middle.y - above.frame.minY)
            if above.hitTest(local) != nil { return false }
        }
        return true
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
