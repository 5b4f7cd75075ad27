import Foundation
import TapawayDemo
import TapawayHeadless
import TapawayKit
import Testing

/// The trace's `text` lines carry their edit, so the trace grows with what is typed rather than
/// with its square, and a consumer rebuilds every text exactly from the edits alone.
@MainActor
@Suite("Text lines carry their edit")
struct TraceTextEditTests {
    /// Runs `body` with a tracer attached and returns the trace's decoded lines and its size.
    func trace(_ body: (Harness) -> Void) throws -> (lines: [[String: Any]], bytes: Int) {
        let text = try tracedText(body)
        let lines = try text.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        return (lines, text.utf8.count)
    }

    /// Replays the `edit` of every text line of `id`, as a consumer would, and checks each step against
    /// the line's `text` when it has one.
    ///
    /// Returns the rebuilt text.
    func rebuild(_ lines: [[String: Any]], id: String) throws -> String {
        var bytes: [UInt8] = []
        for line in lines where line["kind"] as? String == "text" && line["id"] as? String == id {
            let edit = try #require(line["edit"] as? [Any], "a text line without an edit: \(line)")
            let from = try #require((edit[0] as? NSNumber)?.intValue), to = try #require((edit[1] as? NSNumber)?.intValue)
            let inserted = try #require(edit[2] as? String)
            try #require(from >= 0 && from <= to && to <= bytes.count, "edit \(edit) outside \(bytes.count) bytes")
            bytes.replaceSubrange(from..<to, with: Array(inserted.utf8))
            let rebuilt = String(decoding: bytes, as: UTF8.self)
            if let text = line["text"] as? String {
                #expect(text == rebuilt, "the edit \(edit) does not give the line's text")
            } else {
                #expect(line["textOmitted"] as? Bool == true, "\(line)")
                #expect((line["length"] as? NSNumber)?.intValue == rebuilt.count, "\(line)")
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("1 500 characters typed into notes write a trace that grows linearly, and the edits rebuild the text")
    func typingIsLinear() throws {
        let sentence = "The quick brown fox jumps over the lazy dog. "
        let typed = String(String(repeating: sentence, count: 40).prefix(1_500))
        var final = ""
        let (lines, bytes) = try trace { h in
            h.focus(h.form.notes)
            for character in typed { h.platform.type(String(character)) }
            final = h.form.notes.text
        }
        #expect(final == typed)
        #expect(try rebuild(lines, id: "notes") == typed)
        let texts = lines.filter { $0["kind"] as? String == "text" }
        #expect(texts.count == 1_500)
        #expect(texts.filter { $0["text"] != nil }.count == Tracer.wholeTextLimit, "texts up to the limit are given whole")
        // Whole texts up to the limit cost about limit²/2 bytes; each line past it costs its edit.
        #expect(bytes < 250_000, "the trace for 1 500 typed characters is \(bytes) bytes")
    }

    @Test("edits in the middle, deletions, undo, redo, paste over a selection, emoji and text set from code rebuild exactly")
    func everyKindOfEdit() throws {
        var final = ""
        let (lines, _) = try trace { h in
            h.focus(h.form.notes)
            h.platform.type("héllo wörld 👩🏽‍💻")
            h.platform.press(.left); h.platform.press(.left); h.platform.press(.left)
            h.platform.type("e\u{301}")
            h.platform.press(.backspace)
            h.platform.press(.text("z"), modifiers: .control)
            h.platform.press(.text("z"), modifiers: .control)
            h.platform.press(.text("y"), modifiers: .control)
            h.platform.press(.home)
            h.platform.press(.end, modifiers: .shift)
            h.platform.application.clipboard.text = String(repeating: "long line ", count: 60)
            h.platform.press(.text("v"), modifiers: .control)
            h.platform.type(" and after")
            h.form.notes.text = "set from code"
            h.platform.type("!")
            h.platform.press(.backspace, modifiers: .control)
            final = h.form.notes.text
        }
        #expect(try rebuild(lines, id: "notes") == final)
    }
}
