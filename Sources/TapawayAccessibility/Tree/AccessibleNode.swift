import TapawayKit

/// One element of the exposed tree as it stood at a frame: what AT-SPI's Accessible,
/// Component, Action and Text interfaces answer from, and what the next frame's tree is
/// compared with to send events.
package struct AccessibleNode: Equatable, Sendable {
    /// The element's number, which names its object path (0 is the application, 1 the frame).
    package var id: Int
    /// The parent's number; nil for the application.
    package var parent: Int?
    /// The children's numbers, in order.
    package var children: [Int] = []
    /// The AT-SPI role a screen reader announces for the element.
    package var role: AtspiRole
    /// The accessible name a screen reader speaks: a label, a title or a placeholder.
    package var name: String
    /// The AT-SPI states (`AtspiState` bits).
    package var states: Set<AtspiState>
    /// Where it is, in points in the top-level window.
    package var frame: Rect
    /// Its text and caret, for the Text interface.
    package var text: AccessibleText?
    /// The name of its one action, for the Action interface.
    package var action: String?
    /// The view's `identifier` (AT-SPI's `AccessibleId`), or "".
    package var identifier: String
    /// The group it is a member of with its siblings of the same group (radio buttons), if any.
    package var group: String? = nil

    /// The object path of element `id`.
    package static func path(_ id: Int) -> String {
        id == 0 ? "/org/a11y/atspi/accessible/root" : "/org/a11y/atspi/accessible/\(id)"
    }

    /// The element number of `path`, if it names one.
    package static func id(ofPath path: String) -> Int? {
        let prefix = "/org/a11y/atspi/accessible/"
        guard path.hasPrefix(prefix) else { return nil }
        let tail = path.dropFirst(prefix.count)
        if tail == "root" { return 0 }
        guard tail.count <= 9, let id = Int(tail), id > 0 else { return nil }
        return id
    }

    /// The AT-SPI interfaces the element implements.
    package var interfaces: [String] {
        var names = ["org.a11y.atspi.Accessible"]
        if id == 0 { names.append("org.a11y.atspi.Application") } else { names.append("org.a11y.atspi.Component") }
        if action != nil { names.append("org.a11y.atspi.Action") }
        if text != nil { names.append("org.a11y.atspi.Text") }
        if text != nil && states.contains(.editable) { names.append("org.a11y.atspi.EditableText") }
        return names
    }
}
