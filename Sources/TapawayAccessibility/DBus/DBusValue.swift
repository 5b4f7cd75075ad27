/// One D-Bus value with its type, as the wire format carries it: what a message's body and header
/// fields are made of.
///
/// Only what AT-SPI needs is here; Unix file descriptors (`h`) are not (a message carrying one is
/// refused whole).
package indirect enum DBusValue: Equatable, Sendable {
    /// `y`: an unsigned byte.
    case byte(UInt8)
    /// `b`: a boolean, carried as a 32-bit 0 or 1.
    case bool(Bool)
    /// `n`: a signed 16-bit integer.
    case int16(Int16)
    /// `q`: an unsigned 16-bit integer.
    case uint16(UInt16)
    /// `i`: a signed 32-bit integer.
    case int32(Int32)
    /// `u`: an unsigned 32-bit integer, as AT-SPI's states and roles are.
    case uint32(UInt32)
    /// `x`: a signed 64-bit integer.
    case int64(Int64)
    /// `t`: an unsigned 64-bit integer.
    case uint64(UInt64)
    /// `d`: an IEEE 754 double.
    case double(Double)
    /// `s`: valid UTF-8 with no NUL (a Swift string's NULs are dropped when written).
    case string(String)
    /// `o`: an object path.
    case objectPath(String)
    /// `g`: a type signature.
    case signature(String)
    /// `v`: any one value with its own signature.
    case variant(DBusValue)
    /// `a…`: elements of the one type `element` (a complete signature, so that an empty array
    /// still has a type).
    case array(element: String, [DBusValue])
    /// `(…)`: a structure of values of fixed types, aligned to 8 bytes.
    case structure([DBusValue])
    /// `{kv}`: only inside an array (a dictionary).
    case dictEntry(DBusValue, DBusValue)

    /// The value's complete type signature.
    package var signature: String {
        switch self {
        case .byte: return "y"
        case .bool: return "b"
        case .int16: return "n"
        case .uint16: return "q"
        case .int32: return "i"
        case .uint32: return "u"
        case .int64: return "x"
        case .uint64: return "t"
        case .double: return "d"
        case .string: return "s"
        case .objectPath: return "o"
        case .signature: return "g"
        case .variant: return "v"
        case .array(let element, _): return "a" + element
        case .structure(let fields): return "(" + fields.map(\.signature).joined() + ")"
        case .dictEntry(let key, let value): return "{" + key.signature + value.signature + "}"
        }
    }

    /// The string of a `s`, `o` or `g` value; nil for any other.
    package var text: String? {
        switch self {
        case .string(let s), .objectPath(let s), .signature(let s): return s
        default: return nil
        }
    }

    /// The number of an integer value that fits an `Int`; nil for any other.
    package var integer: Int? {
        switch self {
        case .byte(let v): return Int(v)
        case .int16(let v): return Int(v)
        case .uint16(let v): return Int(v)
        case .int32(let v): return Int(v)
        case .uint32(let v): return Int(v)
        case .int64(let v): return Int(v)
        case .uint64(let v): return v <= UInt64(Int.max) ? Int(v) : nil
        default: return nil
        }
    }

    /// A dictionary of strings to variants (`a{sv}`), the shape properties travel in.
    package static func properties(_ entries: [(String, DBusValue)]) -> DBusValue {
        .array(element: "{sv}", entries.map { .dictEntry(.string($0.0), .variant($0.1)) })
    }

    /// An AT-SPI object reference: the bus name that serves it and its path (`(so)`).
    package static func reference(_ bus: String, _ path: String) -> DBusValue {
        .structure([.string(bus), .objectPath(path)])
    }
}
