import Foundation
import Glibc

/// A child process started with `posix_spawn`, in its own process group, with a clean signal
/// state and no inherited file descriptors beyond 0, 1 and 2.
///
/// Why not Foundation's `Process`: tests run on libdispatch worker threads, which block almost
/// every signal, and `Process` passes the spawning thread's signal mask on to the child. A
/// child with SIGTERM blocked ignores `terminate()` (this is exactly what left orphaned Xvfb
/// servers behind in a first version). Here the child gets an empty mask and default signal
/// dispositions, its own process group (so stopping it also stops whatever it started, such
/// as the program under `timeout`), and only the descriptors it is given: a parallel test's
/// pipes and X connections never leak into it.
public final class ChildProcess {
    /// Where one of the child's standard streams goes.
    public enum Stream {
        /// `/dev/null`: the child reads nothing, or its output is dropped.
        case null
        /// A copy of one of our descriptors (e.g. a pipe's write end).
        case descriptor(Int32)
        /// A file, created or truncated.
        case file(String)
    }

    /// The child's process id, which is also its process group id.
    public let pid: pid_t
    /// The command as launched (for messages).
    public let commandLine: [String]
    private var waitStatus: Int32?

    /// Spawns `command[0]` (an absolute path) with `command[1...]` as arguments.
    public init(
        command: [String], environment: [String: String],
        stdin: Stream = .null, stdout: Stream = .null, stderr: Stream = .null
    ) throws {
        precondition(!command.isEmpty)
        commandLine = command

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (stream, target) in [(stdin, Int32(0)), (stdout, 1), (stderr, 2)] {
            switch stream {
            case .null:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
            case .descriptor(let fd):
                posix_spawn_file_actions_adddup2(&actions, fd, target)
            case .file(let path):
                posix_spawn_file_actions_addopen(&actions, target, path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            }
        }
        Self.closeInheritedDescriptors(&actions)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))

        let argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, command[0], &actions, &attributes, argv, envp)
        guard result == 0 else {
            throw ChildProcessError("cannot start \(command[0]): \(String(cString: strerror(result)))")
        }
        self.pid = pid
    }

    deinit { stop(grace: 2) }

    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32

    /// glibc ≥ 2.34 has `posix_spawn_file_actions_addclosefrom_np`, but the Glibc module does not
    /// export it (it needs `_GNU_SOURCE`), so it is looked up at run time.
    ///
    /// Without it, every descriptor ≥ 3 open right now is closed explicitly.
    private static func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") {
            let addCloseFrom = unsafeBitCast(symbol, to: AddCloseFrom.self)
            if addCloseFrom(&actions, 3) == 0 { return }
        }
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for fd in open.compactMap({ Int32($0) }) where fd >= 3 && fcntl(fd, F_GETFD) != -1 {
            posix_spawn_file_actions_addclose(&actions, fd)
        }
    }

    /// Whether the child is still running (reaps it once it has exited).
    public var isRunning: Bool {
        if waitStatus != nil { return false }
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        if result == pid {
            waitStatus = status
            return false
        }
        if result == -1 && errno == ECHILD {
            waitStatus = -1
            return false
        }
        return true
    }

    /// The exit code if the child exited normally.
    public var exitCode: Int32? {
        guard !isRunning, let status = waitStatus, status != -1, status & 0x7F == 0 else { return nil }
        return (status >> 8) & 0xFF
    }

    /// The signal that killed the child, if one did.
    public var terminationSignal: Int32? {
        guard !isRunning, let status = waitStatus, status != -1, status & 0x7F != 0 else { return nil }
        return status & 0x7F
    }

    /// "running", "exit status N" or "killed by signal N".
    public var statusDescription: String {
        if isRunning { return "running" }
        if let code = exitCode { return "exit status \(code)" }
        if let signal = terminationSignal { return "killed by signal \(signal) (\(String(cString: strsignal(signal))))" }
        return "exited (status unknown)"
    }

    /// Sends `signal` to the child's whole process group.
    public func signalGroup(_ signal: Int32) {
        guard isRunning else { return }
        kill(-pid, signal)
    }

    /// Waits up to `timeout` seconds for the child to exit; true if it has.
    @discardableResult
    public func waitForExit(timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while isRunning {
            if Date() >= deadline { return false }
            usleep(5_000)
        }
        return true
    }

    /// SIGTERM to the group, up to `grace` seconds to exit, then SIGKILL to the group and wait.
    ///
    /// Safe to call more than once.
    public func stop(grace: Double) {
        guard isRunning else { return }
        signalGroup(SIGTERM)
        if waitForExit(timeout: grace) { return }
        signalGroup(SIGKILL)
        waitForExit(timeout: 5)
    }
}

extension ChildProcess {
    /// Spawns `command` with its standard output on a pipe and reads that pipe until `isReady`
    /// accepts what the child has written: how a server says it is ready (Xvfb's display number,
    /// a session script's "ready" line), so a test waits for that, not for a time.
    ///
    /// Standard error goes to `stderr`, or to the same pipe with `errorsToo`. Returns the child
    /// and what it wrote. If the child ends or `timeout` seconds pass first, the child is
    /// stopped and a `ChildProcessError` says what was `awaited` and what the child wrote.
    public static func start(
        _ command: [String], environment: [String: String], stderr: Stream = .null, errorsToo: Bool = false,
        timeout: Double, awaiting awaited: String, until isReady: (String) -> Bool
    ) throws -> (process: ChildProcess, said: String) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw ChildProcessError("pipe failed: \(String(cString: strerror(errno)))") }
        // Children never inherit it anyway (descriptors ≥ 3 are closed), but keep it out of any
        // other exec too.
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        let (readFD, writeFD) = (fds[0], fds[1])
        defer { close(readFD) }
        let process: ChildProcess
        do {
            process = try ChildProcess(
                command: command, environment: environment, stdout: .descriptor(writeFD),
                stderr: errorsToo ? .descriptor(writeFD) : stderr)
        } catch {
            close(writeFD)
            throw error
        }
        // Our copy of the write end must go, or a child that dies would not give us end-of-file.
        close(writeFD)
        var received = ""
        let deadline = Date().addingTimeInterval(timeout)
        while !isReady(received) {
            let remaining = deadline.timeIntervalSinceNow
            var ended = remaining <= 0
            if !ended {
                var pfd = pollfd(fd: readFD, events: Int16(POLLIN), revents: 0)
                guard poll(&pfd, 1, Int32(min(remaining, 0.2) * 1000) + 1) > 0 else { continue }
                var buffer = [UInt8](repeating: 0, count: 512)
                let count = read(readFD, &buffer, buffer.count)
                if count > 0 { received += String(decoding: buffer[0..<count], as: UTF8.self) }
                ended = count == 0 || (count < 0 && errno != EINTR && errno != EAGAIN)
            }
            if ended {
                let state = process.statusDescription
                process.stop(grace: 2)
                throw ChildProcessError(
                    "\(awaited) did not come within \(timeout) s (\(command.last ?? "") wrote \(received.debugDescription); "
                        + "\(state))")
            }
        }
        return (process, received)
    }
}

/// Finds the helper programs the tests run (Xvfb and the like) on `PATH` or in the usual directories.
public enum Executables {
    /// The absolute path of `name` on `PATH` (or in the usual system directories), if any.
    public static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let dirs = path.split(separator: ":").map(String.init) + ["/usr/bin", "/bin", "/usr/local/bin"]
        for dir in dirs where !dir.isEmpty {
            let candidate = dir + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// The longest a program or server of an end-to-end test may live, in seconds: 300, or
    /// `TAPAWAY_E2E_LIFETIME` for long runs (the monkey's), and always five minutes more than a
    /// soak asked for with `TAPAWAY_MONKEY_MINUTES`, so a soak is never cut short by its own Xvfb.
    public static var sessionLifetime: Int {
        let environment = ProcessInfo.processInfo.environment
        let asked = environment["TAPAWAY_E2E_LIFETIME"].flatMap(Int.init) ?? 0
        let soak = environment["TAPAWAY_MONKEY_MINUTES"].flatMap(Double.init).map { Int(($0 * 60).rounded(.up)) + 300 } ?? 0
        return max(300, asked, soak)
    }

    /// `command` wrapped in `timeout -k 5 LIMIT` when coreutils' `timeout` exists.
    ///
    /// The wrapper passes SIGTERM on to the command, and bounds the command's lifetime should the test
    /// process crash before it can clean up.
    public static func bounded(_ command: [String], lifetimeLimit seconds: Int) -> [String] {
        guard let timeout = find("timeout") else { return command }
        return [timeout, "-k", "5", String(seconds)] + command
    }
}

/// Why a child process or a private display could not be had, in words for the test's failure.
public struct ChildProcessError: Error, CustomStringConvertible {
    /// What went wrong, in words the test's failure shows.
    public let description: String

    /// An error that says `description`.
    public init(_ description: String) { self.description = description }
}
