import CX11
import TapawayHeadless
import TapawayKit
import TapawayTestSupport
import Testing

/// The bytes malloc has handed out and not had back: in use in the heap and in mmapped chunks.
private func mallocInUse() -> Int {
    var figures = [Int](repeating: 0, count: 6)
    figures.withUnsafeMutableBufferPointer { buffer in
        buffer.withMemoryRebound(to: size_t.self) { tapaway_heap_figures($0.baseAddress!) }
    }
    return figures[1] + figures[5]
}

/// malloc's figures are the whole process's, and other suites allocate and free on other threads while
/// these run: each measurement is made `attempts` times, and the least disturbed figure is the one
/// compared (the largest where growth must be large, the smallest where it must be small).
///
/// Returns the largest `held` and the smallest `kept`.
private func leastDisturbed(attempts: Int = 3, _ measure: () -> (held: Int, kept: Int)) -> (held: Int, kept: Int) {
    var best = (held: Int.min, kept: Int.max)
    for _ in 0..<attempts {
        let figures = measure()
        best = (max(best.held, figures.held), min(best.kept, figures.kept))
    }
    return best
}

/// An input's text keeps no more storage than it needs once text is deleted: Swift keeps a string's
/// largest buffer through deletions, so each input would otherwise keep the longest text it ever held
/// for the rest of the session (issue 21's memory creep).
///
/// The tests run on the main actor, so no other view test allocates while they measure.
@MainActor
@Suite("Text storage")
struct TextStorageTests {
    /// Pastes `bytes` ASCII bytes into `text`; the pasted string is gone when it returns.
    private func paste(bytes: Int, into text: inout EditableText) {
        text.insert(String(repeating: "0123456789abcdef", count: bytes / 16))
    }

    @Test("emptying a text after a 4 MB paste gives its buffer back")
    func emptyingGivesBack() {
        let figures = leastDisturbed {
            let before = mallocInUse()
            var text = EditableText("a")
            paste(bytes: 4 << 20, into: &text)
            let held = mallocInUse() - before
            text.selectAll()
            text.deleteBackward()
            // One more edit, so that the last edit no longer holds the bytes the clearing removed.
            text.insert("x")
            let kept = mallocInUse() - before
            #expect(text.text == "x")
            return (held, kept)
        }
        #expect(figures.held > 4 << 20 - 4096)
        #expect(figures.kept < 1 << 20, "a text of one character holds \(figures.kept) bytes")
    }

    @Test("deleting most of a long text gives back what it no longer needs")
    func deletingMostGivesBack() {
        let figures = leastDisturbed {
            let before = mallocInUse()
            var text = EditableText()
            paste(bytes: 4 << 20, into: &text)
            text.select(0..<(text.count - 100_000))
            text.deleteBackward()
            text.insert("x")
            #expect(text.count == 100_001)
            return (0, mallocInUse() - before)
        }
        #expect(figures.kept < 1 << 20, "a text of 100 001 bytes holds \(figures.kept) bytes")
    }

    @Test("when editing ends, a text keeps neither spare capacity nor the bytes its last edit removed")
    func editingEndedGivesBack() {
        let figures = leastDisturbed {
            let before = mallocInUse()
            var text = EditableText()
            paste(bytes: 4 << 20, into: &text)
            // Less than half deleted: an edit keeps the spare bytes (typing must not copy the text).
            text.select(0..<(1 << 20))
            text.deleteBackward()
            #expect(text.lastEdit?.removed.count == 1 << 20)
            text.editingEnded()
            #expect(text.lastEdit == nil && text.count == 3 << 20)
            return (0, mallocInUse() - before)
        }
        #expect(figures.kept < 3 << 20 + 256 << 10, "a text of 3 MiB holds \(figures.kept) bytes")
    }

    @Test("deleting a long text a character at a time copies it a few times, not at every keystroke")
    func deletingCopiesRarely() {
        var text = EditableText(String(repeating: "abcdefghij", count: 4_000))
        var addresses = Set<UInt>()
        while text.deleteBackward() {
            if text.utf8Count > 0, let address = text.storageAddress { addresses.insert(address) }
        }
        #expect(text.text.isEmpty)
        #expect(addresses.count <= 8, "the text moved \(addresses.count) times")
    }

    @Test("typing after emptying a text does not copy it at every keystroke")
    func typingAfterEmptying() {
        var text = EditableText()
        paste(bytes: 64 << 10, into: &text)
        text.selectAll()
        text.deleteBackward()
        var addresses = Set<UInt>()
        for _ in 0..<20_000 {
            text.insert("x")
            if text.utf8Count > 0, let address = text.storageAddress { addresses.insert(address) }
        }
        #expect(addresses.count <= 16, "the text moved \(addresses.count) times")
    }

    @Test("fields give back their text's spare storage when editing ends")
    func resignGivesBack() {
        let p = HeadlessPlatform(screenSize: Size(width: 400, height: 600))
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 600))
        let fields = (0..<128).map { TextField(frame: Rect(x: 10, y: 10 + Double($0 % 10) * 50, width: 300, height: 44)) }
        for field in fields { root.addSubview(field) }
        p.makeWindow(root)
        p.application.runFrame()
        // In each field in turn: a text of its own (storage of exactly its size), the characters
        // past 6 000 deleted, then editing ended. Returns malloc's growth.
        func edit(_ fields: ArraySlice<TextField>, length: Int) -> Int {
            let before = mallocInUse()
            for field in fields {
                field.text = String(repeating: "0123456789", count: length / 10)
                field.becomeFirstResponder()
                field.select(6_000..<length)
                p.press(.backspace)
                #expect(field.text.count == 6_000)
                field.resignFirstResponder()
            }
            p.application.runFrame()
            return mallocInUse() - before
        }
        // The same 6 000 characters left in each, from 6 010 and from 10 000: less than half
        // deleted, so the edit itself keeps the spare bytes; the end of editing gives them back.
        let figures = leastDisturbed {
            let small = edit(fields[0..<64], length: 6_010)
            let large = edit(fields[64..<128], length: 10_000)
            return (0, large - small)
        }
        #expect(figures.kept < 64 * 1_000, "64 fields hold \(figures.kept) bytes more after deleting 4 000 characters than 10")
    }
}
