import TapawayKit
import TapawayScreen

/// The trace's JSON values, written compact with `serialized`.
///
/// They are the program's one JSON writer's (`JSONText`, in the screen model); Foundation is
/// not used, as the trace is on the hot path.
package typealias JSON = JSONText

extension JSONText {
    /// A rectangle as `[x, y, w, h]` in whole pixels.
    package static func rect(_ r: Rect) -> JSON {
        .array([r.minX, r.minY, r.width, r.height].map { .number($0.rounded()) })
    }
    /// A point as `[x, y]` in whole pixels.
    package static func point(_ p: Point) -> JSON { .array([.number(p.x.rounded()), .number(p.y.rounded())]) }
    /// A string, or null.
    package static func optional(_ s: String?) -> JSON { s.map { .string($0) } ?? .null }
}
