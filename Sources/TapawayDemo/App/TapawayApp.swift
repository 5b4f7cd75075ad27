import TapawayKit

/// The Tapaway program without its platform: the dismissing window with the standard form, the
/// keypad, and the trace wiring. The executable gives it an `Application` backed by X11; tests give
/// it a headless one.
@MainActor
public final class TapawayApp {
    /// The application.
    public let application: Application
    /// The scenario shown.
    public let scenario: Scenario
    /// The app's window: the technique under study.
    public let window: DismissingWindow
    /// The form.
    public let form: StandardForm
    /// The trace, if one was asked for.
    public private(set) var tracer: Tracer?
    private var observers: [ObserverToken] = []

    /// The default window size: the keypad covers `notes` but leaves `submit` visible.
    public nonisolated static let defaultSize = Size(width: 390, height: 720)

    /// Builds the app's window and form and adds them to `application`.
    public init(application: Application, scenario: Scenario = .sendEvent) {
        self.application = application
        self.scenario = scenario
        let screen = Rect(origin: .zero, size: application.screenSize)
        window = DismissingWindow(frame: screen, notificationCenter: application.notificationCenter)
        window.identifier = "window"
        window.backgroundColor = Palette.groupedBackground
        form = StandardForm(frame: screen)
        form.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        window.addSubview(form)
        application.addWindow(window)
        window.onDecision = { [weak self] decision in self?.tracer?.decision(decision) }
    }

    /// Focuses the text input with `identifier`; returns false when there is none.
    @discardableResult
    public func focus(_ identifier: String) -> Bool {
        guard let view = window.view(withIdentifier: identifier), view.canBecomeFirstResponder else { return false }
        return view.becomeFirstResponder()
    }

    /// The identifiers that `focus(_:)` accepts.
    public var focusableIdentifiers: [String] { form.inputs.compactMap(\.identifier) }

    /// Starts writing the trace to `tracer`.
    public func attach(_ tracer: Tracer) {
        self.tracer = tracer
        let app = application
        app.touchObservers.append { [weak tracer] touch in tracer?.touch(touch) }
        app.focusObservers.append { [weak tracer] responder in tracer?.focus(responder) }
        app.controlEventObservers.append { [weak tracer] control, event in
            // Drags inside and outside fire on every move; the trace keeps the meaningful events.
            guard event != .touchDragInside, event != .touchDragOutside else { return }
            tracer?.action(control, event)
        }
        app.frameObservers.append { [weak tracer, unowned app] in tracer?.layoutIfChanged(app) }
        let center = app.notificationCenter
        let phases: [(NotificationName, String)] = [
            (.keyboardWillShow, "willShow"), (.keyboardDidShow, "didShow"),
            (.keyboardWillHide, "willHide"), (.keyboardDidHide, "didHide"),
        ]
        for (name, phase) in phases {
            observers.append(center.addObserver(forName: name) { [weak tracer] note in
                tracer?.keypad(phase: phase, notification: note)
            })
        }
        observers.append(center.addObserver(forName: .textFieldDidChange) { [weak tracer] note in
            guard let field = note.object as? TextField else { return }
            tracer?.text(id: field.traceName, text: field.text, secure: field.isSecureTextEntry)
        })
        observers.append(center.addObserver(forName: .textViewDidChange) { [weak tracer] note in
            guard let view = note.object as? TextView else { return }
            tracer?.text(id: view.traceName, text: view.text, secure: false)
        })
    }

    /// Writes the `ready` line and the first `layout` line: call once the first frame is on screen.
    public func didBecomeReady() {
        tracer?.ready(scenario: scenario.rawValue, window: application.screenSize)
        tracer?.layoutIfChanged(application, force: true)
    }

    isolated deinit {
        for token in observers { application.notificationCenter.removeObserver(token) }
    }
}
