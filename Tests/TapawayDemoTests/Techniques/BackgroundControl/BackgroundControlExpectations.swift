import TapawayDemo

extension TechniqueExpectations {
    /// `background-control`, a background that is a control whose touch-up-inside ends editing:
    /// its cells as UIKit's controls are documented to track a touch (`docs/techniques.md`).
    static let backgroundControl = TechniqueExpectations(
        .backgroundControl,
        // UIKit's `alwaysBounceVertical`: "The default value is false".
        bouncesWhenContentFits: false,
        defaults: "– | R↑ | K | M | K ✓ | R↑ | T | R↺ | ⏎ R↑ | K ✓ | K | K ✓ | K | R↑ | n/a | K")
}
