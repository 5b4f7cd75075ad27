import TapawayTestSupport
import Testing

@testable import TapawayAccessibility

@Suite("D-Bus wire format")
struct DBusWireTests {
    /// A signal carrying every container AT-SPI uses.
    static let sample = DBusMessage.signal(
        path: "/org/a11y/atspi/accessible/7", interface: "org.a11y.atspi.Event.Object", member: "TextChanged",
        body: [
            .string("insert"), .int32(-3), .int32(2), .variant(.string("é✓")),
            .properties([("a", .uint32(7)), ("b", .reference(":1.5", "/x"))]),
            .array(element: "(iiii)", [.structure([.int32(1), .int32(2), .int32(3), .int32(4)])]),
            .array(element: "u", []), .double(0.5), .bool(true), .byte(9), .int64(-1), .signature("a{sv}"),
        ])

    @Test("a message reads back as it was written")
    func roundTrip() throws {
        var message = Self.sample
        message.serial = 42
        let bytes = message.encoded(serial: 42)
        #expect(try DBusMessage.size(ofMessageIn: bytes[...]) == bytes.count)
        #expect(try DBusMessage.decode(bytes) == message)
        #expect(message.signature == "siiva{sv}a(iiii)audbyxg")
    }

    @Test("a big-endian message from another machine reads the same")
    func bigEndian() throws {
        // The reply to Hello, numbered 1, answering 1, with the unique name ":1.9": written by
        // hand in big-endian order.
        var bytes: [UInt8] = [UInt8(ascii: "B"), 2, 1, 1]
        let body: [UInt8] = [0, 0, 0, 4] + Array(":1.9".utf8) + [0]
        bytes += [0, 0, 0, UInt8(body.count), 0, 0, 0, 1]
        // Fields: REPLY_SERIAL (5) u 1, SIGNATURE (8) g "s".
        let fields: [UInt8] = [5, 1, UInt8(ascii: "u"), 0, 0, 0, 0, 1, 8, 1, UInt8(ascii: "g"), 0, 1, UInt8(ascii: "s"), 0]
        bytes += [0, 0, 0, UInt8(fields.count)] + fields
        while bytes.count % 8 != 0 { bytes.append(0) }
        bytes += body
        let message = try DBusMessage.decode(bytes)
        #expect(message.kind == .methodReturn)
        #expect(message.replySerial == 1)
        #expect(message.body == [.string(":1.9")])
    }

    @Test("a header announcing more than the limit is refused before anything is buffered for it")
    func oversized() {
        var bytes = Self.sample.encoded(serial: 1)
        bytes[4] = 0xFF
        bytes[5] = 0xFF
        bytes[6] = 0xFF
        bytes[7] = 0x7F
        #expect(throws: DBusFormatError.self) { try DBusMessage.size(ofMessageIn: bytes[...]) }
    }

    @Test("variants nested past the limit are refused, not followed")
    func deepVariants() {
        var value = DBusValue.int32(1)
        for _ in 0..<100 { value = .variant(value) }
        var writer = DBusWriter()
        writer.write(value)
        var reader = DBusReader(writer.bytes)
        #expect(throws: DBusFormatError.self) { try reader.read(Array("v".utf8)[...]) }
    }

    @Test("a signature with a file descriptor, or one not closed, is refused")
    func badSignatures() {
        for signature in ["h", "(i", "a{vs}", "a", "()", "a{sss}", String(repeating: "a", count: 40) + "i"] {
            #expect(throws: DBusFormatError.self, "\(signature)") { try DBusSignature.completeTypes(Array(signature.utf8)) }
        }
    }

    @Test("mangled messages never trap: every byte changed, cut short or random, reads or throws")
    func mangled() {
        let bytes = Self.sample.encoded(serial: 3)
        var random = SeededGenerator(seed: 34)
        var refused = 0
        for trial in 0..<4000 {
            var copy = bytes
            switch trial % 3 {
            case 0: copy[random.next(copy.count)] = UInt8(truncatingIfNeeded: random.next())
            case 1: copy = Array(copy.prefix(random.next(copy.count)))
            default:
                for index in 16..<copy.count where random.next(4) == 0 { copy[index] = UInt8(truncatingIfNeeded: random.next()) }
            }
            do {
                guard let size = try DBusMessage.size(ofMessageIn: copy[...]), size <= copy.count else { continue }
                _ = try DBusMessage.decode(Array(copy.prefix(size)))
            } catch {
                refused += 1
            }
        }
        #expect(refused > 1000, "most mangled messages are refused")
    }

    @Test("addresses: unix paths and abstract names, escapes, other transports skipped")
    func addresses() {
        #expect(DBusAddress.parse("unix:path=/run/user/1000/at-spi/bus_0,guid=abc") == [.path("/run/user/1000/at-spi/bus_0")])
        #expect(DBusAddress.parse("tcp:host=x,port=1;unix:abstract=/tmp/dbus-%41b") == [.abstract("/tmp/dbus-Ab")])
        #expect(DBusAddress.parse("unix:path=%zz").isEmpty)
        #expect(DBusAddress.parse("").isEmpty)
    }
}
