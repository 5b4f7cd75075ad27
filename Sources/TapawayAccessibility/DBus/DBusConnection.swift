import Glibc
import TapawayKit

/// A client connection to a D-Bus message bus over a Unix socket, that never blocks: the
/// socket is non-blocking, what it does not take at once waits in a bounded buffer, and the host's
/// run loop polls it (`PolledInput`) beside the X connection.
///
/// It authenticates with SASL `EXTERNAL` (the kernel vouches for the user id), says `Hello` to
/// learn its unique name, and then sends calls and signals, matches replies to calls and hands
/// incoming method calls to `onMethodCall`. Anything a peer sends that is malformed or too large
/// closes the connection (`onClose` says why); nothing a peer sends can make it trap or wait.
@MainActor
package final class DBusConnection: PolledInput {
    /// Where the connection stands.
    package enum State: Equatable {
        /// Waiting for the server's `OK` to the authentication.
        case authenticating
        /// Authenticated; `Hello` sent, its reply awaited.
        case greeting
        /// Ready: `uniqueName` is known.
        case open
        /// Closed, for the reason given.
        case closed(String)
    }

    /// Where the connection stands.
    package private(set) var state: State = .authenticating
    /// The name the bus gave this connection (`:1.42`), once `open`.
    package private(set) var uniqueName: String?
    /// Called once with the connection open.
    package var onOpen: (() -> Void)?
    /// Called with each method call that arrives for this connection.
    package var onMethodCall: ((DBusMessage) -> Void)?
    /// Called with each signal that arrives (those the connection asked the bus for).
    package var onSignal: ((DBusMessage) -> Void)?
    /// Called once when the connection closes, with the reason (the peer hung up, sent
    /// something malformed, or a buffer limit was reached).
    package var onClose: ((String) -> Void)?

    private var descriptor: Int32
    private var outgoing: [UInt8] = []
    private var outgoingStart = 0
    private var incoming: [UInt8] = []
    private var nextSerial: UInt32 = 1
    private var replyHandlers: [UInt32: (DBusMessage) -> Void] = [:]

    /// The most bytes that may wait to be written: a bus that stops reading costs this much,
    /// then the connection is closed rather than the program growing or waiting.
    package static let outgoingLimit = 8 << 20
    /// The most bytes read in one turn of the loop, so a flooding peer cannot starve the window.
    static let readPerTurn = 1 << 18
    /// The longest authentication line the server may send.
    static let authenticationLineLimit = 1024

    /// Connects to the first of `addresses` that accepts, without blocking; nil when none does.
    package static func connect(to addresses: [DBusAddress]) -> DBusConnection? {
        for address in addresses {
            if let fd = openSocket(address) { return DBusConnection(descriptor: fd) }
        }
        return nil
    }

    /// A connection over `descriptor`, an already connected stream socket (tests use one end of a
    /// socket pair), made non-blocking here.
    ///
    /// The authentication starts at once.
    package init(descriptor: Int32) {
        self.descriptor = descriptor
        let flags = fcntl(descriptor, F_GETFL)
        _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        let uid = String(getuid())
        let hex = uid.utf8.map { String($0, radix: 16) }.joined()
        queue([0] + Array("AUTH EXTERNAL \(hex)\r\n".utf8))
        flush()
    }

    private static func openSocket(_ address: DBusAddress) -> Int32? {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        var socketAddress = sockaddr_un()
        socketAddress.sun_family = sa_family_t(AF_UNIX)
        let name: [UInt8]
        switch address {
        case .path(let path): name = Array(path.utf8)
        case .abstract(let text): name = [0] + Array(text.utf8)
        }
        let capacity = MemoryLayout.size(ofValue: socketAddress.sun_path)
        guard name.count < capacity else {
            Glibc.close(fd)
            return nil
        }
        withUnsafeMutableBytes(of: &socketAddress.sun_path) { raw in
            for (index, byte) in name.enumerated() { raw[index] = byte }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + name.count + (name.first == 0 ? 0 : 1))
        let result = withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, length) }
        }
        // A Unix socket connects at once or not at all; EINPROGRESS would mean it is under way.
        guard result == 0 || errno == EINPROGRESS else {
            Glibc.close(fd)
            return nil
        }
        return fd
    }

    deinit {
        if descriptor >= 0 { Glibc.close(self.descriptor) }
    }

    // MARK: Sending

    /// Sends `message` (numbered here) and returns its serial; `reply`, if given, is called with the
    /// reply or error when it comes.
    ///
    /// Nothing is sent once the connection is closed.
    @discardableResult
    package func send(_ message: DBusMessage, reply: ((DBusMessage) -> Void)? = nil) -> UInt32 {
        guard state != .authenticating, !isClosed else { return 0 }
        let serial = nextSerial
        nextSerial = nextSerial == UInt32.max ? 1 : nextSerial + 1
        if let reply { replyHandlers[serial] = reply }
        queue(message.encoded(serial: serial))
        flush()
        return serial
    }

    private var isClosed: Bool {
        if case .closed = state { return true }
        return false
    }

    private func queue(_ bytes: [UInt8]) {
        guard !isClosed else { return }
        if outgoing.count - outgoingStart + bytes.count > Self.outgoingLimit {
            close(because: "the accessibility bus stopped reading (\(Self.outgoingLimit >> 20) MiB waiting)")
            return
        }
        outgoing += bytes
    }

    private func flush() {
        while outgoingStart < outgoing.count, descriptor >= 0 {
            let written = outgoing.withUnsafeBytes { raw in
                Glibc.send(descriptor, raw.baseAddress! + outgoingStart, raw.count - outgoingStart, Int32(MSG_NOSIGNAL))
            }
            if written > 0 {
                outgoingStart += written
            } else {
                if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { break }
                close(because: "writing to the accessibility bus failed")
                return
            }
        }
        if outgoingStart == outgoing.count {
            outgoing.removeAll(keepingCapacity: outgoing.count < 1 << 16)
            outgoingStart = 0
        } else if outgoingStart > 1 << 16 {
            outgoing.removeFirst(outgoingStart)
            outgoingStart = 0
        }
    }

    /// Closes the connection (once), telling `onClose` why.
    package func close(because reason: String) {
        guard !isClosed else { return }
        state = .closed(reason)
        if descriptor >= 0 { Glibc.close(self.descriptor) }
        descriptor = -1
        outgoing = []
        incoming = []
        replyHandlers = [:]
        onClose?(reason)
    }

    // MARK: PolledInput

    /// The socket, until the connection closes.
    package var pollDescriptor: Int32? { descriptor >= 0 ? descriptor : nil }

    /// Whether bytes wait to be written.
    package var wantsToWrite: Bool { outgoingStart < outgoing.count }

    /// Writes what waits, reads what arrived (at most `readPerTurn` bytes) and handles every
    /// complete message in it.
    package func handlePoll(readable: Bool, writable: Bool, failed: Bool) -> Bool {
        if writable { flush() }
        var didWork = false
        if readable || failed {
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            var total = 0
            while descriptor >= 0, total < Self.readPerTurn {
                let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                if count > 0 {
                    incoming += buffer[0..<count]
                    total += count
                    didWork = processIncoming() || didWork
                } else if count == 0 {
                    close(because: "the accessibility bus hung up")
                    return true
                } else {
                    if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { break }
                    close(because: "reading from the accessibility bus failed")
                    return true
                }
            }
        }
        return didWork
    }

    /// Handles what `incoming` holds: authentication lines, then whole messages.
    private func processIncoming() -> Bool {
        var didWork = false
        if state == .authenticating {
            guard let end = incoming.firstIndex(of: UInt8(ascii: "\n")) else {
                if incoming.count > Self.authenticationLineLimit { close(because: "the accessibility bus sent a line too long") }
                return false
            }
            let line = String(decoding: incoming[..<end], as: UTF8.self)
            incoming.removeFirst(end + 1)
            guard line.hasPrefix("OK ") else {
                close(because: "the accessibility bus refused the authentication")
                return false
            }
            queue(Array("BEGIN\r\n".utf8))
            state = .greeting
            send(
                .call(
                    destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                    member: "Hello")
            ) {
                [weak self] reply in
                guard let self else { return }
                guard reply.kind == .methodReturn, let name = reply.body.first?.text else {
                    self.close(because: "the accessibility bus refused Hello")
                    return
                }
                self.uniqueName = name
                self.state = .open
                self.onOpen?()
            }
        }
        while !isClosed, state != .authenticating {
            let size: Int?
            do {
                size = try DBusMessage.size(ofMessageIn: incoming[...])
            } catch {
                close(because: "the accessibility bus sent a malformed message (\(error))")
                return true
            }
            guard let size, incoming.count >= size else { break }
            let bytes = Array(incoming[0..<size])
            incoming.removeFirst(size)
            let message: DBusMessage
            do {
                message = try DBusMessage.decode(bytes)
            } catch {
                close(because: "the accessibility bus sent a malformed message (\(error))")
                return true
            }
            dispatch(message)
            didWork = true
        }
        return didWork
    }

    private func dispatch(_ message: DBusMessage) {
        switch message.kind {
        case .methodReturn, .error:
            if let serial = message.replySerial, let handler = replyHandlers.removeValue(forKey: serial) {
                handler(message)
            }
        case .methodCall:
            guard message.path != nil, message.member != nil else { return }
            onMethodCall?(message)
        case .signal:
            guard message.path != nil, message.interface != nil, message.member != nil else { return }
            onSignal?(message)
        }
    }
}
