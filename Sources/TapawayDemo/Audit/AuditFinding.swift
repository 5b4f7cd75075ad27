import TapawayKit
import TapawayScreen

/// What kind of trouble a finding is, worst first within each severity.
package enum FindingKind: String, Sendable, CaseIterable {
    /// A control or link does not act when tapped while a field is focused.
    case firstTapEaten = "first-tap-eaten"
    /// A row does not select when tapped while a field is focused.
    case selectionSwallowed = "selection-swallowed"
    /// The focused field, or a text view's caret line, is under the keyboard.
    case hiddenUnderKeyboard = "hidden-under-keyboard"
    /// No tap, drag, Return or toolbar path ends editing.
    case noWayOut = "no-way-out"
    /// One field keeps focus where the others let go.
    case cannotBeLeft = "cannot-be-left"
    /// A tap on another field ends editing instead of moving focus there.
    case twoTapsToSwitch = "two-taps-to-switch"
    /// Moving between fields hides and shows the keyboard again.
    case keyboardBouncesBetweenFields = "keyboard-bounces-between-fields"
    /// A visible region where a tap keeps focus while the technique ends editing on the rest of
    /// the background.
    case deadZone = "dead-zone"
    /// The tap that ends editing also acts on what is under it.
    case dismissAlsoActs = "dismiss-also-acts"
    /// The keyboard hides and shows, or a held finger gives focus back.
    case keyboardBounces = "keyboard-bounces"
    /// Editing ends and the keyboard stays up with nothing to type into (a form sheet on iPad
    /// keeps it: UIKit's `disablesAutomaticKeyboardDismissal`).
    case keyboardStays = "keyboard-stays"
    /// Points where a tap ends editing and does nothing else: for UI tests.
    case safeTapPoints = "safe-tap-points"

    /// How bad it is.
    package var severity: FindingSeverity {
        switch self {
        case .firstTapEaten, .selectionSwallowed, .hiddenUnderKeyboard, .noWayOut, .cannotBeLeft: .high
        case .twoTapsToSwitch, .keyboardBouncesBetweenFields, .deadZone, .dismissAlsoActs, .keyboardBounces, .keyboardStays:
            .medium
        case .safeTapPoints: .info
        }
    }

    /// The kind's title, as the text report heads its group.
    package var title: String {
        switch self {
        case .firstTapEaten: "First tap eaten"
        case .selectionSwallowed: "Row selection swallowed"
        case .hiddenUnderKeyboard: "Field hidden under the keyboard"
        case .noWayOut: "No way out of editing"
        case .cannotBeLeft: "A field that cannot be left"
        case .twoTapsToSwitch: "Two taps to switch fields"
        case .keyboardBouncesBetweenFields: "The keyboard hides and shows between fields"
        case .deadZone: "Dead zone: a tap outside does nothing"
        case .dismissAlsoActs: "The dismissing tap also acts"
        case .keyboardBounces: "The keyboard bounces"
        case .keyboardStays: "The keyboard stays after editing ends"
        case .safeTapPoints: "Safe tap points"
        }
    }
}

/// How bad a finding is; `--fail-on` takes one.
package enum FindingSeverity: String, Sendable, CaseIterable, Comparable {
    /// Worth knowing: safe tap points.
    case info
    /// The user can go on, with an extra tap or a flicker.
    case medium
    /// The user cannot do what they meant, or cannot see what they type.
    case high

    private var rank: Int {
        switch self {
        case .info: 0
        case .medium: 1
        case .high: 2
        }
    }

    /// Orders severities so that a worse one is greater: info, then medium, then high.
    package static func < (a: FindingSeverity, b: FindingSeverity) -> Bool { a.rank < b.rank }
}

/// One thing the audit found, under one technique, that a developer acts on.
package struct AuditFinding: Sendable {
    /// What kind of trouble.
    package var kind: FindingKind
    /// The technique it happens under.
    package var technique: TechniqueID
    /// The element concerned (an id), or a container's name for a region.
    package var element: String
    /// Where the element is in the screen file, when it came from one.
    package var position: SourcePosition?
    /// Where an importer found the element (its source reference), when it did.
    package var source: String?
    /// The field focused when it happens (the first, when several are).
    package var focus: String?
    /// Every field focused when it happens, when the same finding holds for several.
    package var focuses: [String] = []
    /// The gesture that shows the finding, as the report names it.
    package var gesture: String
    /// What happened, in a sentence.
    package var what: String
    /// How sure: the level of the matrix case the finding stands for.
    package var evidence: EvidenceLevel
    /// The fix, in a line, in the platform's terms.
    package var fix: String
    /// The points concerned (safe tap points; the tap's point), on the device in points from its
    /// top-left corner.
    package var points: [Point]
    /// How many points of the field the keyboard covers, for hidden-under-keyboard.
    package var overlap: Double?
    /// A case that shows the finding, for the Audit instrument's ▶ (not in `--json`).
    package var auditCase: AuditCase?

    /// Whether the finding is confident: an inferred cell never becomes a confident finding.
    package var confident: Bool { evidence != .inferred }
    /// The finding's severity, which its kind decides.
    package var severity: FindingSeverity { kind.severity }
}
