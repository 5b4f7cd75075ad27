import Foundation
import Testing

/// The device turned with F5 in the real program: the trace states the new device, the window
/// grows to hold it, and a low field focused under an avoiding technique stays above the keypad.
@Suite("Turning the device, end to end")
struct DeviceRotationTests {
    @Test("F5 with phone focused under background-control: landscape, and phone above the keypad")
    func rotateWithFieldFocused() throws {
        try Session.run(arguments: ["--scenario", "background-control"]) { s in
            #expect(s.ready.string("model") == "iphone-15" && s.ready.string("orientation") == "portrait")
            // The phone field takes the number pad: its keys are not the letters' that
            // focusAndShowKeypad waits for.
            let focus = s.app.mark
            try s.tap("phone")
            try s.waitForFocus("phone", after: focus)
            try s.waitForKeypad("didShow", after: focus)
            try s.settle()
            let start = s.app.mark
            try s.x.key(named: "F5")
            let device = try s.app.waitFor(kind: "device", after: start, what: "the device line after F5")
            #expect(device.string("orientation") == "landscape", "\(s.app.diagnostics)")
            let frame = try #require(device.rect("frame"))
            #expect(frame.width == 852 && frame.height == 393, "iPhone 15 on its side: \(frame)")
            // As on iOS after a rotation with the keyboard up: will-show again, with the new frame.
            let willShow = try s.waitForKeypad("willShow", after: start)
            let keypad = try #require(willShow.rect("frame"))
            #expect(keypad.maxY == frame.maxY && keypad.width == frame.width, "docked at the bottom: \(keypad)")
            try s.waitForKeypad("didShow", after: willShow.index)
            try s.settle()
            let phone = try s.frame(of: "phone")
            #expect(phone.maxY <= keypad.minY, "phone \(phone) is above the keypad \(keypad)\n\(s.app.diagnostics)")
            #expect(phone.minY >= frame.minY, "phone \(phone) is on the device \(frame)\n\(s.app.diagnostics)")
        }
    }
}
