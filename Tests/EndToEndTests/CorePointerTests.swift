import Foundation
import Testing

/// The core-event pointer path, end to end: with `TAPAWAY_NO_XINPUT2=1` the program selects no
/// XInput2 events, so XTest's clicks arrive as core ButtonPress/ButtonRelease events, as on a
/// server without the extension, and go through the same pointer mapping as XInput2's.
@Suite("Core pointer events (XInput2 off), end to end")
struct CorePointerTests {
    static let withoutXInput2 = ["TAPAWAY_NO_XINPUT2": "1"]

    /// The touch ids of a decision line.
    static func touchIDs(_ line: TraceLine) -> [Double] {
        (line["touches"] as? [[String: Any]] ?? []).compactMap { JSONValue.number($0["touch"]) }
    }

    @Test("core clicks: tap name → focus name, no resign; tap the background under it → decision resign, focus null")
    func fieldThenBackground() throws {
        try Session.run(environment: Self.withoutXInput2) { s in
            var start = s.app.mark
            try s.tap("name")
            try s.waitForFocus("name", after: start)
            let didShow = try s.waitForKeypad("didShow", after: start)
            let onField = s.app.lines(from: start, kind: "decision")
            #expect(
                !onField.isEmpty && onField.allSatisfy { $0.string("action") != "resign" },
                "a tap on the field must not resign it: \(onField)\n\(s.context)")
            #expect(onField.allSatisfy { Self.touchIDs($0) == [1] }, "the core mouse is finger 1: \(onField)\n\(s.context)")
            try s.waitForKeysVisible()

            let keypad = try #require(didShow.rect("frame"), "keypad didShow without a frame: \(didShow)")
            let background = try s.backgroundPoint(avoiding: [keypad])
            start = s.app.mark
            s.x.click(background)
            let decision = try s.waitForDecision("resign", after: start)
            #expect(Self.touchIDs(decision) == [1], "one finger, the mouse's: \(decision)\n\(s.context)")
            let began = (decision["touches"] as? [[String: Any]])?.first?["view"] as? String
            #expect(began == "background", "the resigning touch is on the background: \(decision)\n\(s.context)")
            try s.waitForFocus(nil, after: start)
            try s.waitForKeypad("didHide", after: start)
        }
    }

    @Test("the switch really turns XInput2 off: a second master pointer's click is the core mouse's finger 1, not finger 10 + id")
    func secondPointerIsTheMouse() throws {
        try Session.run(environment: Self.withoutXInput2) { s in
            let other = try XDriver(displayName: s.display.name)
            defer { other.close() }
            let device = try other.becomeSecondMasterPointer(name: "core")
            let start = s.app.mark
            other.click(try s.frame(of: "name"))
            try s.waitForFocus("name", after: start)
            let touches = s.app.lines(from: start, kind: "touch")
            let ids = Set(touches.compactMap { JSONValue.number($0["touch"]) })
            #expect(ids == [1], "with XInput2 on, device \(device) would be finger \(10 + Int(device)): \(touches)\n\(s.context)")
        }
    }
}
