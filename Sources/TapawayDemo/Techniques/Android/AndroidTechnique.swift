import TapawayKit
import TapawayScreen

extension TechniqueID {
    /// An Android activity whose `dispatchTouchEvent` hides the keyboard on a touch outside the
    /// focused field, then dispatches as usual.
    package static let android = TechniqueID("android")
}

/// `android`: the common Android answer.
///
/// The activity overrides `dispatchTouchEvent`; on the first finger's `ACTION_DOWN` outside the focused
/// `EditText`'s rectangle it hides the soft keyboard and clears focus, then calls `super`, so the view
/// under the finger still gets the touch. A second finger arrives as `ACTION_POINTER_DOWN` and is not
/// looked at. The older variant acts on `ACTION_UP` and only hides the keyboard: the field keeps its
/// focus.
enum AndroidTechnique: DismissalTechnique {
    static let id = TechniqueID.android
    static let title = "dispatchTouchEvent"
    static let platform = TechniquePlatform.android
    static let summary = "The activity hides the keyboard on ACTION_DOWN outside the focused EditText, then dispatches."

    static let options: [TechniqueOption] = [
        .choice(
            "code", title: "The app's code",
            values: [
                .init("activity", title: "Activity.dispatchTouchEvent", subtitle: "The views' snippet (Trigger below)"),
                .init(
                    "compose-clear-focus", title: "Compose: clearFocus()",
                    subtitle: "pointerInput { detectTapGestures { focusManager.clearFocus() } }"),
                .init(
                    "compose-hide", title: "Compose: keyboard hide()",
                    subtitle: "LocalSoftwareKeyboardController.hide(): focus stays"),
            ],
            default: "activity",
            apply: { value, screen in
                (screen as? AndroidViewController)?.code = AndroidViewController.Code(rawValue: value) ?? .activity
            }),
        .choice(
            "trigger", title: "Trigger",
            values: [
                .init("down", title: "ACTION_DOWN, clearFocus", subtitle: "Hide and clear focus at touch-down"),
                .init("up", title: "ACTION_UP, no clearFocus", subtitle: "Hide at lift; the field keeps focus"),
            ],
            default: "down",
            apply: { value, screen in (screen as? AndroidViewController)?.trigger = value == "up" ? .up : .down }),
        .choice(
            "target-sdk", title: "targetSdkVersion",
            values: [
                .init("28", title: "28 or later", subtitle: "clearFocus leaves nothing focused in touch mode"),
                .init("27", title: "27 or earlier", subtitle: "clearFocus gives the first EditText the focus"),
            ],
            default: "28",
            apply: { value, screen in
                // A screen file's own targetSdk stands until the option is set to something else.
                let own = value == "28" ? screen.chosenDocument?.targetSdk : nil
                (screen as? AndroidViewController)?.refocusesAfterClearFocus = (own ?? Int(value) ?? 28) < 28
            }),
    ]

    @MainActor static func makeScreen(showing document: ScreenDocument?) -> FormViewController {
        AndroidViewController(document: document)
    }

    static let charter: [Experiment: String] = [
        .submit: "Hides the keyboard at touch-down and the button still fires: super.dispatchTouchEvent delivers the touch.",
        .row: "Hides the keyboard and the row selects.",
        .pinnedFinger: "Keeps focus: the second finger is ACTION_POINTER_DOWN, which the check for ACTION_DOWN never sees.",
        .drag: "Hides the keyboard at touch-down, before the form scrolls.",
        .navigationBar: "Hides the keyboard: the app bar is in the activity's window, outside the field.",
        .returnKey: "Nothing handles Return in a single-line field, so it keeps focus; notes adds a line.",
        .otherField:
            "The keyboard hides and shows again: only the focused field counts as inside, so the new field's touch first clears focus.",
        .pinch: "Hides the keyboard when the first finger lands outside the field; the second is never looked at.",
        .switchOrCaption: "Hides the keyboard and the switch flips; the caption is outside the field too.",
        .refusingField:
            "The field gives way: clearFocus() at touch-down (with up, only the keyboard hides); an EditText cannot refuse (Tapaway's choice).",
        .toolbarDone: "No toolbar (n/a); the IME's own action key is Return's experiment.",
    ]
}
