import TapawayDemo

extension TechniqueExpectations {
    /// `swiftui`, a tap gesture behind the content that sets the focus state to nil: its cells
    /// with each way SwiftUI's documentation offers to dismiss (`docs/techniques.md`).
    static let swiftUI = TechniqueExpectations(
        .swiftUI,
        // SwiftUI's `ScrollView` bounces whatever its content's size: iOS 16.4 added
        // `.scrollBounceBehavior(.basedOnSize)` to make it bounce only when the content is larger
        // (inferred from that modifier's documentation).
        bouncesWhenContentFits: true,
        // A Text in front of the background takes the hit: the caption keeps focus.
        defaults: "– | R↑ | K | M | K ✓ | K | T | K | ⏎ R↑ | K ✓ | K | K ✓ | K | R↑ | n/a | K",
        options: [
            // `.automatic`: "By default, a TextEditor is interactive while a List of scrollable
            // content always dismiss the keyboard on a scroll, when linked against iOS 16 or later"
            // (ScrollDismissesKeyboardMode.automatic): the List's drags dismiss as they begin; a
            // ScrollView's do not (the default row above, and `never`).
            "container=list": "– | R↑ | K | M | K ✓ | K | T | K | ⏎ R↑ | K ✓ | R→ | K ✓ | K | R↑ | n/a | R→",
            "scroll-dismisses=never container=list": "– | R↑ | K | M | K ✓ | K | T | K | ⏎ R↑ | K ✓ | K | K ✓ | K | R↑ | n/a | K",
            // `.onTapGesture` on the container (with `.contentShape`): a child's own gesture takes
            // precedence (a button, a toggle, a field, a row), a Text has none, so the caption
            // dismisses too.
            "tap-on=container": "– | R↑ | K | M | K ✓ | R↑ | T | K | ⏎ R↑ | K ✓ | K | K ✓ | K | R↑ | n/a | K",
            // `.simultaneousGesture`: "Attaches a gesture to the view to process simultaneously with
            // gestures defined by the view": the button fires and the field resigns; a tap in a
            // field resigns it and its own tap focuses it again.
            "tap-on=simultaneous": "– | R↑ | R↺ | M~ | R↑ ✓ | R↑ | T | K | ⏎ R↑ | R↑ ✓ | K | R↑ ✓ | K | R↑ | n/a | K",
            // The "hideKeyboard" extension sends resignFirstResponder to the first responder; a
            // SwiftUI TextField has no delegate that could refuse, so nothing changes.
            "resign-with=send-action": "– | R↑ | K | M | K ✓ | K | T | K | ⏎ R↑ | K ✓ | K | K ✓ | K | R↑ | n/a | K",
            "scroll-dismisses=immediately": "– | R↑ | K | M | K ✓ | K | T | K | ⏎ R↑ | K ✓ | R→ | K ✓ | K | R↑ | n/a | R→",
        ])
}
