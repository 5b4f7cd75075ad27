import Foundation
import Glibc

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
    private let server: ChildProcess
    private let logPath: String
    private var stopped = false

    /// The value for `DISPLAY`.
    var name: String { ":\(number)" }

    /// Starts `Xvfb -displayfd 1 -screen 0 WxHx24 -noreset -nolisten tcp`, with its standard
    /// output a pipe, and waits until it writes its display number there (it does so once it
    /// accepts connections).
    ///
    /// - Throws: `EndToEndError` if Xvfb is missing, exits early, or does not report a display
    ///   within `timeout` seconds.
    init(width: Int = 1280, height: Int = 1024, timeout: Double = 10) throws {
        self.width = width
        self.height = height
        guard let xvfb = Executables.find("Xvfb") else {
            throw EndToEndError("Xvfb is not installed (apt-get install xvfb); the end-to-end tests need it")
        }
        let command = [
            xvfb, "-displayfd", "1", "-screen", "0", "\(width)x\(height)x24",
            "-noreset", "-nolisten", "tcp",
        ]
        logPath =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("tapaway-e2e-xvfb-\(UUID().uuidString).log").path

        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else {
            throw EndToEndError("pipe failed: \(String(cString: strerror(errno)))")
        }
        // Children never inherit it anyway (`ChildProcess` closes descriptors ≥ 3), but keep
        // it out of any other exec too.
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        let (readFD, writeFD) = (fds[0], fds[1])
        defer { close(readFD) }
        let server: ChildProcess
        do {
            server = try ChildProcess(
                command: Executables.bounded(command, lifetimeLimit: Executables.sessionLifetime),
                environment: ProcessInfo.processInfo.environment,
                stdout: .descriptor(writeFD), stderr: .file(logPath))
        } catch {
            close(writeFD)
            throw error
        }
        // Our copy of the write end must go, or a dying Xvfb would not give us end-of-file.
        close(writeFD)
        self.server = server

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
            if count <= 0 { break }  // end-of-file: Xvfb went away
            received += String(decoding: buffer[0..<count], as: UTF8.self)
            if let newline = received.firstIndex(of: "\n") {
                number = Int(received[..<newline].trimmingCharacters(in: .whitespaces))
                if number == nil { break }
            }
        }
        guard let number else {
            let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
            let state = server.statusDescription
            server.stop(grace: 2)
            try? FileManager.default.removeItem(atPath: logPath)
            throw EndToEndError(
                """
                Xvfb did not report a display number within \(timeout) s \
                (received \(received.debugDescription); Xvfb \(state)).
                Xvfb log (tail):
                \(log.split(separator: "\n").suffix(20).joined(separator: "\n"))
                """)
        }
        self.number = number
    }

    deinit { stop() }

    /// Stops the server (SIGTERM, up to 5 s, then SIGKILL) and removes its log. Safe to call
    /// more than once.
    func stop() {
        guard !stopped else { return }
        stopped = true
        server.stop(grace: 5)
        try? FileManager.default.removeItem(atPath: logPath)
    }
}
