/// A quick look at UTF-8 bytes for anything that could run right to left, so text without any
/// skips the bidirectional algorithm. It may answer yes for a little more than it must (all of
/// U+0580 to U+08FF, the presentation forms, every direction mark), never no for text that has
/// a right-to-left letter.
public enum RightToLeftScan {
    /// Whether `bytes` (UTF-8) may hold a right-to-left character or a direction mark.
    public static func mayHold<C: Collection>(_ bytes: C) -> Bool where C.Element == UInt8 {
        var previous: UInt8 = 0
        var beforePrevious: UInt8 = 0
        for byte in bytes {
            switch (beforePrevious, previous, byte) {
            case (_, 0xD6...0xDF, 0x80...0xBF): return true  // U+0580 to U+07FF: Hebrew, Arabic, Syriac, Thaana, N'Ko
            case (_, 0xE0, 0xA0...0xA3): return true  // U+0800 to U+08FF: Samaritan, Mandaic, Arabic extended
            case (_, 0xEF, 0xAC...0xBB): return true  // U+FB00 to U+FEFF: Hebrew and Arabic presentation forms
            case (0xE2, 0x80, 0x8F), (0xE2, 0x80, 0xAB), (0xE2, 0x80, 0xAE): return true  // RLM, RLE, RLO
            case (0xE2, 0x81, 0xA7), (0xE2, 0x81, 0xA8): return true  // RLI, FSI
            case (0xF0, 0x90, 0xA0...0xBF), (_, 0xF0, 0x9E): return true  // U+10800 to U+10FFF, U+1E800 to U+1EFFF
            default: break
            }
            beforePrevious = previous
            previous = byte
        }
        return false
    }
}
