import TapawayKit

/// The headless backend: an application with a manual clock, fixed-metric fonts and recording windows,
/// and the host's side of input and time (fingers down, keys, time passing, frames painted into a
/// recording canvas).
///
/// It drives the Kit through `HostedApplication` only, as the X11 backend does, with time moved by
/// hand. `tapaway compare`, `tapaway matrix`, the benchmarks and the tests run on it.
@MainActor
public final class HeadlessPlatform {
    /// The clock; advance it with `advance(by:)`.
    public let clock = ManualClock()
    /// The fixed-width fonts every view measures with, so layouts are the same on every machine.
    public let fonts = FixedFontProvider()
    /// The application the platform hosts, driven by the test through this platform.
    public let application: Application
    /// The platform windows created, by Kit window.
    public private(set) var platformWindows: [ObjectIdentifier: RecordingPlatformWindow] = [:]
    private var nextTouchID = 100
    /// The application as this host drives it: nothing beyond the hosting contract.
    private var host: any HostedApplication { application }

    /// Creates an application on a screen of `size`.
    public init(screenSize: Size = Size(width: 390, height: 720)) {
        application = Application(screenSize: screenSize, clock: clock, fonts: fonts)
        host.platformWindowFactory = { [unowned self] window in
            let platform = RecordingPlatformWindow()
            self.platformWindows[ObjectIdentifier(window)] = platform
            return platform
        }
    }

    /// The recording platform window of a Kit window.
    public func platformWindow(of window: Window) -> RecordingPlatformWindow? {
        platformWindows[ObjectIdentifier(window)]
    }

    /// How much time a step of `advance(by:)` lets pass: a frame at 60 Hz unless told
    /// otherwise.
    public var frameStep = 1.0 / 60

    /// Lets `seconds` pass in frame-sized steps, firing timers, animations and frames.
    public func advance(by seconds: Double) {
        let step = frameStep
        var left = seconds
        while left > 1e-9 {
            let dt = min(step, left)
            clock.advance(by: dt)
            left -= dt
            host.fireDueTimers()
            if host.needsFrame { host.runFrame() }
        }
        host.runFrame()
    }

    /// Runs a frame and lets animations finish (the keypad's slide takes 0.25 s).
    public func settle() { advance(by: 0.6) }

    /// A finger id not used before.
    public func newTouchID() -> Int {
        nextTouchID += 1
        return nextTouchID
    }

    /// The centre of `view` in screen coordinates.
    public func center(of view: View) -> Point { view.frameInScreen.center }

    /// Puts a finger down at `point` (screen coordinates); returns its id.
    @discardableResult
    public func touchDown(at point: Point, id: Int? = nil) -> Int {
        let touchID = id ?? newTouchID()
        host.handlePointer(id: touchID, phase: .began, at: point, timestamp: clock.now)
        return touchID
    }

    /// Moves finger `id` to `point` (screen coordinates) 10 ms later, delivering a moved touch.
    public func touchMove(_ id: Int, to point: Point) {
        clock.advance(by: 0.01)
        host.handlePointer(id: id, phase: .moved, at: point, timestamp: clock.now)
    }

    /// Lifts a finger where it is (or at `point`).
    public func touchUp(_ id: Int, at point: Point) {
        clock.advance(by: 0.05)
        host.handlePointer(id: id, phase: .ended, at: point, timestamp: clock.now)
    }

    /// A quick tap at `point`.
    public func tap(at point: Point) {
        let id = touchDown(at: point)
        touchUp(id, at: point)
        host.runFrame()
    }

    /// A quick tap at the centre of `view`.
    public func tap(_ view: View) { tap(at: center(of: view)) }

    /// A drag from `start` to `end` in `steps` moves.
    public func drag(from start: Point, to end: Point, steps: Int = 8) {
        let id = touchDown(at: start)
        for i in 1...max(1, steps) {
            let t = Double(i) / Double(max(1, steps))
            touchMove(id, to: Point(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t))
        }
        touchUp(id, at: end)
        host.runFrame()
    }

    /// Presses a key on the physical keyboard.
    public func press(_ key: KeyInput.Key, modifiers: KeyModifiers = []) {
        host.handleKey(KeyInput(key, modifiers: modifiers), timestamp: clock.now)
        host.runFrame()
    }

    /// Types text on the physical keyboard, one character at a time.
    public func type(_ text: String) {
        for c in text { press(.text(String(c))) }
    }

    /// Taps the on-screen keypad key with `identifier` (the keypad must be shown).
    public func tapKey(_ identifier: String) {
        guard let key = application.keyboard.window.view(withIdentifier: identifier) else {
            preconditionFailure("no keypad key \(identifier)")
        }
        host.runFrame()
        tap(key)
    }

    /// Paints every window's dirty area into a recording canvas and returns it.
    public func render() -> RecordingCanvas {
        host.runFrame()
        let canvas = RecordingCanvas()
        for window in host.windows where !window.isHidden {
            if let dirty = host.takeDirtyRect(of: window) {
                canvas.save()
                canvas.translate(dx: window.frame.minX, dy: window.frame.minY)
                canvas.clip(to: dirty)
                host.render(window, dirty, in: canvas)
                canvas.restore()
            }
        }
        return canvas
    }
}
