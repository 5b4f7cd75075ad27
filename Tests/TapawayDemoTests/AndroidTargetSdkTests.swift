import TapawayKit
import TapawayScreen
import Testing

@testable import TapawayDemo

/// `android` with an app that targets an SDK below 28.
///
/// The expectations come from AOSP's `View.java`: `clearFocus()` computes `final boolean refocus =
/// sAlwaysAssignFocus || !isInTouchMode();` and `clearFocusInternal` calls `rootViewRequestFocus()`
/// only when `refocus` is true; `sAlwaysAssignFocus` is set for apps whose `targetSdkVersion` is below
/// `Build.VERSION_CODES.P` (28). A touch screen is in touch mode, so from 28 on nothing takes the focus
/// back. The root's `requestFocus()` in touch mode goes to the first view that is focusable in touch
/// mode (a view group before its children, `FOCUS_BEFORE_DESCENDANTS`), and an `EditText` is one by
/// nature.
@MainActor
@Suite("Android: clearFocus under a target SDK below 28")
struct AndroidTargetSdkTests {
    /// Two fields under a caption, `first` and `second`; `sdk` the file's `targetSdk`, and
    /// `container` whether the page is `focusableInTouchMode` (the usual workaround).
    func file(sdk: Int?, container: Bool = false) -> String {
        """
        { "version": 1, "platform": "android", \(sdk.map { #""targetSdk": \#($0),"# } ?? "")
          "content": { "kind": "view", "id": "page", "focusableInTouchMode": \(container),
            "layout": { "padding": [16, 16, 16, 16] }, "children": [
              { "kind": "label", "id": "caption", "text": "Sign in", "height": 30 },
              { "kind": "text-field", "id": "first" },
              { "kind": "text-field", "id": "second" },
              { "kind": "button", "id": "go", "text": "Go" } ] } }
        """
    }

    /// Taps `go` with `second` focused under `android` (trigger `down`), `option` the
    /// technique's target-sdk if set; returns the cell and the keypad's state after.
    func tapGo(_ text: String, option: String? = nil) throws -> (DismissalMatrix.Cell, keypadShown: Bool) {
        let session = HeadlessSession(technique: .android, document: try ScreenReader.read(text))
        if let option { session.app.setOption(OptionKey(.android, "target-sdk"), to: option) }
        let cell = DismissalMatrix.play(
            DismissalMatrix.Case(number: 0, title: "", focus: "second", typed: nil, step: .tap("go")), in: session)
        return (cell, session.platform.application.keyboard.isVisible)
    }

    @Test("targetSdk 27: the focus jumps to the first EditText, and the keyboard is hidden")
    func focusJumpsToFirstField() throws {
        let (cell, keypad) = try tapGo(file(sdk: 27))
        #expect(cell.outcome.finalFocus == "first", "\(cell.words)")
        #expect(!keypad, "hideSoftInputFromWindow hides the keyboard")
        #expect(cell.outcome.actions["go touchUpInside"] == 1, "super.dispatchTouchEvent still delivers the tap")
    }

    @Test("targetSdk 27 with the first field focused: it loses focus and gets it back, the keyboard hidden: H")
    func handBackToTheSameField() throws {
        let session = HeadlessSession(technique: .android, document: try ScreenReader.read(file(sdk: 27)))
        let cell = DismissalMatrix.play(
            DismissalMatrix.Case(number: 0, title: "", focus: "first", typed: nil, step: .tap("go")), in: session)
        #expect(cell.outcome.focusChanges.suffix(2) == [nil, "first"], "\(cell.outcome.focusChanges)")
        #expect(cell.outcome.keypadUpAtEnd == false)
        #expect(cell.code == "H", "the keyboard ends hidden with the field focused: \(cell.words)")
        #expect(cell.outcome.actions["go touchUpInside"] == 1)
        #expect(cell.words.contains("resigns, then `first` takes focus again; the keypad ends hidden"), "\(cell.words)")
    }

    @Test("targetSdk 28 or none: nothing takes the focus back in touch mode")
    func nothingRefocusesFrom28() throws {
        #expect(try tapGo(file(sdk: 28)).0.outcome.finalFocus == nil)
        #expect(try tapGo(file(sdk: nil)).0.outcome.finalFocus == nil)
    }

    @Test("a layout focusable in touch mode comes before its children and takes the focus: no EditText keeps it")
    func focusableContainerAbsorbs() throws {
        let (cell, keypad) = try tapGo(file(sdk: 27, container: true))
        #expect(cell.outcome.finalFocus == nil, "\(cell.words)")
        #expect(!keypad)
    }

    @Test("the technique's option, set, wins over the file; at its default the file's targetSdk stands")
    func optionOverFile() throws {
        #expect(try tapGo(file(sdk: nil), option: "27").0.outcome.finalFocus == "first")
        #expect(try tapGo(file(sdk: 27), option: "28").0.outcome.finalFocus == "first", "28 is the default: the file's stands")
    }

    @Test("targetSdk is a whole number from 1 to 1000")
    func reading() throws {
        #expect(try ScreenReader.read(file(sdk: 27)).targetSdk == 27)
        #expect(throws: ScreenReadFailure.self) { try ScreenReader.read(file(sdk: 0)) }
        let fraction = file(sdk: 27).replacingOccurrences(of: #""targetSdk": 27"#, with: #""targetSdk": 27.5"#)
        #expect(throws: ScreenReadFailure.self) { try ScreenReader.read(fraction) }
    }
}
