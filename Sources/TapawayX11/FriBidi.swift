import Glibc

/// GNU FriBidi, the Unicode bidirectional algorithm GTK and most of the free desktop use,
/// loaded with `dlopen` the first time a line holds right-to-left text or a direction mark.
///
/// Used through the C signatures of its stable ABI (`fribidi.h`, 1.0): characters are 32-bit,
/// bidi and bracket types 32-bit, lengths `int`, levels `signed char`.
final class FriBidi {
    private typealias BidiTypes = @convention(c) (UnsafePointer<UInt32>?, Int32, UnsafeMutablePointer<UInt32>?) -> Void
    private typealias BracketTypes =
        @convention(c) (
            UnsafePointer<UInt32>?, Int32, UnsafePointer<UInt32>?, UnsafeMutablePointer<UInt32>?
        ) -> Void
    private typealias Levels =
        @convention(c) (
            UnsafePointer<UInt32>?, UnsafePointer<UInt32>?, Int32, UnsafeMutablePointer<UInt32>?, UnsafeMutablePointer<Int8>?
        ) -> Int8

    private let bidiTypes: BidiTypes
    private let bracketTypes: BracketTypes
    private let levels: Levels

    /// FriBidi's paragraph types: decided by the first strong character (`FRIBIDI_PAR_ON`), and
    /// the two results, left to right (`FRIBIDI_PAR_LTR`) and right to left (`FRIBIDI_PAR_RTL`).
    private static let automatic: UInt32 = 0x40
    private static let leftToRight: UInt32 = 0x110
    private static let rightToLeft: UInt32 = 0x111

    /// The library, loaded on first use; nil when it is not installed (text then shows in
    /// logical order, and one line on standard error says so).
    nonisolated(unsafe) static let shared: FriBidi? = {
        if let loaded = FriBidi() { return loaded }
        writeErrorLine("tapaway: libfribidi.so.0 could not be loaded; right-to-left text shows in logical order")
        return nil
    }()

    private init?() {
        guard let library = dlopen("libfribidi.so.0", RTLD_LAZY | RTLD_LOCAL) else { return nil }
        guard let types = dlsym(library, "fribidi_get_bidi_types"),
            let brackets = dlsym(library, "fribidi_get_bracket_types"),
            let levels = dlsym(library, "fribidi_get_par_embedding_levels_ex")
        else {
            dlclose(library)
            return nil
        }
        bidiTypes = unsafeBitCast(types, to: BidiTypes.self)
        bracketTypes = unsafeBitCast(brackets, to: BracketTypes.self)
        self.levels = unsafeBitCast(levels, to: Levels.self)
    }

    /// The embedding level of each of `scalars` (a paragraph of direction `rightToLeft`, or when nil
    /// its first strong character's) and whether the paragraph runs right to left.
    ///
    /// Nil if FriBidi fails.
    func levels(of scalars: [UInt32], rightToLeft: Bool?) -> (levels: [UInt8], rightToLeft: Bool)? {
        let count = Int32(scalars.count)
        var types = [UInt32](repeating: 0, count: scalars.count)
        var brackets = [UInt32](repeating: 0, count: scalars.count)
        var result = [Int8](repeating: 0, count: scalars.count)
        var direction = rightToLeft.map { $0 ? Self.rightToLeft : Self.leftToRight } ?? Self.automatic
        bidiTypes(scalars, count, &types)
        bracketTypes(scalars, count, types, &brackets)
        // The maximum level plus one, or 0 on failure.
        guard levels(types, brackets, count, &direction, &result) > 0 else { return nil }
        return (result.map { UInt8(max(0, $0)) }, direction == Self.rightToLeft)
    }
}
