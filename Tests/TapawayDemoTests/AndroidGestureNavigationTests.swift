import TapawayKit
import TapawayScreen
import Testing

@testable import TapawayDemo

/// Android's gesture navigation (`android-navigation=gesture`) and Gboard's number row
/// (`number-row`), with the figures AOSP's resources give.
///
/// `packages/overlays/NavigationBarModeGesturalOverlay/res/values/dimens.xml` (Android 13 and later;
/// Android 10's said 16dp for the first):
///
///     <dimen name="navigation_bar_height">24dp</dimen>
///     <dimen name="navigation_bar_frame_height">48dp</dimen>
///     <dimen name="navigation_bar_gesture_height">32dp</dimen>
///
/// and its `res/values/config.xml`:
///
///     <bool name="config_navBarCanMove">false</bool>
///     <bool name="config_navBarTapThrough">true</bool>
///     <dimen name="config_backGestureInset">20dp</dimen>
@MainActor
@Suite("Android: gesture navigation, the back swipe and Gboard's number row")
struct AndroidGestureNavigationTests {
    /// A session on the Android phone under `navigation`, showing the shipped form under `technique`.
    func session(navigation: String = "gesture", technique: TechniqueID = .noCode) -> HeadlessSession {
        let session = HeadlessSession(technique: technique, document: nil)
        #expect(session.app.setOption(OptionKey(nil, "device"), to: "android"))
        #expect(session.app.setOption(OptionKey(nil, "android-navigation"), to: navigation))
        session.platform.settle()
        return session
    }

    /// What each Back took (the `systemBack` events' `took`: `keyboard`, `app`...) while `body` ran.
    func backsTaken(in app: TapawayApp, during body: () -> Void) -> [String] {
        var backs: [String] = []
        let observer = app.events.add { event in
            if case .systemBack(let took, _) = event { backs.append(took) }
        }
        defer { _ = observer }
        body()
        return backs
    }

    /// A swipe in from the left (or right) edge, 4 points from it, at the device's middle height.
    func edgeSwipe(_ session: HeadlessSession, fromLeft: Bool = true, length: Double = 80) {
        let device = session.platform.application.deviceFrame
        let y = device.midY
        let start = Point(x: fromLeft ? device.minX + 4 : device.maxX - 4, y: y)
        let end = Point(x: start.x + (fromLeft ? length : -length), y: y)
        session.platform.drag(from: start, to: end)
        session.platform.settle()
    }

    @Test("the gesture bar gives a 24-point bottom inset in both orientations, and the window ends on it")
    func safeArea() {
        let session = session()
        let app = session.app, application = session.platform.application
        let device = application.deviceFrame
        // navigation_bar_height 24dp: the inset apps get; the status bar stays 24 at the top.
        #expect(application.safeAreaInsets == EdgeInsets(top: 24, bottom: 24))
        #expect(app.deviceChrome.navigationBarFrame == Rect(x: device.minX, y: device.maxY - 24, width: 360, height: 24))
        // A window that fits the system bars ends on the bar (not edge to edge).
        #expect(app.window.frame.maxY == device.maxY - 24)
        #expect(app.deviceState.navigation == "gesture")
        // config_navBarCanMove false: turned, the bar stays along the bottom (not at the side).
        #expect(app.setOption(OptionKey(nil, "orientation"), to: "landscape"))
        session.platform.settle()
        #expect(application.safeAreaInsets == EdgeInsets(top: 24, bottom: 24))
        #expect(app.window.frame.maxY == application.deviceFrame.maxY - 24)
        #expect(app.window.frame.width == application.deviceFrame.width, "nothing at the side")
        // Three buttons again: the 48-point bar, at the side in landscape.
        #expect(app.setOption(OptionKey(nil, "android-navigation"), to: "three-button"))
        session.platform.settle()
        #expect(application.safeAreaInsets == EdgeInsets(top: 24, right: 48))
        #expect(app.deviceState.navigation == "three-button")
    }

    @Test("edge to edge, the window runs under the gesture bar")
    func edgeToEdge() {
        let session = session()
        let app = session.app, device = session.platform.application.deviceFrame
        #expect(app.setOption(OptionKey(nil, "avoidance"), to: "edge-to-edge"))
        session.platform.settle()
        #expect(app.window.frame.maxY == device.maxY)
    }

    @Test("the keyboard docks on the bar's 48-point frame, where the input method draws its down arrow")
    func keyboardAboveTheFrame() {
        let session = session()
        let app = session.app, application = session.platform.application
        let device = application.deviceFrame
        _ = app.focus("name")
        session.platform.settle()
        let keyboard = application.keyboard
        #expect(keyboard.isVisible)
        // navigation_bar_frame_height 48dp: the keys end 48 points above the screen's bottom.
        #expect(keyboard.frame.maxY == device.maxY - 48)
        #expect(abs(keyboard.height - (40 + 205.6)) <= 0.5, "the keys keep LatinIME's height")
        #expect(app.deviceChrome.navigationBarWindow.frame == Rect(x: device.minX, y: device.maxY - 48, width: 360, height: 48))
        #expect(app.deviceChrome.backButtonFrame.width > 0, "the input method's down arrow is a button")
        // The down arrow hides the keyboard, as Back does: the field keeps its focus.
        session.platform.tap(at: app.deviceChrome.backButtonFrame.center)
        session.platform.settle()
        #expect(!keyboard.isVisible)
        #expect(application.focusedTextInput === app.form.name)
        // Down, the bar is the 24-point gesture bar again, with no Back button.
        #expect(app.deviceChrome.navigationBarWindow.frame.height == 24)
        #expect(app.deviceChrome.backButtonFrame == .zero)
    }

    @Test("an edge swipe is Back: it hides the keyboard keeping focus, and a second goes back")
    func backSwipeTwoSteps() {
        let session = session()
        let app = session.app, p = session.platform
        _ = app.focus("name")
        p.settle()
        let screens = app.navigation.viewControllers.count
        let backs = backsTaken(in: app) {
            edgeSwipe(session)
            #expect(!p.application.keyboard.isVisible, "the input method took Back")
            #expect(p.application.focusedTextInput === app.form.name, "the field keeps its focus")
            #expect(app.navigation.viewControllers.count == screens)
            // From the right edge too.
            edgeSwipe(session, fromLeft: false)
        }
        #expect(app.navigation.viewControllers.count == screens - 1, "the second Back popped the screen")
        #expect(backs == ["keyboard", "app"])
    }

    // The system pilfers the pointers only once the finger has moved: the app's window has had
    // the ACTION_DOWN first. The `android` technique hides the keyboard and clears the focus
    // on a down outside the focused field (its dispatchTouchEvent), so the swipe's own down
    // dismisses before Back, and Back then goes straight back.
    @Test("under the android technique the swipe's down reaches dispatchTouchEvent first")
    func backSwipeUnderDispatchTouchEvent() {
        let session = session(technique: .android)
        let app = session.app, p = session.platform
        _ = app.focus("name")
        p.settle()
        let screens = app.navigation.viewControllers.count
        let backs = backsTaken(in: app) { edgeSwipe(session) }
        #expect(!p.application.keyboard.isVisible)
        #expect(p.application.focusedTextInput == nil, "the technique cleared the focus on the down")
        #expect(backs == ["app"])
        #expect(app.navigation.viewControllers.count == screens - 1)
    }

    @Test("a swipe from the middle, a short one, or one on three buttons is no Back")
    func notBack() {
        let session = session()
        let app = session.app, p = session.platform
        _ = app.focus("name")
        p.settle()
        let device = p.application.deviceFrame
        // Starting 30 points in: past config_backGestureInset's 20.
        p.drag(from: Point(x: device.minX + 30, y: device.midY), to: Point(x: device.minX + 150, y: device.midY))
        p.settle()
        #expect(p.application.keyboard.isVisible)
        // In the bottom 32 points (navigation_bar_gesture_height): the home gesture's.
        p.drag(from: Point(x: device.minX + 4, y: device.maxY - 10), to: Point(x: device.minX + 150, y: device.maxY - 10))
        p.settle()
        #expect(p.application.keyboard.isVisible)
        // Lifted before it is 16 points in.
        edgeSwipe(session, length: 10)
        #expect(p.application.keyboard.isVisible)
        let buttons = self.session(navigation: "three-button")
        _ = buttons.app.focus("name")
        buttons.platform.settle()
        edgeSwipe(buttons)
        #expect(buttons.platform.application.keyboard.isVisible, "three-button navigation has no back swipe")
    }

    @Test("a tap near the edge stays the app's; a swipe from it is taken from the key it began on")
    func tapNearTheEdge() throws {
        let session = session()
        let app = session.app, p = session.platform
        _ = app.focus("name")
        p.settle()
        let q = try #require(p.application.keyboard.keypadView.keyView("key-q"))
        let point = Point(x: p.application.deviceFrame.minX + 10, y: q.frameInScreen.midY)
        #expect(q.frameInScreen.contains(point))
        p.tap(at: point)
        p.settle()
        #expect(app.form.name.text.lowercased() == "q", "the tap typed q: \(app.form.name.text)")
        // A swipe from the same point: the key's press is cancelled, nothing typed, Back.
        p.drag(from: point, to: Point(x: point.x + 80, y: point.y))
        p.settle()
        #expect(app.form.name.text.lowercased() == "q")
        #expect(!p.application.keyboard.isVisible)
    }

    // Gboard's Settings > Preferences > "Number row" ("Show a number row above all other
    // rows"); off by default. The row's height is inferred from Gboard's screenshots: one row
    // of the letters' pitch.
    @Test("the number row puts the digits above the letters and makes the keyboard one row taller")
    func numberRow() throws {
        let session = session(navigation: "three-button", technique: .noCode)
        let app = session.app, p = session.platform
        _ = app.focus("name")
        p.settle()
        let keyboard = p.application.keyboard
        let without = keyboard.height
        let pitch = KeypadMetrics.android().keyHeight + KeypadMetrics.android().rowGap
        #expect(app.setOption(OptionKey(nil, "number-row"), to: "on"))
        p.settle()
        #expect(keyboard.height == without + pitch, "one row more: \(keyboard.height)")
        #expect(keyboard.frame.maxY == p.application.deviceFrame.maxY - 48, "still docked on the bar")
        let rows = keyboard.keypadView.layout.rows
        #expect(rows.count == 5)
        #expect(rows[0].map(\.id) == (1...9).map { "key-\($0)" } + ["key-0"])
        #expect(rows[1].first?.id == "key-q")
        let one = try #require(keyboard.keypadView.keyView("key-1"))
        let q = try #require(keyboard.keypadView.keyView("key-q"))
        #expect(one.frame.minY == 40 + (205.6 * 0.02335).rounded(), "the digits under the strip")
        #expect(q.frame.minY == one.frame.minY + pitch, "the letters a row lower")
        p.tap(one)
        #expect(app.form.name.text == "1")
        // The ?123 layer has its own digits: no second row of them.
        keyboard.keypadView.keyView("key-123").map { p.tap($0) }
        #expect(keyboard.keypadView.layout.rows.count == 4)
        #expect(app.setOption(OptionKey(nil, "number-row"), to: "off"))
        p.settle()
        #expect(keyboard.height == without)
        // iPhone's keyboard has no such row.
        #expect(app.setOption(OptionKey(nil, "number-row"), to: "on"))
        #expect(app.setOption(OptionKey(nil, "device"), to: "iphone-15"))
        p.settle()
        #expect(keyboard.height == KeypadMetrics.standard.trayHeight + 34)
    }
}
