import Foundation
import TapawayTestSupport
import Testing

/// Checks of the harness itself (Xvfb, XTest, pixel read-back), independent of the program,
/// so that a failure in the matrix can be told apart from a broken environment.
@Suite("End-to-end harness")
struct HarnessTests {
    @Test("a private Xvfb starts, takes XTest pointer input and reads back pixels")
    func virtualDisplayAndDriver() throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let x = try XDriver(displayName: display.name)
        defer { x.close() }

        x.move(to: 123, 45)
        let position = x.pointerPosition()
        #expect(position.x == 123 && position.y == 45, "pointer at \(position) after moving it to (123, 45)")

        // An empty Xvfb root shows its default background: black and white only.
        let pixels = try x.pixels(in: Rect(x: 10, y: 20, width: 8, height: 4))
        #expect(pixels.count == 32)
        let black = RGB(hex: 0x000000), white = RGB(hex: 0xFFFFFF)
        #expect(pixels.allSatisfy { $0 == black || $0 == white }, "root background pixels: \(Set(pixels.map(\.description)))")
    }

    @Test("two displays started at once get different numbers")
    func parallelDisplays() throws {
        let a = try VirtualDisplay()
        defer { a.stop() }
        let b = try VirtualDisplay()
        defer { b.stop() }
        #expect(a.number != b.number)
    }
}
