import Foundation
import Testing

/// The real binary under `valgrind --leak-check=full`, replaying a recorded session (focus,
/// typing, a button, another field, a tap outside) on a private Xvfb: no definite leak. The
/// suppressions in `valgrind/tapaway.supp` cover only memory the Swift runtime and fontconfig
/// hold for the life of the process, each with its reason.
@Suite("Leaks, end to end")
struct LeakTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("a replayed session under valgrind loses no memory definitely")
    func noDefiniteLeak() throws {
        let valgrind = try #require(Executables.find("valgrind"), "valgrind is not installed (apt-get install valgrind)")
        let binary = try AppProcess.binaryURL()
        let display = try VirtualDisplay()
        defer { display.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tapaway-valgrind-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("valgrind.log").path
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display.name
        let command = [valgrind, "--leak-check=full", "--show-leak-kinds=definite", "--errors-for-leak-kinds=definite",
                       "--num-callers=40", "--error-exitcode=99", "--log-file=\(log)",
                       "--suppressions=\(Self.root.path)/valgrind/tapaway.supp",
                       binary.path, "--no-settings", "--replay", Self.root.path + "/assets/recordings/inspector.jsonl",
                       "--replay-speed", "max", "--exit-after-replay"]
        let process = try ChildProcess(command: Executables.bounded(command, lifetimeLimit: 240), environment: environment,
                                       stdout: .file(folder.appendingPathComponent("out").path),
                                       stderr: .file(folder.appendingPathComponent("err").path))
        #expect(process.waitForExit(timeout: 250), "valgrind did not finish")
        let report = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(process.exitCode == 0, "exit \(process.statusDescription):\n\(report.suffix(6000))")
        #expect(report.contains("definitely lost: 0 bytes in 0 blocks") || report.contains("All heap blocks were freed"),
                "\(report.suffix(6000))")
    }
}
