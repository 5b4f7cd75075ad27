/// Line breaking and caret geometry for single fonts.
public enum TextLayout {
    /// Splits `text` into lines no wider than `width`, breaking at spaces where it can and inside
    /// words only when a word alone is too wide; explicit newlines always break. The ranges exclude
    /// the newline characters; a trailing newline yields a final empty line.
    public static func wrap(_ text: String, width: Double, font: Font) -> [Range<String.Index>] {
        var lines: [Range<String.Index>] = []
        var paragraphStart = text.startIndex
        while true {
            let paragraphEnd = text[paragraphStart...].firstIndex(of: "\n") ?? text.endIndex
            wrapParagraph(text, paragraphStart..<paragraphEnd, width: width, font: font, into: &lines)
            if paragraphEnd == text.endIndex { break }
            paragraphStart = text.index(after: paragraphEnd)
        }
        return lines
    }

    private static func wrapParagraph(_ text: String, _ range: Range<String.Index>, width: Double, font: Font,
                                      into lines: inout [Range<String.Index>]) {
        var start = range.lowerBound
        if range.isEmpty { lines.append(range); return }
        while start < range.upperBound {
            if font.width(of: text[start..<range.upperBound]) <= width {
                lines.append(start..<range.upperBound)
                return
            }
            // Find the longest prefix that fits, by bisection over characters.
            var lo = text.index(after: start), hi = range.upperBound
            while text.distance(from: lo, to: hi) > 1 {
                let mid = text.index(lo, offsetBy: text.distance(from: lo, to: hi) / 2)
                if font.width(of: text[start..<mid]) <= width { lo = mid } else { hi = mid }
            }
            var end = lo
            if font.width(of: text[start..<hi]) <= width { end = hi }
            // Prefer breaking after the last space in the fitting prefix.
            if let space = text[start..<end].lastIndex(of: " "), space > start {
                end = text.index(after: space)
            }
            lines.append(start..<end)
            start = end
        }
    }

    /// The caret index in `line` nearest to `x` (measured from the line's start).
    public static func index(in text: String, line: Range<String.Index>, nearestTo x: Double, font: Font) -> String.Index {
        var best = line.lowerBound
        var bestDistance = abs(x)
        var index = line.lowerBound
        while index < line.upperBound {
            index = text.index(after: index)
            let d = abs(font.width(of: text[line.lowerBound..<index]) - x)
            if d < bestDistance { best = index; bestDistance = d }
        }
        return best
    }
}
