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
package final class DismissingWindow: AppWindow {
    /// The text input being edited, as learnt from the notifications.
    package private(set) weak var currentFirstResponder: View?
    /// Whether the technique is active.
    ///
    /// A window made on its own is; the app's window is only while the `send-event` screen is on top.
    package var isDismissalEnabled = true

    /// Follows the screen on top: the rule runs only under its own technique.
    package override var activeTechnique: TechniqueID? {
        didSet { isDismissalEnabled = activeTechnique == .sendEvent }
    }

    private let observers = ObserverBag()

    /// Creates the window and starts observing the editing notifications of `notificationCenter`.
    package required init(frame: Rect, notificationCenter: NotificationCenter) {
        super.init(frame: frame, notificationCenter: notificationCenter)
        startObservingFirstResponder()
    }

    isolated deinit {
        stopObservingFirstResponder()
    }

    private func startObservingFirstResponder() {
        for name in [NotificationName.textFieldDidBeginEditing, .textViewDidBeginEditing] {
            observers.add(
                notificationCenter.addObserver(forName: name) { [weak self] note in
                    self?.currentFirstResponder = note.object as? View
                })
        }
        for name in [NotificationName.textFieldDidEndEditing, .textViewDidEndEditing] {
            observers.add(
                notificationCenter.addObserver(forName: name) { [weak self] note in
                    guard let self, let ended = note.object as? View, ended === self.currentFirstResponder else { return }
                    self.currentFirstResponder = nil
                })
        }
    }

    /// Stops observing the editing notifications (also done when the window goes away).
    package func stopObservingFirstResponder() {
        observers.cancelAll()
    }

    /// Adjusts the first responder for the event, then delivers it normally.
    package override func sendEvent(_ event: Event) {
        if event.type == .touches && isDismissalEnabled {
            adjustFirstResponder(for: event)
        }
        super.sendEvent(event)
    }

    /// Applies the rule to one event: posts the decision first (so a trace reads cause before
    /// effect), then resigns the first responder if that is the decision.
    @discardableResult
    package func adjustFirstResponder(for event: Event) -> DismissalDecision {
        let decision = decide(for: event)
        decisionObservers.notify(decision)
        if decision.action == .resign { currentFirstResponder?.resignFirstResponder() }
        return decision
    }

    /// What the rule decides for `event`, without acting on it.
    package func decide(for event: Event) -> DismissalDecision {
        let responder = currentFirstResponder
        let seen = DismissalDecision(
            technique: .sendEvent, action: .none, reason: "", firstResponder: responder,
            touches: event.touches(for: self))
        func verdict(_ action: DismissalDecision.Action, _ reason: String) -> DismissalDecision {
            var decision = seen
            decision.action = action
            decision.reason = reason
            return decision
        }
        let facts = seen.touches
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
