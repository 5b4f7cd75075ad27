import Foundation
import Glibc

/// A private X server (`Xvfb`) for one test, so tests never share a display and can run side
/// by side: the one start-up every test target uses (the end-to-end tests, and the X11
/// backend's in-process tests through `PrivateDisplay`); the scripts have theirs in
/// `scripts/lib/xvfb.sh`.
///
/// Xvfb is asked to pick a free display number itself (`-displayfd`) and to write it to its
/// standard output, which is a pipe read here: no guessing of free numbers, no races between
/// parallel tests. The server runs under `timeout` when available, so that even if the test
/// process dies without running its clean-up, no orphaned Xvfb outlives it by more than a few
/// minutes.
public final class VirtualDisplay {
    /// The display number, as in `:N`.
    public let number: Int
    /// The screen's width the server was started with, in pixels.
    public let width: Int
    /// The screen's height the server was started with, in pixels.
    public let height: Int
    private let server: ChildProcess
    private let logPath: String
    private var stopped = false

    /// The value for `DISPLAY`.
    public var name: String { ":\(number)" }

    /// Starts `Xvfb -displayfd 1 -screen 0 WxHx24 -noreset -nolisten tcp`, with its standard
    /// output a pipe, and waits until it writes its display number there (it does so once it
    /// accepts connections).
    ///
    /// - Throws: `ChildProcessError` if Xvfb is missing, exits early, or does not report a display
    ///   within `timeout` seconds.
    public init(width: Int = 1280, height: Int = 1024, timeout: Double = 10) throws {
        self.width = width
        self.height = height
        guard let xvfb = Executables.find("Xvfb") else {
            throw ChildProcessError("Xvfb is not installed (scripts/setup.sh installs xvfb); the test needs it")
        }
        let command = [
            xvfb, "-displayfd", "1", "-screen", "0", "\(width)x\(height)x24",
            "-noreset", "-nolisten", "tcp",
        ]
        logPath =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("tapaway-xvfb-\(UUID().uuidString).log").path

        let started: (process: ChildProcess, said: String)
        do {
            started = try ChildProcess.start(
                Executables.bounded(command, lifetimeLimit: Executables.sessionLifetime),
                environment: ProcessInfo.processInfo.environment, stderr: .file(logPath), timeout: timeout,
                awaiting: "Xvfb's display number", until: { $0.contains("\n") })
        } catch {
            let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(atPath: logPath)
            throw ChildProcessError(
                "\(error)\nXvfb log (tail):\n\(log.split(separator: "\n").suffix(20).joined(separator: "\n"))")
        }
        server = started.process
        let line = started.said.prefix { $0 != "\n" }.trimmingCharacters(in: .whitespaces)
        guard let number = Int(line) else {
            server.stop(grace: 2)
            try? FileManager.default.removeItem(atPath: logPath)
            throw ChildProcessError("Xvfb wrote \(started.said.debugDescription), not a display number")
        }
        self.number = number
    }

    deinit { stop() }

    /// Stops the server (SIGTERM, up to 5 s, then SIGKILL) and removes its log.
    ///
    /// Safe to call more than once.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        server.stop(grace: 5)
        try? FileManager.default.removeItem(atPath: logPath)
    }
}
