import TapawayScreen

/// Imports a screen from a file the developer already has: an Interface Builder storyboard or xib, a UI
/// Automator or Appium dump, or an Android layout.
///
/// The format is told by the file's root element, not by its name.
public enum Importer {
    /// Whether `bytes` look like XML (what the importers read) rather than a screen file: the
    /// first character past a byte-order mark and white space is `<`.
    public static func looksLikeXML(_ bytes: [UInt8]) -> Bool {
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        return i < bytes.count && bytes[i] == UInt8(ascii: "<")
    }

    /// The screen in `bytes`, as `request` asks.
    public static func importScreen(_ bytes: [UInt8], request: ImportRequest) throws(ImportFailure) -> ImportResult {
        // Size, UTF-16, NUL bytes and a document type declaration are said as such first.
        guard bytes.count <= ImportLimits.fileBytes else {
            throw ImportFailure(line: 1, "the file is larger than \(ImportLimits.fileBytes >> 20) MiB")
        }
        do { try XMLTree.checkProlog(bytes) } catch { throw ImportFailure(error) }
        guard looksLikeXML(bytes) else {
            throw ImportFailure(
                line: 1,
                "not XML: a storyboard, a xib, a dump or an Android layout starts with '<' (a screen file is JSON: tapaway validate)"
            )
        }
        let root: XMLElement
        do { root = try XMLTree.read(bytes) } catch { throw ImportFailure(error) }
        var result: ImportResult
        switch root.name {
        case "document", "archive":
            let document = try IBDocument(root)
            let scene = try document.scene(named: request.scene, fileName: request.shortName)
            var importer = IBSceneImporter(scene: scene, document: document, request: request)
            let screen = try importer.screen()
            result = ImportResult(document: screen, warnings: importer.warnings, format: document.format)
            if let platform = request.platform { result.document.platform = platform }
        case "hierarchy":
            result = try AndroidDump.screen(root, request: request)
        case "AppiumAUT":
            result = try AppiumIOSDump.screen(root, request: request)
        case "manifest":
            throw ImportFailure(
                line: root.line, "this is an Android manifest: import the layout, and give the manifest with --manifest")
        default:
            if root.attributes.contains(where: { $0.name.hasPrefix("android:") || $0.name.hasPrefix("xmlns:android") }) {
                result = try AndroidLayout.screen(root, request: request)
            } else {
                throw ImportFailure(
                    line: root.line,
                    "<\(root.name)> is not a format Tapaway imports: an Interface Builder storyboard or xib, a UI Automator "
                        + "or Appium dump, or an Android layout")
            }
        }
        // A framed element's stack keys are the reader's defaults, so the file says nothing of them.
        func settle(_ element: inout ScreenElement) {
            if element.frame != nil && element.placement == StackPlacement() {
                element.placement.height = ScreenReader.defaultHeight(element.kind)
            }
            for index in element.children.indices { settle(&element.children[index]) }
        }
        settle(&result.document.content)
        if result.document.bottomBar != nil { settle(&result.document.bottomBar!) }
        for index in result.document.navigationItems.indices { settle(&result.document.navigationItems[index]) }
        for index in result.document.navigationLeadingItems.indices { settle(&result.document.navigationLeadingItems[index]) }
        try checkLimits(result.document)
        return result
    }

    /// The scenes of the Interface Builder document in `bytes`.
    public static func scenes(_ bytes: [UInt8]) throws(ImportFailure) -> (format: String, scenes: [SceneSummary]) {
        let root: XMLElement
        do { root = try XMLTree.read(bytes) } catch { throw ImportFailure(error) }
        guard root.name == "document" || root.name == "archive" else {
            throw ImportFailure(
                line: root.line, "only an Interface Builder storyboard or xib has scenes (this is <\(root.name)>)")
        }
        let document = try IBDocument(root)
        return (document.format, document.scenes.map(\.summary))
    }

    /// The screen's limits, which an imported screen must meet as a written one does.
    private static func checkLimits(_ document: ScreenDocument) throws(ImportFailure) {
        let count = document.allElements.count
        guard count <= ScreenLimits.elements else {
            throw ImportFailure(line: 1, "the screen would have \(count) elements; a screen has at most \(ScreenLimits.elements)")
        }
        func depth(_ element: ScreenElement) -> Int { 1 + (element.children.map(depth).max() ?? 0) }
        let deepest = depth(document.content)
        guard deepest <= ScreenLimits.elementDepth else {
            throw ImportFailure(
                line: 1,
                "the views nest \(deepest) deep; a screen nests at most \(ScreenLimits.elementDepth) (import a smaller scene)")
        }
    }
}
