import TapawayHeadless
import TapawayTestSupport
import Testing

@testable import TapawayKit

/// A text view edited in place lays its text out as a view given the same text afresh does: the
/// lines a keystroke re-wraps (and the seams it leaves for later turns of the run loop), the
/// line table's gap, the paragraph index and the byte-level reading of kana, ideographs and
/// Arabic letters change how fast the layout is made, never what it is.
@MainActor
@Suite("Incremental layout")
struct IncrementalLayoutTests {
    /// Mixed text: Japanese (a break nearly everywhere), Arabic and Hebrew (right to left; the
    /// headless font lays Hebrew out right to left), English, and what joins a character to the
    /// next (combining marks, kana voicing marks, a variation selector, emoji sequences, the
    /// Arabic number sign, a Prepend).
    static let pieces = [
        "日本語の文章を書きます。", "次の行も続きます、", "كتبت هذا النص بالعربية ", "بِسْمِ ", "\u{0600}١٢ ", "שלום עולם ",
        "The quick brown fox ", "jumps over the lazy dog. ", "か\u{3099}", "漢\u{FE00}", "👩‍💻", "🇯🇵", "e\u{301}", "、", "「引用」",
        "١٢٣", "؟ ", "\u{061C}", "supercalifragilistic", "\n",
    ]

    /// `count` pieces picked by `random`, newlines rare: long paragraphs, where re-wraps stop at
    /// their budget and leave seams.
    static func text(_ count: Int, _ random: inout SeededGenerator) -> String {
        var text = ""
        for _ in 0..<count {
            let piece = pieces[random.next(pieces.count)]
            if piece == "\n" && random.next(8) != 0 { continue }
            text += piece
        }
        return text
    }

    /// The text each line draws, where: what the reader sees.
    static func drawnLines(of window: Window) -> [RecordingCanvas.Operation] {
        let canvas = RecordingCanvas()
        window.render(window.bounds, in: canvas)
        return canvas.operations.filter {
            if case .text = $0 { return true }
            return false
        }
    }

    @Test("after 200 random edits in over 10 000 characters of mixed scripts, the lines and what is drawn equal a fresh layout")
    func editsMatchAFreshLayout() {
        var random = SeededGenerator(seed: 0x1A70)
        let p = HeadlessPlatform(screenSize: Size(width: 400, height: 600))
        let view = TextView(frame: Rect(x: 10, y: 10, width: 220, height: 300))
        let window = p.makeWindow(view)
        let widths = CharacterWidths(font: p.application.fonts.font(size: view.fontSize, weight: .regular))
        let width = 220 - view.textInsets.left - view.textInsets.right
        view.becomeFirstResponder()
        view.text = Self.text(1_500, &random)
        #expect(view.text.count > 10_000)
        view.select((view.text.count / 2)..<(view.text.count / 2))
        _ = p.render()
        var compared = 0, unsettled = 0
        var problems: [String] = []
        for round in 0..<200 {
            let count = view.text.count
            switch random.next(10) {
            case 0, 1, 2, 3, 4:  // typing where the caret is
                view.insertText(Self.pieces[random.next(Self.pieces.count)])
            case 5:
                view.deleteBackward()
            case 6:  // the caret somewhere else, then typing there
                let at = random.next(count + 1)
                view.select(at..<at)
                view.insertText(Self.pieces[random.next(Self.pieces.count)])
            case 7:  // typing over a selection
                let at = random.next(count + 1)
                view.select(at..<min(count, at + random.next(40)))
                view.insertText(Self.pieces[random.next(Self.pieces.count)])
            case 8:  // a paste of several lines
                let at = random.next(count + 1)
                view.select(at..<at)
                view.insertText(Self.text(1 + random.next(30), &random))
            default:
                view.undo()
            }
            if !view.isLayoutSettled { unsettled += 1 }
            // Some of the turns that settle the lines, or none: the next edit may come first.
            for _ in 0..<random.next(3) { p.advance(by: 0.001) }
            if round % 10 == 9 {
                compared += 1
                let text = view.text
                if view.lines != TextLayout.wrap(text, width: width, widths: widths) {
                    problems.append("round \(round): the lines differ from a full wrap")
                }
                // A fresh view with the same text, caret and scroll draws the same lines.
                let q = HeadlessPlatform(screenSize: Size(width: 400, height: 600))
                let fresh = TextView(frame: view.frame)
                let freshWindow = q.makeWindow(fresh)
                fresh.becomeFirstResponder()
                fresh.text = text
                fresh.select(view.selectedRange)
                fresh.contentOffset = view.contentOffset
                _ = q.render()
                _ = p.render()
                if Self.drawnLines(of: window) != Self.drawnLines(of: freshWindow) {
                    problems.append("round \(round): the view draws its lines otherwise than a fresh one")
                }
                if !problems.isEmpty { break }
            }
        }
        #expect(problems.isEmpty, "\(problems.prefix(3))")
        #expect(compared == 20)
        #expect(unsettled > 5, "edits must sometimes leave lines to settle later (\(unsettled) of 200)")
    }

    @Test("the paragraph index finds each byte's paragraph start as a walk back to the last line feed does, over 2 000 edits")
    func paragraphIndexFollowsEdits() {
        var random = SeededGenerator(seed: 0x9A4A)
        var editable = EditableText(Self.text(300, &random))
        var index = ParagraphIndex(editable.text)
        var problems: [String] = []
        for round in 0..<2_000 {
            let count = editable.count
            let at = random.next(count + 1)
            let end = min(count, at + (random.next(3) == 0 ? random.next(30) : 0))
            editable.replace(at..<end, with: random.next(4) == 0 ? "" : Self.text(1 + random.next(4), &random))
            index.apply(ChangedBytes(editable.lastEdit!), to: editable.text)
            let bytes = Array(editable.text.utf8)
            let starts = [0] + bytes.indices.filter { bytes[$0] == 0x0A }.map { $0 + 1 }
            if index.all != starts { problems.append("round \(round): \(index.all.count) starts, \(starts.count) expected") }
            for _ in 0..<5 {
                let offset = random.next(bytes.count + 1)
                let expected = starts.last { $0 <= offset }!
                if index.start(ofParagraphHolding: offset) != expected {
                    problems.append("round \(round): byte \(offset) in the paragraph at \(expected)")
                }
            }
            if !problems.isEmpty { break }
        }
        #expect(problems.isEmpty, "\(problems.prefix(3))")
    }
}
