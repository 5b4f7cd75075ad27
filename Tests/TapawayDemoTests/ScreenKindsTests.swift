import TapawayKit
import TapawayScreen
import Testing

@testable import TapawayDemo

/// Small screens built for one kind or one piece of wiring each, played as the matrix plays its
/// cases; each expectation is what the platform's documentation says, quoted.
@MainActor
@Suite("Screen kinds and wiring")
struct ScreenKindsTests {
    /// Plays `step` with `focus` focused on `screen` under `technique`.
    func play(
        _ screen: String, _ technique: TechniqueID, focus: String?, _ step: DismissalMatrix.Step
    ) throws -> DismissalMatrix.Cell {
        let session = HeadlessSession(technique: technique, document: try ScreenReader.read(screen))
        return DismissalMatrix.play(DismissalMatrix.Case(number: 0, title: "", focus: focus, typed: nil, step: step), in: session)
    }

    /// A screen of a field and `elements`, stacked in a view with 16 points of padding.
    func screen(_ elements: String, root: String = "\"kind\": \"view\"", extra: String = "") -> String {
        """
        { "version": 1, \(extra) "content": { \(root), "layout": { "padding": [16, 16, 16, 16] }, "children": [
            { "kind": "text-field", "id": "field" },
            \(elements) ] } }
        """
    }

    @Test("As written: a background control's touch-down action ends editing as the finger lands")
    func backgroundControlTouchDown() throws {
        // UIControl.Event.touchDown: "A touch-down event in the control." An action connected to
        // it runs when the finger lands, before it lifts.
        let file = """
            { "version": 1, "platform": "uikit", "content": { "kind": "control", "id": "root",
              "actions": [ { "event": "touch-down", "action": "end-editing" } ],
              "layout": { "padding": [16, 16, 16, 16] }, "children": [
                { "kind": "text-field", "id": "field" }, { "kind": "button", "id": "go", "text": "Go" } ] } }
            """
        let background = try play(file, .asWritten, focus: "field", .tapBackground)
        #expect(background.code == "R↓", "\(background.words)")
        // A tap on the button lands on the button, not on the control behind it.
        let button = try play(file, .asWritten, focus: "field", .tap("go"))
        #expect(button.code == "K", "\(button.words)")
        #expect(button.outcome.actions["go touchUpInside"] == 1)
        // Under another technique, the file's dismissal is not played: only the technique's.
        let none = try play(file, .noCode, focus: "field", .tapBackground)
        #expect(none.code == "K")
    }

    @Test("As written: a tap recognizer that does not cancel touches ends editing; the row selects only when held")
    func recognizerWithoutCancelling() throws {
        // cancelsTouchesInView: "When this property is false, the view receives all the
        // touches"; the recognizer still recognises the tap and its action runs. The row
        // receives its touches, but its selection is the table's own tap, which a recognizer
        // without a delegate does not recognize along with ("The default implementation
        // returns false—no two gestures can be recognized simultaneously"): a quick tap does not
        // select (IQKeyboardManager #1041); a press held past the table's delay does.
        let file = screen(
            """
            { "kind": "row", "id": "first", "text": "First" }
            """,
            root: #""kind": "view", "gestures": [ { "type": "tap", "cancelsTouchesInView": false, "action": "end-editing" } ]"#,
            extra: #""platform": "uikit","#)
        let cell = try play(file, .asWritten, focus: "field", .tap("first"))
        #expect(cell.code.hasPrefix("R↑"), "\(cell.words)")
        #expect(cell.outcome.actions["first select"] == nil)
        let held = try play(file, .asWritten, focus: "field", .longPress("first"))
        #expect(held.code.hasPrefix("K"), "\(held.words)")
        #expect(held.outcome.actions["first select"] == 1)
        let cancelling = screen(
            """
            { "kind": "row", "id": "first", "text": "First" }
            """, root: #""kind": "view", "gestures": [ { "type": "tap", "action": "end-editing" } ]"#)
        let eaten = try play(cancelling, .asWritten, focus: "field", .tap("first"))
        #expect(eaten.code.hasPrefix("R↑"))
        #expect(eaten.outcome.actions["first select"] == nil)
    }

    @Test("a row's own recognizer (an app action) plays under every technique and takes the row's touch")
    func rowWithItsOwnRecognizer() throws {
        // An app's own recognizer on a cell is part of the screen, not its dismissal; with
        // cancelsTouchesInView on (the default) the cell's touches are cancelled when it fires.
        let file = screen(
            """
            { "kind": "row", "id": "first", "text": "First", "gestures": [ { "type": "tap", "action": "app:openDetail" } ] }
            """)
        let cell = try play(file, .noCode, focus: "field", .tap("first"))
        #expect(cell.code == "K")
        #expect(cell.outcome.actions["first select"] == nil)
        #expect(cell.outcome.decisions["none"] == 1)
    }

    @Test("As written: a long-press recognizer ends editing once the press has lasted, and a tap does nothing")
    func longPress() throws {
        // UILongPressGestureRecognizer: the gesture begins after minimumPressDuration (0.5 s)
        // with the finger within allowableMovement.
        let file = screen(
            #"{ "kind": "label", "id": "hold", "text": "Hold here", "interactive": true }"#,
            root: #""kind": "view", "gestures": [ { "type": "long-press", "action": "end-editing" } ]"#)
        let held = try play(file, .asWritten, focus: "field", .longPress("hold"))
        #expect(held.outcome.finalFocus == nil, "\(held.words)")
        let tapped = try play(file, .asWritten, focus: "field", .tap("hold"))
        #expect(tapped.code == "K", "\(tapped.words)")
    }

    @Test("As written: Return with returnAction next moves focus on; end-editing ends it")
    func returnActions() throws {
        let file = """
            { "version": 1, "content": { "kind": "view", "layout": { "padding": [16, 16, 16, 16] }, "children": [
              { "kind": "text-field", "id": "first", "returnKey": "next", "returnAction": "next" },
              { "kind": "text-field", "id": "second", "returnKey": "done", "returnAction": "end-editing" } ] } }
            """
        let next = try play(file, .asWritten, focus: "first", .keys(["key-return"]))
        #expect(next.outcome.finalFocus == "second", "\(next.words)")
        let done = try play(file, .asWritten, focus: "second", .keys(["key-return"]))
        #expect(done.outcome.finalFocus == nil, "\(done.words)")
    }

    @Test("controls of every kind act on a tap with nothing in the way")
    func controlsAct() throws {
        let file = screen(
            """
            { "kind": "segmented", "id": "speed", "segments": ["One", "Two"] },
            { "kind": "text", "id": "terms", "text": "Read the terms", "height": 24 },
            { "kind": "switch", "id": "save" },
            { "kind": "button", "id": "off", "text": "Off", "enabled": false }
            """)
        // UISegmentedControl sends valueChanged when the selected segment changes; the centre of
        // a two-segment control is on the second.
        #expect(try play(file, .noCode, focus: "field", .tap("speed")).outcome.actions["speed valueChanged"] == 1)
        #expect(try play(file, .noCode, focus: "field", .tap("terms")).outcome.actions["terms touchUpInside"] == 1)
        #expect(try play(file, .noCode, focus: "field", .tap("save")).outcome.actions["save valueChanged"] == 1)
        // A disabled control takes no action (UIControl.isEnabled).
        #expect(try play(file, .noCode, focus: "field", .tap("off")).outcome.actions["off touchUpInside"] == nil)
    }

    @Test("an image takes no touches, so a tap on it is on the background; a pass-through stack's gap too")
    func passThroughTouches() throws {
        // UIImageView: isUserInteractionEnabled is false by default; SwiftUI's HStack is no view
        // at all, so a tap between its children reaches what is behind.
        let file = screen(
            """
            { "kind": "image", "id": "logo", "height": 60 },
            { "kind": "view", "id": "pair", "passThrough": true, "height": 40, "layout": { "axis": "horizontal" },
              "children": [ { "kind": "button", "id": "a", "text": "A", "width": 60, "gap": 200 },
                            { "kind": "button", "id": "b", "text": "B", "width": 60 } ] }
            """)
        let image = try play(file, .sendEvent, focus: "field", .tap("logo"))
        #expect(image.code == "R↓", "\(image.words)")
        let gap = try play(file, .swiftUI, focus: "field", .tap("pair"))
        #expect(gap.code == "R↑", "the tap between the buttons reaches the background's tap: \(gap.words)")
    }

    @Test("a text view whose delegate refuses keeps the focus when only asked, and lets go once its text passes")
    func textViewRefuses() throws {
        // UITextViewDelegate.textViewShouldEndEditing(_:): "Asks the delegate whether to stop
        // editing in the specified text view" — true if editing should stop, false if it should
        // continue. send-event's resignFirstResponder only asks (matrix case 14 keeps email the
        // same way); the text view's rule is the file's.
        let file = screen(
            """
            { "kind": "text-view", "id": "note", "refusesToResignWithout": "." },
            { "kind": "label", "id": "hint", "text": "Tap here", "height": 40 }
            """)
        func tapHint(typing text: String) throws -> DismissalMatrix.Cell {
            let session = HeadlessSession(technique: .sendEvent, document: try ScreenReader.read(file))
            return DismissalMatrix.play(
                DismissalMatrix.Case(number: 0, title: "", focus: "note", typed: text, step: .tap("hint")), in: session)
        }
        let kept = try tapHint(typing: "ab")
        #expect(kept.outcome.finalFocus == "note", "\(kept.words)")
        let left = try tapHint(typing: "a.")
        #expect(left.outcome.finalFocus == nil, "\(left.words)")
    }

    @Test("a nested scroll view with keyboardDismissMode on-drag ends editing when dragged")
    func nestedScrollDismissesOnDrag() throws {
        // UIScrollView.KeyboardDismissMode.onDrag: "The keyboard is dismissed when a drag
        // begins." The content is taller than the scroll view, so the drag scrolls.
        let file = screen(
            """
            { "kind": "scroll-view", "id": "list", "height": 200, "keyboardDismissMode": "on-drag",
              "contentSize": { "height": 800 },
              "children": [ { "kind": "label", "id": "inner", "text": "Inside", "height": 40 } ] }
            """)
        let cell = try play(file, .noCode, focus: "field", .drag("inner"))
        #expect(cell.code == "R→", "\(cell.words)")
    }

    @Test("a tab bar's buttons act, and it sits above the home indicator")
    func tabBar() throws {
        let file = """
            { "version": 1, "content": { "kind": "view", "layout": { "padding": [16, 16, 16, 16] }, "children": [
              { "kind": "text-field", "id": "field" } ] },
              "bottomBar": { "kind": "tab-bar", "id": "tabs", "height": 49, "children": [
                { "kind": "button", "id": "home", "text": "Home" }, { "kind": "button", "id": "me", "text": "Me" } ] } }
            """
        let session = HeadlessSession(technique: .noCode, document: try ScreenReader.read(file))
        let app = session.platform.application
        let home = try #require(session.app.window.view(withIdentifier: "home"))
        let bar = try #require(session.app.window.view(withIdentifier: "tabs"))
        #expect(bar.frameInScreen.maxY == app.deviceFrame.maxY)
        #expect(home.frameInScreen.maxY <= app.deviceFrame.maxY - app.safeAreaInsets.bottom)
        let cell = DismissalMatrix.play(
            DismissalMatrix.Case(number: 0, title: "", focus: nil, typed: nil, step: .tap("home")), in: session)
        #expect(cell.outcome.actions["home touchUpInside"] == 1)
    }
}
