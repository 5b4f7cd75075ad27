/// One D-Bus message: a method call, its reply or error, or a signal, with the header fields
/// AT-SPI uses and its body.
package struct DBusMessage: Equatable, Sendable {
    /// What a message is.
    package enum Kind: UInt8, Sendable {
        /// A call that may want a reply.
        case methodCall = 1
        /// A method call's reply, carrying its return values.
        case methodReturn = 2
        /// A method call's failure, carrying an error name and a message.
        case error = 3
        /// A signal: a broadcast of something that happened, such as a focus change.
        case signal = 4
    }

    /// What the message is.
    package var kind: Kind
    /// Header flags: 1 means the caller wants no reply.
    package var flags: UInt8 = 0
    /// The sender's number for the message (set when sent).
    package var serial: UInt32 = 0
    /// The object called or signalling.
    package var path: String?
    /// The interface of the member.
    package var interface: String?
    /// The method or signal.
    package var member: String?
    /// An error reply's name, such as `org.freedesktop.DBus.Error.UnknownMethod`.
    package var errorName: String?
    /// The serial of the call a reply answers.
    package var replySerial: UInt32?
    /// The bus name the message is for.
    package var destination: String?
    /// The bus name that sent it (set by the bus).
    package var sender: String?
    /// The body's values, in order.
    package var body: [DBusValue] = []

    /// The body's signature, made of its values' signatures in order.
    package var signature: String { body.map(\.signature).joined() }

    /// Whether the caller asked for no reply.
    package var wantsNoReply: Bool { flags & 1 != 0 }

    /// The most bytes one message may take here: AT-SPI's messages are small, and a peer that
    /// announces more is refused before anything is buffered for it.
    package static let maximumSize = 4 << 20

    /// A method call to `member` of `interface` on the object `path` of `destination`.
    package static func call(
        destination: String?, path: String, interface: String?, member: String, body: [DBusValue] = []
    ) -> DBusMessage {
        DBusMessage(kind: .methodCall, path: path, interface: interface, member: member, destination: destination, body: body)
    }

    /// A signal `member` of `interface` from the object `path`, to whoever listens.
    package static func signal(path: String, interface: String, member: String, body: [DBusValue]) -> DBusMessage {
        DBusMessage(kind: .signal, path: path, interface: interface, member: member, body: body)
    }

    /// The reply to this call.
    package func reply(_ body: [DBusValue] = []) -> DBusMessage {
        DBusMessage(kind: .methodReturn, flags: 1, replySerial: serial, destination: sender, body: body)
    }

    /// This call's failure, named `name`, saying `text`.
    package func error(_ name: String, _ text: String) -> DBusMessage {
        DBusMessage(
            kind: .error, flags: 1, errorName: name, replySerial: serial, destination: sender, body: [.string(text)])
    }

    /// The message's bytes, numbered `serial`.
    package func encoded(serial: UInt32) -> [UInt8] {
        var fields: [DBusValue] = []
        func field(_ code: UInt8, _ value: DBusValue?) {
            if let value { fields.append(.structure([.byte(code), .variant(value)])) }
        }
        field(1, path.map { .objectPath($0) })
        field(2, interface.map { .string($0) })
        field(3, member.map { .string($0) })
        field(4, errorName.map { .string($0) })
        field(5, replySerial.map { .uint32($0) })
        field(6, destination.map { .string($0) })
        field(8, body.isEmpty ? nil : .signature(signature))
        var body = DBusWriter()
        for value in self.body { body.write(value) }
        var header = DBusWriter()
        header.write(.byte(UInt8(ascii: "l")))
        header.write(.byte(kind.rawValue))
        header.write(.byte(flags))
        header.write(.byte(1))
        header.write(.uint32(UInt32(body.bytes.count)))
        header.write(.uint32(serial))
        header.write(.array(element: "(yv)", fields))
        header.align(8)
        return header.bytes + body.bytes
    }

    /// How many bytes the message at the start of `buffer` takes, once its fixed header has arrived (16
    /// bytes); nil before.
    ///
    /// Throws for a header no message can have.
    package static func size(ofMessageIn buffer: ArraySlice<UInt8>) throws -> Int? {
        guard buffer.count >= 16 else { return nil }
        let bytes = Array(buffer.prefix(16))
        guard bytes[0] == UInt8(ascii: "l") || bytes[0] == UInt8(ascii: "B") else {
            throw DBusFormatError("a message in no byte order")
        }
        guard bytes[3] == 1 else { throw DBusFormatError("a message of protocol version \(bytes[3])") }
        var reader = DBusReader(bytes, offset: 4, bigEndian: bytes[0] == UInt8(ascii: "B"))
        let bodyLength = Int(try reader.uint32())
        _ = try reader.uint32()
        let fieldsLength = Int(try reader.uint32())
        guard bodyLength <= maximumSize, fieldsLength <= maximumSize else { throw DBusFormatError("a message too large") }
        let size = (16 + fieldsLength + 7) / 8 * 8 + bodyLength
        guard size <= maximumSize else { throw DBusFormatError("a message too large") }
        return size
    }

    /// Reads one whole message (`bytes` holds exactly it); throws for anything malformed.
    package static func decode(_ bytes: [UInt8]) throws -> DBusMessage {
        guard let size = try size(ofMessageIn: bytes[...]), size == bytes.count else {
            throw DBusFormatError("a message whose length is not its size")
        }
        let bigEndian = bytes[0] == UInt8(ascii: "B")
        guard let kind = Kind(rawValue: bytes[1]) else { throw DBusFormatError("a message of unknown type \(bytes[1])") }
        var reader = DBusReader(bytes, offset: 8, bigEndian: bigEndian)
        let serial = try reader.uint32()
        guard serial != 0 else { throw DBusFormatError("a message numbered 0") }
        var message = DBusMessage(kind: kind, flags: bytes[2], serial: serial)
        guard case .array(_, let fields) = try reader.read(Array("a(yv)".utf8)[...]) else {
            throw DBusFormatError("no header fields")
        }
        var signature = ""
        for case .structure(let pair) in fields {
            guard pair.count == 2, case .byte(let code) = pair[0], case .variant(let value) = pair[1] else { continue }
            switch (code, value) {
            case (1, .objectPath(let v)): message.path = v
            case (2, .string(let v)): message.interface = v
            case (3, .string(let v)): message.member = v
            case (4, .string(let v)): message.errorName = v
            case (5, .uint32(let v)): message.replySerial = v
            case (6, .string(let v)): message.destination = v
            case (7, .string(let v)): message.sender = v
            case (8, .signature(let v)): signature = v
            case (9, _): throw DBusFormatError("a message carrying file descriptors")
            case (1...8, _): throw DBusFormatError("header field \(code) of the wrong type")
            default: break  // unknown fields are ignored, as the specification says
            }
        }
        try reader.align(8)
        let body = Array(bytes[reader.offset...])
        var bodyReader = DBusReader(body, bigEndian: bigEndian)
        message.body = try bodyReader.read(signature: signature)
        guard bodyReader.isAtEnd else { throw DBusFormatError("bytes after the body's values") }
        return message
    }
}
