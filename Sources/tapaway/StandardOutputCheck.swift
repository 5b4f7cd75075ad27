import Glibc
import TapawayDemo
import TapawayX11

/// Standard output checked when the process exits, as GNU tools check it (`close_stdout`): a
/// write that failed (`tapaway list > /dev/full`, a full disk) must not end the run as a
/// success.
///
/// Two paths write to standard output: `Console.out`, with `write(2)` on descriptor 1, which
/// reports its failures here, and swift-argument-parser's `--help`, `--version` and
/// completion scripts, which go through C's buffered `stdout` and are only written when it is
/// flushed at exit. The exit handler flushes `stdout` first, then, if either failed, prints one
/// `tapaway: write error: REASON` line on standard error and ends with status 74 (EX_IOERR)
/// instead of the status the run would have had.
enum StandardOutputCheck {
    /// The `errno` of the first failed write of `Console.out`, 0 while none failed.
    nonisolated(unsafe) private static var firstFailure: Int32 = 0

    /// Registers the exit handler.
    ///
    /// Call it once, before anything is written.
    static func install() {
        atexit { StandardOutputCheck.checkAtExit() }
    }

    /// Notes that a write to standard output failed with `code`; the first one is reported at
    /// exit.
    static func noteFailure(_ code: Int32) {
        if firstFailure == 0 { firstFailure = code }
    }

    /// The exit handler's check: flushes C's `stdout`; on a failure there or an earlier one,
    /// says so once and ends the process with `ExitStatus.ioError`.
    static func checkAtExit() {
        let flushError = StandardOutputFlush.flushError()
        let code = firstFailure != 0 ? firstFailure : flushError
        guard code != 0 else { return }
        FileIO.writeLine("tapaway: write error: \(FileIO.describe(code))", to: 2)
        _exit(ExitStatus.ioError)
    }
}
