import Foundation
import Testing

/// The Android phone driven through X: a click on the navigation bar's Back button.
///
/// Android's `InputMethodService` takes Back while its window shows (`onKeyUp(KEYCODE_BACK)` →
/// `handleBack` → `requestHideSelf`), so the first Back hides the keyboard and the field keeps its
/// focus; the next reaches the activity, which goes back.
@Suite("Android phone, end to end")
struct AndroidDeviceEndToEndTests {
    @Test("Back: the first click hides the keyboard with name still focused, the second goes back to the list")
    func backTwoSteps() throws {
        try Session.run(arguments: ["--scenario", "android", "--device", "android"]) { s in
            try s.focusAndShowKeypad("name")
            let device = try #require(s.app.lines(from: 0, kind: "device").last?.rect("frame") ?? s.ready.rect("device"))
            let scale = s.ready.number("scale") ?? 1
            // The navigation bar is the device's bottom 48 points; Back is its first third.
            let back = (
                x: Int(((device.minX + device.width / 6) * scale).rounded()),
                y: Int(((device.maxY - 24) * scale).rounded())
            )
            let start = s.app.mark
            s.x.click(back)
            let first = try s.app.waitFor(kind: "systemBack", after: start)
            #expect(first.string("took") == "keyboard", s.context)
            #expect(first.string("focused") == "name", s.context)
            try s.waitForKeypad("didHide", after: start)
            let idle = try s.settle()
            let focusLines = s.app.lines(from: start, kind: "focus").filter { $0.index < idle.index }
            #expect(focusLines.isEmpty, "nothing took the focus from name: \(focusLines)\n\(s.app.diagnostics)")
            let second = s.app.mark
            s.x.click(back)
            let next = try s.app.waitFor(kind: "systemBack", after: second)
            #expect(next.string("took") == "app", s.context)
        }
    }

    // AOSP NavigationBarModeGesturalOverlay res/values/config.xml:
    //   <dimen name="config_backGestureInset">20dp</dimen>
    // System UI's EdgeBackGestureHandler takes a finger that lands within that inset of either edge
    // and moves inward; lifted far enough in, it is Back, which the input method takes first.
    // Played under `none`: no technique acts on the swipe's down, which the app sees before the
    // system takes the finger.
    @Test("gesture navigation: an edge swipe hides the keyboard with name still focused, a second goes back")
    func backSwipeTwoSteps() throws {
        try Session.run(arguments: ["--scenario", "none", "--device", "android", "--set", "android-navigation=gesture"]) {
            s in
            try s.focusAndShowKeypad("name")
            let device = try #require(s.app.lines(from: 0, kind: "device").last?.rect("frame") ?? s.ready.rect("device"))
            let scale = s.ready.number("scale") ?? 1
            let midY = device.minY + device.height / 2
            func point(_ x: Double, _ y: Double) -> (x: Int, y: Int) {
                (Int((x * scale).rounded()), Int((y * scale).rounded()))
            }
            // From 4 points in at the left edge, at mid-height (over the form), 100 points inward.
            let start = s.app.mark
            s.x.drag(from: point(device.minX + 4, midY), to: point(device.minX + 104, midY))
            let first = try s.app.waitFor(kind: "systemBack", after: start)
            #expect(first.string("took") == "keyboard", s.context)
            #expect(first.string("focused") == "name", s.context)
            try s.waitForKeypad("didHide", after: start)
            let idle = try s.settle()
            let focusLines = s.app.lines(from: start, kind: "focus").filter { $0.index < idle.index }
            #expect(focusLines.isEmpty, "nothing took the focus from name: \(focusLines)\n\(s.app.diagnostics)")
            // From the right edge: the activity goes back.
            let second = s.app.mark
            s.x.drag(from: point(device.maxX - 4, midY), to: point(device.maxX - 104, midY))
            let next = try s.app.waitFor(kind: "systemBack", after: second)
            #expect(next.string("took") == "app", s.context)
        }
    }
}
