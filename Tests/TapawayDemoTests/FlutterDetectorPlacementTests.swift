import TapawayKit
import TapawayScreen
import Testing

@testable import TapawayDemo

/// `flutter` with the GestureDetector (`gesture-detector=on`) around the scroll view, or inside it
/// around the `Column` (`detector-inside=on`).
///
/// Flutter's `HitTestBehavior.opaque`: "Opaque targets can be hit by hit tests, causing them to both
/// receive events within their bounds and prevent targets visually behind them from also receiving
/// events" (api.flutter.dev, `HitTestBehavior`): a detector is hit within its own bounds. Around the
/// scroll view those are the viewport's; inside it, the `Column`'s, as tall as its children, so a tap
/// in the empty space below a short page's content misses the detector.
@MainActor
@Suite("Flutter: a GestureDetector inside or around the scroll view")
struct FlutterDetectorPlacementTests {
    /// A short page: a field and a button, far less tall than the screen.
    let file = """
        { "version": 1, "platform": "flutter", "content": { "kind": "scroll-view", "children": [
          { "kind": "view", "id": "page", "layout": { "padding": [16, 16, 16, 16] }, "children": [
            { "kind": "text-field", "id": "amount" },
            { "kind": "button", "id": "pay", "text": "Pay" } ] } ] } }
        """

    /// Taps the form's background 60 points below the content with `amount` focused.
    func tapBelowContent(inside: Bool) throws -> DismissalMatrix.Cell {
        let session = HeadlessSession(technique: .flutter, document: try ScreenReader.read(file))
        session.app.setOption(OptionKey(.flutter, "gesture-detector"), to: "on")
        if inside { session.app.setOption(OptionKey(.flutter, "detector-inside"), to: "on") }
        session.platform.settle()
        let below = Point(x: 40, y: session.app.form.contentSize.height + 60)
        return DismissalMatrix.play(
            DismissalMatrix.Case(number: 0, title: "", focus: "amount", typed: nil, step: .tapAt(below)), in: session)
    }

    @Test("around the scroll view, a tap below the content unfocuses; inside it, the tap misses the detector")
    func emptySpaceBelowTheContent() throws {
        let around = try tapBelowContent(inside: false)
        #expect(around.outcome.finalFocus == nil, "\(around.words)")
        let inside = try tapBelowContent(inside: true)
        #expect(inside.outcome.finalFocus == "amount", "\(inside.words)")
    }
}
