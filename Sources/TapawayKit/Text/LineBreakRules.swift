/// The line-breaking classes of UAX #14 (Unicode 6.2, as libunibreak 1.1 implements it): the
/// 29 the pair table ranks, then those resolved before it is read.
enum LineBreakClass: UInt8 {
    case op, cl, cp, qu, gl, ns, ex, sy, `is`, pr, po, nu, al, hl, id, `in`, hy, ba, bb, b2, zw, cm, wj
    case h2, h3, jl, jv, jt, ri
    case ai, bk, cb, cj, cr, lf, nl, sa, sg, sp, xx

    /// The class the pair table reads: ambiguous characters as alphabetic, conditional Japanese
    /// starters as ideographs (UAX #14's "normal" breaking), complex-context and unknown
    /// characters as alphabetic.
    var resolved: LineBreakClass {
        switch self {
        case .ai, .sa, .sg, .xx: .al
        case .cj: .id
        default: self
        }
    }

}

/// What the pair table says of two classes side by side (UAX #14, section 7.3).
enum PairAction: UInt8 {
    /// `_`: a break is allowed.
    case direct
    /// `%`: a break only with spaces between.
    case indirect
    /// `#`: a combining mark: a break only after spaces.
    case combiningIndirect
    /// `@`: a combining mark: never a break; it takes the class of what it follows.
    case combiningProhibited
    /// `^`: never a break, spaces or not.
    case prohibited

    /// UAX #14's example pair table (Unicode 6.2, the revision libunibreak 1.1 follows), a row for each
    /// class before the break (named first) and a column for each after, in `LineBreakClass` order.
    ///
    /// A string in the binary: reading it costs no initialisation.
    static var rows: StaticString {
        """
        OP ^^^^^^^^^^^^^^^^^^^^^@^^^^^^^
        CL _^^%%^^^^%%_____%%__^#^______
        CP _^^%%^^^^%%%%%__%%__^#^______
        QU ^^^%%%^^^%%%%%%%%%%%^#^%%%%%%
        GL %^^%%%^^^%%%%%%%%%%%^#^%%%%%%
        NS _^^%%%^^^_______%%__^#^______
        EX _^^%%%^^^_______%%__^#^______
        SY _^^%%%^^^__%____%%__^#^______
        IS _^^%%%^^^__%%%__%%__^#^______
        PR %^^%%%^^^__%%%%_%%__^#^%%%%%_
        PO %^^%%%^^^__%%%__%%__^#^______
        NU %^^%%%^^^%%%%%_%%%__^#^______
        AL %^^%%%^^^__%%%_%%%__^#^______
        HL %^^%%%^^^__%%%_%%%__^#^______
        ID _^^%%%^^^_%____%%%__^#^______
        IN _^^%%%^^^______%%%__^#^______
        HY _^^%_%^^^__%____%%__^#^______
        BA _^^%_%^^^_______%%__^#^______
        BB %^^%%%^^^%%%%%%%%%%%^#^%%%%%%
        B2 _^^%%%^^^_______%%_^^#^______
        ZW ____________________^________
        CM %^^%%%^^^__%%%_%%%__^#^______
        WJ %^^%%%^^^%%%%%%%%%%%^#^%%%%%%
        H2 _^^%%%^^^_%____%%%__^#^___%%_
        H3 _^^%%%^^^_%____%%%__^#^____%_
        JL _^^%%%^^^_%____%%%__^#^%%%%__
        JV _^^%%%^^^_%____%%%__^#^___%%_
        JT _^^%%%^^^_%____%%%__^#^____%_
        RI _^^%%%^^^_______%%__^#^_____%
        """
    }

    /// The whole table, a row after another, for a loop to hold (`between` decodes a letter).
    static let all: [PairAction] = (0..<29 * 29).map {
        between(LineBreakClass(rawValue: UInt8($0 / 29))!, LineBreakClass(rawValue: UInt8($0 % 29))!)
    }

    /// The action for `left` before `right` (both ranked by the table).
    @inline(__always)
    static func between(_ left: LineBreakClass, _ right: LineBreakClass) -> PairAction {
        let symbol = rows.utf8Start[Int(left.rawValue) * rowLength + 3 + Int(right.rawValue)]
        switch symbol {
        case UInt8(ascii: "_"): return .direct
        case UInt8(ascii: "%"): return .indirect
        case UInt8(ascii: "#"): return .combiningIndirect
        case UInt8(ascii: "@"): return .combiningProhibited
        default: return .prohibited
        }
    }

    /// A row's length in `rows`: the name, the 29 columns and the newline.
    private static let rowLength = 3 + 29 + 1
}

/// Whether a line may break before a character, by UAX #14's pair-table algorithm: fed the class of
/// each character of a paragraph in turn, it says where a line may break.
///
/// It reads nothing ahead, so a break before a character depends only on the text up to it.
///
/// It follows libunibreak 1.1 step for step (what Debian 12 ships), so that for ASCII it gives
/// exactly libunibreak's breaks; `LineBreakRulesTests` checks that on many strings.
struct LineBreakMachine {
    /// The class the pair table reads on the left: the last character's, past spaces and marks;
    /// nil before the first character.
    private var current: LineBreakClass?
    /// The class of the character just before (a space is a space here).
    private var previous: LineBreakClass?

    /// A line break before a character.
    enum Break: UInt8 {
        /// A line must break here (after a newline).
        case mandatory = 0
        /// A line may break here.
        case allowed = 1
        /// A line may not break here.
        case prohibited = 2
    }

    /// `feed(_:)` for a character of class `next` that is not a newline, with a shortcut for
    /// the commonest pair, a letter after a letter (never a break: the table's `%`, no space).
    @inline(__always)
    mutating func feed(ascii next: LineBreakClass, pairs: UnsafePointer<PairAction>) -> Break {
        // The previous character a letter means the table's left class is a letter too.
        if next == .al && previous == .al { return .prohibited }
        return feed(next, pairs: pairs)
    }

    /// Reads the next character, of class `next`, and says whether a line may break before it.
    @inline(__always)
    mutating func feed(_ next: LineBreakClass, pairs: UnsafePointer<PairAction>? = nil) -> Break {
        guard let current else {
            start(next)
            previous = nil
            return .prohibited
        }
        let before = previous
        previous = next
        if current == .bk || (current == .cr && next != .lf) {
            start(next)
            return .mandatory
        }
        switch next {
        case .sp: return .prohibited
        case .bk, .lf, .nl:
            self.current = .bk
            return .prohibited
        case .cr:
            self.current = .cr
            return .prohibited
        case .cb:
            self.current = .ba
            return .allowed
        default: break
        }
        let right = next.resolved
        previous = right
        let action =
            pairs.map { $0[Int(current.rawValue) * 29 + Int(right.rawValue)] } ?? PairAction.between(current, right)
        let result: Break
        switch action {
        case .direct: result = .allowed
        case .indirect, .combiningIndirect: result = before == .sp ? .allowed : .prohibited
        case .combiningProhibited:
            if before != .sp { return .prohibited }
            result = .prohibited
        case .prohibited: result = .prohibited
        }
        self.current = right
        return result
    }

    /// The first character of a paragraph: a newline reads as a mandatory break, a space as a
    /// word joiner (no break after spaces at the start).
    private mutating func start(_ first: LineBreakClass) {
        switch first.resolved {
        case .lf, .nl: current = .bk
        case .cb: current = .ba
        case .sp: current = .wj
        default: current = first.resolved
        }
    }
}
