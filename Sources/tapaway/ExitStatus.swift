import Glibc

/// The statuses `tapaway` ends with: sysexits.h's where one fits, so scripts can tell a bad command
/// line from a missing display or an unwritable file.
///
/// The man page's EXIT STATUS and the README list them; a termination signal ends the process as the
/// signal would (see `X11Platform.endProcess(as:)`).
enum ExitStatus {
    /// Everything went well: status 0.
    static let success: Int32 = 0
    /// EX_USAGE (64): a bad option or value on the command line.
    static let usage: Int32 = EX_USAGE
    /// EX_DATAERR (65): a recording that can be read but not replayed (not JSON Lines, a bad
    /// line, a newer version).
    static let badRecording: Int32 = EX_DATAERR
    /// EX_DATAERR (65): a screen file that can be read but is not a screen (`validate`,
    /// `--screen`, `audit`): one line per problem, with the file's line and column.
    static let badScreen: Int32 = EX_DATAERR
    /// EX_NOINPUT (66): a recording that does not exist or cannot be opened for reading.
    static let missingInput: Int32 = EX_NOINPUT
    /// EX_UNAVAILABLE (69): no X display, one that does not answer or lacks what Tapaway draws
    /// with (RENDER, a TrueColor visual, a font), or a connection lost mid-session.
    static let unavailable: Int32 = EX_UNAVAILABLE
    /// EX_CANTCREAT (73): the trace, a recording or a screenshot cannot be written.
    static let cannotCreate: Int32 = EX_CANTCREAT
    /// EX_IOERR (74): standard output could not be written (`tapaway list > /dev/full`), or the
    /// trace stopped because a write to it failed (the run went on without it).
    static let ioError: Int32 = EX_IOERR

    /// The status for a recording at `path` that failed to load: `missingInput` when it cannot
    /// be opened for reading at all, else `badRecording`.
    static func unreadable(_ path: String) -> Int32 {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return missingInput }
        close(descriptor)
        return badRecording
    }
}
