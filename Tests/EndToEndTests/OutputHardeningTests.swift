import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A private folder for one run's files, removed when the test is done.
private struct Scratch {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("tapaway-outputs-\(UUID().uuidString)")
    init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// What a finished run left: its status (nil if it had to be killed), standard error, and the
/// lines of its trace file.
private struct Run {
    let status: Int32?
    let stderr: String
    let traceLines: [String]
    let seconds: Double
}

/// Runs `tapaway ARGUMENTS` with `DISPLAY=display` under `/bin/sh`, which first applies
/// `redirections` (such as `>&-`, closing standard output) and then becomes the program; waits
/// at most `timeout` seconds. `--trace` goes to `trace` when given.
private func runTapaway(_ arguments: [String], display: String, redirections: String = "",
                        trace: String? = nil, environment extra: [String: String] = [:],
                        scratch: Scratch, timeout: Double = 30) throws -> Run {
    let binary = try AppProcess.binaryURL()
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = display
    for (key, value) in extra { environment[key] = value }
    let script = "exec \"$0\" \"$@\" \(redirections)"
    let command = ["/bin/sh", "-c", script, binary.path] + (trace.map { ["--trace", $0] } ?? []) + arguments
    let errPath = scratch.path("stderr.log")
    let started = Date()
    let process = try ChildProcess(command: Executables.bounded(command, lifetimeLimit: 120), environment: environment,
                                   stdout: .file(scratch.path("stdout.log")), stderr: .file(errPath))
    if !process.waitForExit(timeout: timeout) { process.stop(grace: 2) }
    let seconds = Date().timeIntervalSince(started)
    let traceText = trace.flatMap { try? String(contentsOfFile: $0, encoding: .utf8) } ?? ""
    return Run(status: process.exitCode, stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "",
               traceLines: traceText.split(separator: "\n").map(String.init), seconds: seconds)
}

/// The lines that are not JSON objects with a `t` and a `kind`.
private func malformed(_ lines: [String]) -> [String] {
    lines.filter { line in
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return true }
        return !(object["t"] is Double) || !(object["kind"] is String)
    }
}

/// Whether `path` holds a PNG image.
private func isPNG(_ path: String) -> Bool {
    guard let data = FileManager.default.contents(atPath: path) else { return false }
    return data.starts(with: [0x89, 0x50, 0x4E, 0x47])
}

/// Where Tapaway's outputs meet the system: closed standard descriptors and an unwritable trace.
@Suite("Outputs that must not destroy or freeze, end to end")
struct OutputHardeningTests {
    @Test("launched with standard output closed, it runs to its screenshot and its trace holds only trace lines",
          arguments: [">&-", ">&- 2>&-"])
    func closedStandardOutput(redirections: String) throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let scratch = try Scratch()
        defer { scratch.remove() }
        let png = scratch.path("shot.png")
        let run = try runTapaway(["--no-settings", "--scenario", "send-event", "--screenshot", png],
                                 display: display.name, redirections: redirections,
                                 trace: scratch.path("trace.jsonl"), scratch: scratch)
        #expect(run.status == 0, "tapaway (\(redirections)) ended with \(run.status.map(String.init) ?? "a signal or a hang"); stderr: \(run.stderr)")
        #expect(isPNG(png), "no screenshot was saved")
        #expect(malformed(run.traceLines).isEmpty, "lines in the trace that are not trace lines: \(malformed(run.traceLines))")
        #expect(run.traceLines.contains { $0.contains("\"kind\":\"ready\"") }, "no ready line: \(run.traceLines.prefix(3))")
    }

    @Test("a trace that cannot be written (/dev/full) is said once on standard error, and the program goes on")
    func unwritableTrace() throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let scratch = try Scratch()
        defer { scratch.remove() }
        let png = scratch.path("shot.png")
        let run = try runTapaway(["--no-settings", "--screenshot", png], display: display.name,
                                 trace: "/dev/full", scratch: scratch)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(isPNG(png), "the program did not go on to its screenshot")
        let said = run.stderr.split(separator: "\n").filter { $0.contains("the trace cannot be written") }
        #expect(said.count == 1, "stderr: \(run.stderr)")
        #expect(said.first?.contains("no space left on device") == true, "stderr: \(run.stderr)")
    }
}
