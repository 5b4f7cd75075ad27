import TapawayKit

/// A technique's screen: the standard form under the navigation bar, plus whatever the
/// technique needs. Each technique's folder holds its subclass.
@MainActor
package class FormViewController: ViewController {
    /// The technique this screen shows.
    package let technique: TechniqueID
    /// The form.
    package let form: StandardForm

    /// Creates the screen for `technique`; with `backgroundIsControl` the form's background is
    /// a `Control`.
    package init(technique: TechniqueID, backgroundIsControl: Bool = false) {
        self.technique = technique
        form = StandardForm(backgroundIsControl: backgroundIsControl)
        super.init()
        title = Techniques.technique(for: technique)?.title ?? technique.rawValue
    }

    /// The root view: a container holding the form (so the form can shrink inside it).
    package override func loadView() {
        let container = View()
        container.backgroundColor = Palette.groupedBackground
        form.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        container.addSubview(form)
        setView(container)
    }

    /// Sizes the form to the container.
    package override func viewWillAppear(_ animated: Bool) {
        form.frame = view.bounds
    }

    /// The notification centre of the application the screen is in.
    var notificationCenter: NotificationCenter? { view.application?.notificationCenter }

    /// The text input being edited in this screen, if any.
    package var editingInput: View? {
        guard let responder = view.window?.firstResponder as? View, responder.isDescendant(of: view) else { return nil }
        return responder
    }

    /// Whether the technique sets the form's `keyboardDismissMode` itself, so the general
    /// *Dragging the form* option leaves this screen alone.
    package var ownsKeyboardDismissMode: Bool { false }

    /// Whether this platform's scroll view lets a drag begin when its content fits, so that a
    /// drag-to-dismiss mode acts on a short form: false for UIKit (`alwaysBounceVertical` is
    /// false by default) and Android (`ScrollView` does not intercept a drag it cannot
    /// scroll); the screens of toolkits whose scroll views always bounce say true.
    package var platformBouncesWhenContentFits: Bool { false }

    /// Sees every touch event of the window before it is delivered, while this screen is on
    /// top: for techniques that act on touches before any view does. Does nothing by default.
    package func willDeliver(_ event: Event, in window: AppWindow) {}

    /// Sees every touch event of the window after it was delivered, while this screen is on
    /// top. Does nothing by default.
    package func didDeliver(_ event: Event, in window: AppWindow) {}

    /// Reports a decision of this screen's technique to the trace and the instruments.
    package func report(_ action: DismissalDecision.Action, _ reason: String, touches: [Touch] = []) {
        guard let center = notificationCenter else { return }
        DismissalDecision(
            technique: technique, action: action, reason: reason, firstResponder: editingInput,
            touches: touches
        ).post(to: center)
    }
}
