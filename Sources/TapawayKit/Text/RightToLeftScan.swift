/// A quick look at UTF-8 bytes for anything that could run right to left, so text without any skips the
/// bidirectional algorithm.
///
/// It may answer yes for a little more than it must (all of U+0580 to U+08FF, the presentation forms,
/// every direction mark), never no for text that has a right-to-left letter.
public enum RightToLeftScan {
    /// Whether `bytes` (UTF-8) may hold a right-to-left character or a direction mark.
    public static func mayHold<C: Collection>(_ bytes: C) -> Bool where C.Element == UInt8 {
        if let answer = bytes.withContiguousStorageIfAvailable({ scan($0) }) { return answer }
        return scan(Array(bytes))
    }

    /// Whether `bytes` (UTF-8) hold nothing at or past U+0300 (no lead byte from CC up): text that no
    /// font shapes or reorders in a left-to-right paragraph.
    ///
    /// A plain loop, not a closure: callers on the main actor would pay an isolation check per byte.
    public static func isPlain(_ bytes: Substring.UTF8View) -> Bool {
        for byte in bytes where byte >= 0xCC { return false }
        return true
    }

    private static func scan<C: Collection>(_ bytes: C) -> Bool where C.Element == UInt8, C.Index == Int {
        var i = bytes.startIndex
        let end = bytes.endIndex
        while i < end {
            let byte = bytes[i]
            // Every byte below D6 starts nothing right to left (or continues what was looked at).
            if byte < 0xD6 {
                i += 1
                continue
            }
            let next = i + 1 < end ? bytes[i + 1] : 0
            let third = i + 2 < end ? bytes[i + 2] : 0
            switch byte {
            case 0xD6...0xDF: return true  // U+0580 to U+07FF: Hebrew, Arabic, Syriac, Thaana, N'Ko
            case 0xE0 where (0xA0...0xA3).contains(next): return true  // U+0800 to U+08FF
            case 0xEF where (0xAC...0xBB).contains(next): return true  // U+FB00 to U+FEFF: presentation forms
            // RLM, RLE, RLO; then RLI and FSI.
            case 0xE2 where next == 0x80 && (third == 0x8F || third == 0xAB || third == 0xAE): return true
            case 0xE2 where next == 0x81 && (third == 0xA7 || third == 0xA8): return true
            // U+10800 to U+10FFF, and U+1E800 to U+1EFFF.
            case 0xF0 where (next == 0x90 && third >= 0xA0) || next == 0x9E: return true
            default: i += 1
            }
        }
        return false
    }
}
