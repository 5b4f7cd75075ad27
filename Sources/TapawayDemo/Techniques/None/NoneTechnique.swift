import TapawayKit
import TapawayScreen

extension TechniqueID {
    /// The platform default: no code, nothing dismisses on a tap outside.
    package static let noCode = TechniqueID("none")
}

/// `none`: the baseline.
///
/// The app adds no code, and a tap outside the field dismisses nothing: on iOS, on Android, and in
/// Flutter on a touch screen the keyboard stays until Return, Done, Back or the app itself ends
/// editing.
enum NoneTechnique: DismissalTechnique {
    static let id = TechniqueID.noCode
    static let title = "No code (the default)"
    static let platform = TechniquePlatform.everyPlatform
    static let summary = "Nothing dismisses on a tap outside: what every platform does by default."

    @MainActor static func makeScreen(showing document: ScreenDocument?) -> FormViewController {
        NoneViewController(document: document)
    }

    static let charter: [Experiment: String] = [
        .submit: "Keeps the keypad up and the button fires: no code listens for a tap outside.",
        .row: "The row selects and the keypad stays up.",
        .pinnedFinger: "Keeps focus: nothing dismisses.",
        .drag:
            "Keeps the keypad; Dismiss on drag or Interactive end editing, once the form can drag (its content taller than its frame, or it always bounces).",
        .navigationBar: "Keeps focus.",
        .returnKey: "Nothing handles Return in a single-line field, so it keeps focus; notes adds a line.",
        .otherField: "Focus moves in one step and the keypad stays up.",
        .pinch: "Keeps focus.",
        .switchOrCaption: "The switch flips and focus stays; a tap on the caption does nothing either.",
        .refusingField:
            "Keeps the field: nothing asks it to resign.",
        .toolbarDone: "No toolbar (n/a).",
    ]
}

/// The `none` screen: the form, and no dismissal code at all.
@MainActor
package final class NoneViewController: FormViewController {
    /// Creates the screen showing `document` (nil: the shipped screens).
    package init(document: ScreenDocument? = nil) { super.init(technique: .noCode, document: document) }
}
