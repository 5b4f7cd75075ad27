import TapawayKit
import TapawayScreen

extension TechniqueID {
    /// The view controller's `touchesBegan(_:with:)` override that ends editing.
    package static let touchesBegan = TechniqueID("touches-began")
}

/// `touches-began`: the most copied UIKit answer.
///
/// The screen's view controller overrides `touchesBegan(_:with:)` and ends editing. It hears only
/// touches no view handled that travel up the responder chain to it: in a plain view a touch on the
/// background or a label does, at touch-down, and controls keep their own taps; a scroll view (or a
/// table, which is one) keeps the touches that reach it, so nothing dismisses there. A table differs
/// from a scroll view in one way that matters here: it bounces vertically even when its rows fit, so a
/// drag on it begins and a drag-to-dismiss mode acts.
enum TouchesBeganTechnique: DismissalTechnique {
    static let id = TechniqueID.touchesBegan
    static let title = "touchesBegan override"
    static let platform = TechniquePlatform.uikit
    static let summary = "The view controller ends editing in touchesBegan, for touches that reach it up the responder chain."

    static let options: [TechniqueOption] = [
        .choice(
            "container", title: "Container",
            values: [
                .init("plain-view", title: "Plain view", subtitle: "Touches reach the controller"),
                .init("scroll-view", title: "Scroll view", subtitle: "The scroll view keeps them"),
                .init("table", title: "Table", subtitle: "A scroll view that always bounces"),
            ],
            default: "scroll-view",
            apply: { value, screen in (screen as? TouchesBeganViewController)?.container = value }),
        .choice(
            "resign-with", title: "Resign with",
            values: [
                .init("end-editing", title: "endEditing(true)", subtitle: "Forces the first responder"),
                .init("send-action", title: "sendAction(resignFirstResponder)", subtitle: "Asks; it can refuse"),
            ],
            default: "end-editing",
            apply: { value, screen in (screen as? TouchesBeganViewController)?.forcesResign = value == "end-editing" }),
    ]

    @MainActor static func makeScreen(showing document: ScreenDocument?) -> FormViewController {
        TouchesBeganViewController(document: document)
    }

    static let charter: [Experiment: String] = [
        .submit:
            "Keeps the keypad up and the button fires: the button handles its touch, which never travels up to the controller.",
        .row: "The row selects and the keypad stays: the row handles its touch.",
        .pinnedFinger:
            "In a plain view the background touch reaches the controller and endEditing(true) forces the field out, then the held finger's lift focuses it again (inferred); in a scroll view nothing happens.",
        .drag: "In a plain view it resigns at touch-down; in a scroll view the form scrolls and focus stays.",
        .navigationBar:
            "Keeps focus: the bar's touches travel the navigation controller's chain, not this controller's (inferred).",
        .returnKey: "Nothing handles Return in a single-line field, so it keeps focus; notes adds a line.",
        .otherField: "Focus moves in one step and the keypad stays up: the field handles its touch.",
        .pinch: "In a plain view the fingers' touches reach the controller, which resigns at touch-down.",
        .switchOrCaption:
            "The switch flips and focus stays. The caption takes no touches: in a plain view the tap reaches the controller and resigns; in a scroll view it does not.",
        .refusingField:
            "In a plain view endEditing(true) forces the field out (send-action asks, and keeps it); in a scroll view nothing reaches the controller.",
        .toolbarDone: "No toolbar: the technique adds none (n/a).",
    ]
}
