import TapawayDemo
import TapawayHeadless
import TapawayKit
import Testing

/// The general options `avoidance` and `layout`: each strategy's frames, exactly, on the form,
/// the plain screen and the chat screen, and the numbers the inspector shows.
@MainActor
@Suite("Keyboard avoidance")
struct AvoidanceTests {
    /// The option key of `avoidance`.
    let avoidance = OptionKey(nil, "avoidance")
    /// The option key of `layout`.
    let layout = OptionKey(nil, "layout")

    /// A harness on `technique` with `avoidance` and `layout` set.
    func harness(_ technique: TechniqueID = .sendEvent, _ strategy: String, layout value: String = "form") -> Harness {
        let h = Harness(technique)
        #expect(h.app.setOption(avoidance, to: strategy))
        #expect(h.app.setOption(layout, to: value))
        h.platform.settle()
        return h
    }

    /// The screen of the technique on view.
    func screen(_ h: Harness) -> FormViewController { h.app.screen(for: h.app.technique) }
    /// The navigation bar's frame in the window.
    func bar(_ h: Harness) -> Rect { h.app.navigation.navigationBar.frameInScreen }
    /// The docked keyboard's frame.
    func keyboard(_ h: Harness) -> Rect { h.keyboard.shownFrame }
    /// How far below the device's top the screen's view begins: the status bar and the
    /// navigation bar, which a KeyboardAvoidingView's frame (relative to its parent) leaves out.
    func screenTop(_ h: Harness) -> Double { screen(h).view.frameInScreen.minY - h.platform.application.deviceFrame.minY }

    @Test("avoidance and layout are general options, as data, platform and form by default")
    func optionsAreData() throws {
        let option = try #require(Techniques.generalOptions.first { $0.id == "avoidance" })
        #expect(
            option.values.map(\.id) == [
                "platform", "none", "shrink-frame", "insets", "move-screen", "move-window", "keyboard-guide", "adjust-resize",
                "adjust-pan", "edge-to-edge", "ime-insets", "kav-height", "kav-position", "kav-padding",
            ])
        #expect(option.defaultValue == "platform")
        let screens = try #require(Techniques.generalOptions.first { $0.id == "layout" })
        #expect(screens.values.map(\.id) == ["form", "plain", "chat"])
        #expect(screens.defaultValue == "form")
        for value in option.values.map(\.id) where value != "platform" {
            #expect(AvoidanceKind(rawValue: value) != nil, "\(value) names a strategy")
        }
    }

    @Test("the sidebar wraps the avoidance choice's fourteen segments into rows, each wide enough to read and tap")
    func sidebarWraps() throws {
        let h = Harness(.sendEvent)
        h.app.sidebar.layoutIfNeeded()
        let option = try #require(Techniques.generalOptions.first { $0.id == "avoidance" })
        var rows = Set<Double>()
        for value in option.values {
            let item = try #require(h.app.sidebar.view(withIdentifier: option.itemIdentifier(for: value.id)))
            #expect(item.frame.width >= 40, "\(value.id) is \(item.frame.width) wide")
            #expect(item.frame.maxX <= h.app.sidebar.bounds.width, "\(value.id)")
            rows.insert(item.frame.minY)
        }
        #expect(rows.count > 1)
    }

    @Test("platform: nothing avoids in send-event, so the keyboard covers notes and the form keeps its frame")
    func platformNone() {
        let h = harness(.sendEvent, "platform")
        let full = h.form.frameInScreen
        h.focus(h.form.notes)
        #expect(h.form.frameInScreen == full)
        #expect(h.form.notes.frameInScreen.maxY > keyboard(h).minY)
        #expect(screen(h).avoidance.numbers.strategy == "none")
        #expect(screen(h).avoidance.numbers.overlap == full.maxY - keyboard(h).minY)
    }

    @Test("platform: background-control shrinks its scroll view to the keyboard's top on did-show, as before")
    func platformShrinks() {
        let h = harness(.backgroundControl, "platform")
        let full = h.form.frameInScreen
        h.focus(h.form.notes)
        #expect(h.form.frameInScreen == Rect(x: full.minX, y: full.minY, width: full.width, height: keyboard(h).minY - full.minY))
        #expect(h.form.notes.frameInScreen.maxY == keyboard(h).minY - ShrinkFrameAvoidance.fieldMargin)
        #expect(screen(h).avoidance.numbers.strategy == "shrink-frame")
    }

    @Test("shrink-frame: the frame shrinks only once the keyboard is up, and comes back when it hides")
    func shrinkFrame() {
        let h = harness(.sendEvent, "shrink-frame")
        let full = h.form.frameInScreen
        h.platform.tap(h.form.notes)
        h.platform.advance(by: 0.1)
        // Mid-slide nothing has changed yet: the seed acts on did-show.
        #expect(h.keyboard.state == .showing)
        #expect(h.form.frameInScreen == full)
        h.platform.settle()
        let kb = keyboard(h)
        #expect(h.form.frameInScreen.maxY == kb.minY)
        #expect(h.form.notes.frameInScreen.maxY == kb.minY - ShrinkFrameAvoidance.fieldMargin)
        let numbers = screen(h).avoidance.numbers
        #expect(numbers.overlap == full.maxY - kb.minY)
        #expect(numbers.keyboard == kb.offsetBy(dx: -h.platform.application.deviceFrame.minX, dy: 0))
        _ = h.form.notes.resignFirstResponder()
        h.platform.settle()
        #expect(h.form.frameInScreen == full)
    }

    @Test("shrink-frame on the chat screen leaves the composer under the keyboard")
    func shrinkFrameChat() throws {
        let h = harness(.sendEvent, "shrink-frame", layout: "chat")
        let composer = try #require(screen(h).composer)
        let field = try #require(composer.view(withIdentifier: "message"))
        h.focus(field)
        #expect(composer.frameInScreen.minY > keyboard(h).minY - composer.frame.height)
        #expect(field.frameInScreen.maxY > keyboard(h).minY)
    }

    @Test(
        "insets: the frame stays, the inset set is the overlap less the home indicator's, the adjusted inset the overlap, notes above the keyboard"
    )
    func insets() {
        let h = harness(.sendEvent, "insets")
        let full = h.form.frameInScreen
        let safe = h.form.safeAreaInsets.bottom
        #expect(safe > 0, "the default device has a home indicator, so the safe area matters")
        h.focus(h.form.notes)
        let kb = keyboard(h)
        #expect(h.form.frameInScreen == full)
        #expect(h.form.contentInset.bottom == full.maxY - kb.minY - safe)
        #expect(h.form.adjustedContentInset.bottom == full.maxY - kb.minY)
        #expect(h.form.notes.frameInScreen.maxY == kb.minY - ContentInsetAvoidance.fieldMargin)
        let numbers = screen(h).avoidance.numbers
        #expect(numbers.contentInset == EdgeInsets(bottom: full.maxY - kb.minY - safe))
        #expect(numbers.indicatorInset == numbers.contentInset)
        #expect(numbers.safeArea.bottom == safe)
        _ = h.form.notes.resignFirstResponder()
        h.platform.settle()
        #expect(h.form.contentInset == .zero)
    }

    @Test("move-screen on a screen without a scroll view: the screen moves up, 10 above the keyboard, the bar stays")
    func moveScreen() {
        let h = harness(.sendEvent, "move-screen", layout: "plain")
        #expect(!h.form.isScrollEnabled)
        let barBefore = bar(h)
        let screenBefore = screen(h).view.frameInScreen
        let notesBefore = h.form.notes.frameInScreen
        h.focus(h.form.notes)
        let kb = keyboard(h)
        let shift = notesBefore.maxY - (kb.minY - MoveScreenAvoidance.distance)
        #expect(h.form.notes.frameInScreen.maxY == kb.minY - MoveScreenAvoidance.distance)
        #expect(screen(h).view.frameInScreen == screenBefore.offsetBy(dx: 0, dy: -shift))
        #expect(bar(h) == barBefore)
        _ = h.form.notes.resignFirstResponder()
        h.platform.settle()
        #expect(screen(h).view.frameInScreen == screenBefore)
    }

    @Test("move-window: the navigation controller's view moves, so the bar goes up with the screen, 10 above the keyboard")
    func moveWindow() {
        let h = harness(.sendEvent, "move-window", layout: "plain")
        let barBefore = bar(h)
        let notesBefore = h.form.notes.frameInScreen
        h.focus(h.form.notes)
        let kb = keyboard(h)
        let shift = notesBefore.maxY - (kb.minY - MoveScreenAvoidance.distance)
        #expect(h.form.notes.frameInScreen.maxY == kb.minY - MoveScreenAvoidance.distance)
        #expect(bar(h) == barBefore.offsetBy(dx: 0, dy: -shift))
        _ = h.form.notes.resignFirstResponder()
        h.platform.settle()
        #expect(bar(h) == barBefore)
        #expect(h.app.navigation.view.frameInScreen == h.platform.application.deviceFrame)
    }

    @Test("without a scroll view, the strategies that only scroll or inset leave notes where it was")
    func plainDoesNotScroll() {
        for strategy in ["insets", "shrink-frame", "keyboard-guide", "adjust-resize"] {
            let h = harness(.sendEvent, strategy, layout: "plain")
            let before = h.form.notes.frameInScreen
            h.focus(h.form.notes)
            #expect(h.form.notes.frameInScreen == before, "\(strategy)")
            #expect(h.form.contentInset == .zero, "\(strategy)")
            #expect(h.form.contentOffset == .zero, "\(strategy)")
        }
    }

    @Test("platform on keyboard-manager without a scroll view: the manager moves the screen and the bar stays")
    func managerMovesScreen() {
        let h = harness(.keyboardManager, "platform", layout: "plain")
        let barBefore = bar(h)
        let screenBefore = screen(h).view.frameInScreen
        h.focus(h.form.notes)
        let kb = keyboard(h)
        #expect(h.form.notes.frameInScreen.maxY == kb.minY - KeyboardManagerShared.distance)
        #expect(screen(h).view.frameInScreen.minY < screenBefore.minY)
        #expect(bar(h) == barBefore)
    }

    @Test("the manager's own insets add the whole overlap, so the safe area adds a gap under the content that insets leaves out")
    func managerGapAgainstInsets() {
        for (strategy, gap) in [("platform", true), ("insets", false)] {
            let h = harness(.keyboardManager, strategy)
            let full = h.form.frameInScreen
            let safe = h.form.safeAreaInsets.bottom
            h.focus(h.form.notes)
            let kb = keyboard(h)
            h.form.setContentOffset(h.form.maximumOffset, animated: false)
            // Where the end of the content is, scrolled as far as it goes.
            let contentEnd = full.minY + h.form.contentSize.height - h.form.contentOffset.y
            #expect(contentEnd == kb.minY - (gap ? safe : 0), "\(strategy)")
        }
    }

    @Test("another avoidance turns the manager's own scrolling off on its screen")
    func managerStandsAside() {
        let h = harness(.keyboardManager, "insets")
        let full = h.form.frameInScreen
        h.focus(h.form.notes)
        let kb = keyboard(h)
        // The insets strategy's inset and margin, not the manager's: only one of them acted.
        #expect(h.form.contentInset.bottom == full.maxY - kb.minY - h.form.safeAreaInsets.bottom)
        #expect(h.form.notes.frameInScreen.maxY == kb.minY - ContentInsetAvoidance.fieldMargin)
    }

    @Test("keyboard-guide: the composer rides on the keyboard's top frame by frame, the form above it")
    func keyboardGuide() throws {
        let h = harness(.sendEvent, "keyboard-guide", layout: "chat")
        let composer = try #require(screen(h).composer)
        let device = h.platform.application.deviceFrame
        // With the keyboard away the guide's top is the safe area's bottom: above the home indicator.
        let resting = device.maxY - screen(h).view.safeAreaInsets.bottom
        #expect(composer.frameInScreen.maxY == resting)
        h.platform.tap(try #require(composer.view(withIdentifier: "message")))
        h.platform.advance(by: 0.12)
        #expect(h.keyboard.state == .showing)
        // Mid-slide: pinned to where the keyboard is now (one frame behind at most).
        #expect(composer.frameInScreen.maxY < resting)
        h.platform.settle()
        let kb = keyboard(h)
        #expect(composer.frameInScreen.maxY == kb.minY)
        #expect(h.form.frameInScreen.maxY == composer.frameInScreen.minY)
        _ = composer.messageField.resignFirstResponder()
        h.platform.settle()
        #expect(composer.frameInScreen.maxY == resting)
    }

    @Test("adjust-resize: the window's content ends at the keyboard, the bar stays, notes and the composer end on it")
    func adjustResize() {
        let h = harness(.sendEvent, "adjust-resize")
        let barBefore = bar(h)
        let device = h.platform.application.deviceFrame
        h.focus(h.form.notes)
        let kb = keyboard(h)
        #expect(
            h.app.navigation.view.frameInScreen
                == Rect(x: device.minX, y: device.minY, width: device.width, height: kb.minY - device.minY))
        #expect(h.form.frameInScreen.maxY == kb.minY)
        #expect(h.form.notes.frameInScreen.maxY == kb.minY)
        #expect(bar(h) == barBefore)
        _ = h.form.notes.resignFirstResponder()
        h.platform.settle()
        #expect(h.app.navigation.view.frameInScreen == device)

        let chat = harness(.sendEvent, "adjust-resize", layout: "chat")
        let composer = screen(chat).chatComposer
        chat.focus(composer.messageField)
        #expect(composer.frameInScreen.maxY == keyboard(chat).minY)
    }

    @Test("adjust-pan: the whole window pans just enough for notes, and the navigation bar goes with it")
    func adjustPan() {
        let h = harness(.sendEvent, "adjust-pan")
        let barBefore = bar(h)
        let notesBefore = h.form.notes.frameInScreen
        h.focus(h.form.notes)
        let kb = keyboard(h)
        let shift = notesBefore.maxY - kb.minY
        #expect(h.form.notes.frameInScreen.maxY == kb.minY)
        #expect(bar(h) == barBefore.offsetBy(dx: 0, dy: -shift))
        _ = h.form.notes.resignFirstResponder()
        h.platform.settle()
        #expect(bar(h) == barBefore)
    }

    @Test("kav-height, kav-padding: the content ends the bars' height below the keyboard's top (keyboardVerticalOffset 0)")
    func kavHeightAndPadding() {
        for behavior in ["kav-height", "kav-padding"] {
            let h = harness(.sendEvent, behavior, layout: "chat")
            let composer = screen(h).chatComposer
            h.focus(composer.messageField)
            let kb = keyboard(h)
            // The view's frame is relative to its parent, the keyboard's to the screen: short by the bars.
            #expect(composer.frameInScreen.maxY == kb.minY + screenTop(h), "\(behavior)")
            #expect(h.form.frameInScreen.maxY == composer.frameInScreen.minY, "\(behavior)")
            #expect(screen(h).avoidance.numbers.shift == kb.height - screenTop(h), "\(behavior)")
            _ = composer.messageField.resignFirstResponder()
            h.platform.settle()
            // Back at rest on the home indicator's strip, as in a SafeAreaView.
            let resting = h.platform.application.deviceFrame.maxY - screen(h).view.safeAreaInsets.bottom
            #expect(composer.frameInScreen.maxY == resting, "\(behavior)")
        }
    }

    @Test(
        "kav-position: the content moves up by the relative height, its top under the bar; the composer leaves the home indicator's strip, which the form takes"
    )
    func kavPosition() {
        let h = harness(.sendEvent, "kav-position", layout: "chat")
        let composer = screen(h).chatComposer
        let formBefore = h.form.frameInScreen
        let strip = screen(h).view.safeAreaInsets.bottom
        h.focus(composer.messageField)
        let kb = keyboard(h)
        let relative = kb.height - screenTop(h)
        // React Native's SafeAreaView pads by "the portion of the view that is not covered by
        // navigation bars, tab bars, toolbars, and other ancestor views": moved up out of the
        // home indicator's strip, it pads nothing, and the content above the composer grows by it.
        var moved = formBefore.offsetBy(dx: 0, dy: -relative)
        moved.size.height += strip
        #expect(h.form.frameInScreen == moved)
        #expect(composer.frameInScreen.maxY == kb.minY + screenTop(h))
    }

    @Test("the relative keyboard height is React Native's formula")
    func relativeHeight() {
        let kav = KeyboardAvoidingViewAvoidance(behavior: .height)
        let frame = Rect(x: 0, y: 0, width: 390, height: 700)
        #expect(kav.relativeKeyboardHeight(frame: frame, keyboardScreenY: 500) == 200)
        #expect(kav.relativeKeyboardHeight(frame: frame, keyboardScreenY: 820) == 0)
        kav.keyboardVerticalOffset = 52
        #expect(kav.relativeKeyboardHeight(frame: frame, keyboardScreenY: 500) == 252)
    }

    @Test("the inspector shows the strategy, the keyboard's frame in the screen, the overlap, the insets and the safe area")
    func inspectorNumbers() {
        let h = harness(.sendEvent, "insets")
        #expect(h.app.inspector.avoidanceStatus[0] == "Avoidance: insets")
        #expect(h.app.inspector.avoidanceStatus[1] == "Keyboard away · overlap 0")
        let full = h.form.frameInScreen
        h.focus(h.form.notes)
        let kb = keyboard(h).offsetBy(dx: -h.platform.application.deviceFrame.minX, dy: 0)
        let overlap = Int(full.maxY - keyboard(h).minY)
        let safe = Int(h.form.safeAreaInsets.bottom)
        #expect(
            h.app.inspector.avoidanceStatus == [
                "Avoidance: insets",
                "Keyboard \(Int(kb.minX)),\(Int(kb.minY)) \(Int(kb.width))×\(Int(kb.height)) device pt · overlap \(overlap)",
                "Inset bottom \(overlap - safe) · indicator \(overlap - safe)",
                "Safe area top 0, bottom \(safe) · shift 0",
            ])
        #expect(h.app.setOption(avoidance, to: "platform"))
        #expect(h.app.inspector.avoidanceStatus[0] == "Avoidance: none (the technique's own)")
    }

    @Test(
        "after turning the device with the field focused, each strategy keeps it above the keypad, and everything comes back to the new size",
        arguments: [
            ("shrink-frame", "form"), ("insets", "form"), ("move-screen", "plain"), ("move-window", "plain"),
            ("keyboard-guide", "chat"),
            ("adjust-resize", "chat"), ("adjust-pan", "form"),
        ])
    func rotation(strategy: String, layout value: String) throws {
        let h = harness(.sendEvent, strategy, layout: value)
        let field: View = value == "chat" ? screen(h).chatComposer.messageField : h.form.phone
        h.focus(field)
        #expect(h.app.setOption(OptionKey(nil, "orientation"), to: "landscape"))
        h.platform.settle()
        h.platform.settle()
        let device = h.platform.application.deviceFrame
        #expect(device.width > device.height, "turned")
        if h.keyboard.state == .shown && h.firstResponderID == field.identifier {
            #expect(field.frameInScreen.maxY <= keyboard(h).minY, "\(strategy): \(field.frameInScreen) vs \(keyboard(h))")
        }
        _ = field.resignFirstResponder()
        h.platform.settle()
        #expect(h.app.navigation.view.frameInScreen == device, "\(strategy)")
        #expect(screen(h).view.frameInScreen.width == device.width, "\(strategy)")
        #expect(screen(h).view.frameInScreen.maxY == device.maxY, "\(strategy)")
        #expect(h.form.contentInset == .zero, "\(strategy)")
    }

    @Test("switching the strategy while the keyboard is up puts the old one's changes back and applies the new one")
    func switchWhileUp() {
        let h = harness(.sendEvent, "adjust-pan")
        let barBefore = bar(h)
        h.focus(h.form.notes)
        #expect(bar(h) != barBefore)
        #expect(h.app.setOption(avoidance, to: "insets"))
        h.platform.settle()
        #expect(bar(h) == barBefore)
        #expect(h.form.notes.frameInScreen.maxY == keyboard(h).minY - ContentInsetAvoidance.fieldMargin)
    }
}

/// The keyboard manager's default distance, as the tests read it.
@MainActor
enum KeyboardManagerShared {
    /// IQKeyboardManager's default `keyboardDistanceFromTextField`, 10 points between field and keyboard.
    static let distance = 10.0
}
