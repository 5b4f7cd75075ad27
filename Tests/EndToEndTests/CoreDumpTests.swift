import Foundation
import Glibc
import Testing

/// The program runs with core files off, so a password typed into it cannot reach one.
@Suite("No core files, end to end")
struct CoreDumpTests {
    @Test("the running program's core file size limit is 0")
    func coreLimit() throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let app = try AppProcess(["--no-settings"], display: display)
        _ = try app.waitForReady()
        let limits = try String(contentsOfFile: "/proc/\(try app.programPID())/limits", encoding: .utf8)
        let line = try #require(limits.split(separator: "\n").first { $0.hasPrefix("Max core file size") })
        let fields = line.split(separator: " ", omittingEmptySubsequences: true)
        #expect(fields.count >= 6 && fields[4] == "0" && fields[5] == "0", "\(line)")
    }
}
