import TapawayDemo

extension TechniqueExpectations {
    /// `none`, no code at all: nothing but a field's own tap moves focus, as every platform does
    /// by default (`docs/techniques.md`).
    static let noCode = TechniqueExpectations(
        .noCode,
        // UIKit's `alwaysBounceVertical`: "The default value is false".
        bouncesWhenContentFits: false,
        defaults: "– | K | K | M | K ✓ | K | T | K | ⏎ K | K ✓ | K | K ✓ | K | K | n/a | K")
}
