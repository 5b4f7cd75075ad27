import Foundation
import Glibc
import TapawayTestSupport
import Testing

/// The soft and hard core file size limits of process `pid`, as /proc/PID/limits gives them
/// ("0", a number of bytes, or "unlimited").
private func coreLimits(of pid: pid_t) throws -> (soft: String, hard: String) {
    let limits = try String(contentsOfFile: "/proc/\(pid)/limits", encoding: .utf8)
    let line = try #require(limits.split(separator: "\n").first { $0.hasPrefix("Max core file size") })
    let fields = line.split(separator: " ", omittingEmptySubsequences: true)
    try #require(fields.count >= 6, "\(line)")
    return (String(fields[4]), String(fields[5]))
}

/// Sets the soft core file size limit of process `pid` with util-linux's `prlimit`, as
/// `ulimit -c` in the shell that started it would have.
private func setSoftCoreLimit(of pid: pid_t, to value: String) throws {
    let tool = try #require(Executables.find("prlimit"), "util-linux's prlimit is not installed")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = ["--pid", String(pid), "--core=\(value):"]
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "prlimit --pid \(pid) --core=\(value): failed")
}

/// A password typed into the program cannot reach a core file, and a crash while none is held
/// leaves one as any program's does.
@Suite("Core dumps only without a secret, end to end")
struct CoreDumpTests {
    @Test(
        "core dumps are allowed until a password holds text, forbidden while it does, and allowed again once it is emptied"
    )
    func onlyWhileASecretIsHeld() throws {
        try Session.run(arguments: ["--no-settings"]) { s in
            let start = try s.app.waitFor(kind: "coreDumps", what: "the start's coreDumps line")
            #expect(start.object["allowed"] as? Bool == true, "dumpable at start: \(start.object)")
            // A soft limit above 0, as `ulimit -c unlimited` in the user's shell would give it.
            let pid = try s.app.programPID()
            let hard = try coreLimits(of: pid).hard
            try #require(hard != "0", "the hard core limit is 0 here: nothing to tell apart")
            try setSoftCoreLimit(of: pid, to: hard)
            try #require(try coreLimits(of: pid).soft == hard)

            try s.focusAndShowKeypad("email")
            try s.x.typeText("ab")
            try s.settle()
            #expect(try coreLimits(of: pid).soft == hard, "a plain field's text changed nothing")

            let moved = s.app.mark
            try s.tap("password")
            try s.waitForFocus("password", after: moved)
            try s.x.typeText("Zq9")
            let forbidden = try s.app.waitFor(kind: "coreDumps", after: start.index + 1, what: "dumps forbidden") {
                $0.object["allowed"] as? Bool == false
            }
            #expect(try coreLimits(of: pid).soft == "0", "the soft core limit while the password holds text")
            #expect(try coreLimits(of: pid).hard == hard, "the hard limit is kept, so it can be put back")

            // Focus elsewhere: the password still holds its text, so dumps stay forbidden.
            let away = s.app.mark
            try s.tap("name")
            try s.waitForFocus("name", after: away)
            try s.settle()
            #expect(try coreLimits(of: pid).soft == "0", "the password resigned, its text is still in memory")
            let back = s.app.mark
            try s.tap("password")
            try s.waitForFocus("password", after: back)
            try s.x.key(named: "End")
            for _ in 0..<3 { try s.x.key(named: "BackSpace") }
            let allowed = try s.app.waitFor(kind: "coreDumps", after: forbidden.index + 1, what: "dumps allowed again") {
                $0.object["allowed"] as? Bool == true
            }
            #expect(try coreLimits(of: pid).soft == hard, "the soft limit is back: \(allowed.object)")
        }
    }
}
