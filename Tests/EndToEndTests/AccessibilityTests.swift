import Foundation
import TapawayTestSupport
import Testing

/// Screen readers and accessibility-driven test tools (issue 34): a private session bus with
/// `at-spi-bus-launcher` on it, Tapaway on a private Xvfb, and pyatspi, the library Orca,
/// Accerciser and dogtail are built on, finding, reading and driving it.
@Suite("Accessibility over AT-SPI, end to end")
struct AccessibilityTests {
    /// An accessibility bus in a session bus of its own: the fixture runs under
    /// `dbus-run-session`, starts `at-spi-bus-launcher` and says the session bus's address once
    /// `org.a11y.Bus` answers.
    struct AccessibilityBus {
        let process: ChildProcess
        /// The private session bus's address.
        let address: String
        /// The private runtime folder the launcher puts its socket in.
        let runtime: PrivateFolder

        init() throws {
            guard let session = Executables.find("dbus-run-session"), Executables.find("gdbus") != nil else {
                throw EndToEndError("dbus-run-session or gdbus is missing: scripts/setup.sh installs dbus and libglib2.0-bin")
            }
            let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("Fixtures/atspi-session.sh").path
            runtime = PrivateFolder(purpose: "runtime")
            try FileManager.default.createDirectory(
                atPath: runtime.path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            var environment = ProcessInfo.processInfo.environment
            // No display: the launcher then leaves the root window alone, and clients find the
            // bus through the session bus, as libatspi does when no root window says.
            environment["DISPLAY"] = nil
            environment["XDG_RUNTIME_DIR"] = runtime.path
            environment["AT_SPI_BUS_ADDRESS"] = nil
            let started = try ChildProcess.start(
                Executables.bounded([session, "--", script], lifetimeLimit: Executables.sessionLifetime),
                environment: environment, errorsToo: true, timeout: 30, awaiting: "the accessibility bus",
                until: { $0.contains("\n") && $0.contains("atspi ready ") })
            process = started.process
            let line = started.said.split(separator: "\n").first { $0.hasPrefix("atspi ready ") } ?? ""
            address = String(line.dropFirst("atspi ready ".count))
        }

        func stop() {
            process.stop(grace: 2)
            runtime.remove()
        }

        /// What a client of this bus is given: the session bus and the runtime folder.
        var environment: [String: String?] {
            [
                "DBUS_SESSION_BUS_ADDRESS": address, "XDG_RUNTIME_DIR": runtime.path, "AT_SPI_BUS_ADDRESS": nil,
                "NO_AT_BRIDGE": nil,
            ]
        }
    }

    /// Debian's Python, which has pyatspi (a `python3` first on the PATH may be another).
    static func python() throws -> String {
        let python = "/usr/bin/python3"
        guard FileManager.default.isExecutableFile(atPath: python),
            FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/pyatspi")
        else { throw EndToEndError("pyatspi is missing: scripts/setup.sh installs python3-pyatspi") }
        return python
    }

    /// Runs the pyatspi client against the bus and returns its facts, by step.
    static func runClient(bus: AccessibilityBus) throws -> [String: [String: Any]] {
        let python = try python()
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/atspi-client.py").path
        let folder = PrivateFolder(purpose: "atspi-client")
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil
        for (key, value) in bus.environment { environment[key] = value }
        let client = try ChildProcess(
            command: Executables.bounded([python, script], lifetimeLimit: 60), environment: environment,
            stdout: .file(folder.file("out")), stderr: .file(folder.file("err")))
        let finished = client.waitForExit(timeout: 60)
        let out = (try? String(contentsOfFile: folder.file("out"), encoding: .utf8)) ?? ""
        let err = (try? String(contentsOfFile: folder.file("err"), encoding: .utf8)) ?? ""
        guard finished, client.exitCode == 0 else {
            client.stop(grace: 1)
            throw EndToEndError("the pyatspi client failed (\(client.statusDescription)):\n\(out)\n\(err)")
        }
        var facts: [String: [String: Any]] = [:]
        for line in out.split(separator: "\n") {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let step = object["step"] as? String
            else { continue }
            facts[step] = object
        }
        return facts
    }

    @Test("pyatspi finds the window, the name field, Submit and a scenario row, reads and presses them")
    func pyatspiDrivesTapaway() throws {
        let bus = try AccessibilityBus()
        defer { bus.stop() }
        try Session.run(environment: bus.environment) { session in
            let app = session.app
            try app.waitFor(kind: "accessibility", what: "the registry embedding the application") {
                $0.string("event") == "registered"
            }
            // A password, then a name, typed on the keyboard: the name keeps the focus.
            try session.tap("password")
            try session.x.typeText("canary7")
            try session.tap("name")
            try session.x.typeText("Ada")
            try session.settle()
            let start = app.count

            let facts = try Self.runClient(bus: bus)
            let context = Comment(rawValue: "\(facts)\n\(app.diagnostics)")
            #expect(facts["window"]?["name"] as? String == "Tapaway", context)
            #expect(facts["name"]?["id"] as? String == "name", context)
            #expect(facts["name"]?["text"] as? String == "Ada", context)
            #expect(JSONValue.number(facts["name"]?["caret"]) == 3, context)
            let password = facts["password"]?["text"] as? String
            #expect(password == String(repeating: "•", count: 7), context)
            #expect(password?.contains("canary") == false, context)
            #expect(facts["group"]?["members"] as? [String] == ["landscape", "portrait"], "a choice's segments: \(context)")
            #expect(JSONValue.bool(facts["focus"]?["seen"]) == true, "the focus event from Email arrived: \(context)")
            #expect(JSONValue.bool(facts["submit"]?["did"]) == true, context)
            #expect(facts["scenario"]?["id"] as? String == "scenario-tap-gesture", context)

            // The program's side: each activation in the trace, Submit acting, the scenario
            // switching, and no technique deciding anything (an activation is no touch).
            let submit = try app.waitFor(kind: "accessibility", after: start, what: "Submit's activation") {
                $0.string("id") == "submit"
            }
            #expect(submit.string("via") == "accessibilityActivate")
            #expect(JSONValue.bool(submit.object["handled"]) == true)
            let pressed = try app.waitFor(kind: "action", after: start, what: "Submit firing") {
                $0.string("id") == "submit" && $0.string("event") == "touchUpInside"
            }
            try app.waitFor(kind: "focus", after: start, what: "Email taking focus") { $0.string("id") == "email" }
            let row = try app.waitFor(kind: "accessibility", after: start, what: "the row's activation") {
                $0.string("id") == "scenario-tap-gesture"
            }
            #expect(row.string("via") == "host")
            try app.waitFor(kind: "scenario", after: start, what: "the scenario switching") { $0.string("id") == "tap-gesture" }
            #expect(app.lines(from: start, kind: "decision").isEmpty, "no technique saw a touch: \(session.context)")
            // Between Submit's press and the row's, the keypad stayed up: the press was no tap
            // outside (the switch that the row's press starts hides it, after).
            let rowPressed = try app.waitFor(kind: "action", after: start, what: "the row firing") {
                $0.string("id") == "scenario-tap-gesture"
            }
            let between = app.lines(from: pressed.index).filter { $0.index < rowPressed.index }
            #expect(!between.contains { $0.kind == "keypad" && $0.string("phase") == "willHide" }, session.context)
            #expect(!app.lines(from: start).contains { $0.raw.contains("canary") })
        }
    }

    @Test("with no accessibility bus, Tapaway starts as before and says nothing about one")
    func noBus() throws {
        let environment: [String: String?] = [
            "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/bus", "AT_SPI_BUS_ADDRESS": nil, "NO_AT_BRIDGE": nil,
        ]
        try Session.run(environment: environment) {
            session in
            try session.tap("name")
            try session.settle()
            #expect(session.app.lines(from: 0, kind: "accessibility").isEmpty, session.context)
            #expect(session.app.stderr.isEmpty, session.context)
        }
    }
}
