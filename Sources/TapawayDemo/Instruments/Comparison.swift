import TapawayKit

/// `tapaway compare` and `tapaway matrix`: the same input under every technique, side by side.
@MainActor
package enum Comparison {
    /// Replays `recording` under every registered technique and returns each outcome.
    /// `progress`, when given, hears how many inputs of how many in all (every technique's) have
    /// been replayed, after each.
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

    /// A Markdown table of outcomes, one column per technique.
    package static func table(_ results: [(TechniqueID, SessionOutcome)]) -> String {
        var columns: [(String, (SessionOutcome) -> String)] = [
            (
                "focus changes",
                { o in o.focusChanges.isEmpty ? "—" : o.focusChanges.map { $0 ?? "none" }.joined(separator: " → ") }
            ),
            ("keypad shown", { "\($0.keypadShows)" }),
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
}
