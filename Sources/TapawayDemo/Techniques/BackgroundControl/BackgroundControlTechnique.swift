import TapawayKit
import TapawayScreen

extension TechniqueID {
    /// Return ends editing; the background is a control whose touch-up-inside resigns; the
    /// scroll view makes room for the keypad.
    package static let backgroundControl = TechniqueID("background-control")
}

/// `background-control`: Return ends editing on exit, the background is a `Control` whose
/// touch-up-inside resigns, and the scroll view shrinks by the keypad's height while it shows.
enum BackgroundControlTechnique: DismissalTechnique {
    static let id = TechniqueID.backgroundControl
    static let title = "Background control"
    static let platform = TechniquePlatform.uikit
    static let summary = "The background is a control; Return ends editing."

    static let options: [TechniqueOption] = [
        .toggle(
            "dim", title: "Dim around the field", subtitle: "Fades with the keypad", default: false,
            apply: { isOn, screen in (screen as? BackgroundControlViewController)?.dimsAroundField = isOn })
    ]

    @MainActor static func makeScreen(showing document: ScreenDocument?) -> FormViewController {
        BackgroundControlViewController(document: document)
    }

    /// The margin it scrolls the focused field to, above the keypad.
    @MainActor static func keypadMargin(for focused: View) -> Double? { BackgroundControlViewController.fieldMargin }

    static let charter: [Experiment: String] = [
        .submit: "Keeps the keypad up and the button fires: the background control never sees a touch that lands on the button.",
        .row: "The row selects and the keypad stays up: the row is not the background.",
        .pinnedFinger:
            "The background control's touch-up-inside resigns, and the held finger's lift focuses name again: the keypad hides and shows. While a finger rests, the scroll view's pan recognizer stays possible and holds the tap's end back, so on a device both may happen only when the held finger lifts (inferred).",
        .drag: "Keeps the keypad: the scroll view takes the drag from the background control.",
        .navigationBar: "Keeps focus: the bar is not the background control.",
        .returnKey: "Return ends editing in a single-line field (editingDidEndOnExit); notes adds a line.",
        .otherField: "Focus moves in one step and the keypad stays up: the field is not the background.",
        .pinch: "Two fingers that lift on the background end a touch-up-inside, which resigns.",
        .switchOrCaption: "The switch flips and focus stays: the switch is not the background. A tap on the caption resigns.",
        .refusingField:
            "The field resigns anyway: endEditing(true) does not ask the delegate.",
        .toolbarDone: "No toolbar: the technique adds none (n/a).",
    ]
}
