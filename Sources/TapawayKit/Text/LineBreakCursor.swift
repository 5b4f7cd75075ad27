/// Where a line may break, read along a line as the wrap measures it, from the line's start.
///
/// ASCII goes through `LineBreakMachine` a byte at a time, at the cost of two table look-ups,
/// and so do the other characters whose class the Kit knows exactly (Latin, general
/// punctuation). At the first other character in a line, the rules (`LineBreakOpportunities`) are asked for
/// a window of the text from the line's start on, and every later character of the line is
/// looked up there; the window grows when the line outruns it. Breaks before the first other
/// character are the same either way: the machine gives libunibreak's breaks there, and a
/// break before a character depends only on the text up to it.
///
/// A line that starts where a break was allowed reads on, in the machine or the window, without
/// going back: past an allowed break, UAX #14's pair table reads nothing before it (the state
/// it carries there, the class of the character after the break, is the state a fresh start
/// there makes), so the answers are those a start at the new line would give. Nothing is read
/// twice, and in CJK text, where nearly every character allows a break, the rules are asked
/// once for many lines. Only a line cut where no break was allowed starts afresh.
struct LineBreakCursor {
    private let text: String
    /// The byte offset where the text to wrap ends.
    private let end: Int
    private let rules: any LineBreakOpportunities
    private var machine = LineBreakMachine()
    /// The classes of ASCII and the pair table, for the loop to read without decoding.
    private let asciiClasses = Self.asciiTable
    private let pairs = Self.pairTable

    /// The tables, made once for the process's life (a kilobyte), read through pointers so
    /// that the loop neither checks bounds nor retains an array.
    nonisolated(unsafe) private static let asciiTable: UnsafePointer<LineBreakClass> = {
        let table = UnsafeMutablePointer<LineBreakClass>.allocate(capacity: 128)
        for byte in 0..<128 { table[byte] = LineBreakClass.ascii(UInt8(byte)) }
        return UnsafePointer(table)
    }()
    nonisolated(unsafe) private static let pairTable: UnsafePointer<PairAction> = {
        let table = UnsafeMutablePointer<PairAction>.allocate(capacity: PairAction.all.count)
        table.initialize(from: PairAction.all, count: PairAction.all.count)
        return UnsafePointer(table)
    }()
    /// The byte offset where the line starts.
    private var lineStart = 0
    /// The rules' answer for the bytes from `windowStart` on (a line start), once the line
    /// has met a character the machine does not read.
    private var window: [UInt8] = []
    private var windowStart = 0
    private var usingWindow = false
    /// The first offset whose break the window cannot tell for sure (one near its end may depend
    /// on text past it, for rules that read ahead).
    private var windowReliableEnd = 0

    /// How many bytes a window has at least, and how far before its end its answers are doubted.
    private static let minimumWindow = 256
    private static let margin = 32

    /// A cursor over `text` up to the index `end`, asking `rules`.
    init(_ text: String, end: String.Index, rules: any LineBreakOpportunities) {
        self.text = text
        self.end = text.utf8.distance(from: text.utf8.startIndex, to: end)
        self.rules = rules
    }

    /// Starts a line at `index`: breaks are read from here on afresh.
    mutating func startLine(at index: String.Index) {
        lineStart = text.utf8.distance(from: text.utf8.startIndex, to: index)
        machine = LineBreakMachine()
        usingWindow = false
    }

    /// Starts a line at `index`, where the cursor allowed a break, reading on: the machine's
    /// state there, and the window's answers after it, are those a fresh start there makes.
    mutating func continueLine(at index: String.Index) {
        lineStart = text.utf8.distance(from: text.utf8.startIndex, to: index)
    }

    /// Whether a line may break before the ASCII character `byte` at `index` (a whole character: the
    /// byte after it is ASCII too, or the end).
    ///
    /// Every character of the line must be read in order, from its start.
    @inline(__always)
    mutating func mayBreak(beforeASCII byte: UInt8, at index: String.Index) -> Bool {
        if !usingWindow { return machine.feed(ascii: asciiClasses[Int(byte)], pairs: pairs) == .allowed }
        return mayBreak(before: index)
    }

    /// Whether a line may break before `character`, at `index`: the machine answers while every
    /// character of the line so far has a class it knows exactly, the rules after.
    mutating func mayBreak(before index: String.Index, character: Character) -> Bool {
        if !usingWindow {
            let scalars = character.unicodeScalars
            if scalars.allSatisfy({ LineBreakClass.exact(of: $0) != nil }) {
                // The break before the character is the one before its first scalar; the rest
                // only move the machine on.
                var first: LineBreakMachine.Break?
                for scalar in scalars {
                    let answer = machine.feed(LineBreakClass.exact(of: scalar)!)
                    if first == nil { first = answer }
                }
                return first == .allowed
            }
        }
        return mayBreak(before: index)
    }

    /// Whether a line may break before the character at `index`, asking the rules.
    mutating func mayBreak(before index: String.Index) -> Bool {
        let offset = text.utf8.distance(from: text.utf8.startIndex, to: index)
        if !usingWindow || offset >= windowReliableEnd { fillWindow(covering: offset) }
        guard offset > lineStart else { return false }
        let answer = window[offset - windowStart - 1]
        return answer == LineBreakOpportunity.allowed
    }

    /// Asks the rules for the text from the line's start to past `offset`.
    private mutating func fillWindow(covering offset: Int) {
        usingWindow = true
        windowStart = lineStart
        var size = max(Self.minimumWindow, 2 * (offset - lineStart) + Self.margin)
        while true {
            var stop = min(end, lineStart + size)
            let utf8 = text.utf8
            // Whole characters only: back off a UTF-8 sequence cut in two.
            if stop < end {
                while stop > offset, utf8[utf8.index(utf8.startIndex, offsetBy: stop)] & 0xC0 == 0x80 { stop -= 1 }
            }
            windowReliableEnd = stop == end ? end : stop - Self.margin
            if offset < windowReliableEnd || stop == end {
                fill(lineStart..<stop)
                return
            }
            size *= 2
        }
    }

    /// Sets `window` to the rules' answer for the bytes `range`.
    private mutating func fill(_ range: Range<Int>) {
        window = [UInt8](repeating: LineBreakOpportunity.prohibited, count: range.count)
        let rules = self.rules
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { all in
            window.withUnsafeMutableBufferPointer { breaks in
                rules.fill(breaks, for: UnsafeBufferPointer(rebasing: all[range]))
            }
        }
        if done == nil {
            let bytes = Array(text.utf8.dropFirst(range.lowerBound).prefix(range.count))
            bytes.withUnsafeBufferPointer { bytes in
                window.withUnsafeMutableBufferPointer { rules.fill($0, for: bytes) }
            }
        }
    }
}
