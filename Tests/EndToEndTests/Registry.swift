import Foundation
import Testing

/// The program's technique registry, as `tapaway list --json` states it: the end-to-end tests
/// and the monkey take the techniques and their sidebar items from here, and keep no list of
/// their own.
struct Registry {
    /// One option of a technique, or a general one.
    struct Option {
        let id: String
        let kind: String
        let values: [String]
        let defaultValue: String

        /// The sidebar items of the option: a toggle's one, a choice's one per value.
        var itemIdentifiers: [String] {
            kind == "toggle" ? ["option-\(id)"] : values.map { "option-\(id)-\($0)" }
        }
    }

    /// One technique as `tapaway list --json` describes it.
    struct Technique {
        let id: String
        let platform: String
        let options: [Option]
    }

    let techniques: [Technique]
    let generalOptions: [Option]

    /// Every technique's id, in the registry's order.
    var ids: [String] { techniques.map(\.id) }

    /// Every option item in the sidebar, of every technique and the general ones.
    var optionItems: [String] {
        (techniques.flatMap(\.options) + generalOptions).flatMap(\.itemIdentifiers)
    }

    /// The technique with `id`.
    func technique(_ id: String) -> Technique? { techniques.first { $0.id == id } }

    /// Runs `tapaway list --json` once and reads it.
    static func load() throws -> Registry {
        let run = try AppProcess(["list", "--json"], display: nil, trace: false)
        guard run.waitForExit(timeout: 30) == 0 else {
            throw EndToEndError("tapaway list --json failed: \(run.stderr)")
        }
        return try parse(run.stdout)
    }

    /// Reads the JSON `tapaway list --json` prints.
    static func parse(_ text: String) throws -> Registry {
        guard let root = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
            let techniques = root["techniques"] as? [[String: Any]],
            let general = root["options"] as? [[String: Any]]
        else {
            throw EndToEndError("tapaway list --json is not {techniques, options}: \(text)")
        }
        func option(_ o: [String: Any]) throws -> Option {
            guard let id = o["id"] as? String, let kind = o["kind"] as? String, let values = o["values"] as? [String],
                let defaultValue = o["default"] as? String
            else { throw EndToEndError("an option without id, kind, values or default: \(o)") }
            return Option(id: id, kind: kind, values: values, defaultValue: defaultValue)
        }
        return Registry(
            techniques: try techniques.map { t in
                guard let id = t["id"] as? String, let platform = t["platform"] as? String,
                    let options = t["options"] as? [[String: Any]]
                else { throw EndToEndError("a technique without id, platform or options: \(t)") }
                return Technique(id: id, platform: platform, options: try options.map(option))
            },
            generalOptions: try general.map(option))
    }
}

/// `tapaway list`, `--set` and the settings, end to end.
@Suite("Techniques on the command line, end to end")
struct TechniqueCommandLineTests {
    @Test("list and list --json name the same techniques and options")
    func list() throws {
        let registry = try Registry.load()
        #expect(registry.ids.count >= 4 && Set(registry.ids).count == registry.ids.count, "\(registry.ids)")
        let text = try AppProcess(["list"], display: nil, trace: false)
        #expect(text.waitForExit(timeout: 30) == 0, "\(text.stderr)")
        for technique in registry.techniques {
            #expect(text.stdout.contains("  \(technique.id) "), "\(technique.id) is not listed:\n\(text.stdout)")
            for option in technique.options {
                #expect(
                    text.stdout.contains("--set \(option.id)=\(option.values.joined(separator: "|"))"),
                    "\(technique.id).\(option.id)")
            }
        }
        for option in registry.generalOptions {
            #expect(text.stdout.contains("--set \(option.id)=\(option.values.joined(separator: "|"))"), "\(option.id)")
        }
    }

    @Test(
        "--set dismiss=on-drag --set bounce=always: a drag on the background resigns under a technique that keeps the keypad otherwise"
    )
    func setOption() throws {
        try Session.run(arguments: ["--scenario", "tap-gesture", "--set", "dismiss=on-drag", "--set", "bounce=always"]) { s in
            try s.focusAndShowKeypad("name")
            let start = s.app.mark
            let form = try s.frame(of: "caption")
            let from = (x: Int(form.minX) + 4, y: Int(form.maxY) + 30)
            s.x.drag(from: from, to: (x: from.x, y: from.y - 80), steps: 6)
            try s.waitForKeypad("didHide", after: start)
            let focus = s.app.lines(from: start, kind: "focus")
            #expect(focus.count == 1 && focus.last?.isNull("id") == true, "\(focus)\n\(s.app.diagnostics)")
        }
    }

    @Test("--set dismiss=on-drag alone: on a form that fits, as on iOS, the drag begins no scroll and the keypad stays")
    func dragOnAFormThatFits() throws {
        try Session.run(arguments: ["--scenario", "tap-gesture", "--set", "dismiss=on-drag"]) { s in
            try s.focusAndShowKeypad("name")
            let start = s.app.mark
            let form = try s.frame(of: "caption")
            let from = (x: Int(form.minX) + 4, y: Int(form.maxY) + 30)
            s.x.drag(from: from, to: (x: from.x, y: from.y - 80), steps: 6)
            try s.settle()
            #expect(s.app.lines(from: start, kind: "focus").isEmpty, "the drag ended editing\n\(s.app.diagnostics)")
            #expect(s.app.lines(from: start, kind: "keypad").isEmpty, "the drag moved the keypad\n\(s.app.diagnostics)")
        }
    }
}
