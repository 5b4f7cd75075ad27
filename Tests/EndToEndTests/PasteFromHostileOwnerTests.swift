import CX11
import Foundation
import Glibc
import TapawayTestSupport
import Testing

/// A program holding the clipboard cannot freeze Tapaway nor fill its memory: pastes are read
/// from the run loop, with an overall deadline and a size cap.
@Suite("Pasting from a hostile selection owner, end to end")
struct PasteFromHostileOwnerTests {
    @Test(
        "an owner that drips its transfer a byte every 0.8 s: input still answered meanwhile, the paste given up at its deadline",
        arguments: ["CLIPBOARD", "PRIMARY"])
    func drippingOwner(_ selection: String) throws {
        try Session.run { s in
            try s.focusAndShowKeypad("name")
            let owner = try HostileSelectionOwner(
                displayName: s.display.name, selection: selection, behaviour: .drip(interval: 0.8))
            defer { owner.stop() }
            let asked = Date()
            if selection == "CLIPBOARD" {
                try s.x.chord("v")
            } else {
                s.x.middleClick(try s.frame(of: "name").center)
            }
            // The transfer is under way: two chunks taken, or (the owner starved on a loaded
            // machine, three seconds without a byte) the read already given up, its requestor
            // window gone.
            let started = owner.waitForChunksOrGiveUp(2, timeout: 30)
            #expect(
                started.chunks >= 2 || started.givenUp,
                "the transfer never got under way: \(started.chunks) chunks, given up: \(started.givenUp)")
            // The loop is not held by the transfer: typing goes on reaching the field.
            let typed = s.app.mark
            try s.x.typeText("ok")
            try s.waitForText("name", after: typed, what: "typing while the owner drips") { $0 == "ok" }
            // The read is given up, its requestor window destroyed: at its deadline (20 s, said
            // in one line), or sooner should the owner, starved on a loaded machine, leave three
            // seconds without a byte. Never later.
            #expect(owner.waitForRequestorGone(timeout: 40), "the read was never given up")
            let took = Date().timeIntervalSince(asked)
            #expect(took < 30, "the read lasted \(took) s, past its 20 s deadline")
            // Given up past its deadline (20 s after the read began, which is after `asked`; the
            // owner sees the requestor gone within a second), the read says so in one line. A
            // read given up sooner, its owner starved for three seconds, says nothing: at 0.8 s a
            // byte, twenty chunks take 16 s, so a count of chunks cannot tell the two apart.
            if took >= 22 {
                #expect(s.app.stderr.contains("did not finish sending it within 20 seconds"), "\(s.app.stderr)")
            }
            try s.settle()
            #expect(s.lastText(of: "name", after: 0) == "ok", "nothing of the dripped bytes is pasted")
        }
    }

    @Test("SIGTERM while an owner drips a paste ends the program at once, settings saved")
    func terminatedDuringDrip() throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let state = PrivateFolder(purpose: "state")
        defer { state.remove() }
        let app = try AppProcess(
            ["--scenario", "tap-gesture", "--focus", "name"], display: display, environment: ["XDG_STATE_HOME": state.path])
        _ = try app.waitForReady()
        let x = try XDriver(displayName: display.name)
        defer { x.close() }
        try app.settle(through: x)
        let owner = try HostileSelectionOwner(displayName: display.name, selection: "CLIPBOARD", behaviour: .drip(interval: 0.8))
        defer { owner.stop() }
        try x.chord("v")
        // Under way: two chunks taken, or the read already given up by a loaded machine's clock.
        let started = owner.waitForChunksOrGiveUp(2, timeout: 30)
        #expect(started.chunks >= 2 || started.givenUp, "the transfer is under way")
        kill(try app.programPID(), SIGTERM)
        #expect(app.process.waitForExit(timeout: 5), "SIGTERM ended it within 5 s")
        #expect(app.process.terminationSignal == SIGTERM || app.process.exitCode == 143, "\(app.exitDescription)")
        let text = (try? String(contentsOfFile: state.file("tapaway/state.conf"), encoding: .utf8)) ?? ""
        #expect(text.contains("scenario=tap-gesture\n"), "state: \(text.debugDescription)")
    }

    @Test("an INCR paste announced as 1 GiB stops being read at 16 MiB; the field keeps its first 10 000 characters")
    func hugeIncrementalPaste() throws {
        try Session.run { s in
            try s.focusAndShowKeypad("name")
            let owner = try HostileSelectionOwner(
                displayName: s.display.name, selection: "CLIPBOARD", behaviour: .flood(chunk: 1 << 20, chunks: 64))
            defer { owner.stop() }
            let start = s.app.mark
            try s.x.chord("v")
            try s.app.waitFor(kind: "text", after: start, timeout: 60, what: "the paste, cut") { line in
                line.string("id") == "name"
                    && Int(line.number("length") ?? Double((line.string("text") ?? "").count)) == 10_000
            }
            try s.settle()
            #expect(owner.chunksSent <= 17, "\(owner.chunksSent) chunks of 1 MiB were read")
            #expect(s.app.stderr.contains("larger than 16 MiB"), "\(s.app.stderr)")
            #expect(s.app.process.isRunning)
        }
    }
}
