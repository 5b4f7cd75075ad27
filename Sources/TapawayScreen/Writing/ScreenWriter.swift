/// Writes a `ScreenDocument` as a screen file (docs/screens.md): what `tapaway import` prints.
///
/// Every key at its default is left out, and the keys come in the order the format's documentation
/// gives them, so that `ScreenReader` reads back the same screen.
public enum ScreenWriter {
    /// The screen file's text, ending in a newline.
    public static func text(_ document: ScreenDocument) -> String {
        json(document).formatted() + "\n"
    }

    /// The screen file as a JSON value.
    public static func json(_ document: ScreenDocument) -> JSONText {
        var members: [(String, JSONText)] = [("version", .number(Double(document.version)))]
        if let name = document.name { members.append(("name", .string(name))) }
        members += comment(document.comments)
        if let title = document.title { members.append(("title", .string(title))) }
        if let platform = document.platform { members.append(("platform", .string(platform.rawValue))) }
        if let device = document.device { members.append(("device", .string(device))) }
        if let orientation = document.orientation { members.append(("orientation", .string(orientation))) }
        if let keyboard = document.keyboard { members.append(("keyboard", .string(keyboard))) }
        if let avoidance = document.avoidance { members.append(("avoidance", .string(avoidance))) }
        if let sdk = document.targetSdk { members.append(("targetSdk", .number(Double(sdk)))) }
        if let bar = navigationBar(document) { members.append(("navigationBar", bar)) }
        if let probe = document.backgroundTap {
            members.append(
                (
                    "backgroundTap",
                    .object([("below", .string(probe.below)), ("dx", .number(probe.dx)), ("dy", .number(probe.dy))])
                ))
        }
        members.append(("content", element(document.content)))
        if let bar = document.bottomBar { members.append(("bottomBar", element(bar))) }
        if let sheet = document.sheet { members.append(("sheet", self.sheet(sheet))) }
        return .object(members)
    }

    private static func comment(_ lines: [String]) -> [(String, JSONText)] {
        switch lines.count {
        case 0: []
        case 1: [("comment", .string(lines[0]))]
        default: [("comment", .array(lines.map(JSONText.string)))]
        }
    }

    private static func navigationBar(_ document: ScreenDocument) -> JSONText? {
        var members: [(String, JSONText)] = []
        if !document.navigationItems.isEmpty { members.append(("items", .array(document.navigationItems.map(barItem)))) }
        if !document.navigationLeadingItems.isEmpty {
            members.append(("leadingItems", .array(document.navigationLeadingItems.map(barItem))))
        }
        if document.hidesBackButton {
            members.append(("backButton", .bool(false)))
        } else if let title = document.backButtonTitle {
            members.append(("backButton", .string(title)))
        }
        if document.navigationBarHidden { members.append(("hidden", .bool(true))) }
        return members.isEmpty ? nil : .object(members)
    }

    /// A bar button: only the keys a navigation bar's item takes.
    private static func barItem(_ item: ScreenElement) -> JSONText {
        var members: [(String, JSONText)] = [("kind", .string("button"))]
        if let id = item.id { members.append(("id", .string(id))) }
        if let source = item.source { members.append(("source", .string(source))) }
        members += comment(item.comments)
        if let text = item.text { members.append(("text", .string(text))) }
        if !item.enabled { members.append(("enabled", .bool(false))) }
        if item.hidden { members.append(("hidden", .bool(true))) }
        if !item.actions.isEmpty { members.append(("actions", .array(item.actions.map(action)))) }
        return .object(members)
    }

    private static func sheet(_ sheet: SheetPresentation) -> JSONText {
        var members: [(String, JSONText)] = []
        if sheet.style != "page" { members.append(("style", .string(sheet.style))) }
        if let anchor = sheet.anchor { members.append(("anchor", .string(anchor))) }
        if let behind = sheet.focusedBehind { members.append(("focusedBehind", .string(behind))) }
        // An alert has no detent, always dims and goes by its buttons; a popover has no detent
        // and no dim: the reader refuses those keys on them.
        if sheet.style != "alert" && sheet.style != "popover" {
            if sheet.detent != "large" { members.append(("detent", .string(sheet.detent))) }
            if !sheet.dimmed { members.append(("dimmed", .bool(false))) }
        }
        if sheet.style != "alert" && !sheet.dismissible { members.append(("dismissible", .bool(false))) }
        if let keeps = sheet.disablesAutomaticKeyboardDismissal {
            members.append(("disablesAutomaticKeyboardDismissal", .bool(keeps)))
        }
        members.append(("content", element(sheet.content)))
        return .object(members)
    }

    /// One element and what it holds.
    public static func element(_ element: ScreenElement) -> JSONText {
        var m: [(String, JSONText)] = [("kind", .string(element.kind.rawValue))]
        if let id = element.id { m.append(("id", .string(id))) }
        if let source = element.source { m.append(("source", .string(source))) }
        m += comment(element.comments)
        if let frame = element.frame {
            m.append(
                (
                    "frame",
                    .object([
                        ("x", .number(frame.x)), ("y", .number(frame.y)), ("width", .number(frame.width)),
                        ("height", .number(frame.height)),
                    ])
                ))
        }
        m += placement(element)
        if element.hidden { m.append(("hidden", .bool(true))) }
        if !element.enabled { m.append(("enabled", .bool(false))) }
        if let interactive = element.interactive { m.append(("interactive", .bool(interactive))) }
        if element.passThrough { m.append(("passThrough", .bool(true))) }
        if element.clickable { m.append(("clickable", .bool(true))) }
        if let text = element.text { m.append(("text", .string(text))) }
        if let placeholder = element.placeholder { m.append(("placeholder", .string(placeholder))) }
        if let size = element.fontSize { m.append(("fontSize", .number(size))) }
        if element.secondary { m.append(("secondary", .bool(true))) }
        if let input = element.input { m += traits(input, kind: element.kind) }
        if element.isOn { m.append(("isOn", .bool(true))) }
        if !element.segments.isEmpty { m.append(("segments", .array(element.segments.map(JSONText.string)))) }
        if let scroll = element.scroll { m += scrollTraits(scroll) }
        if let layout = element.layout { m.append(("layout", self.layout(layout))) }
        if element.focusableInTouchMode { m.append(("focusableInTouchMode", .bool(true))) }
        if element.textFieldTapRegion { m.append(("textFieldTapRegion", .bool(true))) }
        if let region = element.tapRegion { m.append(("tapRegion", tapRegion(region))) }
        if !element.gestures.isEmpty { m.append(("gestures", .array(element.gestures.map(gesture)))) }
        if !element.actions.isEmpty { m.append(("actions", .array(element.actions.map(action)))) }
        if !element.children.isEmpty { m.append(("children", .array(element.children.map(self.element)))) }
        return .object(m)
    }

    /// The stack keys that differ from the reader's defaults: a kind's usual height, the least
    /// height 0, no width, a gap of 8, no inset.
    private static func placement(_ element: ScreenElement) -> [(String, JSONText)] {
        let p = element.placement
        var m: [(String, JSONText)] = []
        if p.height != ScreenReader.defaultHeight(element.kind) {
            m.append(("height", p.height.map(JSONText.number) ?? .string("fit")))
        }
        if p.minHeight != 0 { m.append(("minHeight", .number(p.minHeight))) }
        if let width = p.width { m.append(("width", .number(width))) }
        if p.gap != 8 { m.append(("gap", .number(p.gap))) }
        if p.inset != 0 { m.append(("inset", .number(p.inset))) }
        return m
    }

    private static func traits(_ t: TextInputTraits, kind: ElementKind) -> [(String, JSONText)] {
        let defaults = kind == .searchBar ? ("search", "none") : ("default", "sentences")
        var m: [(String, JSONText)] = []
        if t.keyboardType != "default" { m.append(("keyboardType", .string(t.keyboardType))) }
        if t.returnKey != defaults.0 { m.append(("returnKey", .string(t.returnKey))) }
        if t.secure { m.append(("secure", .bool(true))) }
        if t.autocapitalization != defaults.1 { m.append(("autocapitalization", .string(t.autocapitalization))) }
        if let action = t.returnAction { m.append(("returnAction", .string(action))) }
        if let text = t.refusesToResignWithout { m.append(("refusesToResignWithout", .string(text))) }
        if kind == .searchBar && t.obscuresBackground { m.append(("obscuresBackground", .bool(true))) }
        if let accessory = t.accessory { m.append(("accessory", .string(accessory))) }
        if !t.focusable { m.append(("focusable", .bool(false))) }
        return m
    }

    private static func scrollTraits(_ s: ScrollTraits) -> [(String, JSONText)] {
        var m: [(String, JSONText)] = []
        if !s.scrolls { m.append(("scrolls", .bool(false))) }
        if s.contentWidth != nil || s.contentHeight != nil {
            var size: [(String, JSONText)] = []
            if let width = s.contentWidth { size.append(("width", .number(width))) }
            if let height = s.contentHeight { size.append(("height", .number(height))) }
            m.append(("contentSize", .object(size)))
        }
        if let mode = s.keyboardDismissMode { m.append(("keyboardDismissMode", .string(mode))) }
        if s.alwaysBounceVertical { m.append(("alwaysBounceVertical", .bool(true))) }
        if !s.delaysContentTouches { m.append(("delaysContentTouches", .bool(false))) }
        if let persist = s.keyboardShouldPersistTaps { m.append(("keyboardShouldPersistTaps", .string(persist))) }
        return m
    }

    private static func layout(_ layout: StackLayout) -> JSONText {
        let p = layout.padding
        var m: [(String, JSONText)] = [("axis", .string(layout.axis.rawValue))]
        if (p.top, p.left, p.bottom, p.right) != (0, 0, 0, 0) {
            m.append(("padding", .array([p.top, p.left, p.bottom, p.right].map(JSONText.number))))
        }
        if layout.followsSafeArea { m.append(("followsSafeArea", .bool(true))) }
        return .object(m)
    }

    private static func gesture(_ g: GestureWiring) -> JSONText {
        var m: [(String, JSONText)] = [("type", .string(g.type)), ("action", .string(g.action))]
        if !g.cancelsTouchesInView { m.append(("cancelsTouchesInView", .bool(false))) }
        if g.taps != 1 { m.append(("taps", .number(Double(g.taps)))) }
        if g.delaysTouchesBegan { m.append(("delaysTouchesBegan", .bool(true))) }
        if !g.delaysTouchesEnded { m.append(("delaysTouchesEnded", .bool(false))) }
        if g.shouldReceive != "all" { m.append(("shouldReceive", .string(g.shouldReceive))) }
        if let behavior = g.behavior { m.append(("behavior", .string(behavior))) }
        if g.simultaneous { m.append(("simultaneous", .bool(true))) }
        return .object(m)
    }

    private static func tapRegion(_ r: TapRegionWiring) -> JSONText {
        var m: [(String, JSONText)] = []
        if let group = r.groupId { m.append(("groupId", .string(group))) }
        for (key, value) in [
            ("onTapOutside", r.onTapOutside), ("onTapInside", r.onTapInside), ("onTapUpOutside", r.onTapUpOutside),
            ("onTapUpInside", r.onTapUpInside),
        ] where value != "none" {
            m.append((key, .string(value)))
        }
        if r.consumeOutsideTaps { m.append(("consumeOutsideTaps", .bool(true))) }
        if r.behavior != "defer-to-child" { m.append(("behavior", .string(r.behavior))) }
        return .object(m)
    }

    private static func action(_ a: ControlWiring) -> JSONText {
        .object([("event", .string(a.event)), ("action", .string(a.action))])
    }
}
