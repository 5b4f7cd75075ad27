import TapawayKit

/// Connects a `Tracer` to everything the trace reports: the application's touches, focus,
/// control actions, frames (layout lines), accessibility activations, the keypad's
/// notifications, edits and the keyboard manager's notes; the techniques' decisions (from the
/// app's window); and the app's own facts (its technique, its `AppEvent`s).
///
/// Every registration is kept in one bag, which cancels them when the wiring goes away.
@MainActor
final class TraceWiring {
    private let tokens = ObserverBag()

    /// Starts sending what happens in `tapaway`, its window and its application to `tracer`.
    init(tracer: Tracer, app tapaway: TapawayApp) {
        let app = tapaway.application
        tokens.add(tapaway.window.decisionObservers.add { [weak tracer] decision in tracer?.decision(decision) })
        tokens.add(tapaway.techniqueObservers.add { [weak tracer] technique in tracer?.scenario(technique.rawValue) })
        tokens.add(
            tapaway.events.add { [weak tracer, unowned app] event in tracer?.write(event, application: app) })
        tokens.add(
            app.touchObservers.add { [weak tracer, unowned app] touch in
                // A keypad touch while a secure field is focused is not traced at all: even
                // redacted, the touches that type nothing (shift, a layer switch) between those that
                // do would tell which characters of the password needed them.
                guard Self.secureKeypadFrame(for: touch, in: app) == nil else { return }
                tracer?.touch(touch)
            })
        tokens.add(
            app.focusObservers.add { [weak tracer] responder in
                tracer?.focus(responder, screen: (responder as? View).flatMap(Self.technique(showing:))?.rawValue)
            })
        tokens.add(
            app.controlEventObservers.add { [weak tracer] control, event in
                // Drags inside and outside fire on every move; the trace keeps the meaningful events.
                guard event != .touchDragInside, event != .touchDragOutside else { return }
                tracer?.action(control, event)
            })
        tokens.add(app.frameObservers.add { [weak tracer, unowned app] in tracer?.layoutIfChanged(app) })
        tokens.add(
            app.accessibilityActivationObservers.add { [weak tracer, unowned app] view, activation in
                // A key of the keypad while it serves a secure field is left out, as its touches are.
                // (A layer key is gone from the keypad once it has switched the layer: it is still a key.)
                let onKeypad = view is KeyView || view.window === app.keyboard.window
                guard !(app.keyboard.servesSecureField && onKeypad) else { return }
                let technique = Self.technique(showing: view) ?? (app.keyboard.client as? View).flatMap(Self.technique(showing:))
                tracer?.accessibilityActivation(
                    activation, screen: technique?.rawValue,
                    via: Self.activationPath(
                        of: technique.flatMap { Techniques.technique(for: $0)?.platform }, view: view, in: app))
            })
        let center = app.notificationCenter
        let phases: [(NotificationName, String)] = [
            (.keyboardWillShow, "willShow"), (.keyboardDidShow, "didShow"),
            (.keyboardWillHide, "willHide"), (.keyboardDidHide, "didHide"),
        ]
        for (name, phase) in phases {
            tokens.add(
                center.addObserver(forName: name) { [weak tracer, unowned app] note in
                    tracer?.keypad(phase: phase, notification: note, keys: app.keyboard.usesSoftwareKeyboard)
                })
        }
        // iPad's floating keyboard posts only frame changes: they are its keypad lines.
        for (name, phase) in [
            (NotificationName.keyboardWillChangeFrame, "willChangeFrame"), (.keyboardDidChangeFrame, "didChangeFrame"),
        ] {
            tokens.add(
                center.addObserver(forName: name) { [weak tracer, unowned app] note in
                    guard app.keyboard.floats else { return }
                    tracer?.keypad(phase: phase, notification: note, keys: app.keyboard.usesSoftwareKeyboard)
                })
        }
        tokens.add(
            center.addObserver(forName: .textFieldDidChange) { [weak tracer] note in
                guard let field = note.object as? TextField else { return }
                tracer?.text(
                    id: field.traceName, input: field, editable: field.editableText, secure: field.isSecureTextEntry,
                    screen: Self.technique(showing: field)?.rawValue)
            })
        tokens.add(
            center.addObserver(forName: .textViewDidChange) { [weak tracer] note in
                guard let view = note.object as? TextView else { return }
                tracer?.text(
                    id: view.traceName, input: view, editable: view.editableText, secure: false,
                    screen: Self.technique(showing: view)?.rawValue)
            })
        tokens.add(
            center.addObserver(forName: .keyboardManagerNote) { [weak tracer] note in
                guard let message = note.userInfo["note"] as? String else { return }
                tracer?.manager(message, focused: note.userInfo["focused"] as? String)
            })
    }

    /// What the modelled platform's screen reader calls to activate an element on the screen of
    /// a technique of `platform` (none of them is a touch; docs/techniques.md says what each
    /// technique makes of it), or `host` for the program's own chrome.
    static func activationPath(of platform: TechniquePlatform?, view: View, in app: Application) -> String {
        guard view is KeyView || view.window === app.mainWindow || view.window === app.keyboard.window else { return "host" }
        switch platform {
        case .android: return "performAccessibilityAction(ACTION_CLICK)"
        case .flutter: return "SemanticsAction.tap"
        case .reactNative: return "onAccessibilityAction(activate)"
        case .uikit, .swiftUI, .everyPlatform, .screenFile, nil: return "accessibilityActivate"
        }
    }

    /// The keypad's frame when `touch` is on the keypad while it serves a secure field (the
    /// trace then leaves the touch out), else nil.
    static func secureKeypadFrame(for touch: Touch, in app: Application) -> Rect? {
        guard app.keyboard.servesSecureField, touch.window === app.keyboard.window
        else { return nil }
        return app.keyboard.frame
    }

    /// The technique whose screen holds `view`: every screen has its own form, and during a
    /// navigation transition two are on screen at once.
    static func technique(showing view: View) -> TechniqueID? {
        var current: View? = view
        while let v = current {
            if let screen = v.viewController as? FormViewController { return screen.technique }
            current = v.superview
        }
        return nil
    }
}
