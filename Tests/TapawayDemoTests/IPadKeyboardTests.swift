import TapawayHeadless
import TapawayKit
import Testing

@testable import TapawayDemo

/// iPad's own keyboard: its layout with the hide-keyboard key, its height, what it posts, and the
/// hide key as a way to end editing.
@MainActor
@Suite("iPad: its keyboard and the hide-keyboard key")
struct IPadKeyboardTests {
    /// A harness on the iPad, in a window that holds it whole.
    func harness(_ technique: TechniqueID = .noCode) -> Harness {
        let h = Harness(technique, size: WindowLayout.preferredSize(device: Size(width: 820, height: 1180)))
        #expect(h.app.setOption(OptionKey(nil, "device"), to: "ipad"))
        h.platform.settle()
        return h
    }

    @Test("the keys are iPad's: Delete and Return at the row ends, Shift at both ends, the hide key at the bottom right")
    func layout() throws {
        let h = harness()
        h.focus(h.form.name)
        let keypad = h.keyboard.keypadView
        let rows = keypad.layout.rows.map { $0.map(\.id) }
        #expect(rows[0].last == "key-backspace" && rows[1].last == "key-return")
        #expect(rows[2].first == "key-shift" && rows[2].last == "key-shift-right")
        #expect(rows[3] == ["key-123", "key-emoji", "key-space", "key-123-right", "key-dismiss"])
        let dismiss = try #require(keypad.keyView("key-dismiss"))
        let delete = try #require(keypad.keyView("key-backspace"))
        #expect(dismiss.frame.maxX == delete.frame.maxX, "the hide key sits under Delete, at the right edge")
        #expect(dismiss.accessibilityLabel == "hide keyboard")
        // A number pad on iPad is the numbers layer, with the hide key too.
        h.focus(h.form.phone)
        #expect(keypad.layer == .numbers && keypad.keyView("key-dismiss") != nil)
    }

    // Measured: developers read UIKeyboardFrameEndUserInfoKey's height as 264 points on iPads in
    // portrait without the predictive bar; on an iPad with a home indicator the frame also
    // covers its 20 points, as iPhone's covers its 34 (docs/devices.md).
    @Test("the keyboard is 264 points over the 20-point home indicator, and posts will and did show with that frame")
    func heightAndNotifications() {
        let h = harness()
        h.clearRecords()
        var ends: [Rect] = []
        h.platform.application.notificationCenter.addObserver(forName: .keyboardWillShow) { note in
            if let end = note.userInfo[KeyboardInfoKey.frameEnd] as? Rect { ends.append(end) }
        }
        h.platform.tap(h.form.name)
        h.platform.settle()
        let device = h.platform.application.deviceFrame
        let expected = Rect(x: device.minX, y: device.maxY - 284, width: 820, height: 284)
        #expect(h.keyboard.frame == expected)
        #expect(ends == [expected])
        #expect(h.keyboardEvents == ["willShow", "didShow"])
    }

    @Test("the hide key ends editing: the field resigns and the keyboard hides, unless the field refuses")
    func hideKeyEndsEditing() throws {
        let h = harness()
        h.focus(h.form.name)
        let hide = try #require(h.keyboard.keypadView.keyView("key-dismiss"))
        h.platform.tap(hide)
        h.platform.settle()
        #expect(h.firstResponderID == nil, "editing ended")
        #expect(!h.keyboard.isVisible)
        #expect(h.keyboardEvents == ["willHide", "didHide"])
        #expect(h.focusChanges == [nil])
        // A field that refuses to resign (textFieldShouldEndEditing returning false) keeps the
        // focus and the keyboard, as for any resignation.
        #expect(h.app.setOption(OptionKey(nil, "email-validates"), to: "on"))
        h.focus(h.form.email)
        for key in ["key-a", "key-b"] { h.platform.tap(try #require(h.keyboard.keypadView.keyView(key))) }
        h.platform.settle()
        h.clearRecords()
        h.platform.tap(try #require(h.keyboard.keypadView.keyView("key-dismiss")))
        h.platform.settle()
        #expect(h.firstResponderID == "email" && h.keyboard.isVisible)
        #expect(h.keyboardEvents.isEmpty)
    }
}

/// iPad's floating keyboard: what it posts, where it is, and what the avoidance strategies make of it.
///
/// The sequences are developers' reports (docs/devices.md gives them with their levels):
/// flutter_keyboard_visibility PR #162, "The iOS floating keyboard does not trigger observers
/// UIKeyboardDidShowNotification, UIKeyboardWillShowNotification, UIKeyboardWillHideNotification. It
/// does trigger UIKeyboardDidChangeFrameNotification"; MeshCoreOne PR #139, "iOS sends keyboardWillHide
/// for floating/undocked keyboards". `UIKeyboardLayoutGuide` is documented.
@MainActor
@Suite("iPad: the floating keyboard")
struct IPadFloatingKeyboardTests {
    func harness(avoidance: String = "none", floating: Bool = true) -> Harness {
        let h = Harness(.noCode, size: WindowLayout.preferredSize(device: Size(width: 820, height: 1180)))
        #expect(h.app.setOption(OptionKey(nil, "device"), to: "ipad"))
        #expect(h.app.setOption(OptionKey(nil, "avoidance"), to: avoidance))
        if floating { #expect(h.app.setOption(OptionKey(nil, "ipad-keyboard"), to: "floating")) }
        h.platform.settle()
        h.clearRecords()
        return h
    }

    @Test("focusing and leaving a field post no show or hide, only frame changes; the frame is clear of the bottom")
    func onlyFrameChanges() {
        let h = harness()
        var changes: [(Rect, Rect)] = []
        h.platform.application.notificationCenter.addObserver(forName: .keyboardWillChangeFrame) { note in
            if let begin = note.userInfo[KeyboardInfoKey.frameBegin] as? Rect,
                let end = note.userInfo[KeyboardInfoKey.frameEnd] as? Rect
            {
                changes.append((begin, end))
            }
        }
        h.platform.tap(h.form.name)
        h.platform.settle()
        #expect(h.keyboardEvents.isEmpty, "no show: \(h.keyboardEvents)")
        let device = h.platform.application.deviceFrame
        let frame = h.keyboard.frame
        #expect(h.keyboard.isVisible && frame.width == 320 && frame.maxY < device.maxY - 20, "it floats: \(frame)")
        #expect(changes.count == 1 && changes[0].1 == frame && changes[0].0.height == 0)
        h.platform.tap(at: Point(x: device.minX + 30, y: h.form.submit.frameInScreen.maxY + 10))
        _ = h.platform.application.keyWindow?.transferFirstResponder(to: nil, force: true)
        h.platform.settle()
        #expect(h.keyboardEvents.isEmpty, "no hide: \(h.keyboardEvents)")
        #expect(!h.keyboard.isVisible)
        #expect(changes.count == 2 && changes[1].1.height == 0)
    }

    @Test("the docked keyboard turning into the floating one posts will and did hide first")
    func dockedToFloating() {
        let h = harness(floating: false)
        h.platform.tap(h.form.name)
        h.platform.settle()
        h.clearRecords()
        #expect(h.app.setOption(OptionKey(nil, "ipad-keyboard"), to: "floating"))
        h.platform.settle()
        #expect(h.keyboardEvents == ["willHide", "didHide"])
        #expect(h.keyboard.isVisible && h.keyboard.frame.width == 320)
        #expect(h.firstResponderID == "name")
        h.clearRecords()
        #expect(h.app.setOption(OptionKey(nil, "ipad-keyboard"), to: "docked"))
        h.platform.settle()
        #expect(h.keyboardEvents == ["willShow", "didShow"], "docked again, it shows")
        #expect(h.keyboard.frame.width == 820)
    }

    // UIKeyboardLayoutGuide.followsUndockedKeyboard, documented: false by default, and "when
    // the keyboard is undocked, the guide's top equals the safe area's bottom" (research notes).
    @Test("keyboard-guide keeps to the safe area for the floating keyboard; a strategy reading the frame shrinks to its top")
    func strategies() throws {
        let guide = harness(avoidance: "keyboard-guide")
        guide.platform.tap(guide.form.notes)
        guide.platform.settle()
        let guideScreen = try #require(guide.app.navigation.topViewController as? FormViewController)
        // The content ends at the safe area's bottom (iPad's 20 points), as with no keyboard.
        #expect(guideScreen.avoidance.numbers.shift == guide.platform.application.safeAreaInsets.bottom)
        let resize = harness(avoidance: "adjust-resize")
        resize.platform.tap(resize.form.notes)
        resize.platform.settle()
        let resizeScreen = try #require(resize.app.navigation.topViewController as? FormViewController)
        let keyboard = resize.keyboard.frame, screenBottom = resize.platform.application.deviceFrame.maxY
        #expect(resizeScreen.avoidance.numbers.shift == screenBottom - keyboard.minY, "as if docked, by its top")
        #expect(resizeScreen.view.frameInScreen.maxY == keyboard.minY, "the screen ends where the floating keyboard begins")
    }
}
