import TapawayDemo
import TapawayHeadless
import TapawayKit
import Testing

/// Playing a matrix case in the window (issue 18 item 9): the case's set-up and step at a pace a
/// person can follow, with the matrix's expectation beside what the technique did.
@MainActor
@Suite("A matrix case played in the window")
struct CasePlayerTests {
    /// Plays case `number` under `technique` and lets it finish; returns the harness.
    private func play(_ number: Int, under technique: TechniqueID) -> Harness {
        let h = Harness(technique)
        h.app.playCase(number)
        // Until the verdict shows (well within the 5 s it stays).
        for _ in 0..<40 {
            if case .finished? = h.app.casePlayer?.phase { break }
            h.platform.advance(by: 0.25)
        }
        return h
    }

    @Test("every case under every technique does live what the matrix says", arguments: Techniques.all.map { $0.id })
    func everyCase(technique: TechniqueID) {
        for matrixCase in DismissalMatrix.cases {
            let h = play(matrixCase.number, under: technique)
            guard case .finished(let expected, let did)? = h.app.casePlayer?.phase else {
                Issue.record("case \(matrixCase.number) under \(technique.rawValue) did not finish")
                continue
            }
            #expect(did == expected, "case \(matrixCase.number) under \(technique.rawValue)")
            #expect(h.app.replayBanner.message.hasPrefix("Case \(matrixCase.number): did \(did)"))
        }
    }

    @Test("case 8 under background-control: the field resigns and the held finger's lift focuses it again")
    func pinnedFinger() {
        let h = Harness(.sendEvent)
        h.app.show(TechniqueID("background-control"), animated: false)
        h.platform.settle()
        h.app.playCase(8)
        #expect(!h.app.replayBanner.isHidden)
        #expect(h.app.replayBanner.message.contains("the matrix expects R↺"), "\(h.app.replayBanner.message)")
        #expect(h.app.overlays.showsTouches, "the fingers show while the case plays")
        for _ in 0..<40 {
            if case .finished? = h.app.casePlayer?.phase { break }
            h.platform.advance(by: 0.25)
        }
        // docs/techniques.md grades background-control's case 8 **I**: the banner says so.
        #expect(h.app.replayBanner.message == "Case 8: did R↺, as the matrix expects (inferred)")
        #expect(h.focusChanges.suffix(2) == [nil, "name"], "\(h.focusChanges)")
        #expect(!h.app.overlays.showsTouches, "the overlay goes back off")
        h.platform.advance(by: TapawayApp.caseVerdictTime + 0.1)
        #expect(h.app.replayBanner.isHidden, "the verdict goes after a while")
    }

    @Test("a tap on an experiment marked ▶ in the help card plays its case; a tap elsewhere only closes the card")
    func fromTheHelpCard() {
        let h = Harness(.sendEvent)
        h.platform.press(.function(1))
        _ = h.platform.render()
        let row = h.app.helpCard.frameOfExperiment(playing: 8)
        #expect(row != nil, "the pinned-finger experiment plays case 8")
        h.platform.tap(at: Point(x: h.app.helpCard.frame.minX + 30, y: h.app.helpCard.frame.maxY - 60))
        #expect(h.app.helpCard.isHidden)
        #expect(h.app.casePlayer == nil, "a tap beside the experiments plays nothing")
        h.platform.press(.function(1))
        _ = h.platform.render()
        if let row = h.app.helpCard.frameOfExperiment(playing: 8) { h.platform.tap(at: row.center) }
        #expect(h.app.helpCard.isHidden)
        #expect(h.app.casePlayer?.matrixCase.number == 8)
    }

    @Test("every matrix case with a set-up by hand is an experiment the help card plays: 14 and 15 among them")
    func everyPlayableCaseIsOnTheCard() {
        // The pinch has no case; every other case with a hand-made set-up is an experiment.
        let played = Set(Experiment.allCases.compactMap(\.matrixCase))
        #expect(played.isSuperset(of: [4, 5, 8, 9, 10, 11, 12, 13, 14, 15]))
        // On an iPad's card, tall enough for all of them, the keyboard manager offers both.
        let h = Harness(.keyboardManager, size: Size(width: 1600, height: 1400))
        #expect(h.app.setOption(OptionKey(nil, "device"), to: "ipad"))
        h.platform.settle()
        h.platform.press(.function(1))
        _ = h.platform.render()
        let refusing = h.app.helpCard.frameOfExperiment(playing: 14)
        #expect(refusing != nil, "the refusing field's experiment plays case 14")
        #expect(h.app.helpCard.frameOfExperiment(playing: 15) != nil, "the toolbar's Done plays case 15")
        if let refusing { h.platform.tap(at: refusing.center) }
        #expect(h.app.casePlayer?.matrixCase.number == 14)
        for _ in 0..<40 {
            if case .finished? = h.app.casePlayer?.phase { break }
            h.platform.advance(by: 0.25)
        }
        // The manager's resignFirstResponder() asks, and the delegate refuses (IQKeyboardManager's
        // resign handler keeps the input when resignFirstResponder returns false).
        // Graded **S** (the resign handler's source) and **D** (textFieldShouldEndEditing): S.
        #expect(h.app.replayBanner.message == "Case 14: did K, as the matrix expects (read from the source)")
        #expect(h.firstResponderID == "email")
    }

    @Test("a headless run beside the window leaves the keyboard manager working for the window")
    func managerStaysWithTheWindow() {
        let h = Harness(.keyboardManager)
        h.focus(h.form.name)
        _ = DismissalMatrix.run(DismissalMatrix.cases[1], in: .keyboardManager)
        h.platform.tap(at: h.emptyBackgroundPoint)
        h.platform.settle()
        #expect(h.firstResponderID == nil, "the manager still resigns on a tap outside")
        #expect(h.decisions.contains { $0.action == .resign })
    }
}
