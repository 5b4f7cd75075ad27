import TapawayKit
import TapawayScreen
import Testing

@testable import TapawayDemo

/// Plays `step` with `amount` focused under *As written* on the screen file `text`.
@MainActor
private func playAsWritten(_ step: DismissalMatrix.Step, on text: String) throws -> DismissalMatrix.Cell {
    let session = HeadlessSession(technique: .asWritten, document: try ScreenReader.read(text))
    return DismissalMatrix.play(
        DismissalMatrix.Case(number: 0, title: "", focus: "amount", typed: nil, step: step), in: session)
}

/// *As written* plays a file on its platform's toolkit: what the toolkit does by itself comes
/// with the file's own wiring. The expectations are the platforms' documentation:
/// - React Native, ScrollView (reactnative.dev/docs/scrollview), `keyboardShouldPersistTaps`:
///   `'never'` (the default) "tapping outside of the focused text input when the keyboard is up
///   dismisses the keyboard. When this happens, children won't receive the tap"; `'handled'`
///   "the keyboard will not dismiss automatically when the tap was handled by children of the
///   scroll view". Outside a ScrollView nothing dismisses: a plain `View` has no such handler.
/// - React Native, ScrollView `alwaysBounceVertical`: "The default value is true when
///   horizontal={false}"; Flutter, `ScrollView.primary`: a primary scroll view "is always
///   scrollable, even if it does not have sufficient content"; UIKit, `alwaysBounceVertical`:
///   "The default value is false".
@MainActor
@Suite("As written, on the file's platform")
struct AsWrittenPlatformTests {
    /// A React Native screen: a field and a Pay button in a root of `rootKind`, with the root's
    /// `keyboardShouldPersistTaps` when given; a `control` root is a Pressable around the page
    /// that dismisses (`<TouchableWithoutFeedback onPress={Keyboard.dismiss}>`).
    func reactNative(rootKind: String = "scroll-view", persist: String? = nil) -> String {
        let persistKey = persist.map { #""keyboardShouldPersistTaps": "\#($0)","# } ?? ""
        // A control root stands for a Pressable around the page: its touch-up-inside is onPress.
        let actions = rootKind == "control" ? #""actions": [ { "event": "touch-up-inside", "action": "end-editing" } ],"# : ""
        return """
            { "version": 1, "platform": "react-native", "content": {
              "kind": "\(rootKind)", \(persistKey) \(actions) "layout": { "padding": [16, 16, 16, 16] }, "children": [
                { "kind": "text-field", "id": "amount" },
                { "kind": "button", "id": "pay", "text": "Pay" } ] } }
            """
    }

    @Test("a React Native ScrollView at its default never: the first tap on Pay only dismisses")
    func scrollViewNever() throws {
        let text = reactNative()
        #expect(
            ScreenWiring.declaresDismissal(try ScreenReader.read(text)), "the scroll view blurs: as written has something to play"
        )
        let cell = try playAsWritten(.tap("pay"), on: text)
        #expect(cell.outcome.actions["pay touchUpInside"] == nil, "\(cell.words)")
        #expect(cell.outcome.finalFocus == nil, "\(cell.words)")
    }

    @Test("keyboardShouldPersistTaps handled: Pay handles its tap, and the field keeps the keyboard")
    func scrollViewHandled() throws {
        let cell = try playAsWritten(.tap("pay"), on: reactNative(persist: "handled"))
        #expect(cell.outcome.actions["pay touchUpInside"] == 1, "\(cell.words)")
        #expect(cell.outcome.finalFocus == "amount", "\(cell.words)")
        let background = try playAsWritten(.tapBackground, on: reactNative(persist: "handled"))
        #expect(background.outcome.finalFocus == nil, "no child handled the background's tap: \(background.words)")
    }

    @Test("always, or no ScrollView at all: nothing of React Native's own dismisses")
    func nothingDismisses() throws {
        #expect(!ScreenWiring.declaresDismissal(try ScreenReader.read(reactNative(persist: "always"))))
        #expect(!ScreenWiring.declaresDismissal(try ScreenReader.read(reactNative(rootKind: "view"))))
        let cell = try playAsWritten(.tapBackground, on: reactNative(rootKind: "view"))
        #expect(cell.outcome.finalFocus == "amount", "\(cell.words)")
    }

    @Test("a Pressable around a plain page dismisses on a background tap, and Pay keeps its own tap")
    func pressableAroundThePage() throws {
        let text = reactNative(rootKind: "control")
        let background = try playAsWritten(.tapBackground, on: text)
        #expect(background.outcome.finalFocus == nil, "\(background.words)")
        #expect(background.outcome.hidePhases.first == .ended, "onPress runs on release")
        let pay = try playAsWritten(.tap("pay"), on: text)
        #expect(pay.outcome.actions["pay touchUpInside"] == 1, "the innermost touchable is the responder: \(pay.words)")
        #expect(pay.outcome.finalFocus == "amount", "\(pay.words)")
    }

    @Test("a recognizer on the root scroll view that holds the page is played, as one added to the scroll view")
    func rootScrollViewRecognizer() throws {
        // UIGestureRecognizer.cancelsTouchesInView: "When this property is true (the default)
        // and the receiver recognizes its gesture, the touches of that gesture that are pending
        // aren't delivered to the view": the row never selects.
        let text = """
            { "version": 1, "platform": "uikit", "content": { "kind": "scroll-view",
              "gestures": [ { "type": "tap", "action": "end-editing" } ],
              "children": [ { "kind": "view", "id": "page", "layout": { "padding": [16, 16, 16, 16] }, "children": [
                { "kind": "text-field", "id": "amount" },
                { "kind": "row", "id": "row-a", "text": "A" } ] } ] } }
            """
        let row = try playAsWritten(.tap("row-a"), on: text)
        #expect(row.outcome.actions["row-a select"] == nil, "\(row.words)")
        #expect(row.outcome.finalFocus == nil, "\(row.words)")
    }

    @Test("the file's platform decides whether its root takes a drag when its content fits")
    func bounceFollowsThePlatform() throws {
        for (platform, bounces) in [
            ("uikit", false), ("android", false), ("swiftui", true), ("flutter", true), ("react-native", true),
        ] {
            let text = """
                { "version": 1, "platform": "\(platform)", "content": { "kind": "scroll-view", "children": [
                  { "kind": "text-field", "id": "amount", "returnAction": "end-editing" } ] } }
                """
            let session = HeadlessSession(technique: .asWritten, document: try ScreenReader.read(text))
            #expect(session.app.screen(for: .asWritten).form.alwaysBounceVertical == bounces, "\(platform)")
        }
    }
}

/// A `tap` gesture on a Flutter file is a `GestureDetector(onTap:)`.
///
/// Flutter's documentation: `GestureDetector.behavior` "defaults to HitTestBehavior.deferToChild if
/// child is not null", and `HitTestBehavior.deferToChild`: "Targets that defer to their children
/// receive events within their bounds only if one of their children is hit by the hit test"; the
/// gesture arena (flutter.dev/to/gesture-disambiguation): when several recognizers compete for one tap,
/// the winner is decided in the arena, and a button's or a text field's own recognizer, deeper in the
/// tree, wins its tap (inferred from the arena's sweep, which gives a tap to the first member, the
/// deepest hit); a recognizer that loses is simply not called: nothing is cancelled.
@MainActor
@Suite("As written: a Flutter file's GestureDetector")
struct FlutterGestureDetectorTests {
    /// A page (`Column`) with a field, a Save button, a label and a list tile, and a
    /// `GestureDetector(onTap: unfocus)` around it with `behavior` when given.
    func file(behavior: String? = nil) -> String {
        let behaviorKey = behavior.map { #", "behavior": "\#($0)""# } ?? ""
        return """
            { "version": 1, "platform": "flutter", "content": { "kind": "view",
              "gestures": [ { "type": "tap", "action": "end-editing"\(behaviorKey) } ],
              "layout": { "padding": [16, 16, 16, 16] }, "children": [
                { "kind": "text-field", "id": "amount" },
                { "kind": "button", "id": "save", "text": "Save" },
                { "kind": "label", "id": "hint", "text": "Amounts in euros" },
                { "kind": "row", "id": "history", "text": "History" } ] } }
            """
    }

    @Test("defer-to-child: a tap on the page's empty space hits no child, so the detector never hears it")
    func emptySpaceDefers() throws {
        let cell = try playAsWritten(.tapBackground, on: file())
        #expect(cell.outcome.finalFocus == "amount", "\(cell.words)")
        let opaque = try playAsWritten(.tapBackground, on: file(behavior: "opaque"))
        #expect(opaque.outcome.finalFocus == nil, "opaque: the detector is hit in its bounds: \(opaque.words)")
    }

    @Test("a text is hit, and claims no tap: the detector wins it and unfocuses")
    func textIsHit() throws {
        let cell = try playAsWritten(.tap("hint"), on: file())
        #expect(cell.outcome.finalFocus == nil, "\(cell.words)")
    }

    @Test("a button and a list tile win their own taps; the detector loses and takes nothing from them")
    func childrenWinTheArena() throws {
        let save = try playAsWritten(.tap("save"), on: file(behavior: "opaque"))
        #expect(save.outcome.actions["save touchUpInside"] == 1, "\(save.words)")
        #expect(save.outcome.finalFocus == "amount", "\(save.words)")
        let row = try playAsWritten(.tap("history"), on: file(behavior: "opaque"))
        #expect(row.outcome.actions["history select"] == 1, "\(row.words)")
        #expect(row.outcome.finalFocus == "amount", "\(row.words)")
    }

    @Test("the same recognizer on a UIKit file takes the row's touches (cancelsTouchesInView)")
    func uikitDiffers() throws {
        let text = file().replacingOccurrences(of: "\"platform\": \"flutter\"", with: "\"platform\": \"uikit\"")
        let row = try playAsWritten(.tap("history"), on: text)
        #expect(row.outcome.actions["history select"] == nil, "\(row.words)")
        #expect(row.outcome.finalFocus == nil, "\(row.words)")
    }
}

/// A `tap` gesture on a SwiftUI file is `.onTapGesture` on that view.
///
/// Apple's documentation: `contentShape(_:)` "Defines the content shape for hit testing" (a container's
/// empty space is not hit without one); gestures (developer.apple.com, "Composing SwiftUI gestures" and
/// `simultaneousGesture(_:including:)`): "SwiftUI gives precedence to the child's gesture" over its
/// parent's by default, and `simultaneousGesture` attaches a gesture "to process simultaneously with
/// gestures defined by the view".
@MainActor
@Suite("As written: a SwiftUI file's onTapGesture")
struct SwiftUITapGestureTests {
    /// A `VStack` with a field, a Save button and a text, `.onTapGesture { focus = nil }` on it.
    func file(behavior: String? = nil, simultaneous: Bool = false) -> String {
        let behaviorKey = behavior.map { #", "behavior": "\#($0)""# } ?? ""
        return """
            { "version": 1, "platform": "swiftui", "content": { "kind": "view",
              "gestures": [ { "type": "tap", "action": "end-editing", "simultaneous": \(simultaneous)\(behaviorKey) } ],
              "layout": { "padding": [16, 16, 16, 16] }, "children": [
                { "kind": "text-field", "id": "amount" },
                { "kind": "button", "id": "save", "text": "Save" },
                { "kind": "label", "id": "hint", "text": "Amounts in euros" } ] } }
            """
    }

    @Test("without a content shape the stack's empty space is not hit; with one it is")
    func contentShape() throws {
        #expect(try playAsWritten(.tapBackground, on: file()).outcome.finalFocus == "amount")
        #expect(try playAsWritten(.tapBackground, on: file(behavior: "opaque")).outcome.finalFocus == nil)
        // A Text is hit, and its tap goes to the gesture of the stack it is in.
        #expect(try playAsWritten(.tap("hint"), on: file()).outcome.finalFocus == nil)
    }

    @Test("the child's gesture has precedence: Save acts and the field stays; simultaneous does both")
    func precedence() throws {
        let save = try playAsWritten(.tap("save"), on: file(behavior: "opaque"))
        #expect(save.outcome.actions["save touchUpInside"] == 1, "\(save.words)")
        #expect(save.outcome.finalFocus == "amount", "\(save.words)")
        let both = try playAsWritten(.tap("save"), on: file(behavior: "opaque", simultaneous: true))
        #expect(both.outcome.actions["save touchUpInside"] == 1, "\(both.words)")
        #expect(both.outcome.finalFocus == nil, "\(both.words)")
    }
}
