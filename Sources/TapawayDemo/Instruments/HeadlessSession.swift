import TapawayHeadless
import TapawayKit

/// What happened in a headless run, as `compare` and `matrix` report it.
package struct SessionOutcome: Equatable, Sendable {
    /// The first responder after each focus change (nil when focus went away).
    package var focusChanges: [String?] = []
    /// For each focus change, the phase of the touch event it happened in (nil: no touch was
    /// being delivered, as after a timer or a key).
    package var focusPhases: [TouchPhase?] = []
    /// For each time the keypad began to hide, the phase of the touch event it happened in.
    package var hidePhases: [TouchPhase?] = []
    /// How many times the keypad began to show.
    package var keypadShows = 0
    /// How many times the keypad began to hide.
    package var keypadHides = 0
    /// Control actions and row selections that fired, as `id event` → count.
    package var actions: [String: Int] = [:]
    /// The decisions of the technique, by action (`resign`, `keep`, `none`).
    package var decisions: [String: Int] = [:]
    /// The first responder at the end.
    package var finalFocus: String?
    /// The text of each text input at the end (secure fields as their length).
    package var texts: [String: String] = [:]
}

/// The app on the headless platform, with everything an outcome needs recorded: used by
/// `tapaway compare` (a recording under every technique) and `tapaway matrix`.
@MainActor
package final class HeadlessSession {
    /// The platform (manual clock, fixed-metric fonts).
    package let platform: HeadlessPlatform
    /// The app.
    package let app: TapawayApp
    /// What happened so far.
    package private(set) var outcome = SessionOutcome()
    private var observers: [ObserverToken] = []
    private var focusToken, controlToken, decisionToken, touchToken, frameToken, inputToken: ObserverToken?
    /// The phase of the touch event being delivered, if any: set when a touch changes, cleared
    /// by the next input and at the end of the frame.
    private var currentPhase: TouchPhase?

    /// Starts the app showing `technique` on a screen of `size` and lets it settle.
    package init(technique: TechniqueID, size: Size = TapawayApp.defaultSize) {
        platform = HeadlessPlatform(screenSize: size)
        app = TapawayApp(application: platform.application, technique: technique)
        let application = platform.application
        focusToken = application.focusObservers.add { [unowned self] responder in
            outcome.focusChanges.append((responder as? View)?.traceName)
            outcome.focusPhases.append(currentPhase)
        }
        touchToken = application.touchObservers.add { [unowned self] touch in
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
        observers.append(center.addObserver(forName: .keyboardWillShow) { [unowned self] _ in outcome.keypadShows += 1 })
        observers.append(
            center.addObserver(forName: .keyboardWillHide) { [unowned self] _ in
                outcome.keypadHides += 1
                outcome.hidePhases.append(currentPhase)
            })
        for id in TechniqueID.allCases {
            let form = app.screen(for: id).form
            let previous = form.onRowSelected
            form.onRowSelected = { [unowned self] row in
                previous?(row)
                outcome.actions["\(row.identifier ?? "?") select", default: 0] += 1
            }
        }
        platform.settle()
    }

    isolated deinit {
        let application = platform.application
        for token in observers { application.notificationCenter.removeObserver(token) }
        if let focusToken { application.focusObservers.remove(focusToken) }
        if let controlToken { application.controlEventObservers.remove(controlToken) }
        if let decisionToken { app.decisionObservers.remove(decisionToken) }
        if let touchToken { application.touchObservers.remove(touchToken) }
        if let frameToken { application.frameObservers.remove(frameToken) }
        if let inputToken { application.inputObservers.remove(inputToken) }
    }

    /// Forgets what happened so far (after setting a case up).
    package func resetOutcome() { outcome = SessionOutcome() }

    /// The outcome with the final focus and texts filled in.
    package func finish() -> SessionOutcome {
        platform.settle()
        var result = outcome
        result.finalFocus = (platform.application.firstResponder as? View)?.traceName
        let form = app.form
        for field in [form.name, form.email, form.password, form.phone] {
            result.texts[field.identifier ?? "?"] = field.isSecureTextEntry ? "\(field.text.count) characters" : field.text
        }
        result.texts["notes"] = form.notes.text
        return result
    }

    /// Plays a recording, advancing the manual clock to each input's time.
    package func replay(_ recording: Recording) {
        let replayer = InputReplayer(application: platform.application, recording: recording, speed: nil)
        var last = 0.0
        for (t, input) in recording.inputs {
            if t > last { platform.advance(by: t - last) }
            last = max(last, t)
            replayer.feed(input)
            platform.application.runFrame()
        }
    }

    /// Puts the app in the state `recording` began in (the inspector, the focused input) and
    /// lets it settle; what that takes is not part of the outcome.
    package func prepare(for recording: Recording) {
        app.prepareForReplay(of: recording)
        platform.settle()
        resetOutcome()
    }

    /// A point on the background that no other view covers.
    package var backgroundPoint: Point {
        let form = app.form
        return Point(x: form.notes.frameInScreen.minX + 4, y: form.submit.frameInScreen.maxY + 10)
    }
}
