import Foundation
import Testing

/// The keyboard manager end to end: Next walks the fields in reading order, each ending above the
/// keypad (toolbar included) in the layout trace; Done hides the keypad; a tap on Submit fires once
/// and leaves the keypad up.
@Suite("Keyboard manager, end to end")
struct KeyboardManagerEndToEndTests {
    @Test("Next walks name → email → password → phone → notes, each above the keypad; Done hides it")
    func nextWalksTheForm() throws {
        try Session.run(arguments: ["--scenario", "keyboard-manager"]) { s in
            let didShow = try s.focusAndShowKeypad("name")
            let keypad = try #require(didShow.rect("frame"))
            for id in ["email", "password", "phone", "notes"] {
                let start = s.app.mark
                try s.tap("toolbar-next")
                try s.waitForFocus(id, after: start)
                let settled = try s.app.waitForLayout(what: "\(id) above the keypad") { layout in
                    guard let field = layout.views.first(where: { $0.id == id }),
                          let top = layout.views.first(where: { $0.id == "toolbar" }) else { return false }
                    return field.frame.maxY <= top.frame.minY && field.frame.minY >= 52 && top.visible
                }
                let field = try #require(settled.views.first { $0.id == id })
                #expect(field.frame.maxY <= keypad.minY, "\(id) at \(field.frame) vs keypad \(keypad)\n\(s.app.diagnostics)")
                try s.settle()
                let hides = s.app.lines(from: start, kind: "keypad").filter { $0.string("phase") == "willHide" }
                #expect(hides.isEmpty, "moving to \(id) must not hide the keypad\n\(s.app.diagnostics)")
            }
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
