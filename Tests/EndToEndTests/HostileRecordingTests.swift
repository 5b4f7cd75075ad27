import Foundation
import TapawayTestSupport
import Testing

/// Recordings from someone else: what they hold is printed escaped, a header naming what does
/// not exist is refused with its line, and replayed F9 and F12 write no file.
@Suite("Hostile recordings, end to end")
struct HostileRecordingTests {
    /// Writes `text` to a fresh file and returns its URL.
    func file(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tapaway-hostile-\(UUID().uuidString).jsonl")
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test(
        "an escape sequence in the header's scenario reaches neither output of compare, and is refused with its line",
        arguments: [
            #"{"kind":"header","version":1,"scenario":"\u001b]0;owned\u0007\u001b[2J"}"#,
            #"{"kind":"header","version":1,"scenario":"send-event\u202e\u009b31m"}"#,
        ])
    func compareEscapes(_ header: String) throws {
        let url = try file(header + "\n" + #"{"kind":"key","t":0.1,"key":"text","text":"a"}"# + "\n")
        defer { try? FileManager.default.removeItem(at: url) }
        let app = try AppProcess(["compare", url.path], display: nil, trace: false)
        let status = app.waitForExit(timeout: 30)
        let output = app.stdout + app.stderr
        #expect(status == 65, "refused as bad data (EX_DATAERR): \(output)")
        #expect(app.stderr.contains("line 1") && app.stderr.contains("unknown scenario"), "\(app.stderr)")
        let acting = output.unicodeScalars.filter {
            $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B || $0.value == 0x202E
        }
        #expect(acting.isEmpty, "printed raw: \(output.debugDescription)")
    }

    @Test("a header's focused input that the form does not have is refused with its line")
    func unknownFocused() throws {
        let url = try file(#"{"kind":"header","version":1,"scenario":"send-event","focused":"submit"}"# + "\n")
        defer { try? FileManager.default.removeItem(at: url) }
        let app = try AppProcess(["compare", url.path], display: nil, trace: false)
        #expect(app.waitForExit(timeout: 30) == 65)
        #expect(app.stderr.contains("line 1") && app.stderr.contains("submit"), "\(app.stderr)")
    }

    @Test("F12 and F9 replayed fifty times write no screenshot and no recording")
    func replayedShortcutsWriteNothing() throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        var lines = [#"{"kind":"header","version":1,"scenario":"send-event"}"#]
        for index in 0..<50 {
            let t = 0.05 * Double(index + 1)
            lines.append(#"{"kind":"key","t":\#(t),"key":"f12"}"#)
            lines.append(#"{"kind":"key","t":\#(t),"key":"f9"}"#)
        }
        let url = try file(lines.joined(separator: "\n") + "\n")
        defer { try? FileManager.default.removeItem(at: url) }
        let app = try AppProcess(
            ["--no-settings", "--replay", url.path, "--replay-speed", "max", "--exit-after-replay"],
            display: display, trace: false)
        #expect(app.waitForExit(timeout: 60) == 0, "\(app.stderr)")
        let data = app.directory.appendingPathComponent("data/tapaway")
        let written = (try? FileManager.default.contentsOfDirectory(atPath: data.path)) ?? []
        #expect(written.count <= 1, "a replay wrote \(written.count) files: \(written.prefix(5))")
        #expect(!app.stdout.contains("screenshot saved"), "\(app.stdout)")
    }

    @Test("1 001 fingers down together: compare refuses the recording at once, naming the line")
    func tooManyFingers() throws {
        var lines = [#"{"kind":"header","version":1,"scenario":"send-event","screen":[930,820]}"#]
        for (t, phase) in [(0.1, "began"), (0.2, "ended")] {
            for index in 0..<1_001 {
                let with = index > 0 ? #","with":true"# : ""
                lines.append(#"{"kind":"touch","t":\#(t),"id":\#(index),"phase":"\#(phase)","at":[400,300]\#(with)}"#)
            }
        }
        let url = try file(lines.joined(separator: "\n") + "\n")
        defer { try? FileManager.default.removeItem(at: url) }
        let app = try AppProcess(["compare", url.path], display: nil, trace: false)
        let status = app.waitForExit(timeout: 20)
        #expect(status == 65, "refused as bad data: \(app.exitDescription) \(app.stderr)")
        #expect(app.stderr.contains("line 22") && app.stderr.contains("more than 20 touches down at once"), "\(app.stderr)")
    }
}
