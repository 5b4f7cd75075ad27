import TapawayKit
import TapawayScreen
import Testing

@testable import TapawayDemo

/// A recognizer's `taps`, `delaysTouchesBegan` and `delaysTouchesEnded`, and the `focus:ID`
/// action, as a screen file declares them. The expectations are Apple's documentation:
/// - `delaysTouchesEnded`: "When the value of this property is true (the default) and the
///   gesture recognizer is analyzing touch events, the window suspends delivery of touch objects
///   in the UITouch.Phase.ended phase to the attached view. If the gesture recognizer
///   subsequently recognizes its gesture, these touch objects are canceled … If the gesture
///   recognizer fails to recognize its gesture, the window delivers these objects in an
///   invocation of the view's touchesEnded(_:with:) method. Set this property to false to have
///   touch objects in the UITouch.Phase.ended delivered to the view while the gesture recognizer
///   is analyzing the same touches."
/// - `delaysTouchesBegan`: "When the value of the property is false (the default), views analyze
///   touch events in UITouch.Phase.began and UITouch.Phase.moved in parallel with the receiver.
///   When the value of the property is true, the window suspends delivery of touch objects in
///   the UITouch.Phase.began phase to the view."
/// - `becomeFirstResponder()`: "Calling this method is not a guarantee that the object will
///   become the first responder. UIKit asks the current first responder to resign as first
///   responder, which it might not."
@MainActor
@Suite("A screen file's recognizer timing and focus:ID")
struct RecognizerWiringTests {
    /// A background with a double-tap recognizer that ends editing, over a Pay button.
    func doubleTapFile(delaysEnded: Bool) -> String {
        """
        { "version": 1, "content": { "kind": "view", "id": "page", "layout": { "padding": [16, 16, 16, 16] },
          "gestures": [ { "type": "tap", "taps": 2, "action": "end-editing", "delaysTouchesEnded": \(delaysEnded) } ],
          "children": [
            { "kind": "text-field", "id": "amount" },
            { "kind": "button", "id": "pay", "text": "Pay", "actions": [ { "event": "touch-up-inside", "action": "app:pay" } ] } ] } }
        """
    }

    /// A session on `text` under *As written* with `amount` focused.
    func session(_ text: String) throws -> HeadlessSession {
        let session = HeadlessSession(technique: .asWritten, document: try ScreenReader.read(text))
        let p = session.platform
        p.tap(try #require(session.app.window.view(withIdentifier: "amount")))
        p.settle()
        session.resetOutcome()
        return session
    }

    func view(_ id: String, in session: HeadlessSession) throws -> View {
        try #require(session.app.window.view(withIdentifier: id))
    }

    @Test("delaysTouchesEnded (the default): a single tap's lift reaches the button only once the double tap has failed")
    func endedHeld() throws {
        let s = try session(doubleTapFile(delaysEnded: true))
        s.platform.tap(try view("pay", in: s))
        #expect(s.outcome.actions["pay touchUpInside"] == nil, "the lift is held while the double tap may still come")
        s.platform.settle()
        #expect(s.outcome.actions["pay touchUpInside"] == 1, "\(s.outcome.actions)")
        #expect(s.app.window.firstResponder != nil, "one tap is no double tap: the field keeps its focus")
    }

    @Test("delaysTouchesEnded false: the button acts at the lift, while the recognizer still waits")
    func endedDelivered() throws {
        let s = try session(doubleTapFile(delaysEnded: false))
        s.platform.tap(try view("pay", in: s))
        #expect(s.outcome.actions["pay touchUpInside"] == 1, "\(s.outcome.actions)")
    }

    @Test("a double tap on the button ends editing; the button acts only when its lift was not held")
    func doubleTap() throws {
        for delaysEnded in [true, false] {
            let s = try session(doubleTapFile(delaysEnded: delaysEnded))
            let pay = try view("pay", in: s)
            s.platform.tap(pay)
            s.platform.tap(pay)
            s.platform.settle()
            #expect(s.app.window.firstResponder == nil, "the double tap ends editing")
            #expect(s.outcome.actions["pay touchUpInside"] == (delaysEnded ? nil : 1), "delaysTouchesEnded \(delaysEnded)")
        }
    }

    /// A long press that ends editing on the page, over a button that acts on touch-down.
    func longPressFile(delaysBegan: Bool) -> String {
        """
        { "version": 1, "content": { "kind": "view", "id": "page", "layout": { "padding": [16, 16, 16, 16] },
          "gestures": [ { "type": "long-press", "action": "end-editing", "delaysTouchesBegan": \(delaysBegan) } ],
          "children": [
            { "kind": "text-field", "id": "amount" },
            { "kind": "button", "id": "bell", "text": "Ring", "actions": [ { "event": "touch-down", "action": "app:ring" } ] } ] } }
        """
    }

    @Test("delaysTouchesBegan: the button sees the touch down only once the long press has failed, at the lift")
    func beganHeld() throws {
        for delaysBegan in [false, true] {
            let s = try session(longPressFile(delaysBegan: delaysBegan))
            let bell = try view("bell", in: s)
            let finger = s.platform.touchDown(at: s.platform.center(of: bell))
            s.platform.advance(by: 0.1)
            #expect(s.outcome.actions["bell app:ring"] == (delaysBegan ? nil : 1), "delaysTouchesBegan \(delaysBegan)")
            s.platform.touchUp(finger, at: s.platform.center(of: bell))
            s.platform.settle()
            #expect(s.outcome.actions["bell app:ring"] == 1, "delaysTouchesBegan \(delaysBegan): \(s.outcome.actions)")
            #expect(s.app.window.firstResponder != nil, "a quick tap is no long press")
        }
    }

    /// A background tap recognizer that ends editing (UIKit's defaults: it cancels the touches it
    /// recognises), with its delegate's `shouldReceive` rule, over a Pay button and a row.
    func delegateFile(_ rule: String) -> String {
        """
        { "version": 1, "content": { "kind": "view", "layout": { "padding": [16, 16, 16, 16] },
          "gestures": [ { "type": "tap", "action": "end-editing", "shouldReceive": "\(rule)" } ],
          "children": [
            { "kind": "text-field", "id": "amount" },
            { "kind": "button", "id": "pay", "text": "Pay" },
            { "kind": "table", "height": 44, "children": [ { "kind": "row", "id": "visa", "text": "Visa" } ] } ] } }
        """
    }

    /// `gestureRecognizer(_:shouldReceive:)`: "Return false to prevent the gesture recognizer from
    /// seeing this touch object".
    ///
    /// A button is spared without a delegate: "If you have a single tap gesture recognizer attached to
    /// a button's parent view, and the user taps the button, then the button's action method receives
    /// the touch event instead of the gesture recognizer" (`UIControl`); a table's row is not, which is
    /// what the delegate is for.
    @Test("a delegate that spares rows lets the row select, and the audit no longer finds its selection swallowed")
    func delegateSparesRows() throws {
        func cell(_ rule: String, _ target: String) throws -> DismissalMatrix.Cell {
            let session = HeadlessSession(technique: .asWritten, document: try ScreenReader.read(delegateFile(rule)))
            return DismissalMatrix.play(
                DismissalMatrix.Case(number: 0, title: "", focus: "amount", typed: nil, step: .tap(target)), in: session)
        }
        for rule in GestureWiring.receiveRules {
            let pay = try cell(rule, "pay")
            #expect(pay.outcome.actions["pay touchUpInside"] == 1, "\(rule): \(pay.words)")
            #expect(pay.outcome.finalFocus == "amount", "\(rule): \(pay.words)")
        }
        let swallowed = try cell("not-on-controls", "visa")
        #expect(swallowed.outcome.actions["visa select"] == nil, "\(swallowed.words)")
        #expect(swallowed.outcome.finalFocus == nil, "\(swallowed.words)")
        let spared = try cell("not-on-controls-or-rows", "visa")
        #expect(spared.outcome.actions["visa select"] == 1, "\(spared.words)")
        #expect(spared.outcome.finalFocus == "amount", "the recognizer never saw the tap: \(spared.words)")
        func swallows(_ rule: String) throws -> Bool {
            let audit = Audit(document: try ScreenReader.read(delegateFile(rule)), named: "test", techniques: [.asWritten])
            return audit.findings.contains { $0.element == "visa" && [.selectionSwallowed, .firstTapEaten].contains($0.kind) }
        }
        #expect(try swallows("all"))
        #expect(try !swallows("not-on-controls-or-rows"))
    }

    /// Two fields, the first refusing to resign while it does not hold an @, and a button whose
    /// action gives the focus to the second.
    let focusFile = """
        { "version": 1, "content": { "kind": "view", "layout": { "padding": [16, 16, 16, 16] }, "children": [
          { "kind": "text-field", "id": "amount", "refusesToResignWithout": "@" },
          { "kind": "text-field", "id": "note" },
          { "kind": "button", "id": "next", "text": "Next", "actions": [ { "event": "touch-up-inside", "action": "focus:note" } ] } ] } }
        """

    @Test("focus:ID gives the focus to that input, under every technique: it ends no editing")
    func focusAction() throws {
        for technique in [TechniqueID.asWritten, .noCode] {
            let session = HeadlessSession(technique: technique, document: try ScreenReader.read(focusFile))
            let cell = DismissalMatrix.play(
                DismissalMatrix.Case(number: 0, title: "", focus: "amount", typed: "a@b", step: .tap("next")), in: session)
            #expect(cell.outcome.finalFocus == "note", "\(technique): \(cell.words)")
            #expect(cell.outcome.keypadHides == 0, "\(technique): the keypad stays up between the fields")
        }
    }

    @Test("focus:ID asks the focused field to resign first, and a delegate that refuses keeps it")
    func focusRefused() throws {
        let session = HeadlessSession(technique: .noCode, document: try ScreenReader.read(focusFile))
        let cell = DismissalMatrix.play(
            DismissalMatrix.Case(number: 0, title: "", focus: "amount", typed: "abc", step: .tap("next")), in: session)
        #expect(cell.outcome.finalFocus == "amount", "\(cell.words)")
    }

    @Test("the reader: focus:ID names a text input; taps is 1 to 3, on a tap")
    func reading() {
        let bad = """
            { "version": 1, "content": { "kind": "view", "gestures": [
                { "type": "tap", "action": "focus:title", "taps": 4 },
                { "type": "pan", "action": "focus:nowhere", "taps": 2 } ],
              "children": [ { "kind": "label", "id": "title", "text": "Pay" } ] } }
            """
        do {
            _ = try ScreenReader.read(bad)
            Issue.record("a bad focus action was read")
        } catch {
            let lines = error.problems.map { "\($0.path): \($0.message)" }
            #expect(lines.contains("content.gestures[0].taps: 'taps' must be 1, 2 or 3 (numberOfTapsRequired)"), "\(lines)")
            #expect(lines.contains("content.gestures[1].taps: 'taps' is a tap's number of taps; a pan has none"), "\(lines)")
            #expect(lines.contains("content.gestures[0].action: 'focus:title' names 'title', which is not a text input"))
            #expect(
                lines.contains(
                    "content.gestures[1].action: 'focus:nowhere' names 'nowhere', which no element of the screen has as its id"))
        }
    }
}

/// A text input's own accessory (`accessory`), as a screen file declares it.
///
/// A number pad (`UIKeyboardType.numberPad`: "A numeric keypad designed for PIN entry") has no Return
/// key, so apps put a toolbar with Done above it (`inputAccessoryView`), whose action calls
/// `resignFirstResponder()`.
@MainActor
@Suite("A screen file's input accessory")
struct InputAccessoryTests {
    /// A PIN field on a number pad with a Done bar, under a technique that adds nothing.
    func file(accessory: String, refuses: Bool = false) -> String {
        """
        { "version": 1, "content": { "kind": "view", "layout": { "padding": [16, 16, 16, 16] }, "children": [
          { "kind": "text-field", "id": "pin", "keyboardType": "number-pad", "accessory": "\(accessory)"
            \(refuses ? #", "refusesToResignWithout": "9""# : "") } ] } }
        """
    }

    @Test("Done on the accessory resigns the field, and gives the number pad a way out under As written")
    func done() throws {
        let session = HeadlessSession(technique: .asWritten, document: try ScreenReader.read(file(accessory: "done")))
        let cell = DismissalMatrix.play(
            DismissalMatrix.Case(number: 0, title: "", focus: "pin", typed: nil, step: .tap("toolbar-done")), in: session)
        #expect(cell.outcome.finalFocus == nil, "\(cell.words)")
        let audit = Audit(document: try ScreenReader.read(file(accessory: "done")), named: "test", techniques: [.asWritten])
        #expect(!audit.findings.contains { $0.kind == .noWayOut }, "\(audit.findings.map(\.what))")
    }

    @Test("a delegate that refuses keeps the field: Done asks, it does not force")
    func refused() throws {
        let session = HeadlessSession(
            technique: .asWritten, document: try ScreenReader.read(file(accessory: "done", refuses: true)))
        let cell = DismissalMatrix.play(
            DismissalMatrix.Case(number: 0, title: "", focus: "pin", typed: "12", step: .tap("toolbar-done")), in: session)
        #expect(cell.outcome.finalFocus == "pin", "\(cell.words)")
    }

    @Test("a bar of the app's ends nothing and is there under every technique; a Done bar is As written's")
    func underTechniques() throws {
        let bar = try ScreenReader.read(file(accessory: "bar"))
        #expect(!ScreenWiring.declaresDismissal(bar))
        #expect(ScreenWiring.declaresDismissal(try ScreenReader.read(file(accessory: "done"))))
        let session = HeadlessSession(technique: .noCode, document: bar)
        let p = session.platform
        p.tap(try #require(session.app.window.view(withIdentifier: "pin")))
        p.settle()
        #expect(p.application.keyboard.accessoryView is AccessoryBar)
        let audit = Audit(document: try ScreenReader.read(file(accessory: "done")), named: "test", techniques: [.noCode])
        #expect(audit.findings.contains { $0.kind == .noWayOut }, "under a technique the file's Done bar is not there")
    }
}

/// An input that cannot take the focus (`focusable: false`): UIKit's `textFieldShouldBeginEditing(_:)`:
/// "true if an editing session should be initiated; otherwise, false to disallow editing"; Android's
/// `android:focusable`: "Controls whether a view can take focus".
///
/// Apps use one to open a date picker.
@MainActor
@Suite("An input that cannot take the focus")
struct UnfocusableInputTests {
    let file = """
        { "version": 1, "content": { "kind": "view", "layout": { "padding": [16, 16, 16, 16] }, "children": [
          { "kind": "text-field", "id": "name" },
          { "kind": "text-view", "id": "note", "height": 80 },
          { "kind": "text-field", "id": "birthday", "focusable": false,
            "actions": [ { "event": "touch-up-inside", "action": "app:open-date-picker" } ] } ] } }
        """

    @Test("a tap on it runs its action and never focuses it; under send-event it also ends editing in the other field")
    func tap() throws {
        for (technique, focus) in [(TechniqueID.noCode, "name"), (.sendEvent, nil)] as [(TechniqueID, String?)] {
            let session = HeadlessSession(technique: technique, document: try ScreenReader.read(file))
            let cell = DismissalMatrix.play(
                DismissalMatrix.Case(number: 0, title: "", focus: "name", typed: nil, step: .tap("birthday")), in: session)
            #expect(cell.outcome.finalFocus == focus, "\(technique): \(cell.words)")
            #expect(cell.outcome.actions["birthday app:open-date-picker"] == 1, "\(technique): \(cell.words)")
        }
    }

    @Test("the audit does not focus it as an input, and taps it as a button")
    func audit() throws {
        let document = try ScreenReader.read(file)
        #expect(document.inputIDs == ["name", "note"])
        let audit = Audit(document: document, named: "test", techniques: [.sendEvent])
        let plays = audit.runs.flatMap(\.plays)
        #expect(!plays.contains { $0.auditCase.focus == "birthday" })
        #expect(!plays.contains { $0.auditCase.target == .element("birthday") && $0.auditCase.gesture == .drag })
        // The inputs that can take the focus are still tapped and dragged as inputs.
        let onNote = plays.filter { $0.auditCase.focus == "name" && $0.auditCase.target == .element("note") }
        #expect(onNote.map(\.auditCase.gesture).sorted { $0.rawValue < $1.rawValue } == [.drag, .tap])
        #expect(onNote.first { $0.auditCase.gesture == .tap }?.auditCase.matrixCase == 4)
        #expect(onNote.allSatisfy { $0.acted == nil }, "a field's tap is no control's")
        #expect(!audit.findings.contains { $0.kind == .twoTapsToSwitch }, "\(audit.findings.map(\.what))")
        #expect(audit.findings.contains { $0.kind == .dismissAlsoActs && $0.element == "birthday" })
    }
}

/// A `view` that handles its own touches (`clickable`).
///
/// UIKit's `touchesBegan(_:with:)`: "The default implementation of this method forwards the message up
/// the responder chain"; a view that handles its touches does not call super, as an Android view whose
/// `onTouchEvent` returns true (a clickable one) keeps the event from its parents.
@MainActor
@Suite("A view that handles its own touches")
struct ClickableViewTests {
    func file(clickable: Bool) -> String {
        """
        { "version": 1, "content": { "kind": "view", "layout": { "padding": [16, 16, 16, 16] }, "children": [
          { "kind": "text-field", "id": "name" },
          { "kind": "view", "id": "card", "height": 120, "clickable": \(clickable) } ] } }
        """
    }

    @Test(
        "under touches-began, a tap on a plain view reaches the screen's override and ends editing; on a clickable one it does not"
    )
    func touchesBegan() throws {
        for clickable in [false, true] {
            let session = HeadlessSession(technique: .touchesBegan, document: try ScreenReader.read(file(clickable: clickable)))
            // The screen's container a plain view, so that touches travel up to the controller.
            #expect(session.app.setOption(OptionKey(.touchesBegan, "container"), to: "plain-view"))
            let cell = DismissalMatrix.play(
                DismissalMatrix.Case(number: 0, title: "", focus: "name", typed: nil, step: .tap("card")), in: session)
            #expect(cell.outcome.finalFocus == (clickable ? "name" : nil), "clickable \(clickable): \(cell.words)")
        }
    }

    @Test("a window's sendEvent sees the tap either way")
    func sendEvent() throws {
        let session = HeadlessSession(technique: .sendEvent, document: try ScreenReader.read(file(clickable: true)))
        let cell = DismissalMatrix.play(
            DismissalMatrix.Case(number: 0, title: "", focus: "name", typed: nil, step: .tap("card")), in: session)
        #expect(cell.outcome.finalFocus == nil, "\(cell.words)")
    }

    @Test("the reader: a view cannot both pass its touches through and handle them")
    func reading() {
        do {
            _ = try ScreenReader.read(
                #"{ "version": 1, "content": { "kind": "view", "children": [ { "kind": "view", "passThrough": true, "clickable": true } ] } }"#
            )
            Issue.record("a view both passing and handling its touches was read")
        } catch {
            #expect(error.problems.map(\.path) == ["content.children[0].clickable"], "\(error.problems)")
        }
    }
}
