import Foundation
import TapawayHeadless
import TapawayKit
import Testing

@testable import TapawayDemo

/// The simulated device: a fixed size in points from a short list, in portrait or landscape,
/// with its safe area honoured; the chrome around it folding when the window is narrow.
@MainActor
@Suite("Devices and orientation")
struct DeviceTests {
    /// Every device in each orientation.
    nonisolated static let all: [(String, String)] = DeviceProfile.all.flatMap { d in [(d.id, "portrait"), (d.id, "landscape")] }

    @Test(
        "each device in each orientation has its size, its safe area, and a keypad docked over its home indicator", arguments: all
    )
    func deviceFrames(_ id: String, _ orientation: String) throws {
        let session = HeadlessSession(technique: .sendEvent)
        let app = session.app, application = session.platform.application
        #expect(app.setOption(OptionKey(nil, "device"), to: id))
        #expect(app.setOption(OptionKey(nil, "orientation"), to: orientation))
        session.platform.settle()
        let profile = try #require(DeviceProfile.device(id))
        let turned = try #require(DeviceOrientation(rawValue: orientation))
        let size = profile.size(turned)
        #expect(application.deviceFrame.size == size, "the device keeps its size in points")
        #expect(!app.windowLayout.clipped, "the screen grew to hold it")
        let safe = profile.safeArea(turned)
        #expect(application.safeAreaInsets == safe)
        // The app's window covers the device, less Android's navigation bar: a window that fits
        // the system bars ends on it (`Window.setDecorFitsSystemWindows`, true below API 35).
        var windowFrame = application.deviceFrame
        if profile.bottom == .navigationBar {
            if turned == .portrait { windowFrame.size.height -= safe.bottom } else { windowFrame.size.width -= safe.right }
        }
        #expect(app.window.frame == windowFrame)
        // The navigation bar sits under the status bar, inside the sides.
        let bar = app.navigation.navigationBar
        #expect(bar.frameInScreen.minY == application.deviceFrame.minY)
        #expect(bar.frame.height == bar.contentHeight + safe.top)
        // Small iPhones' bar is the compact one in landscape (32 points, fluentui-apple #1727).
        let compact = turned == .landscape && ["iphone-se", "iphone-15"].contains(id)
        #expect(bar.contentHeight == (profile.keyboardStyle == .android ? 64 : compact ? 32 : NavigationBar.height))
        // The form's rows stay inside the safe area's sides (the sensor housing in landscape).
        let name = app.form.name.frameInScreen, device0 = application.deviceFrame
        #expect(name.minX == device0.minX + safe.left + ScreenForm.margin)
        #expect(name.maxX == device0.maxX - safe.right - ScreenForm.margin)
        app.focus("name")
        session.platform.settle()
        let keys = KeypadMetrics.make(
            style: profile.keyboardStyle, compact: turned == .landscape && profile.hidesStatusBarInLandscape
        ).trayHeight
        let device = application.deviceFrame
        let expected =
            profile.keyboardCoversBottomInset
            ? Rect(x: device.minX, y: device.maxY - keys - safe.bottom, width: device.width, height: keys + safe.bottom)
            : Rect(x: device.minX, y: device.maxY - safe.bottom - keys, width: device.width, height: keys)
        #expect(application.keyboard.frame == expected)
        #expect(application.keyboard.keypadView.frame.width == device.width - safe.left - safe.right)
    }

    @Test("width the device does not need goes to the inspector up to its widest, then to the desk, never to the device")
    func extraWidthToTheInspector() {
        let platform = HeadlessPlatform(screenSize: Size(width: 1000, height: 900))
        let app = TapawayApp(application: platform.application)
        platform.settle()
        #expect(platform.application.deviceFrame == Rect(x: SidebarWindow.width, y: 24, width: 393, height: 852))
        #expect(
            app.inspector.frame == Rect(x: SidebarWindow.width + 393, y: 0, width: 1000 - SidebarWindow.width - 393, height: 900))
        // A wide window: the inspector stops at its widest, and the device sits in the middle
        // of the desk that is left.
        platform.application.resizeScreen(to: Size(width: 1600, height: 900))
        platform.settle()
        #expect(
            app.inspector.frame
                == Rect(x: 1600 - InspectorWindow.maximumWidth, y: 0, width: InspectorWindow.maximumWidth, height: 900))
        let desk = 1600 - SidebarWindow.width - InspectorWindow.maximumWidth
        #expect(
            platform.application.deviceFrame
                == Rect(x: SidebarWindow.width + ((desk - 393) / 2).rounded(.down), y: 24, width: 393, height: 852))
        #expect(!app.inspector.isHidden && !app.sidebar.isHidden)
        #expect(app.sidebarStrip.isHidden && app.inspectorStrip.isHidden)
    }

    @Test("the replay banner sits in the home indicator's strip, over nothing a replay touches; without one, under the bar")
    func replayBannerPlace() {
        let platform = HeadlessPlatform(screenSize: TapawayApp.defaultSize)
        let app = TapawayApp(application: platform.application)
        platform.settle()
        let device = platform.application.deviceFrame
        let banner = app.replayBanner.frame
        #expect(banner.minY >= device.maxY - 34 && banner.maxY <= device.maxY, "in the home indicator's strip: \(banner)")
        // It covers no view of the form, nor the keypad's keys once they are up.
        let formViews = app.form.background.subviews.filter { !$0.isHidden }.map(\.frameInScreen)
        #expect(!formViews.contains { $0.intersects(banner) && $0.maxY <= device.maxY - 34 })
        _ = app.focus("name")
        platform.settle()
        let keys = platform.application.keyboard.keypadView.subviews.map(\.frameInScreen).filter { $0.width > 0 }
        #expect(!keys.isEmpty && !keys.contains { $0.intersects(banner) }, "the banner covers a key")
        // An iPhone SE has no home indicator: the banner goes under the navigation bar.
        let se = ChromeLayout.replayBannerFrame(
            device: Rect(x: 0, y: 0, width: 375, height: 667), safeArea: EdgeInsets(top: 20, bottom: 0))
        #expect(se.minY == 20 + 60)
    }

    @Test("in a narrow window the sidebar and the inspector fold into strips whose buttons open them over the device")
    func narrowWindowFolds() throws {
        let platform = HeadlessPlatform(screenSize: Size(width: 480, height: 852))
        let app = TapawayApp(application: platform.application)
        platform.settle()
        let device = platform.application.deviceFrame
        #expect(device == Rect(x: 36 + (480 - 72 - 393) / 2, y: 0, width: 393, height: 852).integralX)
        #expect(app.sidebar.isHidden && app.inspector.isHidden)
        #expect(!app.sidebarStrip.isHidden && !app.inspectorStrip.isHidden)
        #expect(app.sidebarStrip.frame == Rect(x: 0, y: 0, width: 36, height: 852))
        #expect(app.inspectorStrip.frame == Rect(x: 480 - 36, y: 0, width: 36, height: 852))
        // The sidebar opens over the device; an option in it still works; the button closes it.
        platform.tap(app.sidebarStrip.button)
        platform.settle()
        #expect(!app.sidebar.isHidden)
        #expect(app.sidebar.frame == Rect(x: 36, y: 0, width: SidebarWindow.width, height: 852))
        #expect(platform.application.window(at: app.sidebar.frame.center) === app.sidebar, "the open sidebar is on top")
        let item = try #require(app.sidebar.optionItem("option-keyboard-hardware"))
        app.sidebar.content.scrollRectToVisible(item.convert(item.bounds, to: app.sidebar.content), animated: false)
        platform.settle()
        platform.tap(item)
        #expect(app.options.value(of: OptionKey(nil, "keyboard")) == "hardware")
        platform.tap(app.sidebarStrip.button)
        platform.settle()
        #expect(app.sidebar.isHidden)
        // The inspector opens the same way, and only one of the two is open at a time.
        platform.tap(app.inspectorStrip.button)
        platform.settle()
        #expect(!app.inspector.isHidden && app.sidebar.isHidden)
        #expect(app.inspector.frame == Rect(x: 480 - 36 - InspectorWindow.width, y: 0, width: InspectorWindow.width, height: 852))
    }

    @Test(
        "Android's status and navigation bars are the system's: a tap there never reaches the app; iOS's status bar is the app's")
    func systemBars() throws {
        let session = HeadlessSession(technique: .sendEvent)
        let app = session.app, p = session.platform
        #expect(app.setOption(OptionKey(nil, "device"), to: "android"))
        p.settle()
        app.focus("name")
        p.settle()
        let chrome = app.deviceChrome
        #expect(!chrome.navigationBarWindow.isHidden && !chrome.statusBarWindow.isHidden)
        #expect(chrome.navigationBarWindow.frame.maxY == p.application.deviceFrame.maxY)
        #expect(chrome.navigationBarWindow.frame.height == 48 && chrome.statusBarWindow.frame.height == 24)
        #expect(p.application.keyboard.frame.maxY == chrome.navigationBarWindow.frame.minY, "the keypad docks above the bar")
        session.resetOutcome()
        p.tap(at: chrome.navigationBarWindow.frame.center)
        p.tap(at: chrome.statusBarWindow.frame.center)
        p.settle()
        #expect(p.application.firstResponder === app.form.name, "taps on the system's bars leave the focus alone")
        #expect(session.outcome.decisions.isEmpty, "no technique heard them: \(session.outcome.decisions)")
        // On iPhone the status bar lies over the app: a tap there is the app's (its navigation bar).
        #expect(app.setOption(OptionKey(nil, "device"), to: "iphone-15"))
        p.settle()
        #expect(chrome.navigationBarWindow.isHidden && chrome.statusBarWindow.isHidden)
        app.focus("name")
        p.settle()
        p.tap(at: Point(x: p.application.deviceFrame.midX - 100, y: p.application.deviceFrame.minY + 20))
        p.settle()
        #expect(p.application.firstResponder == nil, "send-event resigns on a touch in the status bar, which is the app's window")
    }

    @Test("a window smaller than the device shows the part that fits and says so")
    func clippedDevice() {
        let platform = HeadlessPlatform(screenSize: Size(width: 933, height: 600))
        let app = TapawayApp(application: platform.application)
        platform.settle()
        #expect(platform.application.deviceFrame.height == 600)
        #expect(app.windowLayout.clipped)
        #expect(platform.application.safeAreaInsets.bottom == 0, "the home indicator is cut off with the bottom")
        #expect(app.deviceChrome.homeIndicatorFrame.width == 0, "so it is not drawn over the keys")
        #expect(app.inspector.deviceStatus.contains("The window cuts 0 × 252 pt off"))
    }

    @Test(
        "F5 turns the device; a low field focused under an avoiding technique stays above the keypad",
        arguments: [
            TechniqueID.backgroundControl, .keyboardManager,
        ])
    func rotationKeepsTheFieldAbove(_ technique: TechniqueID) throws {
        let session = HeadlessSession(technique: technique)
        let app = session.app, application = session.platform.application
        app.focus("phone")
        session.platform.settle()
        let phone = app.form.phone
        #expect(phone.frameInScreen.maxY <= application.keyboard.frame.minY, "portrait: phone above the keypad")
        session.platform.press(.function(5))
        session.platform.settle()
        #expect(app.orientation == .landscape)
        #expect(application.deviceFrame.size == Size(width: 852, height: 393))
        #expect(phone.isFirstResponder)
        #expect(
            phone.frameInScreen.maxY <= application.keyboard.frame.minY,
            "landscape: phone \(phone.frameInScreen) above the keypad \(application.keyboard.frame)")
        #expect(
            phone.frameInScreen.minY >= app.form.frameInScreen.minY,
            "landscape: phone \(phone.frameInScreen) shows in the form \(app.form.frameInScreen)")
        session.platform.press(.function(5))
        session.platform.settle()
        #expect(app.orientation == .portrait)
        #expect(phone.frameInScreen.maxY <= application.keyboard.frame.minY, "back in portrait")
    }

    @Test("the window growing in the middle of the turn's slide leaves the focused field in view above the keypad")
    func growthDuringTheSlide() {
        let h = Harness(.backgroundControl)
        let application = h.platform.application
        h.app.focus("phone")
        h.platform.settle()
        h.platform.press(.function(5))
        h.platform.advance(by: 0.05)
        // The desktop's answer to the window's request to grow arrives while the keypad slides.
        application.resizeScreen(to: Size(width: 1280, height: 852))
        h.platform.settle()
        let phone = h.form.phone.frameInScreen, form = h.form.frameInScreen
        #expect(phone.maxY <= application.keyboard.frame.minY, "phone \(phone) above the keypad \(application.keyboard.frame)")
        #expect(phone.minY >= form.minY, "phone \(phone) shows in the form \(form)")
    }

    @Test("the trace's ready line states the device, and a device line follows each change")
    func traceStatesTheDevice() throws {
        let h = Harness()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tapaway-device-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        h.app.attach(Tracer(sink: try TraceSink.file(path), clock: h.platform.clock))
        h.app.didBecomeReady()
        h.platform.press(.function(5))
        h.platform.settle()
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        let ready = try #require(lines.first { $0.contains(#""kind":"ready""#) })
        #expect(ready.contains(#""model":"iphone-15","orientation":"portrait","safeArea":[59,0,34,0],"clipped":false"#))
        let device = try #require(lines.first { $0.contains(#""kind":"device""#) })
        #expect(device.contains(#""model":"iphone-15","orientation":"landscape","safeArea":[0,59,21,59]"#), "\(device)")
    }
}

@MainActor
@Suite("The matrix on other devices")
struct DeviceMatrixTests {
    func cells(_ settings: [String], _ ids: [TechniqueID]) throws -> [TechniqueID: [String]] {
        let options = try settings.map { try OptionAssignment($0, technique: nil) }
        var codes: [TechniqueID: [String]] = [:]
        for (id, row) in DismissalMatrix.cells(for: ids, options: options) { codes[id] = row.map(\.code) }
        return codes
    }

    @Test("on iPhone SE, row-2 is under the keypad: out of reach unless the technique makes room")
    func smallPhone() throws {
        let codes = try cells(["device=iphone-se"], [.sendEvent, .keyboardManager])
        #expect(codes[.sendEvent]?[11] == "n/a", "nothing scrolls row-2 above the keypad")
        #expect(codes[.keyboardManager]?[11] != "n/a", "the manager's insets let the form scroll it into reach")
        #expect(codes[.sendEvent]?[1] == "R↓", "the background is still in reach")
    }

    @Test("in landscape, a finger held on name and the background do not both show")
    func landscape() throws {
        let codes = try cells(["orientation=landscape"], [.sendEvent])
        #expect(codes[.sendEvent]?[7] == "n/a")
        #expect(codes[.sendEvent]?[4] == "R↓ ✓", "Submit, scrolled into reach, still fires")
    }

    @Test("on iPad the form fits, so a drag on the background is a tap for the background control")
    func tablet() throws {
        let codes = try cells(["device=ipad"], [.backgroundControl])
        #expect(codes[.backgroundControl]?[10] == "R↑")
    }

    @Test("on Android, the 246-point keyboard over the navigation bar covers row-2; the other cells are the default device's")
    func android() throws {
        let ids: [TechniqueID] = [.sendEvent, .noCode, .android, .backgroundControl, .keyboardManager]
        let there = try cells(["device=android"], ids), here = try cells([], ids)
        // The form scrolls row-2 just clear of iOS's 217-point keys on the 48-point bar; LatinIME's
        // keyboard, 29 points taller, leaves it no room.
        for id in [TechniqueID.sendEvent, .noCode, .android] {
            #expect(there[id]?[11] == "n/a", "\(id): row-2 is under the keyboard")
        }
        for id in [TechniqueID.backgroundControl, .keyboardManager] {
            #expect(there[id]?[11] != "n/a", "\(id) makes room for it")
        }
        for id in ids {
            let others = Array((there[id] ?? []).enumerated().filter { $0.offset != 11 }.map(\.element))
            let same = Array((here[id] ?? []).enumerated().filter { $0.offset != 11 }.map(\.element))
            #expect(others == same, "\(id)")
        }
    }
}

extension Rect {
    /// The rectangle with its x rounded down, as the layout places it.
    fileprivate var integralX: Rect { Rect(x: minX.rounded(.down), y: minY, width: width, height: height) }
}
