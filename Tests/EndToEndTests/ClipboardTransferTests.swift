import CX11
import Foundation
import Glibc
import Testing

/// Incremental transfers of the clipboard to other clients stay bounded: one copy of the text
/// however many clients ask, a few transfers at once, and those nobody reads expire on time.
@Suite("Clipboard transfers to other clients, end to end")
struct ClipboardTransferTests {
    /// Puts `text` on the program's clipboard: xclip owns it, it is pasted into notes, then
    /// selected and copied there.
    static func ownClipboard(_ s: Session, text: String) throws {
        let owner = try Xclip(display: s.display).own("clipboard", text: text)
        try s.focusAndShowKeypad("notes")
        let start = s.app.mark
        try s.x.chord("v")
        try s.app.waitFor(kind: "text", after: start, timeout: 60, what: "the text in notes") {
            $0.string("id") == "notes" && Int($0.number("length") ?? 0) >= text.count
        }
        withExtendedLifetime(owner) {}
        try s.x.chord("a")
        try s.x.chord("c")
        try s.settle()
    }

    /// Whether the program watches `window`'s properties: the window's event masks of all
    /// clients, less this client's own (none).
    static func isWatched(_ peer: SelectionPeer, _ window: UInt) -> Bool {
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(peer.display, window, &attributes) != 0 else { return false }
        return attributes.all_event_masks & PropertyChangeMask != 0
    }

    @Test("300 requests of a 4 MiB clipboard never read: a few transfers, one copy, all expired on time")
    func unreadRequestsAreBounded() throws {
        try Session.run { s in
            let text = String(repeating: "0123456789abcdef", count: 262_144)  // 4 MiB, incremental
            try Self.ownClipboard(s, text: text)
            let peer = try SelectionPeer(displayName: s.display.name)
            // A requestor whose properties the peer does not watch, so only the program's
            // interest shows in its event masks.
            let root = XRootWindow(peer.display, XDefaultScreen(peer.display))
            let requestor = XCreateSimpleWindow(peer.display, root, -10, -10, 1, 1, 0, 0, 0)
            defer { XDestroyWindow(peer.display, requestor) }
            let before = try #require(Monkey.residentKiB(of: s.app.process.pid))
            let clipboard = peer.atom("CLIPBOARD"), utf8 = peer.atom("UTF8_STRING")
            let properties = (0..<300).map { peer.atom("TAPAWAY_UNREAD_\($0)") }
            for property in properties {
                XConvertSelection(peer.display, clipboard, utf8, property, requestor, 0)
            }
            XSync(peer.display, 0)
            try s.settle()
            let after = try #require(Monkey.residentKiB(of: s.app.process.pid))
            let started = properties.filter { peer.property($0, of: requestor)?.type == peer.atom("INCR") }.count
            #expect(started >= 1 && started <= 8, "\(started) incremental transfers started at once")
            // Eight copies would be 32 MiB; the one copy they share is at most 4 MiB more.
            #expect(after - before < 12 * 1024, "resident memory grew by \(after - before) KiB for unread transfers")
            #expect(Self.isWatched(peer, requestor), "the program waits for the requestor to read")

            // Nobody reads: the transfers expire on the program's timer, with no event to wake it.
            // Each idle line after the program did something is a moment to look again.
            let deadline = Date().addingTimeInterval(30)
            var searched = s.app.count
            while Self.isWatched(peer, requestor) && Date() < deadline {
                try s.app.waitFor(kind: "idle", after: searched, timeout: deadline.timeIntervalSinceNow, what: "the expiry")
                searched = s.app.count
                XSync(peer.display, 0)
            }
            #expect(!Self.isWatched(peer, requestor), "the unread transfers were given up")
            // And a new request starts a transfer again.
            XDeleteProperty(peer.display, requestor, properties[0])
            XConvertSelection(peer.display, clipboard, utf8, properties[0], requestor, 0)
            XSync(peer.display, 0)
            try s.settle()
            #expect(peer.property(properties[0], of: requestor)?.type == peer.atom("INCR"))
        }
    }
}
