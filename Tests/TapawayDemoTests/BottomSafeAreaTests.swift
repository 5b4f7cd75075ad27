import TapawayKit
import TapawayScreen
import Testing

@testable import TapawayDemo

/// A screen's bottom content at rest keeps to the bottom safe area under every avoidance
/// strategy, so that the strategies start from one baseline: iOS's home indicator, Android's
/// navigation bar.
///
/// The expectations are the platforms' documentation:
/// - UIKit: `UIView.safeAreaLayoutGuide`, "The layout guide representing the portion of your
///   view that is unobscured by bars and other content"; a chat composer pinned to its bottom
///   anchor sits on the home indicator's strip.
/// - SwiftUI: "By default, SwiftUI sizes and positions views to avoid system defined safe
///   areas" (`ignoresSafeArea(_:edges:)`).
/// - React Native: `SafeAreaView`, "to render content within the safe area boundaries of a
///   device".
/// - Android: `Window.setDecorFitsSystemWindows`, "If set to true, the framework will inspect
///   the now deprecated View#SYSTEM_UI_LAYOUT_FLAGS as well the
///   WindowManager.LayoutParams#SOFT_INPUT_ADJUST_RESIZE flag and fits content according to
///   these flags. If set to false, the framework will not fit the content view to the insets
///   and will just pass through the WindowInsets to the content view. If the app targets
///   VANILLA_ICE_CREAM or above, the behavior will be like setting this to false".
@MainActor
@Suite("Bottom content above the safe area and Android's navigation bar")
struct BottomSafeAreaTests {
    let avoidance = OptionKey(nil, "avoidance")
    let layout = OptionKey(nil, "layout")
    let device = OptionKey(nil, "device")

    /// Every value of the `avoidance` option.
    var strategies: [String] {
        Techniques.generalOptions.first { $0.id == "avoidance" }?.values.map(\.id) ?? []
    }

    /// The chat screen on `deviceID` under `strategy`, settled.
    func chat(_ strategy: String, on deviceID: String = "iphone-15") -> Harness {
        let h = Harness(.sendEvent)
        #expect(h.app.setOption(device, to: deviceID))
        #expect(h.app.setOption(layout, to: "chat"))
        #expect(h.app.setOption(avoidance, to: strategy))
        h.platform.settle()
        return h
    }

    func screen(_ h: Harness) -> FormViewController { h.app.screen(for: h.app.technique) }

    @Test(
        "on iPhone 15 the composer sits on the home indicator's 34-point strip under every strategy but edge-to-edge, before and after the keyboard"
    )
    func composerOnIPhone() throws {
        #expect(strategies.count == 14)
        for strategy in strategies {
            let h = chat(strategy)
            let composer = try #require(screen(h).composer)
            let bottom = h.platform.application.deviceFrame.maxY
            // iPhone 15's bottom safe area in portrait: 34 points (docs/devices.md).
            let resting = strategy == "edge-to-edge" ? bottom : bottom - 34
            #expect(composer.frameInScreen.maxY == resting, "\(strategy) at rest")
            #expect(h.form.frameInScreen.maxY == composer.frameInScreen.minY, "\(strategy): the form ends on it")
            h.focus(screen(h).chatComposer.messageField)
            _ = screen(h).chatComposer.messageField.resignFirstResponder()
            h.platform.settle()
            #expect(composer.frameInScreen.maxY == resting, "\(strategy) after the keyboard went")
        }
    }

    @Test("a tab bar still reaches under the home indicator, its items above it")
    func tabBarReachesUnder() throws {
        let file = """
            { "version": 1, "content": { "kind": "scroll-view", "children": [ { "kind": "text-field", "id": "name" } ] },
              "bottomBar": { "kind": "tab-bar", "id": "tabs", "height": 49,
                "children": [ { "kind": "button", "id": "home", "text": "Home" } ] } }
            """
        let session = HeadlessSession(technique: .noCode, document: try ScreenReader.read(file))
        session.platform.settle()
        let bar = try #require(session.app.screen(for: session.app.technique).composer)
        let bottom = session.platform.application.deviceFrame.maxY
        #expect(bar.frameInScreen.maxY == bottom)
        #expect(bar.frameInScreen.height == 49 + 34)
        let home = try #require(bar.view(withIdentifier: "home"))
        #expect(home.frameInScreen.maxY <= bottom - 34)
    }

    @Test(
        "on the Android phone the app's window ends on the navigation bar, and the composer with it, under every strategy but the edge-to-edge ones"
    )
    func androidWindowAboveNavigationBar() throws {
        for strategy in strategies {
            let h = chat(strategy, on: "android")
            let deviceFrame = h.platform.application.deviceFrame
            let navigationTop = deviceFrame.maxY - 48
            let edgeToEdge = strategy == "edge-to-edge" || strategy == "ime-insets"
            let windowBottom = edgeToEdge ? deviceFrame.maxY : navigationTop
            #expect(h.app.window.frameInScreen.maxY == windowBottom, "\(strategy)")
            #expect(h.app.window.frameInScreen.minY == deviceFrame.minY, "\(strategy)")
            let composer = try #require(screen(h).composer)
            let resting = strategy == "edge-to-edge" ? deviceFrame.maxY : navigationTop
            #expect(composer.frameInScreen.maxY == resting, "\(strategy) at rest: \(composer.frameInScreen)")
        }
    }

    @Test(
        "on the Android phone with nothing avoiding, the keyboard overlaps the form by its own height, not its height and the navigation bar's"
    )
    func androidOverlapAtRest() {
        let h = chat("none", on: "android")
        #expect(h.app.setOption(layout, to: "form"))
        h.platform.settle()
        h.focus(h.form.notes)
        let numbers = screen(h).avoidance.numbers
        #expect(numbers.overlap == h.keyboard.shownFrame.height)
    }

    @Test("a screen file's adjustResize plays as edge-to-edge once it targets API 35, as adjustResize below")
    func targetSdkEdgeToEdge() throws {
        func file(_ sdk: Int) -> String {
            """
            { "version": 1, "platform": "android", "targetSdk": \(sdk), "windowSoftInputMode": "adjustResize",
              "content": { "kind": "scroll-view", "children": [ { "kind": "text-field", "id": "name" } ] } }
            """
        }
        #expect(try ScreenReader.read(file(34)).avoidance == "adjust-resize")
        #expect(try ScreenReader.read(file(35)).avoidance == "edge-to-edge")
    }

    @Test("edge-to-edge hides the composer's field under the keyboard; with WindowInsets.ime applied it rides on the keyboard")
    func edgeToEdge() throws {
        let hidden = chat("edge-to-edge", on: "android")
        let field = screen(hidden).chatComposer.messageField
        hidden.focus(field)
        #expect(field.frameInScreen.minY >= hidden.keyboard.shownFrame.minY, "the keyboard covers the whole field")
        #expect(screen(hidden).avoidance.numbers.strategy == "edge-to-edge")

        let applied = chat("ime-insets", on: "android")
        let composer = try #require(screen(applied).composer)
        applied.focus(screen(applied).chatComposer.messageField)
        #expect(composer.frameInScreen.maxY == applied.keyboard.shownFrame.minY)
        #expect(screen(applied).avoidance.numbers.strategy == "ime-insets")
        _ = screen(applied).chatComposer.messageField.resignFirstResponder()
        applied.platform.settle()
        #expect(composer.frameInScreen.maxY == applied.platform.application.deviceFrame.maxY - 48)
    }
}
