import Glibc

/// Seconds on the monotonic clock.
func monotonicNow() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// A program started for a benchmark, its standard output readable line by line with the time
/// each line arrived.
final class Spawned {
    /// The spawned process's id, to signal and to wait for.
    let pid: pid_t
    private let output: Int32
    private var pending: [UInt8] = []
    private(set) var exited = false

    /// Starts `command` (an absolute path first) with `environment` added to ours; standard error
    /// is dropped, standard output kept for `readLines`.
    init?(_ command: [String], environment extra: [String: String] = [:]) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, ends[0])
        var environment: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                environment[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        for (key, value) in extra { environment[key] = value }
        let argv = command.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, command[0], &actions, nil, argv, envp)
        close(ends[1])
        guard status == 0 else {
            close(ends[0])
            return nil
        }
        self.pid = pid
        output = ends[0]
        _ = fcntl(output, F_SETFL, fcntl(output, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        stop()
        close(output)
    }

    /// Complete lines written since the last call.
    func readLines() -> [String] {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            pending.append(contentsOf: buffer[0..<n])
        }
        var lines: [String] = []
        while let newline = pending.firstIndex(of: 0x0A) {
            lines.append(String(decoding: pending[..<newline], as: UTF8.self))
            pending.removeSubrange(...newline)
        }
        return lines
    }

    /// Waits up to `timeout` seconds for a line satisfying `match`; returns it with its arrival
    /// time.
    func waitForLine(timeout: Double, _ match: (String) -> Bool) -> (line: String, time: Double)? {
        let deadline = monotonicNow() + timeout
        while monotonicNow() < deadline {
            var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 5)
            let now = monotonicNow()
            for line in readLines() where match(line) { return (line, now) }
        }
        return nil
    }

    /// Resident memory in KiB (VmRSS): every page mapped in, shared libraries' included.
    var residentKiB: Int? { field("VmRSS:", in: "/proc/\(pid)/status") }

    /// Proportional memory in KiB (Pss): shared pages divided among the processes that map them.
    var proportionalKiB: Int? { field("Pss:", in: "/proc/\(pid)/smaps_rollup") }

    /// Memory only this process holds, in KiB (USS: private clean and dirty pages): what it
    /// costs the machine beyond libraries other programs share.
    var privateKiB: Int? {
        let path = "/proc/\(pid)/smaps_rollup"
        guard let clean = field("Private_Clean:", in: path), let dirty = field("Private_Dirty:", in: path) else { return nil }
        return clean + dirty
    }

    /// The number after `name` on its line of a /proc file.
    private func field(_ name: String, in path: String) -> Int? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if text.hasPrefix(name) {
                return Int(text.dropFirst(name.count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
            }
        }
        return nil
    }

    /// Reads and drops what it writes until it exits, or until `timeout` seconds pass; true when
    /// it exited (and was reaped).
    func waitForExit(timeout: Double) -> Bool {
        let deadline = monotonicNow() + timeout
        var status: Int32 = 0
        while monotonicNow() < deadline {
            _ = readLines()
            pending.removeAll()
            if waitpid(pid, &status, WNOHANG) == pid {
                exited = true
                return true
            }
            var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 5)
        }
        return false
    }

    /// SIGTERM, then SIGKILL after a second; reaps the process.
    func stop() {
        guard !exited else { return }
        exited = true
        kill(pid, SIGTERM)
        var status: Int32 = 0
        for _ in 0..<100 {
            if waitpid(pid, &status, WNOHANG) == pid { return }
            usleep(10_000)
        }
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
    }
}

/// Where a program is: `name` found on the PATH, or nil.
func findExecutable(_ name: String) -> String? {
    if name.hasPrefix("/") { return access(name, X_OK) == 0 ? name : nil }
    let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
        let candidate = "\(directory)/\(name)"
        if access(candidate, X_OK) == 0 { return candidate }
    }
    return nil
}

/// Minimum, median and maximum, or percentiles, of samples.
struct Figures {
    let sorted: [Double]

    init(_ samples: [Double]) { sorted = samples.sorted() }

    func percentile(_ p: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        return sorted[Swift.min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
    }

    var min: Double { sorted.first ?? .nan }
    var median: Double { percentile(0.5) }
    var max: Double { sorted.last ?? .nan }
}

/// A number with one decimal.
func format1(_ value: Double) -> String {
    guard value.isFinite else { return "—" }
    let tenths = (value * 10).rounded()
    return tenths.truncatingRemainder(dividingBy: 10) == 0 ? String(Int(tenths / 10)) : String(tenths / 10)
}
