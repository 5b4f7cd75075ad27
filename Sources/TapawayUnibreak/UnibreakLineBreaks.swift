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

    /// Fills `breaks` for `text` (see `LineBreakOpportunities`).
    public func fill(_ breaks: UnsafeMutableBufferPointer<UInt8>, for text: UnsafeBufferPointer<UInt8>) {
        guard text.count > 0 else { return }
        let done = breaks.withMemoryRebound(to: CChar.self) { out in
            tapaway_unibreak_linebreaks_utf8(text.baseAddress, text.count, out.baseAddress)
        }
        if done == 0 { BuiltInLineBreaks().fill(breaks, for: text) }
    }
}
