/// The line breaking classes of the characters whose class the Kit knows exactly: ASCII,
/// Latin-1, Latin Extended-A and -B, the IPA and spacing modifier letters, combining
/// diacritical marks (U+0080 to U+036F), general punctuation and currency signs (U+2000 to
/// U+20CF). European text and the typography of an interface (· × — – ’ “ ” … €) then never
/// need the platform's table. Generated from libunibreak 1.1's data (LineBreak-6.2.0.txt),
/// one letter a character: `A` is `LineBreakClass` 0, `Z` 25, `a` 26 and on.
extension LineBreakClass {
    /// U+0000 to U+007F: controls are combining marks, TAB and `|` break after, `$` `+` `\`
    /// are prefixes, `%` a postfix, `/` a symbol, `, . : ;` infix separators.
    private static var asciiTable: StaticString {
        """
        VVVVVVVVVRieehVVVVVVVVVVVVVVVVVVmGDMJKMDACMJIQIHLLLLLLLLLLIIMMMG
        MMMMMMMMMMMMMMMMMMMMMMMMMMMAJCMMMMMMMMMMMMMMMMMMMMMMMMMMMMMARBMV
        """
    }

    /// The line break classes of U+0080 to U+036F: Latin-1, Latin Extended and the combining marks.
    private static var latin: StaticString {
        """
        VVVVVjVVVVVVVVVVVVVVVVVVVVVVVVVVEAKJJJMddMdDMRMMKJddSMdddddDdddA
        MMMMMMMMMMMMMMMMMMMMMMMdMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMdMMMMMMMM
        MMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMM
        MMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMM
        MMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMM
        MMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMM
        MMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMM
        MMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMM
        MMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMM
        MMMMMMMdSdddSdMMdMMMMMMMddddMdMSMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMM
        VVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVV
        VVVVVVVVVVVVVVVEVVVVVVVVVVVVEEEEEEEVVVVVVVVVVVVV
        """
    }

    /// The line break classes of U+2000 to U+20CF: general punctuation and the currency signs.
    private static var punctuation: StaticString {
        """
        RRRRRRRERRRUVVVVRERRTddMDDADDDADddMMPPPReeVVVVVEKKKKKKKKMDDdFFMM
        MMMMIABFFFMMMMMMMMMMMMRMRRRRMRRRWMMMMnnnnnVVVVVVMMnndMMMMMMMMABd
        MddddMMMMMMMMABnMMMMMMMMMMMMMnnnJJJJJJJKJJJJJJJJJJJJJJKJJJJnnnnn
        nnnnnnnnnnnnnnnn
        """
    }

    /// The class of `scalar` when the Kit knows it exactly (ASCII and the blocks above), else nil.
    static func exact(of scalar: Unicode.Scalar) -> LineBreakClass? {
        let v = Int(scalar.value)
        if v < 0x80 { return decode(asciiTable, at: v) }
        if v < 0x370 { return decode(latin, at: v - 0x80) }
        if 0x2000 <= v && v < 0x20D0 { return decode(punctuation, at: v - 0x2000) }
        return nil
    }

    /// The class of the ASCII character `byte` (below 0x80).
    @inline(__always)
    static func ascii(_ byte: UInt8) -> LineBreakClass { decode(asciiTable, at: Int(byte)) }

    /// The class letter `index` of `table` stands for (lines of 64 letters and a newline).
    @inline(__always)
    private static func decode(_ table: StaticString, at index: Int) -> LineBreakClass {
        let letter = table.utf8Start[index / 64 * 65 + index % 64]
        let raw = letter >= UInt8(ascii: "a") ? letter - UInt8(ascii: "a") + 26 : letter - UInt8(ascii: "A")
        return LineBreakClass(rawValue: raw) ?? .xx
    }
}
