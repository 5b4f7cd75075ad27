import TapawayKit
import TapawayScreen
import Testing

@testable import TapawayDemo

/// A screen file's pointer wiring beyond `onTapOutside`: a tap region's `onTapUpOutside` and
/// `onTapUpInside`, and pointer-down listeners (`pointer-down`: Flutter's
/// `Listener(onPointerDown:)`, React Native's `onTouchStart`). The expectations are the
/// platforms' documentation and source:
/// - `TapRegion.onTapUpOutside`: "A callback to be invoked when a tap up is detected outside of
///   this TapRegion and any other region with the same groupId"; `TextField.onTapUpOutside`:
///   "Called for each tap up that occurs outside of the TextFieldTapRegion group";
/// - `GestureBinding.handlePointerEvent` (gestures/binding.dart): events "that occur with the
///   pointer down (like PointerMoveEvents) should be dispatched to the same place that their
///   initial PointerDownEvent was", so the lift is inside or outside as the down was;
/// - `Listener.behavior`: "Defaults to HitTestBehavior.deferToChild", and
///   `HitTestBehavior.deferToChild`: "Targets that defer to their children receive events within
///   their bounds only if one of their children is hit by the hit test";
/// - React Native's `onTouchStart` on a `View` is a touch event, which bubbles from the touched
///   view to its ancestors, and a `View` is hit in its own bounds (`pointerEvents` "auto").
@MainActor
@Suite("Flutter and React Native: tap-up callbacks and pointer-down listeners")
struct FlutterPointerWiringTests {
    /// The amount field whose region unfocuses on `callback`, a Pay button beside it.
    func regionFile(_ callback: String) -> String {
        """
        { "version": 1, "platform": "flutter", "content": { "kind": "view", "layout": { "padding": [16, 16, 16, 16] },
          "children": [
            { "kind": "text-field", "id": "amount", "tapRegion": { "\(callback)": "end-editing" } },
            { "kind": "button", "id": "pay", "text": "Pay" },
            { "kind": "view", "id": "panel", "height": 300 } ] } }
        """
    }

    /// Plays `step` with `amount` focused on `text` under *As written*.
    func play(_ step: DismissalMatrix.Step, _ text: String) throws -> DismissalMatrix.Cell {
        let session = HeadlessSession(technique: .asWritten, document: try ScreenReader.read(text))
        return DismissalMatrix.play(
            DismissalMatrix.Case(number: 0, title: "", focus: "amount", typed: nil, step: step), in: session)
    }

    @Test("onTapUpOutside unfocuses at the lift, where onTapOutside unfocuses at the pointer down")
    func upOutside() throws {
        let up = try play(.tap("pay"), regionFile("onTapUpOutside"))
        #expect(up.outcome.finalFocus == nil, "\(up.words)")
        #expect(up.outcome.hidePhases.first == .ended, "\(up.outcome.hidePhases)")
        #expect(up.outcome.actions["pay touchUpInside"] == 1, "\(up.words)")
        let down = try play(.tap("pay"), regionFile("onTapOutside"))
        #expect(down.outcome.hidePhases.first == .began, "\(down.outcome.hidePhases)")
    }

    @Test("a drag that starts outside unfocuses when it ends, not when it starts")
    func dragOutside() throws {
        let up = try play(.drag("panel"), regionFile("onTapUpOutside"))
        #expect(up.outcome.finalFocus == nil, "\(up.words)")
        #expect(up.outcome.hidePhases.first == .ended, "\(up.outcome.hidePhases)")
    }

    @Test("a lift inside the region does not call onTapUpOutside: the field keeps its focus")
    func upInside() throws {
        let cell = try play(.tap("amount"), regionFile("onTapUpOutside"))
        #expect(cell.outcome.finalFocus == "amount", "\(cell.words)")
        #expect(cell.outcome.keypadHides == 0, "\(cell.words)")
    }

    /// A page wrapped in a pointer-down listener that unfocuses, on `platform`.
    func listenerFile(platform: String, behavior: String? = nil) -> String {
        let behavior = behavior.map { #", "behavior": "\#($0)""# } ?? ""
        return """
            { "version": 1, "platform": "\(platform)", "content": { "kind": "view", "id": "page",
              "gestures": [ { "type": "pointer-down", "action": "end-editing"\(behavior) } ],
              "layout": { "padding": [16, 16, 16, 16] },
              "children": [
                { "kind": "text-field", "id": "amount" },
                { "kind": "button", "id": "pay", "text": "Pay" },
                { "kind": "view", "id": "panel", "height": 300 } ] } }
            """
    }

    @Test("a Listener around the page unfocuses on every pointer down in it, and the button still acts")
    func listenerOnButton() throws {
        let cell = try play(.tap("pay"), listenerFile(platform: "flutter"))
        #expect(cell.outcome.finalFocus == nil, "\(cell.words)")
        #expect(cell.outcome.hidePhases.first == .began, "\(cell.outcome.hidePhases)")
        #expect(cell.outcome.actions["pay touchUpInside"] == 1, "\(cell.words)")
    }

    @Test("a Listener hears the pointer down on the field itself too: the keypad goes down and comes back")
    func listenerOnField() throws {
        let cell = try play(.tap("amount"), listenerFile(platform: "flutter"))
        #expect(cell.outcome.finalFocus == "amount", "\(cell.words)")
        #expect(cell.outcome.keypadHides >= 1, "\(cell.words)")
        #expect(cell.outcome.keypadRaises >= 1, "\(cell.words)")
    }

    @Test("deferToChild: a Flutter Listener is not hit in the page's empty space; React Native's View is")
    func emptySpace() throws {
        let flutter = try play(.tap("panel"), listenerFile(platform: "flutter"))
        #expect(flutter.outcome.finalFocus == "amount", "\(flutter.words)")
        let opaque = try play(.tap("panel"), listenerFile(platform: "flutter", behavior: "opaque"))
        #expect(opaque.outcome.finalFocus == nil, "\(opaque.words)")
        let reactNative = try play(.tap("panel"), listenerFile(platform: "react-native"))
        #expect(reactNative.outcome.finalFocus == nil, "\(reactNative.words)")
    }

    @Test("the audit plays a tap on the focused field itself, and reports a Listener's bounce there with Flutter's fix")
    func auditBounce() throws {
        let audit = Audit(
            document: try ScreenReader.read(listenerFile(platform: "flutter")), named: "test", techniques: [.asWritten])
        let bounce = audit.findings.first { $0.kind == .keyboardBounces && $0.element == "amount" }
        #expect(bounce != nil, "\(audit.findings.map { "\($0.kind) \($0.element) \($0.what)" })")
        #expect(bounce?.fix.contains("TapRegion") == true, "\(bounce?.fix ?? "")")
        #expect(bounce?.confident == false, "As written's findings are graded inferred")
    }

    @Test("a listener that unfocuses is the app's dismissal: As written is offered, and a technique plays without it")
    func onlyAsWritten() throws {
        let document = try ScreenReader.read(listenerFile(platform: "flutter"))
        #expect(ScreenWiring.declaresDismissal(document))
        let session = HeadlessSession(technique: .noCode, document: document)
        let cell = DismissalMatrix.play(
            DismissalMatrix.Case(number: 0, title: "", focus: "amount", typed: nil, step: .tap("pay")), in: session)
        #expect(cell.outcome.finalFocus == "amount", "\(cell.words)")
    }

    @Test("the reader: a listener belongs to Flutter and React Native files, and has no recognizer keys")
    func reading() {
        let uikit = listenerFile(platform: "uikit")
        do {
            _ = try ScreenReader.read(uikit)
            Issue.record("a listener on a uikit file was read")
        } catch {
            #expect(error.problems.contains { $0.message.hasPrefix("a pointer-down listener is Flutter's Listener") })
        }
        let keys = """
            { "version": 1, "platform": "flutter", "content": { "kind": "view",
              "gestures": [ { "type": "pointer-down", "action": "none", "cancelsTouchesInView": false } ] } }
            """
        do {
            _ = try ScreenReader.read(keys)
            Issue.record("a listener with cancelsTouchesInView was read")
        } catch {
            #expect(error.problems.map(\.path) == ["content.gestures[0].cancelsTouchesInView"], "\(error.problems)")
        }
    }
}
