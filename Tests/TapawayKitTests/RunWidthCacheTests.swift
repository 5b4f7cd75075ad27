import Testing

@testable import TapawayKit

/// The fonts' table of run widths stays within its bound whatever stream of texts a session
/// measures (issue 21: a soak's window sizes each left a keypad tag in it, and resident memory
/// grew for as long as the table took to fill).
@Suite("Run width cache")
struct RunWidthCacheTests {
    /// A measurement that counts its calls: 7 points a byte.
    final class Ruler {
        var calls = 0
        func measure(_ text: Substring) -> Double {
            calls += 1
            return Double(text.utf8.count) * 7
        }
    }

    @Test("ten thousand distinct keypad tags leave at most 256 runs of at most 64 bytes, each width right")
    func boundedUnderAStreamOfDistinctRuns() {
        var cache = RunWidthCache()
        let ruler = Ruler()
        for width in 320..<1_320 {
            for height in 480..<490 {
                let tag = "keypad 0,\(height - 260) \(width)×260"
                #expect(cache.width(of: tag[...], measure: ruler.measure) == Double(tag.utf8.count) * 7)
            }
        }
        #expect(ruler.calls == 10_000)
        #expect(cache.count <= 256)
        #expect(cache.keyBytes <= 256 * 64)
    }

    @Test("a short run is measured once while it stays in the table; a long one each time and never kept")
    func shortRunsRemembered() {
        var cache = RunWidthCache()
        let ruler = Ruler()
        for _ in 0..<100 { _ = cache.width(of: "Keyboard dismissal", measure: ruler.measure) }
        #expect(ruler.calls == 1)
        let long = String(repeating: "typed text ", count: 40)
        for _ in 0..<100 { #expect(cache.width(of: long[...], measure: ruler.measure) == Double(long.utf8.count) * 7) }
        #expect(ruler.calls == 101)
        #expect(cache.count == 1)
        #expect(cache.keyBytes == "Keyboard dismissal".utf8.count)
    }
}
