import TapawayKit

/// Plays one case of the dismissal matrix in the running window, at a pace a person can follow:
/// it focuses the case's field, types what the case types, then does the case's step with
/// touches drawn on screen, and says what the matrix expects beside what the technique did.
///
/// The inputs go through the same entry points as the platform's (`handlePointer`,
/// `handleKey`), so the technique meets them as it meets a hand on the mouse; what it expects is
/// the matrix's own headless run of the case under the same technique and options.
@MainActor
package final class CasePlayer {
    /// What the player is doing, for the banner and the trace.
    package enum Phase: Equatable, Sendable {
        /// Setting the case up (focusing, typing).
        case preparing
        /// Doing the case's step.
        case playing
        /// Done: what the matrix expected and what happened.
        case finished(expected: String, did: String)
    }

    /// The case being played.
    package let matrixCase: DismissalMatrix.Case
    /// Where the player is.
    package private(set) var phase = Phase.preparing
    /// Called when the phase changes.
    package var onPhase: ((Phase) -> Void)?

    private let application: Application
    private let app: TapawayApp
    private let technique: TechniqueID
    /// The code the matrix gives this case under the technique and options on screen.
    package let expected: String
    private var recorder: OutcomeRecorder?
    private var focusedBefore: String?
    private var actions: [(delay: Double, run: () -> Void)] = []
    private var timer: Timer?
    private var restoreEmailValidation: String?
    /// Whether the step named something the screen does not show (a toolbar the technique has
    /// not): the case is then `n/a`, as in the matrix.
    private var missing = false

    /// Seconds between one action and the next: slow enough to follow.
    package nonisolated static let pace = 0.7
    /// Finger ids the player uses, far from the mouse's.
    private static let finger = 901, secondFinger = 902

    /// What the banner calls the case: `Case N`, or what the audit found.
    package var label: String
    /// Whether the case is one of the matrix's (the banner then names the matrix).
    private var isMatrixCase: Bool { label == "Case \(matrixCase.number)" }

    /// Prepares to play `matrixCase` under the technique on screen, with its current options, on
    /// the screen on view; the banner calls it `label` (default: `Case N`).
    package init(_ matrixCase: DismissalMatrix.Case, app: TapawayApp, application: Application, label: String? = nil) {
        self.matrixCase = matrixCase
        self.app = app
        self.application = application
        self.label = label ?? "Case \(matrixCase.number)"
        technique = app.technique
        let options = app.options.values.map { OptionAssignment(key: $0.key, value: $0.value) }
        let cell = DismissalMatrix.run(matrixCase, in: app.technique, options: options, document: app.screenDocument)
        expected = cell.code
        evidence =
            app.screenDocument == nil
            ? DismissalMatrix.evidence(of: cell, under: app.technique, in: DismissalMatrix.Context(options: options)) : nil
    }

    /// How sure the expectation is, as docs/techniques.md grades the case under the technique
    /// (nil on a screen file, for a technique option set away from its default, and where the
    /// document grades nothing).
    package let evidence: EvidenceLevel?

    /// The evidence in the banner's words: " (inferred)".
    private var evidenceNote: String { evidence.map { " (\($0.words))" } ?? "" }

    /// What the banner says in the current phase.
    package var message: String {
        switch phase {
        case .preparing, .playing:
            return isMatrixCase
                ? "\(label) playing · the matrix expects \(expected)\(evidenceNote)" : "\(label) · expected \(expected)"
        case .finished(let expected, let did):
            let source = isMatrixCase ? "the matrix" : "the audit"
            let note = isMatrixCase ? evidenceNote : ""
            return expected == did
                ? "\(label): did \(did), as \(source) expects\(note)"
                : "\(label): did \(did), \(source) expects \(expected)\(note)"
        }
    }

    /// Starts: the case's set-up, then its step, each action `pace` seconds after the last.
    package func start() {
        if matrixCase.emailValidates {
            let key = OptionKey(nil, ValidationOption.emailValidates.id)
            restoreEmailValidation = app.options.values[key] ?? "off"
            app.setOption(key, to: "on")
        }
        // Start from nothing focused, as the matrix does.
        if let focused = application.firstResponder as? View { _ = focused.window?.endEditing(true) }
        queue(Self.pace) {}
        if let focus = matrixCase.focus {
            queue(Self.pace) { [unowned self] in tapView(focus) }
            if let typed = matrixCase.typed {
                for character in typed {
                    queue(0.15) { [unowned self] in
                        application.handleKey(KeyInput(.text(String(character))), timestamp: application.clock.now)
                    }
                }
            }
        }
        queue(Self.pace * 1.5) { [unowned self] in
            recorder = OutcomeRecorder(application: application, app: app)
            focusedBefore = (application.firstResponder as? View)?.traceName
            setPhase(.playing)
        }
        queueStep()
        queue(Self.pace * 1.5) { [unowned self] in finish() }
        next()
    }

    /// Stops where it is: fingers down are lifted, nothing more is played.
    package func cancel() {
        timer?.invalidate()
        timer = nil
        actions.removeAll()
        application.handlePointer(id: Self.finger, phase: .cancelled, at: .zero, timestamp: application.clock.now)
        application.handlePointer(id: Self.secondFinger, phase: .cancelled, at: .zero, timestamp: application.clock.now)
        recorder?.stop()
        recorder = nil
        restoreOptions()
    }

    // MARK: The step

    private func queueStep() {
        switch matrixCase.step {
        case .tapBackground:
            queue(0) { [unowned self] in tap(at: DismissalMatrix.backgroundPoint(in: app)) }
        case .tap(let id):
            queue(0) { [unowned self] in
                if let view = view(id), DismissalMatrix.isShown(view) { tapView(id) } else { missing = true }
            }
        case .keys(let ids):
            for (index, id) in ids.enumerated() { queue(index == 0 ? 0 : Self.pace / 2) { [unowned self] in tapView(id) } }
        case .keysThenBackground(let ids):
            for (index, id) in ids.enumerated() { queue(index == 0 ? 0 : Self.pace / 2) { [unowned self] in tapView(id) } }
            queue(Self.pace) { [unowned self] in tap(at: DismissalMatrix.backgroundPoint(in: app)) }
        case .holdAndTapBackground(let id):
            queue(0) { [unowned self] in
                if let point = centre(of: id) { press(Self.secondFinger, .began, at: point) }
            }
            queue(Self.pace) { [unowned self] in
                press(Self.finger, .began, at: DismissalMatrix.backgroundPoint(in: app))
            }
            queue(0.12) { [unowned self] in
                press(Self.finger, .ended, at: DismissalMatrix.backgroundPoint(in: app))
            }
            queue(Self.pace) { [unowned self] in
                if let point = centre(of: id) { press(Self.secondFinger, .ended, at: point) }
            }
        case .dragBackground:
            queueDrag { [unowned self] in DismissalMatrix.backgroundPoint(in: app) }
        case .drag(let id):
            queueDrag { [unowned self] in centre(of: id) }
        case .tapAt(let point):
            queue(0) { [unowned self] in tap(at: DismissalMatrix.current(point, in: app)) }
        case .tapIn(let id, let point):
            queue(0) { [unowned self] in
                if let view = view(id), DismissalMatrix.isShown(view) {
                    tap(at: DismissalMatrix.screenPoint(point, in: view))
                } else {
                    missing = true
                }
            }
        case .longPress(let id):
            queue(0) { [unowned self] in
                if let point = centre(of: id) { press(Self.finger, .began, at: point) } else { missing = true }
            }
            queue(0.8) { [unowned self] in
                if let point = centre(of: id) { press(Self.finger, .ended, at: point) }
            }
        }
    }

    /// A drag up by 60 points in six moves, a move every 40 ms: quick, as a flick of the form.
    private func queueDrag(from start: @escaping () -> Point?) {
        var origin: Point?
        queue(0) { [unowned self] in
            origin = start()
            if let origin { press(Self.finger, .began, at: origin) }
        }
        for step in 1...6 {
            queue(0.04) { [unowned self] in
                if let origin { press(Self.finger, .moved, at: origin.offsetBy(dx: 0, dy: Double(-10 * step))) }
            }
        }
        queue(0.04) { [unowned self] in
            if let origin { press(Self.finger, .ended, at: origin.offsetBy(dx: 0, dy: -60)) }
        }
    }

    // MARK: Inputs

    private func view(_ id: String) -> View? {
        app.window.view(withIdentifier: id) ?? application.keyboard.window.view(withIdentifier: id)
    }

    private func centre(of id: String) -> Point? { view(id)?.frameInScreen.center }

    private func tapView(_ id: String) {
        guard let point = centre(of: id) else { return }
        tap(at: point)
    }

    /// A tap: down, and up 0.12 s later (the next action waits for it).
    private func tap(at point: Point) {
        press(Self.finger, .began, at: point)
        actions.insert((0.12, { [unowned self] in press(Self.finger, .ended, at: point) }), at: 0)
    }

    private func press(_ id: Int, _ phase: TouchPhase, at point: Point) {
        application.handlePointer(id: id, phase: phase, at: point, timestamp: application.clock.now)
    }

    // MARK: Running

    private func queue(_ delay: Double, _ run: @escaping () -> Void) { actions.append((delay, run)) }

    private func next() {
        guard !actions.isEmpty else { return }
        let (delay, run) = actions.removeFirst()
        timer = application.timers.schedule(after: delay) { [weak self] _ in
            guard let self else { return }
            self.timer = nil
            run()
            self.next()
        }
    }

    private func finish() {
        guard let recorder else { return }
        let outcome = recorder.finish()
        recorder.stop()
        self.recorder = nil
        restoreOptions()
        let did = missing ? "n/a" : DismissalMatrix.code(outcome, focusedBefore: focusedBefore, matrixCase: matrixCase)
        setPhase(.finished(expected: expected, did: did))
    }

    private func restoreOptions() {
        if let value = restoreEmailValidation {
            app.setOption(OptionKey(nil, ValidationOption.emailValidates.id), to: value)
            restoreEmailValidation = nil
        }
    }

    private func setPhase(_ new: Phase) {
        phase = new
        onPhase?(new)
    }
}
