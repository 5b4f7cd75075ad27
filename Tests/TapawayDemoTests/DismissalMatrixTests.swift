import Testing
import TapawayDemo
import TapawayKit
import TapawayTesting

/// The dismissal matrix for the window subclass (`send-event`), rows 1 to 11 of the foundation issue.
@MainActor
@Suite("Dismissal matrix: send-event")
struct DismissalMatrixTests {
    @Test("1. nothing focused, tap the background: nothing changes")
    func nothingFocused() {
        let h = Harness()
        h.platform.tap(at: h.emptyBackgroundPoint)
        h.platform.settle()
        #expect(h.firstResponderID == nil)
        #expect(h.keyboardEvents.isEmpty)
        #expect(h.decisions.map(\.action) == [.none, .none])
        #expect(h.decisions.first?.reason == "no first responder")
    }

    @Test("2. name focused, tap the background: it resigns and the keypad hides")
    func backgroundResigns() {
        let h = Harness()
        h.focus(h.form.name)
        #expect(h.firstResponderID == "name")
        #expect(h.keyboard.state == .shown)
        h.platform.tap(at: h.emptyBackgroundPoint)
        h.platform.settle()
        #expect(h.firstResponderID == nil)
        #expect(h.decisions.first?.action == .resign)
        #expect(h.decisions.first?.touches.first?.view == "background")
        #expect(h.keyboardEvents == ["willHide", "didHide"])
        #expect(h.keyboard.state == .hidden)
        #expect(h.keyboard.window.isHidden)
    }

    @Test("3. name focused, tap inside name: it stays focused and the caret moves")
    func tapInsideKeepsFocus() {
        let h = Harness()
        h.focus(h.form.name)
        h.platform.type("hello")
        #expect(h.form.name.caretOffset == 5)
        let f = h.form.name.frameInScreen
        h.platform.tap(at: Point(x: f.minX + 12 + 0.6 * 17 * 2, y: f.midY))
        h.platform.settle()
        #expect(h.firstResponderID == "name")
        #expect(h.form.name.caretOffset == 2)
        #expect(h.decisions.first?.action == .keep)
        #expect(h.keyboardEvents.isEmpty)
    }

    @Test("4. name focused, tap email: focus moves and the keypad stays up, no will-hide")
    func tapAnotherFieldMovesFocus() {
        let h = Harness()
        h.focus(h.form.name)
        h.platform.tap(h.form.email)
        h.platform.settle()
        #expect(h.firstResponderID == "email")
        #expect(h.decisions.first?.action == .keep)
        #expect(h.keyboardEvents.isEmpty)
        #expect(h.focusChanges == ["email"])
        #expect(h.keyboard.state == .shown)
    }

    @Test("5. name focused, tap submit: it resigns and the button fires once")
    func buttonResignsAndFires() {
        let h = Harness()
        h.focus(h.form.name)
        h.platform.tap(h.form.submit)
        h.platform.settle()
        #expect(h.firstResponderID == nil)
        #expect(h.decisions.first?.action == .resign)
        #expect(h.count("submit", "touchUpInside") == 1)
        #expect(h.keyboardEvents == ["willHide", "didHide"])
    }

    @Test("6. name focused, tap the caption label: the background is hit and it resigns")
    func labelPassesThroughToBackground() {
        let h = Harness()
        h.focus(h.form.name)
        h.platform.tap(h.form.caption)
        h.platform.settle()
        #expect(h.firstResponderID == nil)
        #expect(h.decisions.first?.touches.first?.view == "background")
        #expect(h.decisions.first?.action == .resign)
    }

    @Test("7. name focused, tap keypad keys: the text changes and focus stays")
    func keypadTypes() {
        let h = Harness()
        h.focus(h.form.name)
        h.platform.tapKey("key-shift")
        h.platform.tapKey("key-h")
        h.platform.tapKey("key-i")
        h.platform.tapKey("key-space")
        h.platform.tapKey("key-a")
        h.platform.tapKey("key-backspace")
        h.platform.settle()
        #expect(h.form.name.text == "Hi ")
        #expect(h.firstResponderID == "name")
        #expect(h.decisions.isEmpty, "keypad touches never reach the app window's sendEvent")
        #expect(h.keyboardEvents.isEmpty)
    }

    @Test("8. a touch held on name while a new touch begins on the background: it stays focused")
    func multiTouchVeto() {
        let h = Harness()
        h.focus(h.form.name)
        let held = h.platform.touchDown(at: h.platform.center(of: h.form.name))
        let other = h.platform.touchDown(at: h.emptyBackgroundPoint)
        #expect(h.firstResponderID == "name")
        #expect(h.decisions.last?.action == .keep)
        #expect(h.decisions.last?.touches.count == 2)
        #expect(h.decisions.last?.touches.first { $0.touch == held }?.phase == .stationary)
        h.platform.touchUp(other, at: h.emptyBackgroundPoint)
        h.platform.touchUp(held, at: h.platform.center(of: h.form.name))
        h.platform.settle()
        #expect(h.firstResponderID == "name")
        #expect(h.keyboardEvents.isEmpty)
    }

    @Test("9. notes focused: Return inserts a newline; tap the background: it resigns")
    func notesReturnAndResign() {
        let h = Harness()
        h.focus(h.form.notes)
        #expect(h.firstResponderID == "notes")
        h.platform.tapKey("key-a")
        h.platform.tapKey("key-return")
        h.platform.tapKey("key-b")
        #expect(h.form.notes.text == "a\nb")
        #expect(h.firstResponderID == "notes")
        h.platform.tap(at: h.emptyBackgroundPoint)
        h.platform.settle()
        #expect(h.firstResponderID == nil)
        #expect(h.keyboardEvents == ["willHide", "didHide"])
    }

    @Test("10. name focused, toggle subscribe: it resigns and the switch toggles")
    func switchResignsAndToggles() {
        let h = Harness()
        h.focus(h.form.name)
        #expect(!h.form.subscribe.isOn)
        h.platform.tap(h.form.subscribe)
        h.platform.settle()
        #expect(h.firstResponderID == nil)
        #expect(h.form.subscribe.isOn)
        #expect(h.count("subscribe", "valueChanged") == 1)
    }

    @Test("11. a drag that begins on the background resigns at touch-down")
    func dragResignsAtTouchDown() {
        let h = Harness()
        h.focus(h.form.name)
        let start = h.emptyBackgroundPoint
        let id = h.platform.touchDown(at: start)
        #expect(h.firstResponderID == nil, "resigned before the finger moved")
        h.platform.touchMove(id, to: start.offsetBy(dx: 0, dy: -60))
        h.platform.touchUp(id, at: start.offsetBy(dx: 0, dy: -60))
        h.platform.settle()
        #expect(h.decisions.map(\.action) == [.resign, .none, .none])
    }
}

@MainActor
@Suite("DismissingWindow")
struct DismissingWindowTests {
    @Test("tracks the first responder through the editing notifications")
    func tracksFirstResponder() {
        let h = Harness()
        #expect(h.app.window.currentFirstResponder == nil)
        h.focus(h.form.email)
        #expect(h.app.window.currentFirstResponder === h.form.email)
        // The keypad now covers most of notes: tap its visible top edge.
        let notes = h.form.notes.frameInScreen
        h.platform.tap(at: Point(x: notes.midX, y: notes.minY + 6))
        #expect(h.app.window.currentFirstResponder === h.form.notes)
        h.form.notes.resignFirstResponder()
        #expect(h.app.window.currentFirstResponder == nil)
    }

    @Test("stops observing when it goes away")
    func removesObservers() {
        let center = NotificationCenter()
        let before = center.observerCount
        var window: DismissingWindow? = DismissingWindow(frame: Rect(x: 0, y: 0, width: 10, height: 10), notificationCenter: center)
        #expect(center.observerCount == before + 4)
        weak let weakWindow = window
        window = nil
        #expect(weakWindow == nil)
        #expect(center.observerCount == before)
    }

    @Test("a new touch in another field keeps the responder, and the field takes focus on touch-up")
    func newTouchInResponderKeeps() {
        let h = Harness()
        h.focus(h.form.name)
        let id = h.platform.touchDown(at: h.platform.center(of: h.form.phone))
        #expect(h.decisions.last?.reason == "new touch in phone, which can become first responder")
        #expect(h.firstResponderID == "name")
        h.platform.touchUp(id, at: h.platform.center(of: h.form.phone))
        #expect(h.firstResponderID == "phone")
    }

    @Test("the phone field shows the number pad without hiding the keypad")
    func numberPadSwap() {
        let h = Harness()
        h.focus(h.form.name)
        h.platform.tap(h.form.phone)
        h.platform.settle()
        #expect(h.keyboard.keypadView.layer == .numberPad)
        #expect(h.keyboardEvents.isEmpty)
        h.platform.tapKey("key-5")
        h.platform.tapKey("key-0")
        #expect(h.form.phone.text == "50")
    }
}
