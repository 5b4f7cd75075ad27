import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A private X server (`Xvfb`) for one test, so tests never share a display and can run side
/// by side.
///
/// Xvfb is asked to pick a free display number itself (`-displayfd`) and to write it to its
/// standard output, which is a pipe read here: no guessing of free numbers, no races between
/// parallel tests. The server runs under `timeout` when available, so that even if the test
/// process dies without running its clean-up, no orphaned Xvfb outlives it by more than a few
/// minutes.
final class VirtualDisplay {
    /// The display number, as in `:N`.
    let number: Int
    /// The screen size the server was started with.
    let width: Int
    let height: Int
    private let process: Process
    private let stderrURL: URL
    private var stopped = false

    /// The value for `DISPLAY`.
    var name: String { ":\(number)" }

    /// Starts `Xvfb -displayfd 1 -screen 0 WxHx24 -noreset -nolisten tcp` and waits until it
    /// reports its display number (it does so once it accepts connections).
    ///
    /// - Throws: `EndToEndError` if Xvfb is missing, exits early, or does not report a display
    ///   within `timeout` seconds.
    init(width: Int = 1280, height: Int = 1024, timeout: Double = 10) throws {
        self.width = width
        self.height = height
        guard let xvfb = Executables.find("Xvfb") else {
            throw EndToEndError("Xvfb is not installed (apt-get install xvfb); the end-to-end tests need it")
        }
        let arguments = [xvfb, "-displayfd", "1", "-screen", "0", "\(width)x\(height)x24",
                         "-noreset", "-nolisten", "tcp"]
        let process = Process()
        Executables.configure(process, command: arguments, lifetimeLimit: 300)

        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardInput = FileHandle.nullDevice
        stderrURL = FileManager.default.temporaryDirectory
            .appendingPathComponent("tapaway-e2e-xvfb-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: stderrURL)
        do {
            try process.run()
        } catch {
            throw EndToEndError("cannot start Xvfb: \(error)")
        }
        self.process = process
        // Our copy of the write end must go, or a dying Xvfb would not give us end-of-file.
        try? pipe.fileHandleForWriting.close()

        let readFD = pipe.fileHandleForReading.fileDescriptor
        var received = ""
        let deadline = Date().addingTimeInterval(timeout)
        var number: Int?
        while number == nil {
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 { break }
            var pfd = pollfd(fd: readFD, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pfd, 1, Int32(min(remaining, 0.2) * 1000) + 1)
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 { continue }
            var buffer = [UInt8](repeating: 0, count: 64)
            let count = read(readFD, &buffer, buffer.count)
            if count <= 0 { break } // end-of-file: Xvfb went away
            received += String(decoding: buffer[0..<count], as: UTF8.self)
            if let newline = received.firstIndex(of: "\n") {
                number = Int(received[..<newline].trimmingCharacters(in: .whitespaces))
                if number == nil { break }
            }
        }
        try? pipe.fileHandleForReading.close()
        guard let number else {
            let log = (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? ""
            process.terminate()
            Self.reap(process, grace: 2)
            try? FileManager.default.removeItem(at: stderrURL)
            throw EndToEndError("""
                Xvfb did not report a display number within \(timeout) s \
                (received \(received.debugDescription), running: \(process.isRunning)).
                Xvfb log (tail):
                \(log.split(separator: "\n").suffix(20).joined(separator: "\n"))
                """)
        }
        self.number = number
    }

    deinit { stop() }

    /// Stops the server: SIGTERM, wait up to 5 s, then SIGKILL. Safe to call more than once.
    func stop() {
        guard !stopped else { return }
        stopped = true
        if process.isRunning { process.terminate() }
        Self.reap(process, grace: 5)
        try? FileManager.default.removeItem(at: stderrURL)
    }

    /// Waits up to `grace` seconds for `process` to exit, then kills it and waits again.
    static func reap(_ process: Process, grace: Double) {
        let deadline = Date().addingTimeInterval(grace)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            let hard = Date().addingTimeInterval(2)
            while process.isRunning && Date() < hard { usleep(10_000) }
        }
    }
}

/// Finding and launching helper programs.
enum Executables {
    /// The absolute path of `name` on `PATH` (or in the usual system directories), if any.
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let dirs = path.split(separator: ":").map(String.init) + ["/usr/bin", "/bin", "/usr/local/bin"]
        for dir in dirs where !dir.isEmpty {
            let candidate = dir + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Sets `process` up to run `command` (an absolute path and its arguments), wrapped in
    /// `timeout -k 5 LIMIT` when coreutils' `timeout` exists. The wrapper forwards SIGTERM to
    /// the command, so `terminate()` behaves as usual, and it bounds the command's lifetime if
    /// the test process itself crashes before cleaning up.
    static func configure(_ process: Process, command: [String], lifetimeLimit seconds: Int) {
        if let timeout = find("timeout") {
            process.executableURL = URL(fileURLWithPath: timeout)
            process.arguments = ["-k", "5", String(seconds)] + command
        } else {
            process.executableURL = URL(fileURLWithPath: command[0])
            process.arguments = Array(command.dropFirst())
        }
    }
}
