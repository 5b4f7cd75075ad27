import TapawayScreen

/// A recording's lines written and read without Foundation, as `JSONEncoder` wrote them.
///
/// The format is what `JSONEncoder` wrote with sorted keys and unescaped slashes, byte for byte
/// (the program's one JSON writer's `foundation` spelling), so files written before and after
/// read the same; the reader takes strict JSON (RFC 8259) and only the recording's shape.
extension RecordedLine {
    /// The line as JSON, its keys in alphabetical order and absent fields left out; nil when a
    /// number in it is not finite (JSON has no such number), as `JSONEncoder` refused it.
    package var json: String? {
        var out = "{"
        var first = true
        func field(_ name: String) {
            out += first ? "\"" : ",\""
            first = false
            out += name
            out += "\":"
        }
        var finite = true
        func number(_ value: Double) {
            guard value.isFinite else {
                finite = false
                return
            }
            JSONText.write(number: value, to: &out, spelling: .foundation)
        }
        func string(_ text: String) { JSONText.write(string: text, to: &out, spelling: .foundation) }
        func array<Element>(_ values: [Element], _ element: (Element) -> Void) {
            out += "["
            for (index, value) in values.enumerated() {
                if index > 0 { out += "," }
                element(value)
            }
            out += "]"
        }
        func numbers(_ values: [Double]) { array(values, number) }
        func strings(_ texts: [String]) { array(texts, string) }
        func bool(_ value: Bool) { out += value ? "true" : "false" }

        if let at { field("at"); numbers(at) }
        if let delta { field("delta"); numbers(delta) }
        if let focused { field("focused"); string(focused) }
        if let id { field("id"); out += String(id) }
        if let inspector { field("inspector"); bool(inspector) }
        if let key = self.key { field("key"); string(key) }
        field("kind"); string(kind)
        if let modifiers { field("modifiers"); strings(modifiers) }
        if let options { field("options"); strings(options) }
        if let phase { field("phase"); string(phase) }
        if let scenario { field("scenario"); string(scenario) }
        if let screen { field("screen"); numbers(screen) }
        if let screenName { field("screenName"); string(screenName) }
        if let secure { field("secure"); bool(secure) }
        if let size { field("size"); numbers(size) }
        if let t { field("t"); number(t) }
        if let text { field("text"); string(text) }
        if let version { field("version"); out += String(version) }
        if let with { field("with"); bool(with) }
        out += "}"
        return finite ? out : nil
    }

    /// Reads one line of a recording: a JSON object whose known keys have the types the format gives
    /// them (`null` counts as absent) and whose other keys are skipped.
    ///
    /// Throws a message that says where and what is wrong.
    package init(json line: Substring) throws(RecordingSyntaxError) {
        var reader = RecordingLineReader(Array(line.utf8))
        self = try reader.line()
    }
}

/// Why a line of a recording is not a JSON object of the recording's shape.
package struct RecordingSyntaxError: Error, Equatable, CustomStringConvertible {
    /// What is wrong and, for a syntax error, at which byte of the line (from 1).
    package let message: String
    /// The message, one line with the position and what is wrong.
    package var description: String { message }
}

/// A strict JSON reader for one recording line, straight into its fields: the program's one
/// JSON grammar (`JSONScanner`, which the screen reader shares) for the lexing, the recording's
/// shape here.
private struct RecordingLineReader {
    private var scanner: JSONScanner
    /// Unknown values nest no deeper than this (the recording's own are one array deep).
    private static let depthLimit = 100

    init(_ bytes: [UInt8]) { scanner = JSONScanner(bytes, style: .line) }

    private var peek: UInt8? { scanner.peek }
    private var index: Int {
        get { scanner.index }
        set { scanner.index = newValue }
    }

    private func error(_ message: String) -> RecordingSyntaxError { RecordingSyntaxError(message: message) }

    private func syntax(_ expected: String) -> RecordingSyntaxError { error(scanner.expected(expected).message) }

    private mutating func skipSpace() { scanner.skipSpace() }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(RecordingSyntaxError) {
        do { try scanner.expect(byte, what) } catch { throw self.error(error.message) }
    }

    /// The whole line: one object and nothing after it.
    mutating func line() throws(RecordingSyntaxError) -> RecordedLine {
        var line = RecordedLine(kind: "")
        var sawKind = false
        var seen: Set<String> = []
        try expect(0x7B, "'{'")
        skipSpace()
        if peek == 0x7D {
            index += 1
        } else {
            while true {
                skipSpace()
                guard peek == 0x22 else { throw syntax("a key in quotes") }
                let key = try string()
                guard seen.insert(key).inserted else { throw error("the key '\(key)' appears twice") }
                try expect(0x3A, "':'")
                skipSpace()
                if key == "kind" {
                    guard let kind = try optionalString(key) else { throw error("'kind' must be a string, not null") }
                    line.kind = kind
                    sawKind = true
                } else {
                    try value(for: key, into: &line)
                }
                skipSpace()
                if peek == 0x2C {
                    index += 1
                    continue
                }
                try expect(0x7D, "',' or '}'")
                break
            }
        }
        skipSpace()
        guard peek == nil else { throw syntax("the end of the line after the object") }
        guard sawKind else { throw error("no 'kind'") }
        return line
    }

    private mutating func value(for key: String, into line: inout RecordedLine) throws(RecordingSyntaxError) {
        switch key {
        case "t": line.t = try optionalNumber(key)
        case "version": line.version = try optionalInteger(key)
        case "scenario": line.scenario = try optionalString(key)
        case "screen": line.screen = try optionalNumbers(key)
        case "screenName": line.screenName = try optionalString(key)
        case "inspector": line.inspector = try optionalBool(key)
        case "focused": line.focused = try optionalString(key)
        case "id": line.id = try optionalInteger(key)
        case "phase": line.phase = try optionalString(key)
        case "at": line.at = try optionalNumbers(key)
        case "with": line.with = try optionalBool(key)
        case "key": line.key = try optionalString(key)
        case "text": line.text = try optionalString(key)
        case "modifiers": line.modifiers = try optionalStrings(key)
        case "options": line.options = try optionalStrings(key)
        case "secure": line.secure = try optionalBool(key)
        case "delta": line.delta = try optionalNumbers(key)
        case "size": line.size = try optionalNumbers(key)
        default: try skipValue(depth: 0)
        }
    }

    // MARK: Values of the recording's types

    /// `null` (read, and nil returned) or nothing.
    private mutating func null() throws(RecordingSyntaxError) -> Bool {
        guard peek == 0x6E else { return false }
        try literal("null")
        return true
    }

    private mutating func optionalString(_ key: String) throws(RecordingSyntaxError) -> String? {
        if try null() { return nil }
        guard peek == 0x22 else { throw error("'\(key)' must be a string") }
        return try string()
    }

    private mutating func optionalBool(_ key: String) throws(RecordingSyntaxError) -> Bool? {
        if try null() { return nil }
        if peek == 0x74 {
            try literal("true")
            return true
        }
        if peek == 0x66 {
            try literal("false")
            return false
        }
        throw error("'\(key)' must be true or false")
    }

    private mutating func optionalNumber(_ key: String) throws(RecordingSyntaxError) -> Double? {
        if try null() { return nil }
        guard let byte = peek, byte == 0x2D || (0x30...0x39).contains(byte) else { throw error("'\(key)' must be a number") }
        return try number()
    }

    private mutating func optionalInteger(_ key: String) throws(RecordingSyntaxError) -> Int? {
        guard let value = try optionalNumber(key) else { return nil }
        guard let whole = Int(exactly: value) else { throw error("'\(key)' must be a whole number") }
        return whole
    }

    private mutating func optionalNumbers(_ key: String) throws(RecordingSyntaxError) -> [Double]? {
        try optionalArray(key, of: "numbers", startsElement: { $0 == 0x2D || (0x30...0x39).contains($0) }) {
            (reader: inout Self) throws(RecordingSyntaxError) in try reader.number()
        }
    }

    private mutating func optionalStrings(_ key: String) throws(RecordingSyntaxError) -> [String]? {
        try optionalArray(key, of: "strings", startsElement: { $0 == 0x22 }) {
            (reader: inout Self) throws(RecordingSyntaxError) in try reader.string()
        }
    }

    /// `null` (nil), or an array whose every element starts with a byte `startsElement` takes
    /// and is read by `element`; anything else is an error that names `key` and the `kind` of
    /// array it must be.
    private mutating func optionalArray<Element>(
        _ key: String, of kind: String, startsElement: (UInt8) -> Bool,
        element: (inout Self) throws(RecordingSyntaxError) -> Element
    ) throws(RecordingSyntaxError) -> [Element]? {
        if try null() { return nil }
        guard peek == 0x5B else { throw error("'\(key)' must be an array of \(kind)") }
        index += 1
        var values: [Element] = []
        skipSpace()
        if peek == 0x5D {
            index += 1
            return values
        }
        while true {
            skipSpace()
            guard let byte = peek, startsElement(byte) else { throw error("'\(key)' must be an array of \(kind)") }
            values.append(try element(&self))
            skipSpace()
            if peek == 0x2C {
                index += 1
                continue
            }
            try expect(0x5D, "',' or ']'")
            return values
        }
    }

    // MARK: JSON's grammar, from the scanner

    private mutating func literal(_ word: StaticString) throws(RecordingSyntaxError) {
        do { try scanner.literal(word) } catch { throw self.error(error.message) }
    }

    private mutating func number() throws(RecordingSyntaxError) -> Double {
        do { return try scanner.number() } catch { throw self.error(error.message) }
    }

    private mutating func string() throws(RecordingSyntaxError) -> String {
        do { return try scanner.string() } catch { throw self.error(error.message) }
    }

    /// Reads past a value of a key the format does not have, checking its grammar.
    private mutating func skipValue(depth: Int) throws(RecordingSyntaxError) {
        guard depth < Self.depthLimit else { throw error("values nested more than \(Self.depthLimit) deep") }
        skipSpace()
        switch peek {
        case 0x22?: _ = try string()
        case 0x74?: try literal("true")
        case 0x66?: try literal("false")
        case 0x6E?: try literal("null")
        case 0x5B?:
            index += 1
            skipSpace()
            if peek == 0x5D {
                index += 1
                return
            }
            while true {
                try skipValue(depth: depth + 1)
                skipSpace()
                if peek == 0x2C {
                    index += 1
                    continue
                }
                try expect(0x5D, "',' or ']'")
                return
            }
        case 0x7B?:
            index += 1
            skipSpace()
            if peek == 0x7D {
                index += 1
                return
            }
            while true {
                skipSpace()
                guard peek == 0x22 else { throw syntax("a key in quotes") }
                _ = try string()
                try expect(0x3A, "':'")
                try skipValue(depth: depth + 1)
                skipSpace()
                if peek == 0x2C {
                    index += 1
                    continue
                }
                try expect(0x7D, "',' or '}'")
                return
            }
        case let byte? where byte == 0x2D || (0x30...0x39).contains(byte):
            _ = try number()
        default:
            throw syntax("a value")
        }
    }
}
