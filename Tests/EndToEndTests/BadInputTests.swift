import Foundation
import TapawayTestSupport
import Testing

/// Runs `tapaway ARGUMENTS` untraced to completion (at most `timeout` seconds) on `display`
/// (nil: with no `DISPLAY`), with `environment` changed; returns its exit status (nil if it did
/// not finish or a signal killed it) and what it wrote.
private func runTapaway(
    _ arguments: [String], display: VirtualDisplay? = nil, environment: [String: String?] = [:],
    timeout: Double = 30
) throws -> (status: Int32?, stdout: String, stderr: String) {
    let app = try AppProcess(arguments, display: display, trace: false, environment: environment)
    let status = app.waitForExit(timeout: timeout)
    return (status, app.stdout, app.stderr)
}

/// A crash report from the Swift runtime or a fatal signal would say so on stderr.
private func crashed(_ stderr: String) -> Bool {
    stderr.contains("Fatal error") || stderr.contains("Program crashed") || stderr.contains("Backtrac")
}

/// Bad input of every kind: junk pasted, absurd window sizes, missing fonts and displays, a server that
/// dies, bad options and hostile recordings.
///
/// Each gets a clear message or a graceful result; none a crash.
@Suite("Bad input, end to end")
struct BadInputTests {
    @Test("pasted junk: invalid UTF-8 is replaced, control characters dropped, marks, emoji and RTL kept whole")
    func pastedJunk() throws {
        try Session.run { s in
            let xclip = Xclip(display: s.display)
            try s.focusAndShowKeypad("name")

            var start = s.app.mark
            var owner = try xclip.own("clipboard", data: Data([0x61, 0x62, 0xFF, 0xFE, 0xC3, 0x28, 0x63, 0x64]))
            try s.x.chord("v")
            let replaced = try s.waitForText("name", after: start, what: "the invalid UTF-8 pasted") { $0.hasSuffix("cd") }
            #expect(replaced.string("text")?.hasPrefix("ab\u{FFFD}") == true, "\(replaced.string("text") ?? "")")
            withExtendedLifetime(owner) {}

            try s.chord(selectAllAndDelete: true)
            start = s.app.mark
            owner = try xclip.own("clipboard", text: "a\u{1}\u{7}b\u{1B}[31mc\td\u{7F}e\nf")
            try s.x.chord("v")
            let cleaned = try s.waitForText("name", after: start, what: "the control characters pasted") { $0.hasSuffix("f") }
            let text = cleaned.string("text") ?? ""
            let hasControls = text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
            #expect(!hasControls, "a field keeps no control characters: \(text.debugDescription)")
            withExtendedLifetime(owner) {}

            try s.chord(selectAllAndDelete: true)
            let rich = "e\u{301}👩🏽‍💻🇫🇷 مرحبا"
            start = s.app.mark
            owner = try xclip.own("clipboard", text: rich)
            try s.x.chord("v")
            try s.waitForText("name", after: start, what: "the rich text pasted whole") { $0 == rich }
            start = s.app.mark
            try s.x.key(named: "BackSpace")
            try s.waitForText("name", after: start, what: "one grapheme fewer") { $0 == String(rich.dropLast()) }
            withExtendedLifetime(owner) {}
        }
    }

    @Test("10 MB pasted into notes arrives whole, and the program keeps answering")
    func hugePaste() throws {
        try Session.run { s in
            let xclip = Xclip(display: s.display)
            try s.focusAndShowKeypad("notes")
            let line = "The quick brown fox jumps over the lazy dog.\n"
            let text = String(repeating: line, count: 10_000_000 / line.utf8.count)
            let owner = try xclip.own("clipboard", text: text)
            let start = s.app.mark
            try s.x.chord("v")
            // Past the trace's whole-text limit a text line gives the length and the edit.
            let pasted = try s.app.waitFor(kind: "text", after: start, timeout: 120, what: "10 MB in notes") {
                $0.string("id") == "notes" && Int($0.number("length") ?? 0) >= text.count
            }
            #expect(Int(pasted.number("length") ?? 0) == text.count)
            let edit = pasted.object["edit"] as? [Any]
            #expect((edit?.last as? String)?.utf8.count == text.utf8.count, "the edit holds the pasted text")
            withExtendedLifetime(owner) {}
            // Still answering: a tap outside dismisses.
            let keypad = try #require(
                s.app.lines(from: 0, kind: "keypad").last { $0.string("phase") == "didShow" }?.rect("frame"))
            let out = s.app.mark
            s.x.click(try s.backgroundPoint(avoiding: [keypad]))
            try s.waitForFocus(nil, after: out)
        }
    }

    @Test("the window resized to 1×1 and to 10 000×10 000 and back lays out as before")
    func absurdSizes() throws {
        try Session.run { s in
            let probe = try DesktopProbe(displayName: s.display.name)
            let window = try probe.window()
            try s.focusAndShowKeypad("name")
            let before = try s.frame(of: "name")
            let start = s.windowSize
            for (width, height) in [(1, 1), (10_000, 10_000), (1, 10_000), (start.width, start.height)] {
                s.x.resize(window: window, width: width, height: height)
                try s.settle()
                #expect(s.app.process.isRunning, "at \(width)×\(height): \(s.app.exitDescription)")
            }
            #expect(try s.frame(of: "name") == before, "name is back where it was")
            let typed = s.app.mark
            try s.x.typeText("ok")
            try s.waitForText("name", after: typed, what: "typing still reaches name") { $0 == "ok" }
        }
    }

    @Test("without the preferred font: a fallback and one warning; without any font: status 69 and a hint")
    func fonts() throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tapaway-fonts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func config(_ directory: String) throws -> String {
            let path = folder.appendingPathComponent(UUID().uuidString + ".conf").path
            try Data(
                """
                <?xml version="1.0"?>
                <fontconfig><dir>\(directory)</dir><cachedir>\(folder.path)/cache</cachedir></fontconfig>
                """.utf8
            ).write(to: URL(fileURLWithPath: path))
            return path
        }
        let png = folder.appendingPathComponent("shot.png").path
        let dejaVuOnly = try runTapaway(
            ["--no-settings", "--screenshot", png],
            display: display,
            environment: ["FONTCONFIG_FILE": try config("/usr/share/fonts/truetype/dejavu")])
        #expect(dejaVuOnly.status == 0, "\(dejaVuOnly.stderr)")
        let warnings = dejaVuOnly.stderr.split(separator: "\n").filter { $0.contains("font") }
        #expect(warnings.count == 1 && warnings[0].contains("'Inter' not found"), "\(dejaVuOnly.stderr)")
        #expect(FileManager.default.fileExists(atPath: png))

        let empty = folder.appendingPathComponent("empty").path
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let none = try runTapaway(["--no-settings"], display: display, environment: ["FONTCONFIG_FILE": try config(empty)])
        #expect(none.status == 69, "EX_UNAVAILABLE: \(none.stderr)")
        #expect(none.stderr.contains("no font") && !crashed(none.stderr), "\(none.stderr)")
    }

    @Test("no DISPLAY, or one nobody answers: status 69 (EX_UNAVAILABLE) with a hint")
    func noDisplay() throws {
        let unset = try runTapaway(["--no-settings"])
        #expect(
            unset.status == 69 && unset.stderr.contains("DISPLAY") && unset.stderr.contains("cannot open X display")
                && !crashed(unset.stderr), "\(unset.stderr)")
        // Words for a user, who has no run script and no virtual display.
        #expect(
            unset.stderr.contains("graphical session") && !unset.stderr.contains("run script")
                && !unset.stderr.contains("virtual"), "\(unset.stderr)")
        let unreachable = try runTapaway(["--no-settings", "--display", ":987"])
        #expect(
            unreachable.status == 69 && unreachable.stderr.contains(":987") && !crashed(unreachable.stderr),
            "\(unreachable.stderr)")
    }

    @Test("the X server killed mid-session: the scenario, the --set choices and the window size are saved, as on SIGTERM")
    func serverKilledSaves() throws {
        let display = try VirtualDisplay()
        let state = PrivateFolder(purpose: "state")
        defer { state.remove() }
        let app = try AppProcess(
            ["--scenario", "tap-gesture", "--set", "cancels-touches=off", "--size", "700x800"], display: display,
            environment: ["XDG_STATE_HOME": state.path])
        _ = try app.waitForReady()
        display.stop()
        let status = app.waitForExit(timeout: 20)
        #expect(status == 69, "EX_UNAVAILABLE: \(app.exitDescription)\n\(app.diagnostics(lastLines: 0))")
        #expect(app.stderr.split(separator: "\n").count == 1 && !crashed(app.stderr), "one line: \(app.stderr)")
        let stateText = (try? String(contentsOfFile: state.file("tapaway/state.conf"), encoding: .utf8)) ?? ""
        #expect(
            stateText.contains("scenario=tap-gesture\n") && stateText.contains("window-size=700x800\n"),
            "state: \(stateText.debugDescription)")
        let settings = app.directory.appendingPathComponent("config/tapaway/settings.conf").path
        let settingsText = (try? String(contentsOfFile: settings, encoding: .utf8)) ?? ""
        #expect(settingsText.contains("cancels-touches=off"), "settings: \(settingsText.debugDescription)")
    }

    @Test("the X server killed mid-session: a clean exit with one line, no core dump")
    func serverKilled() throws {
        let display = try VirtualDisplay()
        let app = try AppProcess(["--no-settings"], display: display)
        _ = try app.waitForReady()
        display.stop()
        let status = app.waitForExit(timeout: 20)
        #expect(status == 69, "EX_UNAVAILABLE: \(app.exitDescription)\n\(app.diagnostics(lastLines: 0))")
        let lines = app.stderr.split(separator: "\n")
        #expect(lines.count == 1 && !crashed(app.stderr), "one line on stderr, no crash report: \(app.stderr)")
    }

    @Test(
        "unknown or malformed options: a message naming the problem and status 64",
        arguments: [
            (["--bogus"], "Unknown option"),
            (["--size", "0x0"], "out of range"),
            (["--size", "wide"], "--size"),
            (["--scenario", "magic"], "--scenario"),
            (["--replay-speed", "-2", "--replay", "x.jsonl"], "--replay-speed"),
            (["--scale", "9"], "--scale"),
            (["--focus", "submit"], "not a field"),
            (["--exit-after-replay"], "--replay"),
            (["compare"], "<path>"),
            (["--scenario", "tap-gesture", "--set", "dim=on"], "cancels-touches=on|off"),
            (["--set", "dismiss=sideways"], "none, on-drag, interactive"),
            (["--set", "dismiss"], "expected ID=VALUE"),
            (["--size", "-5x100"], "--size -5x100 is out of range"),
            (["--replay-speed", "-1", "--replay", "x.jsonl"], "use a factor above 0"),
            (["--replay-speed", "0", "--replay", "x.jsonl"], "use a factor above 0"),
            // Whole factors beyond Int's range: the message is built without converting to Int.
            (["--replay-speed", "1e19", "--replay", "x.jsonl"], "--replay-speed 1e+19 is out of range"),
            (["--replay-speed", "-1e19", "--replay", "x.jsonl"], "--replay-speed -1e+19 is out of range"),
            (["--replay-speed", "9223372036854775808", "--replay", "x.jsonl"], "is out of range"),
            (["--replay-speed", "1e308", "--replay", "x.jsonl"], "use a factor above 0"),
            (["--replay-speed", "inf", "--replay", "x.jsonl"], "--replay-speed"),
            (["list", "--json", "--charter"], "choose one"),
        ])
    func badOptions(_ arguments: [String], _ expected: String) throws {
        let result = try runTapaway(arguments)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains(expected) && !crashed(result.stderr), "\(arguments): \(result.stderr)")
    }

    @Test("a trace or recording that cannot be written: status 73 (EX_CANTCREAT) and one line naming it and where")
    func unwritableFiles() throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        for (option, what) in [("--trace", "the trace"), ("--record", "the recording")] {
            let result = try runTapaway(
                ["--no-settings", option, "/nonexistent/folder/file.jsonl"],
                display: display)
            #expect(result.status == 73 && !crashed(result.stderr), "\(option): \(result.stderr)")
            // One line that names what could not be written, and where.
            #expect(result.stderr.split(separator: "\n").count == 1, "\(option): \(result.stderr)")
            #expect(
                result.stderr.contains("cannot write \(what) to '/nonexistent/folder/file.jsonl'"), "\(option): \(result.stderr)")
        }
    }

    @Test(
        "corrupt, truncated and hostile recordings: refused with the line, never a crash",
        arguments: [
            ("binary", Data([0x7B, 0x00, 0xFF, 0x13, 0x37]), "line 1"),
            (
                "truncated", Data("{\"kind\":\"header\",\"version\":1}\n{\"kind\":\"touch\",\"t\":0.1,\"id\":1,\"pha".utf8),
                "line 2"
            ),
            (
                "deeply nested",
                Data(
                    ("{\"kind\":\"header\"}\n{\"kind\":\"touch\",\"t\":0.1,\"at\":" + String(repeating: "[", count: 100_000)
                        + String(repeating: "]", count: 100_000) + "}\n").utf8), "line 2"
            ),
            (
                "huge coordinates",
                Data("{\"kind\":\"touch\",\"t\":0.1,\"id\":1,\"phase\":\"began\",\"at\":[1e308,-1e308]}\n".utf8), "line 1"
            ),
            (
                "time going back",
                Data(
                    "{\"kind\":\"key\",\"t\":5,\"key\":\"text\",\"text\":\"a\"}\n{\"kind\":\"key\",\"t\":1,\"key\":\"text\",\"text\":\"b\"}\n"
                        .utf8), "line 2"
            ),
            (
                "a giant text",
                Data(
                    ("{\"kind\":\"key\",\"t\":1,\"key\":\"text\",\"text\":\"" + String(repeating: "x", count: 1_000_000) + "\"}\n")
                        .utf8), "line 1"
            ),
            ("an unknown kind", Data("{\"kind\":\"explode\",\"t\":1}\n".utf8), "line 1"),
            ("a newer version", Data("{\"kind\":\"header\",\"version\":99}\n".utf8), "line 1"),
            ("empty", Data(), "empty"),
        ])
    func hostileRecordings(_ name: String, _ bytes: Data, _ expected: String) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tapaway-hostile-\(UUID().uuidString).jsonl")
        try bytes.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let compare = try runTapaway(["compare", file.path])
        #expect(
            compare.status == 65 && compare.stderr.contains(expected) && !crashed(compare.stderr), "\(name): \(compare.stderr)")
        let replay = try runTapaway(["--no-settings", "--replay", file.path])
        #expect(replay.status == 65 && replay.stderr.contains(expected) && !crashed(replay.stderr), "\(name): \(replay.stderr)")
    }

    @Test("a recording that does not exist: status 66 (EX_NOINPUT) and its path, for compare and --replay")
    func missingRecording() throws {
        let path = "/nonexistent/tapaway-\(UUID().uuidString).jsonl"
        let compare = try runTapaway(["compare", path])
        #expect(compare.status == 66 && compare.stderr.contains(path) && !crashed(compare.stderr), "\(compare.stderr)")
        let replay = try runTapaway(["--no-settings", "--replay", path])
        #expect(replay.status == 66 && replay.stderr.contains(path) && !crashed(replay.stderr), "\(replay.stderr)")
    }
}

extension Session {
    /// Ctrl+A then BackSpace in the focused input.
    func chord(selectAllAndDelete: Bool) throws {
        let start = app.mark
        try x.chord("a")
        try x.key(named: "BackSpace")
        _ = try app.waitFor(kind: "text", after: start, what: "the input emptied") { $0.string("text") == "" }
    }
}
