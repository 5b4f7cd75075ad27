import TapawayKit
import TapawayScreen
import Testing

@testable import TapawayDemo

/// Presentations as the platform behaves, each expectation from its documentation or, where
/// Apple documents nothing, from developers' reports (said so beside it).
@MainActor
@Suite("Presentations: a form sheet and the keyboard, the search controller's Cancel")
struct PresentationTests {
    /// An iPad form sheet whose one field sits at the sheet's bottom, under a tall block.
    let formFile = """
        { "version": 1, "content": { "kind": "view", "children": [ { "kind": "text-field", "id": "behind" } ] },
          "sheet": { "style": "form", "content": { "kind": "view", "layout": { "padding": [16, 16, 16, 16] }, "children": [
            { "kind": "view", "id": "block", "height": 520 }, { "kind": "text-field", "id": "subject" } ] } } }
        """

    /// A session on the form sheet file on the iPad, in portrait (where the sheet fits above the
    /// keyboard once it rises) or landscape (where it does not).
    func padSession(_ technique: TechniqueID, _ orientation: String = "portrait") throws -> HeadlessSession {
        let session = HeadlessSession(
            technique: technique, document: try ScreenReader.read(formFile), size: Size(width: 1600, height: 1300))
        #expect(session.app.setOption(OptionKey(nil, "device"), to: "ipad"))
        #expect(session.app.setOption(OptionKey(nil, "orientation"), to: orientation))
        session.platform.settle()
        return session
    }

    func presenter(_ session: HeadlessSession) throws -> SheetPresenter {
        try #require(session.app.screen(for: session.app.technique).sheet)
    }

    /// Measured, not documented: "`UISheetPresentationController` supports automatic keyboard
    /// avoidance" (hackiftekhar/IQKeyboardManager #1994), and a text view in an iPad form sheet
    /// pushed up out of the screen when the library moved it too (#909).
    @Test("a form sheet on iPad rises clear of the keyboard by itself, and goes back when editing ends")
    func formSheetAvoids() throws {
        let session = try padSession(.noCode)
        let p = session.platform
        let sheet = try presenter(session)
        let resting = sheet.card.frameInScreen
        let field = try #require(session.app.window.view(withIdentifier: "subject"))
        p.tap(field)
        p.settle()
        let keyboardTop = p.application.keyboard.frame.minY
        #expect(resting.maxY > keyboardTop, "the test's sheet starts under the keyboard: \(resting), \(keyboardTop)")
        let lifted = sheet.card.frameInScreen
        #expect(lifted.size == resting.size)
        #expect(lifted.minY < resting.minY)
        #expect(lifted.maxY <= keyboardTop, "the whole sheet shows above the keyboard")
        #expect(lifted.minY >= p.application.deviceFrame.minY + p.application.safeAreaInsets.top)
        // The form sheet keeps the keyboard after its field resigns (below): the sheet stays
        // where the keyboard put it until the hide key takes the keyboard down.
        _ = field.resignFirstResponder()
        p.settle()
        #expect(sheet.card.frameInScreen == lifted)
        p.tap(try #require(p.application.keyboard.keypadView.keyView("key-dismiss")))
        p.settle()
        #expect(sheet.card.frameInScreen == resting)

        // In landscape the sheet is taller than the room above the keyboard: it rises to the
        // safe area's top and no further (inferred), its bottom still under the keys.
        let turned = try padSession(.noCode, "landscape")
        let turnedField = try #require(turned.app.window.view(withIdentifier: "subject"))
        turned.platform.tap(turnedField)
        turned.platform.settle()
        let application = turned.platform.application
        #expect(try presenter(turned).card.frameInScreen.minY == application.deviceFrame.minY + application.safeAreaInsets.top)
    }

    @Test(
        "with IQKeyboardManager the form sheet moves twice: the manager's shift on top of the sheet's own, its top off the screen"
    )
    func doubleAvoidance() throws {
        let own = try padSession(.noCode, "landscape")
        let ownField = try #require(own.app.window.view(withIdentifier: "subject"))
        own.platform.tap(ownField)
        own.platform.settle()
        let ownCard = try presenter(own).card.frameInScreen

        let managed = try padSession(.keyboardManager, "landscape")
        let p = managed.platform
        let resting = try presenter(managed).card.frameInScreen
        let field = try #require(managed.app.window.view(withIdentifier: "subject"))
        p.tap(field)
        p.settle()
        let card = try presenter(managed).card.frameInScreen
        let keyboardTop = p.application.keyboard.frame.minY
        // The manager measured the field where the sheet rested, before the sheet rose, and
        // moved the sheet's view by that much again: the field ends well above the distance
        // the manager keeps (10 points), and the card's top goes past the screen's.
        #expect(card.minY < ownCard.minY, "\(card) against the sheet's own \(ownCard)")
        #expect(field.frameInScreen.maxY < keyboardTop - 10 - 40)
        #expect(card.minY < p.application.deviceFrame.minY)
        // The keyboard the form sheet keeps after the resignation goes with the hide key.
        _ = field.resignFirstResponder()
        p.settle()
        p.tap(try #require(p.application.keyboard.keypadView.keyView("key-dismiss")))
        p.settle()
        #expect(try presenter(managed).card.frameInScreen == resting, "both put back what they moved")
    }

    /// The same form sheet file with `disablesAutomaticKeyboardDismissal` written in its sheet.
    func sheetFile(disablesDismissal: Bool) -> String {
        formFile.replacingOccurrences(
            of: #""style": "form","#, with: #""style": "form", "disablesAutomaticKeyboardDismissal": \#(disablesDismissal),"#)
    }

    /// Apple: "The default value of this property is YES when the modal presentation style of the
    /// view controller is set to UIModalPresentationFormSheet and NO for other presentation
    /// styles" (`disablesAutomaticKeyboardDismissal`), and "On the iPad, if a view controller
    /// modally presents its view using the 'form sheet' style, the keyboard, once shown, is not
    /// hidden until the user taps the dismiss key or the modal view controller is programmatically
    /// dismissed" (*Text Programming Guide for iOS*).
    @Test("under send-event a tap on a form sheet's background ends editing, and the keyboard stays until the sheet goes")
    func formSheetKeepsKeyboard() throws {
        let session = try padSession(.sendEvent)
        let p = session.platform
        let keyboard = p.application.keyboard
        let field = try #require(session.app.window.view(withIdentifier: "subject") as? TextField)
        p.tap(field)
        p.settle()
        p.tap(try #require(session.app.window.view(withIdentifier: "block")))
        p.settle()
        #expect(p.application.firstResponder == nil, "the window resigned the field")
        #expect(keyboard.isVisible && keyboard.isDetached, "the keyboard stays, with nothing to type into")
        #expect(session.app.inspector.keyboardStatus == "Software keyboard · up, nothing to type into (the sheet keeps it)")
        #expect(session.outcome.keypadHides == 0)
        p.tap(try #require(keyboard.keypadView.keyView("key-q")))
        p.settle()
        #expect(field.text == "", "a key typed now goes nowhere")
        // Tapping the field again needs no new keyboard: it is still up.
        p.tap(field)
        p.settle()
        #expect(p.application.firstResponder === field && session.outcome.keypadHides == 0)
        p.tap(try #require(session.app.window.view(withIdentifier: "block")))
        p.settle()
        try presenter(session).dismiss(animated: false)
        p.settle()
        #expect(keyboard.state == .hidden, "the sheet's going takes the keyboard down")
        #expect(session.outcome.keypadHides == 1)
    }

    @Test(
        "a sheet whose controller answers false (disablesAutomaticKeyboardDismissal: false) lets the keyboard go with the field")
    func formSheetOverride() throws {
        let session = HeadlessSession(
            technique: .sendEvent, document: try ScreenReader.read(sheetFile(disablesDismissal: false)),
            size: Size(width: 1600, height: 1300))
        #expect(session.app.setOption(OptionKey(nil, "device"), to: "ipad"))
        session.platform.settle()
        let p = session.platform
        p.tap(try #require(session.app.window.view(withIdentifier: "subject")))
        p.settle()
        p.tap(try #require(session.app.window.view(withIdentifier: "block")))
        p.settle()
        #expect(p.application.firstResponder == nil)
        #expect(p.application.keyboard.state == .hidden)
    }

    /// On a phone a form sheet is a page sheet ("In a horizontally compact environment, this option
    /// behaves the same as UIModalPresentationStyle.pageSheet"); Apple's text on the kept keyboard
    /// speaks of the iPad, so Tapaway keeps it there only (inferred).
    @Test("on iPhone a form sheet is a page sheet, and the keyboard goes with the field")
    func formSheetOnPhone() throws {
        let session = HeadlessSession(technique: .sendEvent, document: try ScreenReader.read(formFile))
        let p = session.platform
        p.tap(try #require(session.app.window.view(withIdentifier: "subject")))
        p.settle()
        #expect(p.application.keyboard.isVisible)
        p.tap(try #require(session.app.window.view(withIdentifier: "block")))
        p.settle()
        #expect(p.application.firstResponder == nil)
        #expect(p.application.keyboard.state == .hidden)
    }

    /// A search bar whose search controller obscures the content, above two rows.
    let searchFile = """
        { "version": 1, "content": { "kind": "view", "layout": { "padding": [8, 16, 16, 16] }, "children": [
            { "kind": "search-bar", "id": "search", "obscuresBackground": true },
            { "kind": "table", "id": "results", "height": 132, "scrolls": false, "children": [
              { "kind": "row", "id": "first", "text": "First", "gap": 0 } ] } ] } }
        """

    /// "By default, UISearchController shows the search bar's cancel button when search becomes
    /// active and hides it when the user dismisses search" (`automaticallyShowsCancelButton`).
    ///
    /// `searchBarCancelButtonClicked(_:)`: "Typically, you implement this method to dismiss the
    /// search bar." That the text is cleared is what the controller is seen to do (inferred).
    @Test("the search controller shows Cancel while searching; Cancel ends the search, clears it and takes the dim away")
    func searchCancel() throws {
        let session = HeadlessSession(technique: .noCode, document: try ScreenReader.read(searchFile))
        let p = session.platform
        let search = try #require(session.app.window.view(withIdentifier: "search") as? TextField)
        p.tap(search)
        p.settle()
        p.type("tea")
        p.settle()
        let button = try #require(session.app.window.view(withIdentifier: "search-cancel"))
        #expect(button.isVisibleInHierarchy)
        #expect(button.frameInScreen.maxX == search.frameInScreen.maxX)
        let dim = try #require(session.app.window.view(withIdentifier: "search-dimming"))
        #expect(!dim.isHidden)
        p.tap(button)
        p.settle()
        #expect(p.application.firstResponder == nil)
        #expect(search.text == "")
        #expect(dim.isHidden)
        #expect(!button.isVisibleInHierarchy)
    }

    @Test("on iPad the search bar shows no Cancel: \"Cancel buttons are not displayed for apps running on iPad\"")
    func noCancelOnIPad() throws {
        let session = HeadlessSession(
            technique: .noCode, document: try ScreenReader.read(searchFile), size: Size(width: 1600, height: 1300))
        #expect(session.app.setOption(OptionKey(nil, "device"), to: "ipad"))
        session.platform.settle()
        let search = try #require(session.app.window.view(withIdentifier: "search"))
        session.platform.tap(search)
        session.platform.settle()
        let button = session.app.window.view(withIdentifier: "search-cancel")
        #expect(button.map { !$0.isVisibleInHierarchy } ?? true)
    }
}
