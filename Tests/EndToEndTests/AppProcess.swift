import Foundation
import Glibc

/// The `tapaway` binary running on a `VirtualDisplay`, with its trace written to a temporary
/// file that is read back incrementally.
///
/// Every `wait…` method polls the trace (every 10 ms) until a matching line appears, and fails
/// early, with the trace tail and the program's standard error in the message, if the program
/// exits or the time runs out.
final class AppProcess {
    /// Default time limit for waits. The program usually starts in well under a second.
    static let defaultTimeout: Double = 10

    /// The running program (under `timeout`, in its own process group).
    let process: ChildProcess
    let traceURL: URL
    let stderrURL: URL
    /// Where the program's standard output goes.
    let stdoutURL: URL
    let arguments: [String]
    private let traceHandle: FileHandle
    private var pending = Data()
    private var terminated = false

    /// Every complete trace line read so far, in order.
    private(set) var lines: [TraceLine] = []

    /// Launches `tapaway --trace FILE --scenario send-event ARGUMENTS` with `DISPLAY` set to
    /// `display`. Does not wait for anything; see `waitForReady()`.
    init(display: VirtualDisplay, scenario: String = "send-event", arguments extra: [String] = [],
         environment added: [String: String] = [:]) throws {
        let binary = try Self.binaryURL()
        let temp = FileManager.default.temporaryDirectory
        let stem = "tapaway-e2e-\(UUID().uuidString)"
        traceURL = temp.appendingPathComponent(stem + ".trace.jsonl")
        stderrURL = temp.appendingPathComponent(stem + ".stderr.log")
        stdoutURL = temp.appendingPathComponent(stem + ".stdout.log")
        _ = FileManager.default.createFile(atPath: traceURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        traceHandle = try FileHandle(forReadingFrom: traceURL)

        arguments = ["--trace", traceURL.path, "--scenario", scenario] + extra
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display.name
        for (key, value) in added { environment[key] = value }
        process = try ChildProcess(command: Executables.bounded([binary.path] + arguments, lifetimeLimit: Executables.sessionLifetime),
                                   environment: environment, stdout: .file(stdoutURL.path), stderr: .file(stderrURL.path))
    }

    deinit {
        terminate()
        try? traceHandle.close()
        if ProcessInfo.processInfo.environment["TAPAWAY_E2E_KEEP"] == nil {
            try? FileManager.default.removeItem(at: traceURL)
            try? FileManager.default.removeItem(at: stderrURL)
            try? FileManager.default.removeItem(at: stdoutURL)
        }
    }

    // MARK: Finding the binary

    /// The `tapaway` executable next to the running test bundle (the build products directory,
    /// e.g. `.build-e2e/debug/`), or `$TAPAWAY_BINARY` when set.
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
                   fm.isExecutableFile(atPath: candidate.path) {
                    return candidate
                }
                // Stop at the products directory (…/debug or …/release): never wander further.
                if ["debug", "release"].contains(dir.lastPathComponent) { break }
                dir = dir.deletingLastPathComponent()
            }
        }
        throw EndToEndError("""
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
            lines.append(TraceLine(index: lines.count, raw: raw))
        }
        return lines
    }

    /// The number of trace lines so far: a mark to pass as `after:` to only consider lines
    /// written after some action.
    var mark: Int { refresh().count }

    /// Lines from index `start` on (optionally of one kind).
    func lines(from start: Int, kind: String? = nil) -> [TraceLine] {
        refresh()
        let slice = lines[min(start, lines.count)...]
        return slice.filter { kind == nil || $0.kind == kind }
    }

    /// Lines that are not valid JSON objects (should be none).
    var malformedLines: [TraceLine] { refresh().filter { !$0.isValid } }

    /// Polls the trace until a line of `kind` at index ≥ `after` satisfies `predicate`, and
    /// returns the first such line.
    ///
    /// - Throws: `EndToEndError` with the trace tail if the time runs out or the program exits.
    @discardableResult
    func waitFor(kind: String, after start: Int = 0, timeout: Double = AppProcess.defaultTimeout,
                 what: String? = nil,
                 where predicate: (TraceLine) -> Bool = { _ in true }) throws -> TraceLine {
        let deadline = Date().addingTimeInterval(timeout)
        var searched = start
        while true {
            refresh()
            while searched < lines.count {
                let line = lines[searched]
                searched += 1
                if line.kind == kind && predicate(line) { return line }
            }
            if !process.isRunning {
                refresh()
                if let line = lines[min(searched, lines.count)...].first(where: { $0.kind == kind && predicate($0) }) {
                    return line
                }
                throw EndToEndError("tapaway exited (\(exitDescription)) while waiting for \(what ?? "a '\(kind)' line").\n\(diagnostics)")
            }
            if Date() >= deadline {
                throw EndToEndError("timed out after \(timeout) s waiting for \(what ?? "a '\(kind)' line") (after line #\(start)).\n\(diagnostics)")
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
    func waitForLayout(timeout: Double = AppProcess.defaultTimeout, what: String,
                       where predicate: (TraceLine) -> Bool) throws -> TraceLine {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let last = lastLayout, predicate(last) { return last }
            if !process.isRunning || Date() >= deadline {
                throw EndToEndError("the last layout line never showed \(what) within \(timeout) s (\(process.isRunning ? "timed out" : "tapaway exited, \(exitDescription)")).\n\(diagnostics)")
            }
            usleep(10_000)
        }
    }

    /// Lets the program run for `seconds` (to give unwanted lines a chance to appear), then
    /// reads the trace.
    func settle(_ seconds: Double = 0.4) {
        usleep(useconds_t(seconds * 1_000_000))
        refresh()
    }

    /// The last `layout` line so far.
    var lastLayout: TraceLine? { refresh().last { $0.kind == "layout" } }

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

    /// Asks the program to quit (SIGTERM), waits up to 3 s, then kills it. Safe to call twice.
    func terminate() {
        guard !terminated else { return }
        terminated = true
        process.stop(grace: 3)
        refresh()
    }

    /// Waits up to `timeout` seconds for the program to exit on its own; returns its exit code
    /// (nil if it is still running, which it is left doing, or was killed by a signal).
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
            --- last \(min(count, lines.count)) of \(lines.count) trace lines:
            \(tail)\(partial)
            --- stderr (tail):
            \(stderrTail)
            --- full trace: \(traceURL.path) (kept when TAPAWAY_E2E_KEEP=1)
            """
    }

    /// `diagnostics(lastLines: 30)`.
    var diagnostics: String { diagnostics(lastLines: 30) }
}
