import Foundation
import Testing

/// The other techniques end to end: each scenario dismisses on a tap outside, background-control
/// keeps the focused field above the keypad and restores the form afterwards, the sidebar switches
/// scenarios and each keeps its text, and tap-gesture's "first tap is eaten" and its fix.
@Suite("Scenarios, end to end")
struct ScenarioTests {
    @Test("a tap outside dismisses the keypad", arguments: ["send-event", "tap-gesture", "background-control"])
    func tapOutsideDismisses(_ scenario: String) throws {
        try Session.run(arguments: ["--scenario", scenario]) { s in
            #expect(s.ready.string("scenario") == scenario, s.context)
            let didShow = try s.focusAndShowKeypad("name")
            let keypad = try #require(didShow.rect("frame"))
            let point = try s.backgroundPoint(avoiding: [keypad])
            let start = s.app.mark
            s.x.click(point)
            let decision = try s.waitForDecision("resign", after: start)
            #expect(decision.string("strategy") == scenario, s.context)
            try s.waitForFocus(nil, after: start)
            try s.waitForKeypad("didHide", after: start)
        }
    }

    @Test("background-control: notes ends fully above the keypad, and the form comes back after")
    func keypadAvoidance() throws {
        try Session.run(arguments: ["--scenario", "background-control"]) { s in
            let before = try s.frame(of: "notes")
            let start = s.app.mark
            try s.tap("notes")
            try s.waitForFocus("notes", after: start)
            let didShow = try s.waitForKeypad("didShow", after: start)
            let keypad = try #require(didShow.rect("frame"))
            #expect(before.maxY > keypad.minY, "notes should start under the keypad: \(before) vs \(keypad)")
            let avoided = try s.app.waitForLayout(what: "notes above the keypad") { layout in
                guard let notes = layout.views.first(where: { $0.id == "notes" }) else { return false }
                return notes.frame.maxY <= keypad.minY && notes.frame.minY >= 0
            }
            #expect(avoided.index > didShow.index, s.context)

            let point = try s.backgroundPoint(avoiding: [keypad])
            let hideStart = s.app.mark
            s.x.click(point)
            try s.waitForKeypad("didHide", after: hideStart)
            try s.app.waitForLayout(what: "notes back where it was") { layout in
                layout.views.first(where: { $0.id == "notes" })?.frame == before
            }
        }
    }

    @Test("the sidebar switches scenarios, and each keeps its own text")
    func switching() throws {
        try Session.run { s in
            try s.focusAndShowKeypad("name")
            try s.x.typeText("ab")
            try s.app.waitFor(kind: "text", what: "name = ab") { $0.string("text") == "ab" }

            let toTap = s.app.mark
            try s.tap("scenario-tap-gesture")
            try s.app.waitFor(kind: "scenario", after: toTap, what: "scenario tap-gesture") { $0.string("id") == "tap-gesture" }
            try s.waitForFocus(nil, after: toTap)
            try s.waitForKeypad("didHide", after: toTap)

            try s.focusAndShowKeypad("name")
            try s.x.typeText("z")
            try s.app.waitFor(kind: "text", what: "a fresh name = z") { $0.string("text") == "z" }

            let back = s.app.mark
            try s.tap("scenario-send-event")
            try s.app.waitFor(kind: "scenario", after: back, what: "back to send-event") { $0.string("id") == "send-event" }
            try s.waitForKeypad("didHide", after: back)
            try s.focusAndShowKeypad("name")
            try s.x.typeText("c")
            try s.app.waitFor(kind: "text", what: "send-event kept its text") { $0.string("text") == "abc" }
        }
    }

    /// With cancelling off the row has all its touches, but the recognizer (no delegate: "The
    /// default implementation returns false—no two gestures can be recognized simultaneously")
    /// still wins a quick click over the table's selection (IQKeyboardManager #1041): the
    /// decision says so, and no select follows.
    @Test("tap-gesture eats the first tap on a row; with cancelling off a quick click still does not select")
    func firstTapIsEaten() throws {
        try Session.run(arguments: ["--scenario", "tap-gesture"]) { s in
            let first = s.app.mark
            try s.focusAndShowKeypad("name")
            try s.tap("row-2")
            try s.waitForDecision("resign", after: first)
            try s.waitForKeypad("didHide", after: first)
            try s.settle()
            let rowActions = s.app.lines(from: first, kind: "action").filter { $0.string("id") == "row-2" }
            #expect(rowActions.isEmpty, "the eaten tap must not select row-2\n\(s.app.diagnostics)")

            try s.tap("option-cancels-touches")
            let second = s.app.mark
            try s.focusAndShowKeypad("name")
            try s.tap("row-2")
            let decision = try s.waitForDecision("resign", after: second)
            #expect(
                decision.string("reason")?.contains("row-2 does not select") == true,
                "the decision says why the row does not select\n\(s.app.diagnostics)")
            try s.waitForKeypad("didHide", after: second)
            try s.settle()
            let selects = s.app.lines(from: second, kind: "action").filter { $0.string("id") == "row-2" }
            #expect(selects.isEmpty, "a quick click loses to the recognizer\n\(s.app.diagnostics)")
        }
    }
}
