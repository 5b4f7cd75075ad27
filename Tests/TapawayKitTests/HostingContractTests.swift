import TapawayHeadless
import TapawayKit
import Testing

/// A host that speaks only `HostedApplication`, turn by turn as the contract describes: input
/// makes a frame needed, the frame leaves dirty rectangles, rendering them clears them, and
/// timers are due when the contract says.
@MainActor
@Suite("Hosting contract")
struct HostingContractTests {
    @Test("a press on a button: a frame is needed, the frame leaves the button dirty, rendering paints it and cleans the window")
    func inputFrameAndDirtyRectangles() {
        let clock = ManualClock()
        let application = Application(screenSize: Size(width: 300, height: 300), clock: clock, fonts: FixedFontProvider())
        let host: any HostedApplication = application
        var made: [RecordingPlatformWindow] = []
        var wakes = 0
        host.platformWindowFactory = { _ in
            let window = RecordingPlatformWindow()
            made.append(window)
            return window
        }
        host.onNeedsFrame = { wakes += 1 }
        let button = Button(title: "Go", frame: Rect(x: 100, y: 100, width: 80, height: 40))
        let window = Window(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        window.addSubview(button)
        application.addWindow(window)
        #expect(
            made.count == host.windows.count && made.count >= 2,
            "the factory makes the platform side of each window as it is added (the keypad's come with the first)")

        host.runFrame()
        #expect(!host.needsFrame)
        #expect(host.takeDirtyRect(of: window) == window.bounds, "a new window is dirty whole")
        #expect(host.takeDirtyRect(of: window) == nil, "taking the dirty area cleans the window")

        host.handlePointer(id: 1, phase: .began, at: Point(x: 140, y: 120), timestamp: clock.now)
        #expect(host.needsFrame, "input that changes a view needs a frame")
        #expect(wakes == 1, "the host is woken once when a frame becomes needed")
        host.runFrame()
        let dirty = host.takeDirtyRect(of: window)
        #expect(dirty.map { $0.contains(button.frame) } == true, "the highlighted button is dirty: \(String(describing: dirty))")

        let canvas = RecordingCanvas()
        host.render(window, dirty ?? .zero, in: canvas)
        #expect(canvas.texts.contains("Go"), "rendering the dirty area draws the button: \(canvas.operations)")
        #expect(host.windows.map { $0 === window }.contains(true))
    }

    @Test("a timer is the next deadline, fires once when its time has come, and then no deadline is left")
    func timerDeadlinesAndFiring() {
        let clock = ManualClock(start: 50)
        let application = Application(screenSize: Size(width: 100, height: 100), clock: clock, fonts: FixedFontProvider())
        let host: any HostedApplication = application
        #expect(host.nextTimerDeadline == nil)
        var fired = 0
        application.timers.schedule(after: 0.5) { _ in fired += 1 }
        #expect(host.nextTimerDeadline == 50.5)
        clock.advance(by: 0.4)
        host.fireDueTimers()
        #expect(fired == 0, "not yet due")
        clock.advance(by: 0.1)
        host.fireDueTimers()
        host.fireDueTimers()
        #expect(fired == 1, "fired once, on time")
        #expect(host.nextTimerDeadline == nil)
    }
}
