import TapawayHeadless
import TapawayKit
import TapawayTestSupport
import Testing

/// A single-line field takes at most `TextField.pasteLimit` characters from one paste and says
/// so; a text view still takes a million characters whole.
@MainActor
@Suite("Paste limits")
struct PasteLimitTests {
    @Test("a paste longer than the limit into a field keeps its beginning and posts what was cut")
    func fieldPasteIsCut() {
        let (p, field) = fieldPlatform()
        var cut: [(Int, Int)] = []
        p.application.notificationCenter.addObserver(forName: .textFieldPasteWasCut) { note in
            cut.append((note.userInfo[PasteCutKey.kept] as? Int ?? -1, note.userInfo[PasteCutKey.pastedBytes] as? Int ?? -1))
        }
        p.type("ab")
        let line = "0123456789é"
        let pasted = String(repeating: line, count: 100_000)
        p.application.clipboard.text = pasted
        p.press(.text("v"), modifiers: .control)
        #expect(field.text.count == 2 + TextField.pasteLimit)
        #expect(field.text == "ab" + String(pasted.prefix(TextField.pasteLimit)))
        #expect(cut.count == 1 && cut.first?.0 == TextField.pasteLimit && cut.first?.1 == pasted.utf8.count)
        // A paste at the limit is whole and says nothing.
        p.press(.text("a"), modifiers: .control)
        p.application.clipboard.text = String(pasted.prefix(TextField.pasteLimit))
        p.press(.text("v"), modifiers: .control)
        #expect(field.text.count == TextField.pasteLimit && cut.count == 1)
    }

    @Test("a text view takes a million-character paste whole")
    func textViewPasteIsWhole() {
        let view = TextView(frame: Rect(x: 10, y: 10, width: 300, height: 300))
        let p = HeadlessPlatform.editing(view)
        p.application.runFrame()
        let pasted = String(repeating: "The quick brown fox.\n", count: 50_000)
        p.application.clipboard.text = pasted
        p.press(.text("v"), modifiers: .control)
        #expect(view.text.count == pasted.count && pasted.count > 1_000_000)
    }
}
