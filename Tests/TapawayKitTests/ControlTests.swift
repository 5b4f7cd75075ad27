import TapawayHeadless
import TapawayKit
import TapawayTestSupport
import Testing

@MainActor
@Suite("Controls")
struct ControlTests {
    func make() -> (HeadlessPlatform, Button, [String]) {
        let p = HeadlessPlatform(screenSize: Size(width: 400, height: 400))
        let button = Button(title: "Go", frame: Rect(x: 100, y: 100, width: 100, height: 40))
        button.identifier = "go"
        p.makeWindow(button)
        return (p, button, [])
    }

    @Test("a tap sends touch-down then touch-up-inside once")
    func tap() {
        let (p, button, _) = make()
        var log: [String] = []
        button.addAction(for: .allTouchEvents) { _, _ in }
        _ = p.application.controlEventObservers.add { _, e in log.append(e.name) }
        var fired = 0
        button.addAction(for: .touchUpInside) { _, _ in fired += 1 }
        p.tap(button)
        #expect(log == ["touchDown", "touchUpInside"])
        #expect(fired == 1)
        #expect(!button.isHighlighted)
    }

    @Test("dragging far out and lifting sends drag-exit and touch-up-outside, not inside")
    func dragOut() {
        let (p, button, _) = make()
        var log: [String] = []
        _ = p.application.controlEventObservers.add { _, e in log.append(e.name) }
        let id = p.touchDown(at: p.center(of: button))
        p.touchMove(id, to: Point(x: 150, y: 120 + 40))
        #expect(button.isHighlighted, "within the tracking slop")
        p.touchMove(id, to: Point(x: 150, y: 390))
        #expect(!button.isHighlighted)
        p.touchUp(id, at: Point(x: 150, y: 390))
        #expect(log.contains("touchDragExit"))
        #expect(log.last == "touchUpOutside")
        #expect(!log.contains("touchUpInside"))
    }

    @Test("a disabled control takes no touches")
    func disabled() {
        let (p, button, _) = make()
        button.isEnabled = false
        var fired = 0
        button.addAction(for: .touchUpInside) { _, _ in fired += 1 }
        p.tap(button)
        #expect(fired == 0)
    }

    @Test("a switch flips on tap and sends value-changed")
    func switchFlips() {
        let p = HeadlessPlatform(screenSize: Size(width: 400, height: 400))
        let toggle = Switch(frame: Rect(x: 10, y: 10, width: 51, height: 31))
        p.makeWindow(toggle)
        var changes = 0
        toggle.addAction(for: .valueChanged) { _, _ in changes += 1 }
        p.tap(toggle)
        p.tap(toggle)
        p.advance(by: 1)
        p.tap(toggle)
        #expect(toggle.isOn)
        #expect(changes == 3)
    }

    @Test("Return in a field sends editing-did-end-on-exit; it resigns only when something listens")
    func returnEndsOnExit() {
        let field = TextField(frame: Rect(x: 10, y: 10, width: 200, height: 44))
        let p = HeadlessPlatform.editing(field)
        p.press(.returnKey)
        #expect(field.isFirstResponder)
        var exits = 0
        field.addAction(for: .editingDidEndOnExit) { _, _ in exits += 1 }
        p.press(.returnKey)
        #expect(exits == 1)
        #expect(!field.isFirstResponder)
    }
}
