import TapawayHeadless
import TapawayKit
import TapawayTestSupport
import Testing

/// A key label too wide for its key shrinks to fit; each size it takes is a font the platform opens and
/// keeps (Xft: about 50 KB a size).
///
/// A soak's window sizes made the keypad's labels ask for a new size now and then for as long as it ran
/// (issue 21): the sizes must come from a short, fixed list, whatever the keypad's width.
@MainActor
@Suite("Key label fonts")
struct KeyLabelFontTests {
    @Test("a keypad drawn at every width from 100 to 1 300 points asks for at most 5 more label sizes")
    func labelSizesAreFew() {
        let field = TextField(frame: Rect(x: 10, y: 10, width: 200, height: 44))
        let p = HeadlessPlatform.editing(field, screen: Size(width: 390, height: 700))
        p.settle()
        _ = p.render()
        let before = p.fonts.sizes
        for layer in 0..<2 {
            // The letters, then the numbers and symbols (their labels are the widest).
            if layer == 1 { p.tapKey("key-123") }
            for width in stride(from: 100.0, through: 1_300, by: 3) {
                p.application.resizeScreen(to: Size(width: width, height: 700))
                p.settle()
                _ = p.render()
            }
        }
        let added = p.fonts.sizes.subtracting(before)
        #expect(p.fonts.sizes.count - before.count <= 5, "the keypad asked for \(added.count) more sizes: \(added.sorted())")
    }
}
