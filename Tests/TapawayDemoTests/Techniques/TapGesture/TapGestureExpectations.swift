import TapawayDemo

extension TechniqueExpectations {
    /// `tap-gesture`, a tap recognizer on the root view that ends editing: its cells as UIKit's
    /// gesture recognizers are documented to behave (`docs/techniques.md` grades each).
    static let tapGesture = TechniqueExpectations(
        .tapGesture,
        // UIKit's `alwaysBounceVertical`: "The default value is false".
        bouncesWhenContentFits: false,
        defaults: "– | R↑ | K | M | K ✓ | R↑ | T | K | ⏎ R↑ | K ✓ | K | R↑ ✗ | K | R↑ | n/a | K",
        options: [
            // Not cancelling the touches is not enough on a table cell: the recognizer (no delegate:
            // "The default implementation returns false—no two gestures can be recognized
            // simultaneously") wins the quick tap from the table's selection, as in IQKeyboardManager
            // issue #1041.
            "cancels-touches=off": "– | R↑ | K | M | K ✓ | R↑ | T | K | ⏎ R↑ | K ✓ | K | R↑ ✗ | K | R↑ | n/a | K"
        ])
}
