/// A JSON value to write: what the screen writer builds and prints. Objects keep their keys in
/// the order given, so a written file reads in the order docs/screens.md describes.
public indirect enum JSONText: Sendable, Equatable {
    /// `true` or `false`.
    case bool(Bool)
    /// A finite number: whole numbers are written without a fraction.
    case number(Double)
    /// A string, escaped as RFC 8259 asks.
    case string(String)
    /// An array.
    case array([JSONText])
    /// An object, its keys in this order.
    case object([(String, JSONText)])

    /// Values compare by content, keys in order.
    public static func == (a: JSONText, b: JSONText) -> Bool {
        switch (a, b) {
        case (.bool(let x), .bool(let y)): x == y
        case (.number(let x), .number(let y)): x == y
        case (.string(let x), .string(let y)): x == y
        case (.array(let x), .array(let y)): x == y
        case (.object(let x), .object(let y)): x.map(\.0) == y.map(\.0) && x.map(\.1) == y.map(\.1)
        default: false
        }
    }

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
        case .bool, .number, .string:
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
                    out += inner + Self.quoted(key) + ": "
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
        case .bool, .number, .string: true
        case .array, .object: false
        }
    }

    /// The value on one line, with a space after each comma and colon.
    private var inline: String {
        switch self {
        case .bool(let value): value ? "true" : "false"
        case .number(let value): Self.number(value)
        case .string(let text): Self.quoted(text)
        case .array(let items): "[" + items.map(\.inline).joined(separator: ", ") + "]"
        case .object(let members):
            "{ " + members.map { Self.quoted($0.0) + ": " + $0.1.inline }.joined(separator: ", ") + " }"
        }
    }

    /// A number as JSON writes it: whole numbers without a fraction, others in the shortest form
    /// that reads back as the same double.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// A string in quotes, with `"`, `\` and control characters escaped.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x2028...0x2029).contains(scalar.value):
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
