import Foundation
import TapawayDemo
import TapawayHeadless
import TapawayKit
import Testing

/// Nothing outlives its screen: whole apps, pushed and popped screens and the dismissing window
/// are freed, and their notification observers go with them.
@MainActor
@Suite("Lifetimes")
struct LifetimeTests {
    @Test("a whole app, used and dropped, is freed with its windows, screens and keyboard manager")
    func appIsFreed() {
        weak var weakApp: TapawayApp?
        weak var weakWindow: AppWindow?
        weak var weakApplication: Application?
        do {
            let platform = HeadlessPlatform(screenSize: TapawayApp.defaultSize)
            let app = TapawayApp(application: platform.application)
            for scenario in TechniqueID.allCases { app.show(scenario, animated: false) }
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
        let center = TapawayKit.NotificationCenter()
        let baseline = center.observerCount
        weak var weakWindow: AppWindow?
        do {
            let window = DismissingWindow(frame: Rect(x: 0, y: 0, width: 100, height: 100), notificationCenter: center)
            #expect(center.observerCount == baseline + 4, "the four begin and end editing notifications")
            weakWindow = window
        }
        #expect(weakWindow == nil)
        #expect(center.observerCount == baseline)
    }
}

@MainActor
@Suite("Observers are removed")
struct ObserverRemovalTests {
    @Test("starting and stopping a recording ten times leaves no observer behind")
    func recordingLeavesNothing() throws {
        let h = Harness()
        let application = h.platform.application
        let before = (application.inputObservers.count, application.notificationCenter.observerCount)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tapaway-observers-\(UUID().uuidString).jsonl")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        for _ in 0..<10 {
            let recorder = InputRecorder(application: application, sink: try TraceSink.file(path), scenario: "send-event")
            #expect(application.inputObservers.count == before.0 + 1)
            #expect(application.notificationCenter.observerCount > before.1)
            h.platform.tap(h.form.name)
            h.platform.settle()
            recorder.stopObserving()
            #expect(application.inputObservers.count == before.0)
            #expect(application.notificationCenter.observerCount == before.1)
        }
    }

    @Test("an app that goes away takes its trace, overlay and technique observers with it")
    func appLeavesNothing() throws {
        let platform = HeadlessPlatform(screenSize: TapawayApp.defaultSize)
        let application = platform.application
        _ = application.keyboard  // made once, with its own frame observer
        platform.settle()
        let before = (
            touch: application.touchObservers.count, focus: application.focusObservers.count,
            frame: application.frameObservers.count, control: application.controlEventObservers.count,
            center: application.notificationCenter.observerCount
        )
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tapaway-observers-\(UUID().uuidString).jsonl")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            let app = TapawayApp(application: application)
            app.attach(Tracer(sink: try TraceSink.file(path), clock: platform.clock))
            platform.settle()
            #expect(application.touchObservers.count > before.touch)
            #expect(application.focusObservers.count > before.focus)
        }
        #expect(application.touchObservers.count == before.touch)
        #expect(application.focusObservers.count == before.focus)
        #expect(application.frameObservers.count == before.frame)
        #expect(application.controlEventObservers.count == before.control)
    }
}

/// A window too narrow for the inspector hides it, with frames a reader of the trace can trust.
@MainActor
@Suite("Narrow windows")
struct NarrowWindowTests {
    @Test(
        "a hidden inspector and everything in it keep non-negative sizes, from the start and after a resize",
        arguments: [560.0, 700.0])
    func hiddenInspectorFrames(width: Double) {
        let platform = HeadlessPlatform(screenSize: Size(width: width, height: 700))
        let app = TapawayApp(application: platform.application)
        platform.settle()
        func check(_ when: String) {
            #expect(app.inspector.isHidden, "\(when): at \(width) the inspector does not fit")
            var views: [View] = [app.inspector]
            while let view = views.popLast() {
                #expect(
                    view.frame.width >= 0 && view.frame.height >= 0, "\(when): \(view.identifier ?? "a view") is \(view.frame)")
                views += view.subviews
            }
        }
        check("at start")
        platform.application.resizeScreen(to: Size(width: width + 20, height: 700))
        platform.settle()
        check("after a resize")
    }
}

/// Leaving a screen ends its editing as the screen leaves.
@MainActor
@Suite("Back and the keyboard")
struct BackKeyboardTests {
    @Test("Back with a field focused: the keypad starts hiding as the slide starts, not after it")
    func keypadLeavesWithThePop() throws {
        let h = Harness(.tapGesture)
        h.focus(h.form.name)
        let back = try #require(h.app.window.view(withIdentifier: "navbar-back"))
        h.platform.tap(back)
        h.platform.advance(by: 0.05)
        #expect(h.keyboardEvents.first == "willHide", "\(h.keyboardEvents)")
        #expect(h.firstResponderID == nil)
        #expect(h.app.navigation.topViewController === h.app.techniques)
        h.platform.settle()
        #expect(h.keyboard.state == .hidden)
    }
}
