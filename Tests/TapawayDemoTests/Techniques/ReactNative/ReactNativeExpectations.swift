import TapawayDemo

extension TechniqueExpectations {
    /// `react-native`, whose ScrollView takes taps while the keyboard is up and blurs on release:
    /// its cells with each `keyboardShouldPersistTaps` and a dismissing wrapper
    /// (`docs/techniques.md`).
    static let reactNative = TechniqueExpectations(
        .reactNative,
        // ScrollView's `alwaysBounceVertical`: "The default value is true when horizontal={false}".
        bouncesWhenContentFits: true,
        defaults: "– | R↑ | K | M | R↑ ✗ | R↑ | T | K | ⏎ R↑ | R↑ ✗ | K | R↑ ✗ | K | R↑ | n/a | K",
        options: [
            "persist-taps=handled": "– | R↑ | K | M | K ✓ | R↑ | T | K | ⏎ R↑ | K ✓ | K | K ✓ | K | R↑ | n/a | K",
            // <TouchableWithoutFeedback onPress={Keyboard.dismiss}> around the screen: the
            // responder system bubbles "up from the deepest component", so the wrapper, outermost,
            // is asked last. Under `never` (and `handled`) the ScrollView takes the tap first and
            // blurs itself: the wrapper changes nothing. Under `always` it alone dismisses
            // (Keyboard.dismiss(): "Dismisses the active keyboard and removes focus"), where no
            // child takes the tap; a drag scrolls the ScrollView, which takes the gesture over.
            "wrapper=touchable": "– | R↑ | K | M | R↑ ✗ | R↑ | T | K | ⏎ R↑ | R↑ ✗ | K | R↑ ✗ | K | R↑ | n/a | K",
            "persist-taps=always wrapper=touchable":
                "– | R↑ | K | M | K ✓ | R↑ | T | K | ⏎ R↑ | K ✓ | K | K ✓ | K | R↑ | n/a | K",
            "persist-taps=always": "– | K | K | M | K ✓ | K | T | K | ⏎ K | K ✓ | K | K ✓ | K | K | n/a | K",
        ])
}
