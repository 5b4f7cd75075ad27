import TapawayKit

/// The headless backend's font: every character is `0.6 × size` wide, so widths are predictable.
public final class FixedFont: Font {
    /// The nominal size.
    public let pointSize: Double
    /// Ascent: 80 % of the size.
    public var ascent: Double { pointSize * 0.8 }
    /// Descent: 20 % of the size.
    public var descent: Double { pointSize * 0.2 }
    /// Creates a font.
    public init(size: Double) { pointSize = size }
    /// `count × 0.6 × size`, counting characters (grapheme clusters).
    public func width(of text: Substring) -> Double { Double(text.count) * pointSize * 0.6 }
}

/// Supplies `FixedFont`s, cached by size.
public final class FixedFontProvider: FontProvider {
    private var cache: [Double: FixedFont] = [:]
    /// Creates a provider.
    public init() {}
    /// The sizes asked for so far (a real provider opens a font for each: tests count them).
    public var sizes: Set<Double> { Set(cache.keys) }
    /// A fixed-metric font of `size` (the weight does not change the metrics).
    public func font(size: Double, weight: FontWeight) -> Font {
        if let font = cache[size] { return font }
        let font = FixedFont(size: size)
        cache[size] = font
        return font
    }
}
