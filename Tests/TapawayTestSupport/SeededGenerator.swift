/// The tests' one random generator: SplitMix64 from a fixed seed, so a randomised test makes the same
/// inputs on every run and a failing seed (the monkey prints its own) replays exactly.
///
/// It is a `RandomNumberGenerator`, so `Int.random(in:using:)` and `shuffled(using:)` take it.
public struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<count` (`count` must be positive), uniform enough for test inputs.
    public mutating func next(_ count: Int) -> Int {
        precondition(count > 0, "SeededGenerator.next(_:) needs a positive count")
        return Int(next() % UInt64(count))
    }
}
