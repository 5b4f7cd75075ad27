import TapawayKit
import TapawayScreen

extension TechniqueID {
    /// Flutter's `TextField.onTapOutside`, unfocusing the field when a tap lands outside it.
    package static let flutter = TechniqueID("flutter")
}

/// `flutter`: every `TextField(onTapOutside: (_) => focus.unfocus())`.
///
/// It fires on each pointer down outside the text fields' tap region; all text fields share one region,
/// so another field counts as inside. The tap region takes no part in the gesture arena, so the button
/// under the finger still fires, unless it consumes outside taps. The other common answer wraps the
/// page in an opaque `GestureDetector(onTap: unfocus)`, which loses the arena to buttons, switches,
/// rows and fields.
enum FlutterTechnique: DismissalTechnique {
    static let id = TechniqueID.flutter
    static let title = "TextField onTapOutside"
    static let platform = TechniquePlatform.flutter
    static let summary = "Each pointer down outside the text fields' tap region unfocuses."

    static let options: [TechniqueOption] = [
        .toggle(
            "consume-outside-taps", title: "Consume outside taps", subtitle: "TapRegion.consumeOutsideTaps",
            default: false,
            apply: { isOn, screen in (screen as? FlutterViewController)?.consumesOutsideTaps = isOn }),
        .toggle(
            "gesture-detector", title: "GestureDetector instead", subtitle: "Opaque, around the page",
            default: false,
            apply: { isOn, screen in (screen as? FlutterViewController)?.usesGestureDetector = isOn }),
        .toggle(
            "detector-inside", title: "GestureDetector inside the scroll view",
            subtitle: "Around the Column: only as tall as the content",
            default: false,
            apply: { isOn, screen in (screen as? FlutterViewController)?.detectorInsideScrollView = isOn }),
    ]

    @MainActor static func makeScreen(showing document: ScreenDocument?) -> FormViewController {
        FlutterViewController(document: document)
    }

    static let charter: [Experiment: String] = [
        .submit:
            "Unfocuses at pointer down and the button still fires: the tap region is not in the gesture arena. With Consume outside taps the button never gets the tap; with the GestureDetector the button wins and focus stays.",
        .row:
            "Unfocuses and the row selects; consumed, it does not. The GestureDetector loses to the row's InkWell: focus stays.",
        .pinnedFinger:
            "Unfocuses when the second pointer goes down on the background: onTapOutside looks at each pointer, not at gestures (inferred).",
        .drag: "Unfocuses at pointer down, before the form scrolls; the GestureDetector sees no tap and keeps focus.",
        .navigationBar:
            "Unfocuses: the app bar is outside the text fields' region. The GestureDetector wraps only the body and keeps focus.",
        .returnKey: "Nothing handles Return in a single-line field, so it keeps focus; notes adds a line.",
        .otherField: "Focus moves in one step and the keypad stays up: every text field is in the same tap region.",
        .pinch: "Unfocuses when a finger goes down outside the fields.",
        .switchOrCaption: "Unfocuses and the switch flips (consumed, it does not); the caption is outside too.",
        .refusingField:
            "Unfocuses: a Flutter text field cannot refuse to lose focus (Tapaway's choice).",
        .toolbarDone: "No keyboard toolbar is modelled (n/a).",
    ]
}
