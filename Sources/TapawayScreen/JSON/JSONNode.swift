/// Where a value starts in a text: its line and column, both from 1, the column counted in
/// bytes (as compilers count them for UTF-8 sources).
public struct SourcePosition: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The byte's column on its line, from 1.
    public var column: Int

    /// A position at `line` and `column`.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `LINE:COLUMN`, as a compiler's message gives it.
    public var description: String { "\(line):\(column)" }
}

/// A JSON value read from a file, with the position it starts at, so that whatever reads it can say
/// where a problem is.
///
/// Objects keep their keys in the file's order.
public struct JSONNode: Sendable, Equatable {
    /// What the value is.
    public enum Value: Sendable, Equatable {
        /// JSON's `null`, a value of its own that a member expecting another type refuses.
        case null
        /// JSON's `true` or `false`.
        case bool(Bool)
        /// A number, finite as a double: the reader refuses one that overflows.
        case number(Double)
        /// A string, its escapes decoded.
        case string(String)
        /// An array's values in order.
        case array([JSONNode])
        /// An object: its members in the file's order, each key with the position of its quote.
        case object([Member])
    }

    /// One key of an object and its value.
    public struct Member: Sendable, Equatable {
        /// The member's key, with its escapes decoded.
        public var key: String
        /// Where the key's opening quote is.
        public var keyPosition: SourcePosition
        /// The value the key names.
        public var value: JSONNode
    }

    /// The value, with its children.
    public var value: Value
    /// Where the value's first byte is.
    public var position: SourcePosition

    /// The JSON type's name as a message says it ("an object", "a string", …).
    public var typeName: String {
        switch value {
        case .null: return "null"
        case .bool: return "true or false"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// Why a text is not the JSON it should be: where, and what.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where the problem is.
    public var position: SourcePosition
    /// What is wrong, in a sentence without a final stop.
    public var message: String
    /// The problem as `LINE:COLUMN: message`, the form the command line prints.
    public var description: String { "\(position): \(message)" }
}

/// What a JSON text may hold at most; a hostile file meets a limit and gets a message, never an
/// unbounded allocation or a stack overflow.
public struct JSONLimits: Sendable, Equatable {
    /// The text's size in bytes.
    public var bytes: Int
    /// How deep arrays and objects nest.
    public var depth: Int
    /// How many values the text holds in all.
    public var values: Int
    /// The length of one string, in bytes as written.
    public var stringBytes: Int

    /// Creates limits of `bytes` in all, `depth` levels, `values` values and `stringBytes` per string.
    public init(bytes: Int, depth: Int, values: Int, stringBytes: Int) {
        self.bytes = bytes
        self.depth = depth
        self.values = values
        self.stringBytes = stringBytes
    }
}

/// A strict JSON reader (RFC 8259): one value and nothing after it but white space; no comments, no
/// trailing commas, no leading zeros, no control characters or lone surrogates in strings, no number
/// too large for a double, and no key twice in one object.
///
/// Within `limits`.
public struct JSONReader {
    private var scanner: JSONScanner
    private let limits: JSONLimits
    private var valueCount = 0

    /// Reads `bytes` as one JSON value within `limits`.
    public static func read(_ bytes: [UInt8], limits: JSONLimits) throws(JSONSyntaxError) -> JSONNode {
        guard bytes.count <= limits.bytes else {
            throw JSONSyntaxError(
                position: SourcePosition(line: 1, column: 1),
                message: "the file is \(bytes.count) bytes, more than the \(limits.bytes) a file may have")
        }
        var reader = JSONReader(scanner: JSONScanner(bytes, stringBytes: limits.stringBytes), limits: limits)
        if let bad = firstInvalidUTF8(in: bytes) {
            reader.scanner.move(to: bad)
            throw reader.scanner.failure("a byte that is not UTF-8 (\(bytes[bad])); the file must be UTF-8")
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            throw JSONSyntaxError(
                position: SourcePosition(line: 1, column: 1),
                message: "the file starts with a byte-order mark; save it as UTF-8 without one")
        }
        reader.scanner.skipSpace()
        let node = try reader.value(depth: 0)
        reader.scanner.skipSpace()
        guard reader.scanner.peek == nil else { throw reader.scanner.expected("the end of the file after the value") }
        return node
    }

    /// The offset of the first byte that does not begin a valid UTF-8 sequence, if any.
    private static func firstInvalidUTF8(in bytes: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    private init(scanner: JSONScanner, limits: JSONLimits) {
        self.scanner = scanner
        self.limits = limits
    }

    private mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        valueCount += 1
        guard valueCount <= limits.values else { throw scanner.failure("more than \(limits.values) values in the file") }
        let start = scanner.position
        switch scanner.peek {
        case 0x7B?:
            guard depth < limits.depth else { throw scanner.failure("values nested more than \(limits.depth) deep") }
            return JSONNode(value: .object(try members(depth: depth)), position: start)
        case 0x5B?:
            guard depth < limits.depth else { throw scanner.failure("values nested more than \(limits.depth) deep") }
            return JSONNode(value: .array(try elements(depth: depth)), position: start)
        case 0x22?: return JSONNode(value: .string(try scanner.string()), position: start)
        case 0x74?:
            try scanner.literal("true")
            return JSONNode(value: .bool(true), position: start)
        case 0x66?:
            try scanner.literal("false")
            return JSONNode(value: .bool(false), position: start)
        case 0x6E?:
            try scanner.literal("null")
            return JSONNode(value: .null, position: start)
        case let byte? where byte == 0x2D || (0x30...0x39).contains(byte):
            return JSONNode(value: .number(try scanner.number()), position: start)
        default:
            throw scanner.expected("a value")
        }
    }

    /// Up to how many members an object is checked for a repeated key by looking through them.
    private static let linearKeyCheck = 16

    private mutating func members(depth: Int) throws(JSONSyntaxError) -> [JSONNode.Member] {
        scanner.index += 1
        var result: [JSONNode.Member] = []
        var seen: Set<String> = []
        scanner.skipSpace()
        if scanner.peek == 0x7D {
            scanner.index += 1
            return result
        }
        while true {
            scanner.skipSpace()
            guard scanner.peek == 0x22 else { throw scanner.expected("a key in quotes") }
            let keyPosition = scanner.position
            let key = try scanner.string()
            // A small object is searched as it stands (cheaper than hashing every key); a large
            // one keeps a set, so that a hostile object costs linear time, not quadratic.
            let twice: Bool
            if result.count < Self.linearKeyCheck {
                twice = result.contains { $0.key == key }
            } else {
                if seen.isEmpty { seen = Set(result.map(\.key)) }
                twice = !seen.insert(key).inserted
            }
            guard !twice else { throw scanner.failure("the key '\(key)' appears twice", at: keyPosition) }
            try scanner.expect(0x3A, "':'")
            scanner.skipSpace()
            let node = try value(depth: depth + 1)
            result.append(JSONNode.Member(key: key, keyPosition: keyPosition, value: node))
            scanner.skipSpace()
            if scanner.peek == 0x2C {
                scanner.index += 1
                continue
            }
            try scanner.expect(0x7D, "',' or '}'")
            return result
        }
    }

    private mutating func elements(depth: Int) throws(JSONSyntaxError) -> [JSONNode] {
        scanner.index += 1
        var result: [JSONNode] = []
        scanner.skipSpace()
        if scanner.peek == 0x5D {
            scanner.index += 1
            return result
        }
        while true {
            scanner.skipSpace()
            result.append(try value(depth: depth + 1))
            scanner.skipSpace()
            if scanner.peek == 0x2C {
                scanner.index += 1
                continue
            }
            try scanner.expect(0x5D, "',' or ']'")
            return result
        }
    }
}
