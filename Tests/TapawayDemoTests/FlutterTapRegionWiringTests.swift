import TapawayKit
import TapawayScreen
import Testing

@testable import TapawayDemo

/// A screen file's own `tapRegion`s, played under *As written*. The expectations are Flutter's
/// source, `packages/flutter/lib/src/widgets/tap_region.dart`, and its documentation:
/// - `RenderTapRegionSurface.handleEvent`: only a pointer down counts; "Adding all grouped
///   regions, so they act as a single region"; "If they're not inside, then they're outside";
///   each outside region's `onTapOutside` and each inside region's `onTapInside` is called;
/// - `TapRegion.consumeOutsideTaps`: "the group that this region belongs to will stop the
///   propagation of the tap down event in the gesture arena. This is useful if you want to block
///   the tap down from being given to a GestureDetector when onTapOutside is called";
/// - `TapRegion.behavior`: "Defaults to HitTestBehavior.deferToChild", and `RenderTapRegion`:
///   "the region occupied by its child (or itself if behavior is HitTestBehavior.opaque)".
@MainActor
@Suite("Flutter: a screen file's tap regions")
struct FlutterTapRegionWiringTests {
    /// The amount field in a region that unfocuses on a tap outside, grouped with a `+` button;
    /// a Pay button outside; and an empty, pass-through panel with a region of its own.
    func file(consume: Bool = false, panelBehavior: String = "defer-to-child", outside: String = "end-editing") -> String {
        """
        { "version": 1, "platform": "flutter", "content": { "kind": "view", "layout": { "padding": [16, 16, 16, 16] },
          "children": [
            { "kind": "text-field", "id": "amount",
              "tapRegion": { "groupId": "amount", "onTapOutside": "\(outside)", "consumeOutsideTaps": \(consume) } },
            { "kind": "button", "id": "plus", "text": "+", "tapRegion": { "groupId": "amount" } },
            { "kind": "button", "id": "pay", "text": "Pay" },
            { "kind": "view", "id": "panel", "height": 120, "passThrough": true,
              "tapRegion": { "behavior": "\(panelBehavior)", "onTapInside": "app:panel-touched" } } ] } }
        """
    }

    /// Plays `step` with `amount` focused under `technique` on `text`.
    func play(
        _ step: DismissalMatrix.Step, _ text: String, under technique: TechniqueID = .asWritten
    ) throws
        -> DismissalMatrix.Cell
    {
        let session = HeadlessSession(technique: technique, document: try ScreenReader.read(text))
        return DismissalMatrix.play(
            DismissalMatrix.Case(number: 0, title: "", focus: "amount", typed: nil, step: step), in: session)
    }

    @Test("the file's region unfocuses on a pointer down outside it, and the tapped button still acts")
    func outside() throws {
        let cell = try play(.tap("pay"), file())
        #expect(cell.outcome.finalFocus == nil, "\(cell.words)")
        #expect(cell.outcome.actions["pay touchUpInside"] == 1, "\(cell.words)")
        #expect(cell.outcome.hidePhases.first == .began, "onTapOutside runs on the pointer down")
    }

    @Test("a region of the same group is inside: the grouped button acts and the field keeps its focus")
    func grouped() throws {
        let cell = try play(.tap("plus"), file())
        #expect(cell.outcome.finalFocus == "amount", "\(cell.words)")
        #expect(cell.outcome.actions["plus touchUpInside"] == 1, "\(cell.words)")
        let inField = try play(.tap("amount"), file())
        #expect(inField.outcome.finalFocus == "amount", "\(inField.words)")
    }

    @Test("consumeOutsideTaps: the pointer down that unfocuses goes to no other widget")
    func consumed() throws {
        let cell = try play(.tap("pay"), file(consume: true))
        #expect(cell.outcome.finalFocus == nil, "\(cell.words)")
        #expect(cell.outcome.actions["pay touchUpInside"] == nil, "\(cell.words)")
        // Inside the group nothing is consumed.
        let plus = try play(.tap("plus"), file(consume: true))
        #expect(plus.outcome.actions["plus touchUpInside"] == 1, "\(plus.words)")
    }

    @Test("defer-to-child: an empty pass-through panel is not hit, so its region is not inside; opaque is")
    func behavior() throws {
        let deferring = try play(.tap("panel"), file())
        #expect(deferring.outcome.actions["panel app:panel-touched"] == nil, "\(deferring.words)")
        let opaque = try play(.tap("panel"), file(panelBehavior: "opaque"))
        #expect(opaque.outcome.actions["panel app:panel-touched"] == 1, "\(opaque.words)")
        let translucent = try play(.tap("panel"), file(panelBehavior: "translucent"))
        #expect(translucent.outcome.actions["panel app:panel-touched"] == 1, "\(translucent.words)")
    }

    @Test("a region that ends editing is the app's dismissal: played as written, not under a technique")
    func onlyAsWritten() throws {
        let text = file()
        let document = try ScreenReader.read(text)
        #expect(ScreenWiring.declaresDismissal(document))
        // Under send-event the window resigns the field on a tap on Pay anyway; under `none`
        // nothing does, so the field keeps its focus: the file's region is not there.
        let none = try play(.tap("pay"), text, under: .noCode)
        #expect(none.outcome.finalFocus == "amount", "\(none.words)")
        // A region that only runs an app action belongs to the screen: it plays everywhere.
        let panel = try play(.tap("panel"), file(panelBehavior: "opaque"), under: .noCode)
        #expect(panel.outcome.actions["panel app:panel-touched"] == 1, "\(panel.words)")
    }

    @Test("the page under a sheet is not the current route: its region has no onTapOutside")
    func underTheSheet() throws {
        // TapRegion.updateRenderObject: "..onTapOutside = (route?.isCurrent ?? true) ? onTapOutside : null".
        let text = """
            { "version": 1, "platform": "flutter",
              "content": { "kind": "view", "children": [
                { "kind": "text-field", "id": "amount", "tapRegion": { "onTapOutside": "end-editing" } } ] },
              "sheet": { "content": { "kind": "view", "children": [
                { "kind": "text-field", "id": "note", "tapRegion": { "groupId": "note", "onTapOutside": "end-editing" } },
                { "kind": "button", "id": "save", "text": "Save", "tapRegion": { "groupId": "note" } },
                { "kind": "button", "id": "cancel", "text": "Cancel" } ] } } }
            """
        let session = HeadlessSession(technique: .asWritten, document: try ScreenReader.read(text))
        // Save is in the note's group: inside; the page's region is outside but has no callback.
        let save = DismissalMatrix.play(
            DismissalMatrix.Case(number: 0, title: "", focus: "note", typed: nil, step: .tap("save")), in: session)
        #expect(save.outcome.finalFocus == "note", "\(save.words)")
        #expect(save.outcome.actions["save touchUpInside"] == 1, "\(save.words)")
        // Cancel is outside the note's group, whose region, on the current route, unfocuses.
        let cancel = DismissalMatrix.play(
            DismissalMatrix.Case(number: 0, title: "", focus: "note", typed: nil, step: .tap("cancel")), in: session)
        #expect(cancel.outcome.finalFocus == nil, "\(cancel.words)")
    }

    @Test("a region whose callbacks do nothing declares no dismissal")
    func noDismissal() throws {
        let document = try ScreenReader.read(file(outside: "none"))
        #expect(!ScreenWiring.declaresDismissal(document))
    }

    @Test("the reader checks a tap region's keys and values, with their place in the tree")
    func reading() throws {
        let bad = """
            { "version": 1, "content": { "kind": "view", "children": [
              { "kind": "button", "id": "b", "tapRegion": { "behaviour": "opaque", "onTapOutside": "unfocus",
                "behavior": "sometimes", "consumeOutsideTaps": "yes" } } ] } }
            """
        do {
            _ = try ScreenReader.read(bad)
            Issue.record("a bad tap region was read")
        } catch {
            let lines = error.problems.map(\.message)
            #expect(lines.contains { $0.hasPrefix("unknown key 'behaviour' in a tap region") }, "\(lines)")
            #expect(lines.contains { $0.hasPrefix("'onTapOutside' is 'unfocus'; it must be one of end-editing, resign, none") })
            #expect(lines.contains { $0.hasPrefix("'behavior' is 'sometimes'") }, "\(lines)")
            #expect(lines.contains { $0.hasPrefix("'consumeOutsideTaps' must be") }, "\(lines)")
            #expect(
                error.problems.allSatisfy { $0.path.hasPrefix("content.children[0].tapRegion") }, "\(error.problems.map(\.path))")
        }
    }
}
