import TapawayKit

/// `tapaway compare` and `tapaway matrix`: the same input under every technique, side by side.
@MainActor
public enum Comparison {
    /// Replays `recording` under every registered technique and returns each outcome.
    public static func compare(_ recording: Recording) -> [(TechniqueID, SessionOutcome)] {
        TechniqueID.allCases.map { technique in
            let session = HeadlessSession(technique: technique, size: recording.screen ?? TapawayApp.defaultSize)
            session.prepare(for: recording)
            session.replay(recording)
            return (technique, session.finish())
        }
    }

    /// A Markdown table of outcomes, one column per technique.
    public static func table(_ results: [(TechniqueID, SessionOutcome)]) -> String {
        var columns: [(String, (SessionOutcome) -> String)] = [
            ("focus changes", { o in o.focusChanges.isEmpty ? "—" : o.focusChanges.map { $0 ?? "none" }.joined(separator: " → ") }),
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

    // MARK: The built-in matrix

    /// One case of the dismissal matrix: what is focused first and what the tester does.
    public struct MatrixCase: Sendable {
        /// The row number.
        public let number: String
        /// What the tester does, in words.
        public let title: String
        /// The input focused before the step (by tapping it), if any.
        public let focus: String?
        /// The step.
        public let step: Step
    }

    /// What the tester does in a matrix case.
    public enum Step: Sendable {
        /// A tap on the background where nothing else is.
        case tapBackground
        /// A tap on the view with this identifier.
        case tap(String)
        /// Taps on these keypad keys.
        case keys([String])
        /// A finger held on the view while another taps the background.
        case holdAndTapBackground(String)
        /// A drag on the background, 60 px up.
        case dragBackground
    }

    /// The matrix of the foundation issue, plus the list row and the navigation bar.
    public static let cases: [MatrixCase] = [
        MatrixCase(number: "1", title: "Nothing focused, tap the background", focus: nil, step: .tapBackground),
        MatrixCase(number: "2", title: "`name` focused, tap the background", focus: "name", step: .tapBackground),
        MatrixCase(number: "3", title: "`name` focused, tap inside `name`", focus: "name", step: .tap("name")),
        MatrixCase(number: "4", title: "`name` focused, tap `email`", focus: "name", step: .tap("email")),
        MatrixCase(number: "5", title: "`name` focused, tap Submit", focus: "name", step: .tap("submit")),
        MatrixCase(number: "6", title: "`name` focused, tap the caption label", focus: "name", step: .tap("caption")),
        MatrixCase(number: "7", title: "`name` focused, tap keypad keys h, i", focus: "name", step: .keys(["key-h", "key-i"])),
        MatrixCase(number: "8", title: "A finger held on `name`, a tap on the background", focus: "name",
                   step: .holdAndTapBackground("name")),
        MatrixCase(number: "9", title: "`notes` focused, Return, then tap the background", focus: "notes",
                   step: .keys(["key-return"])),
        MatrixCase(number: "10", title: "`name` focused, tap the switch", focus: "name", step: .tap("subscribe")),
        MatrixCase(number: "11", title: "`name` focused, drag on the background", focus: "name", step: .dragBackground),
        MatrixCase(number: "12", title: "`name` focused, tap suggestion `row-2`", focus: "name", step: .tap("row-2")),
        MatrixCase(number: "13", title: "`name` focused, tap the navigation bar", focus: "name", step: .tap("navbar")),
    ]

    /// Runs one case under `technique` and describes the outcome in a few words.
    public static func run(_ matrixCase: MatrixCase, in technique: TechniqueID) -> String {
        let session = HeadlessSession(technique: technique)
        let p = session.platform
        func view(_ id: String) -> View? {
            session.app.window.view(withIdentifier: id) ?? p.application.keyboard.window.view(withIdentifier: id)
        }
        if let focus = matrixCase.focus, let field = view(focus) {
            p.tap(field)
            p.settle()
        }
        session.resetOutcome()
        let focusedBefore = (p.application.firstResponder as? View)?.traceName
        switch matrixCase.step {
        case .tapBackground:
            p.tap(at: session.backgroundPoint)
        case .tap(let id):
            if let v = view(id) {
                // The navigation bar's centre is its title; other views by their centre.
                p.tap(at: id == "navbar" ? Point(x: v.frameInScreen.midX, y: v.frameInScreen.midY) : p.center(of: v))
            }
        case .keys(let ids):
            for id in ids { p.tapKey(id) }
            if matrixCase.number == "9" { p.tap(at: session.backgroundPoint) }
        case .holdAndTapBackground(let id):
            if let v = view(id) {
                let held = p.touchDown(at: p.center(of: v))
                p.tap(at: session.backgroundPoint)
                p.touchUp(held, at: p.center(of: v))
            }
        case .dragBackground:
            let start = session.backgroundPoint
            let id = p.touchDown(at: start)
            for step in 1...6 { p.touchMove(id, to: start.offsetBy(dx: 0, dy: Double(-10 * step))) }
            p.touchUp(id, at: start.offsetBy(dx: 0, dy: -60))
        }
        let o = session.finish()
        return describe(o, focusedBefore: focusedBefore, matrixCase: matrixCase)
    }

    /// Controls whose touch-up-inside says nothing the other words don't (fields focus, the switch
    /// flips, the background control resigns).
    private static let quietControls: Set<String> = ["name", "email", "password", "phone", "subscribe", "background"]

    private static func describe(_ o: SessionOutcome, focusedBefore: String?, matrixCase: MatrixCase) -> String {
        var parts: [String] = []
        let resigned = o.focusChanges.contains(where: { $0 == nil })
        switch (focusedBefore, o.finalFocus) {
        case (nil, nil): parts.append("nothing changes")
        case (let before?, nil): parts.append("`\(before)` resigns")
        case (let before?, let after?) where before == after:
            parts.append(resigned ? "resigns, then `\(after)` takes focus again" : "stays focused")
        case (_, let after?): parts.append("focus moves to `\(after)`")
        }
        if o.keypadHides > 0 && o.keypadShows > 0 { parts.append("the keypad hides and shows") }
        else if o.keypadHides == 0 && focusedBefore != nil && o.finalFocus != nil { parts.append("keypad stays up") }
        for (key, count) in o.actions.sorted(by: { $0.key < $1.key }) {
            let pieces = key.split(separator: " ")
            guard pieces.count == 2 else { continue }
            switch pieces[1] {
            case "touchUpInside" where !quietControls.contains(String(pieces[0])) && !pieces[0].hasPrefix("toolbar"):
                parts.append("`\(pieces[0])` fires \(count)×")
            case "valueChanged": parts.append("the switch flips")
            case "select": parts.append("`\(pieces[0])` selects")
            default: break
            }
        }
        if case .tap(let id) = matrixCase.step, id.hasPrefix("row-"), o.actions["\(id) select"] == nil {
            parts.append("**`\(id)` does not select**")
        }
        if case .keys = matrixCase.step {
            let field = matrixCase.focus ?? ""
            if let text = o.texts[field], !text.isEmpty {
                parts.append("types “\(text.replacingNewlines())”")
            }
        }
        return parts.joined(separator: "; ")
    }

    /// The whole matrix as a Markdown table, one column per registered technique.
    public static func matrixTable() -> String {
        let ids = TechniqueID.allCases
        let header = "| # | What you do | " + ids.map { "`\($0.rawValue)`" }.joined(separator: " | ") + " |"
        let rule = "|---|---|" + String(repeating: "---|", count: ids.count)
        var lines = [header, rule]
        for c in cases {
            let cells = ids.map { run(c, in: $0) }
            lines.append("| \(c.number) | \(c.title) | " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }
}

extension String {
    fileprivate func replacingNewlines() -> String {
        String(map { $0 == "\n" ? "⏎" : $0 })
    }
}
