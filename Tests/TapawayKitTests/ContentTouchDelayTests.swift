import TapawayHeadless
import TapawayKit
import Testing

/// `delaysContentTouches`: a scroll view holds a new touch back from its content for about
/// 150 ms, so a quick drag scrolls without the control under the finger hearing of it (issue 18
/// item 14).
@MainActor
@Suite("A scroll view delays its content's touches")
struct ContentTouchDelayTests {
    /// A tall scroll view with a button near its top, and the events the button sent.
    private func setUp(
        _ scroll: ScrollView = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 600)),
        delaysContentTouches: Bool = true
    ) -> (HeadlessPlatform, ScrollView, Button, () -> [String]) {
        let p = HeadlessPlatform(screenSize: Size(width: 400, height: 600))
        scroll.delaysContentTouches = delaysContentTouches
        scroll.contentSize = Size(width: 400, height: 2000)
        let button = Button(title: "Go", frame: Rect(x: 100, y: 200, width: 200, height: 60))
        scroll.addSubview(button)
        p.makeWindow(scroll)
        var events: [String] = []
        _ = p.application.controlEventObservers.add { control, event in
            if control === button { events.append(event.name) }
        }
        return (p, scroll, button, { events })
    }

    @Test("a quick drag from a button scrolls, and the button never hears of it")
    func quickDrag() {
        let (p, scroll, button, events) = setUp()
        p.drag(from: p.center(of: button), to: p.center(of: button).offsetBy(dx: 0, dy: -100))
        #expect(scroll.contentOffset.y > 50, "the drag scrolled")
        #expect(events().isEmpty, "no touch-down, no cancel: \(events())")
    }

    @Test("a tap reaches the button whole, at the lift")
    func tap() {
        let (p, _, button, events) = setUp()
        let id = p.touchDown(at: p.center(of: button))
        #expect(events().isEmpty, "nothing at touch-down")
        p.touchUp(id, at: p.center(of: button))
        #expect(events() == ["touchDown", "touchUpInside"])
    }

    @Test("a finger that rests reaches the button after the delay, and a drag then does not scroll it away")
    func restThenDrag() {
        let (p, scroll, button, events) = setUp()
        let start = p.center(of: button)
        let id = p.touchDown(at: start)
        p.advance(by: 0.1)
        #expect(events().isEmpty, "still waiting at 100 ms")
        p.advance(by: 0.1)
        #expect(events() == ["touchDown"], "the button has the touch after the delay")
        for step in 1...6 { p.touchMove(id, to: start.offsetBy(dx: 0, dy: Double(-20 * step))) }
        p.touchUp(id, at: start.offsetBy(dx: 0, dy: -120))
        #expect(scroll.contentOffset.y == 0, "a control keeps a touch it tracks: touchesShouldCancel(in:) says no")
        #expect(!events().contains("touchCancel"))
    }

    @Test("without the delay, the button has the touch at once and keeps it: the drag does not scroll")
    func noDelay() {
        let (p, scroll, button, events) = setUp()
        scroll.delaysContentTouches = false
        let start = p.center(of: button)
        let id = p.touchDown(at: start)
        #expect(events() == ["touchDown"])
        for step in 1...6 { p.touchMove(id, to: start.offsetBy(dx: 0, dy: Double(-20 * step))) }
        p.touchUp(id, at: start.offsetBy(dx: 0, dy: -120))
        #expect(
            scroll.contentOffset.y == 0,
            "UIKit's well-known trap: a button in a scroll view that does not delay blocks the scroll")
        #expect(events().last == "touchUpOutside")
    }

    @Test("the usual fix: touchesShouldCancel(in:) says yes for controls, and the drag cancels the button and scrolls")
    func cancellingScrollView() {
        final class Cancelling: ScrollView {
            override func touchesShouldCancel(in view: View) -> Bool { true }
        }
        let (p, scroll, button, events) = setUp(
            Cancelling(frame: Rect(x: 0, y: 0, width: 400, height: 600)), delaysContentTouches: false)
        let start = p.center(of: button)
        let id = p.touchDown(at: start)
        for step in 1...6 { p.touchMove(id, to: start.offsetBy(dx: 0, dy: Double(-20 * step))) }
        p.touchUp(id, at: start.offsetBy(dx: 0, dy: -120))
        #expect(scroll.contentOffset.y > 50, "the scroll view took the drag")
        #expect(events().first == "touchDown" && events().contains("touchCancel"), "\(events())")
    }
}
