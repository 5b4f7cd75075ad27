import Foundation
import TapawayDemo
import TapawayHeadless
import TapawayKit
import Testing

/// The registry is the one list of techniques: everything that shows or takes a technique reads
/// it from there, and every option is data that the sidebar, `--set`, the settings and
/// `tapaway list` share.
@MainActor
@Suite("The technique registry")
struct TechniqueRegistryTests {
    /// The registry's ids, in order.
    var ids: [TechniqueID] { Techniques.all.map { $0.id } }

    @Test("ids are unique, and each technique has a title, a summary and a line for every experiment")
    func descriptions() {
        #expect(Set(ids).count == ids.count)
        for technique in Techniques.all {
            #expect(!technique.title.isEmpty && !technique.summary.isEmpty, "\(technique.id)")
            let missing = Experiment.allCases.filter { technique.charter[$0] == nil }
            #expect(missing.isEmpty, "\(technique.id) says nothing about \(missing)")
            var optionIDs = Set(Techniques.generalOptions.map(\.id))
            for option in technique.options {
                #expect(optionIDs.insert(option.id).inserted, "\(technique.id).\(option.id) is not unique")
                #expect(option.accepts(option.defaultValue))
            }
        }
    }

    @Test("the sidebar and the techniques list show exactly the registry, in its order")
    func sidebarAndList() {
        let h = Harness()
        #expect(h.app.sidebar.scenarioItems.map(\.identifier) == ids.map { "scenario-\($0.rawValue)" })
        #expect(h.app.sidebar.scenarioItems.map(\.title) == Techniques.all.map { $0.title })
        _ = h.app.techniques.view
        #expect(h.app.techniques.rows.map(\.identifier) == ids.map { "technique-\($0.rawValue)" })
        // Each technique's options show only under it; the general ones always.
        for technique in Techniques.all {
            h.app.show(technique.id, animated: false)
            h.platform.settle()
            let visible = Set(
                h.app.sidebar.content.subviews.filter { !$0.isHidden }.compactMap(\.identifier)
                    .filter { $0.hasPrefix("option-") })
            var expected = Set<String>()
            for option in technique.options + Techniques.generalOptions {
                switch option.kind {
                case .toggle: expected.insert(option.itemIdentifier())
                case .choice: for value in option.values { expected.insert(option.itemIdentifier(for: value.id)) }
                }
            }
            #expect(visible == expected, "\(technique.id)")
        }
    }

    @Test("the help card shows the lines of the technique on screen")
    func helpCard() {
        let h = Harness()
        for technique in Techniques.all {
            h.app.show(technique.id, animated: false)
            h.platform.settle()
            #expect(h.app.helpCard.technique == technique.id)
            let charter = HelpCardWindow.charter(for: technique.id)
            #expect(charter.count == Experiment.allCases.count)
            #expect(charter.map(\.1) == Experiment.allCases.compactMap { technique.charter[$0] })
            // The card states the technique's rule in one line.
            if h.app.helpCard.isHidden { h.app.toggleHelp() }
            h.platform.settle()
            // Wrapped lines, joined and with their spaces collapsed, read as the sentence.
            let drawn = h.platform.render().texts.joined(separator: " ").split(whereSeparator: \.isWhitespace)
                .joined(separator: " ")
            #expect(
                drawn.contains("IN \(technique.id.rawValue.uppercased()) \(technique.summary)"),
                "\(technique.id): the rule is not on the card")
        }
    }

    @Test("matrix and list have a column and an entry per registered technique")
    func matrixAndList() {
        let rows = DismissalMatrix.table(DismissalMatrix.cells()).split(separator: "\n").filter { $0.hasPrefix("| `") }
        #expect(rows.map { $0.split(separator: "`")[1] } == ids.map { Substring($0.rawValue) })
        let text = TechniqueListing.text()
        for technique in Techniques.all {
            #expect(text.contains("\(technique.id)  ") || text.contains("\(technique.id) "), "\(technique.id)")
            for option in technique.options { #expect(text.contains("--set \(option.id)=\(option.valueList)")) }
        }
        guard case .object(let fields) = TechniqueListing.json(),
            case .array(let techniques)? = fields.first(where: { $0.0 == "techniques" })?.1
        else {
            Issue.record("list --json is not an object with techniques")
            return
        }
        let listed = techniques.compactMap { entry -> String? in
            guard case .object(let f) = entry, case .string(let id)? = f.first(where: { $0.0 == "id" })?.1 else { return nil }
            return id
        }
        #expect(listed == ids.map(\.rawValue))
    }

    @Test("the app's window is of the class every technique needs")
    func windowClass() {
        let h = Harness()
        for technique in Techniques.all {
            #expect(technique.windowClass.isAncestor(of: type(of: h.app.window)), "\(technique.id)")
        }
        #expect(h.app.window is DismissingWindow)
    }

    @Test("an option set in the app reaches its screen and the sidebar, and only its technique's screen")
    func settingAnOption() {
        let h = Harness(.tapGesture)
        let screen = h.app.screen(for: .tapGesture) as? TapGestureViewController
        #expect(screen?.cancelsTouchesInView == true)
        #expect(h.app.setOption(OptionKey(.tapGesture, "cancels-touches"), to: "off"))
        #expect(screen?.cancelsTouchesInView == false)
        #expect(h.app.sidebar.optionItem("option-cancels-touches")?.isOn == false)
        #expect(h.app.options.values == [OptionKey(.tapGesture, "cancels-touches"): "off"])
        // A general option reaches every screen, made now or later.
        #expect(h.app.setOption(OptionKey(nil, "dismiss"), to: "on-drag"))
        #expect(h.app.form.keyboardDismissMode == .onDrag)
        #expect(h.app.screen(for: .keyboardManager).form.keyboardDismissMode == .onDrag)
        #expect(h.app.sidebar.optionItem("option-dismiss-on-drag")?.isOn == true)
        #expect(h.app.sidebar.optionItem("option-dismiss-none")?.isOn == false)
        // Unknown values change nothing.
        #expect(!h.app.setOption(OptionKey(nil, "dismiss"), to: "sideways"))
        #expect(h.app.form.keyboardDismissMode == .onDrag)
        // Back at the default, the option is no longer remembered as set.
        #expect(h.app.setOption(OptionKey(.tapGesture, "cancels-touches"), to: "on"))
        #expect(h.app.options.values == [OptionKey(nil, "dismiss"): "on-drag"])
    }

    @Test("tapping an option in the sidebar sets it as --set would")
    func sidebarTap() {
        let h = Harness(.backgroundControl)
        guard let item = h.app.sidebar.optionItem("option-dim") else {
            Issue.record("no option-dim in the sidebar")
            return
        }
        h.platform.tap(item)
        h.platform.settle()
        #expect(h.app.options.value(of: OptionKey(.backgroundControl, "dim")) == "on")
        #expect((h.app.screen(for: .backgroundControl) as? BackgroundControlViewController)?.dimsAroundField == true)
    }

    @Test("--set reads an option of the technique, a general one, or TECHNIQUE.OPTION")
    func assignments() throws {
        let own = try OptionAssignment("cancels-touches=off", technique: .tapGesture)
        #expect(own == OptionAssignment.expected(OptionKey(.tapGesture, "cancels-touches"), "off"))
        let general = try OptionAssignment("dismiss=interactive", technique: .sendEvent)
        #expect(general.key == OptionKey(nil, "dismiss") && general.value == "interactive")
        let qualified = try OptionAssignment("background-control.dim=on", technique: .sendEvent)
        #expect(qualified.key == OptionKey(.backgroundControl, "dim"))
        // Without a technique named, an id only one technique has is that technique's.
        #expect(try OptionAssignment("dim=on", technique: nil).key == OptionKey(.backgroundControl, "dim"))
    }

    @Test(
        "a bad --set names the valid ids and values",
        arguments: [
            (
                "dim=on", TechniqueID.tapGesture,
                ["'dim' is not an option of tap-gesture", "cancels-touches=on|off", "dismiss=none|on-drag|interactive"]
            ),
            ("dismiss=sideways", TechniqueID.sendEvent, ["'sideways' is not a value of dismiss", "none, on-drag, interactive"]),
            ("nonsense", TechniqueID.sendEvent, ["expected ID=VALUE", "dismiss=none|on-drag|interactive"]),
            ("=on", TechniqueID.sendEvent, ["expected ID=VALUE"]),
            ("tap-gesture.dim=on", TechniqueID.sendEvent, ["'tap-gesture.dim' is not an option"]),
        ])
    func badAssignments(text: String, technique: TechniqueID, says: [String]) {
        do {
            _ = try OptionAssignment(text, technique: technique)
            Issue.record("'\(text)' was accepted")
        } catch {
            for words in says { #expect(error.message.contains(words), "\(error.message)") }
        }
    }

    @Test("options round-trip through the settings file")
    func settingsRoundTrip() throws {
        let settings = Settings(
            lastScenario: "tap-gesture", options: ["dismiss": "on-drag", "tap-gesture.cancels-touches": "off"])
        let text = settings.serialized()
        #expect(text.contains("[options]\ndismiss=on-drag\ntap-gesture.cancels-touches=off\n"))
        #expect(try Settings.parse(text) == settings)
        #expect(throws: SettingsError.self) { try Settings.parse("[options]\ndismiss=on drag\n") }
    }
}

extension OptionAssignment {
    /// The assignment `--set` should read, built from its parts by reading its text.
    static func expected(_ key: OptionKey, _ value: String) -> OptionAssignment? {
        try? OptionAssignment("\(key)=\(value)", technique: key.technique)
    }
}

/// The README says what the registry holds: a row per technique with its options, and the
/// charter exactly as `tapaway list --charter` prints it.
@MainActor
@Suite("The README and the registry")
struct ReadmeRegistryTests {
    func readme() throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// The lines between `<!-- NAME` and `<!-- end of NAME -->`.
    func section(_ name: String, in text: String) -> [Substring] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("<!-- \(name):") }),
            let end = lines.firstIndex(where: { $0 == "<!-- end of \(name) -->" }), start < end
        else { return [] }
        return Array(lines[(start + 1)..<end])
    }

    @Test("the scenarios table has one row per technique, with its platform and every option and value")
    func techniquesTable() throws {
        let rows = section("techniques", in: try readme()).filter { $0.hasPrefix("| `") }
        #expect(rows.count == Techniques.all.count, "one row per technique: \(rows.count) rows")
        for (row, technique) in zip(rows, Techniques.all) {
            #expect(row.hasPrefix("| `\(technique.id)` | \(technique.platform.rawValue) |"), "\(row)")
            for option in technique.options {
                let values = option.values.map(\.id).joined(separator: "\\|")
                #expect(row.contains("`\(option.id)=\(values)`") && row.contains(option.title), "\(technique.id): \(option.id)")
            }
        }
    }

    @Test("the README's charter is exactly what `tapaway list --charter` prints")
    func charter() throws {
        let charter = TechniqueListing.charterMarkdown()
        #expect(
            section("charter", in: try readme()).joined(separator: "\n") == charter,
            "README.md's charter is out of date: replace it with the output of `tapaway list --charter`:\n\(charter)")
    }
}

/// The sidebar shows where the user is.
@MainActor
@Suite("The sidebar after Back")
struct SidebarBackTests {
    @Test("after Back, no technique is highlighted while the techniques list is on screen; choosing one highlights it")
    func backClearsTheHighlight() throws {
        let h = Harness(.tapGesture)
        #expect(h.app.sidebar.scenarioItems.filter(\.isOn).map(\.identifier) == ["scenario-tap-gesture"])
        let back = try #require(h.app.window.view(withIdentifier: "navbar-back"))
        h.platform.tap(back)
        h.platform.settle()
        #expect(h.app.navigation.topViewController === h.app.techniques)
        #expect(h.app.sidebar.scenarioItems.allSatisfy { !$0.isOn }, "a technique is still highlighted over the list")
        #expect(h.app.sidebar.optionItem("option-cancels-touches")?.isHidden == true)
        h.platform.tap(h.app.techniques.rows[0])
        h.platform.settle()
        #expect(h.app.sidebar.scenarioItems.filter(\.isOn).map(\.identifier) == ["scenario-\(TechniqueID.allCases[0].rawValue)"])
    }
}

/// The sidebar's rows keep their text whole.
@MainActor
@Suite("The sidebar's recording row")
struct SidebarRecordingRowTests {
    @Test("while recording, the file's name has a line of its own that fits, with room for its descenders")
    func recordingRow() {
        let h = Harness()
        h.app.onRecordingToggle = {}
        let name = "tapaway-recording-20261124-012058-2.jsonl"
        h.app.showRecording(to: "/home/someone/.local/share/tapaway/" + name)
        h.platform.settle()
        let item = h.app.sidebar.recordItem
        #expect(item.isOn && item.subtitle == name)
        // The name, wrapped to the row's width, fits under the title with its descenders.
        let fonts = h.platform.application.fonts
        let small = fonts.font(size: 11.5, weight: .regular), title = fonts.font(size: 14, weight: .regular)
        let lines = TextLayout.wrap(name, width: item.frame.width - 36, font: small).count
        #expect(
            item.frame.height >= 2 + 12 + title.lineHeight + Double(lines) * small.lineHeight,
            "\(lines) lines in \(item.frame.height)")
        let drawn = h.platform.render().texts.joined()
        #expect(drawn.contains(name), "the whole name is drawn")
        h.app.showRecording(to: nil)
        h.platform.settle()
        #expect(!item.isOn && item.subtitle == "F9" && item.frame.height == 34)
    }
}
