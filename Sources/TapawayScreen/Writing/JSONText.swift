/// A JSON value to write, and the program's one JSON writer: the screen writer prints it
/// indented (`formatted`), the `--trace` lines and the recordings compact (`serialized`).
///
/// Objects keep their keys in the order given, so a written file reads in the order
/// docs/screens.md describes and a trace line in the order the README's tables give. Strings
/// are escaped as RFC 8259 asks, and further as a `JSONSpelling` says; numbers are written in
/// the shortest form that reads back as the same double.
public enum JSONText: Sendable, Equatable {
    /// JSON's `null`: no value.
    case null
    /// `true` or `false`, written as JSON's literals.
    case bool(Bool)
    /// A number: whole numbers are written without a fraction; NaN and the infinities, which
    /// JSON has no word for, as `null`.
    case number(Double)
    /// A string, escaped as the spelling says when written.
    case string(String)
    /// An array of values, written in order.
    case array([JSONText])
    /// An object, its keys in this order.
    case object([(String, JSONText)])

    /// Values compare by content, keys in order.
    public static func == (a: JSONText, b: JSONText) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case (.bool(let x), .bool(let y)): x == y
        case (.number(let x), .number(let y)): x == y
        case (.string(let x), .string(let y)): x == y
        case (.array(let x), .array(let y)): x == y
        case (.object(let x), .object(let y)):
            x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    // MARK: Compact

    /// The value on one line with no space anywhere, spelled the program's own way
    /// (`JSONSpelling.standard`): a `--trace` line.
    public var serialized: String {
        var out = ""
        write(to: &out)
        return out
    }

    /// Appends the value on one line with no space anywhere to `out`, its strings and numbers
    /// spelled as `spelling` says.
    public func write(to out: inout String, spelling: JSONSpelling = .standard) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let value): Self.write(number: value, to: &out, spelling: spelling)
        case .string(let text): Self.write(string: text, to: &out, spelling: spelling)
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                item.write(to: &out, spelling: spelling)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out += "," }
                Self.write(string: key, to: &out, spelling: spelling)
                out += ":"
                value.write(to: &out, spelling: spelling)
            }
            out += "}"
        }
    }

    // MARK: Indented

    /// The value as indented text, two spaces a level: an array or object whose members are all
    /// scalars and that fits in `inlineWidth` characters stays on one line (a frame, a list of
    /// segments), so that a screen of a hundred elements stays readable.
    public func formatted(inlineWidth: Int = 100) -> String {
        var out = ""
        write(into: &out, indent: "", inlineWidth: inlineWidth)
        return out
    }

    private func write(into out: inout String, indent: String, inlineWidth: Int) {
        switch self {
        case .null, .bool, .number, .string:
            out += inline
        case .array(let items):
            if items.isEmpty {
                out += "[]"
            } else if let line = inlineIfShort(inlineWidth - indent.count) {
                out += line
            } else {
                let inner = indent + "  "
                out += "[\n"
                for (index, item) in items.enumerated() {
                    out += inner
                    item.write(into: &out, indent: inner, inlineWidth: inlineWidth)
                    out += index == items.count - 1 ? "\n" : ",\n"
                }
                out += indent + "]"
            }
        case .object(let members):
            if members.isEmpty {
                out += "{}"
            } else if let line = inlineIfShort(inlineWidth - indent.count) {
                out += line
            } else {
                let inner = indent + "  "
                out += "{\n"
                for (index, (key, value)) in members.enumerated() {
                    out += inner
                    Self.write(string: key, to: &out)
                    out += ": "
                    value.write(into: &out, indent: inner, inlineWidth: inlineWidth)
                    out += index == members.count - 1 ? "\n" : ",\n"
                }
                out += indent + "}"
            }
        }
    }

    /// The value on one line, when it holds only scalars and fits in `width` characters.
    private func inlineIfShort(_ width: Int) -> String? {
        let scalars: Bool
        switch self {
        case .array(let items): scalars = items.allSatisfy(\.isScalar)
        case .object(let members): scalars = members.allSatisfy { $0.1.isScalar }
        default: scalars = true
        }
        guard scalars else { return nil }
        let line = inline
        return line.count <= width ? line : nil
    }

    private var isScalar: Bool {
        switch self {
        case .null, .bool, .number, .string: true
        case .array, .object: false
        }
    }

    /// The value on one line, with a space after each comma and colon (and inside an object's
    /// braces).
    private var inline: String {
        var out = ""
        switch self {
        case .null, .bool, .number, .string: write(to: &out)
        case .array(let items): out = "[" + items.map(\.inline).joined(separator: ", ") + "]"
        case .object(let members):
            out = "{ "
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out += ", " }
                Self.write(string: key, to: &out)
                out += ": " + value.inline
            }
            out += " }"
        }
        return out
    }

    // MARK: Strings and numbers

    /// Appends `value` to `out` as a JSON number, spelled as `spelling` says.
    public static func write(number value: Double, to out: inout String, spelling: JSONSpelling = .standard) {
        guard value.isFinite else {
            out += "null"
            return
        }
        switch spelling.storage {
        case .standard:
            if value == value.rounded(), abs(value) < 1e15 {
                out += String(Int64(value))
            } else {
                out += String(value)
            }
        case .foundation:
            // Swift's shortest form that reads back the same, whole numbers without ".0".
            var text = value.description
            if text.hasSuffix(".0") { text.removeLast(2) }
            out += text
        }
    }

    /// Appends `text` to `out` as a JSON string in quotes, escaped as `spelling` says.
    public static func write(string text: String, to out: inout String, spelling: JSONSpelling = .standard) {
        out += "\""
        // Most strings hold nothing to escape: then they are copied whole. A byte that might
        // need it (a control, a quote, a backslash, DEL, the lead byte of U+2028/U+2029) sends
        // the string through the scalar-by-scalar path.
        let plain = text.utf8.allSatisfy { byte in
            byte >= 0x20 && byte != 0x22 && byte != 0x5C && byte != 0x7F && byte != 0xE2
        }
        if plain {
            out += text
        } else {
            for scalar in text.unicodeScalars {
                switch scalar.value {
                case 0x22: out += "\\\""
                case 0x5C: out += "\\\\"
                case 0x0A: out += "\\n"
                case 0x0D: out += "\\r"
                case 0x09: out += "\\t"
                case 0x08 where spelling.storage == .foundation: out += "\\b"
                case 0x0C where spelling.storage == .foundation: out += "\\f"
                case 0..<0x20: escape(scalar, to: &out)
                case 0x7F, 0x2028, 0x2029:
                    if spelling.storage == .standard {
                        escape(scalar, to: &out)
                    } else {
                        out.unicodeScalars.append(scalar)
                    }
                default: out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }

    /// `\u` and the scalar's four lowercase hexadecimal digits.
    private static func escape(_ scalar: Unicode.Scalar, to out: inout String) {
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
}

/// How a JSON writer spells what JSON leaves open: which characters of a string it escapes and
/// how, and how it writes a whole number.
///
/// Both spellings read back as the same values.
public struct JSONSpelling: Sendable, Equatable {
    fileprivate enum Storage: Sendable, Equatable {
        case standard, foundation
    }
    fileprivate let storage: Storage

    /// The program's own, for the trace and screen files, which escapes every character a
    /// terminal or a JavaScript line reader might take as more than text.
    ///
    /// Quote, backslash, newline, return and tab take their short escapes; the other controls,
    /// DEL, U+2028 and U+2029 are written `\u` and four lowercase hexadecimal digits. Whole
    /// numbers below 10^15 are written as integers (−0 as `0`).
    public static let standard = JSONSpelling(storage: .standard)

    /// Foundation's `JSONEncoder`'s, for the recordings, whose files written with it must stay
    /// the same byte for byte.
    ///
    /// Quote, backslash and the controls that have one take their short escapes
    /// (`\b \f \n \r \t`), the other controls `\u00xx`; DEL, U+2028 and U+2029 stand as they
    /// are. Numbers in Swift's shortest form, a whole number without its ".0" (−0 as `-0`).
    public static let foundation = JSONSpelling(storage: .foundation)
}
