import Foundation
import Glibc
import TapawayTestSupport
import Testing

/// Signals whose default action ends a program end Tapaway as SIGTERM does: settings saved,
/// then the process ends as the signal would (128 + its number, as a shell reports it).
@Suite("Signals save settings, end to end")
struct SignalSettingsTests {
    @Test(
        "SIGUSR1, SIGUSR2 and SIGALRM save the settings, then end the process as the signal would",
        arguments: [SIGUSR1, SIGUSR2, SIGALRM])
    func signalSaves(_ signal: Int32) throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let state = PrivateFolder(purpose: "state")
        defer { state.remove() }
        let app = try AppProcess(["--scenario", "tap-gesture"], display: display, environment: ["XDG_STATE_HOME": state.path])
        _ = try app.waitForReady()
        kill(try app.programPID(), signal)
        app.process.waitForExit(timeout: 10)
        #expect(
            app.process.terminationSignal == signal || app.process.exitCode == 128 + signal,
            "\(app.exitDescription)\n\(app.diagnostics)")
        let text = (try? String(contentsOfFile: state.file("tapaway/state.conf"), encoding: .utf8)) ?? ""
        #expect(text.contains("scenario=tap-gesture\n"), "settings after signal \(signal): \(text.debugDescription)")
    }
}

extension AppProcess {
    /// The program under `timeout`: the wrapper's only child.
    ///
    /// A signal sent to it alone is what `kill` from a shell sends (the wrapper would take SIGALRM as
    /// its own time limit).
    func programPID() throws -> pid_t {
        let path = "/proc/\(process.pid)/task/\(process.pid)/children"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return try #require(text.split(separator: " ").first.flatMap { pid_t($0) }, "no child in \(path)")
    }
}
