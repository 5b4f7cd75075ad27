import Foundation
import Testing

/// The keyboard manager end to end: Next walks the fields in reading order; each ends the
/// manager's distance above the keypad (toolbar included) to the pixel when it had to move, and
/// stays where it was when it did not; Done hides the keypad; a tap on Submit fires once and
/// leaves the keypad up.
@Suite("Keyboard manager, end to end")
struct KeyboardManagerEndToEndTests {
    /// The distance, in points, the manager keeps between the focused input and the top of the
    /// keypad (its toolbar): the manager's default, which the app leaves as it is.
    static let distance = 10.0

    @Test(
        "Next walks name → email → password → phone → notes; each ends 10 points above the keypad when it had to move and stays put when it did not; Done hides it"
    )
    func nextWalksTheForm() throws {
        try Session.run(arguments: ["--scenario", "keyboard-manager"]) { s in
            let resting = s.app.views
            func restingFrame(_ id: String) throws -> Rect {
                try #require(resting.first { $0.id == id }?.frame, "\(id) in the first layout\n\(s.app.diagnostics)")
            }
            let didShow = try s.focusAndShowKeypad("name")
            let keypad = try #require(didShow.rect("frame"))
            try s.settle()
            let toolbar = try s.frame(of: "toolbar")
            #expect(
                toolbar.minY == keypad.minY,
                "the toolbar is the top of the keypad's frame: \(toolbar) vs \(keypad)\n\(s.app.diagnostics)")

            /// Where `id` ended, against where it rested before the keypad came up.
            func checkPlacement(of id: String) throws {
                let field = try s.frame(of: id)
                let before = try restingFrame(id)
                if before.maxY > keypad.minY - Self.distance {
                    #expect(
                        abs((keypad.minY - field.maxY) - Self.distance) < 0.5,
                        "\(id) had to move (it rested at \(before)); it ends at \(field), \(keypad.minY - field.maxY) points above the keypad at \(keypad.minY), not \(Self.distance)\n\(s.app.diagnostics)"
                    )
                } else {
                    #expect(
                        field == before,
                        "\(id) was clear of the keypad at \(before) and should stay there, not move to \(field)\n\(s.app.diagnostics)"
                    )
                }
            }
            try checkPlacement(of: "name")
            var moved = 0
            for id in ["email", "password", "phone", "notes"] {
                let start = s.app.mark
                try s.tap("toolbar-next")
                try s.waitForFocus(id, after: start)
                try s.settle()
                try checkPlacement(of: id)
                if try restingFrame(id).maxY > keypad.minY - Self.distance { moved += 1 }
                let hides = s.app.lines(from: start, kind: "keypad").filter { $0.string("phase") == "willHide" }
                #expect(hides.isEmpty, "moving to \(id) must not hide the keypad\n\(s.app.diagnostics)")
            }
            #expect(moved > 0, "at the default size some field starts under the keypad, so the distance is checked on a move")
            let start = s.app.mark
            try s.tap("toolbar-done")
            try s.waitForFocus(nil, after: start)
            try s.waitForKeypad("didHide", after: start)
        }
    }

    @Test("a tap on Submit fires once and the keypad stays; a tap on the background resigns")
    func submitAndBackground() throws {
        try Session.run(arguments: ["--scenario", "keyboard-manager"]) { s in
            let didShow = try s.focusAndShowKeypad("name")
            let keypad = try #require(didShow.rect("frame"))
            let start = s.app.mark
            try s.tap("submit")
            try s.app.waitFor(kind: "action", after: start, what: "submit fires") {
                $0.string("id") == "submit" && $0.string("event") == "touchUpInside"
            }
            try s.settle()
            let fired = s.app.lines(from: start, kind: "action").filter {
                $0.string("id") == "submit" && $0.string("event") == "touchUpInside"
            }
            #expect(fired.count == 1, s.context)
            let hidden = s.app.lines(from: start, kind: "keypad").filter { $0.string("phase") == "willHide" }
            #expect(hidden.isEmpty, s.context)

            let point = try s.backgroundPoint(avoiding: [keypad])
            let outside = s.app.mark
            s.x.click(point)
            let decision = try s.waitForDecision("resign", after: outside)
            #expect(decision.string("strategy") == "keyboard-manager", s.context)
            try s.waitForKeypad("didHide", after: outside)
        }
    }
}
