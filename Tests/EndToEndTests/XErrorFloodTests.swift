import CX11
import Foundation
import Glibc
import Testing

extension SelectionPeer {
    /// A window id that names no window: one the peer made and destroyed.
    func destroyedWindow() -> UInt {
        let root = XRootWindow(display, XDefaultScreen(display))
        let gone = XCreateSimpleWindow(display, root, -10, -10, 1, 1, 0, 0, 0)
        XDestroyWindow(display, gone)
        XSync(display, 0)
        return gone
    }

    /// Sends `count` forged `SelectionRequest`s straight to the owner of `selection`, each naming
    /// `requestor` as the window to answer (one that does not exist, for a hostile peer).
    func forgeRequests(_ count: Int, for selection: Atom, requestor: UInt) {
        let owner = XGetSelectionOwner(display, selection)
        var event = XEvent()
        event.xselectionrequest.type = SelectionRequest
        event.xselectionrequest.owner = owner
        event.xselectionrequest.requestor = requestor
        event.xselectionrequest.selection = selection
        event.xselectionrequest.target = atom("UTF8_STRING")
        event.xselectionrequest.property = atom("TAPAWAY_FORGED")
        event.xselectionrequest.time = 0
        for _ in 0..<count { XSendEvent(display, owner, 0, 0, &event) }
        XSync(display, 0)
    }
}

/// X errors that other clients cause (a requestor gone before its answer, forged requests
/// naming no window) are expected and pass without a line; other errors are a few lines, then
/// a count.
@Suite("X errors on standard error, end to end")
struct XErrorFloodTests {
    @Test("5 000 forged SelectionRequests naming no window, and a requestor gone before its answer: no line at all")
    func forgedRequestsAreSilent() throws {
        try Session.run { s in
            try s.copyTyped("flood", in: "name")
            let peer = try SelectionPeer(displayName: s.display.name)
            let clipboard = peer.atom("CLIPBOARD")
            peer.forgeRequests(5_000, for: clipboard, requestor: peer.destroyedWindow())
            try s.settle()

            // A requestor that asks, then destroys its window before the answer comes.
            let root = XRootWindow(peer.display, XDefaultScreen(peer.display))
            let shortLived = XCreateSimpleWindow(peer.display, root, -10, -10, 1, 1, 0, 0, 0)
            XConvertSelection(peer.display, clipboard, peer.atom("UTF8_STRING"), peer.atom("P"), shortLived, 0)
            XDestroyWindow(peer.display, shortLived)
            XSync(peer.display, 0)
            try s.settle()

            #expect(!s.app.stderr.contains("X error"), "no line for what other clients caused: \(s.app.stderr.prefix(600))")
            // Still serving the clipboard, and still answering input.
            #expect(peer.convert(clipboard, to: peer.atom("UTF8_STRING"), into: peer.atom("OUT")) == peer.atom("OUT"))
            #expect(peer.text(of: peer.atom("OUT")) == "flood")
        }
    }
}
