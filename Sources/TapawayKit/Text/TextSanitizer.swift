/// Cleans text that comes from outside (the clipboard, another program's selection) before it
/// is inserted.
public enum TextSanitizer {
    /// Decodes bytes as UTF-8; every invalid sequence becomes U+FFFD (the replacement character).
    public static func decode<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        String(decoding: bytes, as: UTF8.self)
    }

    /// The text as it may be inserted, with its line breaks and control characters made safe.
    ///
    /// - line breaks (CR LF, CR, LF, U+2028, U+2029) become one newline in a multi-line input,
    ///   and one space in a single-line one, where breaks at the very end are dropped (text
    ///   copied from a terminal usually ends with one);
    /// - a tab becomes a space;
    /// - every other control character (C0, DEL, C1) is dropped.
    public static func sanitize(_ text: String, allowsNewlines: Bool) -> String {
        if isClean(text, allowsNewlines: allowsNewlines) { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var pendingBreaks = 0
        var previousWasCR = false
        func append(_ scalar: Unicode.Scalar) { UTF8.encode(scalar) { bytes.append($0) } }
        func flushBreaks() {
            guard pendingBreaks > 0 else { return }
            bytes.append(contentsOf: repeatElement(allowsNewlines ? 0x0A : 0x20, count: pendingBreaks))
            pendingBreaks = 0
        }
        for scalar in text.unicodeScalars {
            let v = scalar.value
            let wasCR = previousWasCR
            previousWasCR = v == 0x0D
            switch v {
            case 0x0A:
                if !wasCR { pendingBreaks += 1 }  // CR LF is one break
            case 0x0D, 0x2028, 0x2029:
                pendingBreaks += 1
            case 0x09:
                flushBreaks()
                bytes.append(0x20)
            case 0x00..<0x20, 0x7F, 0x80..<0xA0:
                continue
            default:
                flushBreaks()
                append(scalar)
            }
        }
        if allowsNewlines { flushBreaks() }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `text` needs no change: no control character, line or paragraph separator, and
    /// (single-line) no newline.
    ///
    /// Checked on the UTF-8 bytes, so clean text costs one pass.
    private static func isClean(_ text: String, allowsNewlines: Bool) -> Bool {
        var previous: UInt8 = 0, beforePrevious: UInt8 = 0
        for byte in text.utf8 {
            switch byte {
            case 0x0A where allowsNewlines: break
            case 0x00..<0x20, 0x7F: return false
            case 0x80...0x9F where previous == 0xC2: return false  // C1
            case 0xA8...0xA9 where previous == 0x80 && beforePrevious == 0xE2: return false  // U+2028, U+2029
            default: break
            }
            beforePrevious = previous
            previous = byte
        }
        return true
    }
}
