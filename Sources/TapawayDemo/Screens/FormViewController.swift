import TapawayKit

/// A scenario's screen: the standard form under the navigation bar, plus whatever the scenario's
/// technique needs. Subclasses implement one technique each.
@MainActor
open class FormViewController: ViewController {
    /// The scenario this screen shows.
    public let scenario: Scenario
    /// The form.
    public let form: StandardForm
    /// Called with every decision the technique makes (for the trace and the inspector).
    public var onDecision: ((DismissalDecision) -> Void)?

    /// Creates the screen for `scenario`.
    public init(scenario: Scenario) {
        self.scenario = scenario
        form = StandardForm(backgroundIsControl: scenario == .backgroundControl)
        super.init()
        title = scenario.title
    }

    /// The root view: a container holding the form (so the form can shrink inside it).
    open override func loadView() {
        let container = View()
        container.backgroundColor = Palette.groupedBackground
        form.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        container.addSubview(form)
        setView(container)
    }

    /// Sizes the form to the container.
    open override func viewWillAppear(_ animated: Bool) {
        form.frame = view.bounds
    }

    /// The notification centre of the application the screen is in.
    var notificationCenter: NotificationCenter? { view.application?.notificationCenter }

    /// The text input being edited in this screen, if any.
    public var editingInput: View? {
        guard let responder = view.window?.firstResponder as? View, responder.isDescendant(of: view) else { return nil }
        return responder
    }

    /// Reports a decision of this screen's technique.
    func report(_ action: DismissalDecision.Action, _ reason: String, touches: [Touch] = []) {
        let responder = editingInput
        let facts = touches.map { touch in
            DismissalDecision.TouchFact(
                touch: touch.identifier, phase: touch.phase, view: touch.view?.traceName,
                canBecomeFirstResponder: touch.view?.canBecomeFirstResponder ?? false,
                insideFirstResponder: responder.map { r in touch.view.map { $0.isDescendant(of: r) } ?? false } ?? false)
        }
        onDecision?(DismissalDecision(strategy: scenario.rawValue, action: action, reason: reason,
                                      firstResponder: responder?.traceName, touches: facts))
    }
}

/// The `send-event` screen: the technique lives in the window (`DismissingWindow`), so the screen
/// only shows the form.
@MainActor
public final class SendEventViewController: FormViewController {
    /// Creates the screen.
    public init() { super.init(scenario: .sendEvent) }
}

/// The `keyboard-manager` screen: the form alone; `KeyboardManager.shared` does the rest, enabled
/// for this screen's class by the app's one line.
@MainActor
public final class KeyboardManagerViewController: FormViewController {
    /// Creates the screen.
    public init() { super.init(scenario: .keyboardManager) }
}
