import Foundation
import TapawayScreen
import Testing

@testable import TapawayDemo

/// Every real file beside the project (`../shared/screens/`), imported as `--screen` and
/// `audit` import it, audits into findings that point into the original file: each finding about
/// an element cites the file's name, a line holding the element's start tag, and its object id.
@MainActor
@Suite("Imported screens, audited")
struct ImportedScreenAuditTests {
    nonisolated static let shared: String = {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().path + "/shared/screens"
    }()

    /// A scene of each storyboard with text inputs, and both Android layouts.
    nonisolated static let files: [(String, String?)] = [
        ("iqkeyboardmanager/General.storyboard", "TextFieldViewController"),
        ("iqkeyboardmanager/ScrollView.storyboard", "TableViewController"),
        ("iqkeyboardmanager/SpecialCase.storyboard", "CustomViewController"),
        ("iqkeyboardmanager/TestCases.storyboard", "AutofillPasswordViewController"),
        ("iqkeyboardmanager/Settings.storyboard", "SettingsViewController"),
        ("iqkeyboardmanager/FullScreenControllers.storyboard", "TextViewController"),
        ("wikipedia-android/activity_login.xml", nil),
        ("wikipedia-android/activity_create_account.xml", nil),
    ]

    @Test("findings cite the original file's lines and ids", arguments: 0..<files.count)
    func citesTheFile(_ index: Int) throws {
        let (name, scene) = Self.files[index]
        let path = Self.shared + "/" + name
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let document = try ScreenFile.load(path, importing: ScreenFile.ImportChoices(scene: scene))
        let technique = TechniqueID(name.hasSuffix(".xml") ? "android" : "tap-gesture")
        let audit = Audit(document: document, named: name, techniques: [technique])
        let about = audit.findings.filter { $0.kind != .safeTapPoints }
        // One text view filling the screen leaves nothing to tap beside it.
        #expect(!about.isEmpty || name.hasPrefix("iqkeyboardmanager/FullScreen"), "\(name): no finding about an element")
        let file = String(name.split(separator: "/").last!)
        for finding in about {
            // No line in a screen file of its own: the import has none on disk.
            #expect(finding.position == nil)
            let source = try #require(finding.source, "\(name): \(finding.element) cites nothing")
            let parts = source.split(separator: " ")
            let place = parts[0].split(separator: ":")
            #expect(place[0] == Substring(file))
            let line = try #require(Int(place[1]))
            let text = lines[line - 1]
            #expect(text.contains("<"), "\(source)")
            if parts.count > 1 && name.hasSuffix(".storyboard") { #expect(text.contains("id=\"\(parts[1])\""), "\(source)") }
        }
    }
}
