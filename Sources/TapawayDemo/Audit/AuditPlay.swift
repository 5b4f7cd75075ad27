import TapawayKit
import TapawayScreen

/// What the audit taps, drags or presses while a field is focused.
package enum AuditTarget: Sendable, Equatable {
    /// The container whose background this target is, for the background targets.
    package var backgroundContainer: String? {
        switch self {
        case .background(_, let container), .backgroundIn(_, _, let container): container
        default: nil
        }
    }

    /// An element of the screen, by its id.
    case element(String)
    /// A point on a container's own background (where nothing is in front of it), in the
    /// coordinates of the form's background, with the container's name for people.
    case background(Point, container: String)
    /// A point in the coordinates of the view with the given id, which the audit taps as a
    /// background: a container of the sheet (the point follows the sheet's card, not the
    /// form), or the sheet's dim.
    case backgroundIn(String, Point, container: String)
    /// The navigation bar's title.
    case navigationBar
    /// The keyboard's Return key.
    case returnKey
    /// Done on the keyboard's toolbar, where the technique has one.
    case toolbarDone
}

/// How the audit touches its target.
package enum AuditGesture: String, Sendable, CaseIterable {
    /// A tap: the finger lifts where it landed, at once.
    case tap
    /// A finger held 0.8 s, then lifted.
    case longPress = "long-press"
    /// A drag 60 points up that starts on the target.
    case drag
    /// A finger held on the focused field while another taps the target.
    case secondFinger = "second-finger"
    /// A key of the keyboard (Return) or its toolbar (Done).
    case press
}

/// One case the audit plays: a field focused, then a gesture on a target, under a technique.
package struct AuditCase: Sendable {
    /// The technique whose code the case plays.
    package var technique: TechniqueID
    /// The text input focused first.
    package var focus: String
    /// How the case touches its target: a tap, a hold or a drag.
    package var gesture: AuditGesture
    /// The element or place the case touches.
    package var target: AuditTarget
    /// The matrix case this one stands for, whose evidence level it inherits.
    package var matrixCase: Int
    /// Text typed into the focused field first: what its delegate refuses to let go of, when
    /// the file declares a delegate that refuses.
    package var typed: String?
    /// Whether the case only focuses its field (what shows a field under the keyboard).
    package var focusOnly = false
    /// The action that says the target acted, when it is an element that acts.
    package var acting: String?

    /// A case as given.
    package init(
        technique: TechniqueID, focus: String, gesture: AuditGesture, target: AuditTarget, matrixCase: Int,
        focusOnly: Bool = false
    ) {
        self.technique = technique
        self.focus = focus
        self.gesture = gesture
        self.target = target
        self.matrixCase = matrixCase
        self.focusOnly = focusOnly
    }

    /// The matrix's form of the case, for the one runner that plays both.
    var matrixForm: DismissalMatrix.Case {
        let step: DismissalMatrix.Step
        switch (gesture, target) {
        case _ where focusOnly: step = .keys([])
        case (.tap, .element(let id)): step = .tap(id)
        case (.longPress, .element(let id)): step = .longPress(id)
        case (.drag, .element(let id)): step = .drag(id)
        case (.tap, .background(let point, _)): step = .tapAt(point)
        case (.tap, .backgroundIn(let id, let point, _)): step = .tapIn(id, point)
        case (.drag, .background): step = .dragBackground
        case (.secondFinger, _): step = .holdAndTapBackground(focus)
        case (_, .navigationBar): step = .tap("navbar")
        case (_, .returnKey): step = .keys(["key-return"])
        case (_, .toolbarDone): step = .tap("toolbar-done")
        default: step = .tapBackground
        }
        var form = DismissalMatrix.Case(number: matrixCase, title: "", focus: focus, typed: typed, step: step)
        form.acting = acting
        return form
    }
}

/// A case played, and what it did.
package struct AuditPlay: Sendable {
    /// The case that was played.
    package var auditCase: AuditCase
    /// What the one runner recorded, with the cell's code.
    package var cell: DismissalMatrix.Cell
    /// Whether the target acted (fired, flipped, selected), for a target that acts; nil for
    /// others.
    package var acted: Bool?
    /// Where the touch landed on the device, in points from its top-left corner.
    package var point: Point?
    /// Whether a search controller's dimming view took the touch (a search bar marked
    /// `obscuresBackground` was focused and the target lay under its dim).
    package var dimmed = false

    /// Whether the case was played at all (its target in reach).
    package var played: Bool { cell.code != "n/a" }
    /// Whether editing ended and stayed ended.
    package var resigned: Bool { cell.focusedBefore != nil && cell.outcome.finalFocus == nil }
    /// Whether focus went and came back (a held finger refocused), or the keypad hid and showed
    /// with focus where it was.
    package var bounced: Bool {
        cell.code.hasPrefix("R↺")
            || (cell.outcome.finalFocus == cell.focusedBefore && cell.outcome.keypadHides > 0
                && cell.outcome.keypadShows > 0)
    }
}

/// How far the focused field, or the caret's line of a text view, is under the keyboard once
/// the screen's avoidance has done its work.
package struct AuditCover: Sendable {
    /// The technique (its avoidance).
    package var technique: TechniqueID
    /// The id of the field the check focused.
    package var input: String
    /// How many points of it the keyboard covers (0: none).
    package var overlap: Double
    /// Whether a tap on the field focused it (a recognizer over it may take the tap).
    package var focusedByTap = true
}
