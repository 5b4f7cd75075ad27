import Foundation
import Glibc
import TapawayTestSupport
import Testing

/// Large recordings are read a line at a time: the file's text is never held whole (issue 38,
/// item 12), and `compare` shows its progress on a terminal.
@Suite("Large recordings, end to end")
struct LargeRecordingTests {
    /// Runs `command` under Python, which prints on standard error the largest resident size
    /// its child reached, in KiB: how much memory the program needed at its peak.
    static let peakWrapper = [
        "-c",
        "import resource, subprocess, sys; r = subprocess.run(sys.argv[1:]); "
            + "print('peak', resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr); sys.exit(r.returncode)",
    ]

    @Test("a 50 MB recording of 100 inputs is compared without holding its text: peak memory far below its size")
    func streamedFile() throws {
        let python = try #require(Executables.find("python3"), "python3 measures the peak")
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tapaway-large-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        // Each line carries half a mebibyte under a key the format does not know (skipped).
        let pad = String(repeating: "p", count: 512 * 1024)
        var text = #"{"kind":"header","version":1,"scenario":"send-event","screen":[930,820]}"# + "\n"
        for index in 0..<100 {
            text += #"{"kind":"key","t":\#(Double(index) / 10),"key":"text","text":"a","pad":"\#(pad)"}"# + "\n"
        }
        try Data(text.utf8).write(to: url)
        let app = try AppProcess(["compare", url.path], display: nil, trace: false, under: [python] + Self.peakWrapper)
        #expect(app.waitForExit(timeout: 120) == 0, "\(app.exitDescription) \(app.stderr.suffix(400))")
        #expect(app.stdout.contains("100 inputs from"), "\(app.stdout.prefix(300))")
        let peak = try #require(
            app.stderr.split(separator: "\n").last { $0.hasPrefix("peak ") }.flatMap { Int($0.dropFirst(5)) }, "\(app.stderr)")
        // The file is 50 MiB; its text held whole, as bytes and then as a string, took twice
        // that; a line at a time, the program needs its usual 20-odd MiB and half a MiB more.
        #expect(peak < 40 * 1024, "compare peaked at \(peak) KiB for a \(text.utf8.count >> 20) MiB file")
    }

    @Test("compare on a terminal shows its progress on one line, rewritten, and clears it; elsewhere nothing")
    func progressOnTerminal() throws {
        let script = try #require(Executables.find("script"), "script (util-linux) gives the program a terminal")
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tapaway-progress-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        // Enough inputs to take more than a second under ten techniques in the tests' (debug)
        // build.
        var text = #"{"kind":"header","version":1,"scenario":"send-event","screen":[930,820]}"# + "\n"
        var t = 0.0
        for _ in 0..<800 {
            for line in [
                #"{"kind":"touch","t":T,"id":1,"phase":"began","at":[450,190]}"#,
                #"{"kind":"touch","t":T,"id":1,"phase":"ended","at":[450,190]}"#,
                #"{"kind":"key","t":T,"key":"text","text":"a"}"#,
                #"{"kind":"touch","t":T,"id":1,"phase":"began","at":[450,700]}"#,
                #"{"kind":"touch","t":T,"id":1,"phase":"ended","at":[450,700]}"#,
            ] {
                t += 0.05
                text += line.replacingOccurrences(of: "T", with: String(format: "%.2f", t)) + "\n"
            }
        }
        try Data(text.utf8).write(to: url)
        let binary = try AppProcess.binaryURL().path
        let output = url.path + ".out"
        defer { try? FileManager.default.removeItem(atPath: output) }
        // `script` runs the command on a terminal of its own and copies what it shows to its output.
        let app = try AppProcess(
            ["-qec", "'\(binary)' compare '\(url.path)' > '\(output)'", "/dev/null"], display: nil, trace: false,
            binary: URL(fileURLWithPath: script))
        #expect(app.waitForExit(timeout: 300) == 0, "\(app.exitDescription) \(app.stderr.suffix(300))")
        let shown = app.stdout
        #expect(shown.contains("tapaway compare: replaying under every scenario: "), "\(shown.suffix(300))")
        #expect(shown.contains("% (40000 of 40000 inputs)"), "the last update says all: \(shown.suffix(300))")
        #expect(shown.hasSuffix("\u{1B}[2K\r"), "the line is cleared at the end: \(shown.suffix(80).debugDescription)")
        let table = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        #expect(table.hasPrefix("4000 inputs from"), "the result alone on standard output: \(table.prefix(200))")
        // Not a terminal: nothing but the result.
        let plain = try AppProcess(["compare", url.path], display: nil, trace: false)
        #expect(plain.waitForExit(timeout: 300) == 0)
        #expect(plain.stderr.isEmpty, "\(plain.stderr.prefix(200).debugDescription)")
    }
}
