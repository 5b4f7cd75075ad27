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
