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
    private var observers: [ObserverToken] = []
    private var focusToken, controlToken, decisionToken, touchToken, frameToken, inputToken: ObserverToken?
    /// The phase of the touch event being delivered, if any: set when a touch changes, cleared
    /// by the next input and at the end of the frame.
    private var currentPhase: TouchPhase?
    /// Whether the keypad is up or coming up, as the notifications so far say.
    private var keypadUp: Bool
    private var rowHandlers: [(ScreenForm, ((SuggestionRow) -> Void)?)] = []
    /// The screens' app-action lists this recorder observes, with its token in each.
    private var appActionTokens: [(ScreenForm, ObserverToken)] = []

    /// Starts following `app` in `application`.
    package init(application: Application, app: TapawayApp) {
        self.application = application
        self.app = app
        keypadUp = application.keyboard.isVisible
        focusToken = application.focusObservers.add { [unowned self] responder in
            outcome.focusChanges.append((responder as? View)?.traceName)
            outcome.focusPhases.append(currentPhase)
        }
        touchToken = application.touchObservers.add { [unowned self, unowned application] touch in
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
        }
        frameToken = application.frameObservers.add { [unowned self] in currentPhase = nil }
        inputToken = application.inputObservers.add { [unowned self] _ in currentPhase = nil }
        controlToken = application.controlEventObservers.add { [unowned self] control, event in
            guard [.touchUpInside, .valueChanged, .editingDidEndOnExit].contains(event) else { return }
            outcome.actions["\(control.traceName ?? "?") \(event.name)", default: 0] += 1
        }
        decisionToken = app.decisionObservers.add { [unowned self] decision in
            outcome.decisions[decision.action.rawValue, default: 0] += 1
        }
        let center = application.notificationCenter
        observers.append(
            center.addObserver(forName: .keyboardWillShow) { [unowned self] _ in
                outcome.keypadShows += 1
                // While up, a will-show is a change of keys or accessory for another field.
                if keypadUp { outcome.keypadChanges += 1 } else { outcome.keypadRaises += 1 }
                keypadUp = true
            })
        observers.append(
            center.addObserver(forName: .keyboardWillHide) { [unowned self] _ in
                keypadUp = false
                outcome.keypadHides += 1
                outcome.hidePhases.append(currentPhase)
            })
        // Every registered technique's screen, and the one on show (as-written is not registered).
        for id in TechniqueID.allCases + (TechniqueID.allCases.contains(app.technique) ? [] : [app.technique]) {
            let form = app.screen(for: id).form
            let previous = form.onRowSelected
            rowHandlers.append((form, previous))
            form.onRowSelected = { [unowned self] row in
                previous?(row)
                outcome.actions["\(row.identifier ?? "?") select", default: 0] += 1
            }
            let token = form.appActionObservers.add { [unowned self] source, action in
                outcome.actions["\(source) \(action)", default: 0] += 1
            }
            appActionTokens.append((form, token))
        }
    }

    /// Stops following: every observer goes, and the rows' handlers are what they were.
    package func stop() {
        for token in observers { application.notificationCenter.removeObserver(token) }
        observers.removeAll()
        if let focusToken { application.focusObservers.remove(focusToken) }
        if let controlToken { application.controlEventObservers.remove(controlToken) }
        if let decisionToken { app.decisionObservers.remove(decisionToken) }
        if let touchToken { application.touchObservers.remove(touchToken) }
        if let frameToken { application.frameObservers.remove(frameToken) }
        if let inputToken { application.inputObservers.remove(inputToken) }
        focusToken = nil; controlToken = nil; decisionToken = nil; touchToken = nil; frameToken = nil; inputToken = nil
        for (form, previous) in rowHandlers { form.onRowSelected = previous }
        rowHandlers.removeAll()
        for (form, token) in appActionTokens { form.appActionObservers.remove(token) }
        appActionTokens.removeAll()
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
