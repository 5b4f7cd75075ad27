import Foundation
import TapawayTestSupport
import Testing

/// A screen of one's own, from outside: `validate`, `--screen`, `screen show` and `audit` as a
/// user runs them, and a screen file played in the real window.
@Suite("Your own screen, end to end")
struct YourScreenTests {
    let example = repositoryRoot + "/examples/checkout.json"

    @Test("validate: a good file is one line and status 0; a bad one a line per problem and 65; a missing one 66")
    func validate() throws {
        let good = try runToCompletion(["validate", example])
        #expect(good.status == 0, "\(good.stderr)")
        #expect(good.stdout == "\(example): a screen of 18 elements, 4 text inputs, written for uikit\n")

        let folder = PrivateFolder(purpose: "screens")
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        defer { folder.remove() }
        let bad = folder.file("bad.json")
        try """
        { "version": 1, "content": { "kind": "view", "children": [
          { "kind": "button", "id": "ok", "colour": "red" },
          { "kind": "button", "id": "ok" } ] } }
        """.write(toFile: bad, atomically: true, encoding: .utf8)
        let refused = try runToCompletion(["validate", bad])
        #expect(refused.status == 65)
        #expect(refused.stdout.isEmpty)
        let lines = refused.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(refused.stderr)")
        #expect(lines.first?.hasPrefix("\(bad):2:35: unknown key 'colour' in a button") == true, "\(refused.stderr)")
        #expect(lines.last?.hasPrefix("\(bad):3:3: the id 'ok' is used twice (first at line 2)") == true, "\(refused.stderr)")
        // The same file opens no window: the status comes before any display is needed.
        let opened = try runToCompletion(["--screen", bad, "--no-settings"])
        #expect(opened.status == 65, "\(opened.stderr)")
        let missing = try runToCompletion(["validate", folder.file("nowhere.json")])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("nowhere.json: cannot be read"))
        // A good file with a container that shows nothing of what it holds: a note, status 0.
        let box = folder.file("box.json")
        try """
        { "version": 1, "content": { "kind": "view", "children": [
          { "kind": "view", "id": "box", "children": [ { "kind": "button", "id": "b", "text": "B" } ] } ] } }
        """.write(toFile: box, atomically: true, encoding: .utf8)
        let noted = try runToCompletion(["validate", box])
        #expect(noted.status == 0, "\(noted.stderr)")
        #expect(noted.stdout == "\(box): a screen of 3 elements, 0 text inputs\n")
        #expect(noted.stderr.hasPrefix("\(box):2:3: note: this view has no height"), "\(noted.stderr)")
    }

    @Test("--focus on a screen file names one of its text inputs, else one line and status 64")
    func focusOnAScreenFile() throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let app = try AppProcess(["--screen", example, "--focus", "nope", "--no-settings"], display: display, trace: false)
        #expect(app.waitForExit(timeout: 60) == 64)
        #expect(
            app.stderr
                == "tapaway: --focus 'nope' is not a text input of the screen: use one of find-address, card, promo, instructions\n"
        )
    }

    @Test("screen show prints a shipped screen that validate accepts as it is")
    func shippedRoundTrip() throws {
        let shown = try runToCompletion(["screen", "show", "standard"])
        #expect(shown.status == 0)
        let folder = PrivateFolder(purpose: "screens")
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        defer { folder.remove() }
        try shown.stdout.write(toFile: folder.file("standard.json"), atomically: true, encoding: .utf8)
        let checked = try runToCompletion(["validate", folder.file("standard.json")])
        #expect(checked.stdout.hasSuffix(": a screen of 17 elements, 5 text inputs\n"), "\(checked.stdout)\(checked.stderr)")
    }

    @Test("audit: --fail-on high is 1 where a high finding exists and 0 where none does; --json is one object")
    func auditStatuses() throws {
        let failing = try runToCompletion(["audit", "--technique", "tap-gesture", "--fail-on", "high"])
        #expect(failing.status == 1, "\(failing.stderr)")
        #expect(failing.stdout.contains("HIGH  Row selection swallowed"))
        let passing = try runToCompletion(["audit", "--technique", "background-control", "--fail-on", "high"])
        #expect(passing.status == 0, "\(passing.stdout)\(passing.stderr)")
        let json = try runToCompletion(["audit", example, "--technique", "as-written", "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(object?["version"] as? Int == 1)
        #expect(object?["techniques"] as? [String] == ["as-written"])
        let findings = object?["findings"] as? [[String: Any]] ?? []
        let swallowed = findings.first { $0["kind"] as? String == "selection-swallowed" && $0["element"] as? String == "home" }
        #expect(swallowed?["line"] as? Int == 18, "\(json.stdout)")
        #expect(swallowed?["confident"] as? Bool == false)
    }

    @Test("audit --jobs: played in several processes, the output is byte for byte the one process's")
    func auditJobs() throws {
        for screen in [example, repositoryRoot + "/examples/compose-sheet.json", "standard"] {
            let one = try runToCompletion(["audit", screen, "--jobs", "1", "--json"])
            let three = try runToCompletion(["audit", screen, "--jobs", "3", "--json"])
            #expect(one.status == 0 && three.status == 0, "\(one.stderr)\(three.stderr)")
            #expect(!one.stdout.isEmpty)
            #expect(three.stdout == one.stdout, "\(screen)")
        }
        let refused = try runToCompletion(["audit", "--jobs", "0"])
        #expect(refused.status == 64, "\(refused.stderr)")
        #expect(refused.stderr.contains("--jobs takes 1 to 64 processes, not 0."), "\(refused.stderr)")
    }

    @Test("--help's usage block gives each command's options; matrix --help says its --set is not remembered")
    func helpSaysWhatIsRemembered() throws {
        let help = try runToCompletion(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("tapaway list [--json | --charter]"), "\(help.stdout)")
        #expect(help.stdout.contains("tapaway matrix [--technique <id>]"), "\(help.stdout)")
        let matrix = try runToCompletion(["matrix", "--help"])
        let flat = matrix.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flat.contains("the window remembers it, matrix and audit do not"), "\(matrix.stdout)")
    }

    @Test("a bad --set after matrix or audit is that command's error, with that command's usage")
    func badSetNamesItsCommand() throws {
        for command in ["matrix", "audit"] {
            let result = try runToCompletion([command, "--set", "cancels-touches=maybe"])
            #expect(result.status == 64, "\(result.stderr)")
            #expect(result.stderr.contains("'maybe' is not a value of tap-gesture.cancels-touches"), "\(result.stderr)")
            #expect(result.stderr.contains("Usage: tapaway \(command) "), "\(result.stderr)")
            #expect(!result.stderr.contains("tapaway list"), "not the window's usage block\n\(result.stderr)")
        }
    }

    @Test("--screenshot after a replay that opens the Audit card waits for its findings")
    func screenshotWaitsForTheAudit() throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let folder = PrivateFolder(purpose: "audit-shot")
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        let png = folder.file("audit.png")
        let app = try AppProcess(
            [
                "--no-settings", "--screen", example, "--replay", repositoryRoot + "/assets/recordings/audit.jsonl",
                "--replay-speed",
                "max", "--screenshot", png,
            ], display: display)
        defer { app.terminate() }
        #expect(app.waitForExit(timeout: 60) == 0, "\(app.exitDescription)\n\(app.stderr)")
        // The audit's line comes when its findings are in; the picture is taken after it.
        let audit = app.lines(from: 0, kind: "audit")
        #expect(audit.count == 1, "the picture was taken before the audit finished\n\(app.diagnostics)")
        #expect((audit.first?.number("findings") ?? 0) > 0)
        #expect(FileManager.default.fileExists(atPath: png))
    }

    @Test(
        "a screen file in the window: its elements in the layout, the tab bar above the home indicator, a tap resigns and fires")
    func screenInTheWindow() throws {
        try Session.run(arguments: ["--screen", example, "--no-settings"]) { s in
            let ids = Set(s.app.views.map(\.id))
            for id in ["find-address", "home", "office", "speed", "card", "promo", "save-card", "pay", "tabs"] {
                #expect(ids.contains(id), "\(id) is not in the layout\n\(s.app.diagnostics)")
            }
            let tabs = try s.frame(of: "tabs"), shop = try s.frame(of: "tab-shop")
            let device = try #require(s.ready.rect("device"))
            #expect(tabs.maxY == device.maxY, "the tab bar reaches the screen's bottom")
            #expect(shop.maxY <= device.maxY - 34, "its items stay above the home indicator")
            try s.focusAndShowKeypad("promo")
            let start = s.app.mark
            try s.tap("speed")
            // send-event resigns before delivery, and the control still gets its tap.
            try s.waitForFocus(nil, after: start)
            try s.app.waitFor(kind: "action", after: start, what: "speed acts") {
                $0.string("id") == "speed" && $0.string("event") == "valueChanged"
            }
        }
    }

    @Test("a sheet in the window: a tap on its dim dismisses it and ends editing; Present the sheet brings it back")
    func sheetInTheWindow() throws {
        let file = repositoryRoot + "/examples/compose-sheet.json"
        try Session.run(arguments: ["--screen", file, "--no-settings", "--scenario", "tap-gesture"]) { s in
            try s.focusAndShowKeypad("subject")
            let card = try s.frame(of: "sheet")
            let dim = try s.frame(of: "sheet-dimming")
            #expect(dim.minY < card.minY - 8, "the dim shows above the card\n\(s.app.diagnostics)")
            // A tap on the dim just above the card: the sheet goes, and the field in it with it.
            let start = s.app.mark
            s.x.click(at: Int(card.center.x), Int(card.minY) - 5)
            try s.waitForFocus(nil, after: start)
            try s.settle()
            #expect(!s.app.views.contains { $0.id == "sheet" && $0.visible }, "the sheet is gone\n\(s.app.diagnostics)")
            #expect(s.app.views.contains { $0.id == "thread-ada" && $0.visible }, s.context)
            try s.tap("sheet-present")
            try s.settle()
            #expect(try s.frame(of: "sheet").minY == card.minY, s.context)
        }
    }
}
