import Foundation
import Testing

/// The `idle` line, which every other end-to-end test waits on: written once the program has
/// nothing left to do, once per stretch of idleness, and carrying the mark a driver sent behind
/// its input only after everything that input set going.
@Suite("The idle line, end to end")
struct IdleTests {
    @Test(
        "the first idle line follows ready and the keypad's slide; a blinking caret writes no more; a mark comes back after what the input before it did"
    )
    func idleOncePerStretch() throws {
        try Session.run(arguments: ["--focus", "name"]) { s in
            let first = try s.app.waitFor(kind: "idle", what: "the first idle line")
            let didShow = try s.waitForKeypad("didShow", after: 0)
            #expect(
                s.ready.index < first.index && didShow.index < first.index,
                "not idle before ready, nor while the keypad slides in\n\(s.context)")
            #expect(first["mark"] == nil, "no mark was sent yet: \(first)")

            // The caret blinks (every 0.53 s): watch name's pixels change twice, on and off.
            let field = try s.frame(of: "name")
            var changes = 0
            var last = try s.x.pixels(in: field)
            let deadline = Date().addingTimeInterval(5)
            while changes < 2 && Date() < deadline {
                let now = try s.x.pixels(in: field)
                if now != last { changes += 1; last = now }
            }
            #expect(changes == 2, "the caret blinked on and off within 5 s\n\(s.context)")

            // A key, then a mark behind it: the idle line with the mark is the next idle line,
            // and it follows the text line the key caused.
            let typed = s.app.mark
            try s.x.typeText("k")
            let idle = try s.settle()
            #expect(idle.number("mark") == 1, "\(idle)")
            let text = try #require(s.app.lines(from: typed, kind: "text").first, "a text line for the key\n\(s.context)")
            #expect(text.string("text") == "k" && text.index < idle.index, "the key's text line comes first\n\(s.context)")
            let idles = s.app.lines(from: first.index + 1, kind: "idle").filter { $0.index < idle.index }
            #expect(
                idles.allSatisfy { $0.index > text.index },
                "no idle line while the caret only blinked, between the first and the key: \(idles)\n\(s.context)")
        }
    }
}
