import TapawayKit
import TapawayScreen

/// Folds the cases an audit played into the findings a developer acts on (docs/screens.md lists
/// each kind and the rule that raises it).
package enum AuditFolding {
    /// The findings of one technique's run on `document`.
    package static func findings(of run: AuditRunner.TechniqueRun, in document: ScreenDocument) -> [AuditFinding] {
        var findings: [AuditFinding] = []
        let technique = run.technique
        // Each play asks for its element: one table, not a walk of the tree per question.
        var elements: [String: ScreenElement] = [:]
        for element in document.allElements { if let id = element.id, elements[id] == nil { elements[id] = element } }
        // An alert's field is meant to keep editing until one of its buttons goes, and every
        // button ends it as it acts: neither is a finding.
        let alert = document.sheet.flatMap { $0.style == "alert" ? $0 : nil }
        let alertIDs = Set(alert?.content.allElements.compactMap(\.id) ?? [])
        func finding(
            _ kind: FindingKind, element: String, focus: String?, gesture: String, what: String, matrixCase: Int,
            points: [Point] = [], overlap: Double? = nil, evidence: EvidenceLevel? = nil, shown: AuditCase? = nil,
            dimmed: Bool = false
        ) {
            let found = elements[element]
            // What a search controller's dim did rests on what the search controller is seen to
            // do, not on the technique's rule, and its fix is the search controller's.
            if dimmed {
                findings.append(
                    AuditFinding(
                        kind: kind, technique: technique, element: element, position: found?.position,
                        source: found?.source, focus: focus, gesture: gesture,
                        what: what + " (the search controller's dim took it)",
                        evidence: .inferred, fix: AuditFixes.searchDimmingFix(for: kind), points: points, overlap: overlap,
                        auditCase: shown))
                return
            }
            findings.append(
                AuditFinding(
                    kind: kind, technique: technique, element: element, position: found?.position, source: found?.source,
                    focus: focus, gesture: gesture, what: what,
                    evidence: evidence ?? MatrixEvidence.level(technique, case: matrixCase),
                    fix: AuditFixes.fix(for: kind, under: technique, screen: document.platform), points: points,
                    overlap: overlap, auditCase: shown))
        }
        let plays = run.plays.filter(\.played)
        // Whether the first long press on each element, with each input focused, acted: looked up
        // by the taps below (a search of every play for each tap grew with the square of a
        // screen's cases).
        var longPressActed: [String: Bool] = [:]
        for play in plays where play.auditCase.gesture == .longPress {
            guard case .element(let id) = play.auditCase.target else { continue }
            let key = play.auditCase.focus + "\u{0}" + id
            if longPressActed[key] == nil { longPressActed[key] = play.acted == true }
        }
        // 1, 2, 8: what a tap on something that acts did.
        for play in plays where play.acted != nil && play.auditCase.gesture == .tap {
            guard case .element(let id) = play.auditCase.target, let acted = play.acted else { continue }
            let focus = play.auditCase.focus
            let isRow = elements[id]?.kind == .row
            if !acted {
                let longPressActs = longPressActed[focus + "\u{0}" + id] == true ? "; a long press does select it" : ""
                finding(
                    isRow ? .selectionSwallowed : .firstTapEaten, element: id, focus: focus, gesture: "tap",
                    what: "with `\(focus)` focused, a tap on `\(id)` \(isRow ? "does not select it" : "does not reach it")"
                        + (play.resigned ? "; editing ends instead" : "") + (isRow ? longPressActs : ""),
                    matrixCase: play.auditCase.matrixCase, points: play.point.map { [$0] } ?? [], shown: play.auditCase,
                    dimmed: play.dimmed)
            } else if play.resigned && !alertIDs.contains(id) {
                finding(
                    .dismissAlsoActs, element: id, focus: focus, gesture: "tap",
                    what: "with `\(focus)` focused, one tap on `\(id)` ends editing and \(isRow ? "selects the row" : "acts")",
                    matrixCase: play.auditCase.matrixCase, points: play.point.map { [$0] } ?? [], shown: play.auditCase)
            }
        }
        // 3: a tap on another field.
        for play in plays where play.auditCase.gesture == .tap {
            guard case .element(let id) = play.auditCase.target,
                elements[id]?.kind.isTextInput == true && elements[id]?.input?.focusable != false
                    || id == "message",
                id != play.auditCase.focus
            else { continue }
            let focus = play.auditCase.focus
            if play.cell.outcome.finalFocus != id {
                finding(
                    .twoTapsToSwitch, element: id, focus: focus, gesture: "tap",
                    what: "with `\(focus)` focused, a tap on `\(id)` "
                        + (play.resigned ? "ends editing; a second tap is needed to focus it" : "does not focus it"),
                    matrixCase: 4, shown: play.auditCase, dimmed: play.dimmed)
            } else if play.cell.outcome.keypadHides > 0 && play.cell.outcome.keypadShows > 0 {
                finding(
                    .keyboardBouncesBetweenFields, element: id, focus: focus, gesture: "tap",
                    what: "from `\(focus)` to `\(id)`, the keyboard hides and shows again", matrixCase: 4,
                    shown: play.auditCase)
            }
        }
        // 4 and 10: the backgrounds.
        let backgroundTaps = plays.filter {
            $0.auditCase.target.backgroundContainer != nil && $0.auditCase.gesture == .tap
        }
        // The screen's own background is each input's first background tap; a container is a dead
        // zone when, with the same input focused, that tap ends editing and a tap on the
        // container does not. A point is safe when it ends editing with no side effect whatever
        // input is focused.
        var mainResigns: [String: Bool] = [:]
        for play in backgroundTaps where mainResigns[play.auditCase.focus] == nil {
            mainResigns[play.auditCase.focus] = play.resigned
        }
        var safe: [String: Point] = [:]
        var unsafe: Set<String> = []
        var dimmedSafe = false
        var deadContainers: Set<String> = []
        for play in backgroundTaps {
            guard let container = play.auditCase.target.backgroundContainer else { continue }
            // The background's own action (a background control's touch-up-inside) is the
            // dismissal itself, not a side effect.
            let sideEffects = play.cell.outcome.actions.keys.filter { !$0.hasPrefix("\(container) ") }
            if play.resigned && sideEffects.isEmpty, let point = play.point {
                safe[container] = safe[container] ?? point
                dimmedSafe = dimmedSafe || play.dimmed
            } else {
                unsafe.insert(container)
            }
            // A sheet's background that keeps editing on under a technique that dismisses: the
            // sheet is another view controller, which the technique put on the presenting
            // screen may not reach.
            // (Not under flutter: its tap regions span every route, which this model of a sheet,
            // UIKit's, does not play; docs/screens.md says so.)
            if case .backgroundIn("sheet", _, _) = play.auditCase.target, alert != nil { continue }
            if case .backgroundIn("sheet", _, _) = play.auditCase.target, technique != .noCode, technique != .flutter,
                !play.resigned,
                !deadContainers.contains(container)
            {
                deadContainers.insert(container)
                findings.append(
                    AuditFinding(
                        kind: .deadZone, technique: technique, element: container, position: elements[container]?.position,
                        source: elements[container]?.source, focus: play.auditCase.focus, gesture: "tap",
                        what: "with `\(play.auditCase.focus)` focused, a tap on the sheet's background (\(container)) keeps "
                            + "editing on: the sheet is another view controller, which the technique on the presenting "
                            + "screen does not reach",
                        evidence: .inferred, fix: AuditFixes.sheetFix(under: technique), points: play.point.map { [$0] } ?? [],
                        overlap: nil, auditCase: play.auditCase))
                continue
            }
            if mainResigns[play.auditCase.focus] == true && !play.resigned && !deadContainers.contains(container) {
                deadContainers.insert(container)
                finding(
                    .deadZone, element: container, focus: play.auditCase.focus, gesture: "tap",
                    what: "with `\(play.auditCase.focus)` focused, a tap on \(container)'s background keeps editing on, "
                        + "where a tap on the screen's background ends it",
                    matrixCase: 2, points: play.point.map { [$0] } ?? [], shown: play.auditCase)
            }
        }
        for container in unsafe { safe[container] = nil }
        if !safe.isEmpty {
            finding(
                .safeTapPoints, element: safe.keys.sorted().first ?? "the background", focus: nil, gesture: "tap",
                what: "a tap at "
                    + safe.sorted { $0.key < $1.key }.map { "\(describe($0.value)) (\($0.key))" }.joined(separator: ", ")
                    + " ends editing and does nothing else",
                matrixCase: 2, points: safe.sorted { $0.key < $1.key }.map(\.value),
                evidence: dimmedSafe ? .inferred : nil,
                shown: backgroundTaps.first { play in
                    play.auditCase.target.backgroundContainer.map { safe[$0] != nil } ?? false
                }?.auditCase)
        }
        // 9: the keyboard bounces.
        for play in plays
        where play.bounced
            && !(play.auditCase.gesture == .tap && isInput(play.auditCase.target, elements)
                && play.auditCase.target != .element(play.auditCase.focus))
        {
            finding(
                .keyboardBounces, element: elementName(play.auditCase.target), focus: play.auditCase.focus,
                gesture: play.auditCase.gesture.rawValue,
                what: "with `\(play.auditCase.focus)` focused, a \(play.auditCase.gesture.rawValue) on "
                    + "\(targetName(play.auditCase.target)) ends editing and gives it back (the keyboard hides and shows)",
                matrixCase: play.auditCase.matrixCase, shown: play.auditCase)
            break
        }
        // 11: editing ended and the keyboard stayed up, with nothing to type into (a form sheet
        // keeps it): once per input, with the first case that shows it.
        var kept: Set<String> = []
        for play in plays where play.resigned && play.cell.outcome.keypadUpAtEnd == true {
            let focus = play.auditCase.focus
            guard kept.insert(focus).inserted else { continue }
            finding(
                .keyboardStays, element: focus, focus: focus, gesture: play.auditCase.gesture.rawValue,
                what: "with `\(focus)` focused, a \(play.auditCase.gesture.rawValue) on \(targetName(play.auditCase.target)) "
                    + "ends editing and the keyboard stays up with nothing to type into: the sheet keeps it until its "
                    + "hide key is tapped or the sheet goes",
                matrixCase: play.auditCase.matrixCase, points: play.point.map { [$0] } ?? [],
                evidence: document.platform == nil || document.platform == .uikit ? .documented : .inferred,
                shown: play.auditCase)
        }
        // 6 and 7: the ways out, field by field.
        let byInput = Dictionary(grouping: plays, by: \.auditCase.focus)
        let leavable = Set(
            byInput.filter { _, plays in plays.contains { $0.resigned && !isInput($0.auditCase.target, elements) } }.keys)
        // An alert's field is left by the alert's buttons, even when the focus goes back to a
        // field under the alert.
        for (input, inputPlays) in byInput.sorted(by: { $0.key < $1.key }) where !alertIDs.contains(input) {
            let ways = inputPlays.filter { $0.resigned && !isInput($0.auditCase.target, elements) }
            guard ways.isEmpty else { continue }
            if leavable.isEmpty {
                finding(
                    .noWayOut, element: input, focus: input, gesture: "any",
                    what: "once `\(input)` is focused, no tap outside, drag, Return or toolbar ends editing",
                    matrixCase: 2, shown: inputPlays.first?.auditCase)
            } else {
                let tried = inputPlays.first {
                    if case .background = $0.auditCase.target { return true }
                    return false
                }
                finding(
                    .cannotBeLeft, element: input, focus: input, gesture: "tap",
                    what: "`\(input)` keeps focus through every tap outside, drag, Return and Done, where "
                        + "\(leavable.sorted().map { "`\($0)`" }.joined(separator: ", ")) let go",
                    matrixCase: 14, points: tried?.point.map { [$0] } ?? [], shown: tried?.auditCase)
            }
        }
        // 1 for a field: a tap on it does not focus it (a recognizer over it takes the tap).
        for cover in run.covers where !cover.focusedByTap {
            finding(
                .firstTapEaten, element: cover.input, focus: nil, gesture: "tap",
                what: "a tap on `\(cover.input)` does not focus it: something over it takes the tap", matrixCase: 4,
                shown: AuditCase(
                    technique: technique, focus: cover.input, gesture: .press, target: .returnKey, matrixCase: 0, focusOnly: true)
            )
        }
        // 5: the fields under the keyboard.
        for cover in run.covers where cover.overlap > 0.5 {
            finding(
                .hiddenUnderKeyboard, element: cover.input, focus: cover.input, gesture: "focus",
                what:
                    "once `\(cover.input)` is focused on \(run.device), the keyboard covers \(Int(cover.overlap.rounded())) points of it"
                    + (elements[cover.input]?.kind == .textView ? " (its caret's line)" : ""),
                matrixCase: 0, overlap: cover.overlap, evidence: .measured,
                shown: AuditCase(
                    technique: technique, focus: cover.input, gesture: .press, target: .returnKey, matrixCase: 0, focusOnly: true)
            )
        }
        return findings
    }

    /// Whether `target` is a text input that can take the focus (one that cannot is tapped as a
    /// button is).
    private static func isInput(_ target: AuditTarget, _ elements: [String: ScreenElement]) -> Bool {
        guard case .element(let id) = target else { return false }
        return elements[id]?.kind.isTextInput == true && elements[id]?.input?.focusable != false
    }

    /// The name a finding gives its element: an element's id as it is (so that its line is
    /// found and the JSON names it as every other finding does), else the target's words.
    static func elementName(_ target: AuditTarget) -> String {
        if case .element(let id) = target { return id }
        return targetName(target)
    }

    /// The words for a target in a finding's sentence: an element's id in backticks.
    static func targetName(_ target: AuditTarget) -> String {
        switch target {
        case .element(let id): "`\(id)`"
        case .background(_, let container), .backgroundIn(_, _, let container): container
        case .navigationBar: "the navigation bar"
        case .returnKey: "Return"
        case .toolbarDone: "the toolbar's Done"
        }
    }

    /// A point as `(x, y)`, whole points.
    static func describe(_ point: Point) -> String { "(\(Int(point.x.rounded())), \(Int(point.y.rounded())))" }
}
