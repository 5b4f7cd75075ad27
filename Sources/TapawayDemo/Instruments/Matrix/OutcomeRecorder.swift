import TapawayKit

/// Follows an app and records what an outcome reports (focus changes and when they happened,
/// the keypad's shows and hides, control actions and row selections, the technique's
/// decisions): on the headless platform for `compare` and `matrix`, and in a running window
/// while a matrix case plays there.
@MainActor
package final class OutcomeRecorder {
    /// What happened since the recorder started or was last reset.
    package private(set) var outcome = SessionOutcome()
    private let application: Application
    private let app: TapawayApp
    /// Its registrations (the application's, the app's and the screens'), until `stop()`.
    private let tokens = ObserverBag()
    /// The phase of the touch event being delivered, if any: set when a touch changes, cleared
    /// by the next input and at the end of the frame.
    private var currentPhase: TouchPhase?
    /// Whether the keypad is up or coming up, as the notifications so far say.
    private var keypadUp: Bool

    /// Starts following `app` in `application`.
    package init(application: Application, app: TapawayApp) {
        self.application = application
        self.app = app
        keypadUp = application.keyboard.isVisible
        tokens.add(
            application.focusObservers.add { [unowned self] responder in
                outcome.focusChanges.append((responder as? View)?.traceName)
                outcome.focusPhases.append(currentPhase)
            })
        tokens.add(
            application.touchObservers.add { [unowned self, unowned application] touch in
                if touch.phase == .began {
                    let secureKey = TraceWiring.secureKeypadFrame(for: touch, in: application) != nil
                    outcome.touchHits.append(secureKey ? "keypad" : touch.view?.traceName ?? "nothing")
                }
                // A lift outranks a landing in the same event, a landing outranks a move.
                switch (currentPhase, touch.phase) {
                case (.ended?, _): break
                case (_, .ended), (_, .cancelled): currentPhase = .ended
                case (.began?, _): break
                default: currentPhase = touch.phase == .stationary ? currentPhase : touch.phase
                }
            })
        tokens.add(application.frameObservers.add { [unowned self] in currentPhase = nil })
        tokens.add(application.inputObservers.add { [unowned self] _ in currentPhase = nil })
        tokens.add(
            application.controlEventObservers.add { [unowned self] control, event in
                guard [.touchUpInside, .valueChanged, .editingDidEndOnExit].contains(event) else { return }
                outcome.actions["\(control.traceName ?? "?") \(event.name)", default: 0] += 1
            })
        tokens.add(
            app.window.decisionObservers.add { [unowned self] decision in
                outcome.decisions[decision.action.rawValue, default: 0] += 1
            })
        let center = application.notificationCenter
        tokens.add(
            center.addObserver(forName: .keyboardWillShow) { [unowned self] _ in
                outcome.keypadShows += 1
                // While up, a will-show is a change of keys or accessory for another field.
                if keypadUp { outcome.keypadChanges += 1 } else { outcome.keypadRaises += 1 }
                keypadUp = true
            })
        tokens.add(
            center.addObserver(forName: .keyboardWillHide) { [unowned self] _ in
                keypadUp = false
                outcome.keypadHides += 1
                outcome.hidePhases.append(currentPhase)
            })
        // Every registered technique's screen, and the one on show (as-written is not registered).
        for id in TechniqueID.allCases + (TechniqueID.allCases.contains(app.technique) ? [] : [app.technique]) {
            let form = app.screen(for: id).form
            tokens.add(
                form.rowSelectionObservers.add { [unowned self] row in
                    outcome.actions["\(row.identifier ?? "?") select", default: 0] += 1
                })
            tokens.add(
                form.appActionObservers.add { [unowned self] source, action in
                    outcome.actions["\(source) \(action)", default: 0] += 1
                })
        }
    }

    /// Stops following: every observer goes.
    package func stop() {
        tokens.cancelAll()
    }

    isolated deinit { stop() }

    /// Forgets what happened so far.
    package func reset() {
        outcome = SessionOutcome()
        keypadUp = application.keyboard.isVisible
    }

    /// The outcome with the final focus and the form's texts filled in.
    package func finish() -> SessionOutcome {
        var result = outcome
        result.finalFocus = (application.firstResponder as? View)?.traceName
        result.keypadUpAtEnd = application.keyboard.isVisible
        for input in app.form.inputs {
            if let field = input as? TextField {
                result.texts[field.identifier ?? "?"] = field.isSecureTextEntry ? "\(field.text.count) characters" : field.text
            } else if let textView = input as? TextView {
                result.texts[textView.identifier ?? "?"] = textView.text
            }
        }
        return result
    }
}
