import TapawayKit
import TapawayScreen
import Testing

@testable import TapawayDemo

/// A screen file's nested scroll views under `react-native`: each is a React Native
/// `ScrollView` with its own `keyboardShouldPersistTaps`. The expectations come from React
/// Native's documentation and sources:
///
/// - The gesture responder system (reactnative.dev/docs/gesture-responder-system): "Before the
///   responder system bubbles up from the deepest component, it will do a capture phase, firing
///   on*ShouldSetResponderCapture. So if a parent View wants to prevent the child from becoming
///   responder on a touch start, it should have a onStartShouldSetResponderCapture handler which
///   returns true." The capture runs from the outermost view in.
/// - ScrollView (reactnative.dev/docs/scrollview), `keyboardShouldPersistTaps`: `'never'` (the
///   default) "tapping outside of the focused text input when the keyboard is up dismisses the
///   keyboard. When this happens, children won't receive the tap"; `'always'` "the keyboard
///   will not dismiss automatically, and the scroll view will not catch taps"; `'handled'` "the
///   keyboard will not dismiss automatically when the tap was handled by children of the scroll
///   view (or captured by an ancestor)".
/// - The consequence people report for nested lists: "the only solution… having
///   keyboardShouldPersistTaps on all ScrollViews" (facebook/react-native #10138).
@MainActor
@Suite("React Native: nested scroll views, each with its own keyboardShouldPersistTaps")
struct ReactNativeNestedScrollTests {
    /// A screen whose root is a scroll view (`root` its `keyboardShouldPersistTaps`, or none)
    /// holding a field and a nested scroll view (`inner`, or none) that holds a button.
    func screen(root: String?, inner: String?) -> String {
        func key(_ value: String?) -> String { value.map { #""keyboardShouldPersistTaps": "\#($0)","# } ?? "" }
        return """
            { "version": 1, "platform": "react-native", "content": { "kind": "scroll-view", \(key(root))
              "layout": { "padding": [16, 16, 16, 16] }, "children": [
                { "kind": "text-field", "id": "field" },
                { "kind": "scroll-view", "id": "list", "height": 200, \(key(inner))
                  "children": [
                    { "kind": "button", "id": "buy", "text": "Buy", "height": 44 },
                    { "kind": "label", "id": "note", "text": "Nothing here", "height": 40 } ] } ] } }
            """
    }

    /// Plays a tap on `id` with `field` focused, under `react-native` with its option at its
    /// default.
    func tap(_ id: String, on file: String) throws -> DismissalMatrix.Cell {
        let session = HeadlessSession(technique: .reactNative, document: try ScreenReader.read(file))
        return DismissalMatrix.play(
            DismissalMatrix.Case(number: 0, title: "", focus: "field", typed: nil, step: .tap(id)), in: session)
    }

    @Test("an inner handled list under an outer scroll view left at never: the outer takes the tap, the button never fires")
    func outerNeverWins() throws {
        let cell = try tap("buy", on: screen(root: nil, inner: "handled"))
        #expect(cell.outcome.actions["buy touchUpInside"] == nil, "\(cell.words)")
        #expect(cell.outcome.finalFocus == nil, "the outer scroll view blurs on release: \(cell.words)")
    }

    @Test("handled on every scroll view: the button fires and the field keeps the keyboard")
    func handledEverywhere() throws {
        let cell = try tap("buy", on: screen(root: "handled", inner: "handled"))
        #expect(cell.outcome.actions["buy touchUpInside"] == 1, "\(cell.words)")
        #expect(cell.outcome.finalFocus == "field", "\(cell.words)")
    }

    @Test("handled on the root only: the inner scroll view, at its default never, takes the tap")
    func innerDefaultNever() throws {
        let cell = try tap("buy", on: screen(root: "handled", inner: nil))
        #expect(cell.outcome.actions["buy touchUpInside"] == nil, "\(cell.words)")
        #expect(cell.outcome.finalFocus == nil, "\(cell.words)")
    }

    @Test("a tap no child handles, in an inner always list under an outer handled one: the outer blurs")
    func unhandledBubblesOut() throws {
        // The label takes no touches (the touch lands on the list itself); the inner scroll
        // view under always does not claim it, so it bubbles to the outer one, which under
        // handled does and blurs on release.
        let session = HeadlessSession(
            technique: .reactNative, document: try ScreenReader.read(screen(root: "handled", inner: "always")))
        let cell = DismissalMatrix.play(
            DismissalMatrix.Case(number: 0, title: "", focus: "field", typed: nil, step: .tap("note")), in: session)
        #expect(cell.outcome.finalFocus == nil, "\(cell.words)")
        #expect(session.app.inspector.log.entries.contains { $0.reason.contains("the scroll view is its responder") })
    }

    @Test("always on every scroll view: no tap blurs")
    func alwaysEverywhere() throws {
        let file = screen(root: "always", inner: "always")
        #expect(try tap("note", on: file).outcome.finalFocus == "field")
        let button = try tap("buy", on: file)
        #expect(button.outcome.actions["buy touchUpInside"] == 1, "\(button.words)")
        #expect(button.outcome.finalFocus == "field")
    }

    @Test("the technique's option, set, wins over the file's root value; at its default the file's stands")
    func optionOverFile() throws {
        let file = screen(root: "handled", inner: "handled")
        let session = HeadlessSession(technique: .reactNative, document: try ScreenReader.read(file))
        session.app.setOption(OptionKey(.reactNative, "persist-taps"), to: "always")
        let cell = DismissalMatrix.play(
            DismissalMatrix.Case(number: 0, title: "", focus: "field", typed: nil, step: .tap("note")), in: session)
        // Outer always, inner handled: the inner claims the unhandled tap and blurs.
        #expect(cell.outcome.finalFocus == nil, "\(cell.words)")
        let plain = try tap("note", on: screen(root: "always", inner: "always"))
        #expect(plain.outcome.finalFocus == "field", "\(plain.words)")
    }
}
