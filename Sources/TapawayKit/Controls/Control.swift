/// The events a control sends to its actions, as `UIControl.Event`.
public struct ControlEvents: OptionSet, Sendable, Hashable {
    /// The events as bits, in UIKit's order (`UIControl.Event`).
    public let rawValue: Int
    /// Creates events from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// A finger went down in the control.
    public static let touchDown = ControlEvents(rawValue: 1 << 0)
    /// A finger went down again quickly (tap count above one).
    public static let touchDownRepeat = ControlEvents(rawValue: 1 << 1)
    /// A finger moved while inside the control's tracking area.
    public static let touchDragInside = ControlEvents(rawValue: 1 << 2)
    /// A finger moved while outside the control's tracking area.
    public static let touchDragOutside = ControlEvents(rawValue: 1 << 3)
    /// A finger dragged back into the tracking area.
    public static let touchDragEnter = ControlEvents(rawValue: 1 << 4)
    /// A finger dragged out of the tracking area.
    public static let touchDragExit = ControlEvents(rawValue: 1 << 5)
    /// A finger lifted inside the tracking area: the usual "tap".
    public static let touchUpInside = ControlEvents(rawValue: 1 << 6)
    /// A finger lifted outside the tracking area.
    public static let touchUpOutside = ControlEvents(rawValue: 1 << 7)
    /// The touch was cancelled.
    public static let touchCancel = ControlEvents(rawValue: 1 << 8)
    /// The control's value changed (a switch flipped).
    public static let valueChanged = ControlEvents(rawValue: 1 << 12)
    /// A text input began editing.
    public static let editingDidBegin = ControlEvents(rawValue: 1 << 16)
    /// A text input's text changed.
    public static let editingChanged = ControlEvents(rawValue: 1 << 17)
    /// A text input ended editing.
    public static let editingDidEnd = ControlEvents(rawValue: 1 << 18)
    /// Return was pressed in a single-line text input.
    public static let editingDidEndOnExit = ControlEvents(rawValue: 1 << 19)

    /// Every touch event, the low twelve bits, as `UIControl.Event.allTouchEvents`.
    public static let allTouchEvents = ControlEvents(rawValue: 0x0FFF)
    /// Every editing event, bits 16 to 19, as `UIControl.Event.allEditingEvents`.
    public static let allEditingEvents = ControlEvents(rawValue: 0xF0000)

    /// The names of the single events, in bit order, as the trace writes them.
    public static let names: [(ControlEvents, String)] = [
        (.touchDown, "touchDown"), (.touchDownRepeat, "touchDownRepeat"),
        (.touchDragInside, "touchDragInside"), (.touchDragOutside, "touchDragOutside"),
        (.touchDragEnter, "touchDragEnter"), (.touchDragExit, "touchDragExit"),
        (.touchUpInside, "touchUpInside"), (.touchUpOutside, "touchUpOutside"),
        (.touchCancel, "touchCancel"), (.valueChanged, "valueChanged"),
        (.editingDidBegin, "editingDidBegin"), (.editingChanged, "editingChanged"),
        (.editingDidEnd, "editingDidEnd"), (.editingDidEndOnExit, "editingDidEndOnExit"),
    ]

    /// The name of a single event (`touchUpInside`…); joined with `|` for a set.
    public var name: String {
        Self.names.filter { contains($0.0) }.map(\.1).joined(separator: "|")
    }
}

/// A view that tracks touches and sends control events to its actions, as `UIControl`.
@MainActor
open class Control: View {
    /// An action registered for some events.
    private struct Action {
        let id: Int
        let events: ControlEvents
        let handler: (Control, Event?) -> Void
    }

    private var actions: [Action] = []
    private var nextActionID = 0

    /// Whether the control responds to touches; a disabled control is drawn dimmed.
    public var isEnabled = true { didSet { if isEnabled != oldValue { setNeedsDisplay() } } }
    /// Whether a finger is down on the control and inside its tracking area.
    public var isHighlighted = false { didSet { if isHighlighted != oldValue { setNeedsDisplay() } } }
    /// Whether the control is selected (for controls that have such a state).
    public var isSelected = false { didSet { if isSelected != oldValue { setNeedsDisplay() } } }
    /// Whether a touch is being tracked.
    public private(set) var isTracking = false
    /// The touch the control tracks: set when it begins, kept while the actions that end it are
    /// sent (so a handler knows which finger acted), then cleared.
    public private(set) var trackedTouch: Touch?
    /// Whether the tracked touch is inside the tracking area.
    public private(set) var isTouchInside = false
    /// How far outside its bounds a tracked touch still counts as inside (UIKit uses about 70).
    public var trackingSlop = 70.0

    /// Creates an enabled control, not highlighted, with no targets.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
    }

    /// Disabled controls take no touches.
    open override func hitTest(_ point: Point) -> View? {
        guard isEnabled else { return nil }
        return super.hitTest(point)
    }

    /// Controls win their own single taps, as in UIKit since iOS 6: a single-tap recognizer on an
    /// ancestor does not begin for a tap on a control.
    open override func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        if recognizer.view !== self, let tap = recognizer as? TapGestureRecognizer,
            tap.numberOfTapsRequired == 1, tap.numberOfTouchesRequired == 1
        {
            return false
        }
        return true
    }

    /// A control handles its own single tap (UIKit documents this for buttons, switches,
    /// steppers, segmented and page controls).
    open override func refusal(of recognizer: GestureRecognizer) -> String {
        "\(identifiedAncestor?.identifier ?? "a control") handles its own tap: a control wins its single tap"
    }

    /// Registers `handler` for `events`; returns an id for `removeAction(_:)`.
    @discardableResult
    public func addAction(for events: ControlEvents, _ handler: @escaping (Control, Event?) -> Void) -> Int {
        nextActionID += 1
        actions.append(Action(id: nextActionID, events: events, handler: handler))
        return nextActionID
    }

    /// Removes the action registered under `id`.
    public func removeAction(_ id: Int) { actions.removeAll { $0.id == id } }

    /// Whether any action is registered for one of `events`.
    public func hasActions(for events: ControlEvents) -> Bool {
        actions.contains { !$0.events.intersection(events).isEmpty }
    }

    /// Sends `events` to the actions registered for them and to the application's observers.
    public func sendActions(for events: ControlEvents, with event: Event? = nil) {
        for (single, _) in ControlEvents.names where events.contains(single) {
            application?.controlEventObservers.notify((self, single))
            for action in actions where action.events.contains(single) {
                action.handler(self, event)
            }
        }
    }

    private func isInsideTrackingArea(_ point: Point) -> Bool {
        bounds.insetBy(dx: -trackingSlop, dy: -trackingSlop).contains(point)
    }

    /// Starts tracking: highlights and sends touch-down.
    open override func touchesBegan(_ touches: [Touch], with event: Event) {
        guard isEnabled, let touch = touches.first, !isTracking else { return }
        isTracking = true
        trackedTouch = touch
        isTouchInside = true
        isHighlighted = true
        sendActions(for: touch.tapCount > 1 ? [.touchDown, .touchDownRepeat] : .touchDown, with: event)
    }

    /// Follows the finger: drag inside / outside / enter / exit.
    open override func touchesMoved(_ touches: [Touch], with event: Event) {
        guard isTracking, let touch = touches.first else { return }
        let inside = isInsideTrackingArea(touch.location(in: self))
        if inside != isTouchInside {
            sendActions(for: inside ? .touchDragEnter : .touchDragExit, with: event)
        }
        isTouchInside = inside
        isHighlighted = inside
        sendActions(for: inside ? .touchDragInside : .touchDragOutside, with: event)
    }

    /// Ends tracking: touch-up inside (the "tap") or outside.
    open override func touchesEnded(_ touches: [Touch], with event: Event) {
        guard isTracking, let touch = touches.first else { return }
        let inside = isInsideTrackingArea(touch.location(in: self))
        isTracking = false
        isHighlighted = false
        isTouchInside = false
        if inside { didTapInside(with: event) }
        sendActions(for: inside ? .touchUpInside : .touchUpOutside, with: event)
        trackedTouch = nil
    }

    /// Ends tracking without an up event and sends touch-cancel, as UIKit does.
    open override func touchesCancelled(_ touches: [Touch], with event: Event) {
        guard isTracking else { return }
        isTracking = false
        isHighlighted = false
        isTouchInside = false
        sendActions(for: .touchCancel, with: event)
        trackedTouch = nil
    }

    /// Called on touch-up inside before the actions; a switch flips here.
    open func didTapInside(with event: Event) {}
}
