import TapawayHeadless
import TapawayKit
import Testing

/// The device's safe area: what views read of it, how the keypad covers it or docks above it,
/// how scroll views add it to their insets, the navigation bar under the status bar, and what a
/// rotation posts.
@MainActor
@Suite("The safe area and the device")
struct SafeAreaTests {
    /// iPhone 15's portrait safe area.
    static let phone = EdgeInsets(top: 59, bottom: 34)

    /// A 393 × 852 device at x 100 in a wider screen, with a field near the top and a window of
    /// host chrome beside it.
    func make(safeArea: EdgeInsets = phone) -> (HeadlessPlatform, Window, TextField) {
        let p = HeadlessPlatform(screenSize: Size(width: 700, height: 852))
        let device = Rect(x: 100, y: 0, width: 393, height: 852)
        p.application.setDevice(frame: device, safeArea: safeArea, compactKeys: false, rotated: false)
        let window = Window(frame: device)
        let field = TextField(frame: Rect(x: 10, y: 120, width: 200, height: 44))
        window.addSubview(field)
        p.application.addWindow(window)
        p.settle()
        return (p, window, field)
    }

    @Test("a view reads the part of the safe area it overlaps; host chrome reads none")
    func viewInsets() {
        let (p, window, _) = make()
        let top = View(frame: Rect(x: 0, y: 0, width: 393, height: 100))
        let middle = View(frame: Rect(x: 0, y: 300, width: 393, height: 100))
        let bottom = View(frame: Rect(x: 0, y: 800, width: 393, height: 52))
        let short = View(frame: Rect(x: 0, y: 0, width: 393, height: 20))
        for v in [top, middle, bottom, short] { window.addSubview(v) }
        #expect(window.safeAreaInsets == EdgeInsets(top: 59, bottom: 34))
        #expect(top.safeAreaInsets == EdgeInsets(top: 59))
        #expect(middle.safeAreaInsets == EdgeInsets())
        #expect(bottom.safeAreaInsets == EdgeInsets(bottom: 34))
        #expect(short.safeAreaInsets == EdgeInsets(top: 20), "no more than the view's own height")
        // A screen sliding in from the right, half off the device: no inset on a side the
        // device has none, and never more than the device's inset where it has one.
        let sliding = View(frame: Rect(x: 200, y: 0, width: 393, height: 852))
        window.addSubview(sliding)
        #expect(sliding.safeAreaInsets == EdgeInsets(top: 59, bottom: 34))
        let above = View(frame: Rect(x: 0, y: -200, width: 393, height: 400))
        window.addSubview(above)
        #expect(above.safeAreaInsets.top == 59, "a view scrolled past the top takes the status bar's inset, no more")
        let chrome = Window(frame: Rect(x: 500, y: 0, width: 200, height: 852), level: .chrome)
        p.application.addWindow(chrome)
        #expect(chrome.safeAreaInsets == EdgeInsets())
    }

    @Test("the keypad's frame includes the home indicator's area under its keys, and its keys stay inside the sides")
    func keypadCoversTheBottomInset() {
        let (p, _, field) = make(safeArea: EdgeInsets(left: 59, bottom: 21, right: 59))
        field.becomeFirstResponder()
        p.settle()
        let keyboard = p.application.keyboard
        #expect(keyboard.frame == Rect(x: 100, y: 852 - 217 - 21, width: 393, height: 217 + 21))
        #expect(keyboard.keypadView.frame == Rect(x: 59, y: 0, width: 393 - 118, height: 217))
        #expect(keyboard.bottomInset == 21)
    }

    @Test("where the keypad does not cover the bottom inset (Android's navigation bar), it docks above it")
    func keypadAboveTheNavigationBar() {
        let (p, _, field) = make(safeArea: EdgeInsets(top: 24, bottom: 48))
        let keyboard = p.application.keyboard
        keyboard.coversBottomSafeArea = false
        field.becomeFirstResponder()
        p.settle()
        #expect(keyboard.frame == Rect(x: 100, y: 852 - 48 - 217, width: 393, height: 217))
        #expect(keyboard.bottomInset == 0)
    }

    @Test("a scroll view adds the safe area it overlaps to its insets, unless told never to")
    func adjustedContentInset() {
        // The platform is kept to the end: its application is where the safe area comes from.
        let (p, window, _) = make()
        defer { withExtendedLifetime(p) {} }
        let scroll = ScrollView(frame: Rect(x: 0, y: 111, width: 393, height: 741))
        scroll.contentSize = Size(width: 393, height: 1000)
        window.addSubview(scroll)
        #expect(scroll.adjustedContentInset == EdgeInsets(bottom: 34))
        #expect(scroll.maximumOffset.y == 1000 + 34 - 741, "the last content scrolls clear of the home indicator")
        scroll.contentInset.bottom = 300
        #expect(scroll.maximumOffset.y == 1000 + 300 + 34 - 741, "an inset set to the keypad's whole overlap adds to it")
        scroll.contentInsetAdjustmentBehavior = .never
        #expect(scroll.adjustedContentInset == EdgeInsets(bottom: 300))
        #expect(scroll.maximumOffset.y == 1000 + 300 - 741)
    }

    @Test("the navigation bar reaches under the status bar and lays its title and back button below it")
    func navigationBarUnderTheStatusBar() throws {
        let (p, window, _) = make()
        let root = ViewController()
        root.title = "Root"
        let next = ViewController()
        next.title = "Next"
        let navigation = NavigationController(root: root)
        window.setRootViewController(navigation)
        navigation.pushViewController(next, animated: false)
        p.settle()
        let bar = navigation.navigationBar
        #expect(bar.frame == Rect(x: 0, y: 0, width: 393, height: 59 + NavigationBar.height))
        #expect(bar.titleLabel.frame.minY == 59 && bar.titleLabel.frame.height == NavigationBar.height)
        #expect(bar.backButton.frame.minY == 59 + 6)
        #expect(next.view.frame.minY == 59 + NavigationBar.height)
    }

    @Test("the top screen's bar buttons sit at the trailing edge, the first outermost, and go when it is popped")
    func barButtons() throws {
        let (p, window, _) = make(safeArea: EdgeInsets(top: 59, left: 0, bottom: 34, right: 20))
        let root = ViewController()
        root.title = "Root"
        let next = ViewController()
        next.title = "A title long enough to meet the buttons"
        let save = Button(title: "Save")
        let share = Button(title: "Share")
        next.rightBarButtons = [save, share]
        let navigation = NavigationController(root: root)
        window.setRootViewController(navigation)
        navigation.pushViewController(next, animated: false)
        p.settle()
        let bar = navigation.navigationBar
        #expect(save.superview === bar && share.superview === bar)
        // Inside the right safe area, the first item outermost, and below the status bar.
        #expect(save.frame.maxX <= 393 - 20 && save.frame.maxX > 393 - 20 - 8)
        #expect(share.frame.maxX <= save.frame.minX)
        #expect(save.frame.minY == 59 + 6 && share.frame.minY == 59 + 6)
        // The title keeps clear of the back button and of the items.
        #expect(bar.titleLabel.frame.minX >= bar.backButton.frame.maxX)
        #expect(bar.titleLabel.frame.maxX <= share.frame.minX)
        navigation.popViewController(animated: false)
        p.settle()
        #expect(save.superview == nil && share.superview == nil)
        #expect(bar.trailingButtons.isEmpty)
    }

    /// UIKit's `UINavigationItem`: `leftBarButtonItems` are shown at the bar's leading edge in
    /// place of the back button (alongside it only with `leftItemsSupplementBackButton`);
    /// `hidesBackButton`: "A Boolean value that determines whether the back button is hidden";
    /// `UINavigationController.setNavigationBarHidden(_:animated:)` hides the bar.
    @Test("leading buttons take the back button's place; a screen can hide the back button, retitle it, or hide the bar")
    func leadingAndHidden() throws {
        let (p, window, _) = make(safeArea: EdgeInsets(top: 59, left: 0, bottom: 34, right: 0))
        let root = ViewController()
        root.title = "Root"
        let next = ViewController()
        next.title = "Compose"
        let cancel = Button(title: "Cancel")
        next.leftBarButtons = [cancel]
        let navigation = NavigationController(root: root)
        window.setRootViewController(navigation)
        navigation.pushViewController(next, animated: false)
        p.settle()
        let bar = navigation.navigationBar
        #expect(cancel.superview === bar && bar.backButton.isHidden)
        #expect(cancel.frame.minX >= 0 && cancel.frame.minX < 10 && cancel.frame.minY == 59 + 6)
        #expect(bar.titleLabel.frame.minX >= cancel.frame.maxX)
        next.leftBarButtons = []
        next.backButtonTitle = "Inbox"
        p.settle()
        #expect(cancel.superview == nil && !bar.backButton.isHidden && bar.backButton.title == "Inbox")
        next.hidesBackButton = true
        p.settle()
        #expect(bar.backButton.isHidden)
        next.prefersNavigationBarHidden = true
        p.settle()
        #expect(bar.isHidden)
        #expect(next.view.frame.minY == 59, "the screen starts under the status bar")
        navigation.popViewController(animated: false)
        p.settle()
        #expect(!bar.isHidden && root.view.frame.minY == 59 + NavigationBar.height)
    }

    @Test("turning the device with the keypad up hides it at once from the old frame, then slides it up turned")
    func rotationHidesThenShows() throws {
        let (p, _, field) = make()
        field.becomeFirstResponder()
        p.settle()
        let keyboard = p.application.keyboard
        let portrait = keyboard.frame
        var posted: [(String, Rect, Rect, Double)] = []
        let center = p.application.notificationCenter
        for (name, label) in [
            (NotificationName.keyboardWillShow, "willShow"), (.keyboardDidShow, "didShow"),
            (.keyboardWillHide, "willHide"), (.keyboardDidHide, "didHide"),
        ] {
            _ = center.addObserver(forName: name) { note in
                posted.append(
                    (
                        label, note.userInfo[KeyboardInfoKey.frameBegin] as? Rect ?? .zero,
                        note.userInfo[KeyboardInfoKey.frameEnd] as? Rect ?? .zero,
                        note.userInfo[KeyboardInfoKey.animationDuration] as? Double ?? -1
                    ))
            }
        }
        let landscape = Rect(x: 0, y: 229, width: 852, height: 393)
        p.application.setDevice(
            frame: landscape, safeArea: EdgeInsets(left: 59, bottom: 21, right: 59), compactKeys: true, rotated: true)
        let belowOld = Rect(x: 100, y: 852, width: 393, height: portrait.height)
        let docked = Rect(x: 0, y: 229 + 393 - 162 - 21, width: 852, height: 162 + 21)
        let belowNew = Rect(x: 0, y: 229 + 393, width: 852, height: 162 + 21)
        #expect(posted.map(\.0) == ["willHide", "didHide", "willShow"])
        #expect(posted[0].1 == portrait && posted[0].2 == belowOld && posted[0].3 == 0, "hidden at once in the old orientation")
        #expect(posted[2].1 == belowNew && posted[2].2 == docked && posted[2].3 == 0.25, "then slides up turned")
        p.settle()
        #expect(posted.map(\.0) == ["willHide", "didHide", "willShow", "didShow"])
        #expect(keyboard.frame == docked, "landscape keys: 162 points, and the 21-point home indicator")
        #expect(keyboard.state == .shown)
        #expect(field.isFirstResponder, "the field keeps its focus through the turn")
    }

    @Test("changing the device without turning it, with the keypad up, reports only the change of frame")
    func resizeReportsFrame() {
        let (p, _, field) = make()
        field.becomeFirstResponder()
        p.settle()
        var names: [String] = []
        let center = p.application.notificationCenter
        for (name, label) in [(NotificationName.keyboardWillShow, "willShow"), (.keyboardWillChangeFrame, "willChange")] {
            _ = center.addObserver(forName: name) { _ in names.append(label) }
        }
        p.application.setDevice(
            frame: Rect(x: 100, y: 0, width: 375, height: 667), safeArea: EdgeInsets(top: 20), compactKeys: false,
            rotated: false)
        #expect(names == ["willChange"])
        #expect(p.application.keyboard.frame == Rect(x: 100, y: 667 - 217, width: 375, height: 217))
    }
}
