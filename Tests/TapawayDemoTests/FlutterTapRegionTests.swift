import TapawayKit
import TapawayScreen
import Testing

@testable import TapawayDemo

/// A screen file's `textFieldTapRegion` under `flutter`.
///
/// The expectations are Flutter's API documentation (api.flutter.dev, `TextFieldTapRegion`): "Widgets
/// that are wrapped with a TextFieldTapRegion are considered to be part of a text field for purposes of
/// unfocus behavior. So, when the user taps on them, the currently focused text field won't be
/// unfocused by default. This allows controls like spinners, copy buttons, and formatting buttons to be
/// associated with a text field without causing the text field to lose focus when they are interacted
/// with." And `TextField.onTapOutside`: "Called for each tap down that occurs outside of the
/// TextFieldTapRegion group when the text field is focused."
@MainActor
@Suite("Flutter: widgets wrapped in a TextFieldTapRegion")
struct FlutterTapRegionTests {
    /// A field, a spinner button wrapped in a `TextFieldTapRegion`, a row of two buttons
    /// wrapped as one, and a plain button.
    let file = """
        { "version": 1, "platform": "flutter", "content": { "kind": "view", "layout": { "padding": [16, 16, 16, 16] },
          "children": [
            { "kind": "text-field", "id": "amount" },
            { "kind": "button", "id": "plus", "text": "+", "textFieldTapRegion": true },
            { "kind": "view", "id": "format", "height": 44, "textFieldTapRegion": true, "layout": { "axis": "horizontal" },
              "children": [ { "kind": "button", "id": "bold", "text": "B", "width": 60 },
                            { "kind": "button", "id": "italic", "text": "I", "width": 60 } ] },
            { "kind": "button", "id": "pay", "text": "Pay" } ] } }
        """

    /// Taps `id` with `amount` focused under `flutter`, `consume` for the technique's
    /// consume-outside-taps option.
    func tap(_ id: String, consume: Bool = false) throws -> DismissalMatrix.Cell {
        let session = HeadlessSession(technique: .flutter, document: try ScreenReader.read(file))
        if consume { session.app.setOption(OptionKey(.flutter, "consume-outside-taps"), to: "on") }
        return DismissalMatrix.play(
            DismissalMatrix.Case(number: 0, title: "", focus: "amount", typed: nil, step: .tap(id)), in: session)
    }

    @Test("a wrapped button acts and the field keeps its focus")
    func wrappedButton() throws {
        let cell = try tap("plus")
        #expect(cell.outcome.actions["plus touchUpInside"] == 1, "\(cell.words)")
        #expect(cell.outcome.finalFocus == "amount", "\(cell.words)")
    }

    @Test("a button inside a wrapped container is inside the region too")
    func wrappedContainer() throws {
        let cell = try tap("italic")
        #expect(cell.outcome.actions["italic touchUpInside"] == 1, "\(cell.words)")
        #expect(cell.outcome.finalFocus == "amount", "\(cell.words)")
    }

    @Test("a plain button is outside: onTapOutside unfocuses, and the button still acts")
    func plainButton() throws {
        let cell = try tap("pay")
        #expect(cell.outcome.finalFocus == nil, "\(cell.words)")
        #expect(cell.outcome.actions["pay touchUpInside"] == 1, "\(cell.words)")
    }

    @Test("consuming outside taps eats the plain button's tap, never a wrapped one's")
    func consumeOutsideTaps() throws {
        // TapRegion.consumeOutsideTaps: "If true, then any tap outside of the region will be
        // consumed" — a wrapped widget is not outside.
        let plain = try tap("pay", consume: true)
        #expect(plain.outcome.actions["pay touchUpInside"] == nil, "\(plain.words)")
        let wrapped = try tap("plus", consume: true)
        #expect(wrapped.outcome.actions["plus touchUpInside"] == 1, "\(wrapped.words)")
        #expect(wrapped.outcome.finalFocus == "amount")
    }

    @Test("the key is any element's, read and refused like the others")
    func reading() throws {
        let document = try ScreenReader.read(file)
        #expect(document.element("plus")?.textFieldTapRegion == true)
        #expect(document.element("pay")?.textFieldTapRegion == false)
        let bad = file.replacingOccurrences(of: #""textFieldTapRegion": true }"#, with: #""textFieldTapRegion": "yes" }"#)
        #expect(throws: ScreenReadFailure.self) { try ScreenReader.read(bad) }
    }
}
