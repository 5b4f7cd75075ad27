import Foundation
import Testing

// Rows of the dismissal matrix for the `send-event` scenario, run against the real binary on a
// private Xvfb with real XTest input, observed through the trace and through pixels.
//
// Parallelism: each test owns its Xvfb, its program and its X connection, so tests are
// independent and the suite is NOT `.serialized`. The helpers block (they poll with `usleep`),
// so Swift Testing's cooperative pool (one thread per core) runs at most as many tests at once
// as there are cores: on the 2-core machine this is two displays at a time, which keeps the
// suite quick without starving the programs of CPU. Every wait has a 10 s limit and the
// program's keypad animation is about 250 ms, so contention only slows things down.
//
// The window size is the program's default (no `--size`); positions come from the trace's last
// `layout` line, never from constants.

@Suite("Dismissal matrix, send-event, end to end")
struct DismissalMatrixTests {
    /// Row 1: nothing is focused; a tap on the background is examined ("none") and changes
    /// nothing: no keypad line, no focus line.
    @Test("row 1: nothing focused, tap background → none, no keypad, no focus")
    func row1BackgroundWithNothingFocused() throws {
        try Session.run { s in
            #expect(s.windowSize.width > 0 && s.windowSize.height > 0, "ready line without a window size: \(s.ready)")
            let point = try s.backgroundPoint()
            let start = s.app.mark
            s.x.click(point)

            let first = try s.app.waitFor(kind: "decision", after: start, what: "a decision line for the background tap")
            try s.settle()
            let after = s.app.lines(from: start)

            let decisions = after.filter { $0.kind == "decision" }
            #expect(first.string("action") == "none", "first decision after tapping \(point): \(first)\n\(s.app.diagnostics)")
            #expect(
                decisions.allSatisfy { $0.string("action") == "none" && $0.string("strategy") == "send-event" },
                "every decision should be send-event/none: \(decisions)\n\(s.app.diagnostics)")
            let began = after.first { $0.kind == "touch" && $0.string("phase") == "began" }
            #expect(
                began?.string("view") == "background",
                "the tap at \(point) should begin on 'background': \(String(describing: began))\n\(s.app.diagnostics)")
            #expect(after.filter { $0.kind == "keypad" }.isEmpty, "no keypad line expected after the tap\n\(s.app.diagnostics)")
            #expect(after.filter { $0.kind == "focus" }.isEmpty, "no focus line expected after the tap\n\(s.app.diagnostics)")
        }
    }

    /// Row 2: a tap on a text field focuses it and shows the keypad (its tray is on screen);
    /// a tap on the background resigns it and hides the keypad (its tray is gone).
    @Test("row 2: tap name → focus + keypad shows (tray pixels); tap background → resign + keypad hides")
    func row2FocusThenBackground() throws {
        try Session.run { s in
            var start = s.app.mark
            try s.tap("name")
            try s.waitForFocus("name", after: start)
            let willShow = try s.waitForKeypad("willShow", after: start)
            let didShow = try s.waitForKeypad("didShow", after: start)
            #expect(willShow.index < didShow.index, "willShow must precede didShow\n\(s.app.diagnostics)")
            let keypad = try #require(didShow.rect("frame"), "keypad didShow without a frame: \(didShow)")
            #expect(
                !keypad.isEmpty && keypad.maxY <= Double(s.windowSize.height) + 0.5,
                "keypad frame \(keypad) should lie inside the \(s.windowSize) window\n\(s.app.diagnostics)")

            let tray = Session.trayPoint(in: keypad)
            let shown = try s.x.waitForPixel(at: tray.x, tray.y) {
                $0.isClose(to: Session.trayColour, tolerance: Session.trayTolerance)
            }
            #expect(
                shown.isClose(to: Session.trayColour, tolerance: Session.trayTolerance),
                "pixel \(tray) in the keypad tray is \(shown), expected about \(Session.trayColour) ±\(Session.trayTolerance)\n\(s.app.diagnostics)"
            )

            try s.waitForKeysVisible()
            let point = try s.backgroundPoint(avoiding: [keypad])
            start = s.app.mark
            s.x.click(point)
            try s.waitForDecision("resign", after: start)
            try s.waitForFocus(nil, after: start)
            let willHide = try s.waitForKeypad("willHide", after: start)
            let didHide = try s.waitForKeypad("didHide", after: start)
            #expect(willHide.index < didHide.index, "willHide must precede didHide\n\(s.app.diagnostics)")

            let hidden = try s.x.waitForPixel(at: tray.x, tray.y) {
                !$0.isClose(to: Session.trayColour, tolerance: Session.trayTolerance)
            }
            #expect(
                !hidden.isClose(to: Session.trayColour, tolerance: Session.trayTolerance),
                "pixel \(tray) is still the tray colour (\(hidden)) after the keypad hid\n\(s.app.diagnostics)")
        }
    }

    /// Row 4: moving focus from one text field to another keeps the keypad up.
    @Test("row 4: name focused, tap email → focus email, keypad never hides")
    func row4FieldToField() throws {
        try Session.run { s in
            try s.focusAndShowKeypad("name")
            let start = s.app.mark
            try s.tap("email")
            try s.waitForFocus("email", after: start)
            try s.settle()
            let after = s.app.lines(from: start)
            let hides = after.filter { $0.kind == "keypad" && ["willHide", "didHide"].contains($0.string("phase") ?? "") }
            #expect(hides.isEmpty, "the keypad must not hide when focus moves between fields: \(hides)\n\(s.app.diagnostics)")
            let resigns = after.filter { $0.kind == "decision" && $0.string("action") == "resign" }
            #expect(resigns.isEmpty, "a tap on another text field must not resign: \(resigns)\n\(s.app.diagnostics)")
            let lastFocus = after.last { $0.kind == "focus" }
            #expect(
                lastFocus?.string("id") == "email",
                "focus should end on email: \(String(describing: lastFocus))\n\(s.app.diagnostics)")
        }
    }

    /// Row 5: a tap on a button while editing resigns the field, and the button still fires
    /// exactly once.
    @Test("row 5: name focused, tap submit → resign, submit touchUpInside once, keypad hides")
    func row5Button() throws {
        try Session.run { s in
            try s.focusAndShowKeypad("name")
            let start = s.app.mark
            try s.tap("submit")
            try s.waitForDecision("resign", after: start)
            try s.app.waitFor(kind: "action", after: start, what: "submit touchUpInside") {
                $0.string("id") == "submit" && $0.string("event") == "touchUpInside"
            }
            try s.waitForKeypad("willHide", after: start)
            try s.waitForKeypad("didHide", after: start)
            try s.settle()
            let fired = s.app.lines(from: start, kind: "action").filter {
                $0.string("id") == "submit" && $0.string("event") == "touchUpInside"
            }
            #expect(fired.count == 1, "submit touchUpInside fired \(fired.count) times\n\(s.app.diagnostics)")
            let lastFocus = s.app.lines(from: start, kind: "focus").last
            #expect(
                lastFocus?.isNull("id") == true, "focus should end null: \(String(describing: lastFocus))\n\(s.app.diagnostics)")
        }
    }

    /// Row 7: taps on the keypad type into the focused field and never take focus away.
    @Test(
        "row 7: name focused, tap key-h and key-i → text 'H' then 'Hi' (name capitalises sentences), focus stays on name, keypad stays up"
    )
    func row7KeypadTyping() throws {
        try Session.run { s in
            try s.focusAndShowKeypad("name")
            let start = s.app.mark
            try s.tap("key-h")
            try s.app.waitFor(kind: "text", after: start, what: "a text line for name after key-h") { $0.string("id") == "name" }
            let second = s.app.mark
            try s.tap("key-i")
            try s.app.waitFor(kind: "text", after: second, what: "a text line for name after key-i") { $0.string("id") == "name" }
            try s.settle()
            let texts = s.app.lines(from: start, kind: "text").filter { $0.string("id") == "name" }.map { $0.string("text") }
            #expect(
                texts == ["H", "Hi"],
                "name capitalises sentences, so it should read \"H\", then \"Hi\": \(texts)\n\(s.app.diagnostics)")
            let focusChanges = s.app.lines(from: start, kind: "focus")
            #expect(
                focusChanges.isEmpty, "focus must stay on name while typing on the keypad: \(focusChanges)\n\(s.app.diagnostics)")
            let hides = s.app.lines(from: start, kind: "keypad").filter { $0.string("phase") == "willHide" }
            #expect(hides.isEmpty, "the keypad must stay up while typing: \(hides)\n\(s.app.diagnostics)")
        }
    }

    /// Row 9: in a multi-line text view, Return inserts a newline rather than ending editing;
    /// a tap on the background still resigns it.
    @Test(
        "row 9: empty notes focused, key-return then key-a → notes reads \"\\nA\", focus and keypad stay; tap background → resign"
    )
    func row9TextViewReturn() throws {
        try Session.run { s in
            // Tap notes before the keypad shows: once it is up, it may cover part of notes.
            let didShow = try s.focusAndShowKeypad("notes")
            let keypad = try #require(didShow.rect("frame"), "keypad didShow without a frame: \(didShow)")

            var start = s.app.mark
            try s.tap("key-return")
            try s.app.waitFor(kind: "text", after: start, what: "a text line for notes after key-return") {
                $0.string("id") == "notes"
            }
            let second = s.app.mark
            try s.tap("key-a")
            try s.app.waitFor(kind: "text", after: second, what: "a text line for notes after key-a") {
                $0.string("id") == "notes"
            }
            try s.settle()
            let texts = s.app.lines(from: start, kind: "text").filter { $0.string("id") == "notes" }.map { $0.string("text") }
            #expect(
                texts == ["\n", "\nA"],
                "notes should read a newline, then a newline and a capital A (a line break starts a sentence): \(texts)\n\(s.app.diagnostics)"
            )
            #expect(s.app.lines(from: start, kind: "focus").isEmpty, "Return in notes must not end editing\n\(s.app.diagnostics)")
            #expect(
                s.app.lines(from: start, kind: "keypad").isEmpty, "Return in notes must not move the keypad\n\(s.app.diagnostics)"
            )

            let point = try s.backgroundPoint(avoiding: [keypad])
            start = s.app.mark
            s.x.click(point)
            try s.waitForDecision("resign", after: start)
            try s.waitForFocus(nil, after: start)
            let willHide = try s.waitForKeypad("willHide", after: start)
            let didHide = try s.waitForKeypad("didHide", after: start)
            #expect(willHide.index < didHide.index, "willHide must precede didHide\n\(s.app.diagnostics)")
        }
    }
}
