import TapawayKit

/// One AT-SPI event: a signal from an element's object, `(siiva{sv})` — the detail, two
/// numbers and a value — on one of the `org.a11y.atspi.Event.*` interfaces.
package struct AccessibleEvent: Equatable, Sendable {
    /// The element that the event is about.
    package var id: Int
    /// `Object` or `Focus` (the interface is `org.a11y.atspi.Event.` and this).
    package var category: String
    /// The signal (`StateChanged`, `TextChanged`, `Focus`…).
    package var member: String
    /// The event's detail (`focused`, `insert`, `accessible-name`…), or "".
    package var detail: String
    /// The first number (a state's new value, an offset).
    package var detail1: Int32 = 0
    /// The second number (a length).
    package var detail2: Int32 = 0
    /// The value carried (inserted text, a child's reference), an int 0 when none.
    package var value: DBusValue = .int32(0)

    /// The signal that carries it, from the element's object.
    package var message: DBusMessage {
        .signal(
            path: AccessibleNode.path(id), interface: "org.a11y.atspi.Event." + category, member: member,
            body: [.string(detail), .int32(detail1), .int32(detail2), .variant(value), .properties([])])
    }

    /// The events that take a client's view of the tree from `old` to `new` (elements served by `bus`):
    /// names, states, children, text and caret, and focus moving.
    ///
    /// An element new or gone is told by its parent's children changing.
    package static func changes(from old: [Int: AccessibleNode], to new: [Int: AccessibleNode], bus: String) -> [AccessibleEvent]
    {
        var events: [AccessibleEvent] = []
        var focused: Int?
        for id in new.keys.sorted() {
            guard let now = new[id] else { continue }
            if now.states.contains(.focused) && now.states.contains(.showing) { focused = id }
            guard let before = old[id] else { continue }
            if now.name != before.name {
                events.append(
                    AccessibleEvent(
                        id: id, category: "Object", member: "PropertyChange", detail: "accessible-name",
                        value: .string(now.name)))
            }
            for state in now.states.symmetricDifference(before.states).sorted() where state != .focused {
                events.append(
                    AccessibleEvent(
                        id: id, category: "Object", member: "StateChanged", detail: state.name,
                        detail1: now.states.contains(state) ? 1 : 0))
            }
            events += childrenChanges(of: id, from: before.children, to: now.children, bus: bus)
            events += textChanges(of: id, from: before.text, to: now.text)
        }
        // The frame becoming the active window, or ceasing to be, as window managers tell it.
        if let before = old[1], let now = new[1], before.states.contains(.active) != now.states.contains(.active) {
            events.append(
                AccessibleEvent(
                    id: 1, category: "Window", member: now.states.contains(.active) ? "Activate" : "Deactivate", detail: ""))
        }
        // Focus last, once everything it may land on exists: the old element loses it first.
        let wasFocused = old.values.first { $0.states.contains(.focused) && $0.states.contains(.showing) }?.id
        if focused != wasFocused {
            if let wasFocused, new[wasFocused] != nil {
                events.append(
                    AccessibleEvent(id: wasFocused, category: "Object", member: "StateChanged", detail: "focused", detail1: 0))
            }
            if let focused {
                events.append(
                    AccessibleEvent(id: focused, category: "Object", member: "StateChanged", detail: "focused", detail1: 1))
                events.append(AccessibleEvent(id: focused, category: "Focus", member: "Focus", detail: ""))
            }
        }
        return events
    }

    private static func childrenChanges(of id: Int, from before: [Int], to now: [Int], bus: String) -> [AccessibleEvent] {
        guard before != now else { return [] }
        var events: [AccessibleEvent] = []
        let kept = Set(now)
        for (index, child) in before.enumerated().reversed() where !kept.contains(child) {
            events.append(
                AccessibleEvent(
                    id: id, category: "Object", member: "ChildrenChanged", detail: "remove", detail1: Int32(clamping: index),
                    value: .reference(bus, AccessibleNode.path(child))))
        }
        let had = Set(before)
        for (index, child) in now.enumerated() where !had.contains(child) {
            events.append(
                AccessibleEvent(
                    id: id, category: "Object", member: "ChildrenChanged", detail: "add", detail1: Int32(clamping: index),
                    value: .reference(bus, AccessibleNode.path(child))))
        }
        return events
    }

    /// What was deleted and inserted between two texts (the common start and end kept), then
    /// where the caret went.
    private static func textChanges(of id: Int, from before: AccessibleText?, to now: AccessibleText?) -> [AccessibleEvent] {
        guard let before, let now else { return [] }
        var events: [AccessibleEvent] = []
        if before.text != now.text {
            let old = Array(before.text.unicodeScalars), new = Array(now.text.unicodeScalars)
            var start = 0
            while start < old.count, start < new.count, old[start] == new[start] { start += 1 }
            var oldEnd = old.count, newEnd = new.count
            while oldEnd > start, newEnd > start, old[oldEnd - 1] == new[newEnd - 1] {
                oldEnd -= 1
                newEnd -= 1
            }
            if oldEnd > start {
                var deleted = String.UnicodeScalarView()
                deleted.append(contentsOf: old[start..<oldEnd])
                events.append(
                    AccessibleEvent(
                        id: id, category: "Object", member: "TextChanged", detail: "delete", detail1: Int32(clamping: start),
                        detail2: Int32(clamping: oldEnd - start), value: .string(String(deleted))))
            }
            if newEnd > start {
                var inserted = String.UnicodeScalarView()
                inserted.append(contentsOf: new[start..<newEnd])
                events.append(
                    AccessibleEvent(
                        id: id, category: "Object", member: "TextChanged", detail: "insert", detail1: Int32(clamping: start),
                        detail2: Int32(clamping: newEnd - start), value: .string(String(inserted))))
            }
        }
        if before.caret != now.caret {
            events.append(
                AccessibleEvent(
                    id: id, category: "Object", member: "TextCaretMoved", detail: "", detail1: Int32(clamping: now.caret)))
        }
        return events
    }
}
