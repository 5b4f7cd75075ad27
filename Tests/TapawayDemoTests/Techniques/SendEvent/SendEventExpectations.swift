import TapawayDemo

extension TechniqueExpectations {
    /// `send-event`, a window subclass that resigns before delivering a new touch outside: its
    /// cells as UIKit documents them (`docs/techniques.md` grades each).
    static let sendEvent = TechniqueExpectations(
        .sendEvent,
        // UIKit's `alwaysBounceVertical`: "The default value is false".
        bouncesWhenContentFits: false,
        defaults: "– | R↓ | K | M | R↓ ✓ | R↓ | T | K | ⏎ R↓ | R↓ ✓ | R↓ | R↓ ✓ | R↓ | K | n/a | K")
}
