import TapawayDemo

extension TechniqueExpectations {
    /// `android`, an activity that hides the keyboard on ACTION_DOWN outside the focused
    /// EditText: its cells with each trigger and Compose's ways (`docs/techniques.md`).
    static let android = TechniqueExpectations(
        .android,
        // Android's `ScrollView` does not intercept a drag it cannot scroll.
        bouncesWhenContentFits: false,
        defaults: "– | R↓ | K | M~ | R↓ ✓ | R↓ | T | K | ⏎ R↓ | R↓ ✓ | R↓ | R↓ ✓ | R↓ | R↓ | n/a | R↓",
        options: [
            // The ACTION_UP snippet checks after super.dispatchTouchEvent: email is focused by then.
            "trigger=up": "– | H | K | M | H ✓ | H | T | K | ⏎ H | H ✓ | H | H ✓ | H | H | n/a | K",
            // Jetpack Compose, `Modifier.pointerInput { detectTapGestures(onTap = …) }` on the content:
            // "If the first down event is consumed somewhere else, the entire gesture will be
            // skipped", and "if the pointer moves out of the input area, the position change is
            // consumed, or another gesture consumes the down or up events, the gestures are
            // considered canceled" (TapGestureDetector.kt): controls, rows and fields keep their
            // taps, a drag cancels, onTap comes with the pointer up.
            "code=compose-clear-focus": "– | R↑ | K | M | K ✓ | R↑ | T | K | ⏎ R↑ | K ✓ | K | K ✓ | K | R↑ | n/a | K",
            // LocalSoftwareKeyboardController.hide(): "Hide the software keyboard"; focus is not touched.
            "code=compose-hide": "– | H | K | M | K ✓ | H | T | K | ⏎ H | K ✓ | K | K ✓ | K | H | n/a | K",
        ])
}
