import TapawayDemo
import TapawayHeadless
import TapawayKit
import Testing

/// The `keyboard` option, F3 and F4, and what each technique meets with a hardware keyboard.
@MainActor
@Suite("A hardware keyboard")
struct HardwareKeyboardTests {
    /// The option key of `keyboard`.
    let key = OptionKey(nil, "keyboard")

    /// The shortcut bar's frame at the bottom of the default window's simulated screen.
    ///
    /// The keyboard's frame with only the bar showing: the 44-point bar over the home indicator's area,
    /// which the keyboard's frame includes, as on iOS.
    func barFrame(_ h: Harness) -> Rect {
        let device = h.platform.application.deviceFrame
        let bottom = h.platform.application.safeAreaInsets.bottom
        return Rect(x: device.minX, y: device.maxY - 44 - bottom, width: device.width, height: 44 + bottom)
    }

    @Test("keyboard is a general option, software or hardware, software by default, that --set and the settings name")
    func optionIsData() throws {
        let option = try #require(Techniques.generalOptions.first { $0.id == "keyboard" })
        #expect(option.values.map(\.id) == ["software", "hardware"])
        #expect(option.defaultValue == "software")
        #expect(OptionKey("keyboard") == key)
        let assignment = try OptionAssignment("keyboard=hardware", technique: nil)
        #expect(assignment.key == key && assignment.value == "hardware")
    }

    @Test("with keyboard=hardware a focused field shows no keys, the shortcut bar at the bottom, and will-show carries its frame")
    func hardwareShowsTheBar() {
        let h = Harness(.sendEvent)
        #expect(h.app.setOption(key, to: "hardware"))
        #expect(h.keyboard.isHardwareKeyboardConnected)
        var ends: [Rect] = []
        h.platform.application.notificationCenter.addObserver(forName: .keyboardWillShow) { note in
            ends.append(note.userInfo[KeyboardInfoKey.frameEnd] as? Rect ?? .zero)
        }
        h.focus(h.form.name)
        #expect(h.firstResponderID == "name")
        #expect(h.keyboard.frame == barFrame(h))
        #expect(ends == [barFrame(h)])
        #expect(h.keyboard.keypadView.isHidden && !h.keyboard.shortcutBar.isHidden)
        #expect(h.keyboard.keypadView.keyView("key-a")?.isVisibleInHierarchy == false)
        h.app.setOption(key, to: "software")
        h.platform.settle()
        #expect(h.firstResponderID == "name" && h.keyboard.showsKeys)
        #expect(h.keyboard.frame.height == KeypadLayout.height() + 34, "the keys and the home indicator's 34 points")
    }

    @Test(
        "F3 connects and disconnects the hardware keyboard, as the option; F4 hides and shows the keys, the field keeps its focus"
    )
    func shortcuts() {
        let h = Harness(.sendEvent)
        h.focus(h.form.name)
        h.platform.press(.function(3))
        h.platform.settle()
        #expect(h.app.options.value(of: key) == "hardware")
        #expect(h.keyboard.frame == barFrame(h))
        h.platform.press(.function(3))
        h.platform.settle()
        #expect(h.app.options.value(of: key) == "software" && h.keyboard.showsKeys)
        h.platform.press(.function(4))
        h.platform.settle()
        #expect(h.firstResponderID == "name")
        #expect(h.keyboard.frame == barFrame(h) && !h.keyboard.usesSoftwareKeyboard)
        #expect(!h.keyboardEvents.contains("willHide"))
        h.platform.press(.function(4))
        h.platform.settle()
        #expect(h.keyboard.showsKeys && h.firstResponderID == "name")
    }

    @Test("tap-gesture: the recognizer added on will-show is there with the bar, and a tap on the background resigns")
    func tapGestureMeetsTheBar() {
        let h = Harness(.tapGesture)
        h.app.setOption(key, to: "hardware")
        h.focus(h.form.name)
        #expect(h.app.screen(for: .tapGesture).view.gestureRecognizers.contains { $0.identifier == "dismiss-tap" })
        h.platform.tap(at: h.emptyBackgroundPoint)
        h.platform.settle()
        #expect(h.firstResponderID == nil)
        #expect(h.keyboard.state == .hidden)
    }

    @Test("background-control: the form shrinks by the bar's overlap only, 44 points and the home indicator's 34")
    func backgroundControlAvoidsTheBar() {
        let h = Harness(.backgroundControl)
        let form = h.app.screen(for: .backgroundControl).form
        let full = form.frame
        h.app.setOption(key, to: "hardware")
        h.focus(h.form.name)
        #expect(form.frameInScreen.maxY == barFrame(h).minY, "the form ends where the bar begins")
        #expect(form.frame == Rect(x: full.minX, y: full.minY, width: full.width, height: full.height - 44 - 34))
    }

    @Test("keyboard-manager: the manager's toolbar is the bar at the bottom, and the notifications carry its frame")
    func managerToolbarAtTheBottom() throws {
        let h = Harness(.keyboardManager)
        h.app.setOption(key, to: "hardware")
        h.focus(h.form.name)
        let toolbar = try #require(h.keyboard.accessoryView)
        #expect(toolbar.identifier == "toolbar")
        let device = h.platform.application.deviceFrame
        let height = toolbar.frame.height + 34
        #expect(height > 34)
        #expect(h.keyboard.frame == Rect(x: device.minX, y: device.maxY - height, width: device.width, height: height))
        #expect(toolbar.frameInScreen == Rect(x: device.minX, y: device.maxY - height, width: device.width, height: height - 34))
        #expect(h.keyboard.shortcutBar.isHidden && h.keyboard.keypadView.isHidden)
        // Next keeps the same toolbar: nothing is posted again.
        h.platform.tap(try #require(h.platform.application.keyboard.window.view(withIdentifier: "toolbar-next")))
        h.platform.settle()
        #expect(h.firstResponderID == "email")
        // The email field's keyboard type differs: will/did show again, with the same frame.
        #expect(h.keyboardEvents == ["willShow", "didShow"])
        #expect(h.keyboard.frame == Rect(x: device.minX, y: device.maxY - height, width: device.width, height: height))
    }

    @Test("the inspector says which keyboard is in use and what shows")
    func inspectorSaysTheKeyboardState() {
        let h = Harness(.sendEvent)
        #expect(h.app.inspector.keyboardStatus == "Software keyboard · nothing shown")
        h.focus(h.form.name)
        #expect(h.app.inspector.keyboardStatus == "Software keyboard · keys up")
        h.app.setOption(OptionKey(nil, "keyboard"), to: "hardware")
        h.platform.settle()
        #expect(h.app.inspector.keyboardStatus == "Hardware keyboard · only the bar (F4 shows the keys)")
        h.platform.press(.function(4))
        h.platform.settle()
        #expect(h.app.inspector.keyboardStatus == "Hardware keyboard · keys up (F4 hides them)")
        h.platform.press(.escape)
        h.platform.settle()
        #expect(h.app.inspector.keyboardStatus == "Hardware keyboard · nothing shown")
    }

    @Test(
        "on iPad the bar is the shortcuts bar: undo, redo and paste lead the suggestions and act on the field; on iPhone only the suggestions show"
    )
    func shortcutsBarOnIPad() throws {
        // "On iPad, the shortcuts bar above the keyboard contains typing suggestions and other
        // controls for managing text, such as cut, copy, and paste commands [...] The shortcuts bar
        // isn't available on iPhone or iPod Touch." (UIResponder.inputAssistantItem)
        let h = Harness(.sendEvent, size: WindowLayout.preferredSize(device: Size(width: 820, height: 1180)))
        #expect(h.app.setOption(key, to: "hardware"))
        #expect(h.app.setOption(OptionKey(nil, "device"), to: "ipad"))
        h.platform.settle()
        h.focus(h.form.name)
        let bar = h.keyboard.shortcutBar
        #expect(!bar.isHidden && bar.layout == .shortcuts)
        let buttons = [bar.undoButton, bar.redoButton, bar.pasteButton]
        #expect(buttons.allSatisfy { $0.isVisibleInHierarchy }, "undo, redo and paste show")
        // They lead: side by side at the bar's leading end, before the suggestions.
        #expect(buttons.map(\.frame.minX) == [8, 52, 96])
        #expect(bar.suggestionsFrame.minX >= bar.pasteButton.frame.maxX)
        #expect(bar.suggestionsFrame.midX == bar.bounds.midX, "the suggestions in the centre of the bar")
        #expect(!bar.undoButton.isEnabled && !bar.redoButton.isEnabled, "nothing to undo yet")
        h.platform.type("Ada")
        h.platform.settle()
        #expect(h.form.name.text == "Ada")
        #expect(bar.suggestion == "Ada", "the word being typed, as the first suggestion")
        #expect(bar.undoButton.isEnabled)
        h.platform.tap(bar.undoButton)
        h.platform.settle()
        #expect(h.form.name.text == "", "undo takes the typing back")
        #expect(bar.redoButton.isEnabled)
        h.platform.tap(bar.redoButton)
        h.platform.settle()
        #expect(h.form.name.text == "Ada", "redo does it again")
        h.platform.application.clipboard.text = " Lovelace"
        h.platform.tap(bar.pasteButton)
        h.platform.settle()
        #expect(h.form.name.text == "Ada Lovelace", "paste inserts the clipboard's text")
        #expect(h.firstResponderID == "name", "the bar's buttons keep the field focused")

        // iPhone: no shortcuts bar, only the suggestions; none in a password field.
        #expect(h.app.setOption(OptionKey(nil, "device"), to: "iphone-15"))
        h.platform.settle()
        #expect(bar.layout == .suggestions)
        #expect(buttons.allSatisfy { !$0.isVisibleInHierarchy })
        #expect(bar.suggestion == "Lovelace")
        h.focus(h.form.password)
        #expect(bar.suggestion == nil, "no suggestions from a secure field")
    }
}
