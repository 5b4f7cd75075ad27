import TapawayKit

/// The program's views as the tree AT-SPI exposes, taken afresh at each frame: the application
/// (0), its frame (1, the top-level window), each shown Kit window as a panel, and inside them
/// every view with an `accessibilityRole`; a view without one is not an element, and the
/// elements inside it count as its nearest element ancestor's children.
///
/// Each view keeps its number for as long as it lives (hidden and shown again, it is the same
/// element), so a client's references stay good across frames.
@MainActor
package final class AccessibleTree {
    /// The elements of the last snapshot, by number.
    package private(set) var nodes: [Int: AccessibleNode] = [:]
    /// What the frame and the application are called.
    package let applicationName: String
    /// Whether the top-level window is the desktop's active one (the frame's `active` state).
    package var isActive: () -> Bool = { true }

    private final class Entry {
        weak var view: View?
        let id: Int
        init(view: View, id: Int) {
            self.view = view
            self.id = id
        }
    }
    private var entries: [ObjectIdentifier: Entry] = [:]
    private var byID: [Int: Entry] = [:]
    private var nextID = 2

    /// The most elements exposed: a tree larger than this (a screen file of thousands of
    /// views) is cut, rather than costing every frame without bound.
    package static let maximumElements = 5000

    /// A tree for an application called `applicationName`.
    package init(applicationName: String) {
        self.applicationName = applicationName
    }

    /// The live view of element `id`, if it is a view that still exists.
    package func view(for id: Int) -> View? { byID[id]?.view }

    /// The element number of `view`, given on first sight and kept while it lives.
    package func id(for view: View) -> Int {
        let key = ObjectIdentifier(view)
        if let entry = entries[key], entry.view === view { return entry.id }
        let entry = Entry(view: view, id: nextID)
        nextID += 1
        entries[key] = entry
        byID[entry.id] = entry
        return entry.id
    }

    /// Takes the snapshot of `application`'s windows, in a top-level window of `size` points.
    ///
    /// Returns the new elements, also kept in `nodes`.
    @discardableResult
    package func snapshot(of application: Application, size: Size) -> [Int: AccessibleNode] {
        var result: [Int: AccessibleNode] = [:]
        let screen = Rect(origin: .zero, size: size)
        result[0] = AccessibleNode(
            id: 0, parent: nil, children: [1], role: .application, name: applicationName, states: [],
            frame: screen, text: nil, action: nil, identifier: "")
        var frame = AccessibleNode(
            id: 1, parent: 0, children: [], role: .frame, name: applicationName,
            states: isActive()
                ? [.enabled, .sensitive, .showing, .visible, .resizable, .active]
                : [.enabled, .sensitive, .showing, .visible, .resizable],
            frame: screen, text: nil, action: nil, identifier: "")
        var budget = Self.maximumElements
        for window in application.windows where !window.isHidden {
            guard budget > 0 else { break }
            let id = add(window, parent: 1, clip: screen, into: &result, budget: &budget)
            // A window with nothing to read (the backdrop behind the device) is left out.
            if result[id]?.children.isEmpty == true && result[id]?.name.isEmpty == true {
                result[id] = nil
                continue
            }
            frame.children.append(id)
        }
        result[1] = frame
        nodes = result
        forgetGoneViews()
        return result
    }

    /// Adds `view` (an element) and the elements inside it; returns its number.
    private func add(
        _ view: View, parent: Int, clip: Rect, into result: inout [Int: AccessibleNode], budget: inout Int
    ) -> Int {
        budget -= 1
        let id = id(for: view)
        let frame = view.frameInScreen
        let traits = view.accessibilityTraits
        var states = AtspiState.from(traits)
        states.insert(.visible)
        if !traits.contains(.disabled) && view.isUserInteractionEnabledInHierarchy {
            states.formUnion([.enabled, .sensitive])
        }
        // What clips it: its window, and any ancestor that clips (the sidebar's scroll view).
        let shown = clip.intersection(frame)
        if !shown.isEmpty || (frame.isEmpty && clip.contains(frame.origin)) { states.insert(.showing) }
        let role = view.accessibilityRole.map(AtspiRole.init) ?? .panel
        var text = view.accessibleText
        if text == nil, role == .label { text = AccessibleText(text: view.accessibilityLabel ?? "", caret: 0, selection: 0..<0) }
        var node = AccessibleNode(
            id: id, parent: parent, children: [], role: role, name: view.accessibilityLabel ?? "", states: states,
            frame: frame, text: text, action: view.accessibilityActionName, identifier: view.identifier ?? "",
            group: view.accessibilityGroup)
        node.children = elements(
            in: view, parent: id, clip: view.clipsToBounds ? clip.intersection(frame) : clip, into: &result, budget: &budget)
        result[id] = node
        return id
    }

    /// The elements among `view`'s shown subviews, looking through views that are not elements.
    private func elements(
        in view: View, parent: Int, clip: Rect, into result: inout [Int: AccessibleNode], budget: inout Int
    ) -> [Int] {
        var ids: [Int] = []
        for subview in view.subviews where !subview.isHidden && subview.alpha >= 0.01 {
            guard budget > 0 else { break }
            if subview.accessibilityRole != nil {
                let id = add(subview, parent: parent, clip: clip, into: &result, budget: &budget)
                nameByPrecedingLabel(id, after: ids.last, in: &result)
                ids.append(id)
            } else {
                let inner = subview.clipsToBounds ? clip.intersection(subview.frameInScreen) : clip
                ids += elements(in: subview, parent: parent, clip: inner, into: &result, budget: &budget)
            }
        }
        return ids
    }

    /// Names an unnamed on/off control after the label just before it (the form's "Subscribe
    /// to the newsletter" and its switch), as a screen reader would guess a labelled-by relation.
    private func nameByPrecedingLabel(_ id: Int, after previous: Int?, in result: inout [Int: AccessibleNode]) {
        guard let node = result[id], node.name.isEmpty, node.role == .toggleButton || node.role == .radioButton,
            let previous, let label = result[previous], label.role == .label
        else { return }
        result[id]?.name = label.name
    }

    /// Drops the numbers of views that no longer exist.
    private func forgetGoneViews() {
        guard entries.count > 2 * max(nodes.count, 64) || entries.count > 4096 else { return }
        for (key, entry) in entries where entry.view == nil {
            entries[key] = nil
            byID[entry.id] = nil
        }
    }
}
