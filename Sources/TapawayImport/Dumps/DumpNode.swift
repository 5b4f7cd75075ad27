import TapawayScreen

/// One view of a dump of a running app, in screen points with an absolute frame: what the UI
/// Automator and Appium readers make, before `DumpScreenBuilder` turns the tree into a screen.
struct DumpNode {
    /// The element kind it stands for.
    var kind: ElementKind
    /// The id it had (`resource-id`'s name, the accessibility identifier), if any.
    var name: String?
    /// Its text or label.
    var text: String?
    /// A text input's hint.
    var placeholder: String?
    /// Its frame on the screen, in points.
    var frame: ElementFrame
    /// Whether it is enabled.
    var enabled = true
    /// Whether it handles its touches (Android's `clickable`).
    var clickable = false
    /// Whether a text input is a password.
    var secure = false
    /// Whether a switch or a row is on.
    var checked = false
    /// Whether it had the focus when the dump was taken.
    var focused = false
    /// A segmented control's segments.
    var segments: [String] = []
    /// The nodes inside this one, in the dump's order.
    var children: [DumpNode] = []
    /// Its line in the dump.
    var line: Int
    /// Its class or type, as the dump names it (for its source and notes).
    var className: String
    /// What was approximated, if anything.
    var notes: [String] = []
}

/// Turns a dump's tree of absolute frames into a screen: frames relative to their parents,
/// wrappers of one child merged into it (dumps nest far deeper than screens do), what lies under
/// the top bars cut at their bottom, readable unique ids, and a source per element.
struct DumpScreenBuilder {
    let request: ImportRequest
    /// The top of the content on the screen, in points: what is above is the system's.
    let top: Double
    private var ids = ElementIDs()

    init(request: ImportRequest, top: Double) {
        self.request = request
        self.top = top
    }

    /// The content element for `root`, whose frame is the screen's.
    mutating func content(_ root: DumpNode) -> ScreenElement {
        let origin = ElementFrame(x: root.frame.x, y: top, width: root.frame.width, height: max(0, root.frame.maxY - top))
        var element = self.element(root, parent: origin, depth: 1, origin: origin)
        element.frame = nil
        element.kind = element.kind.scrolls || element.kind == .control ? element.kind : .view
        return element
    }

    private mutating func element(
        _ node: DumpNode, parent: ElementFrame, depth: Int, origin: ElementFrame? = nil
    )
        -> ScreenElement
    {
        var node = node
        // A wrapper with one child and nothing of its own is the child.
        while node.kind == .view, !node.clickable, node.children.count == 1, node.name == nil || node.children[0].name == nil,
            node.text == nil
        {
            let child = node.children[0]
            node = DumpNode(
                kind: child.kind, name: child.name ?? node.name, text: child.text, placeholder: child.placeholder,
                frame: child.frame, enabled: child.enabled && node.enabled, clickable: child.clickable, secure: child.secure,
                checked: child.checked, focused: child.focused, segments: child.segments, children: child.children,
                line: child.line, className: child.className, notes: node.notes + child.notes)
        }
        var element = ScreenElement(kind: node.kind)
        element.id = uniqueID(node)
        element.source = "\(request.shortName):\(node.line) \(node.className)"
        var f = node.frame
        var notes = node.notes
        if f.y < top && f.maxY > top && depth > 1 {
            f.height = f.maxY - top
            f.y = top
            notes.append("under the top bars in the dump: imported from their bottom")
        }
        element.frame = ElementFrame(x: f.x - parent.x, y: f.y - parent.y, width: f.width, height: f.height)
        element.enabled = node.enabled
        switch node.kind {
        case .textField, .textView, .searchBar:
            var traits = TextInputTraits()
            if node.kind == .searchBar {
                traits.returnKey = "search"
                traits.autocapitalization = "none"
            }
            traits.secure = node.secure
            element.input = traits
            element.placeholder = node.placeholder ?? node.text
        case .label, .button, .row:
            element.text = node.text
        case .switch:
            element.isOn = node.checked
        case .segmented:
            element.segments = node.segments
        case .scrollView, .table:
            element.scroll = ScrollTraits()
        case .view:
            element.clickable = node.clickable
        default: break
        }
        if node.kind == .row { element.isOn = node.checked }
        // Deeper than a screen nests: what is below is hoisted into this element.
        let children = depth >= ScreenLimits.elementDepth - 2 ? Self.flattened(node.children) : node.children
        if depth >= ScreenLimits.elementDepth - 2 && children.count != node.children.count {
            notes.append("the views below it nest deeper than a screen does: they are placed in it directly")
        }
        if !node.kind.holdsChildren {
            // A button, a switch or a row shows what its children say; it holds none.
            if element.text == nil && (node.kind == .button || node.kind == .row) { element.text = Self.firstText(node) }
        } else {
            // The content's children are placed from the content's top (its own frame is the screen's).
            for child in children where child.frame.width > 0 && child.frame.height > 0 && child.frame.maxY > top {
                element.children.append(self.element(child, parent: origin ?? f, depth: depth + 1))
            }
        }
        element.comments = notes
        return element
    }

    /// The first text among a node's descendants.
    static func firstText(_ node: DumpNode) -> String? {
        for child in node.children {
            if let text = child.text ?? firstText(child) { return text }
        }
        return nil
    }

    /// The nodes and all their descendants, in one list (absolute frames need no change).
    private static func flattened(_ nodes: [DumpNode]) -> [DumpNode] {
        nodes.flatMap { node -> [DumpNode] in
            var own = node
            own.children = []
            return [own] + flattened(node.children)
        }
    }

    private mutating func uniqueID(_ node: DumpNode) -> String {
        ids.make(from: [node.name, node.kind.isTextInput ? node.placeholder : node.text], fallback: node.kind.rawValue)
    }
}

extension ElementFrame {
    /// The y of the node's bottom edge.
    var maxY: Double { y + height }
}
