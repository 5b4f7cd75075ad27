import CX11
import Glibc

/// Opening the X display with a time limit.
///
/// `XOpenDisplay` waits for the server's answer for as long as it takes: a server that accepts
/// the connection and never answers (stopped, wedged, a dead SSH tunnel) would hang start-up
/// for ever. A watchdog thread waits beside it; should the limit pass first, it says so in one
/// line on standard error and ends the process with status 69 (EX_UNAVAILABLE, as for no display). Nothing has been shown or saved
/// by then, so there is nothing to lose, and no signal or alarm is involved.
enum DisplayConnection {
    /// The time limit in seconds: `TAPAWAY_X_TIMEOUT` when it is a positive number, else 10.
    static var timeLimit: Double {
        guard let raw = getenv("TAPAWAY_X_TIMEOUT"), let value = Double(String(cString: raw)),
            value.isFinite, value > 0
        else { return 10 }
        return min(value, 3600)
    }

    // What the watchdog thread reads; set before it starts, cleared after it is joined.
    nonisolated(unsafe) private static var message: [UInt8] = []
    nonisolated(unsafe) private static var milliseconds: Int32 = 0
    nonisolated(unsafe) private static var doneDescriptor: Int32 = -1

    /// `XOpenDisplay(name)`, or the process ends (status 69, after one line naming `shownName`)
    /// when the server has not answered within `seconds`.
    static func open(_ name: String?, shownName: String, within seconds: Double = timeLimit) -> OpaquePointer? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return XOpenDisplay(name) }  // no watchdog: as before
        for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        message = Array(
            "tapaway: the X server on display \(shownName) did not answer within \(describe(seconds)); is it stopped or unreachable? (TAPAWAY_X_TIMEOUT sets the limit in seconds)\n"
                .utf8)
        milliseconds = Int32(min(seconds * 1000, Double(Int32.max)).rounded(.up))
        doneDescriptor = ends[0]
        var watchdog = pthread_t()
        let started =
            pthread_create(
                &watchdog, nil,
                { _ in
                    var waiting = pollfd(fd: DisplayConnection.doneDescriptor, events: Int16(POLLIN), revents: 0)
                    var result: Int32
                    repeat { result = poll(&waiting, 1, DisplayConnection.milliseconds) } while result < 0 && errno == EINTR
                    if result == 0 {
                        DisplayConnection.message.withUnsafeBytes { _ = write(2, $0.baseAddress, $0.count) }
                        _exit(EX_UNAVAILABLE)
                    }
                    return nil
                }, nil) == 0
        let display = XOpenDisplay(name)
        close(ends[1])  // wakes the watchdog: the server answered (or refused) in time
        if started { pthread_join(watchdog, nil) }
        close(ends[0])
        doneDescriptor = -1
        return display
    }

    /// "10 seconds", "1 second", "0.5 seconds".
    private static func describe(_ seconds: Double) -> String {
        let number = seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
        return number + (seconds == 1 ? " second" : " seconds")
    }
}
