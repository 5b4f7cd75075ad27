import TapawayKit

/// The headless backend's font: every character is `0.6 × size` wide, so widths are predictable.
public final class FixedFont: Font {
    /// The size asked for, in points, which every metric scales with.
    public let pointSize: Double
    /// Ascent: 80 % of the size.
    public var ascent: Double { pointSize * 0.8 }
    /// Descent: 20 % of the size.
    public var descent: Double { pointSize * 0.2 }
    /// Creates a font of `size` points whose characters all have the same advance.
    public init(size: Double) { pointSize = size }
    /// `count × 0.6 × size`, counting characters (grapheme clusters).
    public func width(of text: Substring) -> Double { Double(text.count) * pointSize * 0.6 }

    /// A layout for text holding Hebrew letters (U+0590 to U+05FF), by a small stand-in for the
    /// bidirectional algorithm, enough for the Kit's tests: Hebrew letters run right to left, every
    /// other letter or digit left to right, and a run of other characters takes the direction of its
    /// neighbours when they agree, else the paragraph's (the first strong character's, unless
    /// `rightToLeft` gives it).
    ///
    /// The X11 backend uses FriBidi.
    public func lineLayout(of text: Substring, rightToLeft: Bool?) -> LineLayout? {
        // Hebrew letters are U+0590 to U+05FF: UTF-8 lead bytes D6 and D7. Most text has
        // neither, and is answered without a look at its characters.
        guard rightToLeft == true || text.utf8.contains(where: { $0 == 0xD6 || $0 == 0xD7 }) else { return nil }
        let characters = Array(text)
        func strong(_ c: Character) -> Bool? {
            guard let v = c.unicodeScalars.first?.value else { return nil }
            if (0x0590...0x05FF).contains(v) { return true }
            return c.isLetter || c.isNumber ? false : nil
        }
        guard rightToLeft == true || characters.contains(where: { strong($0) == true }) else { return nil }
        let paragraph = rightToLeft ?? characters.lazy.compactMap(strong).first ?? false
        let kinds = characters.map(strong)
        let levels: [UInt8] = kinds.indices.map { i in
            let before = kinds[..<i].reversed().lazy.compactMap { $0 }.first ?? paragraph
            let after = kinds[(i + 1)...].lazy.compactMap { $0 }.first ?? paragraph
            let rightToLeft = kinds[i] ?? (before == after ? before : paragraph)
            return rightToLeft ? 1 : (paragraph ? 2 : 0)
        }
        let advance = pointSize * 0.6
        let clusters = LineLayout.visualOrder(levels: levels).enumerated().map { position, character in
            LineLayout.Cluster(
                characters: character..<(character + 1), minX: Double(position) * advance, width: advance,
                isRightToLeft: levels[character] % 2 == 1)
        }
        return LineLayout(clusters: clusters, characterCount: characters.count, isRightToLeft: paragraph)
    }
}

/// Supplies `FixedFont`s, cached by size.
public final class FixedFontProvider: FontProvider {
    private var cache: [Double: FixedFont] = [:]
    /// Creates a provider that makes fixed-width fonts of any size and weight.
    public init() {}
    /// The sizes asked for so far (a real provider opens a font for each: tests count them).
    public var sizes: Set<Double> { Set(cache.keys) }
    /// Every size and weight asked for so far: the faces a real provider opens (tests count the
    /// first screen's).
    public private(set) var faces: Set<Face> = []

    /// A size and a weight of type.
    public struct Face: Hashable, Sendable, CustomStringConvertible {
        /// The size in points.
        public let size: Double
        /// The weight asked for, kept so that tests can see which weight a view chose.
        public let weight: FontWeight
        /// The size and weight, for example "17 semibold".
        public var description: String { "\(size) \(weight.rawValue)" }
    }

    /// A fixed-metric font of `size` (the weight does not change the metrics).
    public func font(size: Double, weight: FontWeight) -> Font {
        faces.insert(Face(size: size, weight: weight))
        if let font = cache[size] { return font }
        let font = FixedFont(size: size)
        cache[size] = font
        return font
    }
}
