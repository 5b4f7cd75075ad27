import Foundation
import TapawayDemo
import Testing

/// A settings file saved by an editor that starts UTF-8 with a byte-order mark is a good file.
@Suite("Settings with a byte-order mark")
struct SettingsByteOrderMarkTests {
    @Test("a file starting with U+FEFF loads as the same file without it")
    func byteOrderMark() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tapaway-bom-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let store = SettingsStore(directory: directory.path)
        let body = "[tapaway]\r\nscenario=tap-gesture\r\ntheme=dark\r\n"
        try Data([0xEF, 0xBB, 0xBF] + Array(body.utf8)).write(to: URL(fileURLWithPath: store.path))
        let expected = try Settings.parse(body)
        #expect(expected.lastScenario == "tap-gesture")
        #expect(store.load() == .loaded(expected))
        // Only at the very start: one further in is part of the key, which is then not `scenario`.
        #expect(try Settings.parse("[tapaway]\n\u{FEFF}scenario=tap-gesture\n").lastScenario == nil)
    }
}
