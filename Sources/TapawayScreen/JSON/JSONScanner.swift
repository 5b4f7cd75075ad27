/// The lexical layer of the program's one strict JSON grammar (RFC 8259), over a text's bytes: white
/// space, punctuation, literals, numbers and strings, each refused with a message that says what was
/// expected and where.
///
/// `JSONReader` builds a tree of a whole file with it; a recording's line reader reads its lines
/// straight into their fields with it.
public struct JSONScanner {
    /// How messages name the text and the place in it.
    public enum Style: Sendable {
        /// A file: positions go with the error ("the file ends where …").
        case file
        /// One line of a file read line by line: the column is in the message ("… at column 7").
        case line
    }

    /// The text being read, as UTF-8 bytes.
    public let bytes: [UInt8]
    /// The offset of the next byte to read.
    public var index = 0
    /// The line of `index`, from 1.
    public private(set) var line = 1
    /// The offset where that line starts.
    public private(set) var lineStart = 0
    /// The longest string, in bytes as written; nil: no limit.
    public let stringBytes: Int?
    /// How messages name the text.
    public let style: Style

    /// A scanner at the start of `bytes`.
    public init(_ bytes: [UInt8], stringBytes: Int? = nil, style: Style = .file) {
        self.bytes = bytes
        self.stringBytes = stringBytes
        self.style = style
    }

    /// The next byte, if any.
    @inlinable public var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Where the next byte is.
    public var position: SourcePosition { SourcePosition(line: line, column: index - lineStart + 1) }

    /// Counts the line breaks before `offset` (a reader that stops early at a bad byte).
    public mutating func move(to offset: Int) {
        for i in index..<min(offset, bytes.count) where bytes[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        index = offset
    }

    /// An error at `position` (or here) saying `message`.
    public func failure(_ message: String, at position: SourcePosition? = nil) -> JSONSyntaxError {
        JSONSyntaxError(position: position ?? self.position, message: message)
    }

    /// An error saying that `what` was expected here, and what was found instead.
    public func expected(_ what: String) -> JSONSyntaxError {
        let text = style == .file ? "the file" : "the line"
        guard let byte = peek else { return failure("\(text) ends where \(what) was expected") }
        let found = byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte \(byte)"
        let place = style == .line ? " at column \(index + 1)" : ""
        return failure("\(what) was expected\(place), not \(found)")
    }

    /// Skips white space (space, tab, carriage return, line feed).
    public mutating func skipSpace() {
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

    /// Skips white space, then reads `byte` (`what` names it in the message if it is not there).
    public mutating func expect(_ byte: UInt8, _ what: String) throws(JSONSyntaxError) {
        skipSpace()
        guard peek == byte else { throw expected(what) }
        index += 1
    }

    /// Reads `word` (`true`, `false`, `null`).
    public mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        let matches = word.withUTF8Buffer { text in
            index + count <= bytes.count && (0..<count).allSatisfy { bytes[index + $0] == text[$0] }
        }
        guard matches else { throw expected("'\(word)'") }
        index += count
    }

    /// A number as JSON writes one: `-`, digits without a leading zero, a fraction, an exponent.
    ///
    /// One written with more than 64 characters, or too large for a double, is refused.
    public mutating func number() throws(JSONSyntaxError) -> Double {
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
            throw expected("a digit")
        }
        if peek == 0x2E {
            index += 1
            guard digits() > 0 else { throw expected("a digit after '.'") }
        }
        if peek == 0x65 || peek == 0x45 {
            index += 1
            if peek == 0x2B || peek == 0x2D { index += 1 }
            guard digits() > 0 else { throw expected("a digit in the exponent") }
        }
        guard index - start <= 64 else { throw failure("a number written with more than 64 characters", at: startPosition) }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw failure("the number \(text) is too large", at: startPosition)
        }
        return value
    }

    /// A string in quotes (the next byte is its opening quote), its escapes decoded; a control
    /// character or a lone surrogate in it is refused, and so is one longer than `stringBytes`.
    public mutating func string() throws(JSONSyntaxError) -> String {
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
            if let limit = stringBytes, index - first > limit {
                throw failure("a string longer than \(limit) bytes", at: start)
            }
            guard let byte = peek else { throw failure("a string is not closed", at: style == .file ? start : nil) }
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
                let place = style == .line ? " at column \(index + 1)" : ""
                throw failure("a control character (byte \(byte)) in a string\(place); JSON escapes them")
            default:
                index += 1
            }
        }
    }

    /// The character an escape stands for, the backslash read.
    private mutating func escape() throws(JSONSyntaxError) -> Unicode.Scalar {
        guard let byte = peek else { throw failure("a string is not closed") }
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
                    throw failure("a lone UTF-16 surrogate (\\u\(String(unit, radix: 16))) in a string")
                }
                index += 2
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low) else {
                    throw failure("a lone UTF-16 surrogate (\\u\(String(unit, radix: 16))) in a string")
                }
                return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(unit) else {
                throw failure("a lone UTF-16 surrogate (\\u\(String(unit, radix: 16))) in a string")
            }
            return scalar
        default:
            index -= 1
            throw expected("an escape (\\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\u)")
        }
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek else { throw expected("four hexadecimal digits after \\u") }
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: throw expected("four hexadecimal digits after \\u")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }
}
