import Foundation
import TapawayTestSupport
import Testing

/// The instruments end to end: two fingers from one mouse (a pinned right click, a Ctrl pinch),
/// a second X master pointer as a second finger, and a session recorded, then replayed into a
/// new window with the same decisions.
@Suite("Instruments, end to end")
struct InstrumentTests {
    /// A decision line without its time: what the technique decided, why, and the touches it saw.
    static func summary(_ line: TraceLine) -> String {
        let touches = (line["touches"] as? [[String: Any]] ?? []).map { touch in
            "\(touch["touch"] ?? "?")/\(touch["phase"] ?? "?")/\(touch["view"] ?? "null")/\(touch["inside"] ?? "?")"
        }
        return "\(line.string("action") ?? "?") (\(line.string("reason") ?? "?")) \(touches.joined(separator: ","))"
    }

    @Test("the help card plays case 8 in the window: the trace says what the matrix expects and what happened")
    func playCaseFromTheHelpCard() throws {
        try Session.run(arguments: ["--scenario", "background-control"]) { s in
            try s.x.key(named: "F1")
            let card = try s.app.waitForLayout(what: "the pinned-finger experiment on the help card") { layout in
                layout.views.contains { $0.id == "experiment-pinnedFinger" && $0.visible }
            }
            let row = try #require(card.views.first { $0.id == "experiment-pinnedFinger" })
            let start = s.app.mark
            s.x.click(row.frame.center)
            let started = try s.app.waitFor(kind: "case", after: start, what: "the case starting") {
                $0.string("phase") == "started"
            }
            #expect(started.number("number") == 8 && started.string("technique") == "background-control")
            #expect(started.string("expected") == "R↺", "\(started)")
            let finished = try s.app.waitFor(kind: "case", after: start, timeout: 20, what: "the case finishing") {
                $0.string("phase") == "finished"
            }
            #expect(finished.string("did") == finished.string("expected"), "\(finished)\n\(s.context)")
            // What the case did, in the trace: the field resigned, then the held finger's lift focused it again.
            let focus = s.app.lines(from: start, kind: "focus").compactMap { $0.isNull("id") ? "nil" : $0.string("id") }
            #expect(focus.suffix(2) == ["nil", "name"], "\(focus)")
        }
    }

    @Test("a finger pinned on name by a right click vetoes the tap on the background; lifted, the next tap resigns")
    func pinnedTouchVeto() throws {
        try Session.run { s in
            let keypad = try #require(try s.focusAndShowKeypad("name").rect("frame"))
            let name = try s.frame(of: "name")
            let background = try s.backgroundPoint(avoiding: [keypad])

            let pin = s.app.mark
            s.x.rightClick(name.center)
            try s.app.waitFor(kind: "touch", after: pin, what: "the pinned finger goes down on name") {
                $0.string("phase") == "began" && $0.string("view") == "name"
            }
            let tap = s.app.mark
            s.x.click(background)
            let kept = try s.app.waitFor(kind: "decision", after: tap, what: "a decision with two touches") {
                ($0["touches"] as? [Any])?.count == 2
            }
            #expect(kept.string("action") != "resign", "\(Self.summary(kept))\n\(s.context)")
            let touches = kept["touches"] as? [[String: Any]] ?? []
            #expect(
                touches.contains {
                    $0["view"] as? String == "name" && $0["phase"] as? String == "stationary" && $0["inside"] as? Bool == true
                },
                "the pinned finger rides along as a stationary touch inside name: \(Self.summary(kept))")
            try s.settle()
            #expect(
                s.app.lines(from: tap, kind: "focus").isEmpty,
                "focus must not change while a finger holds the field\n\(s.context)")
            #expect(s.app.lines(from: tap, kind: "keypad").isEmpty, "the keypad must stay up\n\(s.context)")

            let lift = s.app.mark
            s.x.rightClick(name.center)
            try s.app.waitFor(kind: "touch", after: lift, what: "the pinned finger lifts") { $0.string("phase") == "ended" }
            let again = s.app.mark
            s.x.click(background)
            try s.waitForDecision("resign", after: again)
            try s.waitForFocus(nil, after: again)
        }
    }

    @Test("Ctrl with a left drag moves two fingers mirrored about the screen's centre, and lifts both")
    func pinch() throws {
        try Session.run { s in
            let screen = try #require(s.ready.rect("device"), "the ready line names the simulated screen")
            let centre = (x: screen.x + screen.width / 2, y: screen.y + screen.height / 2)
            let start = (x: Int(centre.x) - 60, y: Int(centre.y) - 80)
            let mark = s.app.mark
            s.x.control(true)
            s.x.drag(from: start, to: (x: start.x - 40, y: start.y - 40), steps: 4)
            s.x.control(false)
            try s.app.waitFor(kind: "touch", after: mark, what: "the second finger lifts") {
                $0.number("touch") == 2 && $0.string("phase") == "ended"
            }
            let touches = s.app.lines(from: mark, kind: "touch")
            let first = touches.filter { $0.number("touch") == 1 }
            let second = touches.filter { $0.number("touch") == 2 }
            #expect(
                first.map { $0.string("phase") }.first == "began" && second.map { $0.string("phase") }.first == "began", s.context
            )
            #expect(first.last?.string("phase") == "ended" && second.last?.string("phase") == "ended", s.context)
            #expect(first.count == second.count, "the fingers move together\n\(s.context)")
            for (a, b) in zip(first, second) {
                let p = try #require(a["at"] as? [Any]).compactMap(JSONValue.number)
                let q = try #require(b["at"] as? [Any]).compactMap(JSONValue.number)
                #expect(
                    abs((p[0] + q[0]) / 2 - centre.x) <= 1 && abs((p[1] + q[1]) / 2 - centre.y) <= 1,
                    "\(p) and \(q) should mirror about \(centre)")
            }
        }
    }

    @Test("a second X master pointer is a second finger: holding name with one, tapping outside with the other keeps focus")
    func secondMasterPointer() throws {
        try Session.run { s in
            let keypad = try #require(try s.focusAndShowKeypad("name").rect("frame"))
            let name = try s.frame(of: "name")
            let background = try s.backgroundPoint(avoiding: [keypad])
            let other = try XDriver(displayName: s.display.name)
            defer { other.close() }
            _ = try other.becomeSecondMasterPointer(name: "second")

            let hold = s.app.mark
            s.x.press(at: name.center)
            try s.app.waitFor(kind: "touch", after: hold, what: "the first pointer's finger on name") {
                $0.string("phase") == "began" && $0.string("view") == "name"
            }
            let tap = s.app.mark
            other.click(background)
            let decision = try s.app.waitFor(kind: "decision", after: tap, what: "a decision with two touches") {
                ($0["touches"] as? [Any])?.count == 2
            }
            let ids = Set((decision["touches"] as? [[String: Any]] ?? []).compactMap { JSONValue.number($0["touch"]) })
            #expect(
                ids.count == 2 && ids.contains { $0 >= 10 },
                "the second pointer is its own finger (10 + device id): \(Self.summary(decision))")
            #expect(decision.string("action") != "resign", "\(Self.summary(decision))\n\(s.context)")
            s.x.release(at: name.center)
            try s.settle()
            let focusStayed = s.app.lines(from: tap, kind: "focus").allSatisfy { $0.string("id") == "name" }
            #expect(focusStayed, s.context)
        }
    }

    @Test("the program learns its client pointer again when the device hierarchy changes, not on every press")
    func clientPointerFollowsTheHierarchy() throws {
        try Session.run { s in
            let background = try s.backgroundPoint()
            let window = try #require(s.x.tapawayWindow(), "tapaway's top-level window\n\(s.context)")
            let other = try XDriver(displayName: s.display.name)
            defer { other.close() }
            let second = try other.becomeSecondMasterPointer(name: "second")

            /// The finger of the next press on the background by `driver`.
            func finger(of driver: XDriver, _ what: String) throws -> Double? {
                let mark = s.app.mark
                driver.click(background)
                let touch = try s.app.waitFor(kind: "touch", after: mark, what: what) { $0.string("phase") == "began" }
                try s.settle()
                return touch.number("touch")
            }
            #expect(try finger(of: s.x, "the first pointer's press") == 1, "the first pointer is the mouse\n\(s.context)")
            #expect(
                try finger(of: other, "the second pointer's press") == Double(10 + second),
                "the second pointer is a finger of its own\n\(s.context)")

            // Nothing tells a client that its client pointer was moved; a new master pointer
            // changes the hierarchy, and the program asks again.
            try other.setClientPointer(to: second, forClientOf: window)
            _ = try other.addMasterPointer(name: "third")
            try s.settle()
            #expect(
                try finger(of: other, "the second pointer's press as the client pointer") == 1,
                "the client pointer is the mouse once the hierarchy changed\n\(s.context)")
        }
    }

    @Test("a session recorded with --record replays into a new window with the same decisions")
    func recordThenReplay() throws {
        let recording = FileManager.default.temporaryDirectory.appendingPathComponent("tapaway-e2e-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: recording) }
        let live = LiveDecisions()
        try Session.run(arguments: ["--no-settings", "--record", recording.path]) { s in
            let keypad = try #require(try s.focusAndShowKeypad("name").rect("frame"))
            try s.x.typeText("Ada")
            try s.app.waitFor(kind: "text", what: "name = Ada") { $0.string("text") == "Ada" }
            let background = try s.backgroundPoint(avoiding: [keypad])
            try s.tap("email")
            try s.waitForFocus("email", after: 0)
            let submit = s.app.mark
            try s.tap("submit")
            try s.app.waitFor(kind: "action", after: submit, what: "submit fires") { $0.string("id") == "submit" }
            let phone = s.app.mark
            try s.tap("phone")
            try s.waitForFocus("phone", after: phone)
            try s.settle()
            let out = s.app.mark
            s.x.click(background)
            try s.waitForKeypad("didHide", after: out)
            try s.settle()
            live.lines = s.app.lines(from: 0, kind: "decision").map(Self.summary)
            live.texts = s.app.lines(from: 0, kind: "text").compactMap { $0.string("text") }
        }
        #expect(live.lines.count >= 6, "the live run made decisions: \(live.lines)")

        let display = try VirtualDisplay()
        defer { display.stop() }
        let replay = try AppProcess(
            ["--no-settings", "--replay", recording.path, "--replay-speed", "max", "--exit-after-replay"],
            display: display)
        let status = replay.waitForExit(timeout: 60)
        #expect(status == 0, "the replay exits 0 on its own: \(replay.exitDescription)\n\(replay.diagnostics(lastLines: 20))")
        replay.refresh()
        let replayed = replay.lines(from: 0, kind: "decision").map(Self.summary)
        #expect(
            replayed == live.lines, "live:\n\(live.lines.joined(separator: "\n"))\nreplayed:\n\(replayed.joined(separator: "\n"))"
        )
        #expect(replay.lines(from: 0, kind: "text").compactMap { $0.string("text") } == live.texts)
        let phases = replay.lines(from: 0, kind: "replay").compactMap { $0.string("phase") }
        #expect(phases == ["started", "finished"], "replay lines: \(phases)")
    }

    @Test("the sidebar's Record input toggle (F9) records into the data folder and says so in the trace")
    func recordToggle() throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("tapaway-data-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        try Session.run(arguments: ["--no-settings"], environment: ["XDG_DATA_HOME": data.path]) { s in
            let start = s.app.mark
            try s.tap("record-toggle")
            let started = try s.app.waitFor(kind: "recording", after: start, what: "recording started") {
                $0.string("phase") == "started"
            }
            let path = try #require(started.string("path"))
            #expect(
                path.hasPrefix(data.path + "/tapaway/tapaway-recording-") && path.hasSuffix(".jsonl"), "\(path) in \(data.path)")
            try s.focusAndShowKeypad("name")
            try s.x.typeText("Al")
            try s.app.waitFor(kind: "text", what: "name = Al") { $0.string("text") == "Al" }
            let stop = s.app.mark
            try s.x.key(named: "F9")
            let stopped = try s.app.waitFor(kind: "recording", after: stop, what: "recording stopped") {
                $0.string("phase") == "stopped"
            }
            #expect(stopped.string("path") == path)
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let lines = text.split(separator: "\n")
            #expect(lines.first?.contains("\"kind\":\"header\"") == true, "\(text)")
            #expect(
                lines.contains { $0.contains("\"text\":\"A\"") } && lines.contains { $0.contains("\"text\":\"l\"") },
                "the typed keys are in the recording:\n\(text)")
            #expect(
                stopped.number("inputs") == Double(lines.count - 1),
                "\(stopped.number("inputs") ?? -1) inputs vs \(lines.count - 1) lines")
        }
    }

    @Test("--replay of a broken recording: its line number, status 65 (EX_DATAERR), no window")
    func brokenRecording() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tapaway-e2e-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(
            "{\"kind\":\"header\",\"version\":1}\n{\"kind\":\"touch\",\"t\":0.5,\"id\":1,\"phase\":\"began\",\"at\":[10,10]}\n{\"kind\":\"touch\",\"t\":0.6,\n"
                .utf8
        ).write(to: file)
        let display = try VirtualDisplay()
        defer { display.stop() }
        let app = try AppProcess(["--replay", file.path], display: display)
        let status = app.waitForExit(timeout: 20)
        #expect(status == 65, "\(app.exitDescription)")
        #expect(app.stderr.contains("line 3"), "the message names line 3: \(app.stderr)")
        #expect(app.lines(from: 0).isEmpty, "no window, so no trace: \(app.lines(from: 0).count) lines")
    }
}

/// What the live run of `recordThenReplay` traced, kept for the comparison after it.
private final class LiveDecisions {
    var lines: [String] = []
    var texts: [String] = []
}
