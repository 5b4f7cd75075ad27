import TapawayHeadless
import TapawayKit
import TapawayScreen

/// `tapaway matrix`: the built-in cases, each played under every technique on the headless
/// platform, and what happened, as a short code per cell and in words.
@MainActor
package enum DismissalMatrix {
    /// One case of the matrix: what is focused first and what the tester does.
    package struct Case: Sendable {
        /// The case's number, its column in the table.
        package let number: Int
        /// What the tester does, in words.
        package let title: String
        /// The input focused before the step (by tapping it), if any.
        package let focus: String?
        /// Text typed into the focused input before the step, if any.
        package let typed: String?
        /// What the case does once the screen is ready: the tap, drag or key it plays.
        package let step: Step
        /// Whether `email` refuses to resign while its text is not an address (the general
        /// option `email-validates`).
        package var emailValidates = false
        /// The action that says the tapped target acted (`home select`), for a case whose target
        /// the matrix's own cases do not name (the audit's); its code then gains ✓ or ✗.
        package var acting: String?
    }

    /// What the tester does in a case.
    package enum Step: Sendable {
        /// A tap on the background where nothing else is.
        case tapBackground
        /// A tap on the view with this identifier.
        case tap(String)
        /// Taps on these keypad keys.
        case keys([String])
        /// Taps on these keypad keys, then a tap on the background.
        case keysThenBackground([String])
        /// A finger held on the view while another taps the background.
        case holdAndTapBackground(String)
        /// A drag 60 px up that starts on the background.
        case dragBackground
        /// A drag 60 px up that starts on the view with this identifier.
        case drag(String)
        /// A tap at a point the audit found, in the coordinates of the form's background (its
        /// content), so that it follows the form wherever scrolling or avoidance takes it.
        case tapAt(Point)
        /// A finger held 0.8 s on the view with this identifier, then lifted.
        case longPress(String)
        /// A tap at a point in the coordinates of the view with this identifier (a sheet's
        /// card, its dim), so that it follows that view wherever it is.
        case tapIn(String, Point)
    }

    /// The cases: the first version's thirteen, then a field that refuses to resign, the
    /// keyboard toolbar's Done, and a drag that starts on a field.
    package static let cases: [Case] = [
        Case(number: 1, title: "Nothing focused, tap the background", focus: nil, typed: nil, step: .tapBackground),
        Case(number: 2, title: "`name` focused, tap the background", focus: "name", typed: nil, step: .tapBackground),
        Case(number: 3, title: "`name` focused, tap inside `name`", focus: "name", typed: nil, step: .tap("name")),
        Case(number: 4, title: "`name` focused, tap `email`", focus: "name", typed: nil, step: .tap("email")),
        Case(number: 5, title: "`name` focused, tap Submit", focus: "name", typed: nil, step: .tap("submit")),
        Case(number: 6, title: "`name` focused, tap the caption label", focus: "name", typed: nil, step: .tap("caption")),
        Case(
            number: 7, title: "`name` focused, tap keypad keys h, i", focus: "name", typed: nil, step: .keys(["key-h", "key-i"])),
        Case(
            number: 8, title: "A finger held on `name`, a tap on the background", focus: "name", typed: nil,
            step: .holdAndTapBackground("name")),
        Case(
            number: 9, title: "`notes` focused, Return, then tap the background", focus: "notes", typed: nil,
            step: .keysThenBackground(["key-return"])),
        Case(number: 10, title: "`name` focused, tap the switch", focus: "name", typed: nil, step: .tap("subscribe")),
        Case(number: 11, title: "`name` focused, drag on the background", focus: "name", typed: nil, step: .dragBackground),
        Case(number: 12, title: "`name` focused, tap suggestion `row-2`", focus: "name", typed: nil, step: .tap("row-2")),
        Case(number: 13, title: "`name` focused, tap the navigation bar", focus: "name", typed: nil, step: .tap("navbar")),
        Case(
            number: 14, title: "`email` holds “ab”, which its delegate refuses to let go, tap the background", focus: "email",
            typed: "ab", step: .tapBackground, emailValidates: true),
        Case(
            number: 15, title: "`name` focused, tap Done on the keyboard's toolbar", focus: "name", typed: nil,
            step: .tap("toolbar-done")),
        Case(number: 16, title: "`name` focused, a drag that starts on `email`", focus: "name", typed: nil, step: .drag("email")),
    ]

    /// The codes of the cells and what each means, in the order the legend lists them.
    package static let legend: [(String, String)] = [
        ("–", "nothing focused, nothing happens"),
        ("R↓", "resigns at touch-down: focus goes and the keypad hides"),
        ("R↑", "resigns when the finger lifts (or the tap is recognised)"),
        ("R→", "resigns during the drag"),
        ("R↺", "resigns, then the held finger's lift focuses the field again: the keypad hides and shows"),
        ("H", "the keypad hides and the field keeps its focus"),
        ("K", "focus and keypad stay"),
        ("M", "focus moves to the other field in one step; the keypad stays up"),
        ("M~", "focus moves, and the keypad hides and shows again (willHide, then willShow)"),
        ("✓", "the tapped control or row acts (fires, flips, selects)"),
        ("✗", "the tapped control or row does not act: its tap was taken"),
        ("T", "the keypad's keys type"),
        ("⏎", "Return adds a line first"),
        ("n/a", "the technique has no such thing (a toolbar)"),
    ]

    /// The outcome of one case under one technique.
    package struct Cell: Sendable {
        /// The case's number, the row the matrix gives it, from 1.
        package let number: Int
        /// The short code (`R↓ ✓`).
        package let code: String
        /// What happened, in a few words.
        package let words: String
        /// What the headless run recorded.
        package let outcome: SessionOutcome
        /// The input focused before the step.
        package let focusedBefore: String?
    }
}
