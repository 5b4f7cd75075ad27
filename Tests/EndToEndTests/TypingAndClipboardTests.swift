import Foundation
import TapawayTestSupport
import Testing

// Typing and the clipboard, end to end: the real binary on a private Xvfb, keypad keys clicked at
// the positions the `layout` trace gives, the physical keyboard driven through XTest, and `xclip`
// as the other X program on the clipboard and the primary selection.

extension Session {
    /// The last `text` line's text for input `id`, after line `start`.
    func lastText(of id: String, after start: Int) -> String? {
        app.lines(from: start, kind: "text").last { $0.string("id") == id }?.string("text")
    }

    /// Waits for a `text` line of input `id` whose text satisfies `predicate`.
    @discardableResult
    func waitForText(
        _ id: String, after start: Int, what: String,
        where predicate: @escaping (String) -> Bool
    ) throws -> TraceLine {
        try app.waitFor(kind: "text", after: start, what: what) { line in
            line.string("id") == id && predicate(line.string("text") ?? "")
        }
    }

    /// Clicks keypad key `id`, waiting first for a layout line that shows it.
    func tapKey(_ id: String) throws {
        try app.waitForLayout(what: "\(id) visible") { layout in
            layout.views.contains { $0.id == id && $0.visible }
        }
        try tap(id)
    }

    /// The keypad keys to click to type `character` from the letters layer, and whether the
    /// keypad is left on another layer.
    static func keys(for character: Character) -> [String] {
        switch character {
        case " ": return ["key-space"]
        case ",": return ["key-123", "key-comma", "key-abc"]
        case ".": return ["key-123", "key-period", "key-abc"]
        case "!": return ["key-123", "key-exclamation", "key-abc"]
        case let c where c.isUppercase: return ["key-shift", "key-" + c.lowercased()]
        default: return ["key-" + String(character)]
        }
    }
}

/// `xclip` on a private display, through the harness's `ChildProcess` (not Foundation's
/// `Process`, whose pipes are not safe beside the X connections of tests running in parallel).
struct Xclip {
    let display: VirtualDisplay

    private func command(_ arguments: [String]) throws -> [String] {
        guard let path = Executables.find("xclip") else {
            throw EndToEndError("xclip is not installed (apt-get install xclip); the clipboard tests need it")
        }
        return [path] + arguments
    }

    private var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display.name
        return environment
    }

    private func temporaryFile() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("tapaway-e2e-xclip-\(UUID().uuidString)").path
    }

    /// Makes xclip own `selection` (`clipboard` or `primary`) with `text`, and waits until it answers.
    ///
    /// Keep the returned process for as long as it must serve; it stops when released.
    func own(_ selection: String, text: String) throws -> ChildProcess {
        try own(selection, data: Data(text.utf8))
    }

    /// Makes xclip own `selection` with `data`, any bytes (invalid UTF-8 included), and waits
    /// until it answers with as many bytes.
    func own(_ selection: String, data: Data) throws -> ChildProcess {
        let file = temporaryFile()
        try data.write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let owner = try ChildProcess(command: command(["-quiet", "-selection", selection, "-i", file]), environment: environment)
        let deadline = Date().addingTimeInterval(20)
        while try readBytes(selection)?.count != data.count {
            guard Date() < deadline else { throw EndToEndError("xclip did not take the \(selection) selection") }
            usleep(50_000)
        }
        return owner
    }

    /// What the owner of `selection` gives xclip; nil when xclip fails or takes over 20 s.
    func read(_ selection: String) throws -> String? {
        try readBytes(selection).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The bytes the owner of `selection` gives xclip; nil when xclip fails or takes over 20 s.
    func readBytes(_ selection: String) throws -> Data? {
        let file = temporaryFile()
        defer { try? FileManager.default.removeItem(atPath: file) }
        let reader = try ChildProcess(
            command: command(["-selection", selection, "-o"]), environment: environment,
            stdout: .file(file))
        guard reader.waitForExit(timeout: 20), reader.exitCode == 0 else { return nil }
        return FileManager.default.contents(atPath: file)
    }
}

@Suite("Typing and the clipboard, end to end")
struct TypingAndClipboardTests {
    @Test("tapping keypad keys at their layout positions types a sentence, shift and layers included")
    func typeSentenceOnKeypad() throws {
        try Session.run { s in
            try s.focusAndShowKeypad("name")
            let start = s.app.mark
            let sentence = "Hello, world. Ok!"
            var typed = ""
            for character in sentence {
                // name capitalises sentences: at a sentence's start Shift is already on.
                let startsSentence = typed.isEmpty || typed.hasSuffix(". ") || typed.hasSuffix("! ") || typed.hasSuffix("? ")
                let keys = Session.keys(for: character).filter { !(startsSentence && character.isUppercase && $0 == "key-shift") }
                for key in keys {
                    let mark = s.app.mark
                    try s.tapKey(key)
                    if key.hasPrefix("key-") && !["key-shift", "key-123", "key-abc"].contains(key) {
                        typed.append(character)
                        let expected = typed
                        try s.waitForText("name", after: mark, what: "name = \(expected.debugDescription)") { $0 == expected }
                    }
                }
            }
            #expect(s.lastText(of: "name", after: start) == sentence, "\(s.app.diagnostics)")
            let focus = s.app.lines(from: start, kind: "focus")
            #expect(focus.isEmpty, "focus stays on name while typing: \(focus)")
        }
    }

    @Test("a held key shows its bubble above the keypad; held long, its alternates; sliding picks one")
    func bubbleAndAlternatesOnScreen() throws {
        try Session.run { s in
            let didShow = try s.focusAndShowKeypad("name")
            let keypad = try #require(didShow.rect("frame"))
            let e = try s.frame(of: "key-e")
            // Where the bubble's head shows the large letter: above the top row, outside the keypad.
            let head = Rect(x: Double(e.center.x - 12), y: keypad.minY - 42, width: 24, height: 28)
            func darkPixels() throws -> Int {
                try s.x.pixels(in: head).filter { $0.r < 90 && $0.g < 90 && $0.b < 90 }.count
            }
            try s.settle()
            let before = try darkPixels()
            let pressed = s.app.mark
            s.x.press(at: e.center)
            let began = try s.app.waitFor(kind: "touch", after: pressed, what: "the finger down on key-e") {
                $0.string("phase") == "began" && $0.string("view") == "key-e"
            }
            // Idle with the bubble up (the long press's timer is still to come).
            try s.settle()
            let during = try darkPixels()
            #expect(
                during > before + 10,
                "the bubble's letter should show above the keypad: \(before) → \(during) dark pixels\n\(s.app.diagnostics)")
            // Held for half a second, the alternates. The program is never idle with a timer due
            // within a frame, so an idle line stamped half a second after the touch began comes
            // after the long press's timer fired. Then slide one cell right (the cells are key-wide).
            let longPressDue = try #require(began.number("t")) + 500
            try s.app.waitFor(kind: "idle", after: began.index, what: "idle once the long press has come due") {
                ($0.number("t") ?? 0) >= longPressDue
            }
            s.x.move(to: e.center.x + Int(e.width) + 6, Int(keypad.minY) - 30)
            let start = s.app.mark
            s.x.release()
            // name capitalises sentences: the first letter's alternates are capitals.
            try s.waitForText("name", after: start, what: "an alternate typed") { $0 == "É" }
            try s.settle()
            let after = try darkPixels()
            #expect(after == before, "the bubble goes away on release\n\(s.app.diagnostics)")
        }
    }

    @Test("dead keys and the Compose key go through the input method: dead acute then e is é")
    func composeThroughTheInputMethod() throws {
        try Session.run { s in
            try s.focusAndShowKeypad("name")
            let start = s.app.mark
            let deadAcute = try s.x.bindSpareKey(to: "dead_acute")
            let compose = try s.x.bindSpareKey(to: "Multi_key")
            s.x.press(keycode: deadAcute)
            try s.x.typeText("e")
            s.x.press(keycode: compose)
            try s.x.typeText("oc")
            try s.waitForText("name", after: start, what: "name = é©") { $0 == "\u{E9}\u{A9}" }
        }
    }

    @Test("XTest typing on the physical keyboard reaches the focused field; Tab moves on; Escape dismisses")
    func physicalKeyboard() throws {
        try Session.run { s in
            try s.focusAndShowKeypad("name")
            var start = s.app.mark
            let sentence = "Typed on XTest, 42 times!"
            try s.x.typeText(sentence)
            try s.waitForText("name", after: start, what: "name = the typed sentence") { $0 == sentence }
            start = s.app.mark
            try s.x.key(named: "BackSpace")
            try s.x.chord("BackSpace")  // Ctrl+Backspace: a word
            try s.waitForText("name", after: start, what: "two deletions") { $0 == "Typed on XTest, 42 " }
            start = s.app.mark
            try s.x.chord("z")
            try s.waitForText("name", after: start, what: "undo of the deletions") { $0 == sentence }
            start = s.app.mark
            try s.x.key(named: "Tab")
            try s.waitForFocus("email", after: start)
            try s.x.typeText("a@b.c")
            try s.waitForText("email", after: start, what: "email typed") { $0 == "a@b.c" }
            let hides = s.app.lines(from: start, kind: "keypad").filter { $0.string("phase") == "willHide" }
            #expect(hides.isEmpty, "Tab keeps the keypad up: \(hides)")
            start = s.app.mark
            try s.x.key(named: "Escape")
            try s.waitForFocus(nil, after: start)
            try s.waitForKeypad("didHide", after: start)
        }
    }

    @Test("an emoji pasted into a field draws in colour from the emoji font, where the form's own font has none")
    func colourEmoji() throws {
        try Session.run { s in
            try s.focusAndShowKeypad("name")
            let field = try s.frame(of: "name")
            /// Pixels of the field far from grey: the form draws only greys, white and its blue.
            func colourful() throws -> Int {
                try s.x.pixels(
                    in: field.intersection(Rect(x: field.minX + 8, y: field.minY + 4, width: 120, height: field.height - 8))
                )
                .filter { max($0.r, $0.g, $0.b) - min($0.r, $0.g, $0.b) > 80 && !($0.b > $0.r + 60 && $0.b > $0.g) }
                .count
            }
            let before = try colourful()
            let xclip = Xclip(display: s.display)
            let owner = try xclip.own("clipboard", text: "😀❤️")
            defer { withExtendedLifetime(owner) {} }
            let start = s.app.mark
            try s.x.chord("v")
            try s.waitForText("name", after: start, what: "the pasted emoji") { $0 == "😀❤️" }
            try s.settle()
            let after = try colourful()
            #expect(before == 0, "nothing colourful in the field before: \(before)")
            #expect(after > 40, "the emoji draw in colour: \(after) colourful pixels")
        }
    }

    @Test("xclip copies into a field (sanitised) and pastes out of it; the selection is PRIMARY; middle click pastes PRIMARY")
    func clipboardWithXclip() throws {
        try Session.run { s in
            try s.focusAndShowKeypad("email")
            let xclip = Xclip(display: s.display)
            let owner = try xclip.own("clipboard", text: "from\r\nxclip\u{7}!")
            var start = s.app.mark
            try s.x.chord("v")
            try s.waitForText("email", after: start, what: "the pasted clipboard") { $0 == "from xclip!" }

            try s.x.chord("a")
            try s.x.chord("c")
            try s.settle()
            #expect(try xclip.read("clipboard") == "from xclip!", "xclip reads what Ctrl+C copied")
            #expect(try xclip.read("primary") == "from xclip!", "the selection is the primary selection")
            withExtendedLifetime(owner) {}

            let primaryOwner = try xclip.own("primary", text: "middle")
            defer { withExtendedLifetime(primaryOwner) {} }
            start = s.app.mark
            s.x.middleClick(try s.frame(of: "name").center)
            try s.waitForFocus("name", after: start)
            try s.waitForText("name", after: start, what: "the middle-click paste") { $0 == "middle" }
        }
    }

    @Test("a password field's text never reaches the clipboard")
    func secureNotCopied() throws {
        try Session.run { s in
            try s.focusAndShowKeypad("password")
            try s.x.typeText("hunter2")
            try s.app.waitFor(kind: "text", what: "seven characters in password") {
                $0.string("id") == "password" && $0.number("length") == 7
            }
            let xclip = Xclip(display: s.display)
            let owner = try xclip.own("clipboard", text: "before")
            try s.x.chord("a")
            try s.x.chord("c")
            let cut = s.app.mark
            try s.x.chord("x")
            // Cut does nothing in a secure field: the text stays, so after End a key typed after
            // the chords (and handled after them) makes it eight characters long.
            try s.x.key(named: "End")
            try s.x.typeText("!")
            try s.app.waitFor(kind: "text", after: cut, what: "the key after the chords") {
                $0.string("id") == "password" && $0.number("length") == 8
            }
            try s.settle()
            #expect(try xclip.read("clipboard") == "before")
            withExtendedLifetime(owner) {}
        }
    }

    @Test("large texts cross the clipboard both ways, incrementally (INCR)")
    func largeTransfers() throws {
        // Over a megabyte, so xclip offers it incrementally, and well over the 256 KiB above
        // which Tapaway serves incrementally.
        let lines = (0..<20_000).map { "line \($0): the quick brown fox jumps over the lazy dog" }
        let big = lines.joined(separator: "\n")
        #expect(big.utf8.count > 1_100_000)
        try Session.run { s in
            try s.focusAndShowKeypad("notes")
            let xclip = Xclip(display: s.display)
            let owner = try xclip.own("clipboard", text: big)
            var start = s.app.mark
            try s.x.chord("v")
            // Past the trace's whole-text limit, the line gives the length and the edit.
            let pasted = try s.app.waitFor(kind: "text", after: start, timeout: 30, what: "the big paste") {
                $0.string("id") == "notes" && Int($0.number("length") ?? 0) >= big.count
            }
            let edit = pasted.object["edit"] as? [Any]
            #expect(edit?.last as? String == big && JSONValue.number(edit?.first) == 0, "the text arrives whole")

            try s.x.chord("a")
            try s.x.chord("c")
            try s.settle()
            start = s.app.mark
            withExtendedLifetime(owner) {}
            let copied = try xclip.read("clipboard")
            #expect(copied?.utf8.count == big.utf8.count)
            #expect(copied == big, "xclip reads it back whole")
        }
    }
}
