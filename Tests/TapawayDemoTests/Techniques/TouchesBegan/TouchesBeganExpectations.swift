import TapawayDemo

extension TechniqueExpectations {
    /// `touches-began`, a view controller that ends editing in `touchesBegan`: its cells in each
    /// container, as UIKit's responder chain delivers touches (`docs/techniques.md`).
    static let touchesBegan = TechniqueExpectations(
        .touchesBegan,
        // UIKit's `alwaysBounceVertical`: "The default value is false" (the default container is
        // a scroll view; `FormBounceTests` plays the table's, which Interface Builder makes bounce).
        bouncesWhenContentFits: false,
        // In a scroll view (Tapaway's form) no background touch reaches the view controller.
        defaults: "– | K | K | M | K ✓ | K | T | K | ⏎ K | K ✓ | K | K ✓ | K | K | n/a | K",
        options: [
            "container=table": "– | K | K | M | K ✓ | K | T | K | ⏎ K | K ✓ | K | K ✓ | K | K | n/a | K",
            "container=plain-view": "– | R↓ | K | M | K ✓ | R↓ | T | R↺ | ⏎ R↓ | K ✓ | R↓ | K ✓ | K | R↓ | n/a | K",
            "container=plain-view resign-with=send-action":
                "– | R↓ | K | M | K ✓ | R↓ | T | R↺ | ⏎ R↓ | K ✓ | R↓ | K ✓ | K | K | n/a | K",
        ])
}
