/// The Kit as a host sees it: every call a platform backend (the X11 one, the headless one) makes into
/// the toolkit, and nothing else.
///
/// It is the boundary `st` keeps in `win.h`, seen from the other side: a backend that speaks only
/// through these requirements can drive any `Application`.
///
/// What the host gives the Kit comes in at the edges: a `Clock`, a `FontProvider` and a
/// `Clipboard` when the application is created, a `PlatformWindow` for each window through
/// `platformWindowFactory`, and a `Canvas` to `render(_:_:in:)` into.
///
/// One turn of a host's loop, in order:
///
/// 1. feed what arrived: `handlePointers(_:timestamp:)`, `handlePointer(id:phase:at:timestamp:)`,
///    `mouse`, `handleKey(_:timestamp:)`, `handleScroll(by:at:timestamp:)`,
///    `pastePrimarySelection(at:)`, `resizeScreen(to:)`;
/// 2. `fireDueTimers()`;
/// 3. if `needsFrame`: `runFrame()`, then for each shown window of `windows`, back to front,
///    `takeDirtyRect(of:)` and `render(_:_:in:)` that rectangle;
/// 4. sleep until input arrives, until `nextTimerDeadline`, or not at all while `needsFrame`
///    (`onNeedsFrame` says when it becomes true, for a host that sleeps elsewhere).
///
/// Timestamps are in the clock's seconds; points are in Kit points, in screen coordinates
/// (the top-left of the host's top-level surface is the origin).
@MainActor
public protocol HostedApplication: AnyObject {
    // MARK: Connecting

    /// Set by the host once, before any window is added: makes the platform's side of each Kit
    /// window as `addWindow(_:)` adds it. The Kit then sets that platform window's frame and
    /// visibility and tells it which rectangles became dirty.
    var platformWindowFactory: ((Window) -> PlatformWindow)? { get set }

    /// Set by the host once, when it connects: called whenever `needsFrame` turns from false to
    /// true, so a host whose loop sleeps can wake. A host that checks `needsFrame` on every turn
    /// may leave it empty.
    var onNeedsFrame: (() -> Void)? { get set }

    /// Set by the host when it connects: device pixels per Kit point. The Kit lays out and draws
    /// in points; the host converts to pixels. Read by instruments, never by layout.
    var pixelScale: Double { get set }

    // MARK: Input in

    /// Called by the host for a touch screen's or an extra pointer's fingers that changed in one
    /// device event. Each change names its finger by `id`; a `.began` hit-tests the window and
    /// view under it. The Kit delivers one event with every finger that is down.
    func handlePointers(_ changes: [PointerChange], timestamp: Double)

    /// Called by the host for one finger that changed: the same as `handlePointers(_:timestamp:)`
    /// with one change.
    func handlePointer(id: Int, phase: TouchPhase, at point: Point, timestamp: Double)

    /// What the host calls for the ordinary mouse's left and right buttons and its motion while a
    /// button is down: it turns them into a finger, a pinch pair or a pinned finger.
    var mouse: MouseTouches { get }

    /// Called by the host for a key press, after its input method has turned it into a key.
    /// The key window's responder chain receives it.
    func handleKey(_ key: KeyInput, timestamp: Double)

    /// Called by the host while its input method composes: the pre-edit `text` (empty when it
    /// is taken back) with the caret `caret` characters into it, shown at the focused input.
    func handlePreedit(_ text: String, caret: Int)

    /// Where the focused text input's caret is, in points on the screen, for the input
    /// method's candidate window; nil when no text input is focused.
    var focusedCaretRect: Rect? { get }

    /// Called by the host for a wheel or touchpad scroll at `point`; positive `delta.y` reveals
    /// content below. The window under the point receives it.
    func handleScroll(by delta: Point, at point: Point, timestamp: Double)

    /// Called by the host for a middle-button press (X's paste of the primary selection): the text
    /// input under `point` takes focus and the selection's text. Returns whether anything was pasted.
    @discardableResult
    func pastePrimarySelection(at point: Point) -> Bool

    /// Called by the host when its top-level surface changed size (already applied by the
    /// window system), in points. Normal windows follow, the keypad docks to the new bottom,
    /// and a frame is needed.
    func resizeScreen(to size: Size)

    // MARK: Frames: layout, render and dirty rectangles

    /// Read by the host on every turn: whether layout, drawing or an animation waits for a frame.
    /// While it is true the host should not sleep; `runFrame()` clears it.
    var needsFrame: Bool { get }

    /// Called by the host when `needsFrame` is true (and before the first paint): lays out every
    /// window and runs the frame observers. Afterwards the windows' dirty rectangles say what to
    /// repaint.
    func runFrame()

    /// Read by the host to paint, restack and read back: the windows, back to front. The host
    /// skips a window whose `isHidden` is true and places each at its `frame`.
    var windows: [Window] { get }

    /// Called by the host after `runFrame()`, for each shown window: the area of `window` (in its
    /// bounds' coordinates) that changed since the last call, or nil; the window is clean after.
    func takeDirtyRect(of window: Window) -> Rect?

    /// Called by the host to repaint `rect` (in `window`'s bounds' coordinates) into `canvas`,
    /// whose coordinates the host has made the window's own and whose clip it has narrowed to
    /// the rectangle (or to the device pixels that cover it). Draws every view that meets it,
    /// back to front.
    func render(_ window: Window, _ rect: Rect, in canvas: Canvas)

    // MARK: Timers

    /// Read by the host before it sleeps: the clock time at which the earliest timer (an
    /// animation's frame, the caret's blink, a key repeat) is due, or nil when none is pending.
    var nextTimerDeadline: Double? { get }

    /// Called by the host on every turn of its loop: fires every timer whose deadline has passed
    /// on the clock, once each (a repeating timer skips the periods it missed).
    func fireDueTimers()

    /// Read by the host around `fireDueTimers()`: how many timers that are work, not ambient
    /// upkeep such as the caret's blink, have fired so far. A host that announces idleness
    /// compares it across a turn to tell whether the turn did something.
    var timerWorkFired: Int { get }

    // MARK: Idleness

    /// Read by the host before it announces that nothing is left to do: whether an animation
    /// is running (its frames are still to come).
    var isAnimating: Bool { get }

    /// Read by the host with `nextTimerDeadline`: the frames per second the application
    /// animates at; a timer due within one frame is not idleness.
    var frameRate: Double { get }
}
