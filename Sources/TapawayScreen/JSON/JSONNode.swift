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

/// A JSON value read from a file, with the position it starts at, so that whatever reads it can
/// say where a problem is. Objects keep their keys in the file's order.
public struct JSONNode: Sendable, Equatable {
    /// What the value is.
    public enum Value: Sendable, Equatable {
        /// `null`.
        case null
        /// `true` or `false`.
        case bool(Bool)
        /// A finite number.
        case number(Double)
        /// A string, its escapes decoded.
        case string(String)
        /// An array.
        case array([JSONNode])
        /// An object: its members in the file's order, each key with the position of its quote.
        case object([Member])
    }

    /// One key of an object and its value.
    public struct Member: Sendable, Equatable {
        /// The key.
        public var key: String
        /// Where the key's opening quote is.
        public var keyPosition: SourcePosition
        /// The value.
        public var value: JSONNode
    }

    /// The value.
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
    /// `LINE:COLUMN: message`.
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

    /// Limits as given.
    public init(bytes: Int, depth: Int, values: Int, stringBytes: Int) {
        self.bytes = bytes
        self.depth = depth
        self.values = values
        self.stringBytes = stringBytes
    }
}

/// A strict JSON reader (RFC 8259): one value and nothing after it but white space; no comments,
/// no trailing commas, no leading zeros, no control characters or lone surrogates in strings, no
/// number too large for a double, and no key twice in one object. Within `limits`.
public struct JSONReader {
    private let bytes: [UInt8]
    private let limits: JSONLimits
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var valueCount = 0

    /// Reads `bytes` as one JSON value within `limits`.
    public static func read(_ bytes: [UInt8], limits: JSONLimits) throws(JSONSyntaxError) -> JSONNode {
        guard bytes.count <= limits.bytes else {
            throw JSONSyntaxError(
                position: SourcePosition(line: 1, column: 1),
                message: "the file is \(bytes.count) bytes, more than the \(limits.bytes) a file may have")
        }
        var reader = JSONReader(bytes: bytes, limits: limits)
        if let bad = firstInvalidUTF8(in: bytes) {
            reader.index = bad
            for i in 0..<bad where bytes[i] == 0x0A {
                reader.line += 1
                reader.lineStart = i + 1
            }
            throw reader.error("a byte that is not UTF-8 (\(bytes[bad])); the file must be UTF-8")
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            throw JSONSyntaxError(
                position: SourcePosition(line: 1, column: 1),
                message: "the file starts with a byte-order mark; save it as UTF-8 without one")
        }
        reader.skipSpace()
        let node = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.peek == nil else { throw reader.syntax("the end of the file after the value") }
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

    private init(bytes: [UInt8], limits: JSONLimits) {
        self.bytes = bytes
        self.limits = limits
    }

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private var position: SourcePosition { SourcePosition(line: line, column: index - lineStart + 1) }

    private func error(_ message: String, at position: SourcePosition? = nil) -> JSONSyntaxError {
        JSONSyntaxError(position: position ?? self.position, message: message)
    }

    private func syntax(_ expected: String) -> JSONSyntaxError {
        guard let byte = peek else { return error("the file ends where \(expected) was expected") }
        let found = byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte \(byte)"
        return error("\(expected) was expected, not \(found)")
    }

    private mutating func skipSpace() {
        while let byte = peek {
            switch byte {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default: return
            }
        }
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(JSONSyntaxError) {
        skipSpace()
        guard peek == byte else { throw syntax(what) }
        index += 1
    }

    private mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        valueCount += 1
        guard valueCount <= limits.values else { throw error("more than \(limits.values) values in the file") }
        let start = position
        switch peek {
        case 0x7B?:
            guard depth < limits.depth else { throw error("values nested more than \(limits.depth) deep") }
            return JSONNode(value: .object(try members(depth: depth)), position: start)
        case 0x5B?:
            guard depth < limits.depth else { throw error("values nested more than \(limits.depth) deep") }
            return JSONNode(value: .array(try elements(depth: depth)), position: start)
        case 0x22?: return JSONNode(value: .string(try string()), position: start)
        case 0x74?:
            try literal("true")
            return JSONNode(value: .bool(true), position: start)
        case 0x66?:
            try literal("false")
            return JSONNode(value: .bool(false), position: start)
        case 0x6E?:
            try literal("null")
            return JSONNode(value: .null, position: start)
        case let byte? where byte == 0x2D || (0x30...0x39).contains(byte):
            return JSONNode(value: .number(try number()), position: start)
        default:
            throw syntax("a value")
        }
    }

    /// Up to how many members an object is checked for a repeated key by looking through them.
    private static let linearKeyCheck = 16

    private mutating func members(depth: Int) throws(JSONSyntaxError) -> [JSONNode.Member] {
        index += 1
        var result: [JSONNode.Member] = []
        var seen: Set<String> = []
        skipSpace()
        if peek == 0x7D {
            index += 1
            return result
        }
        while true {
            skipSpace()
            guard peek == 0x22 else { throw syntax("a key in quotes") }
            let keyPosition = position
            let key = try string()
            // A small object is searched as it stands (cheaper than hashing every key); a large
            // one keeps a set, so that a hostile object costs linear time, not quadratic.
            let twice: Bool
            if result.count < Self.linearKeyCheck {
                twice = result.contains { $0.key == key }
            } else {
                if seen.isEmpty { seen = Set(result.map(\.key)) }
                twice = !seen.insert(key).inserted
            }
            guard !twice else { throw error("the key '\(key)' appears twice", at: keyPosition) }
            try expect(0x3A, "':'")
            skipSpace()
            let node = try value(depth: depth + 1)
            result.append(JSONNode.Member(key: key, keyPosition: keyPosition, value: node))
            skipSpace()
            if peek == 0x2C {
                index += 1
                continue
            }
            try expect(0x7D, "',' or '}'")
            return result
        }
    }

    private mutating func elements(depth: Int) throws(JSONSyntaxError) -> [JSONNode] {
        index += 1
        var result: [JSONNode] = []
        skipSpace()
        if peek == 0x5D {
            index += 1
            return result
        }
        while true {
            skipSpace()
            result.append(try value(depth: depth + 1))
            skipSpace()
            if peek == 0x2C {
                index += 1
                continue
            }
            try expect(0x5D, "',' or ']'")
            return result
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        let matches = word.withUTF8Buffer { text in
            index + count <= bytes.count && (0..<count).allSatisfy { bytes[index + $0] == text[$0] }
        }
        guard matches else { throw syntax("'\(word)'") }
        index += count
    }

    /// A number as JSON writes one; one too large for a double is refused.
    private mutating func number() throws(JSONSyntaxError) -> Double {
        let start = index
        let startPosition = position
        func digits() -> Int {
            let first = index
            while let byte = peek, (0x30...0x39).contains(byte) { index += 1 }
            return index - first
        }
        if peek == 0x2D { index += 1 }
        if peek == 0x30 {
            index += 1
        } else if digits() == 0 {
            throw syntax("a digit")
        }
        if peek == 0x2E {
            index += 1
            guard digits() > 0 else { throw syntax("a digit after '.'") }
        }
        if peek == 0x65 || peek == 0x45 {
            index += 1
            if peek == 0x2B || peek == 0x2D { index += 1 }
            guard digits() > 0 else { throw syntax("a digit in the exponent") }
        }
        guard index - start <= 64 else { throw error("a number written with more than 64 characters", at: startPosition) }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw error("the number \(text) is too large", at: startPosition)
        }
        return value
    }

    /// A string in quotes, its escapes decoded.
    private mutating func string() throws(JSONSyntaxError) -> String {
        let start = position
        index += 1
        var scalars = String.UnicodeScalarView()
        var runStart = index
        let first = index
        func flush() {
            if runStart < index {
                scalars.append(contentsOf: String(decoding: bytes[runStart..<index], as: UTF8.self).unicodeScalars)
            }
        }
        while true {
            guard index - first <= limits.stringBytes else {
                throw error("a string longer than \(limits.stringBytes) bytes", at: start)
            }
            guard let byte = peek else { throw error("a string is not closed", at: start) }
            switch byte {
            case 0x22:
                // No escape on the way (most strings): the bytes are the string, already checked
                // as UTF-8.
                if runStart == first {
                    index += 1
                    return String(decoding: bytes[first..<(index - 1)], as: UTF8.self)
                }
                flush()
                index += 1
                return String(scalars)
            case 0x5C:
                flush()
                index += 1
                scalars.append(try escape())
                runStart = index
            case 0..<0x20:
                throw error("a control character (byte \(byte)) in a string; JSON escapes them")
            default:
                index += 1
            }
        }
    }

    private mutating func escape() throws(JSONSyntaxError) -> Unicode.Scalar {
        guard let byte = peek else { throw error("a string is not closed") }
        index += 1
        switch byte {
        case 0x22: return "\""
        case 0x5C: return "\\"
        case 0x2F: return "/"
        case 0x62: return "\u{08}"
        case 0x66: return "\u{0C}"
        case 0x6E: return "\n"
        case 0x72: return "\r"
        case 0x74: return "\t"
        case 0x75:
            let unit = try hex4()
            if (0xD800..<0xDC00).contains(unit) {
                guard peek == 0x5C, index + 1 < bytes.count, bytes[index + 1] == 0x75 else {
                    throw error("a lone UTF-16 surrogate (\\u\(String(unit, radix: 16))) in a string")
                }
                index += 2
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low) else {
                    throw error("a lone UTF-16 surrogate (\\u\(String(unit, radix: 16))) in a string")
                }
                return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(unit) else {
                throw error("a lone UTF-16 surrogate (\\u\(String(unit, radix: 16))) in a string")
            }
            return scalar
        default:
            index -= 1
            throw syntax("an escape (\\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\u)")
        }
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek else { throw syntax("four hexadecimal digits after \\u") }
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: throw syntax("four hexadecimal digits after \\u")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }
}
