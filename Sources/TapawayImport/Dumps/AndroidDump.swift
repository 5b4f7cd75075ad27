import TapawayScreen

/// Android's view hierarchy dumps: `adb shell uiautomator dump` (`<hierarchy>` of `<node>`s) and
/// Appium's UiAutomator2 page source (`<hierarchy>` of elements named by their class).
///
/// Each view has `bounds="[x1,y1][x2,y2]"` in pixels, its `class`, `resource-id`, `text`,
/// `content-desc`, `clickable`, `scrollable`, `focused`, `password`, `checked`, `enabled`: the same for
/// native views, Compose, Flutter and React Native, which all report through the accessibility tree.
enum AndroidDump {
    /// The screen in the dump `root`.
    static func screen(_ root: XMLElement, request: ImportRequest) throws(ImportFailure) -> ImportResult {
        let views = root.children.filter { $0["bounds"] != nil }
        guard let first = views.first, let firstBounds = bounds(first) else {
            throw ImportFailure(line: root.line, "the dump holds no view with bounds")
        }
        let device = request.device(fitting: 0, android: true)
        // Pixels per point: given, or the app's width in pixels over the device's in points.
        let widthPixels = root.number("width") ?? views.compactMap { bounds($0)?.x2 }.max() ?? firstBounds.x2
        var warnings: [String] = []
        let density: Double
        if let given = request.density {
            density = given
        } else if let device, widthPixels > 0 {
            density = widthPixels / device.width
            warnings.append(
                "density \(IBSceneImporter.points((density * 100).rounded() / 100)) pixels per point: the dump's width "
                    + "(\(Int(widthPixels)) px) over \(device.id)'s (\(Int(device.width)) points); give --density to say otherwise"
            )
        } else {
            density = 2.75
        }
        guard density > 0.1 && density < 10 else {
            throw ImportFailure(line: root.line, "a density of \(density) pixels per point is not a phone's: give --density")
        }
        // The status bar as the app saw it (its window's background view), else the device's.
        var statusBar: Double?
        for view in views {
            view.forEachDescendant { node in
                guard let b = bounds(node) else { return }
                if node["resource-id"] == "android:id/statusBarBackground", b.y2 > b.y1 { statusBar = b.y2 / density }
            }
        }
        var framework: String?
        var focused: String?
        var nodes = views.compactMap { view(from: $0, density: density, framework: &framework, focused: &focused) }
        guard !nodes.isEmpty else { throw ImportFailure(line: root.line, "the dump holds no view with bounds") }
        let rootNode: DumpNode
        if nodes.count == 1 {
            rootNode = nodes[0]
        } else {
            // Several windows (a dialog over the app): the last is on top; all become one screen.
            let frame = nodes.reduce(nodes[0].frame) { union($0, $1.frame) }
            rootNode = DumpNode(kind: .view, frame: frame, children: nodes, line: root.line, className: "hierarchy")
            nodes = []
        }
        let top = statusBar ?? device?.top ?? 24
        var builder = DumpScreenBuilder(request: request, top: top)
        var screen = ScreenDocument(content: builder.content(rootNode))
        screen.platform = request.platform
        screen.device = device?.id
        screen.navigationBarHidden = true
        screen.name = request.shortName
        var comments = [
            "Imported by tapaway import from \(request.shortName), a \(root.child("node") != nil ? "UI Automator" : "Appium UiAutomator2") dump: "
                + "each view's bounds are the running app's, in pixels divided by the density.",
            "The app bar, if any, is one of the app's views here; the content starts under the status bar ("
                + "\(IBSceneImporter.points((top * 10).rounded() / 10)) points, "
                + (statusBar != nil ? "as the app's window had it)." : "the device's)."),
            "The dump shows views, not code: the technique the app uses is assumed, and the audit plays every technique.",
        ]
        if let framework {
            comments.append(
                "The views are drawn by \(frameworkName(framework)): audit with --technique \(framework) for its own rule, or play all."
            )
        }
        if let focused { comments.append("When the dump was taken, \(focused) had the focus.") }
        screen.comments = comments + warnings
        return ImportResult(document: screen, warnings: warnings, format: "uiautomator")
    }

    private static func frameworkName(_ id: String) -> String {
        ["flutter": "Flutter", "react-native": "React Native", "android": "Jetpack Compose"][id] ?? id
    }

    private static func union(_ a: ElementFrame, _ b: ElementFrame) -> ElementFrame {
        let x = min(a.x, b.x)
        let y = min(a.y, b.y)
        return ElementFrame(x: x, y: y, width: max(a.x + a.width, b.x + b.width) - x, height: max(a.maxY, b.maxY) - y)
    }

    /// Reads a node's `bounds` attribute, `[x1,y1][x2,y2]` in pixels; nil when it is missing or malformed.
    static func bounds(_ xml: XMLElement) -> (x1: Double, y1: Double, x2: Double, y2: Double)? {
        guard let text = xml["bounds"] else { return nil }
        let numbers = text.split(whereSeparator: { "[],".contains($0) }).compactMap { Double($0) }
        guard numbers.count == 4, numbers.allSatisfy({ $0.isFinite && abs($0) < 1e6 }), numbers[2] >= numbers[0],
            numbers[3] >= numbers[1]
        else { return nil }
        return (numbers[0], numbers[1], numbers[2], numbers[3])
    }

    /// The system's own views in an app's window: its bars' backgrounds, and System UI's.
    private static func isSystemView(_ xml: XMLElement) -> Bool {
        ["android:id/statusBarBackground", "android:id/navigationBarBackground"].contains(xml["resource-id"] ?? "")
            || xml["package"] == "com.android.systemui"
    }

    private static func view(
        from xml: XMLElement, density: Double, framework: inout String?, focused: inout String?
    ) -> DumpNode? {
        guard let b = bounds(xml), !isSystemView(xml) else { return nil }
        let className = xml["class"] ?? xml.name
        let short = className.split(separator: ".").last.map(String.init) ?? className
        if framework == nil {
            if short.contains("FlutterView") || short.contains("FlutterSurfaceView") {
                framework = "flutter"
            } else if short.hasPrefix("ReactRootView") || short.hasPrefix("ReactViewGroup")
                || className.contains("com.facebook.react")
            {
                framework = "react-native"
            } else if short == "AndroidComposeView" || short == "ComposeView" {
                framework = "android"
            }
        }
        let yes = { (key: String) in xml[key] == "true" }
        let text = xml["text"].flatMap { $0.isEmpty ? nil : $0 }
        let description = xml["content-desc"].flatMap { $0.isEmpty ? nil : $0 }
        var node = DumpNode(
            kind: .view, text: text ?? description,
            frame: ElementFrame(
                x: b.x1 / density, y: b.y1 / density, width: (b.x2 - b.x1) / density, height: (b.y2 - b.y1) / density),
            line: xml.line, className: className + (xml["resource-id"].flatMap { $0.isEmpty ? nil : " " + $0 } ?? ""))
        node.name = xml["resource-id"].flatMap { id in
            id.isEmpty ? nil : String(id.split(separator: "/").last ?? Substring(id))
        }
        node.enabled = xml["enabled"] != "false"
        node.clickable = yes("clickable") || yes("long-clickable")
        node.checked = yes("checked")
        node.focused = yes("focused")
        switch short {
        case _ where short.hasSuffix("EditText") || short.hasSuffix("AutoCompleteTextView"):
            node.kind = .textField
            node.secure = yes("password")
            // A hint shows as the text of an empty field in dumps.
            node.placeholder = xml["hint"].flatMap { $0.isEmpty ? nil : $0 } ?? text ?? description
            node.text = nil
        case _
        where ["CheckBox", "RadioButton", "Switch", "SwitchCompat", "SwitchMaterial", "ToggleButton", "MaterialSwitch"]
            .contains(short) || (yes("checkable") && !short.hasSuffix("Layout")):
            node.kind = .switch
        case "SeekBar", "RatingBar", "Slider":
            node.kind = .slider
        case _ where short.hasSuffix("Button") || short == "Spinner":
            node.kind = .button
        case "TextView", "MaterialTextView", "AppCompatTextView", "CheckedTextView":
            node.kind = yes("clickable") ? .button : .label
        case "ImageView", "AppCompatImageView", "ShapeableImageView":
            node.kind = yes("clickable") ? .button : .image
        case "ListView", "RecyclerView", "GridView", "ExpandableListView":
            node.kind = .table
        case "ScrollView", "NestedScrollView", "HorizontalScrollView", "ViewPager", "ViewPager2":
            node.kind = .scrollView
        case "WebView":
            node.kind = .scrollView
            node.notes.append("a web view: imported as a scroll view; its page's own fields are not modelled")
        default:
            node.kind = yes("scrollable") ? .scrollView : .view
        }
        if node.focused { focused = node.name ?? text ?? short }
        node.children = xml.children.filter { $0["bounds"] != nil }.compactMap {
            view(from: $0, density: density, framework: &framework, focused: &focused)
        }
        if node.kind == .table {
            // A list's clickable items are its rows; what they show is their first text.
            node.children = node.children.map { item in
                guard item.clickable, item.kind == .view else { return item }
                var row = item
                row.kind = .row
                row.text = item.text ?? firstText(item)
                row.notes.append("a clickable item of a list: imported as a row")
                row.children = []
                return row
            }
        }
        return node
    }

    private static func firstText(_ node: DumpNode) -> String? {
        for child in node.children {
            if let text = child.text { return text }
            if let text = firstText(child) { return text }
        }
        return nil
    }
}
