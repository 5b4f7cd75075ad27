import Testing
import TapawayKit
import TapawayTesting

@MainActor
@Suite("Text editing")
struct TextEditingTests {
    @Test("editing is by grapheme cluster")
    func graphemes() {
        var t = EditableText("a👍🏽")
        #expect(t.count == 2)
        t.deleteBackward()
        #expect(t.text == "a")
        t.insert("🇫🇷")
        t.insert("e\u{301}")
        #expect(t.count == 3)
        t.deleteBackward()
        #expect(t.text == "a🇫🇷")
        t.moveCaret(to: 1)
        t.insert("b")
        #expect(t.text == "ab🇫🇷" && t.caret == 2)
        t.select(0..<2)
        t.insert("")
        #expect(t.text == "🇫🇷" && t.caret == 0)
    }

    @Test("a combining mark typed after a letter joins it")
    func combiningMark() {
        var t = EditableText("e")
        t.insert("\u{301}")
        #expect(t.count == 1 && t.caret == 1)
    }

    @Test("physical keys edit the focused field: arrows, Home, End, Delete, shift-selection")
    func keys() {
        let p = HeadlessPlatform(screenSize: Size(width: 400, height: 600))
        let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 44))
        p.makeWindow(field)
        field.becomeFirstResponder()
        p.type("world")
        p.press(.home)
        p.type("hello ")
        p.press(.end)
        p.press(.left)
        p.press(.delete)
        #expect(field.text == "hello worl")
        p.press(.left, modifiers: .shift)
        p.press(.left, modifiers: .shift)
        #expect(field.selectedRange == 8..<10)
        p.press(.backspace)
        #expect(field.text == "hello wo")
        p.press(.left)
        p.press(.left, modifiers: .shift)
        p.press(.right, modifiers: .shift)
        p.press(.right, modifiers: .shift)
        #expect(field.selectedRange == 7..<8)
    }

    @Test("a secure field draws bullets, never its text")
    func secure() {
        let p = HeadlessPlatform(screenSize: Size(width: 400, height: 600))
        let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 44))
        field.isSecureTextEntry = true
        p.makeWindow(field)
        field.text = "hunter2"
        let texts = p.render().texts
        #expect(texts.contains("•••••••"))
        #expect(!texts.contains { $0.contains("hunter") })
    }

    @Test("a text view wraps long lines and keeps the caret visible as it grows")
    func textViewWraps() {
        let p = HeadlessPlatform(screenSize: Size(width: 400, height: 600))
        let view = TextView(frame: Rect(x: 10, y: 10, width: 200, height: 100))
        p.makeWindow(view)
        p.application.runFrame()
        view.becomeFirstResponder()
        view.insertText("one two three four five six seven")
        #expect(view.lines.count > 1)
        for _ in 0..<8 { view.insertReturn() }
        view.insertText("end")
        #expect(view.contentOffset.y > 0)
        #expect(view.caretRect.maxY <= view.contentOffset.y + view.bounds.height)
    }

    @Test("wrapping breaks at spaces and keeps explicit newlines")
    func wrap() {
        let font = FixedFont(size: 10) // 6 px a character
        let text = "aaa bbb ccc\nd"
        let lines = TextLayout.wrap(text, width: 48, font: font).map { String(text[$0]) }
        #expect(lines == ["aaa bbb ", "ccc", "d"])
    }
}

@MainActor
@Suite("Timers and animation")
struct TimerTests {
    @Test("timers fire at their deadline; repeating ones keep firing until invalidated")
    func timers() {
        let clock = ManualClock()
        let queue = TimerQueue(clock: clock)
        var once = 0, repeated = 0
        queue.schedule(after: 1) { _ in once += 1 }
        let t = queue.schedule(after: 0.5, repeats: true) { _ in repeated += 1 }
        clock.advance(by: 0.6); queue.fireDue()
        clock.advance(by: 0.6); queue.fireDue()
        #expect(once == 1 && repeated == 2)
        t.invalidate()
        clock.advance(by: 2); queue.fireDue()
        #expect(repeated == 2)
        #expect(queue.isEmpty)
    }

    @Test("curves start at 0, end at 1 and ease")
    func curves() {
        for curve in [AnimationCurve.linear, .easeInOut, .easeOut] {
            #expect(curve.value(at: 0) == 0 && curve.value(at: 1) == 1)
        }
        #expect(AnimationCurve.easeOut.value(at: 0.5) > 0.5)
        #expect(AnimationCurve.easeInOut.value(at: 0.25) < 0.25)
    }
}
