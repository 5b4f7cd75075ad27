/// A descriptor the host's run loop waits on beside its own input, without ever blocking on it:
/// a connection to another program (the accessibility bus) is read and written only when poll
/// says it can be, in the same turn of the loop as window-system input.
///
/// A host that polls (the X11 loop) adds `pollDescriptor` for reading, and for writing while
/// `wantsToWrite`, and calls `handlePoll(readable:writable:failed:)` when poll reports it.
@MainActor
public protocol PolledInput: AnyObject {
    /// The descriptor to wait on; nil while there is none (not connected, or closed).
    var pollDescriptor: Int32? { get }
    /// Whether bytes wait to be written, so the host waits for the descriptor to be writable too.
    var wantsToWrite: Bool { get }
    /// Reads and writes what the descriptor takes now, without blocking, and handles what
    /// arrived. Returns whether that changed anything in the program (work, for idleness).
    func handlePoll(readable: Bool, writable: Bool, failed: Bool) -> Bool
}
