import TapawayScreen

/// Makes one Interface Builder scene into a screen: each view with its frame as the file gives
/// it (Auto Layout is not solved), its kind, its properties, its connections and recognizers,
/// each with a `source` pointing back into the file, and a comment on each element saying what
/// could not be brought over.
struct IBSceneImporter {
    let scene: IBDocument.Scene
    let document: IBDocument
    let request: ImportRequest
    /// The screen-wide warnings, most important first.
    private(set) var warnings: [String] = []
    /// The ids given so far.
    private var ids = ElementIDs()
    /// The recognizers bound to views through outlet collections, by view id.
    private var recognizers: [String: [XMLElement]] = [:]

    init(scene: IBDocument.Scene, document: IBDocument, request: ImportRequest) {
        self.scene = scene
        self.document = document
        self.request = request
    }

    /// Builds the screen from the scene's root view, or says which line stops it.
    mutating func screen() throws(ImportFailure) -> ScreenDocument {
        guard let rootView = scene.view, let rootFrame = frame(of: rootView) else {
            throw ImportFailure(line: scene.controller.line, "the scene's view has no frame in the file")
        }
        scene.view?.forEachDescendant { element in
            for collection in element.child("connections")?.children("outletCollection") ?? []
            where collection["property"] == "gestureRecognizers" {
                if let id = element["id"], let destination = collection["destination"],
                    let recognizer = scene.objects[destination]
                {
                    recognizers[id, default: []].append(recognizer)
                }
            }
        }
        // The canvas: the device the file was drawn on, and where the content starts under the
        // bars on it.
        let canvas = document.deviceID.flatMap { IBCanvas.devices[$0] }
        let statusBar = canvas?.statusBar ?? IBCanvas.statusBar(width: rootFrame.width, height: rootFrame.height)
        let navigationItem = scene.controller.child("navigationItem", key: "navigationItem")
        // The canvas draws a navigation bar where Interface Builder infers one: above a
        // navigation controller's root, a pushed controller, or one whose simulated metrics say
        // so. A controller with a navigation item shown by code has a bar when the app runs,
        // not on the canvas: its frames are laid out under the status bar alone.
        let canvasBar =
            scene.isNavigationRoot || scene.isPushed
            || scene.controller.children.contains { $0["key"] == "simulatedTopBarMetrics" && $0.name.contains("Navigation") }
        let showsBar = navigationItem != nil || canvasBar
        // `edgesForExtendedLayout` empty: the view starts under the bar, and its frames with it.
        let extended = scene.controller.child("extendedEdge", key: "edgesForExtendedLayout")
        let underBars = extended.map { $0["top"] == "YES" } ?? true
        let top = underBars ? statusBar + (canvasBar ? IBCanvas.navigationBar : 0) : 0
        var scale = (x: 1.0, y: 1.0)
        let placement = request.device(fitting: rootFrame.width, height: rootFrame.height)
        if document.deviceID == nil && rootFrame.width == 600 && rootFrame.height == 600, let placement {
            // The size-class canvas of Xcode 6 and 7: a 600 × 600 square that stands for any
            // device. Positions and widths are scaled to the device; heights are kept.
            let deviceContent = placement.height - placement.top - (showsBar ? IBCanvas.navigationBar : 0)
            scale = (placement.width / 600, deviceContent / (600 - top))
            warnings.append(
                "the file's canvas is Interface Builder's 600 × 600 square, with no device: positions and widths are scaled "
                    + "to \(placement.id) (\(Int(placement.width)) points wide), heights kept")
        }

        var content = element(rootView, parentSize: (rootFrame.width, rootFrame.height), offsetY: -top, scale: scale, root: true)
        content.frame = nil
        if content.kind != .view && content.kind != .control && !content.kind.scrolls { content.kind = .view }

        var screen = ScreenDocument(content: content)
        screen.platform = .uikit
        let className = scene.summary.className
        screen.name = scene.summary.identifier ?? (className.first?.isUppercase == true ? className : nil) ?? scene.summary.label
        screen.title = navigationItem?["title"]
        screen.device = placement?.id
        if let orientation = document.orientation, orientation == "landscape" { screen.orientation = orientation }
        screen.navigationBarHidden = !showsBar
        if scene.isNavigationRoot { screen.hidesBackButton = true }
        if let navigationItem {
            screen.navigationItems = barItems(navigationItem, single: "rightBarButtonItem", many: "rightBarButtonItems")
            screen.navigationLeadingItems = barItems(navigationItem, single: "leftBarButtonItem", many: "leftBarButtonItems")
            if navigationItem["hidesBackButton"] == "YES" { screen.hidesBackButton = true }
        }
        var summary = [
            "Imported by tapaway import from \(request.shortName), scene \(scene.summary.name) (line \(scene.controller.line)).",
            "Frames are Interface Builder's as saved on its canvas (\(document.deviceID ?? "no device")), not solved from "
                + "constraints; the content starts \(Self.points(top)) points down the canvas, under the "
                + (top == 0 ? "bars (edgesForExtendedLayout is empty)" : canvasBar ? "status and navigation bars" : "status bar")
                + ".",
            "Wiring the app adds in code (recognizers, delegates, keyboard managers) is not in the file: the technique is "
                + "assumed, and the audit plays every technique.",
        ]
        if canvas == nil && document.deviceID != nil {
            summary.append(
                "The canvas device '\(document.deviceID!)' is not one Tapaway knows: its status bar is taken as \(Self.points(statusBar)) points (inferred)."
            )
        }
        screen.comments = summary + warnings
        return screen
    }

    // MARK: Elements

    /// The element for the view `xml`: its frame in its parent (moved by `offsetY` and scaled),
    /// its kind and keys, its children.
    private mutating func element(
        _ xml: XMLElement, parentSize: (Double, Double), offsetY: Double, scale: (x: Double, y: Double), root: Bool = false
    ) -> ScreenElement {
        var notes: [String] = []
        var (kind, note) = Self.kind(of: xml)
        if let note { notes.append(note) }
        // Interface Builder writes a view whose class is UIControl (or a subclass) as a <view>
        // with that custom class; only a control can hold action connections.
        let hasActions = xml.child("connections")?.children("action").isEmpty == false
        if kind == .view && (xml["customClass"] == "UIControl" || hasActions) && xml.name == "view" {
            kind = .control
        }
        var element = ScreenElement(kind: kind)
        element.id = id(for: xml, kind: kind)
        element.source = Self.source(request.shortName, xml)
        // How much of the element is cut at the content's top: its children move up as much,
        // so that each stays where the canvas shows it.
        var clipped = 0.0
        if let raw = frame(of: xml) {
            var f = ElementFrame(
                x: raw.x * scale.x, y: (raw.y + offsetY) * scale.y, width: raw.width * scale.x, height: raw.height)
            if !root {
                if f.y < 0 && f.y + f.height > 0 {
                    notes.append(
                        "starts \(Self.points(-f.y)) points above the content's top (under the bars, or off the screen): "
                            + "imported from the content's top")
                    clipped = -f.y
                    f.height += f.y
                    f.y = 0
                }
                if xml["misplaced"] == "YES" || xml["ambiguous"] == "YES" {
                    notes.append(
                        "Interface Builder marks its frame \(xml["misplaced"] == "YES" ? "misplaced" : "ambiguous"): "
                            + "Auto Layout will place it elsewhere at run time")
                } else if f.x + f.width < -0.5 || f.y + f.height < -0.5 || f.x > parentSize.0 * scale.x + 0.5
                    || f.y > (parentSize.1 + offsetY) * scale.y + 0.5
                {
                    notes.append("its frame lies outside its parent's bounds")
                }
            }
            element.frame = f
        }
        if let customClass = xml["customClass"], customClass != "UIControl" {
            notes.append(
                "custom class \(customClass): imported as a \(kind.rawValue); what the class overrides is not in the file")
        }
        if xml["hidden"] == "YES" { element.hidden = true }
        if xml["userInteractionEnabled"] == "NO" { element.interactive = false }
        if xml["enabled"] == "NO" { element.enabled = false }
        properties(of: xml, into: &element, notes: &notes)
        connections(of: xml, into: &element, notes: &notes, root: root)
        if let bound = xml["id"].flatMap({ recognizers[$0] }) {
            for recognizer in bound {
                if let gesture = gesture(recognizer, notes: &notes) { element.gestures.append(gesture) }
            }
        }
        // What it holds: its subviews, a cell's content view, a table's cells.
        let own = frame(of: xml)
        let size = (own?.width ?? parentSize.0, own?.height ?? parentSize.1)
        let childOffset = root ? offsetY : -clipped
        // Positions and widths scale at every depth; only the root's children move down.
        let childScale = (scale.x, root ? scale.y : 1)
        let collectionCells = xml.name == "collectionView" ? xml.child("cells")?.children("collectionViewCell") ?? [] : []
        for child in subviews(of: xml) + collectionCells {
            guard frame(of: child) != nil else {
                notes.append("a \(child.name) (\(child["id"] ?? "no id"), line \(child.line)) has no frame in the file: left out")
                continue
            }
            element.children.append(self.element(child, parentSize: size, offsetY: childOffset, scale: childScale))
        }
        if kind == .table { element.children += cells(of: xml, notes: &notes) }
        if !kind.holdsChildren && !element.children.isEmpty {
            notes.append(
                "\(element.children.count) view\(element.children.count == 1 ? "" : "s") inside a \(kind.rawValue): left out")
            element.children = []
        }
        element.comments = notes
        return element
    }

    /// The views an element holds, in back-to-front order.
    private func subviews(of xml: XMLElement) -> [XMLElement] {
        var views = xml.child("subviews")?.children ?? []
        for key in ["contentView"] {
            if let content = xml.children.first(where: { $0["key"] == key }), xml.name != "tableViewCell" {
                views = [content] + views
            }
        }
        return views
    }

    /// A table's cells: static cells as rows (or, when they hold controls, as views holding
    /// them), prototype cells as three rows each, said to be templates.
    private mutating func cells(of table: XMLElement, notes: inout [String]) -> [ScreenElement] {
        var result: [ScreenElement] = []
        let rowHeight = table["rowHeight"].flatMap(Double.init) ?? 44
        for section in table.child("sections")?.children("tableViewSection") ?? [] {
            for cell in section.child("cells")?.children("tableViewCell") ?? [] {
                result.append(self.cell(cell, copy: nil, rowHeight: rowHeight))
            }
        }
        let prototypes = table.child("prototypes")?.children("tableViewCell") ?? []
        var y = prototypes.first.flatMap { frame(of: $0)?.y } ?? 0
        for prototype in prototypes {
            let height = frame(of: prototype)?.height ?? rowHeight
            for copy in 1...3 {
                var row = self.cell(prototype, copy: copy, rowHeight: rowHeight)
                row.frame?.y = y
                y += height
                result.append(row)
            }
        }
        if !prototypes.isEmpty {
            notes.append(
                "\(prototypes.count) prototype cell\(prototypes.count == 1 ? "" : "s"): templates the app fills at run time, "
                    + "imported as three rows each")
        }
        return result
    }

    /// One cell: a row when its content is labels only, else a view holding its controls.
    private mutating func cell(_ cell: XMLElement, copy: Int?, rowHeight: Double) -> ScreenElement {
        let contentView = cell.children.first { $0["key"] == "contentView" }
        let held = contentView?.child("subviews")?.children ?? []
        let interactive = held.contains { view in
            var found = false
            view.forEachDescendant { if Self.controlNames.contains($0.name) { found = true } }
            return found
        }
        let f = frame(of: cell) ?? ElementFrame(x: 0, y: 0, width: 0, height: rowHeight)
        var notes: [String] = []
        if let copy {
            notes.append(
                "copy \(copy) of the prototype cell '\(cell["reuseIdentifier"] ?? "")': the app's data decides the real rows")
        }
        if interactive {
            var view = element(cell, parentSize: (f.width, f.height), offsetY: 0, scale: (1, 1))
            view.kind = .view
            view.children = held.compactMap { child in
                frame(of: child) == nil ? nil : element(child, parentSize: (f.width, f.height), offsetY: 0, scale: (1, 1))
            }
            view.comments =
                notes + ["a table cell holding controls: imported as a view holding them (its row selection is not modelled)"]
            return view
        }
        var row = ScreenElement(kind: .row)
        row.id =
            copy.map { ids.make("\(cell["reuseIdentifier"].map(ElementIDs.slug) ?? "row")-\($0)") } ?? id(for: cell, kind: .row)
        row.source = Self.source(request.shortName, cell)
        row.frame = f
        var label: String?
        contentView?.forEachDescendant { if label == nil, $0.name == "label", let text = $0["text"] { label = text } }
        row.text = label ?? cell.children.first { $0["key"] == "textLabel" }?["text"]
        if cell["accessoryType"] == "checkmark" { row.isOn = true }
        if cell["selectionStyle"] == "none" {
            notes.append("selection style none: the row still selects, it only does not highlight")
        }
        row.comments = notes
        return row
    }

    /// The kinds whose presence makes a cell a container of controls.
    private static let controlNames: Set<String> = [
        "textField", "textView", "searchBar", "button", "switch", "slider", "segmentedControl", "stepper", "datePicker",
    ]

    // MARK: Kinds and properties

    /// The element kind for an Interface Builder element, and a note when it is an
    /// approximation.
    static func kind(of xml: XMLElement) -> (ElementKind, String?) {
        switch xml.name {
        case "view", "tableViewCellContentView", "stackView", "collectionViewCell", "tableViewCell":
            return (.view, nil)
        case "control": return (.control, nil)
        case "label": return (.label, nil)
        case "button": return (.button, nil)
        case "switch": return (.switch, nil)
        case "slider": return (.slider, nil)
        case "segmentedControl": return (.segmented, nil)
        case "stepper": return (.segmented, "a stepper: imported as a segmented control of two segments (− and +)")
        case "textField": return (.textField, nil)
        case "textView": return (.textView, nil)
        case "searchBar": return (.searchBar, nil)
        case "scrollView": return (.scrollView, nil)
        case "tableView": return (.table, nil)
        case "collectionView":
            return (
                .scrollView, "a collection view: imported as a scroll view holding its cells (cell selection is not modelled)"
            )
        case "imageView": return (.image, nil)
        case "toolbar": return (.toolbar, nil)
        case "tabBar": return (.tabBar, nil)
        case "datePicker", "pickerView", "pageControl", "colorWell":
            return (.control, "a \(xml.name): imported as a control that takes its touches")
        case "wkWebView", "webView":
            return (.scrollView, "a web view: imported as a scroll view; its page's own fields are not modelled")
        case "mapView":
            return (.view, "a map view: imported as a view that takes its touches")
        case "containerView":
            return (.view, "a container view: the embedded view controller's views are in its own scene")
        case "activityIndicatorView", "progressView":
            return (.view, nil)
        default:
            return (.view, "a \(xml.name): imported as a plain view")
        }
    }

    private mutating func properties(of xml: XMLElement, into element: inout ScreenElement, notes: inout [String]) {
        switch element.kind {
        case .label:
            element.text = xml["text"] ?? xml.child("attributedString").map { _ in "" }
            if let size = xml.child("fontDescription", key: "fontDescription")?["pointSize"].flatMap(Double.init) {
                element.fontSize = size
            }
        case .button:
            element.text =
                xml.children("state").first { $0["key"] == "normal" }?["title"]
                ?? xml.child("buttonConfiguration", key: "configuration")?["title"]
                ?? xml.children("state").first { $0["key"] == "normal" }?["image"]
        case .switch:
            element.isOn = xml["on"] == "YES"
        case .segmented:
            element.segments =
                xml.name == "stepper" ? ["−", "+"] : (xml.child("segments")?.children("segment") ?? []).map { $0["title"] ?? "" }
        case .textField, .textView, .searchBar:
            element.placeholder = xml["placeholder"]
            element.text = nil
            element.input = traits(of: xml, kind: element.kind, notes: &notes)
            if element.kind == .textView && xml["editable"] == "NO" {
                element.input?.focusable = false
                notes.append("not editable: it does not take the keyboard")
            }
        case .scrollView, .table:
            var traits = ScrollTraits()
            switch xml["keyboardDismissMode"] {
            case "onDrag": traits.keyboardDismissMode = "on-drag"
            case "interactive": traits.keyboardDismissMode = "interactive"
            case "onDragWithAccessory":
                traits.keyboardDismissMode = "on-drag"
                notes.append("keyboardDismissMode onDragWithAccessory: imported as on-drag")
            case "interactiveWithAccessory":
                traits.keyboardDismissMode = "interactive"
                notes.append("keyboardDismissMode interactiveWithAccessory: imported as interactive")
            default: break
            }
            traits.alwaysBounceVertical = xml["alwaysBounceVertical"] == "YES"
            traits.delaysContentTouches = xml["delaysContentTouches"] != "NO"
            traits.scrolls = xml["scrollEnabled"] != "NO"
            element.scroll = traits
        case .toolbar, .tabBar:
            let items = xml.child("items")?.children ?? []
            element.layout = StackLayout(axis: .horizontal)
            element.children = items.map { item in
                var button = ScreenElement(kind: .button)
                button.id = id(for: item, kind: .button)
                button.source = Self.source(request.shortName, item)
                button.text = Self.title(ofBarItem: item)
                button.placement = StackPlacement(height: 44, gap: 0)
                if item["enabled"] == "NO" { button.enabled = false }
                return button
            }
        default: break
        }
    }

    /// A text input's traits from its `<textInputTraits>`.
    private func traits(of xml: XMLElement, kind: ElementKind, notes: inout [String]) -> TextInputTraits {
        var traits = TextInputTraits()
        if kind == .searchBar {
            traits.returnKey = "search"
            traits.autocapitalization = "none"
        }
        guard let t = xml.child("textInputTraits", key: "textInputTraits") else { return traits }
        switch t["keyboardType"] {
        case "emailAddress": traits.keyboardType = "email"
        case "numberPad", "decimalPad", "phonePad", "asciiCapableNumberPad": traits.keyboardType = "number-pad"
        case "URL", "webSearch": traits.keyboardType = "url"
        case nil, "default", "alphabet", "asciiCapable": break
        case let other?: notes.append("keyboard type \(other): imported as the default keyboard")
        }
        switch t["returnKeyType"] {
        case "done", "go", "next", "search", "send": traits.returnKey = t["returnKeyType"]!
        case nil, "default": break
        case let other?: notes.append("Return key \(other): imported as the default Return key")
        }
        if t["secureTextEntry"] == "YES" { traits.secure = true }
        switch t["autocapitalizationType"] {
        case "no": traits.autocapitalization = "none"
        case "words": traits.autocapitalization = "words"
        case "sentences": traits.autocapitalization = "sentences"
        case "allCharacters": traits.autocapitalization = "all"
        default: break
        }
        return traits
    }

    // MARK: Wiring

    /// The element's control actions (`<connections><action eventType=…>`).
    private func connections(of xml: XMLElement, into element: inout ScreenElement, notes: inout [String], root: Bool) {
        for action in xml.child("connections")?.children("action") ?? [] {
            guard let selector = action["selector"] else { continue }
            let eventType = action["eventType"] ?? "primaryActionTriggered"
            let event: String?
            switch eventType {
            case "touchDown": event = "touch-down"
            case "touchUpInside": event = "touch-up-inside"
            case "valueChanged": event = "value-changed"
            case "editingDidEndOnExit": event = "editing-did-end-on-exit"
            case "primaryActionTriggered": event = element.kind.isTextInput ? nil : "touch-up-inside"
            default: event = nil
            }
            guard let event, element.kind != .textView, element.kind != .label, element.kind != .image else {
                notes.append("the action \(selector) on \(eventType) (line \(action.line)) is not modelled")
                continue
            }
            if element.kind == .view || element.kind == .scrollView || element.kind == .table {
                notes.append("the action \(selector) on \(eventType) (line \(action.line)): only a control sends actions")
                continue
            }
            var (wiring, guess) = Self.action(for: selector)
            if root && element.kind == .control && event == "touch-down" && wiring.hasPrefix("app:") {
                // A root view that is a control with a touch-down action is the background-control
                // technique: the action is there to end editing, whatever its name.
                wiring = "end-editing"
                guess =
                    "assumed: \(selector) ends editing, as a root UIControl's touch-down action does in the background-control "
                    + "technique (the file shows the connection, not what the method does)"
            }
            if let guess { notes.append(guess) }
            element.actions.append(ControlWiring(event: event, action: wiring))
        }
    }

    /// The wiring action a selector stands for: `end-editing` when its name says it dismisses
    /// the keyboard (an assumption, said so), else an app action named after it.
    static func action(for selector: String) -> (String, String?) {
        let lower = selector.lowercased()
        let dismissing = [
            "keyboard", "endediting", "resign", "backgroundtap", "tapbackground", "tapoutside", "dismissinput",
            "hideinput",
        ]
        if dismissing.contains(where: lower.contains) {
            return (
                "end-editing",
                "assumed: \(selector) ends editing, as its name says (the file shows the connection, not what the method does)"
            )
        }
        let name = selector.filter { $0.isLetter || $0.isNumber || $0 == "_" }
        return ("app:" + (name.isEmpty ? "action" : name), nil)
    }

    /// A recognizer bound to a view, as a gesture wiring.
    private func gesture(_ xml: XMLElement, notes: inout [String]) -> GestureWiring? {
        let type: String
        switch xml.name {
        case "tapGestureRecognizer": type = "tap"
        case "pongPressGestureRecognizer", "longPressGestureRecognizer": type = "long-press"
        case "panGestureRecognizer", "screenEdgePanGestureRecognizer": type = "pan"
        default:
            notes.append("a \(xml.name) (line \(xml.line)) is not modelled")
            return nil
        }
        let selector = xml.child("connections")?.children("action").first?["selector"]
        let (action, guess) = selector.map(Self.action(for:)) ?? ("none", nil)
        if let guess { notes.append(guess) }
        if xml.child("connections")?.children("outlet").contains(where: { $0["property"] == "delegate" }) == true {
            notes.append(
                "the \(type) recognizer (line \(xml.line)) has a delegate, whose answers the file cannot show: none assumed")
        }
        var gesture = GestureWiring(type: type, action: action)
        gesture.cancelsTouchesInView = xml["cancelsTouchesInView"] != "NO"
        gesture.delaysTouchesBegan = xml["delaysTouchesBegan"] == "YES"
        gesture.delaysTouchesEnded = xml["delaysTouchesEnded"] != "NO"
        if type == "tap", let taps = xml["numberOfTapsRequired"].flatMap(Int.init), (1...3).contains(taps) { gesture.taps = taps }
        return gesture
    }

    /// The bar buttons of a navigation item: `single` (one) or `many` (an array).
    private mutating func barItems(_ item: XMLElement, single: String, many: String) -> [ScreenElement] {
        var xmlItems = item.children.filter { $0.name == "barButtonItem" && $0["key"] == single }
        if let list = item.children.first(where: { $0["key"] == many }) { xmlItems += list.children("barButtonItem") }
        return xmlItems.map { xml in
            var button = ScreenElement(kind: .button)
            button.id = id(for: xml, kind: .button)
            button.source = Self.source(request.shortName, xml)
            button.text = Self.title(ofBarItem: xml)
            if xml["enabled"] == "NO" { button.enabled = false }
            var notes: [String] = []
            for action in xml.child("connections")?.children("action") ?? [] {
                guard let selector = action["selector"] else { continue }
                let (wiring, guess) = Self.action(for: selector)
                if let guess { notes.append(guess) }
                button.actions.append(ControlWiring(event: "touch-up-inside", action: wiring))
            }
            button.comments = notes
            return button
        }
    }

    /// What a bar button shows: its title, its system item's, or its image's name.
    static func title(ofBarItem xml: XMLElement) -> String {
        if let title = xml["title"], !title.isEmpty { return title }
        if let system = xml["systemItem"] {
            let titles = ["done": "Done", "cancel": "Cancel", "save": "Save", "edit": "Edit", "add": "+", "close": "Close"]
            return titles[system] ?? system.prefix(1).uppercased() + system.dropFirst()
        }
        return xml["image"] ?? "Item"
    }

    // MARK: Frames and ids

    /// `FILE:LINE ID`, the object id Interface Builder gave it (`FILE:LINE` when it has none).
    static func source(_ file: String, _ xml: XMLElement) -> String {
        "\(file):\(xml.line)" + (xml["id"].map { " " + $0 } ?? "")
    }

    private func frame(of xml: XMLElement) -> ElementFrame? {
        guard let rect = xml.child("rect", key: "frame"), let x = rect.number("x"), let y = rect.number("y"),
            let w = rect.number("width"), let h = rect.number("height"), w >= 0, h >= 0,
            [x, y, w, h].allSatisfy({ abs($0) <= ScreenLimits.points })
        else { return nil }
        return ElementFrame(x: x, y: y, width: w, height: h)
    }

    /// A readable id: the outlet's property name, the accessibility identifier, the user label,
    /// the text or placeholder, else the kind; made unique.
    private mutating func id(for xml: XMLElement, kind: ElementKind) -> String {
        let objectID = xml["id"] ?? ""
        let accessibility = xml.child("accessibility", key: "accessibilityConfiguration")?["identifier"]
        let text =
            xml["placeholder"] ?? xml["text"] ?? xml["title"]
            ?? xml.children("state").first { $0["key"] == "normal" }?["title"]
        let candidates = [
            scene.outlets[objectID], accessibility, xml["userLabel"], text, xml["systemItem"],
            xml["image"],
        ]
        return ids.make(from: candidates, fallback: kind.rawValue)
    }

    static func points(_ value: Double) -> String { JSONText.number(value).formatted() }
}

extension XMLElement {
    /// The attribute `name` as a finite number.
    func number(_ name: String) -> Double? {
        guard let text = self[name], let value = Double(text), value.isFinite else { return nil }
        return value
    }
}
