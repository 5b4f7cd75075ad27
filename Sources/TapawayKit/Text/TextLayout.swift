/// A font's advance for each character, measured once and remembered, so laying out and
/// hit-testing long text costs a table look-up per character rather than a font call.
///
/// The Kit's fonts advance by the sum of their characters' advances (Xft applies no kerning),
/// so the width of a run is the sum of the cached widths.
public final class CharacterWidths {
    /// The font the layout measures with, which its widths depend on.
    public let font: Font
    private var ascii = [Double](repeating: -1, count: 128)
    /// Characters of one scalar (most of CJK and Arabic text), by the scalar, in pages of 256
    /// scalars made as text first needs them: an index into an array, not a hash.
    private var pages: [[Double]?] = []
    private var pageCount = 0
    private var others: [Character: Double] = [:]

    /// Creates an empty table for `font`.
    public init(font: Font) { self.font = font }

    /// The advance of one character.
    public func width(of c: Character) -> Double {
        if let code = c.asciiValue { return width(ascii: code) }
        var iterator = c.unicodeScalars.makeIterator()
        if let scalar = iterator.next(), iterator.next() == nil { return width(scalar: scalar) }
        if let cached = others[c] { return cached }
        let w = font.width(of: String(c))
        if others.count > 4096 { others.removeAll(keepingCapacity: true) }
        others[c] = w
        return w
    }

    /// The advance of the character made of `scalar` alone.
    @inline(__always)
    func width(scalar: Unicode.Scalar) -> Double {
        let v = Int(scalar.value)
        if v < 0x80 { return width(ascii: UInt8(v)) }
        let page = v >> 8
        if page < pages.count, let cached = pages[page]?[v & 0xFF], cached >= 0 { return cached }
        return measure(scalar)
    }

    /// Measures `scalar` and keeps its advance, in a page made for it when there is none (all of
    /// them dropped past 64: a text of every script does not hold them all).
    private func measure(_ scalar: Unicode.Scalar) -> Double {
        let w = font.width(of: String(Character(scalar)))
        let v = Int(scalar.value), page = v >> 8
        if pages.count <= page { pages.append(contentsOf: repeatElement(nil, count: page + 1 - pages.count)) }
        if pages[page] == nil {
            if pageCount >= 64 {
                pages = Array(repeating: nil, count: pages.count)
                pageCount = 0
            }
            pages[page] = [Double](repeating: -1, count: 256)
            pageCount += 1
        }
        pages[page]![v & 0xFF] = w
        return w
    }

    /// The advance of the ASCII character `code` (below 0x80).
    @inline(__always)
    func width(ascii code: UInt8) -> Double {
        let cached = ascii[Int(code)]
        if cached >= 0 { return cached }
        let w = font.width(of: String(UnicodeScalar(code)))
        ascii[Int(code)] = w
        return w
    }

    /// The advance of a run of text.
    public func width<S: StringProtocol>(of text: S) -> Double {
        var total = 0.0
        for c in text { total += width(of: c) }
        return total
    }

    /// The x position of every caret stop in `text`: `count + 1` values from 0 to its width.
    public func caretStops<S: StringProtocol>(of text: S) -> [Double] {
        var stops = [0.0]
        stops.reserveCapacity(text.utf8.count + 1)
        var x = 0.0
        for c in text {
            x += width(of: c)
            stops.append(x)
        }
        return stops
    }
}

/// Line breaking and caret geometry.
public enum TextLayout {
    /// Splits `text` into lines no wider than `width`, breaking where the Unicode line breaking
    /// algorithm (UAX #14, from `LineBreaking.rules`) allows (after spaces and hyphens, between
    /// ideographs, never before closing punctuation) and elsewhere, between characters, only when a
    /// line has no such place; explicit newlines always break.
    ///
    /// The ranges exclude the newline characters; a trailing newline yields a final empty line. Spaces
    /// at the end of a line may hang past the width.
    public static func wrap(_ text: String, width: Double, font: Font) -> [Range<String.Index>] {
        wrap(text, width: width, widths: CharacterWidths(font: font))
    }

    /// `wrap(_:width:font:)` with a width table that outlives the call.
    public static func wrap(_ text: String, width: Double, widths: CharacterWidths) -> [Range<String.Index>] {
        wrap(text, in: text.startIndex..<text.endIndex, width: width, widths: widths)
    }

    /// `wrap(_:width:widths:)` breaking by `rules` rather than `LineBreaking.rules`.
    public static func wrap(
        _ text: String, width: Double, widths: CharacterWidths, rules: any LineBreakOpportunities
    ) -> [Range<String.Index>] {
        wrap(text, in: text.startIndex..<text.endIndex, width: width, widths: widths, rules: rules) { _ in false }.lines
    }

    /// The lines of the part `range` of `text`, which must start at the start of a line.
    public static func wrap(
        _ text: String, in range: Range<String.Index>, width: Double,
        widths: CharacterWidths
    ) -> [Range<String.Index>] {
        wrap(text, in: range, width: width, widths: widths, stopBefore: { _ in false }).lines
    }

    /// Wraps like `wrap(_:in:width:widths:)`, but stops as soon as `stopBefore` accepts the
    /// start of a new line, returning the lines so far and that start (nil when it ran to the end).
    ///
    /// Where a line may break is asked from each line's start on, so the wrap from a line start
    /// depends only on the text after it (which lets a re-wrap stop where it meets old lines).
    static func wrap(
        _ text: String, in range: Range<String.Index>, width: Double, widths: CharacterWidths,
        rules: any LineBreakOpportunities = LineBreaking.rules,
        stopBefore: (String.Index) -> Bool
    ) -> (lines: [Range<String.Index>], stoppedAt: String.Index?) {
        var lines: [Range<String.Index>] = []
        var lineStart = range.lowerBound
        var x = 0.0
        var lastBreak: String.Index?
        var xAtBreak = 0.0
        var i = range.lowerBound
        let utf8 = text.utf8
        var breaks = LineBreakCursor(text, end: range.upperBound, rules: rules)
        breaks.startLine(at: lineStart)
        scan: while i < range.upperBound {
            // Most text is ASCII: an ASCII byte followed by another (or by the end) is a whole
            // character, read from the bytes without Unicode's grapheme rules, and its line
            // break class from a table. A CR (which may start CR LF) and a byte before a
            // non-ASCII one (which may be a combining mark) take the general path.
            let byte = utf8[i]
            let afterByte = utf8.index(after: i)
            let kind: BreakKind
            let next: String.Index
            let w: Double
            let mayBreak: Bool
            if byte < 0x80, byte != 0x0D, afterByte == range.upperBound || utf8[afterByte] < 0x80 {
                next = afterByte
                switch byte {
                case 0x0A...0x0C: kind = .newline
                case 0x20, 0x09: kind = .space
                default: kind = .other
                }
                mayBreak = kind != .newline && breaks.mayBreak(beforeASCII: byte, at: i)
                w = widths.width(ascii: byte)
            } else if byte >= 0xD8, let (scalar, after) = PlainScalar.character(in: utf8, at: i) {
                // Kana, ideographs and Arabic letters that nothing joins: a whole character of
                // one scalar, read from its bytes, which neither breaks nor is a space, and
                // whose break the rules answer (the Kit's own table knows none of them).
                next = after
                kind = .other
                mayBreak = breaks.mayBreak(before: i)
                w = widths.width(scalar: scalar)
            } else {
                let character = text[i]
                next = text.index(after: i)
                kind = BreakKind(character)
                mayBreak = kind != .newline && breaks.mayBreak(before: i, character: character)
                w = widths.width(of: character)
            }
            if kind == .newline {
                lines.append(lineStart..<i)
                lineStart = next
                x = 0
                lastBreak = nil
                i = next
                breaks.startLine(at: lineStart)
                if stopBefore(lineStart) { return (lines, lineStart) }
                continue
            }
            if mayBreak && i > lineStart {
                lastBreak = i
                xAtBreak = x
            }
            if kind == .space {
                x += w
                i = next
                continue
            }
            // A loop: after a break where the rules allowed one, this character may still not fit
            // on the new line (what went down with it is too wide), and is then cut before.
            while x + w > width && i > lineStart {
                if let b = lastBreak, b > lineStart {
                    // A break the rules allowed. Past it they carry nothing from before it, so
                    // the next line reads on from here, as a wrap from its start would.
                    lines.append(lineStart..<b)
                    lineStart = b
                    x -= xAtBreak
                    lastBreak = nil
                    breaks.continueLine(at: b)
                    // A new line starts here, and the wrap from a line start depends only on
                    // the text after it: where the caller knows that text and its lines, it
                    // can stop.
                    if stopBefore(lineStart) { return (lines, lineStart) }
                } else {
                    // No break allowed: the line is cut before this character, and the next
                    // one, starting with it, is read afresh from there.
                    lines.append(lineStart..<i)
                    lineStart = i
                    x = 0
                    lastBreak = nil
                    breaks.startLine(at: lineStart)
                    if stopBefore(lineStart) { return (lines, lineStart) }
                    continue scan
                }
            }
            x += w
            i = next
        }
        lines.append(lineStart..<range.upperBound)
        return (lines, nil)
    }

    /// The lines of `new`, made from the lines `oldLines` of `old` by wrapping again only where an edit
    /// changed them: from the line before the edit (a deletion can pull a word up) until a line starts
    /// where one started before, past the edit; the lines before are kept and the lines after are
    /// moved.
    ///
    /// Lines break where `rules` allow.
    public static func rewrap(
        _ new: String, from old: String, lines oldLines: [Range<String.Index>],
        width: Double, widths: CharacterWidths, rules: any LineBreakOpportunities = LineBreaking.rules
    ) -> [Range<String.Index>] {
        guard !oldLines.isEmpty, let change = ChangedBytes(old: old, new: new) else {
            return oldLines.isEmpty ? wrap(new, width: width, widths: widths, rules: rules) : oldLines
        }
        var table = LineTable(oldLines.map(old.byteRange(of:)))
        rewrap(new, lines: &table, change: change, width: width, widths: widths, rules: rules)
        return table.all.map(new.indexRange(ofBytes:))
    }

    /// The lines of `text` as UTF-8 byte ranges.
    static func wrapOffsets(
        _ text: String, width: Double, widths: CharacterWidths,
        rules: any LineBreakOpportunities = LineBreaking.rules
    ) -> [Range<Int>] {
        wrap(text, width: width, widths: widths, rules: rules).map(text.byteRange(of:))
    }

    /// Re-wraps `lines` (the lines of the text before `change`, as byte ranges) for `text`, the
    /// text after it, as `rewrap(_:from:lines:width:widths:)` does, in place: the lines wrapped
    /// again are replaced and the later ones moved in one step, whatever their number.
    ///
    /// When the new lines still have not met the old ones `budget` lines past the edit (or a line
    /// starts more than `byteBudget` bytes past it), it stops there and leaves a seam (see
    /// `LineTable`) for `settle` to take up later, so a keystroke early in a long paragraph does
    /// not wait for the whole rest of it to be wrapped again.
    /// Returns the rows whose text or place changed: those wrapped again, or every row from the
    /// first of them on when the number of lines changed.
    @discardableResult
    static func rewrap(
        _ text: String, lines table: inout LineTable, change: ChangedBytes,
        width: Double, widths: CharacterWidths, budget: Int = .max, byteBudget: Int = .max,
        rules: any LineBreakOpportunities = LineBreaking.rules
    ) -> Range<Int> {
        guard table.count > 0 else {
            table = LineTable(wrapOffsets(text, width: width, widths: widths, rules: rules))
            return 0..<table.count
        }
        return rewrap(
            text, at: 0, isTextEnd: true, lines: &table, change: change, width: width, widths: widths,
            budget: budget, byteBudget: byteBudget, rules: rules)!
    }

    /// Re-wraps `lines` for the text `text`, as `rewrap(_:lines:change:width:widths:budget:byteBudget:rules:)`
    /// does, from slices of its bytes alone: the text from the line before the edit to a safe
    /// boundary past it (`TextBuffer.isSafeBoundary`), four times longer each time the new lines
    /// have not met the old ones (or stopped at a seam) well before the slice's end.
    ///
    /// A keystroke in a million characters reads a few kilobytes around the caret.
    @discardableResult
    static func rewrap(
        _ text: EditableText, lines table: inout LineTable, change: ChangedBytes,
        width: Double, widths: CharacterWidths, budget: Int = .max, byteBudget: Int = .max,
        rules: any LineBreakOpportunities = LineBreaking.rules
    ) -> Range<Int> {
        guard table.count > 0 else {
            table = LineTable(wrapOffsets(text.text, width: width, widths: widths, rules: rules))
            return 0..<table.count
        }
        let restart = table[max(0, table.firstLine(startingAfter: change.start) - 2)].lowerBound
        var size = sliceBytes
        while true {
            let end = text.safeBoundary(atOrAfter: change.newEnd + size)
            let slice = text.string(bytes: restart..<end)
            if let rows = rewrap(
                slice, at: restart, isTextEnd: end == text.utf8Count, lines: &table, change: change, width: width,
                widths: widths, budget: budget, byteBudget: byteBudget, rules: rules)
            {
                return rows
            }
            size *= 4
        }
    }

    /// The bytes past an edit that `rewrap` on an `EditableText` reads first.
    static let sliceBytes = 4_096

    /// How far before the end of a slice that is not the text's end the re-wrap must have stopped
    /// for its lines to stand: where a line may break can depend on a few characters after it.
    static let sliceMargin = 512

    /// The re-wrap itself, on `text`, the text's bytes from `base` on (to its end when
    /// `isTextEnd`, else to a safe boundary); `change` and `table` in the whole text's offsets.
    ///
    /// Returns nil, leaving `table` as it was, when the slice ended too soon to know the lines.
    private static func rewrap(
        _ text: String, at base: Int, isTextEnd: Bool, lines table: inout LineTable, change: ChangedBytes,
        width: Double, widths: CharacterWidths, budget: Int, byteBudget: Int,
        rules: any LineBreakOpportunities
    ) -> Range<Int>? {
        let delta = change.newEnd - change.oldEnd
        let utf8 = text.utf8
        func offset(_ i: String.Index) -> Int { base + text.byteOffset(of: i) }
        let edited = max(0, table.firstLine(startingAfter: change.start) - 1)
        let first = max(0, edited - 1)
        let restart = table[first].lowerBound
        // Lines before `first` are unchanged: the text before the edit is the same in both.
        var after = edited + 1
        var past = 0, seamed = false
        let wrapped = wrap(
            text, in: utf8.index(utf8.startIndex, offsetBy: restart - base)..<text.endIndex,
            width: width, widths: widths, rules: rules
        ) { start in
            let o = offset(start)
            guard o > change.newEnd else { return false }
            let oldStart = o - delta
            after = table.firstLine(startingAfter: oldStart - 1, from: after)
            if after < table.count && table[after].lowerBound == oldStart { return true }
            past += 1
            seamed = (past > budget || o - change.newEnd > byteBudget) && after < table.count
            return seamed
        }
        if !isTextEnd {
            guard let stop = wrapped.stoppedAt, offset(stop) + sliceMargin <= base + utf8.count else { return nil }
        }
        var lines = wrapped.lines.map { range in offset(range.lowerBound)..<offset(range.upperBound) }
        var seam: Int?
        if seamed, let start = wrapped.stoppedAt {
            // The rest of the old line this one starts in (it fits: it is part of a line that did).
            let o = offset(start)
            lines.append(o..<(table[after - 1].upperBound + delta))
            seam = o
        }
        let replaced = first..<(wrapped.stoppedAt == nil ? table.count : after)
        let oldCount = table.count
        table.replace(replaced, with: lines, movingLaterBy: delta, seam: seam)
        return lines.count == replaced.count ? first..<(first + lines.count) : first..<max(oldCount, table.count)
    }

    /// Wraps again from the first seam of `table`, at most `budget` lines and about `byteBudget` bytes
    /// on (leaving a seam further on if that was not enough).
    ///
    /// Returns the rows changed, or nil when there was no seam.
    @discardableResult
    static func settle(
        _ text: String, lines table: inout LineTable, width: Double, widths: CharacterWidths,
        budget: Int, byteBudget: Int = .max, rules: any LineBreakOpportunities = LineBreaking.rules
    ) -> Range<Int>? {
        guard let seam = table.seams.first else { return nil }
        return rewrap(
            text, lines: &table, change: ChangedBytes(start: seam, oldEnd: seam, newEnd: seam),
            width: width, widths: widths, budget: budget, byteBudget: byteBudget, rules: rules)
    }

    /// `settle(_:lines:width:widths:budget:byteBudget:rules:)` from slices of the text's bytes
    /// (see `rewrap` on an `EditableText`).
    @discardableResult
    static func settle(
        _ text: EditableText, lines table: inout LineTable, width: Double, widths: CharacterWidths,
        budget: Int, byteBudget: Int = .max, rules: any LineBreakOpportunities = LineBreaking.rules
    ) -> Range<Int>? {
        guard let seam = table.seams.first else { return nil }
        return rewrap(
            text, lines: &table, change: ChangedBytes(start: seam, oldEnd: seam, newEnd: seam),
            width: width, widths: widths, budget: budget, byteBudget: byteBudget, rules: rules)
    }

    /// The caret index in `line` nearest to `x` (measured from the line's start).
    public static func index(in text: String, line: Range<String.Index>, nearestTo x: Double, font: Font) -> String.Index {
        index(in: text, line: line, nearestTo: x, widths: CharacterWidths(font: font))
    }

    /// `index(in:line:nearestTo:font:)` with a width table that outlives the call.
    public static func index(
        in text: String, line: Range<String.Index>, nearestTo x: Double,
        widths: CharacterWidths
    ) -> String.Index {
        var position = 0.0
        var index = line.lowerBound
        while index < line.upperBound {
            let w = widths.width(of: text[index])
            if x < position + w / 2 { return index }
            position += w
            index = text.index(after: index)
        }
        return line.upperBound
    }

    /// The caret stop in `stops` (ascending x positions) nearest to `x`.
    public static func nearestStop(in stops: [Double], to x: Double) -> Int {
        guard stops.count > 1 else { return 0 }
        var lo = 0, hi = stops.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if stops[mid] <= x { lo = mid } else { hi = mid }
        }
        return abs(stops[lo] - x) <= abs(stops[hi] - x) ? lo : hi
    }
}

/// Where two texts differ, in UTF-8 bytes: they share `start` bytes at the front, and the rest
/// of each after `oldEnd` / `newEnd`.
struct ChangedBytes {
    let start: Int
    let oldEnd: Int
    let newEnd: Int

    /// The change of the bytes `start..<oldEnd` into `start..<newEnd`.
    init(start: Int, oldEnd: Int, newEnd: Int) {
        (self.start, self.oldEnd, self.newEnd) = (start, oldEnd, newEnd)
    }

    /// The range `edit` replaced and where its new text ends.
    init(_ edit: EditableText.Edit) {
        self.init(start: edit.start, oldEnd: edit.oldEnd, newEnd: edit.newEnd)
    }

    /// Nil when the texts are equal.
    init?(old: String, new: String) {
        var a = old, b = new
        let found: (Int, Int, Int)? = a.withUTF8 { x in
            b.withUTF8 { y in
                let shorter = min(x.count, y.count)
                var prefix = 0
                // Eight bytes a step while they agree, then byte by byte.
                let rx = UnsafeRawBufferPointer(x), ry = UnsafeRawBufferPointer(y)
                while prefix + 8 <= shorter
                    && rx.loadUnaligned(fromByteOffset: prefix, as: UInt64.self)
                        == ry.loadUnaligned(fromByteOffset: prefix, as: UInt64.self)
                {
                    prefix += 8
                }
                while prefix < shorter && x[prefix] == y[prefix] { prefix += 1 }
                if prefix == x.count && prefix == y.count { return nil }
                var suffix = 0
                while suffix + 8 <= shorter - prefix
                    && rx.loadUnaligned(fromByteOffset: x.count - suffix - 8, as: UInt64.self)
                        == ry.loadUnaligned(fromByteOffset: y.count - suffix - 8, as: UInt64.self)
                {
                    suffix += 8
                }
                while suffix < shorter - prefix && x[x.count - 1 - suffix] == y[y.count - 1 - suffix] { suffix += 1 }
                return (prefix, x.count - suffix, y.count - suffix)
            }
        }
        guard let found else { return nil }
        (start, oldEnd, newEnd) = found
    }
}

/// Characters of one scalar that the wrap can read from their bytes, without Unicode's grapheme
/// rules: kana, CJK punctuation and ideographs, and Arabic letters and digits, when the character
/// after them is one of those too, or ASCII, or the end of the text.
///
/// None of these scalars is a Prepend, Extend, SpacingMark, Control or Hangul character in
/// UAX #29's Grapheme_Cluster_Break, and neither is an ASCII character other than CR (which
/// only joins a LF after it), so by rule GB999 a character boundary lies before and after each:
/// the combining kana marks (U+3099, U+309A), the ideographic tone marks (U+302A to U+302F),
/// the Arabic marks and the Prepend U+0600 to U+0605 and U+06DD fall outside the ranges below.
enum PlainScalar {
    /// The scalar at `i` and the index after it, when it is a whole character of that kind.
    @inline(__always)
    static func character(in utf8: String.UTF8View, at i: String.Index) -> (Unicode.Scalar, String.Index)? {
        guard let (scalar, after) = scalar(in: utf8, at: i) else { return nil }
        if after == utf8.endIndex { return (scalar, after) }
        let following = utf8[after]
        if following < 0x80 || self.scalar(in: utf8, at: after) != nil { return (scalar, after) }
        return nil
    }

    /// The scalar at `i`, when it is one of the plain kind, and the index after it.
    @inline(__always)
    private static func scalar(in utf8: String.UTF8View, at i: String.Index) -> (Unicode.Scalar, String.Index)? {
        let lead = utf8[i]
        switch lead {
        case 0xD8...0xDB:  // U+0600 to U+06FF
            let second = utf8.index(after: i)
            guard second < utf8.endIndex else { return nil }
            let v = UInt32(lead & 0x1F) << 6 | UInt32(utf8[second] & 0x3F)
            guard isPlainArabic(v) else { return nil }
            return (Unicode.Scalar(v)!, utf8.index(after: second))
        case 0xE3...0xE9:  // U+3000 to U+9FFF
            let second = utf8.index(after: i)
            guard second < utf8.endIndex else { return nil }
            let third = utf8.index(after: second)
            guard third < utf8.endIndex else { return nil }
            let v = UInt32(lead & 0x0F) << 12 | UInt32(utf8[second] & 0x3F) << 6 | UInt32(utf8[third] & 0x3F)
            guard isPlainCJK(v) else { return nil }
            return (Unicode.Scalar(v)!, utf8.index(after: third))
        default:
            return nil
        }
    }

    /// The Arabic comma, semicolon and question mark, letters and digits (no mark, no Prepend,
    /// not the Arabic letter mark U+061C, a Control).
    @inline(__always)
    static func isPlainArabic(_ v: UInt32) -> Bool {
        switch v {
        case 0x060C, 0x061B, 0x061F, 0x0620...0x064A, 0x0660...0x0669, 0x0671...0x06D3: true
        default: false
        }
    }

    /// CJK punctuation after the ideographic space (U+3000, a space), kana, and ideographs
    /// (extension A and the unified block); not the combining marks among them.
    @inline(__always)
    static func isPlainCJK(_ v: UInt32) -> Bool {
        switch v {
        case 0x3001...0x3029, 0x3030...0x3096, 0x309B...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF: true
        default: false
        }
    }
}

/// What a character means for line breaking, answered from its ASCII value when it has one (the
/// Unicode property look-up is far slower, and most text is ASCII).
enum BreakKind: Equatable {
    case newline, space, other

    init(_ c: Character) {
        // Past U+3000 (the last space) no character is a space or a newline: CJK text needs
        // no property look-up.
        if c.unicodeScalars.first!.value > 0x3000 {
            self = .other
        } else if let ascii = c.asciiValue {
            switch ascii {
            case 0x0A...0x0D: self = .newline  // LF, VT, FF, CR; CR LF reads as LF
            case 0x20, 0x09: self = .space
            default: self = .other
            }
        } else {
            self = c.isNewline ? .newline : c.isWhitespace ? .space : .other
        }
    }
}

extension String {
    /// The UTF-8 offset of `index` (constant time for native strings).
    func byteOffset(of index: Index) -> Int { utf8.distance(from: utf8.startIndex, to: index) }

    /// The UTF-8 offsets of `range`.
    func byteRange(of range: Range<Index>) -> Range<Int> { byteOffset(of: range.lowerBound)..<byteOffset(of: range.upperBound) }

    /// The indices of the UTF-8 offsets `range`.
    func indexRange(ofBytes range: Range<Int>) -> Range<Index> {
        utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)
    }
}
