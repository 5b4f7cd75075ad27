import Glibc
import TapawayKit

/// What the simulated device's system draws over the app: the status bar (the time, the signal and the
/// battery) and the Dynamic Island at the top; the home indicator, or Android's navigation bar, at the
/// bottom.
///
/// It draws over the app's window and, where the keypad covers the bottom of the screen, over the
/// keypad's window too, as iOS draws its home indicator over the keyboard. On iOS it never takes a
/// touch: a tap on the status bar is a tap on the app below. Android's status and navigation bars are
/// the system's, not the app's: there they are windows of their own (`SystemBarWindow`) that take the
/// touches landing on them, so a tap on Back never reaches the form beneath.
@MainActor
package final class DeviceChrome {
    /// Android's status bar, a window over the app that takes its touches (hidden on iOS).
    package let statusBarWindow = SystemBarWindow(identifier: "system-status-bar")
    /// Android's navigation bar, a window over the app that takes its touches (hidden on iOS).
    package let navigationBarWindow = SystemBarWindow(identifier: "system-navigation-bar")
    /// The device whose bezel, bars and keyboard are drawn; a change repaints.
    package var profile: DeviceProfile { didSet { invalidate() } }
    /// How it is held.
    package var orientation: DeviceOrientation { didSet { invalidate() } }
    /// Called when Android's Back button is tapped (the navigation bar's first button).
    package var onBack: (() -> Void)?

    private unowned let application: Application
    private let appWindow: Window

    /// Draws for `profile` held in `orientation` over `appWindow` and the keypad's window.
    package init(application: Application, appWindow: Window, profile: DeviceProfile, orientation: DeviceOrientation) {
        self.application = application
        self.appWindow = appWindow
        self.profile = profile
        self.orientation = orientation
        for window in [appWindow, application.keyboard.window] {
            observers.add(window.overlayRenderers.add { [weak self] window, canvas, _ in self?.draw(in: window, canvas: canvas) })
        }
        for bar in [statusBarWindow, navigationBarWindow] {
            bar.onDraw = { [weak self] window, canvas in self?.draw(in: window, canvas: canvas) }
            application.addWindow(bar)
        }
        navigationBarWindow.onTap = { [weak self] point in
            guard let self, self.backButtonFrame.contains(point) else { return }
            self.onBack?()
        }
        // Back turns into a down arrow while the keyboard is up (it hides the keyboard then).
        for name in [NotificationName.keyboardWillShow, .keyboardWillHide, .keyboardDidHide] {
            observers.add(
                application.notificationCenter.addObserver(forName: name) { [weak self] _ in
                    guard let self else { return }
                    self.updateBarTouches()
                    if self.gestureNavigation { self.navigationBarWindow.frame = self.navigationBarWindowFrame }
                    self.navigationBarWindow.invalidate(self.navigationBarWindow.bounds)
                })
        }
        // Under gesture navigation, Back is a swipe in from either edge, which the system
        // watches for before the app's windows see the touches.
        application.systemTouchMonitor = { [weak self] event in self?.watchBackSwipe(event) ?? [] }
    }

    /// Whether the device shows Android's gesture bar rather than its three buttons.
    private var gestureNavigation: Bool { profile.bottom == .navigationBar && profile.gestureNavigation }

    /// The gesture bar lets taps through to the app (`config_navBarTapThrough`, true in the
    /// gestural overlay), except while the keyboard is up, when its down arrow and switcher are
    /// buttons (the input method's navigation bar).
    private func updateBarTouches() {
        navigationBarWindow.isUserInteractionEnabled = !gestureNavigation || application.keyboard.isVisible
    }

    /// The back swipe being watched: its touch, the edge it started from, and whether the
    /// system has taken it from the app.
    private var backSwipe: (touch: Touch, fromLeft: Bool, taken: Bool)?

    /// How far a finger moves before the system decides whether it is a back swipe: Android's
    /// touch slop (8 dp, `ViewConfiguration`) times the back gesture's slop multiplier (0.75,
    /// `EdgeBackGestureHandler`).
    static let backSwipeSlop = 6.0
    /// How far in from the edge a back swipe must be when the finger lifts for it to go back
    /// (`navigation_edge_action_drag_threshold`, 16 dp; the value is inferred).
    static let backSwipeTrigger = 16.0

    /// The edge a back swipe starting at `point` comes from (true for the left), or nil when it
    /// starts outside the back gesture's insets (`config_backGestureInset`, 20 dp from either
    /// side), or in the bottom strip kept for the home gesture (`navigation_bar_gesture_height`).
    func backSwipeEdge(at point: Point) -> Bool? {
        let device = application.deviceFrame
        guard gestureNavigation, device.contains(point),
            point.y < device.maxY - DeviceProfile.bottomGestureHeight
        else { return nil }
        if point.x < device.minX + DeviceProfile.backGestureInset { return true }
        if point.x >= device.maxX - DeviceProfile.backGestureInset { return false }
        return nil
    }

    /// Watches the touches for a back swipe, as System UI's `EdgeBackGestureHandler` does.
    ///
    /// A finger landing within the edge's inset that moves inward past the slop, more across than
    /// up or down, is the system's (the app's views get it cancelled, the pointers pilfered);
    /// lifted at least `backSwipeTrigger` in from where it landed, it is Back. A tap, or a finger
    /// going up or down first, stays the app's.
    private func watchBackSwipe(_ event: Event) -> [Touch] {
        guard gestureNavigation else {
            backSwipe = nil
            return []
        }
        let mine: [Window] = [appWindow, application.keyboard.window, statusBarWindow, navigationBarWindow]
        var taken: [Touch] = []
        for touch in event.allTouches where touch.phase != .stationary {
            if touch.phase == .began {
                guard backSwipe == nil, let window = touch.window, mine.contains(where: { $0 === window }),
                    let fromLeft = backSwipeEdge(at: touch.locationInScreen)
                else { continue }
                backSwipe = (touch, fromLeft, false)
                continue
            }
            guard var swipe = backSwipe, swipe.touch === touch else { continue }
            let inward = (touch.locationInScreen.x - touch.startLocationInScreen.x) * (swipe.fromLeft ? 1 : -1)
            let across = abs(touch.locationInScreen.y - touch.startLocationInScreen.y)
            if !swipe.taken {
                if inward > Self.backSwipeSlop && inward > across {
                    swipe.taken = true
                    taken.append(touch)
                } else if across > Self.backSwipeSlop || -inward > Self.backSwipeSlop {
                    backSwipe = nil
                    continue
                }
            }
            if touch.phase.isFinished {
                backSwipe = nil
                if swipe.taken && touch.phase == .ended && inward >= Self.backSwipeTrigger { onBack?() }
            } else {
                backSwipe = swipe
            }
        }
        return taken
    }

    private let observers = ObserverBag()

    /// Android's Back button: the first of the navigation bar's three equal parts (the left
    /// one in portrait, the bottom one when the bar stands at the side in landscape), in screen
    /// coordinates; empty off Android.
    package var backButtonFrame: Rect {
        let bar = navigationBarFrame
        guard profile.bottom == .navigationBar, bar.width > 0, bar.height > 0 else { return .zero }
        if gestureNavigation {
            // The gesture bar has no Back button; with the keyboard up, the input method's
            // navigation bar shows its down arrow at the left, which hides the keyboard.
            guard application.keyboard.isVisible else { return .zero }
            let frame = navigationBarWindowFrame
            return Rect(x: frame.minX, y: frame.minY, width: Self.imeButtonWidth, height: frame.height)
        }
        if bar.height > bar.width {
            return Rect(x: bar.minX, y: bar.maxY - bar.height / 3, width: bar.width, height: bar.height / 3)
        }
        return Rect(x: bar.minX, y: bar.minY, width: bar.width / 3, height: bar.height)
    }

    /// Places Android's system bars over their part of the device (after a change of device or
    /// orientation); hides them on other devices.
    package func layOut() {
        let android = profile.bottom == .navigationBar
        statusBarWindow.frame = android ? statusBarFrame : .zero
        navigationBarWindow.frame = android ? navigationBarWindowFrame : .zero
        statusBarWindow.setVisible(android && statusBarFrame.height > 0)
        navigationBarWindow.setVisible(android && navigationBarFrame.width > 0 && navigationBarFrame.height > 0)
        updateBarTouches()
        invalidate()
    }

    private func invalidate() {
        for window in [appWindow, application.keyboard.window, statusBarWindow, navigationBarWindow] {
            window.invalidate(window.bounds)
        }
    }

    /// The status bar's frame in screen coordinates (zero height when it is hidden).
    package var statusBarFrame: Rect {
        let device = application.deviceFrame
        guard profile.showsStatusBar(orientation) else {
            return Rect(x: device.minX, y: device.minY, width: device.width, height: 0)
        }
        return Rect(x: device.minX, y: device.minY, width: device.width, height: application.safeAreaInsets.top)
    }

    /// The home indicator's frame in screen coordinates (zero when the device has none).
    package var homeIndicatorFrame: Rect {
        let device = application.deviceFrame
        // A window shorter than the device cuts the home indicator off with the bottom.
        guard profile.bottom == .homeIndicator,
            application.safeAreaInsets.bottom >= profile.safeArea(orientation).bottom
        else { return Rect(x: device.midX, y: device.maxY, width: 0, height: 0) }
        let width = orientation == .portrait ? min(140, device.width * 0.36) : min(220, device.width * 0.26)
        return Rect(x: (device.midX - width / 2).rounded(), y: device.maxY - 8 - 5, width: width.rounded(), height: 5)
    }

    private func draw(in window: Window, canvas: Canvas) {
        // iPad's floating keyboard is clear of the screen's edges: nothing of the device is on it.
        if window === application.keyboard.window && application.keyboard.floats { return }
        let origin = Point(x: window.frame.minX, y: window.frame.minY)
        func local(_ r: Rect) -> Rect { r.offsetBy(dx: -origin.x, dy: -origin.y) }
        defer { drawCorners(in: window, canvas: canvas) }
        if window === statusBarWindow { canvas.fill(window.bounds, color: Palette.barBackground) }
        if window === appWindow || window === statusBarWindow { drawStatusBar(canvas, local(statusBarFrame)) }
        switch profile.bottom {
        case .none: break
        case .homeIndicator:
            var bar = local(homeIndicatorFrame)
            // The keypad's window is drawn once and then moved as it slides: its bar sits where
            // its bottom is when docked at the device's bottom, wherever it is drawn.
            if window !== appWindow {
                bar.origin.y = window.bounds.maxY - (application.deviceFrame.maxY - homeIndicatorFrame.minY)
            }
            guard bar.intersects(window.bounds) else { return }
            // Dark on light content, light on the dark keypad tray, as iOS adapts it.
            let onKeypad = window !== appWindow
            canvas.fillRoundedRect(bar, radius: 2.5, color: onKeypad ? Palette.label : Palette.label.withAlpha(0.85))
        case .navigationBar:
            guard window === appWindow || window === navigationBarWindow else { return }
            drawNavigationBar(canvas, local(window === navigationBarWindow ? navigationBarWindowFrame : navigationBarFrame))
        }
    }

    /// The display's rounded corners: the desk's colour outside each quarter circle.
    ///
    /// The app's window gets all four; the keypad's window, drawn once and moved as it slides, its
    /// bottom two where its bottom edge is (the device's bottom, when docked).
    private func drawCorners(in window: Window, canvas: Canvas) {
        let radius = profile.cornerRadius
        guard radius > 0 else { return }
        let b = window.bounds
        let isKeypad = window === application.keyboard.window
        // Docked on Android's navigation bar, the keypad's bottom is not the screen's: the bar has
        // the corners.
        if isKeypad && !application.keyboard.coversBottomSafeArea { return }
        // The device's corners, in this window's coordinates (the keypad's: as docked).
        let device = application.deviceFrame.offsetBy(dx: -window.frame.minX, dy: -window.frame.minY)
        let corners: [(Point, Double, Double)] =
            isKeypad
            ? [(Point(x: b.minX, y: b.maxY), 1, -1), (Point(x: b.maxX, y: b.maxY), -1, -1)]
            : [
                (Point(x: device.minX, y: device.minY), 1, 1), (Point(x: device.maxX, y: device.minY), -1, 1),
                (Point(x: device.minX, y: device.maxY), 1, -1), (Point(x: device.maxX, y: device.maxY), -1, -1),
            ].filter { b.insetBy(dx: -0.5, dy: -0.5).contains($0.0) }
        for (corner, sx, sy) in corners {
            // The corner, then the quarter arc from one edge to the other.
            var points = [corner]
            let centre = Point(x: corner.x + sx * radius, y: corner.y + sy * radius)
            for step in 0...12 {
                let angle = Double(step) / 12 * .pi / 2
                points.append(Point(x: centre.x - sx * radius * cos(angle), y: centre.y - sy * radius * sin(angle)))
            }
            canvas.fillPolygon(points, color: Palette.desk)
        }
    }

    /// Android's navigation bar in screen coordinates: the bottom safe area in portrait, the
    /// right one in landscape.
    package var navigationBarFrame: Rect {
        Self.navigationBarFrame(device: application.deviceFrame, safeArea: application.safeAreaInsets)
    }

    /// Android's navigation bar on a device at `device` with `safe` as its safe area: the bottom
    /// safe area in portrait, the right one in landscape.
    package static func navigationBarFrame(device: Rect, safeArea safe: EdgeInsets) -> Rect {
        if safe.right > 0 && safe.bottom == 0 {
            return Rect(x: device.maxX - safe.right, y: device.minY, width: safe.right, height: device.height)
        }
        return Rect(x: device.minX, y: device.maxY - safe.bottom, width: device.width, height: safe.bottom)
    }

    /// The navigation bar's window: the bar, or under gesture navigation while the keyboard is
    /// up or on its way, the bar's 48-point frame (`navigation_bar_frame_height`), which the
    /// input method's navigation bar fills.
    package var navigationBarWindowFrame: Rect {
        let bar = navigationBarFrame
        guard gestureNavigation, application.keyboard.state != .hidden,
            let height = profile.imeNavigationBarHeight, bar.width >= bar.height
        else { return bar }
        return Rect(x: bar.minX, y: bar.maxY - height, width: bar.width, height: height)
    }

    /// Android's status bar: the time at the left, in 14-point type 16 points from the edge,
    /// and at the right the Wi-Fi fan, the signal triangle and the upright battery, as Pixel's
    /// System UI draws them (inferred from its screenshots).
    private func drawMaterialStatusBar(_ canvas: Canvas, _ bar: Rect) {
        let font = application.fonts.font(size: 14, weight: .semibold)
        let baseline = (bar.midY + (font.ascent - font.descent) / 2).rounded()
        canvas.drawText("9:41", at: Point(x: bar.minX + 16, y: baseline), font: font, color: Palette.label)
        let ink = Palette.label, midY = bar.midY.rounded()
        // The battery, upright: a 7 × 12 body with a cap.
        var x = bar.maxX - 16 - 7
        canvas.fill(Rect(x: x + 2, y: midY - 7, width: 3, height: 1.5), color: ink)
        canvas.fillRoundedRect(Rect(x: x, y: midY - 5.5, width: 7, height: 12), radius: 1, color: ink)
        // The signal: a right triangle, 12 points.
        x -= 6 + 12
        canvas.fillPolygon(
            [Point(x: x, y: midY + 6.5), Point(x: x + 12, y: midY - 5.5), Point(x: x + 12, y: midY + 6.5)], color: ink)
        // Wi-Fi: a quarter fan pointing down, 14 points wide.
        x -= 6 + 14
        var fan = [Point(x: x + 7, y: midY + 6)]
        for step in 0...8 {
            let angle = .pi * (1.25 + 0.5 * Double(step) / 8)
            fan.append(Point(x: x + 7 + 10 * cos(angle), y: midY + 6 + 10 * sin(angle)))
        }
        canvas.fillPolygon(fan, color: ink)
    }

    private func drawStatusBar(_ canvas: Canvas, _ bar: Rect) {
        guard bar.height > 0 else { return }
        if profile.bottom == .navigationBar { return drawMaterialStatusBar(canvas, bar) }
        let fonts = application.fonts
        // iOS's clock is 17-point semibold beside the Dynamic Island, 12-point on the older,
        // thinner bar (the navigation bar's title face, so the first frame opens no other).
        let font = fonts.font(size: bar.height > 40 ? 17 : 12, weight: .semibold)
        let island = profile.top == .dynamicIsland
        // The time and the icons sit in the bar's middle, or beside the island on its level.
        let midY = island ? bar.minY + 11 + 37 / 2 : bar.midY
        let baseline = (midY + (font.ascent - font.descent) / 2).rounded()
        let time = "9:41"
        let sideWidth = island ? (bar.width - 126) / 2 : bar.width / 3
        // A home-button iPhone centres the time, its signal at the left (inferred from its
        // screenshots; Apple documents no layout); iPad puts it at the left.
        let homeButton = profile.bottom == .none
        let timeX =
            island
            ? bar.minX + (sideWidth - font.width(of: time)) / 2 + 8
            : homeButton ? bar.midX - font.width(of: time) / 2 : bar.minX + 16
        canvas.drawText(time, at: Point(x: timeX.rounded(), y: baseline), font: font, color: Palette.label)
        if island {
            canvas.fillRoundedRect(
                Rect(x: (bar.midX - 63).rounded(), y: bar.minY + 11, width: 126, height: 37), radius: 18.5, color: .black)
        }
        // Signal bars, then a battery, at the right (the signal at the left on a home-button iPhone).
        let iconHeight = (font.ascent * 0.8).rounded()
        var x = homeButton ? bar.minX + 8 : bar.maxX - (island ? sideWidth / 2 + 28 : 16 + 44)
        for step in 0..<4 {
            let h = (iconHeight * Double(step + 1) / 4).rounded()
            canvas.fill(Rect(x: x, y: midY + iconHeight / 2 - h, width: 3, height: h), color: Palette.label)
            x += 5
        }
        x = homeButton ? bar.maxX - 8 - 27 : x + 5
        let battery = Rect(x: x, y: (midY - iconHeight / 2).rounded(), width: 24, height: iconHeight)
        canvas.strokeRoundedRect(battery, radius: 3, lineWidth: 1, color: Palette.label.withAlpha(0.5))
        canvas.fillRoundedRect(battery.insetBy(dx: 2, dy: 2), radius: 1.5, color: Palette.label)
        canvas.fill(
            Rect(x: battery.maxX + 1, y: battery.midY - 2, width: 2, height: 4), color: Palette.label.withAlpha(0.5))
    }

    /// The width of the input method's down arrow and switcher buttons in the gesture bar, in
    /// points (inferred).
    static let imeButtonWidth = 48.0

    /// The gesture bar: the handle, 108 points wide and 4 tall, 6 points above the screen's
    /// bottom (System UI's `navigation_home_handle_width`, `navigation_handle_radius` 1.85 dp and
    /// `navigation_handle_bottom` 6 dp); while the keyboard is up, the bar is the keyboard's
    /// (Android 13's input method navigation bar, `config_imeDrawsImeNavBar`): the down arrow
    /// that hides it at the left, the input method switcher at the right.
    private func drawGestureBar(_ canvas: Canvas, _ bar: Rect) {
        let keyboardUp = application.keyboard.style == .android && application.keyboard.isVisible
        let withKeyboard = application.keyboard.style == .android && application.keyboard.state != .hidden
        canvas.fill(bar, color: withKeyboard ? Palette.keypadTray : Palette.barBackground)
        let width = min(108, bar.width * 0.3), height = 4.0
        canvas.fillRoundedRect(
            Rect(x: (bar.midX - width / 2).rounded(), y: bar.maxY - 6 - height, width: width.rounded(), height: height),
            radius: height / 2, color: Palette.label.withAlpha(0.8))
        guard keyboardUp else { return }
        let ink = Palette.label.withAlpha(0.7), t = 1.2
        // The down arrow, centred in its button.
        let back = Point(x: bar.minX + Self.imeButtonWidth / 2, y: bar.midY)
        canvas.fillPolygon(
            [
                Point(x: back.x - 6 - t, y: back.y - 3 + t), Point(x: back.x - 6 + t, y: back.y - 3 - t),
                Point(x: back.x, y: back.y + 3 - 2 * t), Point(x: back.x + 6 - t, y: back.y - 3 - t),
                Point(x: back.x + 6 + t, y: back.y - 3 + t), Point(x: back.x, y: back.y + 3 + t),
            ], color: ink)
        // The switcher: a small keyboard, a frame with a row of keys.
        let board = Rect(x: bar.maxX - Self.imeButtonWidth / 2 - 8, y: bar.midY - 5, width: 16, height: 10)
        canvas.strokeRoundedRect(board, radius: 2, lineWidth: 1.2, color: ink)
        for i in 0..<3 {
            canvas.fill(Rect(x: board.minX + 3 + Double(i) * 4, y: board.minY + 3, width: 2, height: 1.5), color: ink)
        }
        canvas.fill(Rect(x: board.minX + 4, y: board.maxY - 3.5, width: 8, height: 1.5), color: ink)
    }

    private func drawNavigationBar(_ canvas: Canvas, _ bar: Rect) {
        guard bar.width > 0, bar.height > 0 else { return }
        if gestureNavigation { return drawGestureBar(canvas, bar) }
        canvas.fill(bar, color: Palette.barBackground)
        let vertical = bar.height > bar.width
        let centres: [Point] = (0..<3).map { i in
            let share = (Double(i) + 0.5) / 3
            return vertical
                ? Point(x: bar.midX, y: bar.minY + bar.height * (1 - share))
                : Point(x: bar.minX + bar.width * share, y: bar.midY)
        }
        let ink = Palette.label.withAlpha(0.7)
        // Back (a triangle), home (a circle), recents (a square), as Android's three buttons.
        // While the keyboard is up, Back is a down arrow: it hides the keyboard (System UI's
        // "back alt" hint, `NAVIGATION_HINT_BACK_ALT`).
        let back = centres[0]
        if application.keyboard.style == .android && application.keyboard.isVisible {
            let t = 1.4
            canvas.fillPolygon(
                [
                    Point(x: back.x - 7 - t, y: back.y - 3.5 + t), Point(x: back.x - 7 + t, y: back.y - 3.5 - t),
                    Point(x: back.x, y: back.y + 3.5 - 2 * t), Point(x: back.x + 7 - t, y: back.y - 3.5 - t),
                    Point(x: back.x + 7 + t, y: back.y - 3.5 + t), Point(x: back.x, y: back.y + 3.5 + t),
                ], color: ink)
        } else {
            canvas.fillPolygon(
                [Point(x: back.x - 7, y: back.y), Point(x: back.x + 6, y: back.y - 8), Point(x: back.x + 6, y: back.y + 8)],
                color: ink)
        }
        canvas.fillEllipse(in: Rect(x: centres[1].x - 8, y: centres[1].y - 8, width: 16, height: 16), color: ink)
        canvas.fillRoundedRect(Rect(x: centres[2].x - 7, y: centres[2].y - 7, width: 14, height: 14), radius: 2, color: ink)
    }
}

/// A bar of the device's system drawn over the app (Android's status and navigation bars): it takes the
/// touches that land on it, which the app never sees, and does nothing with them.
///
/// Back, Home and Recents are drawn, not modelled.
@MainActor
package final class SystemBarWindow: Window {
    /// Draws the bar (set by `DeviceChrome`).
    var onDraw: ((Window, Canvas) -> Void)?
    /// Told where a finger lifted on the bar, in screen coordinates, when it also landed on
    /// it (set by `DeviceChrome`: Back).
    var onTap: ((Point) -> Void)?

    /// A hidden bar identified `identifier`, above the keypad.
    package init(identifier: String) {
        super.init(frame: .zero, level: .keyboard)
        self.identifier = identifier
        backgroundColor = Palette.barBackground
        isHidden = true
    }

    /// Draws the bar through `onDraw`, which the device chrome sets to match the platform.
    package override func draw(_ rect: Rect, in canvas: Canvas) { onDraw?(self, canvas) }

    /// A finger that lifts where it landed (within a few points) taps the button under it.
    package override func touchesEnded(_ touches: [Touch], with event: Event) {
        for touch in touches {
            let start = touch.startLocationInScreen, end = touch.locationInScreen
            guard abs(start.x - end.x) < 10, abs(start.y - end.y) < 10 else { continue }
            onTap?(end)
        }
    }
}
