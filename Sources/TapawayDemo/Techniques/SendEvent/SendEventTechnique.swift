import TapawayKit
import TapawayScreen

extension TechniqueID {
    /// The window subclass whose `sendEvent` resigns the first responder.
    package static let sendEvent = TechniqueID("send-event")
}

/// `send-event`: the heart of Tapaway.
///
/// The app's window is a `DismissingWindow`, whose `sendEvent(_:)` override resigns the first responder
/// before delivering an event that has a new touch outside it; the screen is only the form.
enum SendEventTechnique: DismissalTechnique {
    static let id = TechniqueID.sendEvent
    static let title = "Window sendEvent"
    static let platform = TechniquePlatform.uikit
    static let summary = "A window subclass resigns before delivering a new touch outside."
    /// The technique lives in the window.
    @MainActor static var windowClass: AppWindow.Type { DismissingWindow.self }

    @MainActor static func makeScreen(showing document: ScreenDocument?) -> FormViewController {
        SendEventViewController(document: document)
    }

    static let charter: [Experiment: String] = [
        .submit: "Resigns and the button fires: the window acts before delivery, and a button is not a responder.",
        .row: "Resigns and the row selects: the window never takes a touch away from a view.",
        .pinnedFinger: "Keeps focus: a touch of the event is in the first responder, which vetoes.",
        .drag: "Resigns at touch-down: a touch that began in a view that cannot become first responder is enough.",
        .navigationBar: "Resigns: the bar is in the window, outside the field.",
        .returnKey: "Nothing handles Return in a single-line field, so it keeps focus; notes adds a line.",
        .otherField:
            "Focus moves in one step and the keypad stays up: the new touch is in a view that can become first responder.",
        .pinch: "Resigns only when neither finger began on the field.",
        .switchOrCaption:
            "The switch flips and the field resigns; the caption takes no touches, so a tap on it is on the background.",
        .refusingField:
            "Keeps the field: the window calls resignFirstResponder(), which asks, and the delegate says no.",
        .toolbarDone: "No toolbar: the technique adds none (n/a).",
    ]
}

/// The `send-event` screen: the technique lives in the window (`DismissingWindow`), so the screen
/// only shows the form.
@MainActor
package final class SendEventViewController: FormViewController {
    /// Creates the screen showing `document` (nil: the shipped screens).
    package init(document: ScreenDocument? = nil) { super.init(technique: .sendEvent, document: document) }
}
