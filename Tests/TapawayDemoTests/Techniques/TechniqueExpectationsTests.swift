import Foundation
import TapawayDemo
import Testing

/// Every technique has its expectations, in one file that mirrors its source folder: a new
/// technique fails here, by name, until its file is written.
@MainActor
@Suite("Each technique has one expectations file")
struct TechniqueExpectationsTests {
    /// The technique folders under `Sources/TapawayDemo/Techniques/`.
    static func sourceFolders() throws -> [String] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let techniques = root.appendingPathComponent("Sources/TapawayDemo/Techniques")
        return try FileManager.default.contentsOfDirectory(atPath: techniques.path).filter { name in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(
                atPath: techniques.appendingPathComponent(name).path, isDirectory: &isFolder) && isFolder.boolValue
        }.sorted()
    }

    @Test("every registered technique, and as-written, has expectations, once")
    func everyTechnique() {
        for id in TechniqueID.allCases + [.asWritten] {
            #expect(
                TechniqueExpectations.all.filter { $0.id == id }.count == 1,
                "\(id) needs one expectations file under Tests/TapawayDemoTests/Techniques/, listed in TechniqueExpectations.all")
        }
        #expect(TechniqueExpectations.all.count == TechniqueID.allCases.count + 1, "no expectations for a technique that is gone")
    }

    @Test("every technique folder has its mirror holding FolderExpectations.swift, and nothing else does")
    func everyFolder() throws {
        let folders = try Self.sourceFolders()
        #expect(folders.count == TechniqueID.allCases.count + 1, "one folder per technique: \(folders)")
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        for folder in folders {
            let file = here.appendingPathComponent("\(folder)/\(folder)Expectations.swift").path
            #expect(FileManager.default.fileExists(atPath: file), "Sources/TapawayDemo/Techniques/\(folder) has no \(file)")
        }
        #expect(TechniqueExpectations.all.map(\.folder).sorted() == folders, "each file sits in its technique's mirror")
    }

    @Test("every row has a code for each case of the matrix, and options only once")
    func rowsAreWhole() {
        for expectations in TechniqueExpectations.all {
            for row in expectations.matrix {
                #expect(row.codes.count == DismissalMatrix.cases.count, "\(expectations.id) \(row.options)")
            }
            #expect(Set(expectations.matrix.map(\.options)).count == expectations.matrix.count, "\(expectations.id)")
        }
    }
}
