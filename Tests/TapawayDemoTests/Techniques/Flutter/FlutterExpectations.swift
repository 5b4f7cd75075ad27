import TapawayDemo

extension TechniqueExpectations {
    /// `flutter`, where each pointer down outside the text fields' tap region unfocuses: its
    /// cells with `TapRegion`'s and a `GestureDetector`'s options (`docs/techniques.md`).
    static let flutter = TechniqueExpectations(
        .flutter,
        // A primary scroll view (a vertical `ListView` with no controller) "is always scrollable,
        // even if it does not have sufficient content" (`ScrollView.primary`).
        bouncesWhenContentFits: true,
        defaults: "– | R↓ | K | M | R↓ ✓ | R↓ | T | R↺ | ⏎ R↓ | R↓ ✓ | R↓ | R↓ ✓ | R↓ | R↓ | n/a | K",
        options: [
            "consume-outside-taps=on": "– | R↓ | K | M | R↓ ✗ | R↓ | T | R↺ | ⏎ R↓ | R↓ ✗ | R↓ | R↓ ✗ | R↓ | R↓ | n/a | K",
            "gesture-detector=on": "– | R↑ | K | M | K ✓ | R↑ | T | K | ⏎ R↑ | K ✓ | K | K ✓ | K | R↑ | n/a | K",
            // Inside the scroll view, the detector is as tall as the content: the matrix's background
            // point lies within it, so no cell changes (FlutterDetectorPlacementTests plays the
            // empty space below a short page's content, where it does).
            "gesture-detector=on detector-inside=on":
                "– | R↑ | K | M | K ✓ | R↑ | T | K | ⏎ R↑ | K ✓ | K | K ✓ | K | R↑ | n/a | K",
        ])
}
