import Foundation
import Glibc
import TapawayTestSupport

/// The one way the end-to-end tests launch the real `tapaway` binary: on a `VirtualDisplay` or
/// on none, with its trace written to a temporary file that is read back incrementally, its
/// standard output and error kept in files, an environment of the test's choosing and a bounded
/// lifetime.
///
/// Every launch gets a private folder that holds those files and stands in for the user's
/// configuration, data, state and cache folders (`XDG_CONFIG_HOME`, `XDG_DATA_HOME`,
/// `XDG_STATE_HOME`, `XDG_CACHE_HOME`) unless the test names its own, so no test reads or
/// writes the settings of whoever runs the tests, nor shares a font-match cache with another
/// launch. The folder is removed when the launch is released (kept with `TAPAWAY_E2E_KEEP=1`).
///
/// Every `wait…` method polls the trace (every 10 ms) until a matching line appears, and fails
/// early, with the trace tail and the program's standard error in the message, if the program
/// exits or the time runs out. `settle(through:)` waits for the program to finish what input
/// set going, on the program's own word (its `idle` line).
final class AppProcess {
    /// Default time limit for waits.
    ///
    /// The program usually starts in well under a second.
    static let defaultTimeout: Double = 10

    /// The running program (under `timeout`, in its own process group).
    let process: ChildProcess
    /// The launch's private folder.
    let directory: URL
    let traceURL: URL
    let stderrURL: URL
    /// Where the program's standard output goes.
    let stdoutURL: URL
    /// The program's arguments, `--trace FILE` first when traced.
    let arguments: [String]
    private let traceHandle: FileHandle
    private var pending = Data()
    private var terminated = false
    /// The number of the last mark `settle(through:)` sent.
    private var marks = 0

    /// The complete trace lines read so far and not forgotten, in order (each keeps its index
    /// in the whole trace; `forget(before:)` drops the oldest).
    private(set) var lines: [TraceLine] = []
    /// How many lines `forget(before:)` has dropped: the index of `lines.first`.
    private(set) var forgotten = 0
    /// The last `layout` line read, kept when older lines are forgotten.
    private var lastLayoutLine: TraceLine?

    /// The number of complete trace lines read so far, forgotten ones included.
    var count: Int { forgotten + lines.count }

    /// Launches `tapaway [--trace FILE] ARGUMENTS` and returns at once (see `waitForReady()`).
    ///
    /// - Parameters:
    ///   - arguments: the program's arguments (after `--trace FILE` when `trace` is true).
    ///   - display: the display to run on, as `DISPLAY`; nil runs with no `DISPLAY` at all, so a
    ///     program can never reach the display of whoever runs the tests.
    ///   - trace: whether to pass `--trace FILE` (a file in the launch's folder).
    ///   - environment: variables set (a value) or removed (nil) on top of this test process's
    ///     environment and of `NO_AT_BRIDGE=1` (no accessibility bus); `XDG_CONFIG_HOME`,
    ///     `XDG_DATA_HOME`, `XDG_STATE_HOME` and `XDG_CACHE_HOME` default to the launch's folder,
    ///     so no launch reads or writes the real user's files (nor shares a font-match cache
    ///     with another launch).
    ///   - lifetime: the longest the program may live, in seconds, under coreutils' `timeout`
    ///     (so a program outlives a crashed test process by that much at most).
    ///   - wrapper: a command the program runs under (`valgrind` and its options), if any.
    ///   - binary: another copy of the program (an installed one); by default the one built
    ///     beside the tests (`binaryURL()`).
    init(
        _ arguments: [String] = [], display: VirtualDisplay?, trace: Bool = true,
        environment changes: [String: String?] = [:], lifetime: Int = Executables.sessionLifetime,
        under wrapper: [String] = [], binary: URL? = nil
    ) throws {
        let binary = try binary ?? Self.binaryURL()
        let fm = FileManager.default
        directory = fm.temporaryDirectory.appendingPathComponent("tapaway-e2e-\(UUID().uuidString)")
        try fm.createDirectory(at: directory, withIntermediateDirectories: true)
        traceURL = directory.appendingPathComponent("trace.jsonl")
        stderrURL = directory.appendingPathComponent("stderr.log")
        stdoutURL = directory.appendingPathComponent("stdout.log")
        _ = fm.createFile(atPath: traceURL.path, contents: nil)
        _ = fm.createFile(atPath: stderrURL.path, contents: nil)
        _ = fm.createFile(atPath: stdoutURL.path, contents: nil)
        traceHandle = try FileHandle(forReadingFrom: traceURL)

        self.arguments = (trace ? ["--trace", traceURL.path] : []) + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display?.name
        environment["XDG_CONFIG_HOME"] = directory.appendingPathComponent("config").path
        environment["XDG_DATA_HOME"] = directory.appendingPathComponent("data").path
        environment["XDG_STATE_HOME"] = directory.appendingPathComponent("state").path
        environment["XDG_CACHE_HOME"] = directory.appendingPathComponent("cache").path
        // No test's program joins the accessibility bus of whoever runs the tests (a desktop
        // session has one); the accessibility tests give it one of their own.
        environment["NO_AT_BRIDGE"] = "1"
        for (key, value) in changes { environment[key] = value }
        process = try ChildProcess(
            command: Executables.bounded(wrapper + [binary.path] + self.arguments, lifetimeLimit: lifetime),
            environment: environment, stdout: .file(stdoutURL.path), stderr: .file(stderrURL.path))
    }

    deinit {
        terminate()
        try? traceHandle.close()
        if ProcessInfo.processInfo.environment["TAPAWAY_E2E_KEEP"] == nil {
            try? FileManager.default.removeItem(at: directory)
        }
    }

    /// What the program has written to standard output so far.
    var stdout: String { (try? String(contentsOf: stdoutURL, encoding: .utf8)) ?? "" }
    /// What the program has written to standard error so far.
    var stderr: String { (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "" }

    // MARK: Finding the binary

    /// The `tapaway` executable next to the running test bundle, or `$TAPAWAY_BINARY` when set.
    ///
    /// The bundle sits in the build products directory, for example `.build-e2e/debug/`.
    static func binaryURL() throws -> URL {
        let fm = FileManager.default
        if let override = ProcessInfo.processInfo.environment["TAPAWAY_BINARY"] {
            guard fm.isExecutableFile(atPath: override) else {
                throw EndToEndError("TAPAWAY_BINARY=\(override) is not an executable file")
            }
            return URL(fileURLWithPath: override)
        }
        var starts: [URL] = []
        if let exe = try? fm.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            starts.append(URL(fileURLWithPath: exe))
        }
        starts.append(URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL)
        for start in starts {
            var dir = start.deletingLastPathComponent()
            while dir.path != "/" && !dir.path.isEmpty {
                let candidate = dir.appendingPathComponent("tapaway")
                var isDir: ObjCBool = false
                if fm.fileExists(atPath: candidate.path, isDirectory: &isDir), !isDir.boolValue,
                    fm.isExecutableFile(atPath: candidate.path)
                {
                    return candidate
                }
                // Stop at the products directory (…/debug or …/release): never wander further.
                if ["debug", "release"].contains(dir.lastPathComponent) { break }
                dir = dir.deletingLastPathComponent()
            }
        }
        throw EndToEndError(
            """
            The tapaway executable was not found next to the test bundle \
            (looked from \(starts.map(\.path))). Build it first: `swift build` with the same \
            --scratch-path as the tests (e.g. `swift build --build-tests --scratch-path .build-e2e`), \
            or set TAPAWAY_BINARY.
            """)
    }

    // MARK: Reading the trace

    /// Reads whatever the program has written since the last call and decodes complete lines.
    @discardableResult
    func refresh() -> [TraceLine] {
        let data = (try? traceHandle.readToEnd()) ?? nil
        guard let data, !data.isEmpty else { return lines }
        pending.append(data)
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
            let lineData = pending[pending.startIndex..<newline]
            pending.removeSubrange(pending.startIndex...newline)
            let raw = String(decoding: lineData, as: UTF8.self)
            if raw.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            let line = TraceLine(index: count, raw: raw)
            if line.kind == "layout" { lastLayoutLine = line }
            lines.append(line)
        }
        return lines
    }

    /// Drops the lines before index `index` from memory, keeping the last `layout` line: a long run
    /// (the monkey's soak) that has folded them into its own model then holds only what it has not
    /// read.
    ///
    /// Lines from a forgotten index on are no longer searched.
    func forget(before index: Int) {
        let drop = min(max(0, index - forgotten), lines.count)
        guard drop > 0 else { return }
        lines.removeFirst(drop)
        forgotten += drop
    }

    /// The number of trace lines so far: a mark to pass as `after:` to only consider lines
    /// written after some action.
    var mark: Int {
        refresh()
        return count
    }

    /// The position in `lines` of the line with index `index` (clamped to what is held).
    private func position(of index: Int) -> Int { min(max(0, index - forgotten), lines.count) }

    /// Lines from index `start` on (optionally of one kind).
    func lines(from start: Int, kind: String? = nil) -> [TraceLine] {
        refresh()
        let slice = lines[position(of: start)...]
        return slice.filter { kind == nil || $0.kind == kind }
    }

    /// Lines that are not valid JSON objects (should be none).
    var malformedLines: [TraceLine] { refresh().filter { !$0.isValid } }

    /// Polls the trace until a line of `kind` at index ≥ `after` satisfies `predicate`, and
    /// returns the first such line.
    ///
    /// - Throws: `EndToEndError` with the trace tail if the time runs out or the program exits.
    @discardableResult
    func waitFor(
        kind: String, after start: Int = 0, timeout: Double = AppProcess.defaultTimeout,
        what: String? = nil,
        where predicate: (TraceLine) -> Bool = { _ in true }
    ) throws -> TraceLine {
        let deadline = Date().addingTimeInterval(timeout)
        var searched = max(start, forgotten)
        while true {
            refresh()
            while searched < count {
                let line = lines[position(of: searched)]
                searched += 1
                if line.kind == kind && predicate(line) { return line }
            }
            if !process.isRunning {
                refresh()
                if let line = lines[position(of: searched)...].first(where: { $0.kind == kind && predicate($0) }) {
                    return line
                }
                throw EndToEndError(
                    "tapaway exited (\(exitDescription)) while waiting for \(what ?? "a '\(kind)' line").\n\(diagnostics)")
            }
            if Date() >= deadline {
                throw EndToEndError(
                    "timed out after \(timeout) s waiting for \(what ?? "a '\(kind)' line") (after line #\(start)).\n\(diagnostics)"
                )
            }
            usleep(10_000)
        }
    }

    /// Waits for the `ready` line and returns it.
    @discardableResult
    func waitForReady(timeout: Double = AppProcess.defaultTimeout) throws -> TraceLine {
        try waitFor(kind: "ready", timeout: timeout, what: "the 'ready' line")
    }

    /// Polls until the *last* `layout` line satisfies `predicate` (layout lines are emitted once
    /// things have settled, so the last one is the current truth), and returns it.
    @discardableResult
    func waitForLayout(
        timeout: Double = AppProcess.defaultTimeout, what: String,
        where predicate: (TraceLine) -> Bool
    ) throws -> TraceLine {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let last = lastLayout, predicate(last) { return last }
            if !process.isRunning || Date() >= deadline {
                throw EndToEndError(
                    "the last layout line never showed \(what) within \(timeout) s (\(process.isRunning ? "timed out" : "tapaway exited, \(exitDescription)")).\n\(diagnostics)"
                )
            }
            usleep(10_000)
        }
    }

    /// Waits until the program has handled all input sent to it so far, over any connection (every
    /// `XDriver` input ends with a sync), and has finished what that input set going: sends a mark
    /// behind the input through `driver` and waits for the `idle` line that carries it.
    ///
    /// Returns that line; the trace read so far then holds everything the input caused, except what
    /// timers due later than a frame will do.
    @discardableResult
    func settle(through driver: XDriver, timeout: Double = AppProcess.defaultTimeout) throws -> TraceLine {
        marks += 1
        let number = marks
        let start = mark
        guard driver.sendMark(number) > 0 else {
            throw EndToEndError("no Tapaway window to send mark \(number) to.\n\(diagnostics)")
        }
        return try waitFor(kind: "idle", after: start, timeout: timeout, what: "the idle line after mark \(number)") {
            ($0.number("mark") ?? 0) >= Double(number)
        }
    }

    /// The last `layout` line so far.
    var lastLayout: TraceLine? {
        refresh()
        return lastLayoutLine
    }

    /// The views of the last `layout` line.
    var views: [TraceView] { lastLayout?.views ?? [] }

    /// The frame of view `id` in the last `layout` line.
    func layoutFrame(of id: String) throws -> Rect {
        guard let layout = lastLayout else {
            throw EndToEndError("no layout line yet (looking for '\(id)').\n\(diagnostics)")
        }
        guard let view = layout.views.first(where: { $0.id == id }) else {
            throw EndToEndError("view '\(id)' is not in the last layout line.\n\(diagnostics)")
        }
        return view.frame
    }

    // MARK: Life and death

    /// Asks the program to quit (SIGTERM), waits up to 3 s, then kills it.
    ///
    /// Safe to call twice.
    func terminate() {
        guard !terminated else { return }
        terminated = true
        process.stop(grace: 3)
        refresh()
    }

    /// Waits up to `timeout` seconds for the program to exit on its own; returns its exit code
    /// (nil if it is still running, which it is left doing until it is released, or was killed
    /// by a signal).
    func waitForExit(timeout: Double) -> Int32? {
        process.waitForExit(timeout: timeout)
        return process.exitCode
    }

    /// "running", "exit status N" or "killed by signal N".
    var exitDescription: String { process.statusDescription }

    /// The last `count` trace lines and the tail of standard error, for failure messages.
    func diagnostics(lastLines count: Int) -> String {
        refresh()
        let tail = lines.suffix(count).map { "  " + $0.summary }.joined(separator: "\n")
        var partial = ""
        if !pending.isEmpty { partial = "\n  (unterminated) " + String(decoding: pending, as: UTF8.self) }
        let stderrText = (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? ""
        let stderrTail = stderrText.split(separator: "\n", omittingEmptySubsequences: false)
            .suffix(15).joined(separator: "\n")
        return """
            --- tapaway \(arguments.joined(separator: " ")) [\(exitDescription)]
            --- last \(min(count, lines.count)) of \(self.count) trace lines:
            \(tail)\(partial)
            --- stderr (tail):
            \(stderrTail)
            --- stdout (tail):
            \(stdout.split(separator: "\n", omittingEmptySubsequences: false).suffix(5).joined(separator: "\n"))
            --- full trace: \(traceURL.path) (kept when TAPAWAY_E2E_KEEP=1)
            """
    }

    /// The last 30 trace lines and the tail of standard error, for a failure's message.
    var diagnostics: String { diagnostics(lastLines: 30) }
}

/// The repository's root: three levels above this file.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

/// Runs `tapaway ARGUMENTS` untraced with no display to completion (at most `timeout` seconds);
/// returns its status (nil if it did not finish) and what it wrote.
func runToCompletion(
    _ arguments: [String], timeout: Double = 120
) throws -> (
    status: Int32?, stdout: String, stderr: String
) {
    let app = try AppProcess(arguments, display: nil, trace: false)
    let status = app.waitForExit(timeout: timeout)
    return (status, app.stdout, app.stderr)
}
