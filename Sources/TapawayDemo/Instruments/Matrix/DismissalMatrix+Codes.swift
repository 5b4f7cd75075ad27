import TapawayKit

/// What a played case did, as the short code of a table's cell and in words.
extension DismissalMatrix {
    /// When a change happened: at touch-down, at the lift, during a drag.
    private static func timing(_ phase: TouchPhase?) -> String {
        switch phase {
        case .began?: return "↓"
        case .moved?: return "→"
        default: return "↑"
        }
    }

    /// The target a case taps, and the action that says it acted.
    private static func target(of matrixCase: Case) -> (id: String, action: String)? {
        guard case .tap(let id) = matrixCase.step else { return nil }
        if let acting = matrixCase.acting { return (id, acting) }
        switch id {
        case "submit": return (id, "submit touchUpInside")
        case "subscribe": return (id, "subscribe valueChanged")
        case let row where row.hasPrefix("row-"): return (id, "\(row) select")
        default: return nil
        }
    }

    /// The cell's code, from what the run recorded.
    static func code(_ o: SessionOutcome, focusedBefore: String?, matrixCase: Case) -> String {
        var parts: [String] = []
        if case .keysThenBackground = matrixCase.step { parts.append("⏎") }
        let lostAt = zip(o.focusChanges, o.focusPhases).first { $0.0 == nil }?.1
        let resigned = o.focusChanges.contains { $0 == nil }
        switch (focusedBefore, o.finalFocus) {
        case (nil, nil): parts.append(o.focusChanges.isEmpty ? "–" : "K")
        case (_?, nil): parts.append("R" + timing(lostAt ?? nil))
        case (let before?, let after?) where before == after:
            if resigned && o.keypadUpAtEnd == false {
                // Focus went and came back with the keypad left down (Android's clearFocus
                // handing focus back below API 28): what a person sees is the keypad hidden.
                parts.append("H")
            } else if resigned {
                parts.append("R↺")
            } else if o.keypadHides > 0 && o.keypadShows == 0 {
                parts.append("H")
            } else if case .keys = matrixCase.step {
                parts.append("T")
            } else {
                parts.append("K")
            }
        case (_, _?):
            parts.append(o.keypadHides > 0 && o.keypadShows > 0 ? "M~" : "M")
        }
        if let target = target(of: matrixCase) { parts.append(o.actions[target.action] == nil ? "✗" : "✓") }
        return parts.joined(separator: " ")
    }

    /// Controls whose touch-up-inside says nothing the other words don't (fields focus, the switch
    /// flips, the background control resigns).
    private static let quietControls: Set<String> = ["name", "email", "password", "phone", "subscribe", "background"]

    /// What happened, in a few words.
    static func describe(_ o: SessionOutcome, focusedBefore: String?, matrixCase: Case) -> String {
        var parts: [String] = []
        let resigned = o.focusChanges.contains(where: { $0 == nil })
        switch (focusedBefore, o.finalFocus) {
        case (nil, nil): parts.append("nothing changes")
        case (let before?, nil): parts.append("`\(before)` resigns")
        case (let before?, let after?) where before == after:
            parts.append(resigned ? "resigns, then `\(after)` takes focus again" : "stays focused")
        case (_, let after?): parts.append("focus moves to `\(after)`")
        }
        if o.keypadHides > 0 && o.keypadShows > 0 && o.keypadUpAtEnd == false {
            parts.append("the keypad ends hidden")
        } else if o.keypadHides > 0 && o.keypadShows > 0 {
            parts.append("the keypad hides and shows")
        } else if o.keypadHides > 0 && o.finalFocus != nil {
            parts.append("the keypad hides")
        } else if o.keypadHides == 0 && focusedBefore != nil && o.finalFocus != nil {
            parts.append("keypad stays up")
        }
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
        if let target = target(of: matrixCase), o.actions[target.action] == nil {
            switch target.id {
            case "submit": parts.append("**`submit` does not fire**")
            case "subscribe": parts.append("**the switch does not flip**")
            default: parts.append("**`\(target.id)` does not select**")
            }
        }
        if case .keys = matrixCase.step, let field = matrixCase.focus, let text = o.texts[field], !text.isEmpty {
            parts.append("types “\(text.replacingNewlines())”")
        }
        if case .keysThenBackground = matrixCase.step, let field = matrixCase.focus, let text = o.texts[field], !text.isEmpty {
            parts.append("types “\(text.replacingNewlines())”")
        }
        return parts.joined(separator: "; ")
    }
}

extension String {
    fileprivate func replacingNewlines() -> String {
        String(map { $0 == "\n" ? "⏎" : $0 })
    }
}
