import TapawayKit
import Testing

@testable import TapawayDemo

/// `flutter` with *Consume outside taps*, and nothing focused.
///
/// The expectation is Flutter's source (`packages/flutter/lib/src/widgets/tap_region.dart`,
/// `RenderTapRegionSurface .handleEvent`): every registered region outside the hit ones is looked at,
/// focused or not (`for (final RenderTapRegion region in outsideRegions) { … if
/// (region.consumeOutsideTaps) { … consumeOutsideTaps = true; }`), and then "If any of the "outside"
/// regions have consumeOutsideTaps set, then stop the propagation of the event through the gesture
/// recognizer": `GestureBinding.instance.gestureArena.add(event.pointer,
/// _DummyTapRecognizer()).resolve(GestureDisposition.accepted)`. A region registers while it is laid
/// out and enabled; focus plays no part.
@MainActor
@Suite("Flutter: consumeOutsideTaps with nothing focused")
struct FlutterConsumeTests {
    /// Taps `id` with nothing focused under `flutter`, with or without consuming.
    func tapUnfocused(_ id: String, consume: Bool) -> DismissalMatrix.Cell {
        let session = HeadlessSession(technique: .flutter)
        if consume { session.app.setOption(OptionKey(.flutter, "consume-outside-taps"), to: "on") }
        return DismissalMatrix.play(
            DismissalMatrix.Case(number: 0, title: "", focus: nil, typed: nil, step: .tap(id)), in: session)
    }

    @Test("with nothing focused, a tap on Submit is swallowed when a region consumes outside taps")
    func submitSwallowed() {
        let consumed = tapUnfocused("submit", consume: true)
        #expect(consumed.outcome.actions["submit touchUpInside"] == nil, "\(consumed.words)")
        let plain = tapUnfocused("submit", consume: false)
        #expect(plain.outcome.actions["submit touchUpInside"] == 1, "without consuming the button fires: \(plain.words)")
    }

    /// `TextField.build` (`packages/flutter/lib/src/material/text_field.dart`) puts the
    /// `InputDecorator` (`decoration: _getEffectiveDecoration()`, with the suffix icon) around
    /// the `EditableText` and returns `TextFieldTapRegion(child: IgnorePointer(…` around it: the
    /// clear icon a field's decoration carries is inside the text fields' tap region.
    @Test("the field's clear icon is inside: it clears, focus stays, and nothing is consumed")
    func clearIconIsInside() throws {
        let session = HeadlessSession(technique: .flutter)
        session.app.setOption(OptionKey(.flutter, "consume-outside-taps"), to: "on")
        let field = try #require(session.app.window.view(withIdentifier: "name"))
        let icon = Point(x: field.bounds.width - 8, y: field.bounds.height / 2)
        let cell = DismissalMatrix.play(
            DismissalMatrix.Case(number: 0, title: "", focus: "name", typed: "ab", step: .tapIn("name", icon)), in: session)
        #expect(cell.outcome.finalFocus == "name", "\(cell.words)")
        #expect(cell.outcome.texts["name"] == "", "the icon cleared the field: \(cell.words)")
        #expect(cell.outcome.focusChanges.isEmpty, "\(cell.words)")
    }

    @Test("with nothing focused, a tap on a field is inside the group: it focuses")
    func fieldStillFocuses() {
        let cell = tapUnfocused("email", consume: true)
        #expect(cell.outcome.finalFocus == "email", "\(cell.words)")
    }
}
