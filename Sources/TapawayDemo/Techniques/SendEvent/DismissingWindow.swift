import TapawayKit

/// The window subclass at the heart of Tapaway: before delivering an event, it makes the current
/// first responder resign when there is one, no touch of the event is in it, and a new touch began
/// in a view that cannot become first responder.
///
/// It learns the first responder the way the original technique does, by observing the text field
/// and text view did-begin / did-end editing notifications, and stops observing when it goes away.
/// A new touch in another text input is left alone: that input becomes first responder on its own,
/// so focus moves with no hide-and-show of the keypad. A finger held on the focused field vetoes
/// the dismissal, whatever other fingers do.
@MainActor
public final class DismissingWindow: Window {
    /// The technique's id in traces.
    public static let strategyID = "send-event"

    /// The text input being edited, as learnt from the notifications.
    public private(set) weak var currentFirstResponder: View?
    /// Whether the technique is active (only while its scenario is on screen).
    public var isDismissalEnabled = true
    /// Called with the decision for every touch event examined.
    public var onDecision: ((DismissalDecision) -> Void)?

    private let notificationCenter: NotificationCenter
    private var observers: [ObserverToken] = []

    /// Creates the window and starts observing the editing notifications of `notificationCenter`.
    public init(frame: Rect, notificationCenter: NotificationCenter) {
        self.notificationCenter = notificationCenter
        super.init(frame: frame)
        startObservingFirstResponder()
    }

    isolated deinit {
        stopObservingFirstResponder()
    }

    private func startObservingFirstResponder() {
        for name in [NotificationName.textFieldDidBeginEditing, .textViewDidBeginEditing] {
            observers.append(notificationCenter.addObserver(forName: name) { [weak self] note in
                self?.currentFirstResponder = note.object as? View
            })
        }
        for name in [NotificationName.textFieldDidEndEditing, .textViewDidEndEditing] {
            observers.append(notificationCenter.addObserver(forName: name) { [weak self] note in
                guard let self, let ended = note.object as? View, ended === self.currentFirstResponder else { return }
                self.currentFirstResponder = nil
            })
        }
    }

    /// Stops observing the editing notifications (also done when the window goes away).
    public func stopObservingFirstResponder() {
        for token in observers { notificationCenter.removeObserver(token) }
        observers.removeAll()
    }

    /// Adjusts the first responder for the event, then delivers it normally.
    public override func sendEvent(_ event: Event) {
        if event.type == .touches && isDismissalEnabled {
            adjustFirstResponder(for: event)
        }
        super.sendEvent(event)
    }

    /// Applies the rule to one event: reports the decision to `onDecision` first (so a trace
    /// reads cause before effect), then resigns the first responder if that is the decision.
    @discardableResult
    public func adjustFirstResponder(for event: Event) -> DismissalDecision {
        let decision = decide(for: event)
        onDecision?(decision)
        if decision.action == .resign { currentFirstResponder?.resignFirstResponder() }
        return decision
    }

    /// What the rule decides for `event`, without acting on it.
    public func decide(for event: Event) -> DismissalDecision {
        let touches = event.touches(for: self)
        let responder = currentFirstResponder
        let facts = touches.map { touch in
            DismissalDecision.TouchFact(
                touch: touch.identifier, phase: touch.phase, view: touch.view?.traceName,
                canBecomeFirstResponder: touch.view?.canBecomeFirstResponder ?? false,
                insideFirstResponder: responder.map { r in touch.view.map { $0.isDescendant(of: r) } ?? false } ?? false)
        }
        func verdict(_ action: DismissalDecision.Action, _ reason: String) -> DismissalDecision {
            DismissalDecision(strategy: Self.strategyID, action: action, reason: reason,
                              firstResponder: responder?.traceName, touches: facts)
        }
        guard let responder else { return verdict(.none, "no first responder") }
        if let inside = facts.first(where: { $0.insideFirstResponder }) {
            return verdict(.keep, "touch \(inside.touch) is in the first responder")
        }
        let began = facts.filter { $0.phase == .began }
        guard !began.isEmpty else { return verdict(.keep, "no new touch") }
        guard let outside = began.first(where: { !$0.canBecomeFirstResponder }) else {
            let name = began.first?.view ?? "a view"
            return verdict(.keep, "new touch in \(name), which can become first responder")
        }
        let name = outside.view ?? "a view"
        guard responder.canResignFirstResponder else {
            return verdict(.keep, "new touch in \(name), but the first responder refuses to resign")
        }
        return verdict(.resign, "new touch in \(name), which cannot become first responder")
    }
}
