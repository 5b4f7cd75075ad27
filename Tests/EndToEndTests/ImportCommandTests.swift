import Foundation
import Testing

/// The real screens shared beside the repository, and the project's own XML fixtures.
private let shared = repositoryRoot + "/../shared/screens"
private let fixtures = repositoryRoot + "/Tests/TapawayImportTests/Fixtures"

/// `tapaway import`, `--screen FILE.storyboard` and `audit FILE.storyboard` as a user runs them.
@Suite("Import, end to end")
struct ImportCommandTests {
    let storyboard = shared + "/iqkeyboardmanager/SpecialCase.storyboard"

    @Test("import -o writes a screen file validate accepts; notes cite the storyboard's lines on standard error")
    func importToFile() throws {
        let folder = PrivateFolder(purpose: "import")
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        defer { folder.remove() }
        let out = folder.file("custom.json")
        let imported = try runToCompletion(["import", storyboard, "--scene", "CustomViewController", "-o", out])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.isEmpty)
        // Line 355: keyboardType="numbersAndPunctuation", which Tapaway has no keyboard for.
        #expect(imported.stderr.contains("SpecialCase.storyboard:355: note: "), "\(imported.stderr)")
        #expect(imported.stderr.hasSuffix("a screen of 35 elements, 6 text inputs, on iphone-15-pro-max; written to \(out)\n"))
        let checked = try runToCompletion(["validate", out])
        #expect(checked.status == 0, "\(checked.stderr)")
        #expect(checked.stdout == "\(out): a screen of 35 elements, 6 text inputs, written for uikit\n")
    }

    @Test("several scenes without --scene is status 64; a bad file is one line and 65; nothing is written")
    func statuses() throws {
        let unchosen = try runToCompletion(["import", storyboard])
        #expect(unchosen.status == 64)
        #expect(unchosen.stdout.isEmpty)
        #expect(unchosen.stderr.split(separator: "\n").count == 1, "\(unchosen.stderr)")
        #expect(unchosen.stderr.hasPrefix("\(storyboard):1: SpecialCase.storyboard holds 8 scenes"))

        let folder = PrivateFolder(purpose: "import-bad")
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        defer { folder.remove() }
        let laughs = folder.file("laughs.xml")
        try """
        <?xml version="1.0"?>
        <!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
        <hierarchy><node bounds="[0,0][9,9]" text="&lol2;"/></hierarchy>
        """.write(toFile: laughs, atomically: true, encoding: .utf8)
        let out = folder.file("out.json")
        for file in [laughs, fixtures + "/legacy.xib"] {
            let refused = try runToCompletion(["import", file, "-o", out])
            #expect(refused.status == 65, "\(refused.stderr)")
            #expect(refused.stdout.isEmpty)
            #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
            #expect(refused.stderr.hasPrefix("\(file):2: "), "\(refused.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out))
        }
        let validated = try runToCompletion(["validate", fixtures + "/legacy.xib"])
        #expect(validated.status == 65)
        // What concerns the whole screen is said too: a size-class canvas scaled to the device.
        let scaled = try runToCompletion(["import", fixtures + "/size-classes.storyboard", "-o", out])
        #expect(scaled.status == 0, "\(scaled.stderr)")
        #expect(scaled.stderr.contains("size-classes.storyboard: note: the file's canvas is Interface Builder's 600 × 600"))
    }

    @Test("-o onto a symbolic link is refused and the link's target is left as it was")
    func outputThroughALink() throws {
        let folder = PrivateFolder(purpose: "import-link")
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        defer { folder.remove() }
        let target = folder.file("precious.txt")
        try "keep me".write(toFile: target, atomically: true, encoding: .utf8)
        let link = folder.file("screen.json")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let refused = try runToCompletion(["import", fixtures + "/background-control.xib", "-o", link])
        #expect(refused.status == 73, "\(refused.stderr)")
        #expect(refused.stderr.contains("symbolic link"))
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep me")
    }

    @Test("audit of a storyboard scene: findings cite the storyboard's lines and object ids, in the text and in --json")
    func auditCitesTheStoryboard() throws {
        let text = try runToCompletion(["audit", storyboard, "--scene", "CustomViewController", "--technique", "tap-gesture"])
        #expect(text.status == 0, "\(text.stderr)")
        // Line 406: <textField … tag="103" … id="0NB-yU-ihq">, low on the screen: the keyboard covers it.
        #expect(text.stdout.contains("(SpecialCase.storyboard:406 0NB-yU-ihq): once"), "\(text.stdout)")
        let json = try runToCompletion([
            "audit", storyboard, "--scene", "CustomViewController", "--technique", "tap-gesture", "--json",
        ])
        #expect(json.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(!findings.isEmpty)
        // Every finding about an element cites it; the safe tap points are the screen's as a whole.
        let aboutElements = findings.filter { $0["kind"] as? String != "safe-tap-points" }
        #expect(!aboutElements.isEmpty)
        #expect(aboutElements.allSatisfy { ($0["source"] as? String)?.hasPrefix("SpecialCase.storyboard:") == true })
        // The imported screen has no file of its own: no line in it is cited.
        #expect(findings.allSatisfy { $0["line"] == nil || $0["line"] is NSNull })
    }

    @Test("a xib in the window: the outlets are the ids, and a tap on the button ends editing under send-event")
    func xibInTheWindow() throws {
        try Session.run(arguments: ["--screen", fixtures + "/background-control.xib", "--no-settings"]) { s in
            let ids = Set(s.app.views.map(\.id))
            for id in ["emailField", "passwordField", "remember", "Sign-in"] {
                #expect(ids.contains(id), "\(id) is not in the layout\n\(s.app.diagnostics)")
            }
            try s.focusAndShowKeypad("emailField")
            let start = s.app.mark
            try s.tap("Sign-in")
            try s.waitForFocus(nil, after: start)
        }
    }
}
