import Foundation
import TapawayScreen
import Testing

@testable import TapawayDemo

/// A technique's run written by an audit's worker process reads back as it was played: the
/// audit folded from runs read back says exactly what the audit folded from the runs played.
@MainActor
@Suite("The audit's runs, written and read back")
struct AuditRunCodingTests {
    /// The repository's example screens and the standard form.
    nonisolated static let screens = [
        "examples/checkout.json", "examples/compose-sheet.json", "examples/sign-in.json", "examples/flutter-transfer.json",
        "examples/join-network.json",
        "standard",
    ]

    @Test("every run of a screen reads back to the same findings, in every output", arguments: screens)
    func roundTrip(screen: String) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        let document = try ScreenFile.load(screen == "standard" ? screen : root + "/" + screen)
        let played = Audit(document: document, named: screen, techniques: Audit.techniques(for: document))
        let read = try played.runs.map { run in
            let line = run.json.serialized
            #expect(!line.contains("\n"), "one run, one line")
            let node = try JSONReader.read(Array(line.utf8), limits: AuditRunner.TechniqueRun.jsonLimits)
            return try #require(AuditRunner.TechniqueRun(json: node), "\(run.technique.rawValue) reads back")
        }
        let again = Audit(document: document, named: screen, runs: read)
        #expect(again.caseCount == played.caseCount)
        #expect(again.text() == played.text())
        #expect(again.json().serialized == played.json().serialized)
        #expect(again.markdown() == played.markdown())
        #expect(again.maestro() == played.maestro())
    }

    @Test("a line that is not a run is refused, not guessed at")
    func refusesOtherLines() throws {
        for text in [#"{}"#, #"{"technique":"send-event","device":"x","size":[1],"covers":[],"plays":[]}"#, "[]", "3"] {
            let node = try JSONReader.read(Array(text.utf8), limits: AuditRunner.TechniqueRun.jsonLimits)
            #expect(AuditRunner.TechniqueRun(json: node) == nil, "\(text)")
        }
        let empty = #"{"technique":"send-event","device":"iphone-15 portrait","size":[393,852],"covers":[],"plays":[{"x":1}]}"#
        let node = try JSONReader.read(Array(empty.utf8), limits: AuditRunner.TechniqueRun.jsonLimits)
        #expect(AuditRunner.TechniqueRun(json: node) == nil, "a play missing its fields")
    }
}
