import TapawayImport
import TapawayScreen
import Testing

/// Every real file in ../shared/screens/ imports, every scene of every storyboard, into a
/// screen the reader reads back, and every element's source points at the object in the file.
@Suite("Shared screens")
struct SharedScreensTests {
    @Test(
        "every scene of every storyboard imports, and each source names a line holding its object id",
        arguments: ["FullScreenControllers", "General", "ScrollView", "Settings", "SpecialCase", "TestCases"])
    func storyboard(_ name: String) throws {
        let path = Fixtures.sharedScreens + "/iqkeyboardmanager/\(name).storyboard"
        let lines = try Fixtures.lines(path)
        let scenes = try Importer.scenes(try Fixtures.bytes(path)).scenes
        #expect(!scenes.isEmpty)
        for scene in scenes where scene.notImportable == nil {
            let result = try Fixtures.importing(path, scene: scene.objectID)
            // The written file reads back as the same screen.
            let written = ScreenWriter.text(result.document)
            let reread = try ScreenReader.read(written)
            #expect(ScreenWriter.text(reread) == written)
            for element in result.document.allElements {
                let source = try #require(element.source, "\(name) \(scene.name): an element has no source")
                let parts = source.split(separator: " ")
                #expect(parts[0].hasPrefix("\(name).storyboard:"))
                let line = try #require(Int(parts[0].split(separator: ":")[1]))
                // An object with an id names it; one without (a cell's content view) is a start tag.
                let expected = parts.count > 1 ? "id=\"\(parts[1])\"" : "<"
                #expect(lines[line - 1].contains(expected), "\(source)")
            }
        }
    }

    @Test("both Wikipedia layouts import with the manifest")
    func androidLayouts() throws {
        let folder = Fixtures.sharedScreens + "/wikipedia-android"
        for name in ["activity_login.xml", "activity_create_account.xml"] {
            let result = try Fixtures.importing(folder + "/" + name) { request in
                request.manifest = ("AndroidManifest.xml", try Fixtures.bytes(folder + "/AndroidManifest.xml"))
            }
            #expect(result.document.inputIDs.count >= 2, "\(name)")
            #expect(result.document.avoidance == "adjust-resize")
            _ = try ScreenReader.read(ScreenWriter.text(result.document))
        }
    }
}
