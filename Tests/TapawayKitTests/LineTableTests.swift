import TapawayHeadless
import TapawayTestSupport
import Testing

@testable import TapawayKit

/// The line table and the re-wrap that stops at a budget: seams left behind keep the lines
/// whole and within the width, and settling them gives exactly what a full wrap gives.
@MainActor
@Suite("Line table")
struct LineTableTests {
    @Test("the pending shift: lines read the same whichever edit moved them last, in any order")
    func pendingShift() {
        var random = SeededGenerator(seed: 0x11AE)
        var model = (0..<200).map { ($0 * 10)..<($0 * 10 + 8) }
        var table = LineTable(model)
        for _ in 0..<2_000 {
            let at = random.next(model.count)
            let removed = min(random.next(3), model.count - at)
            let delta = random.next(21) - 10
            let base = model[at].lowerBound
            let new = (0..<random.next(3)).map { (base + $0 * 3)..<(base + $0 * 3 + 2) }
            model.replaceSubrange(at..<(at + removed), with: new)
            for i in (at + new.count)..<model.count { model[i] = (model[i].lowerBound + delta)..<(model[i].upperBound + delta) }
            table.replace(at..<(at + removed), with: new, movingLaterBy: delta)
            if model.isEmpty { break }
        }
        #expect(table.all == model)
        #expect(table.count == model.count)
    }

    @Test("a re-wrap that stops at its budget leaves lines that fit, and settling them gives a full wrap")
    func budgetedRewrapSettles() {
        let widths = CharacterWidths(font: FixedFont(size: 10))
        let width = 97.0
        var random = SeededGenerator(seed: 0x5EA4)
        // Sentences whose breaks rarely fall where they fell before an edit.
        var text =
            String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 120) + "\n"
            + String(repeating: "lorem ipsum dolor sit amet ", count: 40)
        var table = LineTable(TextLayout.wrapOffsets(text, width: width, widths: widths))
        let pieces = ["a", "word ", " ", "xyz", "supercalifragilistic ", "é", "\n"]
        var seamsSeen = 0, problems: [String] = []
        for round in 0..<600 {
            var edited = EditableText(text)
            let at = random.next(edited.count + 1)
            let length = random.next(4) == 0 ? min(random.next(6), edited.count - at) : 0
            edited.replace(at..<(at + length), with: length > 0 && random.next(2) == 0 ? "" : pieces[random.next(pieces.count)])
            let edit = edited.lastEdit!
            text = edited.text
            TextLayout.rewrap(
                text, lines: &table, change: ChangedBytes(start: edit.start, oldEnd: edit.oldEnd, newEnd: edit.newEnd),
                width: width, widths: widths, budget: random.next(4))
            seamsSeen += table.seams.count
            if round % 7 == 0 { TextLayout.settle(text, lines: &table, width: width, widths: widths, budget: 2) }
            // Unsettled, the lines still cover the text in order, and each fits (or is one word).
            let lines = table.all
            let bytes = Array(text.utf8)
            var end = 0
            for line in lines {
                let between = bytes[end..<line.lowerBound]
                if line.lowerBound < end || between.contains(where: { $0 != 0x0A }) || between.count > 1 {
                    problems.append("round \(round): line \(line) does not follow \(end)")
                }
                let content = String(decoding: bytes[line], as: UTF8.self)
                if widths.width(of: content.trimmingTrailingSpaces) > width && content.contains(" ") {
                    problems.append("round \(round): line \(line) is too wide: \(content)")
                }
                end = line.upperBound
            }
            if end != bytes.count { problems.append("round \(round): the lines end at \(end) of \(bytes.count)") }
            // Settled, they are a full wrap.
            var settled = table
            while TextLayout.settle(text, lines: &settled, width: width, widths: widths, budget: 3) != nil {}
            if settled.all != TextLayout.wrapOffsets(text, width: width, widths: widths) {
                problems.append("round \(round): settled lines differ from a full wrap")
            }
            if !problems.isEmpty { break }
        }
        #expect(problems.isEmpty, "\(problems.prefix(3))")
        #expect(seamsSeen > 100, "the budget must have been reached often enough to test seams (\(seamsSeen))")
    }

    @Test("a text view settles a long paragraph's lines on later turns of the run loop, and repaints what moved")
    func textViewSettlesOnTheRunLoop() {
        let p = HeadlessPlatform(screenSize: Size(width: 400, height: 600))
        let view = TextView(frame: Rect(x: 10, y: 10, width: 200, height: 200))
        let window = p.makeWindow(view)
        view.becomeFirstResponder()
        view.text = String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 400)
        view.select(40..<40)
        _ = p.render()
        var seamed = 0
        for i in 0..<40 {
            view.insertText(i % 3 == 2 ? " " : "w")
            if !view.isLayoutSettled { seamed += 1 }
            p.advance(by: 0.001)
            _ = window.takeDirtyRect()
        }
        #expect(seamed > 0, "typing early in the paragraph must sometimes stop at the budget")
        for _ in 0..<200 where !view.isLayoutSettled { p.advance(by: 0.001) }
        #expect(view.isLayoutSettled)
        let widths = CharacterWidths(font: p.application.fonts.font(size: view.fontSize, weight: .regular))
        let width = 200 - view.textInsets.left - view.textInsets.right
        let text = view.text
        #expect(view.lines == TextLayout.wrap(text, width: width, widths: widths))
    }
}

private extension String {
    /// The string without the spaces at its end (which may hang past a line's width).
    var trimmingTrailingSpaces: Substring {
        var s = self[...]
        while s.last == " " { s = s.dropLast() }
        return s
    }
}
