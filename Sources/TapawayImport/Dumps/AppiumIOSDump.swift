import TapawayScreen

/// Appium's XCUITest page source: `<AppiumAUT>` holding `XCUIElementType…` elements, each with `type`,
/// `name` (the accessibility identifier), `label`, `value`, `enabled`, `visible` and its frame in
/// screen points (`x`, `y`, `width`, `height`).
///
/// A navigation bar becomes the screen's bar; the keyboard and the status bar are the system's and are
/// left out.
enum AppiumIOSDump {
    /// The screen in the page source `root`.
    static func screen(_ root: XMLElement, request: ImportRequest) throws(ImportFailure) -> ImportResult {
        guard let application = root.children.first(where: { $0.name.hasPrefix("XCUIElementType") }),
            let appFrame = frame(application)
        else {
            throw ImportFailure(line: root.line, "the page source holds no application element with a frame")
        }
        let device = request.device(fitting: appFrame.width, height: appFrame.height)
        var navigationBar: XMLElement?
        var keyboardUp = false
        application.forEachDescendant { element in
            if navigationBar == nil, element.name == "XCUIElementTypeNavigationBar" { navigationBar = element }
            if element.name == "XCUIElementTypeKeyboard" { keyboardUp = true }
        }
        let barFrame = navigationBar.flatMap(frame)
        let top = barFrame.map { $0.y + $0.height } ?? device?.top ?? 47
        var builder = DumpScreenBuilder(request: request, top: top)
        var rootNode = node(application, skipping: navigationBar)
        rootNode.kind = .view
        var screen = ScreenDocument(content: builder.content(rootNode))
        screen.platform = request.platform
        screen.device = device?.id
        screen.name = request.shortName
        if let navigationBar {
            screen.title = navigationBar["name"].flatMap { $0.isEmpty ? nil : $0 }
            var items: [ScreenElement] = []
            var sawTitle = false
            for button in navigationBar.children where button.name == "XCUIElementTypeButton" {
                var item = ScreenElement(kind: .button)
                item.text = button["label"] ?? button["name"]
                item.id = item.text.map(ElementIDs.slug).flatMap { $0.isEmpty ? nil : "nav-" + $0 }
                item.source = "\(request.shortName):\(button.line) XCUIElementTypeButton"
                if button["enabled"] == "false" { item.enabled = false }
                // The leftmost button of a pushed screen is its back button, which the bar draws.
                if let f = frame(button), let bar = barFrame, f.x < bar.x + bar.width / 3, !sawTitle {
                    screen.backButtonTitle = item.text
                    continue
                }
                sawTitle = true
                items.append(item)
            }
            screen.navigationItems = items.reversed()
        } else {
            screen.navigationBarHidden = true
        }
        var comments = [
            "Imported by tapaway import from \(request.shortName), an Appium XCUITest page source: frames are the running app's, in points.",
            "The page source shows views, not code: the technique the app uses is assumed, and the audit plays every technique.",
        ]
        if keyboardUp { comments.append("The keyboard was up when the page source was taken; it is the program's own here.") }
        screen.comments = comments
        return ImportResult(document: screen, warnings: [], format: "appium-ios")
    }

    private static func frame(_ xml: XMLElement) -> ElementFrame? {
        guard let x = xml.number("x"), let y = xml.number("y"), let w = xml.number("width"), let h = xml.number("height"),
            w >= 0, h >= 0, [x, y, w, h].allSatisfy({ abs($0) < ScreenLimits.points })
        else { return nil }
        return ElementFrame(x: x, y: y, width: w, height: h)
    }

    private static let skipped: Set<String> = [
        "XCUIElementTypeKeyboard", "XCUIElementTypeStatusBar", "XCUIElementTypeNavigationBar",
    ]

    private static func node(_ xml: XMLElement, skipping bar: XMLElement?) -> DumpNode {
        let type = xml["type"] ?? xml.name
        let label = xml["label"].flatMap { $0.isEmpty ? nil : $0 }
        let value = xml["value"].flatMap { $0.isEmpty ? nil : $0 }
        var node = DumpNode(
            kind: .view, name: xml["name"].flatMap { $0.isEmpty || $0 == label ? nil : $0 }, text: label ?? value,
            frame: frame(xml) ?? ElementFrame(x: 0, y: 0, width: 0, height: 0), line: xml.line, className: type)
        node.enabled = xml["enabled"] != "false"
        switch type {
        case "XCUIElementTypeTextField":
            node.kind = .textField
        case "XCUIElementTypeSecureTextField":
            node.kind = .textField
            node.secure = true
        case "XCUIElementTypeTextView": node.kind = .textView
        case "XCUIElementTypeSearchField": node.kind = .searchBar
        case "XCUIElementTypeButton", "XCUIElementTypeLink", "XCUIElementTypeMenuItem": node.kind = .button
        case "XCUIElementTypeSwitch", "XCUIElementTypeToggle":
            node.kind = .switch
            node.checked = value == "1"
        case "XCUIElementTypeSlider": node.kind = .slider
        case "XCUIElementTypeSegmentedControl":
            node.kind = .segmented
            node.segments = xml.children.filter { $0.name == "XCUIElementTypeButton" }.map { $0["label"] ?? $0["name"] ?? "" }
        case "XCUIElementTypeStaticText": node.kind = .label
        case "XCUIElementTypeImage": node.kind = .image
        case "XCUIElementTypeScrollView", "XCUIElementTypeWebView": node.kind = .scrollView
        case "XCUIElementTypeTable", "XCUIElementTypeCollectionView": node.kind = .table
        case "XCUIElementTypeCell": node.kind = .row
        case "XCUIElementTypeTabBar": node.kind = .tabBar
        case "XCUIElementTypeToolbar": node.kind = .toolbar
        case "XCUIElementTypePickerWheel", "XCUIElementTypeDatePicker", "XCUIElementTypePicker", "XCUIElementTypeStepper":
            node.kind = .control
            node.notes.append("a \(type.dropFirst(15)): imported as a control that takes its touches")
        default: node.kind = .view
        }
        // A container's label (the application's name, a group's) is no text it shows.
        if node.kind == .view || node.kind.scrolls || node.kind == .control { node.text = nil }
        if node.kind.isTextInput {
            node.placeholder = xml["placeholderValue"].flatMap { $0.isEmpty ? nil : $0 } ?? label
            node.text = nil
        }
        if node.kind == .segmented || node.kind == .switch || node.kind == .slider { return node }
        let children = xml.children.filter { child in
            child.name.hasPrefix("XCUIElementType") && !skipped.contains(child.name)
        }
        // A window left empty (the keyboard's, once the keyboard is left out) is dropped.
        node.children = children.map { Self.node($0, skipping: bar) }.filter { child in
            child.className != "XCUIElementTypeWindow" || !child.children.isEmpty
        }
        if node.kind == .row {
            // A cell's title is its first text; a cell holding controls stays a view holding them.
            let holdsControls = node.children.contains { [.textField, .textView, .button, .switch].contains($0.kind) }
            if holdsControls {
                node.kind = .view
                node.notes.append("a cell holding controls: imported as a view holding them")
            } else {
                node.text = node.text ?? node.children.first { $0.kind == .label }?.text
                node.children = []
            }
        }
        return node
    }
}
