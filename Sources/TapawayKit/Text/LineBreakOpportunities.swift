/// Where a line of text may break, by the Unicode line breaking algorithm (UAX #14): the seam
/// through which the platform supplies a complete implementation (libunibreak on X11) to the
/// Kit, which imports no C library.
///
/// The Kit breaks ASCII, Latin and general punctuation itself, with the same rules, and asks
/// only for lines that hold other characters. It asks with a paragraph's text from the start of
/// a line (a line break before the text's first character is never allowed), so the answer
/// must depend only on the text given; and it goes on reading an answer past a break it
/// allowed, so what the rules say after an allowed break must not depend on the text before
/// it (true of UAX #14's pair table).
public protocol LineBreakOpportunities: Sendable {
    /// Fills `breaks`, one entry for each byte of the UTF-8 `text`, with whether a line may
    /// break after that byte: `LineBreakOpportunity.mandatory`, `.allowed`, `.prohibited`, or
    /// `.insideCharacter` for a byte that does not end a character. (These are libunibreak's
    /// values.) `breaks` has as many entries as `text`.
    func fill(_ breaks: UnsafeMutableBufferPointer<UInt8>, for text: UnsafeBufferPointer<UInt8>)
}

/// The values `LineBreakOpportunities.fill(_:for:)` writes.
public enum LineBreakOpportunity {
    /// A line must break after this byte (a newline, or the end of the text).
    public static let mandatory: UInt8 = 0
    /// A line may break after this byte.
    public static let allowed: UInt8 = 1
    /// A line may not break after this byte.
    public static let prohibited: UInt8 = 2
    /// This byte is not the last of its character.
    public static let insideCharacter: UInt8 = 3
}

/// The line breaking rules the Kit's text layout uses.
public enum LineBreaking {
    /// The rules every wrap asks, unless told others.
    ///
    /// The platform sets them once, before any text is laid out (the X11 app: libunibreak); until then,
    /// `BuiltInLineBreaks`.
    nonisolated(unsafe) public static var rules: any LineBreakOpportunities = BuiltInLineBreaks()
}

/// UAX #14 without a Unicode character database: exact for ASCII, Latin and general punctuation (the
/// same breaks as libunibreak), and for other characters a class guessed from the properties Swift
/// knows (ideographs, kana and Hangul break on either side; CJK closing punctuation, combining marks
/// and joiners never start a line; other letters join as in a word).
///
/// What the headless platform and the tests use; the X11 platform supplies the full table.
public struct BuiltInLineBreaks: LineBreakOpportunities {
    /// Creates the Kit's own rules, for the characters its table knows.
    public init() {}

    /// Fills `breaks` for `text` (see `LineBreakOpportunities`).
    public func fill(_ breaks: UnsafeMutableBufferPointer<UInt8>, for text: UnsafeBufferPointer<UInt8>) {
        var machine = LineBreakMachine()
        var previousEnd = -1
        var offset = 0
        var scalars = text.makeIterator()
        var decoder = UTF8()
        while offset < text.count {
            let start = offset
            let lbc: LineBreakClass
            switch decoder.decode(&scalars) {
            case .scalarValue(let scalar):
                offset += UTF8.width(scalar)
                lbc = Self.guessedClass(of: scalar)
            case .error:
                offset += 1
                lbc = .xx
            case .emptyInput:
                offset = text.count
                continue
            }
            let action = machine.feed(lbc)
            if previousEnd >= 0 { breaks[previousEnd] = action.rawValue }
            for i in start..<(offset - 1) { breaks[i] = LineBreakOpportunity.insideCharacter }
            previousEnd = offset - 1
        }
        if previousEnd >= 0 { breaks[previousEnd] = LineBreakOpportunity.mandatory }
    }

    /// The line breaking class of `scalar`: exact where `LineBreakClass.exact(of:)` knows it, a
    /// guess for the rest.
    static func guessedClass(of scalar: Unicode.Scalar) -> LineBreakClass {
        if let known = LineBreakClass.exact(of: scalar) { return known }
        let v = scalar.value
        switch v {
        case 0xFEFF: return .wj
        case 0x0F0C: return .gl
        case 0x3000: return .ba
        case 0x3001, 0x3002, 0xFF0C, 0xFF0E, 0xFE50, 0xFE52, 0xFF61, 0xFF64: return .cl
        case 0x3005, 0x303B, 0x309B...0x309E, 0x30FB, 0x30FD, 0x30FE, 0xFF1A, 0xFF1B: return .ns
        case 0xFF01, 0xFF1F: return .ex
        case 0x1F1E6...0x1F1FF: return .id  // as a flag: an emoji (the caller keeps its halves together)
        default: break
        }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .control, .format: return .cm
        case .openPunctuation: return .op
        case .closePunctuation: return .cl
        case .initialPunctuation, .finalPunctuation: return .qu
        case .dashPunctuation: return .ba
        case .spaceSeparator: return .ba
        case .decimalNumber: return .nu
        default: break
        }
        switch v {
        case 0x1100...0x115F, 0x2E80...0x2FFF, 0x3040...0x30FF, 0x3130...0x318F, 0x31C0...0x31FF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF01...0xFF60, 0xFFE0...0xFFE6:
            return .id
        default: break
        }
        if properties.isIdeographic || properties.isEmojiPresentation { return .id }
        if 0x05D0...0x05EA ~= v { return .hl }
        return .al
    }
}
