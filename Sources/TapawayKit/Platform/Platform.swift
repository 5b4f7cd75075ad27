/// The weight of a typeface.
public enum FontWeight: String, Sendable, Hashable {
    /// The weight of body text, field contents and labels.
    case regular
    /// Slightly heavier: buttons and titles.
    case medium
    /// The weight of headings and navigation titles, the heaviest the Kit opens.
    case semibold
}

/// A font as the Kit sees it: metrics and measurement, no rendering.
///
/// The X11 backend wraps an Xft font; tests use a fixed-metric font.
public protocol Font: AnyObject {
    /// The nominal size in pixels.
    var pointSize: Double { get }
    /// Distance from the baseline to the top of the tallest glyph.
    var ascent: Double { get }
    /// Distance from the baseline to the bottom of the deepest glyph.
    var descent: Double { get }
    /// The advance width of `text` in pixels.
    func width(of text: Substring) -> Double
    /// How `text` shows as one line when it needs more than additive widths: shaping (Arabic's
    /// joined forms, Devanagari's conjuncts, an emoji sequence drawn as one glyph) or the
    /// bidirectional algorithm (right-to-left text). Nil for plain left-to-right text, whose
    /// characters advance by their own widths (the fast path). `rightToLeft` gives the
    /// paragraph's direction when the line is not its first (nil: the line's first strong
    /// character decides); a line of a right-to-left paragraph is laid out even when plain.
    /// Text with nothing at or past U+0300 in a paragraph that is not right to left must be
    /// plain (nil), so callers on a hot path may skip asking.
    func lineLayout(of text: Substring, rightToLeft: Bool?) -> LineLayout?
}

extension Font {
    /// The height of one line of text.
    public var lineHeight: Double { ascent + descent }
    /// The advance width of `text` in pixels.
    public func width(of text: String) -> Double { width(of: text[...]) }
    /// Plain left-to-right text everywhere: a font without shaping has no other layout.
    public func lineLayout(of text: Substring, rightToLeft: Bool?) -> LineLayout? { nil }
    /// The layout of `text` as a paragraph of its own (its first strong character decides its direction).
    public func lineLayout(of text: Substring) -> LineLayout? { lineLayout(of: text, rightToLeft: nil) }
}

/// Supplies fonts by size and weight.
public protocol FontProvider: AnyObject {
    /// A font of `size` pixels and `weight`.
    func font(size: Double, weight: FontWeight) -> Font
}

/// A drawing surface with a current translation and clip, as seen by views.
///
/// Coordinates are in the current space (a view's bounds while it draws);
/// the canvas turns them into device pixels.
public protocol Canvas: AnyObject {
    /// Moves the origin by `dx`, `dy` until the matching `restore()`.
    func translate(dx: Double, dy: Double)
    /// Saves the translation and clip.
    func save()
    /// Restores the translation and clip saved last.
    func restore()
    /// Narrows the clip to `rect` (in the current space).
    func clip(to rect: Rect)
    /// Fills `rect` (in the current space, clipped) with `color`, blending by its opacity.
    func fill(_ rect: Rect, color: Color)
    /// Fills a rectangle with rounded corners, anti-aliased.
    func fillRoundedRect(_ rect: Rect, radius: Double, color: Color)
    /// Strokes the outline of a rounded rectangle, anti-aliased; the line lies inside `rect`.
    func strokeRoundedRect(_ rect: Rect, radius: Double, lineWidth: Double, color: Color)
    /// Fills the ellipse inscribed in `rect`, anti-aliased.
    func fillEllipse(in rect: Rect, color: Color)
    /// Fills a polygon, anti-aliased.
    func fillPolygon(_ points: [Point], color: Color)
    /// Draws one line of text with its baseline starting at `point`.
    func drawText(_ text: Substring, at point: Point, font: Font, color: Color)
    /// Draws one line of a paragraph whose direction is `rightToLeft` (nil: the line's own), as
    /// `Font.lineLayout(of:rightToLeft:)` lays it out.
    func drawText(_ text: Substring, at point: Point, font: Font, color: Color, rightToLeft: Bool?)
}

extension Canvas {
    /// Draws one line of text with its baseline starting at `point`.
    ///
    /// A canvas that draws no shaped text draws a line the same in any paragraph.
    public func drawText(_ text: Substring, at point: Point, font: Font, color: Color, rightToLeft: Bool?) {
        drawText(text, at: point, font: font, color: color)
    }

    public func drawText(_ text: String, at point: Point, font: Font, color: Color) {
        drawText(text[...], at: point, font: font, color: color)
    }
}

/// The platform's side of a Kit `Window`: where its pixels go.
@MainActor
public protocol PlatformWindow: AnyObject {
    /// Moves or resizes the platform window to `frame` (in screen pixels).
    func setFrame(_ frame: Rect)
    /// Shows or hides the platform window.
    func setVisible(_ visible: Bool)
    /// Asks for `rect` (in window coordinates) to be repainted at the next flush.
    func invalidate(_ rect: Rect)
}

/// The clipboard of the system the Kit runs on, where copy, cut and paste meet other programs.
public protocol Clipboard: AnyObject {
    /// The text on the clipboard, if any, as far as it is at hand (another program's may have
    /// to be asked for: `requestText(_:)`).
    var text: String? { get set }
    /// The X primary selection: set to the text selected in an input, pasted with the middle
    /// button. Nil on platforms that have none.
    var primary: Clipboard? { get }
    /// Gives the clipboard's text to `completion` (nil when there is none): at once when it is
    /// at hand, or later, from the run loop, when another program must send it. A paste goes
    /// through it, so no program that holds the clipboard can stop the loop.
    func requestText(_ completion: @escaping (String?) -> Void)
}

extension Clipboard {
    /// No primary selection unless the platform has one.
    public var primary: Clipboard? { nil }
    /// Gives `text` to `completion` at once, for clipboards that never need to ask another program.
    public func requestText(_ completion: @escaping (String?) -> Void) { completion(text) }
}

/// A clipboard that lives in memory, for headless use and as a fallback.
public final class MemoryClipboard: Clipboard {
    /// The text on the clipboard.
    public var text: String?
    /// Creates an empty clipboard.
    public init() {}
}
