import TapawayHeadless
import TapawayTestSupport
import Testing

@testable import TapawayKit

/// The gap buffer under `EditableText` keeps exactly the text, the characters and the offsets a
/// plain `String` edited the same way has: Swift's own grapheme breaking on the whole string is the
/// model, so characters that join across the gap (a combining mark, CR LF, an emoji ZWJ sequence,
/// a flag's two regional indicators, Hangul jamo, an Indic conjunct) are counted and stepped over
/// as the whole string counts them.
@Suite("Text buffer")
struct TextBufferTests {
    /// Pieces that join with their neighbours in every way UAX #29 allows, and pieces that do not.
    static let pieces = [
        "a", "b", " ", "word ", "\r", "\n", "\r\n", "\u{301}", "\u{308}", "e\u{301}", "\u{200D}", "👩", "💻", "👩‍💻",
        "🇯", "🇵", "🇯🇵", "\u{1F3FD}", "\u{FE0F}", "❤", "\u{1100}", "\u{1161}", "\u{11A8}", "한", "क", "\u{94D}", "ष",
        "\u{93F}", "\u{0600}", "١", "ب", "كتب ", "日本語", "か", "\u{3099}", "〰", "、", "漢\u{FE00}", "\t", "é",
    ]

    /// A random string of up to `most` pieces.
    static func piece(_ random: inout SeededGenerator, most: Int = 3) -> String {
        var s = ""
        for _ in 0..<(1 + random.next(most)) { s += pieces[random.next(pieces.count)] }
        return s
    }

    /// The UTF-8 offset of character offset `offset` in `model`.
    static func byteOffset(_ model: String, _ offset: Int) -> Int {
        model.utf8.distance(from: model.startIndex, to: model.index(model.startIndex, offsetBy: offset))
    }

    /// Checks `text` against `model` (the same text as a plain string) and a selection there.
    static func check(_ text: EditableText, _ model: String, _ random: inout SeededGenerator, _ step: Int) {
        #expect(Array(text.text.utf8) == Array(model.utf8), "step \(step): the bytes differ")
        #expect(text.count == model.count, "step \(step): \(text.count) characters, the model has \(model.count)")
        #expect(text.utf8Count == model.utf8.count)
        for _ in 0..<6 {
            let o = random.next(model.count + 1)
            let b = byteOffset(model, o)
            #expect(text.byteOffset(at: o) == b, "step \(step): character \(o)")
            #expect(text.characterOffset(ofByte: b) == o, "step \(step): byte \(b)")
        }
        let selection = text.selection
        let lo = model.index(model.startIndex, offsetBy: selection.lowerBound)
        let hi = model.index(model.startIndex, offsetBy: selection.upperBound)
        #expect(Array(text.selectedText.utf8) == Array(model[lo..<hi].utf8), "step \(step): the selected text")
        let before = model[..<lo]
        #expect(Array(text.context(beforeSelection: 5).utf8) == Array(before.suffix(5).utf8), "step \(step): context")
    }

    @Test("random edits keep the text, its characters and their offsets as a plain string's", arguments: 0..<6)
    func differential(seed: UInt64) {
        var random = SeededGenerator(seed: 0x7E47 &+ seed)
        var model = ""
        for _ in 0..<(random.next(40)) { model += Self.piece(&random) }
        var text = EditableText(model)
        for step in 0..<400 {
            switch random.next(7) {
            case 0, 1:
                // Type over the selection (after moving it somewhere else, now and then).
                if random.next(3) == 0 {
                    let a = random.next(model.count + 1), b = random.next(model.count + 1)
                    text.select(min(a, b)..<max(a, b))
                }
                let s = Self.piece(&random)
                let range = text.selection
                let lo = model.index(model.startIndex, offsetBy: range.lowerBound)
                let hi = model.index(model.startIndex, offsetBy: range.upperBound)
                let suffix = model.count - range.upperBound
                model.replaceSubrange(lo..<hi, with: s)
                text.insert(s)
                // The caret follows what was typed, counted from the end (`insert`'s contract).
                #expect(text.caret == max(0, model.count - suffix), "step \(step): the caret")
            case 2:
                text.moveCaret(to: random.next(model.count + 1))
                let caret = text.caret
                if text.deleteBackward() {
                    let i = model.index(model.startIndex, offsetBy: caret)
                    model.remove(at: model.index(before: i))
                }
            case 3:
                text.moveCaret(to: random.next(model.count + 1))
                let caret = text.caret
                if text.deleteForward() {
                    model.remove(at: model.index(model.startIndex, offsetBy: caret))
                }
            case 4:
                // Bytes replaced on scalar boundaries, as an undo step replaces them.
                let scalars = model.unicodeScalars
                let a = random.next(scalars.count + 1), b = random.next(scalars.count + 1)
                let lo = scalars.index(scalars.startIndex, offsetBy: min(a, b))
                let hi = scalars.index(scalars.startIndex, offsetBy: max(a, b))
                let start = model.utf8.distance(from: model.startIndex, to: lo)
                let length = model.utf8.distance(from: lo, to: hi)
                let s = random.next(2) == 0 ? "" : Self.piece(&random)
                var bytes = Array(model.utf8)
                bytes.replaceSubrange(start..<(start + length), with: Array(s.utf8))
                model = String(decoding: bytes, as: UTF8.self)
                text.replaceBytes(start..<(start + length), with: Array(s.utf8), selecting: (0, 0))
            case 5:
                let a = random.next(model.count + 1), b = random.next(model.count + 1)
                text.setSelection(anchor: a, caret: b)
            default:
                // A long stretch, so that walks cross the gap and reach past the slices read at once.
                let s = String(repeating: Self.piece(&random, most: 2), count: 100 + random.next(200))
                let range = text.selection
                let lo = model.index(model.startIndex, offsetBy: range.lowerBound)
                let hi = model.index(model.startIndex, offsetBy: range.upperBound)
                model.replaceSubrange(lo..<hi, with: s)
                text.insert(s)
            }
            Self.check(text, model, &random, step)
        }
        // Deleting down to nothing, from the end.
        text.moveCaret(to: text.count)
        while text.deleteBackward() {
            model.removeLast()
            if random.next(40) == 0 { Self.check(text, model, &random, -1) }
        }
        #expect(text.count == 0 && text.text.isEmpty && model.isEmpty)
    }

    @Test("a slice that starts or ends at a safe boundary splits the characters as the whole text does")
    func safeBoundaries() {
        var random = SeededGenerator(seed: 0x5AFE)
        for _ in 0..<200 {
            var model = ""
            for _ in 0..<(1 + random.next(30)) { model += Self.piece(&random) }
            let buffer = TextBuffer(model)
            // The whole text's character boundaries, as UTF-8 offsets.
            var boundaries = Set<Int>()
            var i = model.startIndex
            while i < model.endIndex {
                boundaries.insert(model.utf8.distance(from: model.startIndex, to: i))
                i = model.index(after: i)
            }
            boundaries.insert(model.utf8.count)
            var scalarStart = 0
            for scalar in model.unicodeScalars {
                if buffer.isSafeBoundary(scalarStart) {
                    #expect(boundaries.contains(scalarStart), "\(model.unicodeScalars.map { $0.value }) at \(scalarStart)")
                    // What comes after splits as in the whole text.
                    let after = buffer.string(scalarStart..<buffer.count)
                    var j = after.startIndex
                    while j < after.endIndex {
                        #expect(boundaries.contains(scalarStart + after.utf8.distance(from: after.startIndex, to: j)))
                        j = after.index(after: j)
                    }
                }
                scalarStart += String(scalar).utf8.count
            }
        }
    }

    @Test("the gap buffer reads the bytes written, wherever the gap is")
    func bytesAcrossTheGap() {
        var random = SeededGenerator(seed: 0x6A9)
        var model: [UInt8] = []
        var buffer = TextBuffer()
        for _ in 0..<2_000 {
            let at = random.next(model.count + 1)
            let removed = random.next(min(8, model.count - at) + 1)
            let inserted = (0..<random.next(40)).map { _ in UInt8(0x61 + random.next(26)) }
            model.replaceSubrange(at..<(at + removed), with: inserted)
            buffer.replace(at..<(at + removed), with: inserted)
            #expect(buffer.count == model.count)
            let a = random.next(model.count + 1), b = random.next(model.count + 1)
            #expect(buffer.bytes(min(a, b)..<max(a, b)) == Array(model[min(a, b)..<max(a, b)]))
        }
        #expect(buffer.string(0..<buffer.count) == String(decoding: model, as: UTF8.self))
        buffer.fit()
        #expect(buffer.capacity == model.count && buffer.bytes(0..<buffer.count) == model)
    }
}

/// A keystroke in a text view reads slices of its text around the edit and the lines it shows,
/// never the whole text: counted by `EditableText.wholeTextReads`, not timed.
@MainActor
@Suite("Keystrokes read slices")
struct KeystrokeSliceTests {
    @Test(
        "typing, deleting, moving and selecting in a long text never makes the whole string",
        arguments: [
            "日本語の文章を書きます。次の行も続きます、", "كتبت هذا النص بالعربية وسأكمل ", "日本語とEnglish wordsとالنص العربي، ", "The quick brown fox. ",
        ],
        [false, true])
    func keystrokesReadSlices(sentence: String, paragraphs: Bool) {
        let platform = HeadlessPlatform(screenSize: Size(width: 390, height: 800))
        let view = TextView(frame: Rect(x: 10, y: 10, width: 370, height: 400))
        let line = paragraphs ? String(repeating: sentence, count: 500 / sentence.count) + "\n" : sentence
        view.text = String(repeating: line, count: 200_000 / line.count)
        let window = Window(frame: Rect(origin: .zero, size: platform.application.screenSize))
        window.addSubview(view)
        platform.application.addWindow(window)
        view.becomeFirstResponder()
        view.select(100_000..<100_000)
        _ = platform.render()
        // The first keystroke may index the paragraphs and scan the text set from code.
        view.insertText("字")
        _ = platform.render()
        let reads = view.editableText.wholeTextReads
        for i in 0..<60 {
            switch i % 6 {
            case 0, 1, 2: view.insertText(["字", "x", "ب"][i % 3])
            case 3: view.deleteBackward()
            case 4: platform.press(.left)
            default: platform.press(.right, modifiers: .shift)
            }
            _ = platform.render()
            while !view.isLayoutSettled {
                platform.application.timers.fireDue()
                _ = platform.render()
            }
        }
        #expect(
            view.editableText.wholeTextReads == reads, "the whole text was made \(view.editableText.wholeTextReads - reads) times"
        )
    }
}
