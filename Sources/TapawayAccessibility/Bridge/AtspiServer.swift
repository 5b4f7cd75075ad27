import TapawayKit

/// Answers AT-SPI's method calls on the exposed tree: the Accessible, Component, Action, Text,
/// Application and Properties interfaces of every element's object path, and the Cache's.
///
/// Every call is answered (a reply, or a D-Bus error for what it cannot do); arguments of the wrong
/// types get `InvalidArgs`, never a trap.
@MainActor
package final class AtspiServer {
    /// The tree answered from.
    package let tree: AccessibleTree
    /// Where the top-level window's top-left is on the screen, in pixels, and pixels per point:
    /// for extents in screen coordinates.
    package var screenGeometry: () -> (origin: (x: Int, y: Int), scale: Double) = { ((0, 0), 1) }
    /// Activates an element's view (its action, `GrabFocus` of a text input).
    package var activate: (View) -> Void = { _ in }
    /// The application's own reference's parent: the registry's desktop, once known.
    package var desktop: DBusValue = .reference("org.a11y.atspi.Registry", "/org/a11y/atspi/accessible/root")
    /// The bus name the elements are served under (this connection's unique name).
    package var busName = ""
    /// The application's `Id`, which the registry sets.
    private var applicationID: Int32 = 0

    /// A server of `tree`.
    package init(tree: AccessibleTree) {
        self.tree = tree
    }

    private func reference(_ id: Int?) -> DBusValue {
        guard let id else { return .reference("", "/org/a11y/atspi/null") }
        return .reference(busName, AccessibleNode.path(id))
    }

    /// The reply to `call`, and what to do once it has been sent (an activation runs after its
    /// reply, as GTK's do, so the client is not left waiting on the events it causes).
    package func answer(_ call: DBusMessage) -> (reply: DBusMessage, then: (() -> Void)?) {
        let member = call.member ?? "", interface = call.interface ?? ""
        if call.path == "/org/a11y/atspi/cache" {
            if member == "GetItems" { return (call.reply([.array(element: "((so)(so)(so)iiassusau)", [])]), nil) }
            return (unknownMethod(call), nil)
        }
        if interface == "org.freedesktop.DBus.Peer" && member == "Ping" { return (call.reply(), nil) }
        guard let path = call.path, let id = AccessibleNode.id(ofPath: path), let node = tree.nodes[id] else {
            return (call.error("org.freedesktop.DBus.Error.UnknownObject", "no such accessible object"), nil)
        }
        switch interface {
        case "org.freedesktop.DBus.Properties": return (properties(call, node), nil)
        case "org.a11y.atspi.Accessible", "": if let reply = accessible(call, node) { return (reply, nil) }
        case "org.a11y.atspi.Component": return component(call, node)
        case "org.a11y.atspi.Action": return action(call, node)
        case "org.a11y.atspi.Text": if let reply = text(call, node) { return (reply, nil) }
        case "org.a11y.atspi.EditableText": if let reply = editableText(call, node) { return (reply, nil) }
        case "org.a11y.atspi.Application": if let reply = application(call, node) { return (reply, nil) }
        default: break
        }
        return (unknownMethod(call), nil)
    }

    private func unknownMethod(_ call: DBusMessage) -> DBusMessage {
        call.error(
            "org.freedesktop.DBus.Error.UnknownMethod",
            "\(call.interface ?? "")." + (call.member ?? "") + " is not served here")
    }

    private func invalid(_ call: DBusMessage) -> DBusMessage {
        call.error("org.freedesktop.DBus.Error.InvalidArgs", "arguments of the wrong types")
    }

    private func int(_ call: DBusMessage, _ index: Int) -> Int? {
        guard index < call.body.count else { return nil }
        switch call.body[index] {
        case .int32(let v): return Int(v)
        case .uint32(let v): return Int(v)
        default: return nil
        }
    }

    // MARK: Accessible

    private func accessible(_ call: DBusMessage, _ node: AccessibleNode) -> DBusMessage? {
        switch call.member {
        case "GetChildAtIndex":
            guard let index = int(call, 0) else { return invalid(call) }
            return call.reply([reference(node.children.indices.contains(index) ? node.children[index] : nil)])
        case "GetChildren":
            return call.reply([.array(element: "(so)", node.children.map { reference($0) })])
        case "GetIndexInParent":
            let index = node.parent.flatMap { tree.nodes[$0]?.children.firstIndex(of: node.id) } ?? -1
            return call.reply([.int32(Int32(index))])
        case "GetRelationSet":
            // Member-of (5): the siblings of the same group, itself included, as GTK gives a
            // radio button's group.
            guard let group = node.group, let parent = node.parent.flatMap({ tree.nodes[$0] }) else {
                return call.reply([.array(element: "(ua(so))", [])])
            }
            let members = parent.children.filter { tree.nodes[$0]?.group == group }.map { reference($0) }
            return call.reply([.array(element: "(ua(so))", [.structure([.uint32(5), .array(element: "(so)", members)])])])
        case "GetRole":
            return call.reply([.uint32(node.role.rawValue)])
        case "GetRoleName", "GetLocalizedRoleName":
            return call.reply([.string(node.role.name)])
        case "GetState":
            return call.reply([.array(element: "u", AtspiState.words(node.states).map { .uint32($0) })])
        case "GetAttributes":
            var attributes: [DBusValue] = [.dictEntry(.string("toolkit"), .string("Tapaway"))]
            if !node.identifier.isEmpty { attributes.append(.dictEntry(.string("id"), .string(node.identifier))) }
            return call.reply([.array(element: "{ss}", attributes)])
        case "GetApplication":
            return call.reply([reference(0)])
        case "GetInterfaces":
            return call.reply([.array(element: "s", node.interfaces.map { .string($0) })])
        default:
            return nil
        }
    }

    private func accessibleProperty(_ name: String, _ node: AccessibleNode) -> DBusValue? {
        switch name {
        case "Name": return .string(node.name)
        case "Description", "HelpText": return .string("")
        case "Parent": return node.parent.map { reference($0) } ?? desktop
        case "ChildCount": return .int32(Int32(node.children.count))
        case "Locale": return .string("en_US")
        case "AccessibleId": return .string(node.identifier)
        default: return nil
        }
    }

    // MARK: Properties

    private func properties(_ call: DBusMessage, _ node: AccessibleNode) -> DBusMessage {
        let interface = call.body.first?.text ?? ""
        switch call.member {
        case "Get":
            guard call.body.count == 2, let name = call.body[1].text else { return invalid(call) }
            guard let value = property(interface, name, node) else {
                return call.error("org.freedesktop.DBus.Error.UnknownProperty", "no property \(interface).\(name)")
            }
            return call.reply([.variant(value)])
        case "GetAll":
            let names: [String]
            switch interface {
            case "org.a11y.atspi.Accessible":
                names = ["Name", "Description", "Parent", "ChildCount", "Locale", "AccessibleId", "HelpText"]
            case "org.a11y.atspi.Application": names = ["ToolkitName", "Version", "AtspiVersion", "Id"]
            case "org.a11y.atspi.Action": names = ["NActions"]
            case "org.a11y.atspi.Text": names = ["CharacterCount", "CaretOffset"]
            default: names = []
            }
            let entries = names.compactMap { name in property(interface, name, node).map { (name, $0) } }
            return call.reply([.properties(entries)])
        case "Set":
            // The registry numbers each application (`Application.Id`); nothing else is settable.
            if interface == "org.a11y.atspi.Application", call.body.count == 3, call.body[1].text == "Id",
                case .variant(.int32(let id)) = call.body[2]
            {
                applicationID = id
                return call.reply()
            }
            return call.error("org.freedesktop.DBus.Error.PropertyReadOnly", "read-only")
        default:
            return unknownMethod(call)
        }
    }

    private func property(_ interface: String, _ name: String, _ node: AccessibleNode) -> DBusValue? {
        switch interface {
        case "org.a11y.atspi.Accessible": return accessibleProperty(name, node)
        case "org.a11y.atspi.Application" where node.id == 0:
            switch name {
            case "ToolkitName": return .string("Tapaway")
            case "Version": return .string("0.2.0")
            case "AtspiVersion": return .string("2.1")
            case "Id": return .int32(applicationID)
            default: return nil
            }
        case "org.a11y.atspi.Action" where node.action != nil:
            return name == "NActions" ? .int32(1) : nil
        case "org.a11y.atspi.Text":
            guard let text = liveText(node) else { return nil }
            switch name {
            case "CharacterCount": return .int32(Int32(clamping: text.text.unicodeScalars.count))
            case "CaretOffset": return .int32(Int32(clamping: text.caret))
            default: return nil
            }
        default: return nil
        }
    }

    // MARK: Application

    private func application(_ call: DBusMessage, _ node: AccessibleNode) -> DBusMessage? {
        guard node.id == 0 else { return nil }
        switch call.member {
        case "GetLocale": return call.reply([.string("en_US")])
        // No peer-to-peer connection is offered: clients keep using the bus.
        case "GetApplicationBusAddress": return call.reply([.string("")])
        default: return nil
        }
    }

    // MARK: Component

    /// `frame` (points in the window) in the coordinates `type` names: 0 the screen, 1 the
    /// top-level window, 2 the parent element.
    private func extents(_ frame: Rect, _ type: Int, parent: Int?) -> (x: Int, y: Int, width: Int, height: Int) {
        let geometry = screenGeometry()
        let s = geometry.scale
        var x = frame.minX * s, y = frame.minY * s
        switch type {
        case 0:
            x += Double(geometry.origin.x)
            y += Double(geometry.origin.y)
        case 2:
            if let parent, let parentFrame = tree.nodes[parent]?.frame {
                x -= parentFrame.minX * s
                y -= parentFrame.minY * s
            }
        default: break
        }
        func clamp(_ value: Double) -> Int { Int(max(-1e9, min(1e9, value.rounded()))) }
        return (clamp(x), clamp(y), clamp(frame.width * s), clamp(frame.height * s))
    }

    private func component(_ call: DBusMessage, _ node: AccessibleNode) -> (reply: DBusMessage, then: (() -> Void)?) {
        switch call.member {
        case "GetExtents":
            guard let type = int(call, 0) else { return (invalid(call), nil) }
            let e = extents(node.frame, type, parent: node.parent)
            return (
                call.reply([
                    .structure([.int32(Int32(e.x)), .int32(Int32(e.y)), .int32(Int32(e.width)), .int32(Int32(e.height))])
                ]), nil
            )
        case "GetPosition":
            guard let type = int(call, 0) else { return (invalid(call), nil) }
            let e = extents(node.frame, type, parent: node.parent)
            return (call.reply([.int32(Int32(e.x)), .int32(Int32(e.y))]), nil)
        case "GetSize":
            let e = extents(node.frame, 1, parent: nil)
            return (call.reply([.int32(Int32(e.width)), .int32(Int32(e.height))]), nil)
        case "Contains":
            guard let x = int(call, 0), let y = int(call, 1), let type = int(call, 2) else { return (invalid(call), nil) }
            let e = extents(node.frame, type, parent: node.parent)
            let inside = x >= e.x && y >= e.y && x < e.x + e.width && y < e.y + e.height
            return (call.reply([.bool(inside)]), nil)
        case "GetAccessibleAtPoint":
            guard let x = int(call, 0), let y = int(call, 1), let type = int(call, 2) else { return (invalid(call), nil) }
            let hit = node.children.reversed().first { child in
                guard let frame = tree.nodes[child]?.frame else { return false }
                let e = extents(frame, type, parent: node.id)
                return x >= e.x && y >= e.y && x < e.x + e.width && y < e.y + e.height
            }
            return (call.reply([reference(hit)]), nil)
        case "GetLayer":
            return (call.reply([.uint32(node.role == .frame ? 7 : 3)]), nil)
        case "GetMDIZOrder":
            return (call.reply([.int16(0)]), nil)
        case "GetAlpha":
            return (call.reply([.double(1)]), nil)
        case "GrabFocus":
            // Only what takes the keyboard's focus can be given it: the text inputs.
            guard node.states.contains(.focusable), let view = tree.view(for: node.id) else {
                return (call.reply([.bool(false)]), nil)
            }
            return (call.reply([.bool(true)]), { [weak self] in self?.activate(view) })
        case "ScrollTo", "ScrollToPoint", "SetExtents", "SetPosition", "SetSize":
            return (call.reply([.bool(false)]), nil)
        default:
            return (unknownMethod(call), nil)
        }
    }

    // MARK: Action

    private func action(_ call: DBusMessage, _ node: AccessibleNode) -> (reply: DBusMessage, then: (() -> Void)?) {
        guard let name = node.action else { return (unknownMethod(call), nil) }
        let description = Self.actionDescriptions[name] ?? name
        switch call.member {
        case "GetActions":
            return (
                call.reply([.array(element: "(sss)", [.structure([.string(name), .string(description), .string("")])])]), nil
            )
        case "GetName", "GetLocalizedName", "GetDescription", "GetKeyBinding":
            guard let index = int(call, 0) else { return (invalid(call), nil) }
            guard index == 0 else { return (call.reply([.string("")]), nil) }
            let text = call.member == "GetDescription" ? description : call.member == "GetKeyBinding" ? "" : name
            return (call.reply([.string(text)]), nil)
        case "DoAction":
            guard let index = int(call, 0) else { return (invalid(call), nil) }
            guard index == 0, let view = tree.view(for: node.id) else { return (call.reply([.bool(false)]), nil) }
            return (call.reply([.bool(true)]), { [weak self] in self?.activate(view) })
        default:
            return (unknownMethod(call), nil)
        }
    }

    /// What each action does, for `GetDescription`.
    static let actionDescriptions = [
        "press": "Presses the button", "activate": "Focuses the text input", "toggle": "Turns it on or off",
        "select": "Chooses it",
    ]

    // MARK: EditableText

    /// Edits an editable element's text at once (a paste, for the app: its notifications and the trace
    /// follow), and answers whether the text took it.
    ///
    /// Copying, cutting and pasting through the clipboard are not offered (false).
    private func editableText(_ call: DBusMessage, _ node: AccessibleNode) -> DBusMessage? {
        guard node.text != nil, node.states.contains(.editable) else { return nil }
        // The live text, not the frame's: edits may follow one another within a frame.
        guard let view = tree.view(for: node.id), let value = view.accessibleText else { return call.reply([.bool(false)]) }
        let count = value.text.unicodeScalars.count
        let edit: (Range<Int>, String)
        switch call.member {
        case "SetTextContents":
            guard call.body.count == 1, let text = call.body[0].text else { return invalid(call) }
            edit = (0..<count, text)
        case "InsertText":
            guard let position = int(call, 0), call.body.count == 3, let text = call.body[1].text, let length = int(call, 2)
            else {
                return invalid(call)
            }
            guard (0...count).contains(position) else { return call.reply([.bool(false)]) }
            edit = (position..<position, length >= 0 ? String(text.unicodeScalars.prefix(length)) : text)
        case "DeleteText":
            guard let start = int(call, 0), let end = int(call, 1) else { return invalid(call) }
            let to = end < 0 ? count : end
            guard start >= 0, start <= to, to <= count else { return call.reply([.bool(false)]) }
            edit = (start..<to, "")
        case "CopyText", "CutText", "PasteText":
            return call.reply([.bool(false)])
        default:
            return nil
        }
        let done = view.accessibilityReplaceText(in: edit.0, with: edit.1)
        view.application?.setNeedsFrame()
        return call.reply([.bool(done)])
    }

    // MARK: Text

    /// An element's text as it is now (an edit may have come since the frame's tree).
    private func liveText(_ node: AccessibleNode) -> AccessibleText? {
        guard node.text != nil else { return nil }
        return tree.view(for: node.id)?.accessibleText ?? node.text
    }

    private func text(_ call: DBusMessage, _ node: AccessibleNode) -> DBusMessage? {
        guard let value = liveText(node) else { return nil }
        let scalars = Array(value.text.unicodeScalars)
        func clampOffset(_ offset: Int) -> Int { max(0, min(scalars.count, offset)) }
        func string(_ range: Range<Int>) -> String {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[range])
            return String(view)
        }
        switch call.member {
        case "GetText":
            guard let start = int(call, 0), let end = int(call, 1) else { return invalid(call) }
            let from = clampOffset(start), to = end < 0 ? scalars.count : max(from, clampOffset(end))
            return call.reply([.string(string(from..<to))])
        case "GetCharacterAtOffset":
            guard let offset = int(call, 0) else { return invalid(call) }
            let character = scalars.indices.contains(offset) ? Int32(scalars[offset].value) : 0
            return call.reply([.int32(character)])
        case "GetTextAtOffset", "GetTextBeforeOffset", "GetTextAfterOffset", "GetStringAtOffset":
            guard let offset = int(call, 0), let kind = int(call, 1) else { return invalid(call) }
            // GetTextAtOffset counts boundaries (0 a character, 1 and 2 a word, then sentence
            // and line); GetStringAtOffset granularities (0 a character, 1 a word, then more).
            let isCharacter = kind == 0
            let isWord = call.member == "GetStringAtOffset" ? kind == 1 : kind == 1 || kind == 2
            let at = clampOffset(offset)
            var range = 0..<scalars.count
            if isCharacter {
                range = at..<min(scalars.count, at + 1)
            } else if isWord {
                var start = at, end = at
                while start > 0, !scalars[start - 1].properties.isWhitespace { start -= 1 }
                while end < scalars.count, !scalars[end].properties.isWhitespace { end += 1 }
                while end < scalars.count, scalars[end].properties.isWhitespace { end += 1 }
                range = start..<end
            }
            return call.reply([
                .string(string(range)), .int32(Int32(clamping: range.lowerBound)), .int32(Int32(clamping: range.upperBound)),
            ])
        case "GetNSelections":
            return call.reply([.int32(value.selection.isEmpty ? 0 : 1)])
        case "GetSelection":
            guard int(call, 0) == 0, !value.selection.isEmpty else { return call.reply([.int32(0), .int32(0)]) }
            return call.reply([
                .int32(Int32(clamping: value.selection.lowerBound)), .int32(Int32(clamping: value.selection.upperBound)),
            ])
        case "GetCharacterExtents", "GetRangeExtents":
            let type = call.member == "GetCharacterExtents" ? int(call, 1) ?? 0 : int(call, 2) ?? 0
            let e = extents(node.frame, type, parent: node.parent)
            return call.reply([.int32(Int32(e.x)), .int32(Int32(e.y)), .int32(Int32(e.width)), .int32(Int32(e.height))])
        case "GetDefaultAttributes", "GetDefaultAttributeSet":
            return call.reply([.array(element: "{ss}", [])])
        case "GetAttributes", "GetAttributeRun":
            return call.reply([.array(element: "{ss}", []), .int32(0), .int32(Int32(clamping: scalars.count))])
        case "GetAttributeValue":
            return call.reply([.string("")])
        case "SetCaretOffset", "AddSelection", "RemoveSelection", "SetSelection", "ScrollSubstringTo", "ScrollSubstringToPoint":
            return call.reply([.bool(false)])
        default:
            return nil
        }
    }
}
