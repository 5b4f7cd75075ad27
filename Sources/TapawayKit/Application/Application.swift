/// The hub between the platform and the Kit, as `UIApplication`: it owns the windows, turns
/// platform pointer input into touches, routes events to windows, runs animations and timers,
/// and drives layout once per frame.
@MainActor
open class Application: Responder {
    /// The application created last that is still alive, as `UIApplication.shared`: libraries built on
    /// the Kit (the keyboard manager) find the app through it.
    ///
    /// A second application made for a moment (a headless run of a matrix case beside a window) does
    /// not take it away from the first once it is gone.
    public static var shared: Application? {
        created.removeAll { $0.application == nil }
        return created.last?.application
    }

    private final class WeakApplication {
        weak var application: Application?
        init(_ application: Application) { self.application = application }
    }
    private static var created: [WeakApplication] = []

    /// The time source every timer, animation and event time reads.
    public let clock: Clock
    /// The run loop's timers.
    public let timers: TimerQueue
    /// Where fonts come from.
    public let fonts: FontProvider
    /// The clipboard copy, cut and paste use; the platform's, or one in memory.
    public var clipboard: Clipboard
    /// The notification centre the Kit posts to.
    public let notificationCenter: NotificationCenter

    /// The windows, back to front.
    public private(set) var windows: [Window] = []
    /// The size of the screen (the top-level platform window), in pixels.
    public private(set) var screenSize: Size
    /// Device pixels per point on the platform's screen (1 at 96 dpi; 2 on a display set to 192 dpi).
    ///
    /// Everything in the Kit is in points; the platform sets this for instruments.
    public var pixelScale: Double = 1

    /// Where the simulated device's screen is, in screen coordinates: the app's windows fill it and the
    /// keypad docks to its bottom.
    ///
    /// The whole screen unless host chrome takes a part.
    public var deviceFrame: Rect {
        didSet { if deviceFrame != oldValue && !changingDevice { keyboard.screenDidResize() } }
    }
    /// Set while `setDevice` changes several properties at once, so the keypad follows once.
    private var changingDevice = false
    /// Whether `setDevice` is in the middle of changing the device.
    var isChangingDevice: Bool { changingDevice }
    /// The device's safe area, as insets from the edges of `deviceFrame`: the status bar or the notch
    /// at the top, the home indicator at the bottom, the sensor housing at the side in landscape.
    ///
    /// Views read their share through `View.safeAreaInsets`; the keypad extends under the bottom inset,
    /// as iOS's keyboard covers the home indicator's area.
    public var safeAreaInsets: EdgeInsets = .zero {
        didSet {
            guard safeAreaInsets != oldValue else { return }
            for window in windows { window.setNeedsLayoutInHierarchy() }
            if !changingDevice { keyboard.safeAreaDidChange() }
            geometryDidChange()
        }
    }

    /// Changes the simulated device at once: its frame, its safe area, whether its keys take the landscape height, and whose
    /// keyboard it shows (`keyboardStyle`).
    ///
    /// The keypad follows once: after a rotation (`rotated`) with the keypad up it hides at once and slides up again, turned,
    /// posting what iOS is reported to post (`Keyboard.deviceDidChange`); otherwise it reports the change of frame, if any.
    public func setDevice(
        frame: Rect, safeArea: EdgeInsets, compactKeys: Bool, rotated: Bool, keyboardStyle: KeypadStyle = .ios
    ) {
        let begin = keyboard.frame, oldDevice = deviceFrame
        changingDevice = true
        safeAreaInsets = safeArea
        deviceFrame = frame
        keyboard.isCompact = compactKeys
        keyboard.style = keyboardStyle
        changingDevice = false
        keyboard.deviceDidChange(from: begin, oldDevice: oldDevice, rotated: rotated)
        setNeedsFrame()
    }
    /// Lays the windows out for a new screen size; when nil, normal windows fill the screen.
    public var onScreenResize: ((Size) -> Void)?
    /// Makes the platform's side of a window; set by the platform before windows are added.
    public var platformWindowFactory: ((Window) -> PlatformWindow)?
    /// The on-screen keypad, made the first time an input asks for it.
    public private(set) lazy var keyboard = Keyboard(application: self)
    /// Turns mouse buttons into touches: a finger, a pinned finger, a pinch pair.
    public private(set) lazy var mouse = MouseTouches(application: self)

    /// Called with every input from the platform before it is handled (for recording).
    public let inputObservers = ObserverList<PlatformInput>()
    /// Called with key presses nobody in the responder chain handled (application shortcuts).
    public var unhandledKeyHandler: ((KeyInput) -> Void)?
    /// Called for every touch that changed, just before its event is delivered (for traces and inspectors).
    public let touchObservers = ObserverList<Touch>()
    /// The system's own watcher of touches, as Android's input monitor for its back gesture:
    /// it sees every touch event before the windows and returns the touches it takes.
    ///
    /// A taken touch is pilfered, as `InputMonitor.pilferPointers` does: the views that had it
    /// get it cancelled, and no window sees it again (its later moves and lift go only to the
    /// monitor). Touches it leaves are delivered as usual.
    public var systemTouchMonitor: ((Event) -> [Touch])?
    /// Called for every control event a control sends (for traces and inspectors).
    public let controlEventObservers = ObserverList<(Control, ControlEvents)>()
    /// Called whenever the first responder of a window changes.
    public let focusObservers = ObserverList<Responder?>()
    /// Called with every screen reader's activation and the view activated, after the view
    /// acted (for traces).
    public let accessibilityActivationObservers = ObserverList<(View, AccessibilityActivation)>()
    /// Called at the end of every frame, after layout.
    public let frameObservers = ObserverList<Void>()
    /// Called when a frame is needed (the platform wakes its loop).
    public var onNeedsFrame: (() -> Void)?

    /// Whether something (layout, drawing, animation) waits for the next frame.
    public private(set) var needsFrame = true
    /// Increments whenever a view moves, resizes, shows or hides.
    public private(set) var geometryGeneration = 0

    private var activeTouches: [Int: Touch] = [:]
    private var lastTap: (time: Double, location: Point, count: Int)?
    private var animations: [Animation] = []
    private var frameTimer: Timer?
    private var immediateStepPending = false

    /// The longest pause between two taps that still counts them as one multi-tap.
    public var multiTapInterval = 0.35
    /// How far apart two taps may be and still count as one multi-tap.
    public var multiTapDistance = 12.0
    /// Frames per second while animations run.
    public var frameRate = 60.0

    /// Creates an application for a screen of `screenSize`.
    public init(
        screenSize: Size, clock: Clock, fonts: FontProvider,
        clipboard: Clipboard = MemoryClipboard(), notificationCenter: NotificationCenter = NotificationCenter()
    ) {
        self.screenSize = screenSize
        self.deviceFrame = Rect(origin: .zero, size: screenSize)
        self.clock = clock
        self.timers = TimerQueue(clock: clock)
        self.fonts = fonts
        self.clipboard = clipboard
        self.notificationCenter = notificationCenter
        super.init()
        Application.created.removeAll { $0.application == nil }
        Application.created.append(WeakApplication(self))
    }

    // MARK: Windows

    /// Adds a window to the stack (by level) and gives it a platform window.
    public func addWindow(_ window: Window) {
        guard !windows.contains(where: { $0 === window }) else { return }
        window.attachedApplication = self
        let index = windows.firstIndex { $0.level > window.level } ?? windows.count
        windows.insert(window, at: index)
        window.platformWindow = platformWindowFactory?(window)
        window.invalidate(window.bounds)
        window.setNeedsLayout()
        geometryDidChange()
        // The keypad's window is created after the first app window, so it stacks above it.
        if window.level == .normal { _ = keyboard }
    }

    /// The app's main window: the first window at the normal level.
    public var mainWindow: Window? { windows.first { $0.level == .normal } }

    /// The window that receives key events: the frontmost shown window that takes the keys
    /// while it is up (`Window.takesKeysWhileShown`, a modal card), else the one whose first
    /// responder is set, else the main window.
    public var keyWindow: Window? {
        windows.last { $0.takesKeysWhileShown && !$0.isHidden }
            ?? windows.last { $0.level == .normal && $0.firstResponder != nil } ?? mainWindow
    }

    /// The frontmost visible, interactive window containing `point` (screen coordinates).
    public func window(at point: Point) -> Window? {
        windows.last { !$0.isHidden && $0.isUserInteractionEnabled && $0.frame.contains(point) }
    }

    /// Changes the screen size: normal windows fill it, the keypad docks to its new bottom.
    public func resizeScreen(to size: Size) {
        guard size != screenSize else { return }
        inputObservers.notify(.resize(size))
        screenSize = size
        if let onScreenResize {
            onScreenResize(size)
        } else {
            deviceFrame = Rect(origin: .zero, size: size)
            for window in windows where window.level == .normal {
                window.frame = deviceFrame
            }
        }
        keyboard.screenDidResize()
        setNeedsFrame()
    }

    // MARK: Input from the platform

    /// Feeds one pointer change.
    ///
    /// `id` names the finger; a `.began` creates the touch, hit-tests its window and view, and later
    /// phases update it. Every touch that is down goes into the event, unchanged ones as stationary.
    public func handlePointer(id: Int, phase: TouchPhase, at point: Point, timestamp: Double) {
        handlePointers([PointerChange(id: id, phase: phase, at: point)], timestamp: timestamp)
    }

    /// Feeds the changes of several fingers as one event, as a touch screen reports two fingers
    /// that land, move or lift together: each changed touch carries its own phase, the others
    /// are stationary, and the windows see a single `sendEvent`.
    public func handlePointers(_ changes: [PointerChange], timestamp: Double) {
        guard let first = changes.first else { return }
        let input: PlatformInput =
            changes.count == 1 ? .pointer(id: first.id, phase: first.phase, at: first.at) : .pointers(changes)
        inputObservers.notify(input)
        var changed: [Touch] = []
        for change in changes {
            if let touch = applyPointerChange(change, timestamp: timestamp) { changed.append(touch) }
        }
        guard !changed.isEmpty else { return }
        // Linear in the touches down: a set of those changed, not a search per touch.
        let changedIDs = Set(changed.map { ObjectIdentifier($0) })
        for other in activeTouches.values where !changedIDs.contains(ObjectIdentifier(other)) {
            other.phase = .stationary
        }
        let all = activeTouches.values.sorted { $0.identifier < $1.identifier }
        touchEvents += 1
        for touch in changed {
            touchObservers.notify(touch)
        }
        send(Event(touches: all, timestamp: timestamp))
        for touch in changed where touch.phase.isFinished { activeTouches[touch.identifier] = nil }
    }

    /// Creates or updates the touch of `change`; nil when nothing changed (a move to where the
    /// finger already is, or a finger that is not down).
    private func applyPointerChange(_ change: PointerChange, timestamp: Double) -> Touch? {
        let (id, phase, point) = (change.id, change.phase, change.at)
        if phase == .began {
            if let stale = activeTouches[id] {
                // A press without a release (a grab lost elsewhere): finish the old touch first.
                handlePointer(id: stale.identifier, phase: .cancelled, at: stale.locationInScreen, timestamp: timestamp)
            }
            // No screen has more fingers on it: one more is not a touch (nor its moves and lift).
            guard activeTouches.count < Self.maximumTouches else { return nil }
            var count = 1
            if let last = lastTap, timestamp - last.time <= multiTapInterval,
                last.location.distance(to: point) <= multiTapDistance
            {
                count = last.count + 1
            }
            let touch = Touch(identifier: id, phase: .began, locationInScreen: point, timestamp: timestamp, tapCount: count)
            if let window = window(at: point) {
                touch.window = window
                touch.view = window.hitTest(window.convert(fromScreen: point))
            }
            activeTouches[id] = touch
            return touch
        }
        guard let touch = activeTouches[id] else { return nil }
        if phase == .moved && point == touch.locationInScreen { return nil }
        touch.previousLocationInScreen = touch.locationInScreen
        touch.locationInScreen = point
        touch.phase = phase
        touch.timestamp = timestamp
        if phase == .ended {
            lastTap = (timestamp, point, touch.tapCount)
        }
        return touch
    }

    /// The touches that are down now, by identifier.
    public var touchesDown: [Touch] {
        activeTouches.values.sorted { $0.identifier < $1.identifier }
    }

    /// The most touches down at once: 20, what the multi-touch screens Linux drives report at most (ten
    /// fingers of two hands, with room), and more than iOS tracks (UIKit delivers about ten on an iPad,
    /// five on an iPhone).
    ///
    /// A touch beginning while this many are down is not one: it, its moves and its lift are left out.
    /// Recordings with more are refused.
    public static let maximumTouches = 20

    /// How many touch events have been delivered: an observer of single touches
    /// (`touchObservers`) sees one value for all the touches one event changed, and can do its
    /// per-event work once.
    public private(set) var touchEvents = 0

    /// Feeds one key press from the physical keyboard.
    public func handleKey(_ key: KeyInput, timestamp: Double) {
        inputObservers.notify(.key(key))
        send(Event(key: key, timestamp: timestamp))
    }

    /// The text input that has the keys' focus, if any: where an input method's pre-edit goes.
    public var focusedTextInput: (any TextInput)? { keyWindow?.firstResponder as? any TextInput }

    /// Feeds an input method's pre-edit: shown at the focused input's caret, underlined, until the
    /// input method commits (a key with text) or takes it back (an empty `text`).
    ///
    /// Not recorded: a recording keeps the committed text.
    public func handlePreedit(_ text: String, caret: Int) {
        guard let input = focusedTextInput else { return }
        if text.isEmpty { input.unmarkText() } else { input.setMarkedText(text, selectedOffset: caret) }
        setNeedsFrame()
    }

    /// Where the focused text input's caret is on the screen, for a candidate window.
    public var focusedCaretRect: Rect? { focusedTextInput?.caretRectInScreen }

    /// Feeds one scroll (wheel or touchpad) at `point` in screen coordinates.
    public func handleScroll(by delta: Point, at point: Point, timestamp: Double) {
        inputObservers.notify(.scroll(delta: delta, at: point))
        send(Event(scroll: delta, at: point, timestamp: timestamp))
    }

    /// Routes an event: touches to every window that has touches in it, keys to the key window,
    /// scrolls to the window under the pointer.
    open func send(_ event: Event) {
        switch event.type {
        case .touches:
            if let taken = systemTouchMonitor?(event), !taken.isEmpty { pilfer(taken, of: event) }
            var targets: [Window] = []
            for touch in event.allTouches {
                if let window = touch.window, !targets.contains(where: { $0 === window }) { targets.append(window) }
            }
            for window in targets where event.touches(for: window).contains(where: { $0.phase != .stationary }) {
                window.sendEvent(event)
            }
        case .key:
            keyWindow?.sendEvent(event)
        case .scroll:
            window(at: event.scrollLocation)?.sendEvent(event)
        }
        setNeedsFrame()
    }

    /// Cancels `touches` for the windows and views that had them, then takes them from every
    /// window (the system monitor keeps them).
    private func pilfer(_ touches: [Touch], of event: Event) {
        for touch in touches {
            guard let window = touch.window else { continue }
            let phase = touch.phase
            touch.phase = .cancelled
            window.sendEvent(Event(touches: [touch], timestamp: event.timestamp))
            touch.phase = phase
            touch.window = nil
            touch.view = nil
        }
    }

    /// The end of the responder chain: keys nobody handled go to `unhandledKeyHandler`.
    open override func keyDown(_ key: KeyInput, with event: Event) {
        unhandledKeyHandler?(key)
    }

    // MARK: Focus

    func firstResponderDidChange(in window: Window, from old: Responder?, to new: Responder?) {
        keyboard.focusDidChange(from: old, to: new)
        focusObservers.notify(new)
    }

    /// The first responder of the key window.
    public var firstResponder: Responder? { keyWindow?.firstResponder }

    // MARK: Frames, layout and animation

    /// Asks for a frame: layout, drawing and frame observers run at the platform's next turn.
    public func setNeedsFrame() {
        if !needsFrame {
            needsFrame = true
            onNeedsFrame?()
        }
    }

    func geometryDidChange() {
        geometryGeneration &+= 1
        setNeedsFrame()
    }

    /// Runs one frame: lays out every shown window and calls the frame observers.
    ///
    /// The platform then paints the windows' dirty rects.
    public func runFrame() {
        needsFrame = false
        // A hidden window is laid out when it is shown again: showing it asks for a frame, and
        // what it had marked stays marked.
        for window in windows where !window.isHidden { window.layoutIfNeeded() }
        frameObservers.notify()
    }

    /// Whether any animation is running.
    public var isAnimating: Bool { !animations.isEmpty }

    /// Runs `step` with the eased progress (0…1) on every frame for `duration` seconds, then
    /// `completion(true)`; a cancelled animation calls `completion(false)`.
    @discardableResult
    public func animate(
        duration: Double, curve: AnimationCurve = .easeInOut,
        step: @escaping (Double) -> Void, completion: ((Bool) -> Void)? = nil
    ) -> Animation {
        let animation = Animation(start: clock.now, duration: duration, curve: curve, step: step, completion: completion)
        if duration <= 0 {
            animation.isRunning = false
            step(1)
            completion?(true)
            return animation
        }
        step(0)
        animations.append(animation)
        startFrameTimer()
        return animation
    }

    private func startFrameTimer() {
        // A first step at the loop's next turn, so a new animation's first moved pixels follow
        // the input that started it at once rather than up to a frame period later.
        if !immediateStepPending {
            immediateStepPending = true
            timers.schedule(after: 0) { [weak self] _ in
                self?.immediateStepPending = false
                self?.stepAnimations()
            }
        }
        guard frameTimer == nil else { return }
        frameTimer = timers.schedule(after: 1 / frameRate, repeats: true) { [weak self] _ in
            self?.stepAnimations()
        }
    }

    /// Advances every running animation to the clock's time; finished ones complete.
    public func stepAnimations() {
        let now = clock.now
        let running = animations
        for animation in running where animation.isRunning {
            let done = now >= animation.start + animation.duration
            animation.step(done ? 1 : animation.progress(at: now))
            if done {
                animation.isRunning = false
                animation.completion?(true)
            }
        }
        animations.removeAll { !$0.isRunning }
        if animations.isEmpty {
            frameTimer?.invalidate()
            frameTimer = nil
        }
        setNeedsFrame()
    }
}
