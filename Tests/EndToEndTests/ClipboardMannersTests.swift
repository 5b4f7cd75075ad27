import CX11
import Foundation
import Glibc
import TapawayTestSupport
import Testing

extension Session {
    /// Types `text` into input `id` on the physical keyboard, then selects it all and copies
    /// it (Ctrl+A, Ctrl+C), so that the program owns `CLIPBOARD` with it.
    func copyTyped(_ text: String, in id: String) throws {
        try focusAndShowKeypad(id)
        let start = app.mark
        try x.typeText(text)
        try waitForText(id, after: start, what: "the typed text") { $0 == text }
        try x.chord("a")
        try x.chord("c")
        try settle()
    }
}

/// The clipboard as other programs expect of it: `MULTIPLE` requests, and a clipboard manager
/// that keeps the text once the program has quit.
@Suite("The clipboard's manners, end to end")
struct ClipboardMannersTests {
    @Test("MULTIPLE converts each target of the requestor's list into its property; a target not offered gets None")
    func multiple() throws {
        try Session.run { s in
            try s.copyTyped("several at once", in: "email")
            let peer = try SelectionPeer(displayName: s.display.name)
            let pairs = peer.atom("PAIRS")
            let utf8 = peer.atom("UTF8_STRING"), bogus = peer.atom("image/x-not-offered")
            let string = peer.atom("STRING"), targets = peer.atom("TARGETS")
            let (p1, p2, p3, p4) = (peer.atom("P1"), peer.atom("P2"), peer.atom("P3"), peer.atom("P4"))
            peer.setAtoms([utf8, p1, bogus, p2, string, p3, targets, p4], type: peer.atom("ATOM_PAIR"), on: pairs)
            let answered = peer.convert(peer.atom("CLIPBOARD"), to: peer.atom("MULTIPLE"), into: pairs)
            #expect(answered == pairs, "the answer names the pairs' property, \(answered.map(peer.name) ?? "none came")")
            let written = peer.property(pairs)?.items ?? []
            #expect(
                written.map(peer.name) == ["UTF8_STRING", "P1", "image/x-not-offered", "None", "STRING", "P3", "TARGETS", "P4"],
                "the failed pair's property is None")
            #expect(peer.text(of: p1) == "several at once")
            #expect(peer.text(of: p3) == "several at once")
            #expect(peer.property(p2) == nil, "nothing is written for the target not offered")
            let offered = peer.property(p4)?.items.map(peer.name) ?? []
            #expect(offered.contains("MULTIPLE") && offered.contains("UTF8_STRING"), "\(offered)")
        }
    }

    /// Starts a session without settings, copies `text` from a field, and returns it with a
    /// peer that owns `CLIPBOARD_MANAGER`.
    private static func sessionWithManager(
        copying text: String, _ body: (Session, SelectionPeer) throws -> Void
    ) throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let peer = try SelectionPeer(displayName: display.name)
        #expect(peer.own(peer.atom("CLIPBOARD_MANAGER")))
        let app = try AppProcess(["--scenario", "send-event", "--no-settings"], display: display)
        defer { app.terminate() }
        let x = try XDriver(displayName: display.name)
        defer { x.close() }
        let ready = try app.waitForReady()
        try app.waitForLayout(what: "any layout") { _ in true }
        let session = Session(display: display, app: app, x: x, ready: ready)
        try session.copyTyped(text, in: "email")
        try body(session, peer)
    }

    @Test("on quit, the text goes to the clipboard manager through SAVE_TARGETS, and the program then ends")
    func saveTargets() throws {
        try Self.sessionWithManager(copying: "keep me") { s, manager in
            try s.x.chord("q")
            let request = try #require(
                manager.waitForRequest(timeout: 10), "no SAVE_TARGETS request on quit.\n\(s.app.diagnostics)")
            #expect(manager.name(of: request.selection) == "CLIPBOARD_MANAGER")
            #expect(manager.name(of: request.target) == "SAVE_TARGETS")
            // The targets to save, in the requestor's property.
            let listed = manager.property(request.property, of: request.requestor)?.items.map(manager.name) ?? []
            #expect(listed.contains("UTF8_STRING"), "\(listed)")
            // Fetched as managers do, through MULTIPLE, while the program waits.
            let pairs = manager.atom("SAVED_PAIRS"), saved = manager.atom("SAVED_UTF8")
            manager.setAtoms([manager.atom("UTF8_STRING"), saved], type: manager.atom("ATOM_PAIR"), on: pairs)
            let answered = manager.convert(manager.atom("CLIPBOARD"), to: manager.atom("MULTIPLE"), into: pairs)
            #expect(answered == pairs, "the quitting program answers the manager's MULTIPLE.\n\(s.app.diagnostics)")
            #expect(manager.text(of: saved) == "keep me")
            manager.answer(request, property: request.property)
            #expect(s.app.waitForExit(timeout: 10) == 0, "\(s.app.exitDescription)\n\(s.app.diagnostics)")
        }
    }

    @Test("a clipboard manager that never answers SAVE_TARGETS holds the quit up for two seconds at most")
    func silentManager() throws {
        try Self.sessionWithManager(copying: "nobody keeps this") { s, manager in
            try s.x.chord("q")
            _ = try #require(manager.waitForRequest(timeout: 10), "no SAVE_TARGETS request on quit.\n\(s.app.diagnostics)")
            let asked = Date()
            #expect(s.app.waitForExit(timeout: 10) == 0, "\(s.app.exitDescription)\n\(s.app.diagnostics)")
            let waited = Date().timeIntervalSince(asked)
            #expect(waited < 4, "the quit waited \(waited) s for the manager")
        }
    }
}
