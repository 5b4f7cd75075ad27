import Foundation
import Testing

/// Issue 20: Xlib's own input method parses the locale's whole Compose table when it opens (60 M
/// instructions; 110 KB stay in use and the heap grows by about 0.6 MB).
///
/// The program opens it at the person's first input, not at start, so a start with nobody at the screen
/// does not hold it; a key typed after that first input still composes
/// (`TypingAndClipboardTests.composeThroughTheInputMethod`).
@Suite("The input method opens at the first input, end to end")
struct InputMethodOpeningTests {
    @Test("a start nobody touches holds no Compose table; the pointer's first move over the window opens it")
    func opensAtTheFirstInput() throws {
        let log = try HeapLogReader()
        defer { log.remove() }
        // Xlib's built-in input method, which reads the Compose table (not an IM server's).
        try Session.run(environment: ["TAPAWAY_HEAP_LOG": log.path, "XMODIFIERS": "@im=none"]) { s in
            let untouched = try log.nextTrim(session: s)
            let caption = try s.frame(of: "caption").center
            let start = s.x.pointerPosition()
            s.x.move(to: caption.x + (start == caption ? 3 : 0), caption.y)
            try s.settle()
            let moved = try log.nextTrim(session: s)
            let grown = moved.inUse - untouched.inUse
            #expect(
                grown > 64 * 1024,
                "malloc's bytes in use went from \(untouched.inUse) to \(moved.inUse) when the pointer first moved: the Compose table was read at start, or never\n\(s.app.diagnostics)"
            )
        }
    }
}
