import Glibc

/// SIGINT, SIGTERM, SIGHUP, and SIGUSR1, SIGUSR2 and SIGALRM (which would otherwise end the
/// program as abruptly), turned into a readable file descriptor (the self-pipe trick), so the
/// run loop can end normally (settings saved, recordings closed) instead of dying mid-write;
/// then `endProcess(as:)` ends the process as the signal would have (status 130 for SIGINT,
/// 143 for SIGTERM, 129 for SIGHUP, as a shell reports them).
enum TerminationSignals {
    /// The pipe's read end, which becomes readable once a termination signal has arrived; -1
    /// before `install()`.
    nonisolated(unsafe) private(set) static var readDescriptor: Int32 = -1
    nonisolated(unsafe) private static var writeDescriptor: Int32 = -1

    /// The signals that end the program cleanly: interrupt, terminate, hang-up, the two user signals and the alarm.
    static let signals = [SIGINT, SIGTERM, SIGHUP, SIGUSR1, SIGUSR2, SIGALRM]

    /// Installs the handlers once; later calls do nothing.
    static func install() {
        guard readDescriptor < 0 else { return }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        readDescriptor = ends[0]
        writeDescriptor = ends[1]
        for number in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(TerminationSignals.writeDescriptor, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(number, &action, nil)
        }
    }

    /// The first termination signal that arrived since the last call, if any (and drains the pipe).
    static func takePending() -> Int32? {
        guard readDescriptor >= 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 16)
        var first: Int32?
        while true {
            let count = buffer.withUnsafeMutableBytes { read(readDescriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            if first == nil { first = Int32(buffer[0]) }
        }
        return first
    }

    /// Ends the process as `number` would have, had it not been caught: the default action is restored
    /// and the signal raised again, so the parent sees a death by that signal (a shell says 128 + its
    /// number).
    ///
    /// `_exit(128 + number)` should the signal somehow not end it.
    static func endProcess(as number: Int32) -> Never {
        signal(number, SIG_DFL)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        sigaddset(&unblocked, number)
        sigprocmask(SIG_UNBLOCK, &unblocked, nil)
        raise(number)
        _exit(128 + number)
    }
}
