/// One experiment of the exploration charter: something to try by hand in every technique.
///
/// Each technique says, in a line, what it does (`DismissalTechnique.charter`); the help card shows the
/// lines of the technique on screen and the README lists them all.
package enum Experiment: String, Sendable, CaseIterable {
    /// Type, then tap Submit.
    case submit
    /// Tap a suggestion row.
    case row
    /// A finger pinned on the field, a tap outside.
    case pinnedFinger
    /// A drag across the form, which scrolls it.
    case drag
    /// Tap the navigation bar.
    case navigationBar
    /// Press Return in each field.
    case returnKey
    /// Tap another field while one is focused.
    case otherField
    /// Two fingers at once.
    case pinch
    /// Tap the switch or the caption.
    case switchOrCaption
    /// A field whose delegate refuses to resign, then a tap outside.
    case refusingField
    /// Done on the keyboard's toolbar, where the technique adds one.
    case toolbarDone

    /// The number of the matrix case that plays this experiment in the window (the help card
    /// offers it), if one does: a pinch has no case.
    package var matrixCase: Int? {
        switch self {
        case .submit: return 5
        case .row: return 12
        case .pinnedFinger: return 8
        case .drag: return 11
        case .navigationBar: return 13
        case .returnKey: return 9
        case .otherField: return 4
        case .pinch: return nil
        case .switchOrCaption: return 10
        case .refusingField: return 14
        case .toolbarDone: return 15
        }
    }

    /// What to do, in a few words (the help card's bold line).
    package var title: String {
        switch self {
        case .submit: return "Tap Submit while typing"
        case .row: return "Tap a suggestion row"
        case .pinnedFinger: return "Pin a finger on the field, tap out"
        case .drag: return "Drag the form"
        case .navigationBar: return "Tap the navigation bar"
        case .returnKey: return "Return in each field"
        case .otherField: return "Tap another field while typing"
        case .pinch: return "Ctrl+drag (two fingers)"
        case .switchOrCaption: return "Tap the switch or the caption"
        case .refusingField: return "Tap out of a refusing field"
        case .toolbarDone: return "Done on the keyboard's toolbar"
        }
    }

    /// How to do it with a mouse and keyboard (the README's first column).
    package var howTo: String {
        switch self {
        case .submit: return "Type in `name`, then click Submit"
        case .row: return "Click a suggestion row"
        case .pinnedFinger: return "Right click `name` (a finger stays on it), then click the background"
        case .drag: return "Drag on the background"
        case .navigationBar: return "Click the navigation bar or its title"
        case .returnKey: return "Press Return in each field"
        case .otherField: return "With `name` focused, click `email`"
        case .pinch: return "Ctrl+drag anywhere"
        case .switchOrCaption: return "Tap the switch or the caption"
        case .refusingField: return "Turn on *Email refuses to resign*, type “ab” in `email`, click the background"
        case .toolbarDone: return "With `name` focused, click Done above the keys"
        }
    }
}
