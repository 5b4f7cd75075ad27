import CX11
import CXlibQueue
import Glibc

/// An error from the X11 backend: the display cannot be opened, the server lacks something the
/// backend needs, or a screenshot cannot be written.
package struct X11Error: Error, CustomStringConvertible, Sendable {
    /// A one-line explanation, suitable for printing as is.
    package let message: String

    /// Creates an error with a one-line explanation.
    package init(_ message: String) { self.message = message }

    /// The explanation, one line, as printed to standard error.
    package var description: String { message }
}

/// Writes `line` and a newline to file descriptor 2 (Glibc's `stderr` is not usable in Swift 6).
func writeErrorLine(_ line: String) {
    var text = line
    text += "\n"
    text.withUTF8 { bytes in
        var offset = 0
        while offset < bytes.count {
            let written = write(2, bytes.baseAddress! + offset, bytes.count - offset)
            if written <= 0 {
                if written < 0 && errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}

/// What the process-wide Xlib error handlers need to know.
///
/// Set once on the main thread before the handlers are installed; the handlers only read it.
enum XErrorHandlers {
    /// The display name, for the lost-connection message.
    nonisolated(unsafe) static var displayName = ""
    /// While set, protocol errors are expected (a request that may name a window gone by
    /// now) and pass without a line; `quietly(on:_:)` sets it.
    nonisolated(unsafe) private static var quiet = false
    /// Run once when the connection is lost, before the process exits: the program's chance to save
    /// what a close saves.
    ///
    /// It must not use the display. Set on the main thread.
    nonisolated(unsafe) static var onConnectionLost: (() -> Void)?

    /// Runs `body` with protocol errors expected: the requests it makes are synchronised, so
    /// their errors arrive (and are passed over) before it returns.
    static func quietly<T>(on display: OpaquePointer, _ body: () -> T) -> T {
        quiet = true
        defer {
            XSync(display, 0)
            quiet = false
        }
        return body()
    }

    /// Installs the I/O error handler (lost connection: one line on fd 2, `onConnectionLost`
    /// (settings saved, as on SIGTERM), exit status 69, EX_UNAVAILABLE: the display is gone)
    /// and a protocol error handler that reports instead of exiting.
    static func install(displayName: String) {
        XErrorHandlers.displayName = displayName
        _ = XSetIOErrorHandler { _ in
            writeErrorLine("tapaway: lost the connection to X display '\(XErrorHandlers.displayName)'; exiting")
            // Once: should saving somehow reach the display, its I/O error only exits.
            XErrorHandlers.reportWithheld()
            let hook = XErrorHandlers.onConnectionLost
            XErrorHandlers.onConnectionLost = nil
            hook?()
            exit(EX_UNAVAILABLE)
        }
        _ = XSetErrorHandler { display, event in
            guard let display, let event else { return 0 }
            let error = event.pointee
            // Focus can race with mapping (a window manager, an unmap): not worth a line.
            if error.request_code == 42 /* X_SetInputFocus */ { return 0 }
            if XErrorHandlers.quiet { return 0 }
            if XErrorHandlers.isExpected(error, ownResource: tapaway_xlib_is_own_resource(display, error.resourceid) != 0) {
                XErrorHandlers.expectedCount += 1
                return 0
            }
            let decision = XErrorHandlers.limiter.admit(at: XErrorHandlers.now())
            if decision.withheldBefore > 0 { writeErrorLine(XErrorHandlers.withheldLine(decision.withheldBefore)) }
            guard decision.show else { return 0 }
            var buffer = [CChar](repeating: 0, count: 160)
            XGetErrorText(display, Int32(error.error_code), &buffer, Int32(buffer.count))
            let text = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            writeErrorLine(
                "tapaway: X error: \(text) (request \(error.request_code).\(error.minor_code), resource 0x\(String(error.resourceid, radix: 16)))"
            )
            return 0
        }
    }

    // MARK: Expected errors and the rate limit

    /// How many expected errors (`isExpected`) passed without a line.
    nonisolated(unsafe) private(set) static var expectedCount = 0
    /// The lines for other errors: a few, then a count.
    nonisolated(unsafe) private static var limiter = ErrorLineLimiter()

    /// The core requests that act on a window another client named: a selection's requestor
    /// (ChangeProperty 18, DeleteProperty 19, GetProperty 20, SendEvent 25, ChangeWindowAttributes
    /// 2 to watch its property), a selection's owner (ConvertSelection 24), a window manager's
    /// windows (GetWindowAttributes 3, GetGeometry 14, QueryTree 15, TranslateCoordinates 40).
    static let requestsOnOthersWindows: Set<UInt8> = [2, 3, 14, 15, 18, 19, 20, 24, 25, 40]

    /// Whether an error is one a program talking to other clients must expect: a window or drawable
    /// that is not ours and is gone (a requestor that destroyed its window before the reply, or a
    /// forged request naming none), or an atom a peer named that the server does not know, in a request
    /// acting on another client's window.
    ///
    /// Such errors are the peer's doing, and pass without a line.
    static func isExpected(_ error: XErrorEvent, ownResource: Bool) -> Bool {
        let code = Int32(error.error_code)
        guard requestsOnOthersWindows.contains(error.request_code) else { return false }
        if code == BadWindow || code == BadDrawable { return !ownResource }
        return code == BadAtom
    }

    /// The line for `count` error lines withheld by the rate limit.
    static func withheldLine(_ count: Int) -> String {
        "tapaway: \(count) more X error\(count == 1 ? "" : "s") not shown (at most \(ErrorLineLimiter.burst) lines every \(Int(ErrorLineLimiter.period)) seconds)"
    }

    /// Writes the count of error lines withheld and not yet reported, if any: at the end of
    /// the run loop and before exiting on a lost connection.
    static func reportWithheld() {
        let count = limiter.drain()
        if count > 0 { writeErrorLine(withheldLine(count)) }
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// How many X error lines reach standard error: the first `burst` in a `period`, then none until the
/// period is over, when a line says how many were withheld before the next error's own.
///
/// A flood of errors is so a handful of lines and a count, not one line per error.
struct ErrorLineLimiter {
    /// The most error lines written in one period.
    static let burst = 5
    /// The period, in seconds.
    static let period = 10.0

    private var periodStart = -Double.infinity
    private var shownInPeriod = 0
    /// The errors withheld since the last count was written.
    private(set) var withheld = 0

    /// For an error at `now` (seconds, monotonic): whether its line is written, and how many
    /// withheld lines to report first (nonzero only when a new period begins).
    mutating func admit(at now: Double) -> (show: Bool, withheldBefore: Int) {
        if now - periodStart >= Self.period {
            let before = withheld
            withheld = 0
            periodStart = now
            shownInPeriod = 1
            return (true, before)
        }
        if shownInPeriod < Self.burst {
            shownInPeriod += 1
            return (true, 0)
        }
        withheld += 1
        return (false, 0)
    }

    /// The withheld count not yet reported, now reported (reset to 0).
    mutating func drain() -> Int {
        defer { withheld = 0 }
        return withheld
    }
}
