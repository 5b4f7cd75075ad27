import TapawayKit
import TapawayScreen

extension TechniqueID {
    /// SwiftUI's `@FocusState` cleared by a tap gesture on a background behind the content.
    package static let swiftUI = TechniqueID("swiftui")
}

/// `swiftui`: the fields are bound to a `@FocusState`, and a background behind the content has
/// `.onTapGesture { focus = nil }`.
///
/// The gesture fires only where the background itself is hit: any view in front (a text, a button, a
/// row, a field) takes the hit. How a scroll dismisses is `.scrollDismissesKeyboard`.
enum SwiftUITechnique: DismissalTechnique {
    static let id = TechniqueID.swiftUI
    static let title = "@FocusState + tap"
    static let platform = TechniquePlatform.swiftUI
    static let summary = "A tap gesture on the background behind the content sets the focus state to nil."

    static let options: [TechniqueOption] = [
        .choice(
            "scroll-dismisses", title: "Scroll dismisses keyboard",
            values: [
                .init("automatic", title: ".automatic", subtitle: "SwiftUI's default: a List dismisses on scroll"),
                .init("never", title: ".never", subtitle: "A scroll leaves the keyboard alone"),
                .init("immediately", title: ".immediately", subtitle: "When a scroll begins"),
                .init("interactively", title: ".interactively", subtitle: "The keyboard follows the finger"),
            ],
            default: "automatic",
            apply: { value, screen in
                (screen as? SwiftUIViewController)?.scrollDismisses =
                    SwiftUIViewController.ScrollDismisses(rawValue: value) ?? .automatic
            }),
        .choice(
            "container", title: "The form is a",
            values: [
                .init("scroll-view", title: "ScrollView", subtitle: ".automatic leaves the keyboard on a scroll"),
                .init("list", title: "List", subtitle: ".automatic dismisses it on a scroll (iOS 16)"),
            ],
            default: "scroll-view",
            apply: { value, screen in (screen as? SwiftUIViewController)?.isList = value == "list" }),
        .choice(
            "tap-on", title: "The tap gesture is on",
            values: [
                .init("background", title: "The background", subtitle: "Behind the content: only its own area"),
                .init("container", title: "The container", subtitle: ".onTapGesture on the stack: texts dismiss too"),
                .init("simultaneous", title: "The container, simultaneously", subtitle: ".simultaneousGesture: with every child"),
            ],
            default: "background",
            apply: { value, screen in
                (screen as? SwiftUIViewController)?.gesturePlacement =
                    SwiftUIViewController.GesturePlacement(rawValue: value) ?? .background
            }),
        .choice(
            "resign-with", title: "The gesture's action",
            values: [
                .init("focus-state", title: "focus = nil", subtitle: "The @FocusState binding"),
                .init("send-action", title: "hideKeyboard()", subtitle: "sendAction(resignFirstResponder) to nil"),
            ],
            default: "focus-state",
            apply: { value, screen in (screen as? SwiftUIViewController)?.sendsResignAction = value == "send-action" }),
    ]

    @MainActor static func makeScreen(showing document: ScreenDocument?) -> FormViewController {
        SwiftUIViewController(document: document)
    }

    static let charter: [Experiment: String] = [
        .submit:
            "Keeps the keyboard up and the button fires: the button is in front of the background, which never sees the tap.",
        .row: "The row selects and the keyboard stays: the row is in front of the background.",
        .pinnedFinger: "Keeps focus: two fingers are no tap for the gesture (inferred).",
        .drag:
            "Keeps the keyboard: a drag is no tap, and .automatic leaves a ScrollView's keyboard alone. A List (.automatic), .immediately or .interactively end editing.",
        .navigationBar: "Keeps focus: the bar is not the background.",
        .returnKey: "Nothing handles Return in a single-line field, so it keeps focus; notes adds a line.",
        .otherField: "Focus moves in one step and the keypad stays up.",
        .pinch: "Keeps focus: a pinch is not a tap.",
        .switchOrCaption:
            "The switch flips and focus stays. A Text takes the hit too, so a tap on the caption keeps focus: only the background's own area dismisses.",
        .refusingField:
            "Unfocuses: a SwiftUI TextField has no delegate that could refuse (Tapaway's choice).",
        .toolbarDone:
            "No toolbar (n/a): a .toolbar with placement .keyboard and a Done button would be SwiftUI's way; not modelled.",
    ]
}
