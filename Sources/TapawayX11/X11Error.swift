import CX11
import Glibc

/// An error from the X11 backend: the display cannot be opened, the server lacks something the
/// backend needs, or a screenshot cannot be written.
package struct X11Error: Error, CustomStringConvertible, Sendable {
    /// A one-line explanation, suitable for printing as is.
    package let message: String

    /// Creates an error with a one-line explanation.
    package init(_ message: String) { self.message = message }

    /// The explanation.
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

/// What the process-wide Xlib error handlers need to know. Set once on the main thread before
/// the handlers are installed; the handlers only read it.
enum XErrorHandlers {
    /// The display name, for the lost-connection message.
    nonisolated(unsafe) static var displayName = ""
    /// While set, protocol errors are expected (a request that may name a window gone by
    /// now) and pass without a line; `quietly(on:_:)` sets it.
    nonisolated(unsafe) private static var quiet = false
    /// Run once when the connection is lost, before the process exits: the program's chance to
    /// save what a close saves. It must not use the display. Set on the main thread.
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
            var buffer = [CChar](repeating: 0, count: 160)
            XGetErrorText(display, Int32(error.error_code), &buffer, Int32(buffer.count))
            let text = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            writeErrorLine(
                "tapaway: X error: \(text) (request \(error.request_code).\(error.minor_code), resource 0x\(String(error.resourceid, radix: 16)))"
            )
            return 0
        }
    }
}
