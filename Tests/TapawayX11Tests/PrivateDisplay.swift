import CX11
import Glibc

/// A private X server (`Xvfb -displayfd`) for one test, opened as a connection, so the tests
/// share no display with each other or with anyone else's. Xvfb picks a free display number
/// itself and writes it once it accepts connections; the test waits for that line, not a time.
final class PrivateDisplay {
    /// The connection to the server.
    let display: OpaquePointer
    private let pid: pid_t

    /// Starts Xvfb and connects. Throws when Xvfb is missing or does not start in 10 s.
    init() throws {
        let places: [String] = ["/usr/bin/Xvfb", "/usr/local/bin/Xvfb"]
        guard let xvfb = places.first(where: { access($0, X_OK) == 0 }) else {
            throw PrivateDisplayError("Xvfb is not installed (scripts/setup.sh installs xvfb)")
        }
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw PrivateDisplayError("pipe failed") }
        defer { close(fds[0]) }
        // The server starts with no signal blocked and every signal at its default, whatever
        // this thread blocks: an Xvfb that inherits a blocked SIGTERM never stops.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let arguments = [xvfb, "-displayfd", "1", "-screen", "0", "640x480x24", "-nolisten", "tcp"]
        var argv = arguments.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, xvfb, &actions, &attributes, &argv, environ)
        close(fds[1])
        guard spawned == 0 else { throw PrivateDisplayError("Xvfb could not be started (\(spawned))") }
        pid = child
        // The display number and a newline, once the server is ready (end of file if it died).
        var line = ""
        var deadline = timespec()
        clock_gettime(CLOCK_MONOTONIC, &deadline)
        let end = Double(deadline.tv_sec) + 10
        while !line.hasSuffix("\n") {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let left = end - Double(now.tv_sec) - Double(now.tv_nsec) / 1e9
            if left <= 0 { break }
            var poller = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, Int32(left * 1000) + 1) <= 0 { continue }
            var buffer = [UInt8](repeating: 0, count: 32)
            let count = read(fds[0], &buffer, buffer.count)
            if count <= 0 { break }
            line += String(decoding: buffer[0..<count], as: UTF8.self)
        }
        guard let number = Int(line.filter(\.isNumber)), let display = XOpenDisplay(":\(number)") else {
            Self.stop(child)
            throw PrivateDisplayError("Xvfb did not start (it wrote \(line.debugDescription))")
        }
        self.display = display
    }

    deinit {
        XCloseDisplay(display)
        Self.stop(pid)
    }

    /// Stops the server (SIGTERM: it removes its lock file) and reaps it.
    private static func stop(_ pid: pid_t) {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }
}

/// Why a private display could not be had.
struct PrivateDisplayError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
