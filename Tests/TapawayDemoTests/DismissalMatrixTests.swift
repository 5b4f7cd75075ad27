import TapawayDemo
import TapawayHeadless
import TapawayKit
import Testing

/// The dismissal matrix of the foundation issue (rows 1 to 11) and the list rows, run against every
/// scenario.
///
/// What each technique does is written down here, beside the others.
@MainActor
@Suite("Dismissal matrix")
struct DismissalMatrixTests {
    /// The first version's four techniques, whose decisions, reasons and keypad notifications
    /// this suite checks in detail; every technique's outcome on every case, with its options,
    /// is checked by `LabMatrixTests` against each technique's expectations file.
    nonisolated static let all: [TechniqueID] = [.sendEvent, .tapGesture, .backgroundControl, .keyboardManager]

    @Test("1. nothing focused, tap the background: nothing changes", arguments: all)
    func nothingFocused(_ scenario: TechniqueID) {
        let h = Harness(scenario)
        h.platform.tap(at: h.emptyBackgroundPoint)
        h.platform.settle()
        #expect(h.firstResponderID == nil)
        #expect(h.keyboardEvents.isEmpty)
        #expect(!h.decisions.contains { $0.action == .resign })
        if scenario == .sendEvent {
            #expect(h.decisions.map(\.action) == [.none, .none])
            #expect(h.decisions.first?.reason == "no first responder")
        }
    }

    @Test("2. name focused, tap the background: it resigns and the keypad hides", arguments: all)
    func backgroundResigns(_ scenario: TechniqueID) {
        let h = Harness(scenario)
        h.focus(h.form.name)
        #expect(h.firstResponderID == "name")
        #expect(h.keyboard.state == .shown)
        h.platform.tap(at: h.emptyBackgroundPoint)
        h.platform.settle()
        #expect(h.firstResponderID == nil)
        #expect(h.decisions.first?.action == .resign)
        #expect(h.decisions.first?.strategy == scenario.rawValue)
        #expect(h.decisions.first?.touches.first?.view == "background")
        #expect(h.keyboardEvents == ["willHide", "didHide"])
        #expect(h.keyboard.state == .hidden)
        #expect(h.keyboard.window.isHidden)
    }

    @Test("3. name focused, tap inside name: it stays focused and the caret moves", arguments: all)
    func tapInsideKeepsFocus(_ scenario: TechniqueID) {
        let h = Harness(scenario)
        h.focus(h.form.name)
        h.platform.type("hello")
        #expect(h.form.name.caretOffset == 5)
        let f = h.form.name.frameInScreen
        h.platform.tap(at: Point(x: f.minX + 12 + 0.6 * 17 * 2, y: f.midY))
        h.platform.settle()
        #expect(h.firstResponderID == "name")
        #expect(h.form.name.caretOffset == 2)
        #expect(!h.decisions.contains { $0.action == .resign })
        #expect(h.keyboardEvents.isEmpty)
    }

    @Test("4. name focused, tap email: focus moves and the keypad stays up, no will-hide", arguments: all)
    func tapAnotherFieldMovesFocus(_ scenario: TechniqueID) {
        let h = Harness(scenario)
        h.focus(h.form.name)
        h.platform.tap(h.form.email)
        h.platform.settle()
        #expect(h.firstResponderID == "email")
        #expect(!h.decisions.contains { $0.action == .resign })
        // The email keypad is another keyboard type: iOS posts will/did show again, never a hide.
        #expect(h.keyboardEvents == ["willShow", "didShow"])
        #expect(h.focusChanges == ["email"])
        #expect(h.keyboard.state == .shown)
    }

    @Test("5. name focused, tap submit: the button fires once; only send-event resigns", arguments: all)
    func button(_ scenario: TechniqueID) {
        let h = Harness(scenario)
        h.focus(h.form.name)
        h.platform.tap(h.form.submit)
        h.platform.settle()
        #expect(h.count("submit", "touchUpInside") == 1)
        switch scenario {
        case .sendEvent:
            // The button cannot become first responder: a new touch in it resigns the field.
            #expect(h.firstResponderID == nil)
            #expect(h.decisions.first?.action == .resign)
            #expect(h.keyboardEvents == ["willHide", "didHide"])
        case .tapGesture:
            // Controls win their own single taps: the recognizer does not begin.
            #expect(h.firstResponderID == "name")
            #expect(h.decisions.first?.action == .keep)
            #expect(h.decisions.first?.reason.contains("submit handles its own tap") == true)
            #expect(h.keyboardEvents.isEmpty)
        case .backgroundControl:
            // The button is not the background control: nothing resigns, and the inspector says why.
            #expect(h.firstResponderID == "name")
            #expect(h.decisions.map(\.action) == [.keep])
            #expect(h.decisions.first?.reason == "the background control never saw this touch: it landed on submit")
            #expect(h.keyboardEvents.isEmpty)
        case .keyboardManager:
            // Controls are ignored by default, as in the iOS library.
            #expect(h.firstResponderID == "name")
            #expect(h.decisions.first?.action == .keep)
            #expect(h.decisions.first?.reason.contains("submit") == true)
            #expect(h.keyboardEvents.isEmpty)
        default:
            Issue.record("no expected outcome for \(scenario): add it to this table")
        }
    }

    @Test("6. name focused, tap the caption label: the background is hit and it resigns", arguments: all)
    func labelPassesThroughToBackground(_ scenario: TechniqueID) {
        let h = Harness(scenario)
        h.focus(h.form.name)
        h.platform.tap(h.form.caption)
        h.platform.settle()
        #expect(h.firstResponderID == nil)
        #expect(h.decisions.first?.touches.first?.view == "background")
        #expect(h.decisions.first?.action == .resign)
    }

    @Test("7. name focused, tap keypad keys: the text changes and focus stays", arguments: all)
    func keypadTypes(_ scenario: TechniqueID) {
        let h = Harness(scenario)
        h.focus(h.form.name)
        // name capitalises sentences, as UIKit's fields do by default: Shift is on for the first letter.
        #expect(h.keyboard.keypadView.shiftState == .once, "Shift is on in an empty name")
        for key in ["key-h", "key-i", "key-space", "key-a", "key-backspace"] { h.platform.tapKey(key) }
        h.platform.settle()
        #expect(h.form.name.text == "Hi ")
        #expect(h.firstResponderID == "name")
        #expect(h.decisions.isEmpty, "keypad touches never reach the app window or its recognizers")
        #expect(h.keyboardEvents.isEmpty)
    }

    @Test("8. a finger held on name while a new touch begins on the background", arguments: all)
    func multiTouch(_ scenario: TechniqueID) {
        let h = Harness(scenario)
        h.focus(h.form.name)
        let held = h.platform.touchDown(at: h.platform.center(of: h.form.name))
        let other = h.platform.touchDown(at: h.emptyBackgroundPoint)
        if scenario == .sendEvent {
            // The multi-touch veto: a touch in the first responder keeps it.
            #expect(h.decisions.last?.action == .keep)
            #expect(h.decisions.last?.touches.count == 2)
            #expect(h.decisions.last?.touches.first { $0.touch == held }?.phase == .stationary)
        }
        h.platform.touchUp(other, at: h.emptyBackgroundPoint)
        h.platform.touchUp(held, at: h.platform.center(of: h.form.name))
        h.platform.settle()
        switch scenario {
        case .sendEvent, .tapGesture:
            // tap-gesture: two fingers fail a one-finger tap.
            #expect(h.firstResponderID == "name")
            #expect(h.keyboardEvents.isEmpty)
        case .keyboardManager:
            // The manager's recognizer never receives the finger on name (a control, ignored,
            // as IQKeyboardManager's shouldReceive does): the background tap is a one-finger
            // tap and resigns; the held finger's lift on name focuses it again.
            #expect(h.decisions.contains { $0.action == .keep && $0.reason.contains("never receives this touch") })
            #expect(h.decisions.contains { $0.action == .resign })
            #expect(h.focusChanges == [nil, "name"])
            #expect(h.firstResponderID == "name")
        case .backgroundControl:
            // No veto: the background control's touch-up-inside resigns the field; then the held
            // finger lifts on name, which is a tap on name, so it takes focus again.
            #expect(h.decisions.contains { $0.action == .resign })
            #expect(h.focusChanges == [nil, "name"])
            #expect(h.firstResponderID == "name")
            // The inspector credits the touch that ended on the background, not the held one.
            #expect(h.decisions.first { $0.action == .resign }?.touches.map(\.view) == ["background"])
        default:
            Issue.record("no expected outcome for \(scenario): add it to this table")
        }
    }

    @Test("9. notes focused: Return inserts a newline; tap the background: it resigns", arguments: all)
    func notesReturnAndResign(_ scenario: TechniqueID) {
        let h = Harness(scenario)
        h.focus(h.form.notes)
        #expect(h.firstResponderID == "notes")
        h.platform.tapKey("key-a")
        h.platform.tapKey("key-return")
        h.platform.tapKey("key-b")
        // A line break starts a sentence: both letters are capitals.
        #expect(h.form.notes.text == "A\nB")
        #expect(h.firstResponderID == "notes")
        h.platform.tap(at: h.emptyBackgroundPoint)
        h.platform.settle()
        #expect(h.firstResponderID == nil)
        #expect(h.keyboardEvents == ["willHide", "didHide"])
    }

    @Test("10. name focused, toggle subscribe: the switch toggles; only send-event resigns", arguments: all)
    func switchToggles(_ scenario: TechniqueID) {
        let h = Harness(scenario)
        h.focus(h.form.name)
        h.platform.tap(h.form.subscribe)
        h.platform.settle()
        #expect(h.form.subscribe.isOn)
        #expect(h.count("subscribe", "valueChanged") == 1)
        #expect(h.firstResponderID == (scenario == .sendEvent ? nil : "name"))
    }

    @Test("11. a drag that begins on the background", arguments: all)
    func drag(_ scenario: TechniqueID) {
        let h = Harness(scenario)
        h.focus(h.form.name)
        let start = h.emptyBackgroundPoint
        let id = h.platform.touchDown(at: start)
        if scenario == .sendEvent {
            #expect(h.firstResponderID == nil, "send-event resigns at touch-down, before the finger moves")
        }
        for step in 1...6 { h.platform.touchMove(id, to: start.offsetBy(dx: 0, dy: Double(-10 * step))) }
        h.platform.touchUp(id, at: start.offsetBy(dx: 0, dy: -60))
        h.platform.settle()
        switch scenario {
        case .sendEvent:
            #expect(h.decisions.first?.action == .resign)
        case .tapGesture, .backgroundControl, .keyboardManager:
            // A drag is no tap (the recognizer fails), and no touch-up inside (the scroll view's
            // pan takes the touch, or the touch lifts far away): the field stays.
            #expect(h.firstResponderID == "name")
            #expect(!h.decisions.contains { $0.action == .resign })
        default:
            Issue.record("no expected outcome for \(scenario): add it to this table")
        }
    }

    @Test("row-2 under each technique: select and resign as the technique allows", arguments: all)
    func listRow(_ scenario: TechniqueID) {
        let h = Harness(scenario)
        h.focus(h.form.name)
        h.platform.tap(h.form.rows[1])
        h.platform.settle()
        switch scenario {
        case .sendEvent:
            #expect(h.firstResponderID == nil)
            #expect(h.count("row-2", "select") == 1)
        case .tapGesture:
            // cancelsTouchesInView (the default) eats the row's tap: the famous first tap.
            #expect(h.firstResponderID == nil)
            #expect(h.count("row-2", "select") == 0)
            #expect(!h.form.rows[1].isSelected)
        case .backgroundControl:
            // The row handles its own touch; the background control never sees it.
            #expect(h.firstResponderID == "name")
            #expect(h.count("row-2", "select") == 1)
        case .keyboardManager:
            // The manager cancels no touch, but its recognizer "return false" from
            // shouldRecognizeSimultaneouslyWith (IQKeyboardResignHandler.swift): a quick tap wins
            // over the table's selection, as IQKeyboardManager #1041 reports.
            #expect(h.firstResponderID == nil)
            #expect(h.count("row-2", "select") == 0)
        default:
            Issue.record("no expected outcome for \(scenario): add it to this table")
        }
    }

    /// cancelsTouchesInView off lets the row have every touch, but the recognizer, without a
    /// delegate, does not recognize simultaneously ("The default implementation returns
    /// false—no two gestures can be recognized simultaneously"): a quick tap still wins over the
    /// table's selection; a press held past the scroll view's delay selects and keeps the focus.
    @Test("tap-gesture with cancelsTouchesInView off: a quick tap resigns without selecting; a held press selects")
    func tapGestureWithoutCancelling() throws {
        let h = Harness(.tapGesture)
        let screen = try #require(h.app.screen(for: .tapGesture) as? TapGestureViewController)
        screen.cancelsTouchesInView = false
        h.focus(h.form.name)
        h.platform.tap(h.form.rows[1])
        h.platform.settle()
        #expect(h.firstResponderID == nil)
        #expect(h.count("row-2", "select") == 0)
        h.focus(h.form.name)
        let held = h.platform.touchDown(at: h.platform.center(of: h.form.rows[1]))
        h.platform.advance(by: 0.4)
        h.platform.touchUp(held, at: h.platform.center(of: h.form.rows[1]))
        h.platform.settle()
        #expect(h.firstResponderID == "name")
        #expect(h.count("row-2", "select") == 1)
        #expect(h.form.rows[1].isSelected)
    }

    @Test("keyboard-manager decisions say which touches count as inside: the field, an ignored button")
    func keyboardManagerInside() throws {
        let h = Harness(.keyboardManager)
        h.focus(h.form.name)
        h.platform.tap(h.form.submit)
        let kept = try #require(h.decisions.last)
        #expect(kept.action == .keep)
        #expect(kept.touches.map(\.insideFirstResponder) == [true], "Button is an ignored class: \(kept.reason)")
        h.platform.tap(h.form.name)
        #expect(h.decisions.last?.touches.map(\.insideFirstResponder) == [true])
        h.platform.tap(at: h.emptyBackgroundPoint)
        let resigned = try #require(h.decisions.last)
        #expect(resigned.action == .resign)
        #expect(resigned.touches.map(\.insideFirstResponder) == [false])
    }

    @Test("rows select on touch-up with nothing focused, in every scenario", arguments: all)
    func rowsWithoutFocus(_ scenario: TechniqueID) {
        let h = Harness(scenario)
        for row in h.form.rows { h.platform.tap(row) }
        #expect(h.count("row-1", "select") == 1 && h.count("row-2", "select") == 1 && h.count("row-3", "select") == 1)
        #expect(h.form.rows[2].isSelected && !h.form.rows[0].isSelected)
    }
}

@MainActor
@Suite("The default layout")
struct DefaultLayoutTests {
    @Test(
        "on the default device the keypad covers notes but not the caption, the switch, the button or the rows the matrix taps",
        arguments: TechniqueID.allCases)
    func keypadCoverage(_ scenario: TechniqueID) {
        let h = Harness(scenario)
        h.focus(h.form.name)
        let keypad = h.keyboard.frame
        for view in [h.form.caption, h.form.subscribe, h.form.submit] as [View] {
            #expect(view.frameInScreen.maxY <= keypad.minY, "\(view.identifier ?? "?") is under the keypad")
        }
        // The matrix taps the first two rows at their centres: on iPhone 15 the keyboard
        // manager's toolbar covers the second row's lower edge, never its centre.
        for row in h.form.rows.prefix(2) {
            #expect(row.frameInScreen.center.y < keypad.minY, "\(row.identifier ?? "?")'s centre is under the keypad")
        }
        #expect(h.form.notes.frameInScreen.intersection(keypad).height > 60, "notes should sit under the keypad")
    }
}

/// The words the inspector shows are the true reason.
@MainActor
@Suite("Decision reasons")
struct DecisionReasonTests {
    @Test("tap-gesture: a tap on another field is explained by the field's own tap handling, not the control rule")
    func anotherFieldReason() {
        let h = Harness(.tapGesture)
        h.focus(h.form.name)
        h.platform.tap(h.form.email)
        h.platform.settle()
        let reasons = h.decisions.map(\.reason)
        #expect(reasons.contains { $0.contains("email is a text field") }, "\(reasons)")
        #expect(!reasons.contains { $0.contains("handles its own tap") }, "\(reasons)")
    }

    @Test("tap-gesture: a tap on Submit is explained by the control rule")
    func buttonReason() {
        let h = Harness(.tapGesture)
        h.focus(h.form.name)
        h.platform.tap(h.form.submit)
        h.platform.settle()
        #expect(h.decisions.map(\.reason).contains { $0.contains("submit handles its own tap: a control wins its single tap") })
    }
}
