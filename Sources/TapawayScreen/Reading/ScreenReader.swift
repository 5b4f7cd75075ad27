/// Reads a screen file (docs/screens.md) into a `ScreenDocument`: strict JSON, then the format's shape,
/// key by key.
///
/// Every problem found is reported with its line, column and place in the tree; an unknown key is a
/// problem, so a typo never passes as a default.
public enum ScreenReader {
    /// Reads `bytes` as a screen file; throws every problem found.
    public static func read(_ bytes: [UInt8]) throws(ScreenReadFailure) -> ScreenDocument {
        let root: JSONNode
        do {
            root = try JSONReader.read(bytes, limits: ScreenLimits.json)
        } catch {
            throw ScreenReadFailure(problems: [ScreenProblem(position: error.position, path: "", message: error.message)])
        }
        var context = ReadContext()
        let document = context.document(root)
        if let document { context.check(document) }
        guard let document, context.problems.isEmpty else {
            throw ScreenReadFailure(
                problems: context.problems.sorted {
                    ($0.position.line, $0.position.column) < ($1.position.line, $1.position.column)
                })
        }
        return document
    }

    /// Reads `text` as a screen file.
    public static func read(_ text: String) throws(ScreenReadFailure) -> ScreenDocument {
        try read(Array(text.utf8))
    }

    /// The height a kind takes in a stack when the file gives none: the platforms' usual sizes
    /// (nil: the text's wrapped height, or, for a container, what its parent gives it).
    public static func defaultHeight(_ kind: ElementKind) -> Double? { ReadContext.defaultHeight(kind) }

    /// The `avoidance` an Android `adjust…` value of `windowSoftInputMode` stands for (an
    /// importer reading a manifest says the same as a screen file's `windowSoftInputMode`).
    public static func avoidance(forSoftInputAdjust adjust: String, contentScrolls: Bool) -> String {
        ReadContext.avoidance(forSoftInputAdjust: adjust, contentScrolls: contentScrolls)
    }

    /// Ids the program's own views use, which a screen's elements may not take.
    public static let reservedIDs: Set<String> = [
        "navbar", "window", "keypad", "backdrop", "search-dimming", "sheet-dimming", "sheet",
    ]
    /// Prefixes of the program's own views' ids (the keypad's keys, its toolbar).
    public static let reservedPrefixes = ["key-", "toolbar-", "navbar-"]

    /// The keys a screen file's top-level object may have; any other is a problem.
    ///
    /// docs/screen.schema.json lists the same, and a test keeps the two in step.
    public static var documentKeys: Set<String> { Set(documentKeyList) }
    static let documentKeyList = [
        "$schema", "version", "name", "title", "platform", "device", "orientation", "content", "bottomBar",
        "backgroundTap", "comment", "targetSdk", "keyboard", "avoidance", "windowSoftInputMode", "navigationBar", "sheet",
    ]

    /// The keys of `sheet`.
    static let sheetKeys = [
        "content", "style", "anchor", "focusedBehind", "detent", "dimmed", "dismissible", "disablesAutomaticKeyboardDismissal",
        "comment",
    ]

    /// The keys of `navigationBar`.
    static let navigationBarKeys = ["items", "leadingItems", "backButton", "hidden", "comment"]
    /// The keys a navigation bar's item may have: a bar button has no frame of its own.
    static let navigationItemKeys = ["kind", "id", "text", "enabled", "hidden", "actions", "comment", "source"]

    /// The keys an element of `kind` may have; any other is a problem, so a key that belongs to another
    /// kind (a `placeholder` on a button) is refused rather than ignored.
    ///
    /// docs/screen.schema.json lists the same per kind, and a test keeps the two in step.
    public static func allowedKeys(for kind: ElementKind) -> Set<String> { Set(keyList(for: kind)) }

    /// The keys of `kind`, as the reader looks them up: a short list compared key by key, each
    /// kind's made the first time a file has one (building every kind's set at the first read
    /// was three tenths of reading the shipped screen at start-up).
    static func keyList(for kind: ElementKind) -> [String] {
        switch kind {
        case .view: return KeyLists.view
        case .control: return KeyLists.control
        case .label: return KeyLists.label
        case .text: return KeyLists.pressableText
        case .image: return KeyLists.common
        case .button: return KeyLists.button
        case .switch: return KeyLists.toggle
        case .slider: return KeyLists.slider
        case .segmented: return KeyLists.segmented
        case .textField: return KeyLists.textField
        case .searchBar: return KeyLists.searchBar
        // A text view's Return adds a line: no Return action, nor a control's actions.
        case .textView: return KeyLists.textView
        case .scrollView, .table: return KeyLists.scrollView
        case .row: return KeyLists.row
        case .tabBar, .toolbar: return KeyLists.bar
        }
    }
}

/// The keys of each kind of element, in lists.
private enum KeyLists {
    static let common = [
        "id", "kind", "frame", "height", "minHeight", "width", "gap", "inset", "hidden", "enabled", "interactive",
        "gestures", "comment", "source", "textFieldTapRegion", "tapRegion", "focusableInTouchMode",
    ]
    static let text = ["text", "fontSize", "secondary"]
    static let input = [
        "placeholder", "keyboardType", "returnKey", "secure", "autocapitalization", "returnAction",
        "refusesToResignWithout", "actions", "accessory", "focusable",
    ]
    static let container = ["children", "layout"]
    static let scroll = [
        "scrolls", "contentSize", "keyboardDismissMode", "alwaysBounceVertical", "delaysContentTouches",
        "keyboardShouldPersistTaps",
    ]
    static let view = common + container + ["passThrough", "clickable"]
    static let control = common + container + ["actions"]
    static let label = common + text
    static let pressableText = common + text + ["actions"]
    static let button = common + ["text", "actions"]
    static let toggle = common + ["isOn", "actions"]
    static let slider = common + ["actions"]
    static let segmented = common + ["segments", "actions"]
    static let textField = common + input
    static let searchBar = textField + ["obscuresBackground"]
    static let textView = common + input.filter { !["returnAction", "actions"].contains($0) }
    static let scrollView = common + container + scroll
    static let row = common + ["text", "isOn"]
    static let bar = common + container
}

/// The state of one read: the problems so far and the elements counted.
private struct ReadContext {
    var problems: [ScreenProblem] = []
    var elementCount = 0
    /// The `focus:ID` actions read so far: the id, where, and the path; checked against the
    /// whole tree at the end.
    var focusReferences: [(String, SourcePosition?, String)] = []
    /// The `pointer-down` listeners read so far, checked against the file's platform at the end.
    var pointerDownListeners: [(SourcePosition?, String)] = []

    mutating func problem(_ node: JSONNode, _ path: String, _ message: String) {
        problems.append(ScreenProblem(position: node.position, path: path, message: message))
    }

    // MARK: Objects

    /// The members of `node` if it is an object, each unknown key reported.
    mutating func members(_ node: JSONNode, _ path: String, allowed: [String], what: String) -> JSONMembers? {
        guard case .object(let members) = node.value else {
            problem(node, path, "\(what) must be an object, not \(node.typeName)")
            return nil
        }
        var result = JSONMembers()
        for member in members {
            if allowed.contains(member.key) {
                result.pairs.append((member.key, member.value))
            } else {
                let known = allowed.sorted().joined(separator: ", ")
                problems.append(
                    ScreenProblem(
                        position: member.keyPosition, path: join(path, member.key),
                        message: "unknown key '\(member.key)' in \(what); known keys: \(known)"))
            }
        }
        return result
    }

    func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : path + "." + key }

    // MARK: Values

    mutating func string(_ members: JSONMembers, _ key: String, _ path: String) -> String? {
        guard let node = members[key] else { return nil }
        guard case .string(let text) = node.value else {
            problem(node, join(path, key), "'\(key)' must be a string, not \(node.typeName)")
            return nil
        }
        return text
    }

    mutating func choice(_ members: JSONMembers, _ key: String, _ path: String, _ values: [String]) -> String? {
        guard let text = string(members, key, path), let node = members[key] else { return nil }
        guard values.contains(text) else {
            problem(node, join(path, key), "'\(key)' is '\(text)'; it must be one of \(values.joined(separator: ", "))")
            return nil
        }
        return text
    }

    mutating func bool(_ members: JSONMembers, _ key: String, _ path: String) -> Bool? {
        guard let node = members[key] else { return nil }
        guard case .bool(let value) = node.value else {
            problem(node, join(path, key), "'\(key)' must be true or false, not \(node.typeName)")
            return nil
        }
        return value
    }

    /// A number within the format's range: a size is not negative; a coordinate may be.
    mutating func number(_ members: JSONMembers, _ key: String, _ path: String, size: Bool = true) -> Double? {
        guard let node = members[key] else { return nil }
        return number(node, key, join(path, key), size: size)
    }

    mutating func number(_ node: JSONNode, _ key: String, _ path: String, size: Bool) -> Double? {
        guard case .number(let value) = node.value else {
            problem(node, path, "'\(key)' must be a number, not \(node.typeName)")
            return nil
        }
        if size && value < 0 {
            problem(node, path, "'\(key)' is \(value); a size may not be negative")
            return nil
        }
        guard abs(value) <= ScreenLimits.points else {
            problem(node, path, "'\(key)' is \(value); sizes and coordinates are at most \(Int(ScreenLimits.points)) points")
            return nil
        }
        return value
    }

    /// An action a wiring names under `key`: `end-editing`, `resign`, `none`, `focus:ID` or `app:NAME`.
    ///
    /// A `focus:ID` is remembered, to be checked once the whole tree is read.
    mutating func action(_ members: JSONMembers, _ path: String, key: String = "action") -> String? {
        guard let text = string(members, key, path), let node = members[key] else { return nil }
        if wiringActions.contains(text) { return text }
        if text.hasPrefix("app:"), text.count > 4 { return text }
        if let target = focusTarget(of: text) {
            focusReferences.append((target, node.position, join(path, key)))
            return text
        }
        problem(
            node, join(path, key),
            "'\(key)' is '\(text)'; it must be one of \(wiringActions.joined(separator: ", ")), focus:ID or app:NAME")
        return nil
    }

    // MARK: The document

    mutating func document(_ node: JSONNode) -> ScreenDocument? {
        guard let members = members(node, "", allowed: ScreenReader.documentKeyList, what: "a screen file") else { return nil }
        if let versionNode = members["version"] {
            if case .number(let v) = versionNode.value, v == Double(ScreenDocument.formatVersion) {
            } else {
                problem(
                    versionNode, "version",
                    "'version' must be \(ScreenDocument.formatVersion), the format this Tapaway reads")
            }
        } else {
            problem(node, "", "no 'version': a screen file starts with \"version\": \(ScreenDocument.formatVersion)")
        }
        let comments = comment(members, "")
        guard let contentNode = members["content"] else {
            problem(node, "", "no 'content': the element that fills the screen")
            return nil
        }
        guard let content = element(contentNode, "content", depth: 1) else { return nil }
        if content.kind != .view && content.kind != .control && !content.kind.scrolls {
            problem(
                contentNode, "content",
                "the content must be a view, a control, a scroll view or a table, not a \(content.kind.rawValue)")
        }
        var document = ScreenDocument(content: content)
        document.comments = comments
        document.name = string(members, "name", "")
        _ = string(members, "$schema", "")
        document.title = string(members, "title", "")
        if let platform = choice(members, "platform", "", ScreenPlatform.allCases.map(\.rawValue)) {
            document.platform = ScreenPlatform(rawValue: platform)
        }
        document.device = string(members, "device", "")
        document.orientation = choice(members, "orientation", "", ["portrait", "landscape"])
        if let node = members["targetSdk"] {
            if case .number(let value) = node.value, value == value.rounded(), (1...1000).contains(value) {
                document.targetSdk = Int(value)
            } else {
                problem(node, "targetSdk", "'targetSdk' must be a whole number from 1 to 1000 (Android's targetSdkVersion)")
            }
        }
        document.keyboard = choice(members, "keyboard", "", ["software", "hardware"])
        document.avoidance = choice(members, "avoidance", "", ScreenDocument.avoidanceChoices)
        if let mode = string(members, "windowSoftInputMode", ""), let node = members["windowSoftInputMode"] {
            if members["avoidance"] != nil {
                problem(
                    node, "windowSoftInputMode",
                    "give 'avoidance' or 'windowSoftInputMode', not both: each says how the screen avoids the keyboard")
            } else if let adjust = softInputAdjust(mode, node) {
                let avoidance = Self.avoidance(forSoftInputAdjust: adjust, contentScrolls: content.kind.scrolls)
                // An app targeting API 35 is drawn edge to edge: "If the app targets
                // VANILLA_ICE_CREAM or above, the behavior will be like setting this to false"
                // (`Window.setDecorFitsSystemWindows`), so `adjustResize` no longer resizes it.
                let edgeToEdge = (document.targetSdk ?? 0) >= 35 && avoidance == "adjust-resize"
                document.avoidance = edgeToEdge ? "edge-to-edge" : avoidance
            }
        }
        if let bar = members["bottomBar"] { document.bottomBar = element(bar, "bottomBar", depth: 1) }
        if let bar = members["navigationBar"] { navigationBar(bar, into: &document) }
        if let sheet = members["sheet"] { document.sheet = self.sheet(sheet) }
        if let probe = members["backgroundTap"] {
            let path = "backgroundTap"
            if let fields = self.members(probe, path, allowed: ["below", "dx", "dy"], what: "'backgroundTap'") {
                if let below = string(fields, "below", path) {
                    document.backgroundTap = BackgroundProbe(
                        below: below, dx: number(fields, "dx", path, size: false) ?? 0,
                        dy: number(fields, "dy", path, size: false) ?? 0, position: probe.position)
                } else if fields["below"] == nil {
                    problem(probe, path, "'backgroundTap' needs 'below': the id of the element it is measured from")
                }
            }
        }
        return document
    }

    /// A `sheet`: its content (a view, control, scroll view or table), detent, dim and whether a
    /// tap on the dim dismisses it.
    mutating func sheet(_ node: JSONNode) -> SheetPresentation? {
        let path = "sheet"
        guard let fields = members(node, path, allowed: ScreenReader.sheetKeys, what: "'sheet'") else { return nil }
        comment(fields, path)
        let detent = choice(fields, "detent", path, SheetPresentation.detents) ?? "large"
        let dimmed = bool(fields, "dimmed", path) ?? true
        let dismissible = bool(fields, "dismissible", path) ?? true
        guard let contentNode = fields["content"] else {
            problem(node, path, "a sheet needs 'content': the element that fills it")
            return nil
        }
        guard let content = element(contentNode, join(path, "content"), depth: 1) else { return nil }
        if content.kind != .view && content.kind != .control && !content.kind.scrolls {
            problem(
                contentNode, join(path, "content"),
                "a sheet's content must be a view, a control, a scroll view or a table, not a \(content.kind.rawValue)")
        }
        let style = choice(fields, "style", path, SheetPresentation.styles) ?? "page"
        if style == "alert" {
            // An alert is modal and dimmed, has no detent, and goes by its buttons only.
            for (key, allowed) in [("detent", nil), ("dimmed", true), ("dismissible", false)] as [(String, Bool?)] {
                guard let keyNode = fields[key] else { continue }
                if let allowed, case .bool(let value) = keyNode.value, value == allowed { continue }
                problem(
                    keyNode, join(path, key),
                    "an alert has \(key == "detent" ? "no detent" : key == "dimmed" ? "a dim always" : "only its buttons to dismiss it"); "
                        + "leave out '\(key)'")
            }
        }
        let anchor = string(fields, "anchor", path)
        if style == "popover" {
            // A popover points from its anchor, has no detent and no dim: a tap outside it goes
            // to nothing but its dismissal.
            if anchor == nil && fields["anchor"] == nil {
                problem(node, path, "a popover needs 'anchor': the id of the element it points from")
            }
            for key in ["detent", "dimmed"] where fields[key] != nil {
                problem(
                    fields[key]!, join(path, key), "a popover has no \(key == "detent" ? "detent" : "dim"); leave out '\(key)'")
            }
        } else if let anchorNode = fields["anchor"] {
            problem(anchorNode, join(path, "anchor"), "'anchor' is a popover's; this sheet is a \(style) sheet")
        }
        var sheet = SheetPresentation(
            content: content, detent: detent, dimmed: style == "alert" || style == "popover" || dimmed,
            dismissible: style != "alert" && dismissible, style: style, anchor: anchor, position: node.position)
        sheet.focusedBehind = string(fields, "focusedBehind", path)
        sheet.disablesAutomaticKeyboardDismissal = bool(fields, "disablesAutomaticKeyboardDismissal", path)
        return sheet
    }

    /// `navigationBar`: its trailing and leading buttons, its back button's title (or none) and
    /// whether it is hidden.
    mutating func navigationBar(_ node: JSONNode, into document: inout ScreenDocument) {
        let path = "navigationBar"
        guard let fields = members(node, path, allowed: ScreenReader.navigationBarKeys, what: "'navigationBar'") else {
            return
        }
        comment(fields, path)
        document.navigationItems = barItems(fields["items"], join(path, "items"))
        document.navigationLeadingItems = barItems(fields["leadingItems"], join(path, "leadingItems"))
        document.navigationBarHidden = bool(fields, "hidden", path) ?? false
        if let backNode = fields["backButton"] {
            switch backNode.value {
            case .string(let title) where !title.isEmpty: document.backButtonTitle = title
            case .bool(false): document.hidesBackButton = true
            default:
                problem(
                    backNode, join(path, "backButton"),
                    "'backButton' is the back button's title, or false for none (the root of its stack)")
            }
        }
    }

    /// The buttons of a navigation bar's `items` or `leadingItems`: elements of kind `button`,
    /// with the keys a bar button can have.
    mutating func barItems(_ itemsNode: JSONNode?, _ path: String) -> [ScreenElement] {
        guard let itemsNode else { return [] }
        let key = path.split(separator: ".").last.map(String.init) ?? path
        guard case .array(let nodes) = itemsNode.value else {
            problem(itemsNode, path, "'\(key)' must be an array of buttons, not \(itemsNode.typeName)")
            return []
        }
        var items: [ScreenElement] = []
        for (index, itemNode) in nodes.enumerated() {
            let itemPath = "\(path)[\(index)]"
            if case .object(let raw) = itemNode.value {
                if let kind = raw.first(where: { $0.key == "kind" }), kind.value.value != .string("button") {
                    problem(kind.value, join(itemPath, "kind"), "a navigation bar's item must be a button")
                    continue
                }
                if let extra = raw.first(where: { member in
                    !ScreenReader.navigationItemKeys.contains(member.key)
                        && ScreenReader.keyList(for: .button).contains(member.key)
                }) {
                    problem(
                        extra.value, join(itemPath, extra.key),
                        "a navigation bar's item takes no '\(extra.key)': the bar places it; its keys are "
                            + ScreenReader.navigationItemKeys.sorted().joined(separator: ", "))
                    continue
                }
            }
            if let item = element(itemNode, itemPath, depth: 1) { items.append(item) }
        }
        return items
    }

    /// The `adjust…` part of an Android `windowSoftInputMode` (`stateVisible|adjustResize`): at most
    /// one `state…` value and one `adjust…` value, separated by `|`, as the manifest's documentation
    /// allows; `adjustUnspecified` when no `adjust…` value is given.
    ///
    /// Nil, with a problem, when a part is unknown or a group is given twice.
    mutating func softInputAdjust(_ mode: String, _ node: JSONNode) -> String? {
        let states = [
            "stateUnspecified", "stateUnchanged", "stateHidden", "stateAlwaysHidden", "stateVisible", "stateAlwaysVisible",
        ]
        let adjusts = ["adjustUnspecified", "adjustResize", "adjustPan", "adjustNothing"]
        var state: String?
        var adjust: String?
        for part in mode.split(separator: "|", omittingEmptySubsequences: false).map(String.init) {
            if states.contains(part), state == nil {
                state = part
            } else if adjusts.contains(part), adjust == nil {
                adjust = part
            } else {
                let why =
                    states.contains(part) || adjusts.contains(part)
                    ? "'\(part)' is the second value of its group (one state… and one adjust… value at most)"
                    : "'\(part)' is not a state… or adjust… value of windowSoftInputMode (\((states + adjusts).joined(separator: ", ")))"
                problem(node, "windowSoftInputMode", "'windowSoftInputMode' is '\(mode)': \(why)")
                return nil
            }
        }
        return adjust ?? "adjustUnspecified"
    }

    /// The avoidance an `adjust…` value stands for.
    ///
    /// `adjustUnspecified` is Android's default: "The system will automatically select one of these
    /// modes depending on whether the content of the window has any layout views that can scroll their
    /// contents. If there is such a view, the window will be resized" (the manifest's `<activity>`
    /// documentation); the content's root is the view this model can tell scrolls.
    static func avoidance(forSoftInputAdjust adjust: String, contentScrolls: Bool) -> String {
        switch adjust {
        case "adjustResize": return "adjust-resize"
        case "adjustPan": return "adjust-pan"
        case "adjustNothing": return "none"
        default: return contentScrolls ? "adjust-resize" : "adjust-pan"
        }
    }

    /// A `comment`: a string or an array of strings, for people and importers' warnings; its
    /// lines (none when there is no comment or it is not strings).
    @discardableResult
    mutating func comment(_ members: JSONMembers, _ path: String) -> [String] {
        guard let node = members["comment"] else { return [] }
        switch node.value {
        case .string(let line): return [line]
        case .array(let items):
            let lines = items.compactMap { item -> String? in if case .string(let line) = item.value { line } else { nil } }
            if lines.count == items.count { return lines }
        default: break
        }
        problem(node, join(path, "comment"), "'comment' must be a string or an array of strings")
        return []
    }

    // MARK: Elements

    mutating func element(_ node: JSONNode, _ path: String, depth: Int) -> ScreenElement? {
        elementCount += 1
        guard elementCount <= ScreenLimits.elements else {
            if elementCount == ScreenLimits.elements + 1 {
                problem(node, path, "more than \(ScreenLimits.elements) elements in the screen")
            }
            return nil
        }
        guard depth <= ScreenLimits.elementDepth else {
            problem(node, path, "elements nested more than \(ScreenLimits.elementDepth) deep")
            return nil
        }
        guard case .object(let raw) = node.value else {
            problem(node, path, "an element must be an object, not \(node.typeName)")
            return nil
        }
        guard let kindNode = raw.first(where: { $0.key == "kind" })?.value else {
            problem(
                node, path, "an element needs a 'kind': one of \(ElementKind.allCases.map(\.rawValue).joined(separator: ", "))")
            return nil
        }
        guard case .string(let kindName) = kindNode.value, let kind = ElementKind(rawValue: kindName) else {
            problem(
                kindNode, join(path, "kind"),
                "'kind' must be one of \(ElementKind.allCases.map(\.rawValue).joined(separator: ", "))")
            return nil
        }
        guard let m = members(node, path, allowed: ScreenReader.keyList(for: kind), what: "a \(kindName)") else { return nil }
        var element = ScreenElement(kind: kind)
        element.position = node.position
        element.comments = comment(m, path)
        element.source = string(m, "source", path)
        element.textFieldTapRegion = bool(m, "textFieldTapRegion", path) ?? false
        if let regionNode = m["tapRegion"] { element.tapRegion = tapRegion(regionNode, join(path, "tapRegion")) }
        element.focusableInTouchMode = bool(m, "focusableInTouchMode", path) ?? false
        if let id = string(m, "id", path), let idNode = m["id"] {
            // ASCII letters, digits, '-', '_' and '.', checked byte by byte (a non-ASCII id is
            // refused whatever its length, so counting bytes is counting characters here).
            if id.isEmpty || id.utf8.count > ScreenLimits.idLength
                || !id.utf8.allSatisfy({ byte in
                    (0x61...0x7A).contains(byte) || (0x41...0x5A).contains(byte) || (0x30...0x39).contains(byte)
                        || byte == 0x2D || byte == 0x5F || byte == 0x2E
                })
            {
                problem(
                    idNode, join(path, "id"),
                    "the id '\(id)' must be 1 to \(ScreenLimits.idLength) letters, digits, '-', '_' or '.'")
            } else if ScreenReader.reservedIDs.contains(id) || ScreenReader.reservedPrefixes.contains(where: id.hasPrefix) {
                problem(idNode, join(path, "id"), "the id '\(id)' is the program's own; choose another")
            } else {
                element.id = id
            }
        }
        if let frameNode = m["frame"] {
            let framePath = join(path, "frame")
            if let f = members(frameNode, framePath, allowed: ["x", "y", "width", "height"], what: "'frame'") {
                let missing = ["x", "y", "width", "height"].filter { f[$0] == nil }
                if !missing.isEmpty {
                    problem(frameNode, framePath, "'frame' needs \(missing.joined(separator: ", "))")
                } else if let x = number(f, "x", framePath, size: false), let y = number(f, "y", framePath, size: false),
                    let w = number(f, "width", framePath), let h = number(f, "height", framePath)
                {
                    element.frame = ElementFrame(x: x, y: y, width: w, height: h)
                }
            }
        }
        var placement = StackPlacement()
        if let heightNode = m["height"] {
            if case .string("fit") = heightNode.value {
                placement.height = nil
            } else if let h = number(heightNode, "height", join(path, "height"), size: true) {
                placement.height = h
            }
        } else {
            placement.height = Self.defaultHeight(kind)
        }
        placement.minHeight = number(m, "minHeight", path) ?? 0
        placement.width = number(m, "width", path)
        placement.gap = number(m, "gap", path) ?? 8
        placement.inset = number(m, "inset", path) ?? 0
        element.placement = placement
        element.hidden = bool(m, "hidden", path) ?? false
        element.enabled = bool(m, "enabled", path) ?? true
        element.interactive = bool(m, "interactive", path)
        element.passThrough = bool(m, "passThrough", path) ?? false
        element.clickable = bool(m, "clickable", path) ?? false
        if element.passThrough && element.clickable, let node = m["clickable"] {
            problem(node, join(path, "clickable"), "a view that passes its touches through cannot also handle them: choose one")
        }
        element.text = string(m, "text", path)
        element.placeholder = string(m, "placeholder", path)
        element.fontSize = number(m, "fontSize", path)
        element.secondary = bool(m, "secondary", path) ?? false
        element.isOn = bool(m, "isOn", path) ?? false
        if let segmentsNode = m["segments"] {
            if case .array(let items) = segmentsNode.value {
                for (i, item) in items.enumerated() {
                    if case .string(let title) = item.value {
                        element.segments.append(title)
                    } else {
                        problem(item, join(path, "segments") + "[\(i)]", "a segment's title must be a string")
                    }
                }
            } else {
                problem(segmentsNode, join(path, "segments"), "'segments' must be an array of strings")
            }
        }
        if kind.isTextInput { element.input = inputTraits(m, path, kind: kind) }
        if kind.scrolls { element.scroll = scrollTraits(m, path) }
        if let layoutNode = m["layout"] { element.layout = layout(layoutNode, join(path, "layout")) }
        element.gestures = list(m, "gestures", path) { context, node, itemPath in context.gesture(node, itemPath) }
        element.actions = list(m, "actions", path) { context, node, itemPath in context.controlAction(node, itemPath) }
        if let childrenNode = m["children"] {
            let childrenPath = join(path, "children")
            if case .array(let items) = childrenNode.value {
                for (i, item) in items.enumerated() {
                    if let child = self.element(item, childrenPath + "[\(i)]", depth: depth + 1) {
                        element.children.append(child)
                    }
                }
            } else {
                problem(childrenNode, childrenPath, "'children' must be an array of elements")
            }
        }
        return element
    }

    /// The height a kind takes in a stack when the file gives none: the platforms' usual sizes.
    static func defaultHeight(_ kind: ElementKind) -> Double? {
        switch kind {
        case .label, .text: return nil
        case .textField, .searchBar: return 38
        case .textView: return 120
        case .button: return 42
        case .switch: return 31
        case .slider: return 31
        case .segmented: return 32
        case .row: return 44
        case .tabBar: return 49
        case .toolbar: return 44
        case .image: return 120
        case .view, .control, .scrollView, .table: return nil
        }
    }

    mutating func list<T>(
        _ members: JSONMembers, _ key: String, _ path: String,
        _ read: (inout ReadContext, JSONNode, String) -> T?
    ) -> [T] {
        guard let node = members[key] else { return [] }
        guard case .array(let items) = node.value else {
            problem(node, join(path, key), "'\(key)' must be an array")
            return []
        }
        var result: [T] = []
        for (i, item) in items.enumerated() {
            if let value = read(&self, item, join(path, key) + "[\(i)]") { result.append(value) }
        }
        return result
    }

    mutating func gesture(_ node: JSONNode, _ path: String) -> GestureWiring? {
        let keys = [
            "type", "cancelsTouchesInView", "action", "behavior", "simultaneous", "taps", "delaysTouchesBegan",
            "delaysTouchesEnded", "shouldReceive", "comment",
        ]
        guard let m = members(node, path, allowed: keys, what: "a gesture") else { return nil }
        let type = choice(m, "type", path, GestureWiring.types)
        let action = action(m, path)
        if m["type"] == nil { problem(node, path, "a gesture needs a 'type': \(GestureWiring.types.joined(separator: ", "))") }
        if m["action"] == nil { problem(node, path, "a gesture needs an 'action'") }
        guard let type, let action else { return nil }
        if type == "pointer-down" {
            // A listener is no recognizer: nothing to cancel, delay or count.
            for key in [
                "cancelsTouchesInView", "simultaneous", "taps", "delaysTouchesBegan", "delaysTouchesEnded", "shouldReceive",
            ]
            where m[key] != nil {
                problem(m[key]!, join(path, key), "'\(key)' is a recognizer's; a pointer-down listener has none")
            }
            pointerDownListeners.append((node.position, path))
        } else if m["taps"] != nil && type != "tap" {
            problem(m["taps"]!, join(path, "taps"), "'taps' is a tap's number of taps; a \(type) has none")
        }
        var taps = 1
        if let tapsNode = m["taps"] {
            if case .number(let value) = tapsNode.value, value == value.rounded(), (1...3).contains(value) {
                taps = Int(value)
            } else {
                problem(tapsNode, join(path, "taps"), "'taps' must be 1, 2 or 3 (numberOfTapsRequired)")
            }
        }
        return GestureWiring(
            type: type, cancelsTouchesInView: bool(m, "cancelsTouchesInView", path) ?? true, action: action,
            behavior: choice(m, "behavior", path, TapRegionWiring.behaviors),
            simultaneous: bool(m, "simultaneous", path) ?? false, taps: taps,
            delaysTouchesBegan: bool(m, "delaysTouchesBegan", path) ?? false,
            delaysTouchesEnded: bool(m, "delaysTouchesEnded", path) ?? true,
            shouldReceive: choice(m, "shouldReceive", path, GestureWiring.receiveRules) ?? "all", position: node.position)
    }

    mutating func tapRegion(_ node: JSONNode, _ path: String) -> TapRegionWiring? {
        let keys = [
            "groupId", "onTapOutside", "onTapInside", "onTapUpOutside", "onTapUpInside", "consumeOutsideTaps", "behavior",
            "comment",
        ]
        guard let m = members(node, path, allowed: keys, what: "a tap region") else { return nil }
        comment(m, path)
        var region = TapRegionWiring(position: node.position)
        region.groupId = string(m, "groupId", path)
        region.onTapOutside = action(m, path, key: "onTapOutside") ?? region.onTapOutside
        region.onTapInside = action(m, path, key: "onTapInside") ?? region.onTapInside
        region.onTapUpOutside = action(m, path, key: "onTapUpOutside") ?? region.onTapUpOutside
        region.onTapUpInside = action(m, path, key: "onTapUpInside") ?? region.onTapUpInside
        region.consumeOutsideTaps = bool(m, "consumeOutsideTaps", path) ?? false
        region.behavior = choice(m, "behavior", path, TapRegionWiring.behaviors) ?? region.behavior
        return region
    }

    mutating func controlAction(_ node: JSONNode, _ path: String) -> ControlWiring? {
        guard let m = members(node, path, allowed: ["event", "action", "comment"], what: "an action") else { return nil }
        let event = choice(m, "event", path, ControlWiring.events)
        let action = action(m, path)
        if m["event"] == nil {
            problem(node, path, "an action needs an 'event': \(ControlWiring.events.joined(separator: ", "))")
        }
        if m["action"] == nil { problem(node, path, "an action needs an 'action'") }
        guard let event, let action else { return nil }
        return ControlWiring(event: event, action: action, position: node.position)
    }

    mutating func inputTraits(_ m: JSONMembers, _ path: String, kind: ElementKind) -> TextInputTraits {
        var traits = TextInputTraits()
        if kind == .searchBar {
            traits.returnKey = "search"
            traits.autocapitalization = "none"
        }
        traits.keyboardType = choice(m, "keyboardType", path, TextInputTraits.keyboardTypes) ?? traits.keyboardType
        traits.returnKey = choice(m, "returnKey", path, TextInputTraits.returnKeys) ?? traits.returnKey
        traits.secure = bool(m, "secure", path) ?? false
        traits.autocapitalization =
            choice(m, "autocapitalization", path, TextInputTraits.autocapitalizations) ?? traits.autocapitalization
        traits.returnAction = choice(m, "returnAction", path, TextInputTraits.returnActions)
        traits.refusesToResignWithout = string(m, "refusesToResignWithout", path)
        if kind == .searchBar { traits.obscuresBackground = bool(m, "obscuresBackground", path) ?? false }
        traits.accessory = choice(m, "accessory", path, TextInputTraits.accessories)
        traits.focusable = bool(m, "focusable", path) ?? true
        return traits
    }

    mutating func scrollTraits(_ m: JSONMembers, _ path: String) -> ScrollTraits {
        var traits = ScrollTraits()
        traits.scrolls = bool(m, "scrolls", path) ?? true
        if let sizeNode = m["contentSize"] {
            let sizePath = join(path, "contentSize")
            if let s = members(sizeNode, sizePath, allowed: ["width", "height"], what: "'contentSize'") {
                traits.contentWidth = number(s, "width", sizePath)
                traits.contentHeight = number(s, "height", sizePath)
            }
        }
        traits.keyboardDismissMode = choice(m, "keyboardDismissMode", path, ScrollTraits.dismissModes)
        traits.alwaysBounceVertical = bool(m, "alwaysBounceVertical", path) ?? false
        traits.delaysContentTouches = bool(m, "delaysContentTouches", path) ?? true
        traits.keyboardShouldPersistTaps = choice(m, "keyboardShouldPersistTaps", path, ScrollTraits.persistTaps)
        return traits
    }

    mutating func layout(_ node: JSONNode, _ path: String) -> StackLayout? {
        guard let m = members(node, path, allowed: ["axis", "padding", "followsSafeArea"], what: "'layout'") else {
            return nil
        }
        var layout = StackLayout()
        if let axis = choice(m, "axis", path, StackLayout.Axis.allCases.map(\.rawValue)) {
            layout.axis = StackLayout.Axis(rawValue: axis) ?? .vertical
        }
        layout.followsSafeArea = bool(m, "followsSafeArea", path) ?? false
        if let paddingNode = m["padding"] {
            let paddingPath = join(path, "padding")
            switch paddingNode.value {
            case .number:
                if let all = number(paddingNode, "padding", paddingPath, size: true) { layout.padding = (all, all, all, all) }
            case .array(let items) where items.count == 4:
                let values = items.compactMap { number($0, "padding", paddingPath, size: true) }
                if values.count == 4 { layout.padding = (values[0], values[1], values[2], values[3]) }
            default:
                problem(paddingNode, paddingPath, "'padding' must be a number or four numbers: top, left, bottom, right")
            }
        }
        return layout
    }

    // MARK: The tree as a whole

    /// Ids unique and references resolved, across the whole tree.
    mutating func check(_ document: ScreenDocument) {
        var seen: [String: SourcePosition] = [:]
        for element in document.allElements {
            guard let id = element.id else { continue }
            let here = element.position ?? SourcePosition(line: 1, column: 1)
            if let first = seen[id] {
                problems.append(
                    ScreenProblem(
                        position: here, path: "",
                        message: "the id '\(id)' is used twice (first at line \(first.line)); ids are unique in a screen"))
            } else {
                seen[id] = here
            }
        }
        if let probe = document.backgroundTap, seen[probe.below] == nil {
            treeProblem(
                probe.position, "backgroundTap.below",
                "'below' names '\(probe.below)', which no element of the screen has as its id")
        }
        if let sheet = document.sheet {
            let inSheet = Set(sheet.content.allElements.compactMap(\.id))
            if let anchor = sheet.anchor, seen[anchor] == nil || inSheet.contains(anchor) {
                treeProblem(
                    sheet.position, "sheet.anchor",
                    "'anchor' names '\(anchor)', which no element of the screen under the popover has as its id")
            }
            if let behind = sheet.focusedBehind,
                !document.allElements.contains(where: { $0.kind.isTextInput && $0.id == behind && !inSheet.contains(behind) })
            {
                treeProblem(
                    sheet.position, "sheet.focusedBehind",
                    "'focusedBehind' names '\(behind)', which is no text input of the screen under the sheet")
            }
        }
        let inputIds = Set(document.allElements.filter { $0.kind.isTextInput }.compactMap(\.id))
        for (target, position, path) in focusReferences where !inputIds.contains(target) {
            let what = seen[target] == nil ? "which no element of the screen has as its id" : "which is not a text input"
            treeProblem(position, path, "'focus:\(target)' names '\(target)', \(what)")
        }
        if document.platform.map(GestureWiring.pointerDownPlatforms.contains) != true {
            let message =
                document.platform.map { platform in
                    "a pointer-down listener is Flutter's Listener or React Native's onTouchStart; "
                        + "a \(platform.rawValue) file has none (write a tap gesture)"
                } ?? "a pointer-down listener needs the file's 'platform': flutter or react-native"
            for (position, path) in pointerDownListeners { treeProblem(position, path, message) }
        }
    }

    /// A problem of the tree as a whole, at `position` (the file's start when it has none).
    private mutating func treeProblem(_ position: SourcePosition?, _ path: String, _ message: String) {
        problems.append(
            ScreenProblem(position: position ?? SourcePosition(line: 1, column: 1), path: path, message: message))
    }
}

/// An object's known members, as the reader asks for them by key: a handful each, so looked up
/// by comparing keys, not by hashing them (the JSON reader has already refused a key twice).
struct JSONMembers {
    /// The members, in the file's order.
    var pairs: [(key: String, value: JSONNode)] = []

    /// The member named `key`, if there is one.
    subscript(key: String) -> JSONNode? {
        for pair in pairs where pair.key == key { return pair.value }
        return nil
    }
}
