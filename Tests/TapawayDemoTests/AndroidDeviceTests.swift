import TapawayKit
import TapawayScreen
import Testing

@testable import TapawayDemo

/// The Android phone as Android: a Gboard-like keyboard whose geometry comes from AOSP
/// LatinIME's small-phone configuration, an action key that does what `TextView.onEditorAction`
/// does with the field's `imeOptions`, Back's two steps, and Material's top app bar.
@MainActor
@Suite("Android: the keyboard, its action key, Back and the app bar")
struct AndroidDeviceTests {
    /// A session on the Android phone showing `text` (nil: the shipped form) under `technique`.
    func session(_ text: String? = nil, technique: TechniqueID = .noCode) throws -> HeadlessSession {
        let session = HeadlessSession(technique: technique, document: try text.map { try ScreenReader.read($0) })
        #expect(session.app.setOption(OptionKey(nil, "device"), to: "android"))
        session.platform.settle()
        return session
    }

    /// Fields stacked top to bottom, each `(id, kind, returnKey)`.
    func file(_ fields: [(String, String, String)]) -> String {
        let children = fields.map { id, kind, key in
            #"{ "kind": "\#(kind)", "id": "\#(id)", "returnKey": "\#(key)" }"#
        }
        return """
            { "version": 1, "platform": "android",
              "content": { "kind": "view", "id": "page", "layout": { "padding": [16, 16, 16, 16] },
                "children": [ \(children.joined(separator: ", ")) ] } }
            """
    }

    @Test("the keyboard is LatinIME's: a 40-point strip over a 205.6-point keyboard, docked on the navigation bar")
    func keyboardFrame() throws {
        let session = try session()
        let app = session.app, application = session.platform.application
        _ = app.focus("name")
        session.platform.settle()
        let device = application.deviceFrame
        // LatinIME res/values/config.xml (small phone portrait):
        //   <dimen name="config_suggestions_strip_height">40dp</dimen>
        //   <dimen name="config_default_keyboard_height">205.6dp</dimen>
        //   <fraction name="config_keyboard_top_padding_holo">2.335%p</fraction>
        //   <fraction name="config_keyboard_bottom_padding_holo">4.669%p</fraction>
        //   <fraction name="config_key_vertical_gap_holo">6.127%p</fraction>
        //   <fraction name="config_key_horizontal_gap_holo">1.739%p</fraction>
        // and its rows are 25%p of the keyboard less the paddings plus one gap, each key's
        // height its row's less the gap: (205.6 − 4.8 − 9.6 + 12.6) / 4 − 12.6 = 38.35.
        let tray = 40.0 + 205.6
        let keyboard = application.keyboard
        #expect(abs(keyboard.height - tray) <= 0.5, "the tray: \(keyboard.height)")
        #expect(keyboard.frame.maxY == device.maxY - 48, "it docks on the 48-point navigation bar")
        #expect(keyboard.frame.width == 360)
        #expect(keyboard.keypadView.suggestionStripFrame.height == 40)
        let q = try #require(keyboard.keypadView.keyView("key-q")).frame
        let a = try #require(keyboard.keypadView.keyView("key-a")).frame
        let space = try #require(keyboard.keypadView.keyView("key-space")).frame
        let gap = 360 * 0.01739
        #expect(abs(q.height - 38.35) <= 0.5)
        #expect(abs(q.minY - (40 + 205.6 * 0.02335)) <= 0.5, "the first row under the strip and the top padding")
        #expect(abs(q.width - (36 - gap)) <= 1, "a letter is a tenth of the width less the gap: \(q)")
        #expect(abs(a.minX - (18 + gap / 2)) <= 1, "the a row starts half a key in: \(a)")
        #expect(abs(space.width - (4 * 36 - gap)) <= 1, "the space bar takes four tenths: \(space)")
        // Gboard's bottom row: ?123, comma, emoji, space, period, the action key.
        let bottom = keyboard.keypadView.layout.rows[3].map(\.id)
        #expect(bottom == ["key-123", "key-comma", "key-emoji", "key-space", "key-period", "key-return"])
        // Turned back to an iPhone, the keys are iOS's again.
        #expect(app.setOption(OptionKey(nil, "device"), to: "iphone-15"))
        session.platform.settle()
        #expect(keyboard.keypadView.keyView("key-emoji") == nil)
        #expect(keyboard.height == KeypadMetrics.standard.trayHeight + 34)
    }

    /// The action key of the field focused, and what tapping it did: the field focused after,
    /// and whether the keyboard is up.
    func pressAction(
        in session: HeadlessSession, focusing id: String
    ) throws -> (label: String, focused: String?, keyboardUp: Bool) {
        _ = session.app.focus(id)
        session.platform.settle()
        let keyboard = session.platform.application.keyboard
        let key = try #require(keyboard.keypadView.keyView("key-return"))
        let label = key.accessibilityLabel ?? ""
        session.platform.tap(key)
        session.platform.settle()
        let focused = (session.platform.application.focusedTextInput as? View)?.identifier
        return (label, focused, keyboard.isVisible)
    }

    // TextView.onCreateInputConnection: "if (focusSearch(FOCUS_DOWN) != null) { outAttrs.imeOptions
    // |= EditorInfo.IME_FLAG_NAVIGATE_NEXT; }" and, with no action set, "An action has not been
    // set, but the enter key will move to the next focus, so set the editor action to that"
    // (IME_ACTION_NEXT), else "there is no focus to move to" (IME_ACTION_DONE).
    // TextView.onEditorAction: IME_ACTION_NEXT → focusSearch(FOCUS_FORWARD).requestFocus();
    // IME_ACTION_DONE → "imm.hideSoftInputFromWindow(getWindowToken(), 0)" and nothing else,
    // so the focus stays; any other action → a KEYCODE_ENTER event with FLAG_EDITOR_ACTION, which
    // onKeyUp turns into focusSearch(FOCUS_DOWN).requestFocus(), or, with nothing below, into
    // hiding the keyboard ("No target for next focus, but make sure the IME if this came from it").
    @Test(
        "the action key follows imeOptions: Next moves the focus, Done hides the keyboard and keeps the focus",
        arguments: [
            // (returnKey of `first`, label shown, focused after, keyboard up after)
            ("default", "next", "second", true),
            ("next", "next", "second", true),
            ("done", "done", "first", false),
            ("go", "go", "second", true),
            ("search", "search", "second", true),
            ("send", "send", "second", true),
        ])
    func actionKey(_ returnKey: String, _ label: String, _ focused: String, _ up: Bool) throws {
        let session = try session(file([("first", "text-field", returnKey), ("second", "text-field", "done")]))
        let outcome = try pressAction(in: session, focusing: "first")
        #expect(outcome.label == label)
        #expect(outcome.focused == focused)
        #expect(outcome.keyboardUp == up)
    }

    @Test("with no field after it, an unspecified action is Done and Go hides the keyboard; Enter types a line")
    func lastFieldAndEnter() throws {
        let last = try session(file([("first", "text-field", "default"), ("last", "text-field", "default")]))
        let done = try pressAction(in: last, focusing: "last")
        #expect(done.label == "done" && done.focused == "last" && !done.keyboardUp)
        let go = try session(file([("first", "text-field", "default"), ("last", "text-field", "go")]))
        let went = try pressAction(in: go, focusing: "last")
        #expect(went.label == "go" && went.focused == "last" && !went.keyboardUp)
        // A multi-line input gets IME_FLAG_NO_ENTER_ACTION: the key is Enter, a new line.
        let notes = try session(file([("notes", "text-view", "done"), ("after", "text-field", "default")]))
        let entered = try pressAction(in: notes, focusing: "notes")
        #expect(entered.label == "enter" && entered.focused == "notes" && entered.keyboardUp)
        let text = try #require(notes.app.form.background.view(withIdentifier: "notes") as? TextView)
        #expect(text.text == "\n")
    }

    @Test("Back hides the keyboard and the field keeps its focus; a second Back goes back")
    func backTwoSteps() throws {
        let session = try session(technique: .android)
        let app = session.app, p = session.platform
        let chrome = app.deviceChrome
        _ = app.focus("name")
        p.settle()
        #expect(p.application.keyboard.isVisible)
        let screens = app.navigation.viewControllers.count
        session.resetOutcome()
        p.tap(at: chrome.backButtonFrame.center)
        p.settle()
        #expect(!p.application.keyboard.isVisible, "the input method took Back")
        #expect(p.application.focusedTextInput === app.form.name, "the field keeps its focus")
        #expect(app.navigation.viewControllers.count == screens, "the screen stays")
        #expect(session.outcome.decisions.isEmpty, "no technique heard Back: \(session.outcome.decisions)")
        // A tap on the focused field brings the keyboard back (Editor's showSoftInput).
        p.tap(app.form.name)
        p.settle()
        #expect(p.application.keyboard.isVisible && p.application.focusedTextInput === app.form.name)
        // Back, then Back again: the activity goes back.
        p.tap(at: chrome.backButtonFrame.center)
        p.settle()
        #expect(app.navigation.viewControllers.count == screens)
        p.tap(at: chrome.backButtonFrame.center)
        p.settle()
        #expect(app.navigation.viewControllers.count == screens - 1, "the second Back popped the screen")
    }

    // Dialog.onBackPressed: "if (mCancelable) { cancel(); }", and a dialog is cancelable by
    // default; the input method takes Back first while its window shows.
    @Test("with a sheet up: Back hides the keyboard, then closes the sheet, then goes back")
    func backClosesTheSheetFirst() throws {
        let text = try String(contentsOfFile: "examples/compose-sheet.json", encoding: .utf8)
        let session = try session(text)
        let app = session.app, p = session.platform
        let chrome = app.deviceChrome
        app.presentSheet()
        p.settle()
        let sheet = try #require(app.screen(for: app.technique).sheet)
        #expect(sheet.isPresented)
        _ = app.focus("subject")
        p.settle()
        #expect(p.application.keyboard.isVisible)
        let screens = app.navigation.viewControllers.count
        p.tap(at: chrome.backButtonFrame.center)
        p.settle()
        #expect(!p.application.keyboard.isVisible && sheet.isPresented, "first the keyboard")
        #expect((p.application.focusedTextInput as? View)?.identifier == "subject")
        p.tap(at: chrome.backButtonFrame.center)
        p.settle()
        #expect(!sheet.isPresented && app.navigation.viewControllers.count == screens, "then the sheet")
        p.tap(at: chrome.backButtonFrame.center)
        p.settle()
        #expect(app.navigation.viewControllers.count == screens - 1, "then the screen")
    }

    @Test("the app bar is Material 3's small top app bar: 64 points, an up arrow, the title at 64 points from the edge")
    func materialAppBar() throws {
        let session = try session()
        let app = session.app, device = session.platform.application.deviceFrame
        let bar = app.navigation.navigationBar
        #expect(bar.style == .material)
        // TopAppBarSmallTokens.ContainerHeight = 64.0.dp; the navigation icon in a 48 dp
        // IconButton after TopAppBarHorizontalPadding = 4.dp; the title TopAppBarTitleInset =
        // 16.dp − 4.dp after it, in Title Large (22 sp).
        #expect(bar.frame.height == 24 + 64)
        #expect(bar.backButton.frameInScreen == Rect(x: device.minX + 4, y: device.minY + 24 + 8, width: 48, height: 48))
        #expect(bar.titleLabel.frameInScreen.minX == device.minX + 64)
        #expect(bar.titleLabel.alignment == .left && bar.titleLabel.fontSize == 22)
        #expect(bar.backButton.accessibilityLabel == "Navigate up")
        #expect(app.setOption(OptionKey(nil, "device"), to: "iphone-15"))
        session.platform.settle()
        #expect(bar.style == .ios && bar.frame.height == 59 + NavigationBar.height)
    }
}
