import TapawayKit

/// The wrap the Kit's must equal, written plainly.
public enum ReferenceWrap {
    /// The lines of `text` as UTF-8 byte offsets, as `lines(of:width:widths:rules:)` gives
    /// them, to compare a wrap of the Kit's with.
    public static func byteOffsets(of lines: [Range<String.Index>], in text: String) -> [Range<Int>] {
        lines.map {
            text.utf8.distance(
                from: text.startIndex, to: $0.lowerBound)..<text.utf8.distance(
                    from: text.startIndex, to: $0.upperBound)
        }
    }

    /// A greedy wrap that asks `rules` about the whole rest of the text from each line's start
    /// and reads every character through Swift's grapheme rules: what `TextLayout.wrap`, with its
    /// ASCII path, its windows and its stops, must give.
    public static func lines(
        of text: String, width: Double, widths: CharacterWidths, rules: any LineBreakOpportunities
    ) -> [Range<Int>] {
        let bytes = Array(text.utf8)
        var characters: [(start: Int, end: Int, character: Character)] = []
        var offset = 0
        for c in text {
            characters.append((offset, offset + c.utf8.count, c))
            offset += c.utf8.count
        }
        var lines: [Range<Int>] = []
        var k = 0
        var lineStart = 0
        while k < characters.count {
            // Breaks from this line's start to the end of its paragraph.
            var paragraphEnd = characters.count
            for j in k..<characters.count where characters[j].character.isNewline {
                paragraphEnd = j
                break
            }
            let stop = paragraphEnd < characters.count ? characters[paragraphEnd].start : bytes.count
            var breaks = [UInt8](repeating: 2, count: stop - lineStart)
            bytes[lineStart..<stop].withUnsafeBufferPointer { b in
                breaks.withUnsafeMutableBufferPointer { rules.fill($0, for: b) }
            }
            var x = 0.0
            var lastBreak: Int?
            var j = k
            var broke = false
            while j < paragraphEnd {
                let (start, _, c) = characters[j]
                if start > lineStart && breaks[start - lineStart - 1] == LineBreakOpportunity.allowed { lastBreak = j }
                let w = widths.width(of: c)
                if c.isWhitespace {
                    x += w
                    j += 1
                    continue
                }
                if x + w > width && start > lineStart {
                    let at = lastBreak ?? j
                    lines.append(lineStart..<characters[at].start)
                    lineStart = characters[at].start
                    k = at
                    broke = true
                    break
                }
                x += w
                j += 1
            }
            if broke { continue }
            lines.append(lineStart..<stop)
            if paragraphEnd == characters.count { return lines }
            lineStart = characters[paragraphEnd].end
            k = paragraphEnd + 1
            if k == characters.count { lines.append(lineStart..<lineStart) }
        }
        if characters.isEmpty || lines.isEmpty { lines.append(lineStart..<lineStart) }
        return lines
    }
}
