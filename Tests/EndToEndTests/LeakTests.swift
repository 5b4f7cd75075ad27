import Foundation
import Testing

/// The real binary under `valgrind --leak-check=full`, replaying a recorded session (focus,
/// typing, a button, another field, a tap outside) on a private Xvfb: no definite or indirect
/// leak. The suppressions in `valgrind/tapaway.supp` cover only memory the Swift runtime and
/// fontconfig hold for the life of the process, each with its reason. Indirect leaks count: a
/// Tapaway object reachable only through its weak-reference side table (whose loss is
/// suppressed, as valgrind cannot follow the tagged pointer to it) is indirectly lost.
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
        let app = try AppProcess(
            [
                "--no-settings", "--replay", Self.root.path + "/assets/recordings/inspector.jsonl",
                "--replay-speed", "max", "--exit-after-replay",
            ],
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
