import TapawayHeadless
import TapawayKit
import Testing

/// A view that records the touch callbacks it receives.
@MainActor
final class RecordingView: View {
    var log: [String] = []
    override func touchesBegan(_ touches: [Touch], with event: Event) { log.append("began \(touches.count)") }
    override func touchesMoved(_ touches: [Touch], with event: Event) { log.append("moved \(touches.count)") }
    override func touchesEnded(_ touches: [Touch], with event: Event) { log.append("ended \(touches.count)") }
    override func touchesCancelled(_ touches: [Touch], with event: Event) { log.append("cancelled \(touches.count)") }
}

/// A window that records the events it is sent.
@MainActor
final class RecordingWindow: Window {
    var events: [[(Int, TouchPhase)]] = []
    override func sendEvent(_ event: Event) {
        events.append(event.touches(for: self).map { ($0.identifier, $0.phase) })
        super.sendEvent(event)
    }
}

@MainActor
@Suite("Events and touches")
struct TouchTests {
    func make() -> (HeadlessPlatform, RecordingWindow, RecordingView, RecordingView) {
        let platform = HeadlessPlatform(screenSize: Size(width: 300, height: 300))
        let window = RecordingWindow(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let a = RecordingView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let b = RecordingView(frame: Rect(x: 150, y: 0, width: 100, height: 100))
        window.addSubview(a)
        window.addSubview(b)
        platform.application.addWindow(window)
        return (platform, window, a, b)
    }

    @Test("a touch keeps the view it began in, even when it moves out of it")
    func touchKeepsItsView() {
        let (p, _, a, b) = make()
        let id = p.touchDown(at: Point(x: 50, y: 50))
        p.touchMove(id, to: Point(x: 200, y: 50))
        p.touchUp(id, at: Point(x: 200, y: 50))
        #expect(a.log == ["began 1", "moved 1", "ended 1"])
        #expect(b.log.isEmpty)
    }

    @Test("an event carries every touch that is down; unchanged ones are stationary and not delivered")
    func stationaryTouches() {
        let (p, window, a, b) = make()
        let first = p.touchDown(at: Point(x: 50, y: 50))
        let second = p.touchDown(at: Point(x: 200, y: 50))
        #expect(window.events.count == 2)
        let last = window.events[1]
        #expect(last.count == 2)
        #expect(last.contains { $0.0 == first && $0.1 == .stationary })
        #expect(last.contains { $0.0 == second && $0.1 == .began })
        #expect(a.log == ["began 1"])
        #expect(b.log == ["began 1"])
        p.touchUp(second, at: Point(x: 200, y: 50))
        p.touchUp(first, at: Point(x: 50, y: 50))
        #expect(p.application.touchesDown.isEmpty)
    }

    @Test("tap count grows for quick taps at one place")
    func tapCount() {
        let (p, _, _, _) = make()
        var counts: [Int] = []
        _ = p.application.touchObservers.add { if $0.phase == .began { counts.append($0.tapCount) } }
        p.tap(at: Point(x: 50, y: 50))
        p.tap(at: Point(x: 51, y: 50))
        p.advance(by: 1)
        p.tap(at: Point(x: 50, y: 50))
        #expect(counts == [1, 2, 1])
    }

    @Test("touches route to the window they began in; windows above win")
    func windowsRouteByLevel() {
        let (p, window, _, _) = make()
        let top = RecordingWindow(frame: Rect(x: 0, y: 200, width: 300, height: 100), level: .keyboard)
        p.application.addWindow(top)
        p.tap(at: Point(x: 10, y: 250))
        #expect(top.events.count == 2)
        #expect(window.events.isEmpty)
        top.setVisible(false)
        p.tap(at: Point(x: 10, y: 250))
        #expect(window.events.count == 2)
    }

    @Test("touches(for:) filters by window")
    func touchesForWindow() {
        let (p, window, _, _) = make()
        let other = RecordingWindow(frame: Rect(x: 0, y: 200, width: 300, height: 100), level: .keyboard)
        p.application.addWindow(other)
        let a = p.touchDown(at: Point(x: 50, y: 50))
        _ = p.touchDown(at: Point(x: 50, y: 250))
        #expect(window.events.last?.map(\.0) == [a])
        #expect(other.events.last?.count == 1)
    }
}
