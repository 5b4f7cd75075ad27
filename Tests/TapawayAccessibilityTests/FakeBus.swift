import Glibc
import TapawayAccessibility

/// The bus end of a socket pair, speaking just enough of a D-Bus daemon for tests: it accepts the
/// authentication, names the client `:1.7` in reply to `Hello`, answers the registry's `Embed`, and
/// keeps every other message it receives.
///
/// Never blocks: it reads what is there.
final class FakeBus {
    /// The test's end of the socket pair; the bridge holds the other.
    let fd: Int32
    /// The client's end, to hand to a `DBusConnection`.
    let clientFD: Int32
    /// Every message received after the greeting, but for `Hello`.
    private(set) var received: [DBusMessage] = []
    private var inbox: [UInt8] = []
    private var authenticated = false
    private var serial: UInt32 = 100
    /// Whether it reads at all (a bus that stops reading fills the client's buffer).
    var reads = true

    init() {
        var pair: [Int32] = [0, 0]
        socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair)
        fd = pair[0]
        clientFD = pair[1]
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
    }

    deinit { close(fd) }

    /// Sends raw bytes to the bridge, all of them, as a bus would.
    func write(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Sends `message` from `sender`, numbered here; returns its serial.
    @discardableResult
    func send(_ message: DBusMessage, from sender: String = ":1.2") -> UInt32 {
        serial += 1
        var message = message
        message.sender = sender
        // A bus stamps the sender: the encoder leaves it out, so write the field by hand.
        write(Self.encoded(message, serial: serial))
        return serial
    }

    /// `message`'s bytes with its SENDER field (which a client never writes) added.
    static func encoded(_ message: DBusMessage, serial: UInt32) -> [UInt8] {
        var bytes = message.encoded(serial: serial)
        guard let sender = message.sender else { return bytes }
        // Rebuild the header fields with SENDER (7) appended, then the body.
        let fieldsLength = Int(bytes[12]) | Int(bytes[13]) << 8 | Int(bytes[14]) << 16 | Int(bytes[15]) << 24
        let bodyStart = (16 + fieldsLength + 7) / 8 * 8
        var fields = Array(bytes[16..<(16 + fieldsLength)])
        while fields.count % 8 != 0 { fields.append(0) }
        var writer = DBusWriter()
        writer.write(.structure([.byte(7), .variant(.string(sender))]))
        fields += writer.bytes
        let body = Array(bytes[bodyStart...])
        let length = UInt32(fields.count)
        bytes = Array(bytes[0..<12]) + withUnsafeBytes(of: length.littleEndian) { Array($0) } + fields
        while bytes.count % 8 != 0 { bytes.append(0) }
        return bytes + body
    }

    /// Reads what the client sent and answers the greeting and `Embed`.
    func pump() {
        guard reads else { return }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            guard count > 0 else { break }
            inbox += buffer[0..<count]
        }
        if !authenticated {
            guard inbox.first == 0, let end = inbox.firstIndex(of: UInt8(ascii: "\n")) else { return }
            inbox.removeFirst(end + 1)
            write(Array("OK 0123456789abcdef0123456789abcdef\r\n".utf8))
            authenticated = true
        }
        if inbox.starts(with: Array("BEGIN\r\n".utf8)) { inbox.removeFirst(7) }
        while let size = try? DBusMessage.size(ofMessageIn: inbox[...]), inbox.count >= size {
            let bytes = Array(inbox[0..<size])
            inbox.removeFirst(size)
            guard let message = try? DBusMessage.decode(bytes) else { continue }
            if message.member == "Hello" {
                send(message.reply([.string(":1.7")]), from: "org.freedesktop.DBus")
            } else if message.member == "Embed" {
                send(message.reply([.reference(":1.1", "/org/a11y/atspi/accessible/root")]), from: ":1.1")
                received.append(message)
            } else {
                received.append(message)
            }
        }
    }

    /// The replies received to the call numbered `serial`.
    func reply(to serial: UInt32) -> DBusMessage? {
        received.first { $0.replySerial == serial }
    }

    /// The signals received, as `member:detail` (`StateChanged:focused`).
    var signals: [String] {
        received.filter { $0.kind == .signal }.map { "\($0.member ?? ""):\($0.body.first?.text ?? "")" }
    }
}
