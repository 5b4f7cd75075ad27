import TapawayKit
import TapawayScreen

extension TechniqueID {
    /// A React Native `ScrollView` and its `keyboardShouldPersistTaps`.
    package static let reactNative = TechniqueID("react-native")
}

/// `react-native`: the form is a React Native `ScrollView`, whose `keyboardShouldPersistTaps` decides
/// what a tap does while the keyboard is up.
///
/// `never` (the default): the scroll view takes the touch at its start, so the button, the switch and
/// the row never get it, and it blurs the input on release unless the finger scrolled. `handled`: it
/// blurs only when no child handled the tap. `always`: a tap never blurs. How dragging dismisses is the
/// scroll view's `keyboardDismissMode`, which is Tapaway's general *Dragging the form* option.
enum ReactNativeTechnique: DismissalTechnique {
    static let id = TechniqueID.reactNative
    static let title = "ScrollView persistTaps"
    static let platform = TechniquePlatform.reactNative
    static let summary = "The ScrollView takes taps while the keyboard is up and blurs on release (keyboardShouldPersistTaps)."

    static let options: [TechniqueOption] = [
        .choice(
            "persist-taps", title: "keyboardShouldPersistTaps",
            values: [
                .init("never", title: "never", subtitle: "The default: children never get the tap"),
                .init("handled", title: "handled", subtitle: "Blur unless a child handled it"),
                .init("always", title: "always", subtitle: "A tap never blurs"),
            ],
            default: "never",
            apply: { value, screen in
                // A screen file's own value on its root scroll view stands until the option is
                // set to something else, as its keyboardDismissMode does.
                let own = value == "never" ? screen.chosenDocument?.content.scroll?.keyboardShouldPersistTaps : nil
                (screen as? ReactNativeViewController)?.persistTaps =
                    ReactNativeViewController.PersistTaps(rawValue: own ?? value) ?? .never
            }),
        .choice(
            "wrapper", title: "Around the screen",
            values: [
                .init("none", title: "Nothing"),
                .init(
                    "touchable", title: "TouchableWithoutFeedback",
                    subtitle: "onPress={Keyboard.dismiss}: only where the ScrollView lets a tap through"),
            ],
            default: "none",
            apply: { value, screen in (screen as? ReactNativeViewController)?.dismissingWrapper = value == "touchable" }),
    ]

    @MainActor static func makeScreen(showing document: ScreenDocument?) -> FormViewController {
        ReactNativeViewController(document: document)
    }

    static let charter: [Experiment: String] = [
        .submit:
            "With never, the scroll view takes the touch at its start: the button never fires, and the input blurs on release. handled and always let the button have it.",
        .row: "With never, the row never selects and the input blurs; handled and always let it select.",
        .pinnedFinger:
            "Keeps focus: the first finger went to the text input, and only a gesture's first touch is taken (inferred).",
        .drag: "The scroll view scrolls and nothing blurs: it blurs only when no scroll happened since it took the touch.",
        .navigationBar: "Keeps focus: the header is outside the scroll view.",
        .returnKey: "Nothing handles Return in a single-line field, so it keeps focus; notes adds a line.",
        .otherField: "Focus moves in one step and the keypad stays up: a touch on a text input is never taken.",
        .pinch: "The scroll view takes the first finger; the input blurs when the gesture ends without a scroll.",
        .switchOrCaption:
            "With never, the switch does not flip and the input blurs; a tap on the caption blurs with never and handled.",
        .refusingField:
            "Blurs where the tap dismisses at all: a TextInput cannot refuse the blur (Tapaway's choice).",
        .toolbarDone: "No keyboard toolbar is modelled (n/a).",
    ]
}
