/// A font's remembered widths of whole runs of text (labels, titles, tags), bounded so that a
/// long session's stream of distinct texts costs a fixed amount of memory.
///
/// Only runs of at most `keyByteLimit` UTF-8 bytes are remembered, and at most `entryLimit` of
/// them: the table is emptied (its storage kept) when it is full and a new run comes. That is
/// at most 256 keys of 64 bytes, well under 40 KiB a font with the table's own storage. Longer
/// runs are measured each time (a measurement costs a look-up per glyph), and so are the runs
/// met after the table was emptied, once each.
///
/// Before this bound (4 096 runs of any length), a soak's window sizes each left a keypad tag
/// (`keypad 0,540 930×280`) in the tag font's table: 300 new runs a minute, and the resident
/// memory grew for the 13 minutes the table took to fill (issue 21).
public struct RunWidthCache {
    /// The most runs remembered.
    public static let entryLimit = 256
    /// The longest run remembered, in UTF-8 bytes.
    public static let keyByteLimit = 64

    private var widths: [String: Double] = [:]

    /// Creates an empty table, which fills as runs are measured.
    public init() {}

    /// The number of runs remembered.
    public var count: Int { widths.count }

    /// The UTF-8 bytes of the runs remembered.
    public var keyBytes: Int { widths.keys.reduce(0) { $0 + $1.utf8.count } }

    /// The width of `text`: remembered, or measured with `measure` (and remembered when it is
    /// short enough).
    public mutating func width(of text: Substring, measure: (Substring) -> Double) -> Double {
        guard text.utf8.count <= Self.keyByteLimit else { return measure(text) }
        let key = String(text)
        if let width = widths[key] { return width }
        let width = measure(text)
        if widths.count >= Self.entryLimit { widths.removeAll(keepingCapacity: true) }
        widths[key] = width
        return width
    }
}
