import CX11
import Glibc
import TapawayKit

/// Fonts from Xft (fontconfig + FreeType, rendered through XRender), cached by size and weight.
///
/// The family is chosen once: the preferred family if fontconfig has it, else the first
/// fallback it has, else the last fallback as a generic name. Missing the preferred family
/// writes one warning line to fd 2.
final class XftFontProvider: FontProvider {
    private struct Key: Hashable {
        let quarterPixels: Int
        let weight: FontWeight
    }

    private let display: OpaquePointer
    private let screen: Int32
    private var cache: [Key: XftFontFace] = [:]
    /// The family every font comes from.
    let family: String
    /// Device pixels per Kit point: fonts are opened this many times larger and measure in
    /// points. Set before the first font is asked for.
    var scale: Double = 1 {
        didSet { cache.removeAll() }
    }

    /// Resolves the family among `preferred` and `fallbacks` (tried in order) on `display`.
    /// Throws when fontconfig can open no font at all (a system without fonts, or a broken
    /// configuration): nothing could be drawn.
    init(display: OpaquePointer, screen: Int32, preferred: String, fallbacks: [String]) throws(X11Error) {
        self.display = display
        self.screen = screen
        FontconfigWarmUp.finish()
        let candidates = [preferred] + fallbacks
        var chosen = candidates.last ?? "sans-serif"
        var regular: OpaquePointer?
        for (index, candidate) in candidates.enumerated() {
            // fontconfig always answers with its best match; it is the family only if its
            // family name says so (the last candidate, a generic name, is taken as it comes).
            guard let matched = XftFontProvider.match(candidate, display: display, screen: screen) else { continue }
            if index == candidates.count - 1
                || XftFontProvider.families(of: matched).contains(where: { $0.lowercased() == candidate.lowercased() })
            {
                chosen = candidate
                regular = matched
                break
            }
            FcPatternDestroy(matched)
        }
        family = chosen
        // A match with no font file behind it is no font: a system without fonts.
        guard let regular, XftFontProvider.hasFile(regular) else {
            if let regular { FcPatternDestroy(regular) }
            throw X11Error(
                "fontconfig found no font to draw with (is FONTCONFIG_FILE right? install fonts-dejavu-core or fonts-inter)")
        }
        matches[.regular] = regular
        if chosen != preferred {
            writeErrorLine(
                "tapaway: font family '\(preferred)' not found; using '\(chosen)' (install fonts-inter for the intended look)")
        }
    }

    /// A font of `size` points and `weight` (opened at `size × scale` pixels); the same object
    /// for the same size and weight.
    func font(size: Double, weight: FontWeight) -> TapawayKit.Font {
        let key = Key(quarterPixels: Int((max(size, 1) * 4).rounded()), weight: weight)
        if let font = cache[key] { return font }
        let pixels = Double(key.quarterPixels) / 4 * scale
        let opened =
            openResized(weight: weight, pixels: pixels)
            ?? XftFontOpenName(display, screen, XftFontProvider.patternName(family: family, pixels: pixels, weight: weight))
            ?? XftFontOpenName(display, screen, XftFontProvider.patternName(family: "sans-serif", pixels: pixels, weight: weight))
        guard let opened else {
            // fontconfig always matches something; reaching this means no fonts at all.
            fatalError("tapaway: no font could be opened (is fontconfig configured?)")
        }
        let font = XftFontFace(display: display, font: opened, pointSize: Double(key.quarterPixels) / 4, scale: scale)
        cache[key] = font
        return font
    }

    /// fontconfig's match for each weight, made once: every size is that match with another
    /// pixel size, which skips matching and sorting the system's fonts again (most of what
    /// opening a font by name costs).
    private var matches: [FontWeight: OpaquePointer] = [:]

    private func openResized(weight: FontWeight, pixels: Double) -> UnsafeMutablePointer<XftFont>? {
        let base: OpaquePointer
        if let known = matches[weight] {
            base = known
        } else {
            guard let pattern = FcNameParse(XftFontProvider.patternName(family: family, pixels: pixels, weight: weight)) else {
                return nil
            }
            defer { FcPatternDestroy(pattern) }
            var result = FcResultNoMatch
            guard let matched = XftFontMatch(display, screen, pattern, &result) else { return nil }
            matches[weight] = matched
            base = matched
        }
        guard let sized = FcPatternDuplicate(base) else { return nil }
        FcPatternDel(sized, "pixelsize")
        FcPatternDel(sized, "size")
        FcPatternAddDouble(sized, "pixelsize", pixels)
        // XftFontOpenPattern owns the pattern once it succeeds.
        guard let font = XftFontOpenPattern(display, sized) else {
            FcPatternDestroy(sized)
            return nil
        }
        return font
    }

    /// A fontconfig pattern for the family at a pixel size and weight, anti-aliased and lightly hinted.
    static func patternName(family: String, pixels: Double, weight: FontWeight) -> String {
        let fcWeight: Int
        switch weight {
        case .regular: fcWeight = 80
        case .medium: fcWeight = 100
        case .semibold: fcWeight = 180
        }
        return "\(escape(family)):pixelsize=\(pixels):weight=\(fcWeight):antialias=true:hinting=true:hintstyle=hintslight"
    }

    /// Escapes the characters that end a family in fontconfig's name syntax.
    private static func escape(_ family: String) -> String {
        var out = ""
        for ch in family {
            if ch == "-" || ch == ":" || ch == "," || ch == "\\" { out.append("\\") }
            out.append(ch)
        }
        return out
    }

    /// fontconfig's best match for `family` at the regular weight (the caller destroys it).
    private static func match(_ family: String, display: OpaquePointer, screen: Int32) -> OpaquePointer? {
        guard let pattern = FcNameParse(patternName(family: family, pixels: 14, weight: .regular)) else { return nil }
        defer { FcPatternDestroy(pattern) }
        var result = FcResultNoMatch
        return XftFontMatch(display, screen, pattern, &result)
    }

    /// The family names of a matched pattern.
    private static func families(of pattern: OpaquePointer) -> [String] {
        var names: [String] = []
        var index: Int32 = 0
        var value: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(pattern, "family", index, &value) == FcResultMatch, let value {
            names.append(String(cString: value))
            index += 1
        }
        return names
    }

    /// Whether a matched pattern names a font file.
    private static func hasFile(_ pattern: OpaquePointer) -> Bool {
        var value: UnsafeMutablePointer<FcChar8>?
        return FcPatternGetString(pattern, "file", 0, &value) == FcResultMatch && value != nil
    }

    /// The family names at the start of an unparsed fontconfig pattern (`Inter,Inter Thin-14:…`).
    static func matchedFamilies(in unparsed: String) -> [String] {
        var families: [String] = []
        var current = ""
        var escaped = false
        for ch in unparsed {
            if escaped {
                current.append(ch)
                escaped = false
            } else if ch == "\\" {
                escaped = true
            } else if ch == "," {
                families.append(current)
                current = ""
            } else if ch == ":" || ch == "-" {
                break
            } else {
                current.append(ch)
            }
        }
        if !current.isEmpty { families.append(current) }
        return families
    }
}

/// One Xft font: metrics and measurement for the Kit, and the handle the canvas draws with.
final class XftFontFace: TapawayKit.Font {
    private let display: OpaquePointer
    /// The Xft font.
    let font: UnsafeMutablePointer<XftFont>
    private var widths: [String: Double] = [:]
    /// The requested size in Kit points.
    let pointSize: Double
    /// Device pixels per point: the Xft font is this many times `pointSize` pixels.
    let scale: Double
    /// Distance from the baseline to the top of the tallest glyph, in points.
    let ascent: Double
    /// Distance from the baseline to the bottom of the deepest glyph, in points.
    let descent: Double

    init(display: OpaquePointer, font: UnsafeMutablePointer<XftFont>, pointSize: Double, scale: Double = 1) {
        self.display = display
        self.font = font
        self.pointSize = pointSize
        self.scale = scale
        ascent = Double(font.pointee.ascent) / scale
        descent = Double(font.pointee.descent) / scale
    }

    /// The advance width of `text` in points (Xft measures on the client; results are cached).
    func width(of text: Substring) -> Double {
        if text.isEmpty { return 0 }
        let key = String(text)
        if let width = widths[key] { return width }
        let width = measure(key)
        if widths.count >= 4096 { widths.removeAll(keepingCapacity: true) }
        widths[key] = width
        return width
    }

    /// Sums glyph advances in chunks: `XGlyphInfo.xOff` is 16 bits wide.
    private func measure(_ text: String) -> Double {
        var copy = text
        return copy.withUTF8 { bytes -> Double in
            var total = 0.0
            var start = 0
            let chunk = 512
            while start < bytes.count {
                var end = min(start + chunk, bytes.count)
                // Never split a UTF-8 sequence: back up to the start of a scalar.
                while end < bytes.count && end > start && (bytes[end] & 0xC0) == 0x80 { end -= 1 }
                var info = XGlyphInfo()
                XftTextExtentsUtf8(display, font, bytes.baseAddress! + start, Int32(end - start), &info)
                total += Double(info.xOff)
                start = end
            }
            return total / scale
        }
    }
}
