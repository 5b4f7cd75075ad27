import TapawayKit

/// `tapaway compare` and `tapaway matrix`: the same input under every technique, side by side.
@MainActor
package enum Comparison {
    /// Replays `recording` under every registered technique and returns each outcome.
    ///
    /// `progress`, when given, hears how many inputs of how many in all (every technique's) have been
    /// replayed, after each.
    package static func compare(
        _ recording: Recording, progress: ((_ done: Int, _ total: Int) -> Void)? = nil
    ) -> [(TechniqueID, SessionOutcome)] {
        let techniques = TechniqueID.allCases
        let total = recording.inputs.count * techniques.count
        return techniques.enumerated().map { index, technique in
            let session = HeadlessSession(technique: technique, size: recording.screen ?? TapawayApp.defaultSize)
            session.prepare(for: recording)
            let before = index * recording.inputs.count
            session.replay(recording, progress: progress.map { report in { report(before + $0, total) } })
            return (technique, session.finish())
        }
    }

    /// How many touches get a row of their own in the table; past it, only the touches that
    /// hit different views under different techniques do.
    package static let touchRowLimit = 30

    /// A Markdown table of outcomes, one column per technique: what each touch landed on, then
    /// the counts.
    package static func table(_ results: [(TechniqueID, SessionOutcome)]) -> String {
        var columns: [(String, (SessionOutcome) -> String)] = []
        let touches = results.map(\.1.touchHits.count).max() ?? 0
        let differing = Set(differingTouches(results))
        for index in 0..<touches where touches <= touchRowLimit || differing.contains(index) {
            let mark = differing.contains(index) ? " ⚠" : ""
            columns.append(
                (
                    "touch \(index + 1) lands on\(mark)",
                    { o in o.touchHits.indices.contains(index) ? "`\(o.touchHits[index])`" : "—" }
                ))
        }
        columns += [
            (
                "focus changes",
                { o in o.focusChanges.isEmpty ? "—" : o.focusChanges.map { $0 ?? "none" }.joined(separator: " → ") }
            ),
            ("keypad shown (from hidden)", { "\($0.keypadRaises)" }),
            ("keypad changed while up", { "\($0.keypadChanges)" }),
            ("keypad hidden", { "\($0.keypadHides)" }),
            ("resign decisions", { "\($0.decisions["resign"] ?? 0)" }),
        ]
        let actions = Set(results.flatMap { $0.1.actions.keys }).sorted()
        for action in actions { columns.append((action, { "\($0.actions[action] ?? 0)×" })) }
        columns.append(("focused at the end", { $0.finalFocus ?? "none" }))
        let rows = columns.map { title, value in (title, results.map { value($0.1) }) }
        let header = "| | " + results.map { "`\($0.0.rawValue)`" }.joined(separator: " | ") + " |"
        let rule = "|---|" + String(repeating: "---|", count: results.count)
        return ([header, rule] + rows.map { "| \($0.0) | " + $0.1.joined(separator: " | ") + " |" }).joined(separator: "\n")
    }

    /// The touches (numbered from 0) that landed on different views under different
    /// techniques: a toolbar, or an avoidance that moved the screen, put another view under the
    /// same point, so their counts are not one tap compared.
    package static func differingTouches(_ results: [(TechniqueID, SessionOutcome)]) -> [Int] {
        let touches = results.map(\.1.touchHits.count).max() ?? 0
        return (0..<touches).filter { index in
            Set(results.map { $0.1.touchHits.indices.contains(index) ? $0.1.touchHits[index] : "" }).count > 1
        }
    }

    /// A paragraph under the table when some touches landed on different views under different
    /// techniques (nil when every touch hit the same view everywhere), and a line saying which
    /// touches the table leaves out when there are more than `touchRowLimit`.
    package static func notes(_ results: [(TechniqueID, SessionOutcome)]) -> String? {
        var lines: [String] = []
        let touches = results.map(\.1.touchHits.count).max() ?? 0
        let differing = differingTouches(results)
        if !differing.isEmpty {
            let list =
                differing.prefix(10).map { "\($0 + 1)" }.joined(separator: ", ")
                + (differing.count > 10 ? " and \(differing.count - 10) more" : "")
            let which = differing.count == 1 ? "Touch \(list) landed" : "Touches \(list) landed"
            lines.append(
                "⚠ \(which) on different views under different scenarios: the recording replays "
                    + "positions, and a toolbar or an avoidance that moves the screen puts another view "
                    + "under the same point. The counts below compare different taps there.")
        }
        if touches > touchRowLimit {
            lines.append(
                "\(touches) touches: only those that landed on different views have a row of their own.")
        }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }
}
