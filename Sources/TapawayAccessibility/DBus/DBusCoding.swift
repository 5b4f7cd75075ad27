/// Marshals values in the D-Bus wire format, little-endian, each aligned to its type's boundary
/// from the start of the buffer (a message's body starts on an 8-byte boundary, so a body
/// written alone aligns the same).
package struct DBusWriter {
    /// The bytes written so far.
    package private(set) var bytes: [UInt8] = []

    /// Creates an empty buffer, aligned from its first byte.
    package init() {}

    /// Pads with zeros to a multiple of `boundary`.
    package mutating func align(_ boundary: Int) {
        while bytes.count % boundary != 0 { bytes.append(0) }
    }

    private mutating func append<T: FixedWidthInteger>(_ value: T) {
        align(MemoryLayout<T>.size)
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Writes one value in the wire format, padded to its type's alignment.
    package mutating func write(_ value: DBusValue) {
        switch value {
        case .byte(let v): bytes.append(v)
        case .bool(let v): append(UInt32(v ? 1 : 0))
        case .int16(let v): append(v)
        case .uint16(let v): append(v)
        case .int32(let v): append(v)
        case .uint32(let v): append(v)
        case .int64(let v): append(v)
        case .uint64(let v): append(v)
        case .double(let v): append(v.bitPattern)
        case .string(let s), .objectPath(let s):
            let utf8 = Array(s.utf8).filter { $0 != 0 }
            append(UInt32(utf8.count))
            bytes += utf8
            bytes.append(0)
        case .signature(let s):
            let utf8 = Array(s.utf8.prefix(255))
            bytes.append(UInt8(utf8.count))
            bytes += utf8
            bytes.append(0)
        case .variant(let inner):
            write(.signature(inner.signature))
            write(inner)
        case .array(let element, let items):
            append(UInt32(0))
            let lengthAt = bytes.count - 4
            align(DBusSignature.alignment(of: element.utf8.first ?? UInt8(ascii: "y")))
            let start = bytes.count
            for item in items { write(item) }
            let length = UInt32(bytes.count - start)
            withUnsafeBytes(of: length.littleEndian) { raw in
                for index in 0..<4 { bytes[lengthAt + index] = raw[index] }
            }
        case .structure(let fields):
            align(8)
            for field in fields { write(field) }
        case .dictEntry(let key, let value):
            align(8)
            write(key)
            write(value)
        }
    }
}

/// What went wrong reading bytes a peer sent: the message is refused, and the connection that
/// carried it is closed (a peer that sends one malformed message cannot be trusted with the
/// framing of the next).
package struct DBusFormatError: Error, Equatable, CustomStringConvertible {
    /// What was wrong with the bytes, in a sentence.
    package let description: String
    /// An error saying `description`.
    package init(_ description: String) { self.description = description }
}

/// Signatures: splitting into complete types, validating, alignments.
package enum DBusSignature {
    /// How deeply containers may nest, as the specification allows (32 arrays and 32
    /// structures; one bound for both here, which is stricter).
    package static let maximumDepth = 32

    /// The alignment of a type from its first character.
    package static func alignment(of code: UInt8) -> Int {
        switch code {
        case UInt8(ascii: "y"), UInt8(ascii: "g"), UInt8(ascii: "v"): return 1
        case UInt8(ascii: "n"), UInt8(ascii: "q"): return 2
        case UInt8(ascii: "x"), UInt8(ascii: "t"), UInt8(ascii: "d"), UInt8(ascii: "("), UInt8(ascii: "{"): return 8
        default: return 4
        }
    }

    /// `signature` split into its complete types; throws when it is not a valid signature of
    /// types this reader knows (no `h`), or nests deeper than `maximumDepth`.
    package static func completeTypes(_ signature: [UInt8]) throws -> [ArraySlice<UInt8>] {
        guard signature.count <= 255 else { throw DBusFormatError("a signature longer than 255 bytes") }
        var types: [ArraySlice<UInt8>] = []
        var index = 0
        while index < signature.count {
            let end = try completeTypeEnd(signature, from: index, depth: 0, inDictionary: false)
            types.append(signature[index..<end])
            index = end
        }
        return types
    }

    /// Where the complete type starting at `start` ends.
    private static func completeTypeEnd(_ s: [UInt8], from start: Int, depth: Int, inDictionary: Bool) throws -> Int {
        guard depth <= maximumDepth else { throw DBusFormatError("types nested too deeply") }
        guard start < s.count else { throw DBusFormatError("a signature ends inside a type") }
        switch s[start] {
        case UInt8(ascii: "y"), UInt8(ascii: "b"), UInt8(ascii: "n"), UInt8(ascii: "q"), UInt8(ascii: "i"),
            UInt8(ascii: "u"), UInt8(ascii: "x"), UInt8(ascii: "t"), UInt8(ascii: "d"), UInt8(ascii: "s"),
            UInt8(ascii: "o"), UInt8(ascii: "g"), UInt8(ascii: "v"):
            return start + 1
        case UInt8(ascii: "a"):
            if start + 1 < s.count, s[start + 1] == UInt8(ascii: "{") {
                // A dictionary entry: a basic key and one complete value.
                let keyEnd = try completeTypeEnd(s, from: start + 2, depth: depth + 1, inDictionary: true)
                guard keyEnd == start + 3, isBasic(s[start + 2]) else {
                    throw DBusFormatError("a dictionary key that is not basic")
                }
                let valueEnd = try completeTypeEnd(s, from: keyEnd, depth: depth + 1, inDictionary: false)
                guard valueEnd < s.count, s[valueEnd] == UInt8(ascii: "}") else {
                    throw DBusFormatError("a dictionary entry not closed")
                }
                return valueEnd + 1
            }
            return try completeTypeEnd(s, from: start + 1, depth: depth + 1, inDictionary: false)
        case UInt8(ascii: "("):
            var index = start + 1
            guard index < s.count, s[index] != UInt8(ascii: ")") else { throw DBusFormatError("an empty structure") }
            while index < s.count, s[index] != UInt8(ascii: ")") {
                index = try completeTypeEnd(s, from: index, depth: depth + 1, inDictionary: false)
            }
            guard index < s.count else { throw DBusFormatError("a structure not closed") }
            return index + 1
        default:
            throw DBusFormatError("a type this program does not read ('\(Character(Unicode.Scalar(s[start])))')")
        }
    }

    private static func isBasic(_ code: UInt8) -> Bool {
        "ybnqiuxtdsog".utf8.contains(code)
    }
}

/// Reads values in the D-Bus wire format from bytes a peer sent, in either byte order.
///
/// Every read is checked against the bytes there are and the limits of the format: a malformed or
/// hostile buffer throws `DBusFormatError`, never traps.
package struct DBusReader {
    private let bytes: [UInt8]
    /// Where the next read starts.
    package private(set) var offset: Int
    private let bigEndian: Bool

    /// A reader of `bytes` from `offset`, whose alignment counts from the start of `bytes`.
    package init(_ bytes: [UInt8], offset: Int = 0, bigEndian: Bool = false) {
        self.bytes = bytes
        self.offset = offset
        self.bigEndian = bigEndian
    }

    /// Whether every byte has been read.
    package var isAtEnd: Bool { offset >= bytes.count }

    /// Skips to a multiple of `boundary`.
    package mutating func align(_ boundary: Int) throws {
        let padded = (offset + boundary - 1) / boundary * boundary
        guard padded <= bytes.count else { throw DBusFormatError("padding runs past the end") }
        offset = padded
    }

    private mutating func integer<T: FixedWidthInteger>(_: T.Type) throws -> T {
        try align(MemoryLayout<T>.size)
        guard offset + MemoryLayout<T>.size <= bytes.count else { throw DBusFormatError("a number runs past the end") }
        var value: T = 0
        for index in 0..<MemoryLayout<T>.size {
            let byte = T(truncatingIfNeeded: bytes[offset + index])
            value |= byte << (bigEndian ? (MemoryLayout<T>.size - 1 - index) * 8 : index * 8)
        }
        offset += MemoryLayout<T>.size
        return value
    }

    /// Reads a `u`, an unsigned 32-bit integer, in the message's byte order.
    package mutating func uint32() throws -> UInt32 { try integer(UInt32.self) }

    private mutating func text(lengthBytes: Int) throws -> String {
        let length = lengthBytes == 1 ? Int(try byte()) : Int(try uint32())
        guard length < bytes.count - offset else { throw DBusFormatError("a string runs past the end") }
        let utf8 = bytes[offset..<offset + length]
        guard bytes[offset + length] == 0, !utf8.contains(0) else { throw DBusFormatError("a string not ended by its NUL") }
        guard let string = String(validating: utf8, as: UTF8.self) else { throw DBusFormatError("a string that is not UTF-8") }
        offset += length + 1
        return string
    }

    private mutating func byte() throws -> UInt8 {
        guard offset < bytes.count else { throw DBusFormatError("a byte past the end") }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// Reads one value of the complete type `type`; `depth` counts the containers around it.
    package mutating func read(_ type: ArraySlice<UInt8>, depth: Int = 0) throws -> DBusValue {
        guard depth <= DBusSignature.maximumDepth * 2 else { throw DBusFormatError("values nested too deeply") }
        guard let code = type.first else { throw DBusFormatError("an empty type") }
        switch code {
        case UInt8(ascii: "y"): return .byte(try byte())
        case UInt8(ascii: "b"):
            let v = try integer(UInt32.self)
            guard v <= 1 else { throw DBusFormatError("a boolean that is neither 0 nor 1") }
            return .bool(v == 1)
        case UInt8(ascii: "n"): return .int16(try integer(Int16.self))
        case UInt8(ascii: "q"): return .uint16(try integer(UInt16.self))
        case UInt8(ascii: "i"): return .int32(try integer(Int32.self))
        case UInt8(ascii: "u"): return .uint32(try integer(UInt32.self))
        case UInt8(ascii: "x"): return .int64(try integer(Int64.self))
        case UInt8(ascii: "t"): return .uint64(try integer(UInt64.self))
        case UInt8(ascii: "d"): return .double(Double(bitPattern: try integer(UInt64.self)))
        case UInt8(ascii: "s"): return .string(try text(lengthBytes: 4))
        case UInt8(ascii: "o"): return .objectPath(try text(lengthBytes: 4))
        case UInt8(ascii: "g"): return .signature(try text(lengthBytes: 1))
        case UInt8(ascii: "v"):
            let signature = Array(try text(lengthBytes: 1).utf8)
            let types = try DBusSignature.completeTypes(signature)
            guard types.count == 1, let inner = types.first else { throw DBusFormatError("a variant of more than one type") }
            return .variant(try read(inner, depth: depth + 1))
        case UInt8(ascii: "a"):
            let element = type.dropFirst()
            guard let elementCode = element.first else { throw DBusFormatError("an array with no element type") }
            let length = Int(try uint32())
            guard length <= 1 << 26 else { throw DBusFormatError("an array longer than 64 MiB") }
            try align(DBusSignature.alignment(of: elementCode))
            let end = offset + length
            guard end <= bytes.count else { throw DBusFormatError("an array runs past the end") }
            var items: [DBusValue] = []
            while offset < end {
                let before = offset
                items.append(try read(element, depth: depth + 1))
                guard offset > before else { throw DBusFormatError("an array element of no bytes") }
            }
            guard offset == end else { throw DBusFormatError("an array's elements overrun its length") }
            return .array(element: String(decoding: element, as: UTF8.self), items)
        case UInt8(ascii: "("), UInt8(ascii: "{"):
            try align(8)
            let inner = Array(type.dropFirst().dropLast())
            let fields = try DBusSignature.completeTypes(inner).map { try read($0, depth: depth + 1) }
            if code == UInt8(ascii: "{") {
                guard fields.count == 2 else { throw DBusFormatError("a dictionary entry of \(fields.count) values") }
                return .dictEntry(fields[0], fields[1])
            }
            return .structure(fields)
        default:
            throw DBusFormatError("a type this program does not read")
        }
    }

    /// Reads the values of `signature` in turn.
    package mutating func read(signature: String) throws -> [DBusValue] {
        try DBusSignature.completeTypes(Array(signature.utf8)).map { try read($0) }
    }
}
