import Foundation
import TapawayTestSupport
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

/// Runs `tapaway ARGUMENTS` with `DISPLAY=display` under `/bin/sh`, which first applies `redirections`
/// (such as `>&-`, closing standard output) and then becomes the program; waits at most `timeout`
/// seconds.
///
/// `--trace` goes to `trace` when given.
private func runTapaway(
    _ arguments: [String], display: String, redirections: String = "",
    trace: String? = nil, environment extra: [String: String] = [:],
    scratch: Scratch, timeout: Double = 30
) throws -> Run {
    let binary = try AppProcess.binaryURL()
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = display
    // A font-match cache of the run's own, not the user's.
    environment["XDG_CACHE_HOME"] = scratch.path("cache")
    for (key, value) in extra { environment[key] = value }
    let script = "exec \"$0\" \"$@\" \(redirections)"
    let command = ["/bin/sh", "-c", script, binary.path] + (trace.map { ["--trace", $0] } ?? []) + arguments
    let errPath = scratch.path("stderr.log")
    let started = Date()
    let process = try ChildProcess(
        command: Executables.bounded(command, lifetimeLimit: 120), environment: environment,
        stdout: .file(scratch.path("stdout.log")), stderr: .file(errPath))
    if !process.waitForExit(timeout: timeout) { process.stop(grace: 2) }
    let seconds = Date().timeIntervalSince(started)
    let traceText = trace.flatMap { try? String(contentsOfFile: $0, encoding: .utf8) } ?? ""
    return Run(
        status: process.exitCode, stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "",
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

/// Where Tapaway's outputs meet the system: closed standard descriptors, an unwritable trace,
/// and an X server that never answers.
@Suite("Outputs that must not destroy or freeze, end to end")
struct OutputHardeningTests {
    @Test(
        "launched with standard output closed, it runs to its screenshot and its trace holds only trace lines",
        arguments: [">&-", ">&- 2>&-"])
    func closedStandardOutput(redirections: String) throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let scratch = try Scratch()
        defer { scratch.remove() }
        let png = scratch.path("shot.png")
        let run = try runTapaway(
            ["--no-settings", "--scenario", "send-event", "--screenshot", png],
            display: display.name, redirections: redirections,
            trace: scratch.path("trace.jsonl"), scratch: scratch)
        #expect(
            run.status == 0,
            "tapaway (\(redirections)) ended with \(run.status.map(String.init) ?? "a signal or a hang"); stderr: \(run.stderr)")
        #expect(isPNG(png), "no screenshot was saved")
        #expect(malformed(run.traceLines).isEmpty, "lines in the trace that are not trace lines: \(malformed(run.traceLines))")
        #expect(run.traceLines.contains { $0.contains("\"kind\":\"ready\"") }, "no ready line: \(run.traceLines.prefix(3))")
    }

    @Test("a trace reader that stops reading: the program goes on, drops lines, then counts them when reading resumes")
    func stalledReader() throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let scratch = try Scratch()
        defer { scratch.remove() }
        let reader = try TracePipe()
        defer { reader.close() }
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display.name
        environment["XDG_CACHE_HOME"] = scratch.path("cache")
        let command = [
            try AppProcess.binaryURL().path, "--trace", "-", "--no-settings", "--scenario", "send-event", "--focus", "notes",
        ]
        let errPath = scratch.path("stderr.log")
        let process = try ChildProcess(
            command: Executables.bounded(command, lifetimeLimit: 120), environment: environment,
            stdout: .descriptor(reader.writeEnd), stderr: .file(errPath))
        defer { process.stop(grace: 3) }
        reader.closeWriteEnd()
        let x = try XDriver(displayName: display.name)
        defer { x.close() }
        func stderr() -> String { (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "" }

        // Read until the keypad is up under the focused notes, then stop reading.
        try reader.readUntil(timeout: 15) { $0.contains("\"kind\":\"keypad\"") && $0.contains("\"didShow\"") }
        let clip = try Xclip(display: display).own("clipboard", text: String(repeating: "0123456789abcdef\n", count: 12_000))
        x.move(to: 60, 200)  // keys go to the window under the pointer
        // Each paste writes a text line whose edit holds the 200 KB it put in: 1.6 MB in all.
        for _ in 0..<8 {
            try x.chord("v")
            usleep(100_000)
        }
        usleep(1_500_000)
        #expect(process.isRunning, "tapaway ended (\(process.statusDescription)); stderr: \(stderr())")
        withExtendedLifetime(clip) {}

        // Reading again: the loop writes what waited, then the count, with no input to prompt it.
        let dropped = try reader.readUntil(timeout: 20) { $0.contains("\"kind\":\"dropped\"") }
        let object = try #require(try JSONSerialization.jsonObject(with: Data(dropped.utf8)) as? [String: Any])
        #expect((object["count"] as? Int ?? 0) >= 1, "\(dropped)")
        #expect(object["t"] is Double, "\(dropped)")

        // It still answers: SIGTERM ends it promptly, as the signal would (status 143 to a shell).
        process.signalGroup(SIGTERM)
        let ended = process.waitForExit(timeout: 5)
        #expect(
            ended && (process.exitCode == 143 || process.terminationSignal == SIGTERM),
            "\(process.statusDescription); stderr: \(stderr())")
        let said = stderr().split(separator: "\n").filter { $0.contains("not keeping up") }
        #expect(said.count == 1, "said once: \(stderr())")
    }

    @Test(
        "a trace that cannot be written (/dev/full) is said once on standard error, the program goes on, and it ends with status 74"
    )
    func unwritableTrace() throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let scratch = try Scratch()
        defer { scratch.remove() }
        let png = scratch.path("shot.png")
        let run = try runTapaway(
            ["--no-settings", "--screenshot", png], display: display.name,
            trace: "/dev/full", scratch: scratch)
        #expect(run.status == 74, "EX_IOERR: \(run.status.map(String.init) ?? "none"); stderr: \(run.stderr)")
        #expect(isPNG(png), "the program did not go on to its screenshot")
        let said = run.stderr.split(separator: "\n").filter { $0.contains("the trace cannot be written") }
        #expect(said.count == 1, "stderr: \(run.stderr)")
        #expect(said.first?.contains("no space left on device") == true, "stderr: \(run.stderr)")
    }

    @Test(
        "a write to standard output that fails (/dev/full): one 'write error' line and status 74; to a file, status 0",
        arguments: [["list"], ["list", "--json"], ["matrix"], ["--help"], ["--version"], ["matrix", "--help"]])
    func standardOutputFull(arguments: [String]) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let full = try runTapaway(arguments, display: "", redirections: "> /dev/full", scratch: scratch)
        #expect(full.status == 74, "\(arguments): \(full.status.map(String.init) ?? "none"); stderr: \(full.stderr)")
        let lines = full.stderr.split(separator: "\n")
        #expect(lines == ["tapaway: write error: no space left on device"], "\(arguments): \(full.stderr)")

        let file = try runTapaway(arguments, display: "", redirections: "> \(scratch.path("out.txt"))", scratch: scratch)
        let written = (try? String(contentsOfFile: scratch.path("out.txt"), encoding: .utf8)) ?? ""
        #expect(file.status == 0 && file.stderr.isEmpty && !written.isEmpty, "\(arguments): \(file.stderr)")
    }

    @Test("--screenshot to a path that cannot be written: one line naming it, and status 73")
    func unwritableScreenshot() throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let scratch = try Scratch()
        defer { scratch.remove() }
        let path = "/nonexistent/folder/shot.png"
        let run = try runTapaway(["--no-settings", "--screenshot", path], display: display.name, scratch: scratch)
        #expect(run.status == 73, "EX_CANTCREAT: \(run.status.map(String.init) ?? "none"); stderr: \(run.stderr)")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains(path), "stderr: \(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("an X server that accepts the connection and never answers ends start-up after the time limit, with a message")
    func silentServer() throws {
        let server = try SilentServer()
        defer { server.close() }
        let scratch = try Scratch()
        defer { scratch.remove() }
        let run = try runTapaway(
            ["--no-settings"], display: server.displayName,
            environment: ["TAPAWAY_X_TIMEOUT": "1"], scratch: scratch, timeout: 15)
        #expect(
            run.status == 69,
            "a hang (killed after 15 s) or a wrong status: \(run.status.map(String.init) ?? "none"); stderr: \(run.stderr)")
        #expect(run.seconds < 10, "took \(run.seconds) s")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1, "one line: \(run.stderr)")
        #expect(run.stderr.contains("display '\(server.displayName)' did not answer within 1 second"), "stderr: \(run.stderr)")
    }
}

/// A pipe for a program's standard output, as small as Linux allows (one page) so that a
/// reader that stops reading is felt at once; the test holds the read end.
private final class TracePipe {
    let readEnd: Int32
    private(set) var writeEnd: Int32
    private var buffered: [UInt8] = []

    init() throws {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw EndToEndError("pipe failed: \(String(cString: strerror(errno)))") }
        for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(ends[0], 1031 /* F_SETPIPE_SZ */, 4096)
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        (readEnd, writeEnd) = (ends[0], ends[1])
    }

    /// Drops the test's copy of the write end, once the child has its own.
    func closeWriteEnd() {
        if writeEnd >= 0 { Glibc.close(writeEnd) }
        writeEnd = -1
    }

    func close() {
        closeWriteEnd()
        Glibc.close(readEnd)
    }

    /// Reads lines until one satisfies `predicate`, and returns it (lines before it are read
    /// and discarded).
    @discardableResult
    func readUntil(timeout: Double, _ predicate: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while Date() < deadline {
            while let newline = buffered.firstIndex(of: 0x0A) {
                let line = String(decoding: buffered[..<newline], as: UTF8.self)
                buffered.removeSubrange(...newline)
                if predicate(line) { return line }
            }
            let n = chunk.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            if n > 0 {
                buffered += chunk[0..<n]
            } else if n == 0 {
                throw EndToEndError("the trace ended before the line looked for")
            } else {
                usleep(5_000)
            }
        }
        throw EndToEndError("no such trace line within \(timeout) s")
    }
}

/// A listening Unix socket in the abstract namespace under the name libxcb tries first for display `:N`
/// on Linux (`@/tmp/.X11-unix/XN`): connections are accepted by the kernel into the backlog and never
/// answered.
///
/// Nothing is made in the file system; `N` is picked among the free high numbers.
private final class SilentServer {
    private let fd: Int32
    let number: Int
    var displayName: String { ":\(number)" }

    init() throws {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw EndToEndError("socket failed: \(String(cString: strerror(errno)))") }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        for _ in 0..<100 {
            let candidate = Int.random(in: 20_000..<60_000)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            let name = Array("/tmp/.X11-unix/X\(candidate)".utf8)
            withUnsafeMutableBytes(of: &address.sun_path) { path in
                path[0] = 0  // abstract
                for (index, byte) in name.enumerated() { path[index + 1] = byte }
            }
            let length = socklen_t(MemoryLayout<sa_family_t>.size + 1 + name.count)
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
            }
            if bound == 0 {
                guard listen(fd, 8) == 0 else { break }
                self.fd = fd
                number = candidate
                return
            }
        }
        Glibc.close(fd)
        throw EndToEndError("no free abstract display socket could be bound")
    }

    func close() { Glibc.close(fd) }
}
