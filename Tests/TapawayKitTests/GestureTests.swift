import TapawayHeadless
import TapawayKit
import TapawayTestSupport
import Testing

@MainActor
@Suite("Gesture recognizers")
struct GestureTests {
    /// A window with a plain background view, a row-like recording view and a button.
    func make() -> (HeadlessPlatform, View, RecordingView, Button) {
        let p = HeadlessPlatform(screenSize: Size(width: 400, height: 400))
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let row = RecordingView(frame: Rect(x: 0, y: 0, width: 200, height: 50))
        let button = Button(title: "Go", frame: Rect(x: 0, y: 100, width: 100, height: 40))
        root.addSubview(row)
        root.addSubview(button)
        p.makeWindow(root)
        return (p, root, row, button)
    }

    @Test("a recognized tap cancels the view's touch; with cancelsTouchesInView off the view sees it end")
    func cancelsTouches() {
        let (p, root, row, _) = make()
        var taps = 0
        let tap = TapGestureRecognizer { _ in taps += 1 }
        root.addGestureRecognizer(tap)
        p.tap(row)
        #expect(taps == 1)
        #expect(row.log == ["began 1", "cancelled 1"])
        row.log.removeAll()
        tap.cancelsTouchesInView = false
        p.tap(row)
        #expect(taps == 2)
        #expect(row.log == ["began 1", "ended 1"])
    }

    @Test("delaysTouchesBegan holds touches-began until the recognizer fails")
    func delaysBegan() {
        let (p, root, row, _) = make()
        let tap = TapGestureRecognizer()
        tap.delaysTouchesBegan = true
        root.addGestureRecognizer(tap)
        let id = p.touchDown(at: p.center(of: row))
        #expect(row.log.isEmpty)
        p.touchMove(id, to: p.center(of: row).offsetBy(dx: 30, dy: 0))
        #expect(tap.state == .failed, "failed by moving; it resets when the finger lifts")
        #expect(row.log.first == "began 1", "released when the tap failed by moving")
        p.touchUp(id, at: p.center(of: row).offsetBy(dx: 30, dy: 0))
        #expect(row.log == ["began 1", "moved 1", "ended 1"])
    }

    @Test("a tap recognized with delaysTouchesBegan never shows the view its touch")
    func delayedAndRecognized() {
        let (p, root, row, _) = make()
        let tap = TapGestureRecognizer()
        tap.delaysTouchesBegan = true
        root.addGestureRecognizer(tap)
        p.tap(row)
        #expect(row.log.isEmpty)
    }

    @Test("moving beyond the allowable movement fails the tap")
    func slop() {
        let (p, root, row, _) = make()
        var taps = 0
        var failures: [String] = []
        let tap = TapGestureRecognizer { _ in taps += 1 }
        tap.onStateChange = { r, s in if s == .failed { failures.append(r.failureReason ?? "") } }
        root.addGestureRecognizer(tap)
        p.drag(from: p.center(of: row), to: p.center(of: row).offsetBy(dx: 0, dy: 40))
        #expect(taps == 0)
        #expect(failures == ["moved more than 10 px"])
        #expect(row.log.last == "ended 1")
    }

    @Test("controls win their own single taps; a double-tap recognizer is not blocked")
    func controlsWin() {
        let (p, root, _, button) = make()
        var taps = 0, presses = 0
        let tap = TapGestureRecognizer { _ in taps += 1 }
        root.addGestureRecognizer(tap)
        button.addAction(for: .touchUpInside) { _, _ in presses += 1 }
        p.tap(button)
        #expect(taps == 0 && presses == 1)
        #expect(tap.state == .possible)
    }

    @Test("a recognizer that recognises along with the views is not refused by a control, and both act")
    func alongWithControls() {
        let (p, root, _, button) = make()
        var taps = 0, presses = 0
        let tap = TapGestureRecognizer { _ in taps += 1 }
        tap.recognizesAlongWithViews = true
        tap.cancelsTouchesInView = false
        root.addGestureRecognizer(tap)
        button.addAction(for: .touchUpInside) { _, _ in presses += 1 }
        p.tap(button)
        #expect(taps == 1 && presses == 1)
    }

    @Test("numberOfTouchesRequired: two fingers make a two-finger tap, and fail a one-finger one")
    func touchesRequired() {
        let (p, root, row, _) = make()
        var one = 0, two = 0
        let single = TapGestureRecognizer { _ in one += 1 }
        let double = TapGestureRecognizer { _ in two += 1 }
        double.numberOfTouchesRequired = 2
        root.addGestureRecognizer(single)
        root.addGestureRecognizer(double)
        let a = p.touchDown(at: p.center(of: row))
        let b = p.touchDown(at: Point(x: 300, y: 300))
        p.touchUp(a, at: p.center(of: row))
        p.touchUp(b, at: Point(x: 300, y: 300))
        #expect(one == 0)
        #expect(two == 1)
    }

    @Test("a double tap needs two taps within the interval")
    func doubleTap() {
        let (p, root, row, _) = make()
        var taps = 0
        let tap = TapGestureRecognizer { _ in taps += 1 }
        tap.numberOfTapsRequired = 2
        root.addGestureRecognizer(tap)
        p.tap(row)
        p.tap(row)
        #expect(taps == 1)
        p.tap(row)
        p.advance(by: 1)
        p.tap(row)
        #expect(taps == 1)
    }

    @Test("a pan begins after the minimum movement and cancels the view's touch")
    func pan() {
        let (p, root, row, _) = make()
        var states: [GestureRecognizer.State] = []
        let pan = PanGestureRecognizer { states.append($0.state) }
        root.addGestureRecognizer(pan)
        p.drag(from: p.center(of: row), to: p.center(of: row).offsetBy(dx: 0, dy: 80), steps: 8)
        #expect(states.first == .began)
        #expect(states.last == .ended)
        #expect(row.log.first == "began 1")
        #expect(row.log.last == "cancelled 1")
        #expect(!row.log.contains("ended 1"))
    }

    @Test("a scroll view scrolls by dragging and by the wheel, within range")
    func scrollView() {
        let p = HeadlessPlatform(screenSize: Size(width: 400, height: 400))
        let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let content = View(frame: Rect(x: 0, y: 0, width: 400, height: 1000))
        scroll.addSubview(content)
        scroll.contentSize = Size(width: 400, height: 1000)
        p.makeWindow(scroll)
        p.drag(from: Point(x: 200, y: 300), to: Point(x: 200, y: 100), steps: 10)
        #expect(abs(scroll.contentOffset.y - 200) < 1)
        p.application.handleScroll(by: Point(x: 0, y: 2000), at: Point(x: 10, y: 10), timestamp: p.clock.now)
        #expect(scroll.contentOffset.y == 600)
    }

    /// A 400 × 600 screen filled by a scroll view that dismisses the keypad as `mode` says,
    /// holding a field at its top, focused with the keypad up.
    func focusedFieldInScrollView(
        _ mode: KeyboardDismissMode, alwaysBounceVertical: Bool = false, contentSize: Size? = nil
    ) -> (HeadlessPlatform, ScrollView, TextField) {
        let p = HeadlessPlatform(screenSize: Size(width: 400, height: 600))
        let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 600))
        if let contentSize { scroll.contentSize = contentSize }
        let field = TextField(frame: Rect(x: 10, y: 10, width: 200, height: 40))
        scroll.addSubview(field)
        scroll.keyboardDismissMode = mode
        scroll.alwaysBounceVertical = alwaysBounceVertical
        p.makeWindow(scroll)
        field.becomeFirstResponder()
        p.settle()
        return (p, scroll, field)
    }

    @Test("keyboardDismissMode onDrag resigns when a drag begins")
    func dismissOnDrag() {
        // The content fits: only a scroll view that always bounces begins a drag (UIKit's fix).
        let (p, _, field) = focusedFieldInScrollView(.onDrag, alwaysBounceVertical: true)
        p.drag(from: Point(x: 200, y: 200), to: Point(x: 200, y: 260))
        #expect(!field.isFirstResponder)
    }

    @Test("a scroll view whose content fits begins no drag unless it always bounces, so onDrag does nothing")
    func contentThatFits() {
        let (p, scroll, field) = focusedFieldInScrollView(.onDrag, contentSize: Size(width: 400, height: 500))
        p.drag(from: Point(x: 200, y: 200), to: Point(x: 200, y: 260))
        #expect(field.isFirstResponder, "a drag on content that fits began a scroll")
        // alwaysBounceVertical needs bounces.
        scroll.alwaysBounceVertical = true
        scroll.bounces = false
        p.drag(from: Point(x: 200, y: 200), to: Point(x: 200, y: 260))
        #expect(field.isFirstResponder)
        scroll.bounces = true
        p.drag(from: Point(x: 200, y: 200), to: Point(x: 200, y: 260))
        #expect(!field.isFirstResponder)
        #expect(scroll.contentOffset == .zero, "content that fits does not move")
    }

    @Test("keyboardDismissMode interactive: the keypad follows the finger down, and springs back or hides")
    func interactive() {
        // The content fits: only a scroll view that always bounces begins a drag (UIKit's fix).
        let (p, _, field) = focusedFieldInScrollView(.interactive, alwaysBounceVertical: true)
        let keyboard = p.application.keyboard
        let top = keyboard.shownFrame.minY
        // A small pull springs back.
        let id = p.touchDown(at: Point(x: 200, y: top - 60))
        for y in stride(from: top - 50, through: top + 30, by: 10) { p.touchMove(id, to: Point(x: 200, y: y)) }
        #expect(keyboard.window.frame.minY > top)
        p.advance(by: 0.3)
        p.touchUp(id, at: Point(x: 200, y: top + 30))
        p.settle()
        #expect(field.isFirstResponder)
        #expect(keyboard.window.frame == keyboard.shownFrame)
        // A long pull hides it.
        let second = p.touchDown(at: Point(x: 200, y: top - 60))
        for y in stride(from: top - 50, through: top + 180, by: 10) { p.touchMove(second, to: Point(x: 200, y: y)) }
        p.touchUp(second, at: Point(x: 200, y: top + 180))
        p.settle()
        #expect(!field.isFirstResponder)
        #expect(keyboard.state == .hidden)
    }
}

/// A view controller that records its lifecycle.
@MainActor
final class LifecycleController: ViewController {
    var log: [String] = []
    init(_ title: String) { super.init(); self.title = title }
    override func viewDidLoad() { log.append("load") }
    override func viewWillAppear(_ animated: Bool) { log.append("willAppear") }
    override func viewDidAppear(_ animated: Bool) { log.append("didAppear") }
    override func viewWillDisappear(_ animated: Bool) { log.append("willDisappear") }
    override func viewDidDisappear(_ animated: Bool) { log.append("didDisappear") }
}

@MainActor
@Suite("View controllers and navigation")
struct NavigationTests {
    @Test("push and pop call the lifecycle in UIKit's order, after the slide")
    func lifecycle() throws {
        let p = HeadlessPlatform(screenSize: Size(width: 390, height: 700))
        let root = LifecycleController("Root"), detail = LifecycleController("Detail")
        let nav = NavigationController(root: root)
        let window = p.makeWindow()
        window.setRootViewController(nav)
        p.settle()
        #expect(root.log == ["load", "willAppear", "didAppear"])
        nav.pushViewController(detail, animated: true)
        #expect(root.log.last == "willDisappear")
        #expect(detail.log == ["load", "willAppear"])
        p.settle()
        #expect(root.log.suffix(2) == ["willDisappear", "didDisappear"])
        #expect(detail.log == ["load", "willAppear", "didAppear"])
        #expect(nav.navigationBar.backButton.isHidden == false)
        #expect(nav.navigationBar.titleLabel.text == "Detail")
        p.tap(nav.navigationBar.backButton)
        p.settle()
        #expect(detail.log.suffix(2) == ["willDisappear", "didDisappear"])
        #expect(root.log.suffix(2) == ["willAppear", "didAppear"])
        #expect(nav.viewControllers.count == 1)
        #expect(nav.navigationBar.backButton.isHidden)
        #expect(detail.view.window == nil)
    }

    @Test("popping a screen whose field is focused resigns it and hides the keypad")
    func popResigns() {
        let p = HeadlessPlatform(screenSize: Size(width: 390, height: 700))
        let detail = ViewController()
        let field = TextField(frame: Rect(x: 10, y: 10, width: 200, height: 40))
        detail.view.addSubview(field)
        let nav = NavigationController(root: ViewController())
        p.makeWindow().setRootViewController(nav)
        nav.pushViewController(detail, animated: false)
        field.becomeFirstResponder()
        p.settle()
        #expect(p.application.keyboard.state == .shown)
        nav.popViewController(animated: false)
        p.settle()
        #expect(!field.isFirstResponder)
        #expect(p.application.keyboard.state == .hidden)
    }

    @Test("a view controller's view passes unhandled events to the controller, then the superview")
    func responderChain() {
        let controller = ViewController()
        let container = View()
        container.addSubview(controller.view)
        #expect(controller.view.next === controller)
        #expect(controller.next === container)
    }
}
