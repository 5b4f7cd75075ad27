import TapawayKit

/// Which case of the matrix a decision in the inspector stands for, and how sure
/// docs/techniques.md is of that case under the technique: the inspector's cards show it, as
/// the audit's findings carry the level of the case they stand for.
@MainActor
package enum DecisionEvidence {
    /// The case `decision` stands for (by what its touch landed on, with a field focused) and
    /// the level the document gives it under the decision's technique; nil for a decision with
    /// nothing focused or nothing to do, a technique the document does not grade, or a case it
    /// grades nothing for.
    package static func standIn(for decision: DismissalDecision, in window: Window) -> (case: Int, level: EvidenceLevel)? {
        guard decision.firstResponder != nil, decision.action != .none, let number = caseNumber(for: decision, in: window),
            let level = MatrixEvidence.gradedLevel(decision.technique, case: number)
        else { return nil }
        return (number, level)
    }

    /// The matrix case the decision's touches make: a second finger (8), a drag (11, or 16 from
    /// a text input), or a tap by what it landed on: inside the focused field (3), another text
    /// input (4), a switch (10), another control (5), a row (12), the navigation bar (13), the
    /// keyboard's toolbar (15), a label (6), else the background (2).
    static func caseNumber(for decision: DismissalDecision, in window: Window) -> Int? {
        guard let fact = decision.touches.first else { return nil }
        if Set(decision.touches.map(\.touch)).count > 1 { return 8 }
        if fact.insideFirstResponder { return 3 }
        let view = fact.view.flatMap { window.view(withIdentifier: $0) }
        if fact.phase == .moved { return view is any TextInput ? 16 : 11 }
        guard let view else { return fact.view == "toolbar" || fact.view?.hasPrefix("toolbar") == true ? 15 : nil }
        if view is any TextInput { return 4 }
        if view is Switch { return 10 }
        if view is Control { return 5 }
        if view is SuggestionRow { return 12 }
        if view is NavigationBar || view.ancestor(ofType: NavigationBar.self) != nil { return 13 }
        if view is Label { return 6 }
        return 2
    }
}

extension View {
    /// The nearest ancestor of type `T`.
    fileprivate func ancestor<T: View>(ofType type: T.Type) -> T? {
        var current = superview
        while let v = current {
            if let match = v as? T { return match }
            current = v.superview
        }
        return nil
    }
}
