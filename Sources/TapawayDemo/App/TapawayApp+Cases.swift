import TapawayKit

/// Playing a matrix case in the window (from the help card): the banner over the screen says
/// what the matrix expects, then what the technique did; the touches overlay shows the fingers
/// while it plays; the trace gets a `case` line (an `AppEvent`) when it starts and when it
/// finishes.
extension TapawayApp {
    /// How long the verdict stays on the banner, in seconds.
    package nonisolated static let caseVerdictTime = 5.0

    /// Plays matrix case `number` under the technique on screen; a case already playing stops.
    package func playCase(_ number: Int) {
        guard let matrixCase = DismissalMatrix.cases.first(where: { $0.number == number }) else { return }
        playCase(matrixCase)
    }

    /// Plays `matrixCase` (a matrix case, or one the audit found) under the technique on screen;
    /// the banner calls it `label` (default: `Case N`).
    package func playCase(_ matrixCase: DismissalMatrix.Case, label: String? = nil) {
        let number = matrixCase.number
        stopCase()
        let touchesWereShown = overlays.showsTouches
        setOverlay(.touches, on: true)
        let player = CasePlayer(matrixCase, app: self, application: application, label: label)
        player.onPhase = { [weak self, unowned player] phase in
            guard let self, self.casePlayer === player else { return }
            guard case .finished(let expected, let did) = phase else { return }
            self.replayBanner.show(message: player.message, running: false)
            self.events.notify(
                .caseFinished(
                    number: number, technique: self.technique, expected: expected, did: did,
                    evidence: player.evidence?.rawValue))
            if !touchesWereShown { self.setOverlay(.touches, on: false) }
            _ = self.application.timers.schedule(after: Self.caseVerdictTime) { [weak self, weak player] _ in
                guard let self, let player, self.casePlayer === player else { return }
                self.casePlayer = nil
                self.replayBanner.setVisible(false)
            }
        }
        casePlayer = player
        replayBanner.show(message: player.message, running: true)
        events.notify(
            .caseStarted(
                number: number, technique: technique, expected: player.expected, evidence: player.evidence?.rawValue))
        player.start()
    }

    /// Stops the case playing, if one is, and takes its banner away.
    package func stopCase() {
        guard let player = casePlayer else { return }
        casePlayer = nil
        player.cancel()
        replayBanner.setVisible(false)
    }
}
