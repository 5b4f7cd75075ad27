import Foundation
import TapawayTestSupport
import Testing

/// The real binary under `valgrind --leak-check=full`, replaying a recorded session (focus, typing, an
/// accented letter and an emoji among it, a button, another field, a tap outside) on a private Xvfb: no
/// definite or indirect leak.
///
/// The suppressions in `valgrind/tapaway.supp` cover only memory the Swift runtime and fontconfig hold
/// for the life of the process, each with its reason. Indirect leaks count: a Tapaway object reachable
/// only through its weak-reference side table (whose loss is suppressed, as valgrind cannot follow the
/// tagged pointer to it) is indirectly lost.
@Suite("Leaks, end to end")
struct LeakTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("a replayed session under valgrind loses no memory, definitely or indirectly")
    func noDefiniteLeak() throws {
        let valgrind = try #require(Executables.find("valgrind"), "valgrind is not installed (apt-get install valgrind)")
        let display = try VirtualDisplay()
        defer { display.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tapaway-valgrind-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("valgrind.log").path
        let valgrindOptions = [
            valgrind, "--leak-check=full", "--show-leak-kinds=definite,indirect", "--errors-for-leak-kinds=definite,indirect",
            "--num-callers=40", "--error-exitcode=99", "--log-file=\(log)",
            "--suppressions=\(Self.root.path)/valgrind/tapaway.supp",
        ]
        // The recorded session, begun with name focused and an accented letter and an emoji
        // typed into it: characters the interface font lacks need fallback fonts (fontconfig
        // matches whose patterns Xft keeps), which a session without them never exercises.
        let original = try String(contentsOfFile: Self.root.path + "/assets/recordings/inspector.jsonl", encoding: .utf8)
        var lines = original.split(separator: "\n").map(String.init)
        var header = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        header["focused"] = "name"
        lines[0] = String(decoding: try JSONSerialization.data(withJSONObject: header), as: UTF8.self)
        lines.insert(#"{"kind":"key","t":0.3,"key":"text","text":"é😀ü"}"#, at: 1)
        let recording = folder.appendingPathComponent("session.jsonl").path
        try (lines.joined(separator: "\n") + "\n").write(toFile: recording, atomically: false, encoding: .utf8)
        let app = try AppProcess(
            ["--no-settings", "--replay", recording, "--replay-speed", "max", "--exit-after-replay"],
            display: display, trace: false, lifetime: 240, under: valgrindOptions)
        let status = app.waitForExit(timeout: 250)
        let report = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(status == 0, "valgrind: \(app.exitDescription):\n\(report.suffix(6000))")
        #expect(
            (report.contains("definitely lost: 0 bytes in 0 blocks") && report.contains("indirectly lost: 0 bytes in 0 blocks"))
                || report.contains("All heap blocks were freed"),
            "\(report.suffix(6000))")
    }
}
