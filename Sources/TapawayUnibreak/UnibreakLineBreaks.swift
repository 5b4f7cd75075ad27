import CUnibreak
import TapawayKit

/// The Unicode line breaking algorithm (UAX #14) with its full character table, from
/// libunibreak: CJK breaks between ideographs, no line starts with closing punctuation or a
/// small kana, and the rest of the table the Kit's built-in rules only guess at.
///
/// The library is opened the first time the Kit asks for breaks, which it does only for text
/// that is not all ASCII; without it, the answers are `BuiltInLineBreaks`'.
public struct UnibreakLineBreaks: LineBreakOpportunities {
    /// Creates the rules (opening nothing yet).
    public init() {}

    /// Whether libunibreak is installed (opening it, on the first call).
    public static var isAvailable: Bool { tapaway_unibreak_available() != 0 }

    /// The soname opened (`libunibreak.so.6`), the newest of 7, 6, 5, 3 and 1 the system has;
    /// nil when none could be opened.
    public static var soname: String? { tapaway_unibreak_soname().map { String(cString: $0) } }

    /// The version of the libunibreak opened as (major, minor) (6.1 on Debian 13); 1.0 for any
    /// 1.x (Debian 12's 1.1), which does not say its own; nil when none could be opened.
    public static var version: (major: Int, minor: Int)? {
        let packed = Int(tapaway_unibreak_version())
        return packed == 0 ? nil : (packed >> 8, packed & 0xFF)
    }

    /// The Unicode version of the line breaking data (LineBreak.txt) of the libunibreak
    /// opened, from its release notes: 6.2 for 1.x, 7.0 for 3.0, 9.0 to 13.0 for 4.0 to 4.3,
    /// 14.0 for 5.0, 15.0 for 5.1 to 7.0 (6.x brought its other data to 15.1, not the line
    /// breaking); nil when none could be opened.
    public static var unicodeVersion: String? {
        guard let (major, minor) = version else { return nil }
        switch (major, minor) {
        case (1, _): return "6.2"
        case (3, _): return "7.0"
        case (4, 0): return "9.0"
        case (4, 1): return "11.0"
        case (4, 2): return "12.1"
        case (4, _): return "13.0"
        case (5, 0): return "14.0"
        default: return "15.0"
        }
    }

    /// Fills `breaks` for `text` (see `LineBreakOpportunities`).
    public func fill(_ breaks: UnsafeMutableBufferPointer<UInt8>, for text: UnsafeBufferPointer<UInt8>) {
        guard text.count > 0 else { return }
        let done = breaks.withMemoryRebound(to: CChar.self) { out in
            tapaway_unibreak_linebreaks_utf8(text.baseAddress, text.count, out.baseAddress)
        }
        if done == 0 { BuiltInLineBreaks().fill(breaks, for: text) }
    }
}
