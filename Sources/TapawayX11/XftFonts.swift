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
    /// Device pixels per Kit point: fonts are opened this many times larger and measure in points.
    ///
    /// Set before the first font is asked for.
    var scale: Double = 1 {
        didSet { cache.removeAll() }
    }

    /// Resolves the family among `preferred` and `fallbacks` (tried in order) on `display`.
    ///
    /// Throws when fontconfig can open no font at all (a system without fonts, or a broken
    /// configuration): nothing could be drawn.
    ///
    /// When `FontconfigWarmUp` found a current font-match cache made for this display and these
    /// families, the fonts open from it and fontconfig's configuration is not loaded.
    init(display: OpaquePointer, screen: Int32, preferred: String, fallbacks: [String]) throws(X11Error) {
        self.display = display
        self.screen = screen
        FontconfigWarmUp.finish()
        let candidates = [preferred] + fallbacks
        request = candidates.map {
            XftFontProvider.patternName(family: $0, pixels: XftFontProvider.matchPixels, weight: .regular)
        }
        if let cache = FontconfigWarmUp.takeCache(), cache.fits(display: display, screen: screen, request: request),
            let regular = cache.pattern(
                for: .regular, query: XftFontProvider.query(family: cache.family, weight: .regular), display: display,
                screen: screen)
        {
            family = cache.family
            matches[.regular] = regular
            matchCache = cache
            if family != preferred { XftFontProvider.warnMissing(preferred, using: family) }
            return
        }
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
        matchedByFontconfig = true
        if chosen != preferred { XftFontProvider.warnMissing(preferred, using: chosen) }
    }

    /// The one line said when the preferred family is missing.
    private static func warnMissing(_ preferred: String, using chosen: String) {
        writeErrorLine(
            "tapaway: font family '\(preferred)' not found; using '\(chosen)' (install fonts-inter for the intended look)")
    }

    /// The queries of the candidate families, in order (part of the font-match cache's key).
    private let request: [String]
    /// The font-match cache the fonts open from, when it was current.
    private var matchCache: FontMatchCache?
    /// Whether fontconfig matched a font this run, so the cache is out of date.
    private var matchedByFontconfig = false

    /// The pixel size every match is made at: each size is then the match resized, so the
    /// match (and the cache) does not depend on which size is asked for first or on the scale.
    private static let matchPixels = 14.0

    /// The query that matches `family` at `weight`.
    private static func query(family: String, weight: FontWeight) -> String {
        patternName(family: family, pixels: matchPixels, weight: weight)
    }

    /// Replaces the font-match cache when fontconfig matched a font this run (there was no cache, or it
    /// was out of date): matches the weights not matched yet, so the next start finds them all, and
    /// writes them with the key of what they depend on.
    ///
    /// Called once the first frame is on the screen; does nothing without a cache file.
    func rememberMatches() {
        guard matchedByFontconfig, let file = FontconfigWarmUp.cacheFile else { return }
        matchedByFontconfig = false
        var entries: [FontWeight: (query: String, pattern: String)] = [:]
        var files: [String] = []
        for weight in [FontWeight.regular, .medium, .semibold] {
            let query = XftFontProvider.query(family: family, weight: weight)
            guard let match = matches[weight] ?? fontconfigMatch(query, weight: weight),
                let text = FontMatchCache.storable(match, display: display, screen: screen)
            else { continue }
            var path: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(match, "file", 0, &path) == FcResultMatch, let path else { continue }
            entries[weight] = (query, text)
            files.append(String(cString: path))
        }
        guard entries[.regular] != nil, let displayKey = FontMatchCache.displayKey(display: display, screen: screen) else {
            return
        }
        let cache = FontMatchCache(
            libraries: FontMatchCache.currentLibraries(), environment: FontMatchCache.currentEnvironment(),
            stamps: FontMatchCache.currentStamps(fontFiles: files), display: displayKey, request: request, family: family,
            matches: entries)
        file.write(cache.serialized())
    }

    /// fontconfig's match for `query`, kept as the match for `weight`.
    private func fontconfigMatch(_ query: String, weight: FontWeight) -> OpaquePointer? {
        guard let pattern = FcNameParse(query) else { return nil }
        defer { FcPatternDestroy(pattern) }
        var result = FcResultNoMatch
        guard let matched = XftFontMatch(display, screen, pattern, &result) else { return nil }
        matches[weight] = matched
        matchedByFontconfig = true
        return matched
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
        let font = XftFontFace(
            display: display, font: opened, pointSize: Double(key.quarterPixels) / 4, scale: scale,
            fallbacks: FallbackFonts(display: display, screen: screen, pixels: pixels, weight: weight))
        cache[key] = font
        return font
    }

    /// fontconfig's match for each weight, made once (or read from the font-match cache): every
    /// size is that match with another pixel size, which skips matching and sorting the
    /// system's fonts again (most of what opening a font by name costs).
    private var matches: [FontWeight: OpaquePointer] = [:]

    private func openResized(weight: FontWeight, pixels: Double) -> UnsafeMutablePointer<XftFont>? {
        let base: OpaquePointer
        let query = XftFontProvider.query(family: family, weight: weight)
        if let known = matches[weight] {
            base = known
        } else if let cached = matchCache?.pattern(for: weight, query: query, display: display, screen: screen) {
            matches[weight] = cached
            base = cached
        } else {
            guard let matched = fontconfigMatch(query, weight: weight) else { return nil }
            base = matched
        }
        guard let sized = FcPatternDuplicate(base) else { return nil }
        FcPatternDel(sized, "pixelsize")
        FcPatternDel(sized, "size")
        FcPatternAddDouble(sized, "pixelsize", pixels)
        // XftFontOpenPattern owns the pattern once it succeeds.
        guard let font = XftFontOpenPattern(display, sized) else {
            FcPatternDestroy(sized)
            // A cached match that does not open (its file is no font): fontconfig matches afresh.
            if matchCache != nil {
                matchCache = nil
                for pattern in matches.values { FcPatternDestroy(pattern) }
                matches.removeAll()
                return openResized(weight: weight, pixels: pixels)
            }
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
        guard let pattern = FcNameParse(query(family: family, weight: .regular)) else { return nil }
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

/// The fonts a face falls back on for characters it lacks (an emoji, a script the family does
/// not cover), found through fontconfig's coverage (`charset`) and opened once each.
final class FallbackFonts {
    private let display: OpaquePointer
    private let screen: Int32
    private let pixels: Double
    private let weight: FontWeight
    /// The fonts opened so far, by font file.
    private var opened: [String: UnsafeMutablePointer<XftFont>] = [:]
    /// For each character looked up, the font that has it (nil: none does).
    private var byScalar: [UInt32: UnsafeMutablePointer<XftFont>?] = [:]
    /// For each emoji looked up, the colour font that has it (nil: none does).
    private var byEmoji: [UInt32: UnsafeMutablePointer<XftFont>?] = [:]

    /// Fallbacks at `pixels` and `weight` on `display`.
    init(display: OpaquePointer, screen: Int32, pixels: Double, weight: FontWeight) {
        self.display = display
        self.screen = screen
        self.pixels = pixels
        self.weight = weight
    }

    /// A font that has `scalar`, if fontconfig knows one.
    func font(for scalar: UInt32) -> UnsafeMutablePointer<XftFont>? {
        if let known = byScalar[scalar] { return known }
        let found = lookUp(scalar, colour: false)
        // One entry per distinct character the program met that its family lacks: bounded by
        // what the user types, and cleared if a flood of distinct characters passes a limit.
        if byScalar.count >= 4096 { byScalar.removeAll(keepingCapacity: true) }
        byScalar[scalar] = found
        return found
    }

    /// A colour font that has emoji `scalar` (Noto Color Emoji, say), if fontconfig knows one:
    /// an emoji shown as an emoji takes it even where the family has a plain glyph.
    func colourFont(for scalar: UInt32) -> UnsafeMutablePointer<XftFont>? {
        if let known = byEmoji[scalar] { return known }
        let found = lookUp(scalar, colour: true)
        if byEmoji.count >= 4096 { byEmoji.removeAll(keepingCapacity: true) }
        byEmoji[scalar] = found
        return found
    }

    private func lookUp(_ scalar: UInt32, colour: Bool) -> UnsafeMutablePointer<XftFont>? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        guard let charset = FcCharSetCreate() else { return nil }
        defer { FcCharSetDestroy(charset) }
        FcCharSetAddChar(charset, scalar)
        FcPatternAddCharSet(pattern, "charset", charset)
        FcPatternAddDouble(pattern, "pixelsize", pixels)
        FcPatternAddInteger(pattern, "weight", weight == .regular ? 80 : weight == .medium ? 100 : 180)
        if colour { FcPatternAddBool(pattern, "color", 1) }
        var result = FcResultNoMatch
        guard let matched = XftFontMatch(display, screen, pattern, &result) else { return nil }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(matched, "file", 0, &file) == FcResultMatch, let file else {
            FcPatternDestroy(matched)
            return nil
        }
        let path = String(cString: file)
        let font: UnsafeMutablePointer<XftFont>
        if let known = opened[path] {
            FcPatternDestroy(matched)
            font = known
        } else {
            // XftFontOpenPattern owns the pattern once it succeeds.
            guard let fresh = XftFontOpenPattern(display, matched) else {
                FcPatternDestroy(matched)
                return nil
            }
            opened[path] = fresh
            font = fresh
        }
        guard XftCharExists(display, font, scalar) != 0 else { return nil }
        if colour {
            var isColour: FcBool = 0
            guard FcPatternGetBool(font.pointee.pattern, "color", 0, &isColour) == FcResultMatch, isColour != 0 else {
                return nil
            }
        }
        return font
    }
}

/// One Xft font: metrics and measurement for the Kit, and the handle the canvas draws with.
///
/// Characters the font lacks are measured and drawn with a fallback font that has them.
final class XftFontFace: TapawayKit.Font {
    /// The display the font is open on.
    let display: OpaquePointer
    /// The opened Xft font, which this object closes when it goes.
    let font: UnsafeMutablePointer<XftFont>
    /// The fonts for characters this one lacks.
    let fallbacks: FallbackFonts?
    /// The lines shaped lately (`ShapedLine`), so a frame redrawn or a caret moved shapes nothing.
    var shapedLines = ShapedLineCache()
    /// Widths of whole runs measured, bounded (`RunWidthCache`).
    private var widths = RunWidthCache()
    /// The requested size in Kit points.
    let pointSize: Double
    /// Device pixels per point: the Xft font is this many times `pointSize` pixels.
    let scale: Double
    /// Distance from the baseline to the top of the tallest glyph, in points.
    let ascent: Double
    /// Distance from the baseline to the bottom of the deepest glyph, in points.
    let descent: Double

    init(
        display: OpaquePointer, font: UnsafeMutablePointer<XftFont>, pointSize: Double, scale: Double = 1,
        fallbacks: FallbackFonts? = nil
    ) {
        self.display = display
        self.font = font
        self.fallbacks = fallbacks
        self.pointSize = pointSize
        self.scale = scale
        ascent = Double(font.pointee.ascent) / scale
        descent = Double(font.pointee.descent) / scale
    }

    /// The advance width of `text` in points (Xft measures on the client; the widths of short
    /// runs are remembered, within `RunWidthCache`'s bound).
    func width(of text: Substring) -> Double {
        if text.isEmpty { return 0 }
        return widths.width(of: text) { measure(String($0)) }
    }

    /// The runs of `text` to draw, each with the font that has its characters: the whole text with this
    /// face's font when it is ASCII (the fast path).
    ///
    /// A character the font lacks takes a fallback's font, and an emoji shown as one the colour emoji
    /// font, with the rest of its cluster. Without shaping, the invisible joiners and variation
    /// selectors would draw as glyphs or gaps, so they are left out.
    func runs(_ text: Substring) -> [(text: Substring, font: UnsafeMutablePointer<XftFont>)] {
        guard let fallbacks, !text.utf8.allSatisfy({ $0 < 0x80 }) else { return [(text, font)] }
        var runs: [(text: Substring, font: UnsafeMutablePointer<XftFont>)] = []
        var pending = ""
        var current = font
        for cluster in text {
            let scalars = cluster.unicodeScalars
            let first = scalars.first!
            let chosen = font(for: first, in: scalars, fallbacks: fallbacks)
            if chosen != current {
                if !pending.isEmpty { runs.append((Substring(pending), current)) }
                pending = ""
                current = chosen
            }
            for scalar in scalars where !scalar.properties.isDefaultIgnorableCodePoint || scalar == first {
                pending.unicodeScalars.append(scalar)
            }
        }
        if !pending.isEmpty { runs.append((Substring(pending), current)) }
        return runs
    }

    /// The font that draws `cluster`: an emoji shown as one (emoji presentation by default, or
    /// asked for with U+FE0F) takes the colour emoji font; any other character the family lacks,
    /// a fallback that has it.
    func font(for cluster: Character, fallbacks: FallbackFonts) -> UnsafeMutablePointer<XftFont> {
        let scalars = cluster.unicodeScalars
        return font(for: scalars.first!, in: scalars, fallbacks: fallbacks)
    }

    /// `font(for:fallbacks:)` for a cluster of `scalars` starting with `first`.
    ///
    /// No character below U+231A is an emoji by default, and one alone cannot ask for emoji
    /// presentation, so most text skips both questions.
    func font(
        for first: Unicode.Scalar, in scalars: Character.UnicodeScalarView, fallbacks: FallbackFonts
    ) -> UnsafeMutablePointer<XftFont> {
        let alone = scalars.index(after: scalars.startIndex) == scalars.endIndex
        let wantsEmoji =
            (first.value >= 0x231A && first.properties.isEmojiPresentation)
            || (!alone && scalars.contains { $0.value == 0xFE0F })
        return (wantsEmoji ? fallbacks.colourFont(for: first.value) : nil)
            ?? (XftCharExists(display, font, first.value) != 0 ? font : (fallbacks.font(for: first.value) ?? font))
    }

    /// Sums the advances of the runs `runs(_:)` makes of `text`, or of its shaped glyphs.
    private func measure(_ text: String) -> Double {
        if let shaped = shapedLine(Substring(text)) { return shaped.layout.width }
        return runs(Substring(text)).reduce(0) { $0 + Self.advance(of: $1.text, in: $1.font, display: display) } / scale
    }

    /// How `text` shows as one line, when it needs shaping or the bidirectional algorithm.
    func lineLayout(of text: Substring, rightToLeft: Bool?) -> LineLayout? {
        shapedLine(text, rightToLeft: rightToLeft)?.layout
    }

    /// The advance of `text` in `font`, in pixels, summed in chunks: `XGlyphInfo.xOff` is 16
    /// bits wide.
    static func advance(of text: Substring, in font: UnsafeMutablePointer<XftFont>, display: OpaquePointer) -> Double {
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
            return total
        }
    }
}
