import Glibc
import TapawayDemo
import TapawayScreen

/// `tapaway audit --jobs N`: the techniques played in N processes of this same program, each on a
/// processor of its own.
///
/// A worker is `tapaway audit --worker-techniques A,B` given the screen file's bytes on its standard
/// input (exactly what the audit read, even if the file changes meanwhile) and the same options; it
/// writes each technique's run as one JSON line. Whatever a worker does not deliver (it could not
/// start, died, or wrote something else) is played in the audit's own process, so the result never
/// depends on the workers.
struct AuditWorker {
    /// The techniques it plays.
    let techniques: [TechniqueID]
    private let pid: pid_t
    private let output: Int32

    /// Starts a worker for `techniques` on `screen` (its bytes, or a shipped screen's name) with
    /// the `--set` texts given; nil when it cannot start or take the screen.
    init?(techniques: [TechniqueID], screen: String, bytes: [UInt8]?, settings: [String]) {
        self.techniques = techniques
        var input: [Int32] = [-1, -1], output: [Int32] = [-1, -1]
        guard pipe(&input) == 0 else { return nil }
        guard pipe(&output) == 0 else {
            close(input[0]); close(input[1])
            return nil
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        for end in input + output { posix_spawn_file_actions_addclose(&actions, end) }
        let arguments =
            ["tapaway", "audit", bytes == nil ? screen : "/dev/stdin", "--jobs", "1"]
            + ["--worker-techniques", techniques.map(\.rawValue).joined(separator: ",")]
            + settings.flatMap { ["--set", $0] }
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, "/proc/self/exe", &actions, nil, argv, environ)
        close(input[0])
        close(output[1])
        guard status == 0 else {
            close(input[1]); close(output[0])
            return nil
        }
        self.pid = pid
        self.output = output[0]
        // The screen, then the end of the input. The worker reads it all before it plays, so
        // this waits only on a worker that is reading; one that died makes the write fail.
        var written = true
        if let bytes {
            written = bytes.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let n = write(input[1], buffer.baseAddress! + offset, buffer.count - offset)
                    if n < 0 && errno == EINTR { continue }
                    if n <= 0 { return false }
                    offset += n
                }
                return true
            }
        }
        close(input[1])
        if !written {
            finishProcess()
            return nil
        }
    }

    /// Waits for the worker and reads its runs: every technique it was given, in its order, or
    /// nil when it failed in any way.
    @MainActor
    func finish() -> [AuditRunner.TechniqueRun]? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            bytes.append(contentsOf: buffer[0..<n])
        }
        guard finishProcess() else { return nil }
        var runs: [AuditRunner.TechniqueRun] = []
        for line in bytes.split(separator: 0x0A) {
            guard let node = try? JSONReader.read(Array(line), limits: AuditRunner.TechniqueRun.jsonLimits),
                let run = AuditRunner.TechniqueRun(json: node)
            else { return nil }
            runs.append(run)
        }
        return runs.map(\.technique) == techniques ? runs : nil
    }

    /// Closes the output and waits for the process; true when it exited with status 0.
    @discardableResult
    private func finishProcess() -> Bool {
        close(output)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WIFEXITED and WEXITSTATUS, which Swift does not import.
        return status & 0x7F == 0 && (status >> 8) & 0xFF == 0
    }

    /// How many processes an audit uses by default: one per processor it may run on, at most
    /// four.
    static var defaultJobs: Int {
        let online = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        return max(1, min(4, online))
    }

    /// Plays `techniques` on `document` in `jobs` processes (this one among them) and returns
    /// every run in `techniques`' order.
    @MainActor
    static func runs(
        of techniques: [TechniqueID], on document: ScreenDocument, screen: String, bytes: [UInt8]?,
        options: [OptionAssignment], settings: [String], jobs: Int
    ) -> [AuditRunner.TechniqueRun] {
        let runner = AuditRunner(document: document, options: options)
        let count = max(1, min(jobs, techniques.count))
        guard count > 1 else { return techniques.map { runner.run($0) } }
        signal(SIGPIPE, SIG_IGN)
        // Every count-th technique to each process: neighbours in the registry cost alike.
        let groups = (0..<count).map { start in stride(from: start, to: techniques.count, by: count).map { techniques[$0] } }
        let workers = groups.dropFirst().map { group in
            (group, AuditWorker(techniques: group, screen: screen, bytes: bytes, settings: settings))
        }
        var byTechnique: [TechniqueID: AuditRunner.TechniqueRun] = [:]
        for technique in groups[0] { byTechnique[technique] = runner.run(technique) }
        for (group, worker) in workers {
            for run in worker?.finish() ?? group.map({ runner.run($0) }) { byTechnique[run.technique] = run }
        }
        return techniques.compactMap { byTechnique[$0] }
    }
}
