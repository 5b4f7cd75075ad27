import Glibc

/// SIGINT, SIGTERM, SIGHUP, and SIGUSR1, SIGUSR2 and SIGALRM (which would otherwise end the
/// program as abruptly), turned into a readable file descriptor (the self-pipe trick), so the
/// run loop can end normally (settings saved, recordings closed) instead of dying mid-write.
enum TerminationSignals {
    /// The pipe's read end, which becomes readable once a termination signal has arrived; -1
    /// before `install()`.
    nonisolated(unsafe) private(set) static var readDescriptor: Int32 = -1
    nonisolated(unsafe) private static var writeDescriptor: Int32 = -1

    /// The signals handled.
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
            action.__sigaction_handler.sa_handler = { _ in
                var byte: UInt8 = 1
                _ = write(TerminationSignals.writeDescriptor, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(number, &action, nil)
        }
    }

    /// Whether a termination signal arrived since the last call (and drains the pipe).
    static func takePending() -> Bool {
        guard readDescriptor >= 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 16)
        var seen = false
        while buffer.withUnsafeMutableBytes({ read(readDescriptor, $0.baseAddress, $0.count) }) > 0 { seen = true }
        return seen
    }
}
