import Foundation

/// A rectangle in the top-level X window's pixels, as the trace reports frames (`[x, y, w, h]`).
///
/// With no window manager the top-level window sits at the root's origin, so these are also
/// root-window coordinates, which is what XTest and `XGetImage` on the root use.
struct Rect: Equatable, Sendable, CustomStringConvertible {
    var x: Double
    var y: Double
    var width: Double
    var height: Double

    var minX: Double { x }
    var minY: Double { y }
    var maxX: Double { x + width }
    var maxY: Double { y + height }

    /// The centre, rounded to whole pixels: a good place to click a control.
    var center: (x: Int, y: Int) { (Int((x + width / 2).rounded(.down)), Int((y + height / 2).rounded(.down))) }

    var isEmpty: Bool { width <= 0 || height <= 0 }

    /// Whether the pixel whose top-left corner is (`px`, `py`) lies inside.
    func contains(_ px: Double, _ py: Double) -> Bool {
        px >= minX && px < maxX && py >= minY && py < maxY
    }

    /// Distance from a point to the nearest point of this rectangle (0 inside).
    func distance(to px: Double, _ py: Double) -> Double {
        let dx = max(minX - px, 0, px - maxX)
        let dy = max(minY - py, 0, py - maxY)
        return (dx * dx + dy * dy).squareRoot()
    }

    func intersection(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    var description: String { "[\(fmt(x)), \(fmt(y)), \(fmt(width)), \(fmt(height))]" }

    private func fmt(_ v: Double) -> String {
        v == v.rounded() ? String(Int(v)) : String(v)
    }

    /// Reads `[x, y, w, h]` from a decoded JSON value; nil if it is not four numbers.
    init?(json: Any?) {
        guard let array = json as? [Any], array.count == 4 else { return nil }
        let numbers = array.compactMap(JSONValue.number)
        guard numbers.count == 4 else { return nil }
        self.init(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }

    init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
}

/// Small helpers to read values decoded by `JSONSerialization` without caring whether they
/// arrive as `NSNumber`, `Int` or `Double` (swift-corelibs-foundation differs from Darwin here).
enum JSONValue {
    /// The value as a number, or nil.
    ///
    /// Booleans are not numbers here.
    static func number(_ value: Any?) -> Double? {
        switch value {
        case let d as Double: return d
        case let i as Int: return Double(i)
        case let n as NSNumber: return n.doubleValue
        default: return nil
        }
    }

    /// The value as a boolean, or nil.
    static func bool(_ value: Any?) -> Bool? {
        switch value {
        case let b as Bool: return b
        case let n as NSNumber: return n.boolValue
        default: return nil
        }
    }
}

/// One view as listed by a `layout` trace line.
struct TraceView: Sendable, CustomStringConvertible {
    var id: String
    var type: String?
    var frame: Rect
    var visible: Bool
    /// Whether a finger can reach it (the line's `hittable`; nil when the line has none).
    var hittable: Bool?

    var description: String {
        "\(id)(\(type ?? "?")) \(frame)\(visible ? "" : " hidden")\(hittable == false ? " out of reach" : "")"
    }
}

/// One line of the program's `--trace` output (JSON Lines): the raw text, its position in the
/// trace, and the decoded object (empty when the line is not valid JSON).
struct TraceLine: @unchecked Sendable, CustomStringConvertible {
    /// 0-based position of the line in the trace.
    let index: Int
    /// The line exactly as written, without its newline.
    let raw: String
    /// The decoded JSON object; `[:]` when the line did not decode to an object.
    let object: [String: Any]
    /// Whether the line decoded to a JSON object.
    let isValid: Bool

    init(index: Int, raw: String) {
        self.index = index
        self.raw = raw
        if let data = raw.data(using: .utf8),
            let decoded = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]),
            let object = decoded as? [String: Any]
        {
            self.object = object
            self.isValid = true
        } else {
            self.object = [:]
            self.isValid = false
        }
    }

    /// The line's `kind` field, the type of event it records.
    var kind: String? { object["kind"] as? String }

    subscript(key: String) -> Any? { object[key] }

    /// A string field; nil when absent, null or not a string.
    func string(_ key: String) -> String? { object[key] as? String }

    /// Whether a field is present and JSON `null`.
    func isNull(_ key: String) -> Bool { object.keys.contains(key) && object[key] is NSNull }

    /// The field `key` as a number; nil when it is missing or not a number.
    func number(_ key: String) -> Double? { JSONValue.number(object[key]) }

    /// A `[x, y, w, h]` field.
    func rect(_ key: String) -> Rect? { Rect(json: object[key]) }

    /// For `layout` lines: the listed views, in order.
    var views: [TraceView] {
        guard let list = object["views"] as? [Any] else { return [] }
        return list.compactMap { item in
            guard let view = item as? [String: Any], let id = view["id"] as? String,
                let frame = Rect(json: view["frame"])
            else { return nil }
            return TraceView(
                id: id, type: view["type"] as? String, frame: frame,
                visible: JSONValue.bool(view["visible"]) ?? true, hittable: JSONValue.bool(view["hittable"]))
        }
    }

    var description: String { "#\(index) \(raw)" }

    /// Like `description`, but a `layout` line is summarised (visible views with their frames,
    /// hidden ones counted) so that failure messages stay readable.
    var summary: String {
        guard kind == "layout" else { return description }
        let all = views
        let shown = all.filter(\.visible).map { "\($0.id)\($0.frame)" }.joined(separator: " ")
        let hidden = all.count - all.filter(\.visible).count
        let t = number("t").map { "t=\($0) " } ?? ""
        return "#\(index) layout \(t)visible: \(shown)\(hidden > 0 ? " (+\(hidden) hidden)" : "")"
    }
}

/// An error in an end-to-end test, carrying a readable message (often with a trace excerpt).
struct EndToEndError: Error, CustomStringConvertible {
    var message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}
