import TapawayDemo

extension TechniqueExpectations {
    /// `as-written`, only the wiring a screen file declares, on the shipped screens, which declare
    /// none: "nothing added" (its summary), so every cell is `none`'s.
    ///
    /// It is not in the registry, so the README's matrix has no row for it; the wiring tests
    /// (`RecognizerWiringTests`, `AsWrittenPlatformTests`…) play the files that declare some.
    static let asWritten = TechniqueExpectations(
        .asWritten,
        // The shipped screens are UIKit's: `alwaysBounceVertical` "The default value is false".
        bouncesWhenContentFits: false,
        defaults: "– | K | K | M | K ✓ | K | T | K | ⏎ K | K ✓ | K | K ✓ | K | K | n/a | K")
}
