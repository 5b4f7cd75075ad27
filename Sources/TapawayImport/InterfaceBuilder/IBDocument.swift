/// An Interface Builder document (a storyboard or a xib, the format Xcode 5 and later write):
/// its canvas device and its scenes, each a view controller (or, in a xib, a top-level view)
/// with the scene's other objects (its gesture recognizers).
struct IBDocument {
    /// One scene: the object that owns the view, the view, and the scene's objects.
    struct Scene {
        /// The view controller (or the xib's top-level view).
        var controller: XMLElement
        /// The root view, if the controller has one.
        var view: XMLElement?
        /// The scene's other objects, by id (gesture recognizers are looked up here).
        var objects: [String: XMLElement]
        /// Interface Builder's name for the scene (the comment before it).
        var label: String?
        /// The outlets the owner connects, by destination id: property names become ids.
        var outlets: [String: String]
        /// Whether the view controller is the root of a navigation controller.
        var isNavigationRoot: Bool
        /// Whether a show or push segue leads to it: Interface Builder then infers a navigation
        /// bar above it on the canvas, as it does for a navigation controller's root.
        var isPushed = false
        /// The summary `--list-scenes` prints.
        var summary: SceneSummary
    }

    /// The kind of document, `storyboard` or `xib`, from its root element.
    let format: String
    /// The canvas device's Interface Builder id (`retina6_1`), if the document names one.
    let deviceID: String?
    /// The canvas's orientation, `portrait` or `landscape`, if the document names one.
    let orientation: String?
    /// The scenes, in the file's order.
    let scenes: [Scene]
    /// The storyboard's initial view controller's id, if any.
    let initialID: String?

    /// The kinds of view controller whose scene holds no view to import, and why.
    static let containers = [
        "navigationController": "a navigation controller shows the view controllers it holds; choose its root's scene",
        "tabBarController": "a tab bar controller shows the view controllers it holds; choose one of their scenes",
        "pageViewController": "a page view controller's pages are made in code",
        "splitViewController": "a split view controller shows the view controllers it holds; choose one of their scenes",
        "hostingController": "a SwiftUI hosting controller: its views are in code (describe it in a screen file)",
        "avPlayerViewController": "a player view controller holds no text input",
    ]

    /// Reads the document at `root`: refuses the legacy archive and documents for other
    /// platforms with one line each.
    init(_ root: XMLElement) throws(ImportFailure) {
        if root.name == "archive" {
            throw ImportFailure(
                line: root.line,
                "a legacy Interface Builder archive (\(root["type"] ?? "no type")): open and save it in a current Xcode, which "
                    + "writes the document format (version 3.0) that Tapaway reads")
        }
        guard root.name == "document", let type = root["type"], type.hasPrefix("com.apple.InterfaceBuilder3.") else {
            throw ImportFailure(line: root.line, "not an Interface Builder document (its root is <\(root.name)>)")
        }
        guard type.contains("CocoaTouch") else {
            throw ImportFailure(
                line: root.line,
                "an Interface Builder document for \(type.contains("AppleTV") ? "tvOS" : "macOS") (\(type)): "
                    + "Tapaway imports iOS storyboards and xibs")
        }
        guard root["version"] == "3.0" else {
            throw ImportFailure(
                line: root.line, "document version \(root["version"] ?? "none"): Tapaway reads version 3.0 (Xcode 5 and later)")
        }
        format = type.hasSuffix("Storyboard.XIB") ? "storyboard" : "xib"
        deviceID = root.child("device")?["id"]
        orientation = root.child("device")?["orientation"]
        initialID = root["initialViewController"]
        scenes = format == "storyboard" ? Self.storyboardScenes(root) : Self.xibScenes(root)
    }

    /// A storyboard's scenes: each `<scene>`'s view controller.
    private static func storyboardScenes(_ root: XMLElement) -> [Scene] {
        let sceneElements = root.child("scenes")?.children("scene") ?? []
        // Which controllers are the roots of navigation controllers, and which are pushed.
        var navigationRoots = Set<String>()
        var pushed = Set<String>()
        for scene in sceneElements {
            scene.forEachDescendant { element in
                if element.name == "segue", ["show", "push"].contains(element["kind"] ?? ""),
                    let destination = element["destination"]
                {
                    pushed.insert(destination)
                }
            }
            for object in scene.child("objects")?.children ?? [] where object.name == "navigationController" {
                for segue in object.child("connections")?.children("segue") ?? []
                where segue["relationship"] == "rootViewController" {
                    if let destination = segue["destination"] { navigationRoots.insert(destination) }
                }
            }
        }
        var result: [Scene] = []
        for sceneElement in sceneElements {
            let objects = sceneElement.child("objects")?.children ?? []
            guard let controller = objects.first(where: { $0["sceneMemberID"] == "viewController" }) else { continue }
            var byID: [String: XMLElement] = [:]
            for object in objects { if let id = object["id"] { byID[id] = object } }
            let view = controller.children.first { $0["key"] == "view" }
            var outlets: [String: String] = [:]
            for outlet in controller.child("connections")?.children("outlet") ?? [] {
                if let property = outlet["property"], let destination = outlet["destination"] { outlets[destination] = property }
            }
            let id = controller["id"] ?? ""
            let label = sceneElement.comment
            var scene = Scene(
                controller: controller, view: view, objects: byID, label: label, outlets: outlets,
                isNavigationRoot: navigationRoots.contains(id), summary: summary(controller: controller, view: view, label: label)
            )
            scene.isPushed = pushed.contains(id)
            result.append(scene)
        }
        return result
    }

    /// A xib's scenes: its top-level views, the File's Owner's `view` outlet first.
    private static func xibScenes(_ root: XMLElement) -> [Scene] {
        let objects = root.child("objects")?.children ?? []
        var byID: [String: XMLElement] = [:]
        for object in objects { if let id = object["id"] { byID[id] = object } }
        let owner = objects.first { $0.name == "placeholder" && $0["placeholderIdentifier"] == "IBFilesOwner" }
        var outlets: [String: String] = [:]
        for outlet in owner?.child("connections")?.children("outlet") ?? [] {
            if let property = outlet["property"], let destination = outlet["destination"] { outlets[destination] = property }
        }
        let ownerView = outlets.first { $0.value == "view" }?.key
        var views = objects.filter {
            $0.name != "placeholder" && !$0.name.hasSuffix("GestureRecognizer") && $0.child("rect", key: "frame") != nil
        }
        views.sort { a, b in (a["id"] == ownerView ? 0 : 1) < (b["id"] == ownerView ? 0 : 1) }
        return views.map { view in
            var controller = view
            // The owner's class names the scene whose view it owns.
            if view["id"] == ownerView, let owner, let ownerClass = owner["customClass"] {
                controller = XMLElement(
                    name: "viewController", attributes: [("id", view["id"] ?? ""), ("customClass", ownerClass)],
                    line: view.line)
            }
            return Scene(
                controller: controller, view: view, objects: byID, label: view["userLabel"], outlets: outlets,
                isNavigationRoot: false, summary: summary(controller: controller, view: view, label: view["userLabel"]))
        }
    }

    private static func summary(controller: XMLElement, view: XMLElement?, label: String?) -> SceneSummary {
        var inputs = 0
        var views = 0
        view?.forEachDescendant { element in
            guard element.child("rect", key: "frame") != nil else { return }
            views += 1
            if ["textField", "textView", "searchBar"].contains(element.name) { inputs += 1 }
        }
        let reason =
            containers[controller.name]
            ?? (view == nil ? "its view controller has no view in the file (it is made in code)" : nil)
        return SceneSummary(
            label: label, identifier: controller["storyboardIdentifier"],
            className: controller["customClass"] ?? controller.name, objectID: controller["id"] ?? "", line: controller.line,
            inputs: inputs, views: max(0, views - 1), notImportable: reason)
    }

    /// The scene `name` names, the only importable scene, or the initial one.
    func scene(named name: String?, fileName: String) throws(ImportFailure) -> Scene {
        let importable = scenes.filter { $0.summary.notImportable == nil }
        if let name {
            let matches = scenes.filter { scene in
                let s = scene.summary
                return [s.identifier, s.className, s.label, s.objectID, scene.view?["id"]].contains(name)
            }
            guard let first = matches.first else {
                throw ImportFailure(
                    line: 1,
                    "no scene is called '\(name)'; the scenes are \(scenes.map(\.summary.name).joined(separator: ", "))",
                    needsChoice: true)
            }
            guard matches.count == 1 else {
                throw ImportFailure(
                    line: first.summary.line,
                    "'\(name)' names \(matches.count) scenes (lines \(matches.map { String($0.summary.line) }.joined(separator: ", "))): "
                        + "give an object id instead", needsChoice: true)
            }
            if let reason = first.summary.notImportable {
                throw ImportFailure(
                    line: first.summary.line, "the scene '\(name)' cannot be imported: \(reason)", needsChoice: true)
            }
            return first
        }
        if importable.count == 1 { return importable[0] }
        if let initialID, let initial = initialScene(initialID) { return initial }
        guard !importable.isEmpty else {
            throw ImportFailure(line: 1, "\(fileName) holds no scene with a view to import")
        }
        throw ImportFailure(
            line: 1,
            "\(fileName) holds \(importable.count) scenes: choose one with --scene "
                + "(\(importable.prefix(6).map(\.summary.name).joined(separator: ", "))\(importable.count > 6 ? ", …" : ""); "
                + "--list-scenes lists them)", needsChoice: true)
    }

    /// The initial view controller's scene, or its navigation controller's root.
    private func initialScene(_ id: String) -> Scene? {
        guard let scene = scenes.first(where: { $0.summary.objectID == id }) else { return nil }
        if scene.summary.notImportable == nil { return scene }
        let root = scene.controller.child("connections")?.children("segue").first { $0["relationship"] == "rootViewController" }
        return root.flatMap { r in scenes.first { $0.summary.objectID == r["destination"] && $0.summary.notImportable == nil } }
    }
}
