import CX11
import TapawayKit

/// One line of text shaped for drawing: the glyphs HarfBuzz chose, placed left to right after
/// FriBidi ordered its runs, and the `LineLayout` the Kit's text inputs use for the caret.
///
/// The line is split into runs of one font (fontconfig's fallback for what the family lacks, the
/// colour emoji font for emoji) and one embedding level; each run is shaped with the whole line
/// as context, so Arabic joins across a change of font.
struct ShapedLine {
    /// The glyphs of each font, with positions in device pixels from the line's origin on the
    /// baseline (y down, as X draws).
    let glyphs: [(font: UnsafeMutablePointer<XftFont>, specs: [XftGlyphSpec])]
    /// Where each character shows, in points.
    let layout: LineLayout

    /// Whether `text` needs shaping or the bidirectional algorithm to show right: anything beyond
    /// scripts whose characters stand alone (Latin, Greek, Cyrillic, CJK ideographs, kana, Hangul
    /// syllables, common punctuation and symbols).
    ///
    /// Right-to-left letters, combining marks, Indic and other complex scripts, emoji sequences and
    /// direction marks do.
    static func needed(for text: Substring) -> Bool {
        // Nothing at or past U+0300: the rule the Kit's text view also keys on.
        if RightToLeftScan.isPlain(text.utf8) { return false }
        return text.unicodeScalars.contains { !standsAlone($0.value) }
    }

    private static func standsAlone(_ v: UInt32) -> Bool {
        switch v {
        case 0..<0x0300, 0x0370...0x0482, 0x048A...0x052F, 0x1E00...0x1FFF, 0x2010...0x2027, 0x2030...0x205E,
            0x2070...0x20CF, 0x2100...0x2BFF, 0x3000...0x303F, 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xAC00...0xD7A3, 0xFF00...0xFFEF:
            return true
        default:
            return false
        }
    }
}

/// The lines a face shaped lately, by their text and paragraph direction: a bounded table (at most 128 lines of at most
/// 2 048 bytes; a longer line is shaped each time it is asked for), emptied when full.
struct ShapedLineCache {
    private struct Key: Hashable {
        let text: String
        let rightToLeft: Bool?
    }
    private var lines: [Key: ShapedLine] = [:]
    static let capacity = 128
    static let longestLine = 2048

    /// The shaped line for `text` in a paragraph of direction `rightToLeft` (nil: its own), made
    /// by `shape` when it is not remembered.
    mutating func line(for text: Substring, rightToLeft: Bool?, shape: (Substring) -> ShapedLine?) -> ShapedLine? {
        guard text.utf8.count <= Self.longestLine else { return shape(text) }
        let key = Key(text: String(text), rightToLeft: rightToLeft)
        if let known = lines[key] { return known }
        guard let made = shape(text) else { return nil }
        if lines.count >= Self.capacity { lines.removeAll(keepingCapacity: true) }
        lines[key] = made
        return made
    }
}

extension XftFontFace {
    /// `text` shaped as one line of a paragraph of direction `rightToLeft` (nil: the line's
    /// first strong character decides), or nil when it needs no shaping (the fast path: plain
    /// text in a left-to-right paragraph) or HarfBuzz is not installed.
    func shapedLine(_ text: Substring, rightToLeft: Bool? = nil) -> ShapedLine? {
        guard let fallbacks, rightToLeft == true || ShapedLine.needed(for: text), let harfBuzz = HarfBuzz.shared
        else { return nil }
        return shapedLines.line(for: text, rightToLeft: rightToLeft) {
            shape($0, rightToLeft: rightToLeft, harfBuzz: harfBuzz, fallbacks: fallbacks)
        }
    }

    private func shape(
        _ text: Substring, rightToLeft direction: Bool?, harfBuzz: HarfBuzz, fallbacks: FallbackFonts
    )
        -> ShapedLine
    {
        // Each character: its first UTF-8 byte, its font, its level.
        var starts: [Int] = []
        var fonts: [UnsafeMutablePointer<XftFont>] = []
        var scalars: [UInt32] = []
        var firstScalar: [Int] = []
        var isSpace: [Bool] = []
        var offset = 0
        for character in text {
            starts.append(offset)
            isSpace.append(character.isWhitespace)
            fonts.append(font(for: character, fallbacks: fallbacks))
            firstScalar.append(scalars.count)
            for scalar in character.unicodeScalars { scalars.append(scalar.value) }
            offset += character.utf8.count
        }
        starts.append(offset)
        let count = fonts.count
        var levels = [UInt8](repeating: direction == true ? 1 : 0, count: count)
        var rightToLeft = direction ?? false
        if let bidi = FriBidi.shared, let resolved = bidi.levels(of: scalars, rightToLeft: direction) {
            rightToLeft = resolved.rightToLeft
            for i in 0..<count { levels[i] = resolved.levels[firstScalar[i]] }
            // Rule L1: white space at the line's end takes the paragraph's level.
            var i = count - 1
            while i >= 0, isSpace[i] {
                levels[i] = rightToLeft ? 1 : 0
                i -= 1
            }
        }
        // Runs of one font and one level, in logical order.
        var runs: [Range<Int>] = []
        var runStart = 0
        for i in 1...count where i == count || fonts[i] != fonts[runStart] || levels[i] != levels[runStart] {
            runs.append(runStart..<i)
            runStart = i
        }
        let order = LineLayout.visualOrder(levels: runs.map { levels[$0.lowerBound] })
        var clusters: [LineLayout.Cluster] = []
        var specs: [UnsafeMutablePointer<XftFont>: [XftGlyphSpec]] = [:]
        var fontOrder: [UnsafeMutablePointer<XftFont>] = []
        var pen = 0.0
        var utf8 = String(text)
        utf8.withUTF8 { bytes in
            for runIndex in order {
                let run = runs[runIndex]
                let runFont = fonts[run.lowerBound]
                let runRightToLeft = levels[run.lowerBound] % 2 == 1
                let glyphs = harfBuzz.shape(
                    bytes, item: starts[run.lowerBound]..<starts[run.upperBound], rightToLeft: runRightToLeft,
                    font: runFont)
                let colour = Self.isColour(runFont)
                // The character each glyph's cluster starts at; a cluster's characters reach to the
                // next cluster's start in the text's order (several, for a ligature).
                let firstCharacter = glyphs.map { Self.character(atByte: $0.cluster, starts: starts, within: run) }
                let clusterStarts = Set(firstCharacter).sorted()
                if specs[runFont] == nil { fontOrder.append(runFont) }
                var i = 0
                while i < glyphs.count {
                    var j = i
                    var width = 0.0
                    while j < glyphs.count && firstCharacter[j] == firstCharacter[i] {
                        let glyph = glyphs[j]
                        specs[runFont, default: []].append(
                            XftGlyphSpec(
                                glyph: glyph.index, x: Int16(clamping: Int((pen + width + Double(glyph.xOffset) / 64).rounded())),
                                y: Int16(clamping: Int((-Double(glyph.yOffset) / 64).rounded()))))
                        width += advance(of: glyph, in: runFont, colour: colour)
                        j += 1
                    }
                    let first = firstCharacter[i]
                    let end = clusterStarts.first { $0 > first } ?? run.upperBound
                    clusters.append(
                        LineLayout.Cluster(
                            characters: first..<end, minX: pen / scale, width: width / scale, isRightToLeft: runRightToLeft))
                    pen += width
                    i = j
                }
            }
        }
        return ShapedLine(
            glyphs: fontOrder.map { ($0, specs[$0] ?? []) },
            layout: LineLayout(clusters: clusters, characterCount: count, isRightToLeft: rightToLeft))
    }

    /// A glyph's advance in pixels: HarfBuzz's (which kerns and gives marks none), but Xft's
    /// for a colour bitmap font, whose strikes Xft scales to the size asked for.
    private func advance(of glyph: HarfBuzz.Glyph, in font: UnsafeMutablePointer<XftFont>, colour: Bool) -> Double {
        guard colour, glyph.xAdvance != 0 else { return Double(glyph.xAdvance) / 64 }
        var index = FT_UInt(glyph.index)
        var info = XGlyphInfo()
        XftGlyphExtents(display, font, &index, 1, &info)
        return Double(info.xOff)
    }

    /// The character whose bytes hold `byte`, within `run`.
    private static func character(atByte byte: Int, starts: [Int], within run: Range<Int>) -> Int {
        var lo = run.lowerBound, hi = run.upperBound - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= byte { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// Whether `font` is a colour font (Noto Color Emoji's bitmaps).
    private static func isColour(_ font: UnsafeMutablePointer<XftFont>) -> Bool {
        var colour: FcBool = 0
        return FcPatternGetBool(font.pointee.pattern, "color", 0, &colour) == FcResultMatch && colour != 0
    }
}
