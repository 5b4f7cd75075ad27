/// The instrument overlays the inspector switches on and off: the raw value is the switch's
/// identifier, which the settings' `[overlays]` section also uses as its key.
package enum OverlayKind: String, CaseIterable, Sendable {
    /// Each touch with a fading trail.
    case touches = "overlay-touches"
    /// The focused field's inside region and the Prev/Next order.
    case regions = "overlay-regions"
    /// The keypad's frame and the distance kept above it.
    case keypad = "overlay-keypad"
}
