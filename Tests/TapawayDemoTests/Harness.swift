import TapawayDemo
import TapawayHeadless
import TapawayKit

/// A headless Tapaway with everything a dismissal test looks at recorded.
@MainActor
final class Harness {
    let platform: HeadlessPlatform
    let app: TapawayApp
    var decisions: [DismissalDecision] = []
    var keyboardEvents: [String] = []
    var actions: [(String, String)] = []
    var focusChanges: [String?] = []

    /// Starts the app showing `scenario` on a screen of `size` and lets it settle.
    init(_ scenario: TechniqueID = .sendEvent, size: Size = TapawayApp.defaultSize) {
        platform = HeadlessPlatform(screenSize: size)
        app = TapawayApp(application: platform.application, technique: scenario)
        _ = app.window.decisionObservers.add { [unowned self] in decisions.append($0) }
        let center = platform.application.notificationCenter
        for (name, label) in [
            (NotificationName.keyboardWillShow, "willShow"), (.keyboardDidShow, "didShow"),
            (.keyboardWillHide, "willHide"), (.keyboardDidHide, "didHide"),
        ] {
            center.addObserver(forName: name) { [unowned self] _ in keyboardEvents.append(label) }
        }
        _ = platform.application.controlEventObservers.add { [unowned self] control, event in
            actions.append((control.identifier ?? "?", event.name))
        }
        _ = app.form.rowSelectionObservers.add { [unowned self] row in actions.append((row.identifier ?? "?", "select")) }
        _ = platform.application.focusObservers.add { [unowned self] responder in
            focusChanges.append((responder as? View)?.identifier)
        }
        platform.settle()
    }

    var form: ScreenForm { app.form }
    var firstResponderID: String? { (platform.application.firstResponder as? View)?.identifier }
    var keyboard: Keyboard { platform.application.keyboard }

    /// Focuses a view by tapping it and lets the keypad finish sliding up.
    func focus(_ view: View) {
        platform.tap(view)
        platform.settle()
        clearRecords()
    }

    func clearRecords() {
        decisions.removeAll(); keyboardEvents.removeAll(); actions.removeAll(); focusChanges.removeAll()
    }

    func count(_ id: String, _ event: String) -> Int {
        actions.filter { $0.0 == id && $0.1 == event }.count
    }

    /// A point on the background that no other view covers.
    var emptyBackgroundPoint: Point {
        let f = form.notes.frameInScreen
        return Point(x: f.minX + 4, y: form.submit.frameInScreen.maxY + 10)
    }
}
