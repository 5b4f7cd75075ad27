import TapawayKit
import TapawayScreen
import Testing

@testable import TapawayDemo

/// A screen file's own navigation bar: leading buttons, the back button's title or none, a bar hidden.
///
/// Expectations: UIKit's `UINavigationItem` (leading items take the back button's place;
/// `hidesBackButton`); the bar is outside the screen's view, so a recognizer on the content does not
/// see a tap on its buttons ("A gesture recognizer operates on touches hit-tested to a specific view
/// and all of that view's subviews", `UIGestureRecognizer`); IQKeyboardManager's resign recognizer
/// ignores a touch whose view is a `UIControl` or a `UINavigationBar` (`IQKeyboardResignHandler`'s
/// `shouldReceive`).
@MainActor
@Suite("A screen file's navigation bar")
struct NavigationBarWiringTests {
    let compose = """
        { "version": 1, "title": "New Message",
          "navigationBar": { "leadingItems": [ { "kind": "button", "id": "cancel", "text": "Cancel",
                               "actions": [ { "event": "touch-up-inside", "action": "app:cancel" } ] } ],
                             "items": [ { "kind": "button", "id": "send", "text": "Send" } ] },
          "content": { "kind": "view", "layout": { "padding": [16, 16, 16, 16] }, "children": [
            { "kind": "text-field", "id": "to" } ] } }
        """

    @Test("leading items are in the bar, where the back button was; the audit taps them as it taps the trailing ones")
    func leading() throws {
        let session = HeadlessSession(technique: .noCode, document: try ScreenReader.read(compose))
        let screen = session.app.screen(for: .noCode)
        #expect(screen.leftBarButtons.map(\.identifier) == ["cancel"])
        let bar = try #require(screen.navigationController?.navigationBar)
        #expect(bar.backButton.isHidden)
        let audit = Audit(document: try ScreenReader.read(compose), named: "test", techniques: [.tapGesture, .keyboardManager])
        let cancel = audit.runs.flatMap(\.plays).filter { $0.auditCase.target == .element("cancel") }
        #expect(cancel.count == 2 && cancel.allSatisfy { $0.played && $0.acted == true }, "\(cancel.map(\.cell.words))")
        // Outside the screen's view, a tap gesture on it never sees the tap: editing stays on.
        #expect(cancel.allSatisfy { !$0.resigned })
    }

    @Test("backButton names the back button, or false takes it away")
    func backButton() throws {
        func bar(_ keys: String) throws -> NavigationBar {
            let text = """
                { "version": 1, "title": "Profile", "navigationBar": { \(keys) },
                  "content": { "kind": "view", "children": [ { "kind": "text-field", "id": "name" } ] } }
                """
            let session = HeadlessSession(technique: .noCode, document: try ScreenReader.read(text))
            return try #require(session.app.screen(for: .noCode).navigationController?.navigationBar)
        }
        let named = try bar(#""backButton": "Settings""#)
        #expect(!named.backButton.isHidden && named.backButton.title == "Settings")
        #expect(try bar(#""backButton": false"#).backButton.isHidden)
    }

    @Test("a hidden bar: the screen starts under the status bar, and the audit has no bar to tap")
    func hidden() throws {
        let text = """
            { "version": 1, "navigationBar": { "hidden": true },
              "content": { "kind": "view", "children": [ { "kind": "text-field", "id": "email" } ] } }
            """
        let session = HeadlessSession(technique: .noCode, document: try ScreenReader.read(text))
        let screen = session.app.screen(for: .noCode)
        let navigation = try #require(screen.navigationController)
        #expect(navigation.navigationBar.isHidden)
        #expect(screen.view.frame.minY == navigation.view.safeAreaInsets.top)
        let audit = Audit(document: try ScreenReader.read(text), named: "test", techniques: [.sendEvent])
        #expect(!audit.runs.flatMap(\.plays).contains { $0.auditCase.target == .navigationBar })
    }

    @Test("the reader: backButton is a title or false; leading items are buttons")
    func reading() {
        let bad = """
            { "version": 1, "navigationBar": { "backButton": true, "leadingItems": [ { "kind": "label", "text": "x" } ] },
              "content": { "kind": "view" } }
            """
        do {
            _ = try ScreenReader.read(bad)
            Issue.record("a bad navigation bar was read")
        } catch {
            #expect(
                error.problems.map(\.path) == ["navigationBar.backButton", "navigationBar.leadingItems[0].kind"],
                "\(error.problems)")
        }
    }
}
