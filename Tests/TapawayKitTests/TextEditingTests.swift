import TapawayHeadless
import TapawayKit
import TapawayTestSupport
import Testing

/// A clipboard with a primary selection, as the X11 platform has.
final class TwoSelectionClipboard: Clipboard {
    var text: String?
    let primarySelection = MemoryClipboard()
    var primary: Clipboard? { primarySelection }
}

@MainActor
func fieldPlatform(width: Double = 300) -> (HeadlessPlatform, TextField) {
    let field = TextField(frame: Rect(x: 10, y: 10, width: width, height: 44))
    let p = HeadlessPlatform.editing(field)
    p.application.runFrame()
    return (p, field)
}

@MainActor
@Suite("Text editing")
struct TextEditingTests {
    // MARK: Graphemes

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

    @Test("a family emoji, a flag and a letter with two marks are one caret step and one backspace each")
    func graphemeKeys() {
        let (p, field) = fieldPlatform()
        field.insertText("x👨‍👩‍👧🇯🇵a\u{308}\u{301}")
        #expect(field.caretOffset == 4)
        p.press(.left)
        p.press(.left)
        #expect(field.caretOffset == 2)
        p.press(.backspace)
        #expect(field.text == "x🇯🇵a\u{308}\u{301}")
        p.press(.end)
        p.press(.backspace)
        #expect(field.text == "x🇯🇵")
    }

    // MARK: Keys and selection

    @Test("physical keys edit the focused field: arrows, Home, End, Delete, shift-selection")
    func keys() {
        let (p, field) = fieldPlatform()
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

    @Test("Ctrl with arrows moves by words, Ctrl+Shift selects by words, Ctrl+Backspace and Ctrl+Delete delete words")
    func wordKeys() {
        let (p, field) = fieldPlatform()
        field.insertText("one two, three")
        p.press(.left, modifiers: .control)
        #expect(field.caretOffset == 9, "to the start of three")
        p.press(.left, modifiers: .control)
        #expect(field.caretOffset == 4, "over the comma to the start of two")
        p.press(.right, modifiers: .control)
        #expect(field.caretOffset == 7, "to the end of two")
        p.press(.right, modifiers: [.control, .shift])
        #expect(field.selectedText == ", three")
        p.press(.end)
        p.press(.backspace, modifiers: .control)
        #expect(field.text == "one two, ")
        p.press(.home)
        p.press(.delete, modifiers: .control)
        #expect(field.text == " two, ")
    }

    @Test("word boundaries keep apostrophes inside words")
    func apostrophes() {
        let t = EditableText("don't stop")
        #expect(t.wordRange(at: 2) == 0..<5)
        #expect(t.wordEnd(after: 0) == 5)
        #expect(t.wordStart(before: 10) == 6)
    }

    @Test("click places the caret, a drag selects, a double click selects a word, a triple click the line")
    func clicksAndDrags() {
        let (p, field) = fieldPlatform()
        field.insertText("alpha beta gamma")
        // Fixed-metric font: 17 × 0.6 = 10.2 px per character, text from x = 12 in the field.
        func point(_ offset: Double) -> Point { Point(x: 10 + 12 + 10.2 * offset, y: 32) }
        p.tap(at: point(2))
        #expect(field.caretOffset == 2 && field.selectedRange.isEmpty)
        p.advance(by: 1)
        p.drag(from: point(6), to: point(10))
        #expect(field.selectedText == "beta")
        p.advance(by: 1)
        p.tap(at: point(13))
        p.tap(at: point(13))
        #expect(field.selectedText == "gamma", "double click selects the word")
        p.tap(at: point(13))
        #expect(field.selectedText == "alpha beta gamma", "triple click selects the line")
    }

    @Test("in a scrolling form, a drag in the focused field selects; the form's pan stands back")
    func dragSelectInsideScrollView() {
        let p = HeadlessPlatform(screenSize: Size(width: 400, height: 600))
        let form = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 600))
        form.contentSize = Size(width: 400, height: 1500)
        let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 44))
        form.addSubview(field)
        p.makeWindow(form)
        field.becomeFirstResponder()
        field.insertText("alpha beta gamma")
        func point(_ offset: Double) -> Point { Point(x: 22 + 10.2 * offset, y: 32) }
        p.drag(from: point(0), to: Point(x: point(10).x, y: 120), steps: 12)
        #expect(field.selectedText == "alpha beta")
        #expect(form.contentOffset == .zero, "the form did not scroll")
        field.resignFirstResponder()
        p.advance(by: 1)
        p.drag(from: point(0), to: Point(x: point(0).x, y: 10), steps: 12)
        #expect(form.contentOffset.y > 0, "an unfocused field lets the form scroll")
    }

    @Test("a double click and drag extends by whole words")
    func wordDrag() {
        let (p, field) = fieldPlatform()
        field.insertText("alpha beta gamma")
        func point(_ offset: Double) -> Point { Point(x: 22 + 10.2 * offset, y: 32) }
        p.tap(at: point(2))
        let id = p.touchDown(at: point(2))
        p.touchMove(id, to: point(12))
        p.touchUp(id, at: point(12))
        #expect(field.selectedText == "alpha beta gamma")
    }

    @Test("Ctrl+A selects all; Ctrl+C copies, Ctrl+X cuts, Ctrl+V pastes through the clipboard")
    func clipboardShortcuts() {
        let (p, field) = fieldPlatform()
        p.type("copy me")
        p.press(.text("a"), modifiers: .control)
        #expect(field.selectedRange == 0..<7)
        p.press(.text("c"), modifiers: .control)
        #expect(p.application.clipboard.text == "copy me")
        p.press(.left, modifiers: .control)  // a plain Left would do: any move collapses
        p.press(.end)
        p.press(.text("v"), modifiers: .control)
        #expect(field.text == "copy mecopy me")
        p.press(.left, modifiers: [.control, .shift])
        p.press(.text("x"), modifiers: .control)
        #expect(field.text == "copy mecopy ")
        #expect(p.application.clipboard.text == "me")
    }

    @Test("a secure field cannot be copied or cut, and does not reveal its words")
    func secureClipboard() {
        let (p, field) = fieldPlatform()
        field.isSecureTextEntry = true
        p.application.clipboard.text = "untouched"
        p.type("hunter2 secret")
        p.press(.text("a"), modifiers: .control)
        p.press(.text("c"), modifiers: .control)
        p.press(.text("x"), modifiers: .control)
        #expect(p.application.clipboard.text == "untouched")
        #expect(field.text == "hunter2 secret")
        p.press(.end)
        p.press(.left, modifiers: .control)
        #expect(field.caretOffset == 0, "Ctrl+Left jumps to the start, not to a word")
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

    // MARK: Undo

    /// The history as it was before steps kept only their bytes: whole states before and after.
    struct SnapshotHistory {
        var undo: [(before: EditableText, after: EditableText, kind: EditHistory.Kind)] = []
        var redo: [(before: EditableText, after: EditableText, kind: EditHistory.Kind)] = []
        var runOpen = false
        mutating func record(_ before: EditableText, _ after: EditableText, _ kind: EditHistory.Kind) {
            redo.removeAll()
            let joins = kind == .typing || kind == .deleting
            if runOpen, joins, let last = undo.last, last.kind == kind { undo[undo.count - 1].after = after; return }
            undo.append((before, after, kind))
            if undo.count > 100 { undo.removeFirst(undo.count - 100) }
            runOpen = joins
        }
    }

    @Test("the undo history holds a bounded number of bytes: the oldest large steps go, the newest stays")
    func historyByteLimit() {
        var history = EditHistory()
        history.byteLimit = 250_000
        var text = EditableText("")
        for round in 0..<10 {
            let before = text
            text.setText("")
            text.insert(String(repeating: Character(UnicodeScalar(UInt8(97 + round))), count: 100_000))
            history.record(from: before, to: text, kind: .paste)
            history.closeRun()
        }
        var undone = 0
        while let previous = history.undo(from: text) { text = previous; undone += 1 }
        // Each step replaced 100 000 bytes with 100 000: 200 000 bytes, so one fits.
        #expect(undone == 1)
        #expect(text.text == String(repeating: "i", count: 100_000))
        var small = EditHistory()
        var typed = EditableText("")
        for c in "hello" {
            let before = typed
            typed.insert(String(c))
            small.record(from: before, to: typed, kind: .typing)
            small.closeRun()
        }
        var steps = 0
        while let previous = small.undo(from: typed) { typed = previous; steps += 1 }
        #expect(steps == 5 && typed.text.isEmpty, "small steps are all kept")
    }

    @Test("undo and redo after 3 000 random edits, runs and caret moves restore exactly what whole snapshots would")
    func historyOfBytesMatchesSnapshots() {
        var random = SeededGenerator(seed: 0xD1FF)
        func next(_ n: Int) -> Int { random.next(n) }
        let pieces = ["a", "b", " ", "word ", "é", "e\u{301}", "🇫🇷", "👍🏽", "\n", "ü", "漢字", ""]
        var text = EditableText("start")
        var history = EditHistory()
        var reference = SnapshotHistory()
        var mismatches: [String] = []
        for round in 0..<3_000 {
            switch next(10) {
            case 0..<4:  // typing at the caret, sometimes over a selection
                if next(5) == 0 { let a = next(text.count + 1); text.select(a..<min(text.count, a + next(4))) }
                let before = text
                text.insert(pieces[next(pieces.count)])
                history.record(from: before, to: text, kind: .typing)
                reference.record(before, text, .typing)
            case 4..<6:  // deleting
                let before = text
                if next(2) == 0 { text.deleteBackward() } else { text.deleteForward() }
                history.record(from: before, to: text, kind: .deleting)
                reference.record(before, text, .deleting)
            case 6:  // a paste somewhere
                let before = text
                text.moveCaret(to: next(text.count + 1))
                text.insert(pieces[next(pieces.count)] + pieces[next(pieces.count)])
                history.closeRun(); reference.runOpen = false
                history.record(from: before, to: text, kind: .paste)
                reference.record(before, text, .paste)
            case 7:  // the caret moves: the run ends
                text.moveCaret(to: next(text.count + 1))
                history.closeRun(); reference.runOpen = false
            case 8:  // undo
                let expected = reference.undo.popLast()
                if let e = expected { reference.redo.append(e); reference.runOpen = false }
                let got = history.undo(from: text)
                if got?.text != expected?.before.text || got?.selection != expected?.before.selection {
                    mismatches.append(
                        "round \(round) undo: \(String(describing: got?.text)) against \(String(describing: expected?.before.text))"
                    )
                }
                if let got { text = got }
            default:  // redo
                let expected = reference.redo.popLast()
                if let e = expected { reference.undo.append(e); reference.runOpen = false }
                let got = history.redo(from: text)
                if got?.text != expected?.after.text || got?.selection != expected?.after.selection {
                    mismatches.append(
                        "round \(round) redo: \(String(describing: got?.text)) against \(String(describing: expected?.after.text))"
                    )
                }
                if let got { text = got }
            }
            if !mismatches.isEmpty { break }
        }
        #expect(mismatches.isEmpty, "\(mismatches.first ?? "")")
    }

    @Test("undo takes back a typing run at once; redo brings it back; a caret move starts a new run")
    func undoRedo() {
        let (p, field) = fieldPlatform()
        p.type("hello world")
        p.press(.left)
        p.type("X")
        #expect(field.text == "hello worlXd")
        p.press(.text("z"), modifiers: .control)
        #expect(field.text == "hello world")
        p.press(.text("z"), modifiers: .control)
        #expect(field.text == "")
        #expect(!field.canUndo && field.canRedo)
        p.press(.text("z"), modifiers: [.control, .shift])
        #expect(field.text == "hello world")
        p.press(.text("y"), modifiers: .control)
        #expect(field.text == "hello worlXd")
        #expect(!field.canRedo)
    }

    @Test("a run of backspaces is one undo step; a paste is its own; a new edit clears redo")
    func undoKinds() {
        let (p, field) = fieldPlatform()
        p.type("abcdef")
        for _ in 0..<3 { p.press(.backspace) }
        p.application.clipboard.text = "XY"
        field.paste()
        #expect(field.text == "abcXY")
        field.undo()
        #expect(field.text == "abc")
        field.undo()
        #expect(field.text == "abcdef")
        field.redo()
        p.type("!")
        #expect(field.text == "abc!" && !field.canRedo)
    }

    @Test("undo restores the selection too, and sends a text change")
    func undoSelectionAndNotification() {
        let (p, field) = fieldPlatform()
        p.type("keep this")
        p.press(.text("a"), modifiers: .control)
        var changes = 0
        p.application.notificationCenter.addObserver(forName: .textFieldDidChange) { _ in changes += 1 }
        p.press(.backspace)
        field.undo()
        #expect(field.text == "keep this" && field.selectedRange == 0..<9)
        #expect(changes == 2)
    }

    // MARK: Sanitising and paste

    @Test(
        "sanitising: line breaks, tabs and control characters",
        arguments: [
            ("a\r\nb", true, "a\nb"), ("a\r\nb", false, "a b"), ("a\rb\nc", true, "a\nb\nc"),
            ("tab\there", true, "tab here"), ("bell\u{7}nul\u{0}del\u{7F}c1\u{85}", true, "bellnuldelc1"),
            ("copied from a terminal\n", false, "copied from a terminal"), ("two\n\nlines\n", true, "two\n\nlines\n"),
            ("para\u{2029}line\u{2028}end", true, "para\nline\nend"), ("👨‍👩‍👧 e\u{301}", false, "👨‍👩‍👧 e\u{301}"),
        ])
    func sanitize(input: String, multiline: Bool, output: String) {
        #expect(TextSanitizer.sanitize(input, allowsNewlines: multiline) == output)
    }

    @Test("invalid UTF-8 becomes the replacement character")
    func invalidUTF8() {
        let bytes: [UInt8] = [0x61, 0xFF, 0x62, 0xE2, 0x82, 0x63, 0xC3, 0xA9]
        #expect(TextSanitizer.decode(bytes) == "a\u{FFFD}b\u{FFFD}cé")
    }

    @Test("pasting into a field turns lines into spaces; into a text view keeps them; controls go")
    func pasteSanitised() {
        let p = HeadlessPlatform(screenSize: Size(width: 400, height: 600))
        let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 44))
        let view = TextView(frame: Rect(x: 10, y: 70, width: 300, height: 200))
        p.makeWindow(field, view)
        p.application.clipboard.text = "one\r\ntwo\u{1B}[0m\tthree\n"
        field.becomeFirstResponder()
        field.paste()
        #expect(field.text == "one two[0m three")
        view.becomeFirstResponder()
        view.paste()
        #expect(view.text == "one\ntwo[0m three\n")
    }

    // MARK: Primary selection

    @Test("a selection is offered as the primary selection, never a secure field's")
    func primaryOffered() {
        let (p, field) = fieldPlatform()
        let clipboard = TwoSelectionClipboard()
        p.application.clipboard = clipboard
        p.type("pick this")
        p.press(.left, modifiers: [.control, .shift])
        #expect(clipboard.primarySelection.text == "this")
        p.press(.text("a"), modifiers: .control)
        #expect(clipboard.primarySelection.text == "pick this")
        #expect(clipboard.text == nil, "selecting does not touch the clipboard")
        field.isSecureTextEntry = true
        clipboard.primarySelection.text = nil
        p.press(.text("a"), modifiers: .control)
        #expect(clipboard.primarySelection.text == nil)
    }

    @Test("a middle click pastes the primary selection where it lands, focusing that input")
    func middleClickPaste() {
        let p = HeadlessPlatform(screenSize: Size(width: 400, height: 600))
        let a = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 44))
        let b = TextField(frame: Rect(x: 10, y: 70, width: 300, height: 44))
        p.makeWindow(a, b)
        let clipboard = TwoSelectionClipboard()
        p.application.clipboard = clipboard
        b.text = "ab"
        clipboard.primarySelection.text = "X\nY"
        a.becomeFirstResponder()
        // Between a and b: 22 + 10.2.
        #expect(p.application.pastePrimarySelection(at: Point(x: 10 + 12 + 10.2 * 1, y: 92)))
        #expect(b.isFirstResponder)
        #expect(b.text == "aX Yb")
        #expect(!p.application.pastePrimarySelection(at: Point(x: 390, y: 500)), "nothing to paste into there")
    }

    // MARK: Caret and placeholder

    /// Whether `canvas` holds the caret: a 2-point-wide accent bar.
    func caretDrawn(_ canvas: RecordingCanvas) -> Bool {
        canvas.operations.contains {
            if case .roundedRect(let r, let colour) = $0 { return r.width == 2 && colour == Palette.accent }
            return false
        }
    }

    @Test("the caret blinks every half-period, and stays solid while keys come faster than that")
    func caretBlinks() {
        let (p, field) = fieldPlatform()
        /// Draws the whole field again and says whether the caret is in it.
        func caretShown() -> Bool {
            field.setNeedsDisplay()
            return caretDrawn(p.render())
        }
        #expect(caretShown(), "solid at focus")
        p.advance(by: CaretBlinker.halfPeriod + 0.01)
        #expect(!caretShown(), "out after a half-period")
        p.advance(by: CaretBlinker.halfPeriod)
        #expect(caretShown(), "back after another")
        p.advance(by: CaretBlinker.halfPeriod)
        #expect(!caretShown())
        for character in "typing" {
            p.type(String(character))
            #expect(caretShown(), "solid at each key")
            p.advance(by: CaretBlinker.halfPeriod * 0.9)
            #expect(caretShown(), "still solid before the next key")
        }
        p.advance(by: CaretBlinker.halfPeriod * 0.2)
        #expect(!caretShown(), "blinking again once typing stops")
        field.resignFirstResponder()
        p.advance(by: CaretBlinker.halfPeriod)
        #expect(!caretShown(), "no caret out of focus")
    }

    @Test("the placeholder shows while the field is empty, in the placeholder colour, and goes with the first character")
    func placeholder() {
        let (p, field) = fieldPlatform()
        field.placeholder = "Your name"
        let empty = p.render()
        #expect(
            empty.operations.contains {
                if case .text("Your name", _, Palette.placeholder) = $0 { return true }; return false
            })
        p.type("A")
        let typed = p.render()
        #expect(!typed.texts.contains("Your name"))
        #expect(typed.texts.contains("A"))
        p.press(.backspace)
        #expect(p.render().texts.contains("Your name"), "back when emptied")
    }

    // MARK: Clear button

    @Test("the clear button clears the field as one undoable edit, and shows per its mode")
    func clearButton() {
        let (p, field) = fieldPlatform()
        field.clearButtonMode = .whileEditing
        p.type("some text")
        let button = Point(x: 10 + 300 - 12 + 4 - 8.5, y: 32)
        p.tap(at: button)
        #expect(field.text == "")
        #expect(field.isFirstResponder)
        field.undo()
        #expect(field.text == "some text")
        field.clearButtonMode = .unlessEditing
        p.advance(by: 1)
        p.tap(at: button)
        #expect(field.text == "some text", "not shown while editing: the tap places the caret")
    }

    // MARK: Scrolling and drawing long text

    @Test("long text in a field scrolls to keep the caret visible, and only what shows is drawn")
    func longField() {
        let (p, field) = fieldPlatform(width: 200)
        let long = String(repeating: "abcdefghij", count: 500)
        field.insertText(long)
        var texts = p.render().texts
        let drawn = texts.first { $0.hasPrefix("a") || $0.hasPrefix("b") || $0.hasSuffix("j") } ?? ""
        #expect(drawn.count < 30, "only the visible characters are drawn (\(drawn.count))")
        #expect(drawn.hasSuffix("hij"), "the end, where the caret is, shows")
        p.press(.home)
        texts = p.render().texts
        #expect(texts.contains { $0.hasPrefix("abcdefghij") && $0.count < 30 })
    }

    @Test("a text view wraps long lines and keeps the caret visible as it grows")
    func textViewWraps() {
        let p = HeadlessPlatform(screenSize: Size(width: 400, height: 600))
        let view = TextView(frame: Rect(x: 10, y: 10, width: 200, height: 100))
        p.makeWindow(view)
        p.application.runFrame()
        view.becomeFirstResponder()
        view.insertText("one two three four five six seven")
        // The headless font's characters are 0.6 × 17 = 10.2 px wide, and the text runs between
        // 12 px insets: 176 px hold 17 characters. Lines break after a space (UAX #14), the
        // space hanging at the line's end: 18 characters do not fit, so "four" and "seven" move.
        #expect(
            view.lines.map { view.text[$0].split(separator: " ").joined(separator: " ") } == [
                "one two three", "four five six", "seven",
            ])
        for _ in 0..<8 { view.insertReturn() }
        view.insertText("end")
        // Eleven lines of round(1.25 × 17) = 21 px between 10 px insets: 251 px of content in a
        // 100 px view. The caret is on the last line, kept in view with the bottom inset below
        // it: the view scrolls to its end, 251 − 100 = 151.
        #expect(view.contentOffset.y == 151)
        #expect(view.caretRect.minY == 10 + 10 * 21 && view.caretRect.height == 21)
        #expect(view.caretRect.maxY == view.contentOffset.y + view.bounds.height - view.textInsets.bottom)
    }

    @Test("in a text view Home and End go to the line's ends, Up and Down keep their column")
    func textViewLines() {
        let p = HeadlessPlatform(screenSize: Size(width: 400, height: 600))
        let view = TextView(frame: Rect(x: 10, y: 10, width: 300, height: 200))
        p.makeWindow(view)
        p.application.runFrame()
        view.becomeFirstResponder()
        view.insertText("first line\nab\nthird line")
        p.press(.home)
        #expect(view.caretOffset == 14)
        p.press(.right); p.press(.right); p.press(.right); p.press(.right); p.press(.right)
        p.press(.up)
        #expect(view.caretOffset == 13, "the short line clamps the column")
        p.press(.up)
        #expect(view.caretOffset == 5, "the column comes back on a long line")
        p.press(.end, modifiers: .shift)
        #expect(view.selectedText == " line")
        p.press(.end, modifiers: .control)
        #expect(view.caretOffset == view.text.count)
        p.press(.home, modifiers: [.control, .shift])
        #expect(view.selectedRange == 0..<view.text.count)
    }

    @Test("dragging in a focused text view selects instead of scrolling; a triple click selects a line")
    func textViewSelection() {
        let p = HeadlessPlatform(screenSize: Size(width: 400, height: 600))
        let view = TextView(frame: Rect(x: 10, y: 10, width: 300, height: 100))
        p.makeWindow(view)
        p.application.runFrame()
        view.text = (1...20).map { "line \($0)" }.joined(separator: "\n")
        view.becomeFirstResponder()
        view.setContentOffset(.zero, animated: false)
        // Lines are 17 × 1.25 ≈ 21 px tall from y = 10 (inset) in the view at y = 10.
        let start = Point(x: 22, y: 20 + 10.5), end = Point(x: 22 + 10.2 * 4, y: 20 + 21 + 10.5)
        p.drag(from: start, to: end)
        #expect(view.selectedText == "line 1\nline")
        #expect(view.contentOffset.y == 0, "the drag did not scroll")
        p.advance(by: 1)
        p.tap(at: end); p.tap(at: end); p.tap(at: end)
        #expect(view.selectedText == "line 2")
    }

    @Test("re-wrapping only the edited paragraphs gives the lines a full wrap gives")
    func rewrapMatchesWrap() {
        let widths = CharacterWidths(font: FixedFont(size: 10))
        var text = "alpha beta gamma delta\nshort\n\nlong paragraph with many words in it to wrap around\nend"
        var lines = TextLayout.wrap(text, width: 60, widths: widths)
        let edits: [(Range<Int>, String)] = [
            (3..<3, "XYZ "), (23..<23, "\n"), (0..<0, "start "), (40..<52, ""),
            (10..<30, "joined"), (0..<0, "é\u{301}"), (5..<6, "🇫🇷 "),
        ]
        for (range, insert) in edits {
            var edited = EditableText(text)
            edited.replace(range, with: insert)
            let new = edited.text
            let fast = TextLayout.rewrap(new, from: text, lines: lines, width: 60, widths: widths)
            let slow = TextLayout.wrap(new, width: 60, widths: widths)
            #expect(
                fast.map { String(new[$0]) } == slow.map { String(new[$0]) },
                "after replacing \(range) with \(insert.debugDescription)")
            text = new
            lines = fast
        }
    }

    @Test("wrapping reads ASCII by the byte yet breaks as Unicode does: CR LF, combining marks after ASCII, emoji, tabs")
    func asciiShortcutMatchesUnicode() {
        let widths = CharacterWidths(font: FixedFont(size: 10))
        var random = SeededGenerator(seed: 0xB17E)
        func next(_ n: Int) -> Int { random.next(n) }
        let pieces = [
            "a", "b", "word", " ", "\t", "\n", "\r\n", "\r", "e\u{301}", "o\u{308}\u{304}", "🇫🇷", "👍🏽",
            "\u{A0}", "\u{2028}", "x\u{200D}y", "Z", ".", "supercalifragilistic", "-", "(", ")", "/", "漢字", "。",
        ]
        for round in 0..<300 {
            var text = ""
            for _ in 0..<next(120) { text += pieces[next(pieces.count)] }
            let width = Double(20 + next(200))
            let lines = TextLayout.wrap(text, width: width, widths: widths)
            let offsets = ReferenceWrap.byteOffsets(of: lines, in: text)
            let reference = ReferenceWrap.lines(of: text, width: width, widths: widths, rules: BuiltInLineBreaks())
            #expect(offsets == reference, "round \(round): \(text.debugDescription) at \(width)")
            if offsets != reference { break }
        }
    }

    @Test("a text view's lines, kept up to date edit by edit (typing, deleting, replacing, undo), equal a full wrap")
    func textViewLinesMatchAFullWrap() {
        var random = SeededGenerator(seed: 0x7E47)
        func next(_ n: Int) -> Int { random.next(n) }
        let view = TextView(frame: Rect(x: 10, y: 10, width: 200, height: 300))
        let p = HeadlessPlatform.editing(view)
        view.text = String(repeating: "the quick brown fox jumps over the lazy dog ", count: 20)
        let widths = CharacterWidths(font: p.application.fonts.font(size: view.fontSize, weight: .regular))
        let width = 200 - view.textInsets.left - view.textInsets.right
        let pieces = ["a", "word ", " ", "\n", "é", "e\u{301}", "🇫🇷", "supercalifragilistic", "  "]
        for round in 0..<400 {
            switch next(6) {
            case 0, 1: view.insertText(pieces[next(pieces.count)])
            case 2: view.deleteBackward()
            case 3: let a = next(view.text.count + 1); view.select(a..<min(view.text.count, a + next(6)))
            case 4: view.undo()
            default: view.redo()
            }
            let text = view.text
            let kept = ReferenceWrap.byteOffsets(of: view.lines, in: text)
            let full = ReferenceWrap.byteOffsets(of: TextLayout.wrap(text, width: width, widths: widths), in: text)
            #expect(kept == full, "round \(round)")
            if kept != full { break }
        }
    }

    @Test("after each of 300 random edits, everything a full repaint draws differently lies inside the area the edit repainted")
    func keystrokeRepaintCoversEveryChange() {
        var random = SeededGenerator(seed: 0xDA3A)
        func next(_ n: Int) -> Int { random.next(n) }
        let p = HeadlessPlatform(screenSize: Size(width: 400, height: 600))
        let view = TextView(frame: Rect(x: 10, y: 10, width: 200, height: 500))
        let window = p.makeWindow(view)
        let font = p.application.fonts.font(size: view.fontSize, weight: .regular)
        view.becomeFirstResponder()
        view.text = String(repeating: "the quick brown fox jumps over the lazy dog ", count: 4)
        view.select(40..<40)
        /// Everything the window draws, whatever is dirty.
        func everything() -> [RecordingCanvas.Operation] {
            p.application.runFrame()
            let canvas = RecordingCanvas()
            window.render(window.bounds, in: canvas)
            return canvas.operations
        }
        func place(_ op: RecordingCanvas.Operation) -> Rect {
            switch op {
            case .fill(let r, _), .roundedRect(let r, _), .strokedRoundedRect(let r, _), .ellipse(let r, _), .polygon(let r, _):
                return r.intersection(view.frame)
            case .text(_, let point, _):  // the start of its line, as far as the view shows it
                return Rect(x: point.x, y: point.y - font.ascent, width: 1, height: font.lineHeight).intersection(view.frame)
            }
        }
        var partial = 0
        let pieces = ["a", "word ", " ", "\n", "é", "supercalifragilisticexpialidocious", "xy"]
        for round in 0..<300 {
            _ = everything()
            _ = window.takeDirtyRect()
            let before = everything()
            switch next(8) {
            case 0, 1, 2, 3: view.insertText(pieces[next(pieces.count)])
            case 4, 5: view.deleteBackward()
            case 6: view.undo()
            default:  // typing over a selection
                let a = next(view.text.count + 1), b = next(view.text.count + 1)
                view.select(min(a, b)..<max(a, b))
                view.insertText("z")
            }
            p.application.runFrame()
            let dirty = window.takeDirtyRect() ?? .zero
            if dirty.height < view.frame.height - 1 { partial += 1 }
            let after = everything()
            let changed = before.filter { !after.contains($0) } + after.filter { !before.contains($0) }
            let outside = changed.filter { op in
                let r = place(op)
                return !r.isEmpty && !dirty.insetBy(dx: -0.5, dy: -0.5).contains(r)
            }
            #expect(outside.isEmpty, "round \(round): drawn differently outside the repainted \(dirty): \(outside.prefix(3))")
            if !outside.isEmpty { break }
        }
        #expect(partial > 100, "most keystrokes repaint part of the view, not all of it (\(partial) of 300)")
    }

    @Test("re-wrapping after 2 000 random edits in long paragraphs always equals a full wrap, line for line")
    func rewrapMatchesWrapRandomly() {
        let widths = CharacterWidths(font: FixedFont(size: 10))
        var random = SeededGenerator(seed: 0x5EED)
        func next(_ n: Int) -> Int { random.next(n) }
        let pieces = ["a", "word ", "longerword ", " ", "  ", "\n", "supercalifragilisticexpialidocious", "é", "🇫🇷", "x y z "]
        var text =
            String(repeating: "the quick brown fox jumps over the lazy dog ", count: 30) + "\n"
            + String(repeating: "lorem ipsum dolor sit amet ", count: 20)
        var lines = TextLayout.wrap(text, width: 97, widths: widths)
        var mismatches = 0
        for _ in 0..<2_000 {
            var edited = EditableText(text)
            let at = next(edited.count + 1)
            let length = next(4) == 0 ? min(next(12), edited.count - at) : 0
            edited.replace(at..<(at + length), with: length > 0 && next(2) == 0 ? "" : pieces[next(pieces.count)])
            let new = edited.text
            let fast = TextLayout.rewrap(new, from: text, lines: lines, width: 97, widths: widths)
            let slow = TextLayout.wrap(new, width: 97, widths: widths)
            if ReferenceWrap.byteOffsets(of: fast, in: new) != ReferenceWrap.byteOffsets(of: slow, in: new) { mismatches += 1 }
            text = new
            lines = slow
        }
        #expect(mismatches == 0)
    }

    @Test("after 3 000 random edits with marks, flags and emoji sequences, the kept count and indices match a recount")
    func countAndIndicesStayExact() {
        var random = SeededGenerator(seed: 0xC0FFEE)
        func next(_ n: Int) -> Int { random.next(n) }
        let pieces = [
            "a", "e", "\u{301}", "\u{308}\u{301}", "🇫", "🇷", "🇫🇷", "👩", "\u{200D}", "💻", "🏽", " ", "\n", "\r", "\r\n", "xyz",
        ]
        var text = EditableText("start")
        var wrong: [String] = []
        for step in 0..<3_000 {
            let at = next(text.count + 1)
            let length = next(3) == 0 ? min(next(4), text.count - at) : 0
            text.replace(at..<(at + length), with: pieces[next(pieces.count)])
            if text.count != text.text.count { wrong.append("step \(step): count \(text.count), recount \(text.text.count)") }
            let probe = next(text.count + 1)
            if text.index(at: probe) != text.text.index(text.text.startIndex, offsetBy: probe) {
                wrong.append("step \(step): index of \(probe)")
            }
            if text.text.count > 200 { text.replace(0..<100, with: "") }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    @Test("wrapping breaks at spaces and keeps explicit newlines")
    func wrap() {
        let font = FixedFont(size: 10)  // 6 px a character
        let text = "aaa bbb ccc\nd"
        let lines = TextLayout.wrap(text, width: 48, font: font).map { String(text[$0]) }
        #expect(lines == ["aaa bbb ", "ccc", "d"])
        let long = "abcdefghijklmnop"
        #expect(TextLayout.wrap(long, width: 48, font: font).map { String(long[$0]) } == ["abcdefgh", "ijklmnop"])
        #expect(TextLayout.wrap("a\n", width: 48, font: font).count == 2)
    }
}

@MainActor
@Suite("Focus navigation")
struct FocusNavigationTests {
    @Test("Tab and Shift+Tab go through the inputs in reading order, skipping hidden and disabled ones")
    func tabOrder() {
        let p = HeadlessPlatform(screenSize: Size(width: 400, height: 600))
        let right = TextField(frame: Rect(x: 210, y: 10, width: 180, height: 44))
        let left = TextField(frame: Rect(x: 10, y: 12, width: 180, height: 44))
        let below = TextView(frame: Rect(x: 10, y: 200, width: 380, height: 100))
        let middle = TextField(frame: Rect(x: 10, y: 100, width: 380, height: 44))
        let hidden = TextField(frame: Rect(x: 10, y: 150, width: 380, height: 44))
        let disabled = TextField(frame: Rect(x: 10, y: 320, width: 380, height: 44))
        hidden.isHidden = true
        disabled.isEnabled = false
        let window = p.makeWindow(right, below, left, middle, hidden, disabled)
        let order = FocusNavigation.readingOrder(in: window).map(ObjectIdentifier.init)
        #expect(order == [left, right, middle, below].map(ObjectIdentifier.init))
        p.press(.tab)
        #expect(left.isFirstResponder)
        p.press(.tab)
        #expect(right.isFirstResponder)
        p.press(.tab); p.press(.tab)
        #expect(below.isFirstResponder, "a text view passes Tab on too")
        p.press(.tab)
        #expect(left.isFirstResponder, "wraps around")
        p.press(.tab, modifiers: .shift)
        #expect(below.isFirstResponder)
    }

    @Test("Escape ends editing and the keypad slides away")
    func escape() {
        let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 44))
        let p = HeadlessPlatform.editing(field)
        p.settle()
        #expect(p.application.keyboard.state == .shown)
        p.press(.escape)
        p.settle()
        #expect(!field.isFirstResponder)
        #expect(p.application.keyboard.state == .hidden)
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
