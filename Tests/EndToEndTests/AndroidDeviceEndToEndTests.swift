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
}
