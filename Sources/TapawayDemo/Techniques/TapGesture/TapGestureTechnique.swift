import TapawayKit
import TapawayScreen

extension TechniqueID {
    /// A tap recognizer added to the root view while the keypad shows.
    package static let tapGesture = TechniqueID("tap-gesture")
}

/// `tap-gesture`: on keyboard will-show a tap recognizer is added to the screen's root view, and
/// its action ends editing; on will-hide it is removed.
enum TapGestureTechnique: DismissalTechnique {
    static let id = TechniqueID.tapGesture
    static let title = "Tap gesture"
    static let platform = TechniquePlatform.uikit
    static let summary = "A tap recognizer on the root view, added while the keypad shows."

    static let options: [TechniqueOption] = [
        .toggle(
            "cancels-touches", title: "Cancel touches in view", subtitle: "The first tap is eaten", default: true,
            apply: { isOn, screen in (screen as? TapGestureViewController)?.cancelsTouchesInView = isOn })
    ]

    @MainActor static func makeScreen(showing document: ScreenDocument?) -> FormViewController {
        TapGestureViewController(document: document)
    }

    static let charter: [Experiment: String] = [
        .submit: "Keeps the keypad up and the button fires: a control wins its own tap over the recognizer.",
        .row:
            "Resigns, but the row does not select: cancelsTouchesInView cancels the row's touch. Off, a quick click still loses to the recognizer; held past the scroll view's 150 ms delay, the row selects.",
        .pinnedFinger: "Keeps focus: a two-finger event is not a one-finger tap.",
        .drag:
            "Keeps the keypad: a drag is no tap. Dismiss on drag and Interactive resign once the form can drag (alwaysBounceVertical when it fits).",
        .navigationBar: "Keeps focus: the bar is outside the screen's root view, which holds the recognizer.",
        .returnKey: "Nothing handles Return in a single-line field, so it keeps focus; notes adds a line.",
        .otherField: "Focus moves in one step and the keypad stays up: the field's own tap wins.",
        .pinch: "Keeps focus: a pinch is not a tap.",
        .switchOrCaption: "The switch flips and focus stays: a control wins its own tap. A tap on the caption resigns.",
        .refusingField:
            "The field resigns anyway: endEditing(true) forces it out without asking the delegate.",
        .toolbarDone: "No toolbar: the technique adds none (n/a).",
    ]
}
