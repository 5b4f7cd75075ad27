import Foundation
import Testing

/// Mixed-direction text in the real program (issue 19): pasted Hebrew shows in its order on
/// screen, the arrow keys move as they look, and a right-to-left field aligns right.
@Suite("Bidirectional text, end to end")
struct BidiEditingEndToEndTests {
    @Test("HarfBuzz and FriBidi stay unloaded while text is plain, and load with the first Arabic")
    func librariesLoadWhenNeeded() throws {
        try Session.run { s in
            let pid = try #require(Self.program(under: s.app.process.pid), "the program's process under its wrapper")
            // Read to the end: /proc files report no size, and one read gives a page.
            func mapped() throws -> String {
                let handle = try #require(FileHandle(forReadingAtPath: "/proc/\(pid)/maps"))
                defer { try? handle.close() }
                return String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
            }
            let first = try mapped()
            #expect(first.contains("libX11"), "the maps are the program's")
            try s.focusAndShowKeypad("name")
            let start = s.app.mark
            try s.x.typeText("Plain text")
            try s.waitForText("name", after: start, what: "the typed text") { $0 == "Plain text" }
            try s.settle()
            let plain = try mapped()
            #expect(!plain.contains("libharfbuzz") && !plain.contains("libfribidi"), "loaded for plain text")
            try s.paste(" مرحبا", into: "name")
            try s.settle()
            let shaped = try mapped()
            #expect(shaped.contains("libharfbuzz") && shaped.contains("libfribidi"), "loaded once Arabic shows")
        }
    }

    /// The `tapaway` process at or below `pid` (the tests run it under `timeout`).
    static func program(under pid: pid_t) -> pid_t? {
        let name = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? ""
        if name.hasPrefix("tapaway") { return pid }
        let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        for child in children.split(separator: " ").compactMap({ pid_t($0) }) {
            if let found = program(under: child) { return found }
        }
        return nil
    }

    @Test("Left from the end of \"abc אבג\" moves on screen, as GTK's entry: a letter typed there lands after א")
    func arrowMovesOnScreen() throws {
        try Session.run { s in
            try s.focusAndShowKeypad("name")
            try s.paste("abc אבג", into: "name")
            let start = s.app.mark
            try s.x.key(named: "Left")
            try s.x.typeText("X")
            let line = try s.waitForText("name", after: start, what: "the typed letter") { $0.contains("X") }
            #expect(line.string("text") == "abc אXבג", "the caret moved on screen, not to offset 6\n\(s.context)")
        }
    }

    @Test("a Hebrew name, once the field is left, shows at the field's right")
    func rightToLeftAlignsRight() throws {
        try Session.run { s in
            try s.focusAndShowKeypad("name")
            try s.paste("שלום", into: "name")
            try s.x.key(named: "Tab")
            try s.settle()
            let field = try s.frame(of: "name")
            func ink(_ part: Rect) throws -> Int {
                try s.x.pixels(in: part).filter { max($0.r, $0.g, $0.b) < 110 }.count
            }
            let half = field.width / 2
            let left = try ink(Rect(x: field.minX + 4, y: field.minY + 6, width: half - 4, height: field.height - 12))
            let right = try ink(Rect(x: field.minX + half, y: field.minY + 6, width: half - 4, height: field.height - 12))
            #expect(left == 0 && right > 30, "ink left \(left), right \(right)\n\(s.context)")
        }
    }
}

extension Session {
    /// Pastes `text` with Ctrl+V into the focused input `id`, from a clipboard xclip owns, and
    /// waits for the `text` line that ends with it.
    func paste(_ text: String, into id: String) throws {
        let owner = try Xclip(display: display).own("clipboard", text: text)
        defer { withExtendedLifetime(owner) {} }
        let start = app.mark
        try x.chord("v")
        try waitForText(id, after: start, what: "the pasted text") { $0.hasSuffix(text) }
    }
}
