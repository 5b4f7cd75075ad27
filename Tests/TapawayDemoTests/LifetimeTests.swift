import Testing
import TapawayDemo
import TapawayKit
import TapawayHeadless

/// Nothing outlives its screen: whole apps, pushed and popped screens and the dismissing window
/// are freed, and their notification observers go with them.
@MainActor
@Suite("Lifetimes")
struct LifetimeTests {
    @Test("a whole app, used and dropped, is freed with its windows, screens and keyboard manager")
    func appIsFreed() {
        weak var weakApp: TapawayApp?
        weak var weakWindow: DismissingWindow?
        weak var weakApplication: Application?
        do {
            let platform = HeadlessPlatform(screenSize: TapawayApp.defaultSize)
            let app = TapawayApp(application: platform.application)
            for scenario in Scenario.allCases { app.show(scenario, animated: false) }
            app.focus("name")
            platform.settle()
            platform.type("hi")
            app.toggleHelp()
            app.toggleInspector()
            platform.settle()
            weakApp = app
            weakWindow = app.window
            weakApplication = platform.application
        }
        #expect(weakApp == nil, "TapawayApp leaked")
        #expect(weakWindow == nil, "DismissingWindow leaked")
        #expect(weakApplication == nil, "Application leaked")
    }

    @Test("a screen pushed and popped is freed, and its observers leave the notification center")
    func poppedScreenIsFreed() {
        let platform = HeadlessPlatform(screenSize: Size(width: 390, height: 820))
        let center = platform.application.notificationCenter
        let window = DismissingWindow(frame: Rect(x: 0, y: 0, width: 390, height: 820), notificationCenter: center)
        let root = ViewController()
        let navigation = NavigationController(root: root)
        window.setRootViewController(navigation)
        platform.application.addWindow(window)
        platform.settle()
        let baseline = center.observerCount
        weak var weakScreen: FormViewController?
        do {
            let screen = TapGestureViewController()
            navigation.pushViewController(screen, animated: false)
            platform.settle()
            screen.form.name.becomeFirstResponder()
            platform.settle()
            #expect(center.observerCount > baseline, "the tap-gesture screen observes the keyboard while it is up")
            screen.form.name.resignFirstResponder()
            _ = navigation.popViewController(animated: false)
            platform.settle()
            weakScreen = screen
        }
        #expect(weakScreen == nil, "the popped screen leaked")
        #expect(center.observerCount == baseline, "observers left behind: \(center.observerCount - baseline)")
    }

    @Test("a dismissing window stops observing the editing notifications when it goes away")
    func windowObserversLeave() {
        let center = NotificationCenter()
        let baseline = center.observerCount
        weak var weakWindow: DismissingWindow?
        do {
            let window = DismissingWindow(frame: Rect(x: 0, y: 0, width: 100, height: 100), notificationCenter: center)
            #expect(center.observerCount == baseline + 4, "the four begin and end editing notifications")
            weakWindow = window
        }
        #expect(weakWindow == nil)
        #expect(center.observerCount == baseline)
    }
}
