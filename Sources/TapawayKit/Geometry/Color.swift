/// A colour with straight (not premultiplied) alpha, components in 0...1.
public struct Color: Hashable, Sendable {
    /// The red component, from 0 (none) to 1 (full), not premultiplied.
    public var red: Double
    /// The green component, from 0 (none) to 1 (full), not premultiplied.
    public var green: Double
    /// The blue component, from 0 (none) to 1 (full), not premultiplied.
    public var blue: Double
    /// The opacity, from 0 (transparent) to 1 (opaque).
    public var alpha: Double

    /// Creates a colour from components in 0...1.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
    /// Creates a colour from a 24-bit `0xRRGGBB` value.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(
            red: Double((hex >> 16) & 0xFF) / 255,
            green: Double((hex >> 8) & 0xFF) / 255,
            blue: Double(hex & 0xFF) / 255, alpha: alpha)
    }
    /// The same colour with another opacity.
    public func withAlpha(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }
    /// The colour mixed toward `other` by `amount` (0 keeps this colour, 1 gives `other`).
    public func mixed(with other: Color, amount: Double) -> Color {
        let t = min(max(amount, 0), 1)
        return Color(
            red: red + (other.red - red) * t, green: green + (other.green - green) * t,
            blue: blue + (other.blue - blue) * t, alpha: alpha + (other.alpha - alpha) * t)
    }
    /// The colour as a 24-bit `0xRRGGBB` value (alpha dropped).
    public var rgb: UInt32 {
        func c(_ v: Double) -> UInt32 { UInt32((min(max(v, 0), 1) * 255).rounded()) }
        return c(red) << 16 | c(green) << 8 | c(blue)
    }

    /// The colour that paints nothing: every component and the opacity are zero.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    /// White at full opacity, #FFFFFF.
    public static let white = Color(hex: 0xFFFFFF)
    /// Black at full opacity, #000000.
    public static let black = Color(hex: 0x000000)
}
