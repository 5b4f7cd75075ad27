/// Output written without ever blocking (the trace, a recording): what its descriptor does not
/// take at once is held, and the host's run loop waits for the descriptor to take more.
///
/// A host that waits on descriptors (the X11 loop polls its connection) adds
/// `waitingDescriptor`, for writing, to what it waits on while it is not nil, and calls
/// `writePending()` when that descriptor is writable, has failed or has hung up. Without such a
/// host, the output still retries each time it is given more to write.
public protocol PendingOutput: AnyObject {
    /// The descriptor that bytes are waiting for, or nil when nothing waits.
    var waitingDescriptor: Int32? { get }
    /// Writes as much of what waits as the descriptor takes now, without blocking.
    func writePending()
}
