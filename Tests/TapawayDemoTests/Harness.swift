import TapawayDemo
import TapawayHeadless
import TapawayKit

/// A headless Tapaway with everything a dismissal test looks at recorded: a `HeadlessSession`
/// (the app that `compare` and `matrix` run, with its `OutcomeRecorder`), and, beside the
/// outcome's counts, the order of what happened: each decision, each keypad notification and
/// each control event or row selection.
///
/// The Harness only observes, with tokens, so a trace
/// attached to its app gets every line (its `select` lines among them).
@MainActor
final class Harness {
    /// The session: the platform, the app and the outcome's recorder.
    let session: HeadlessSession
    /// The technique decisions, in order.
    var decisions: [DismissalDecision] = []
    /// The keypad's notifications, in order (`willShow`, `didShow`, `willHide`, `didHide`).
    var keyboardEvents: [String] = []
    /// Every control event and row selection, in order, as (identifier, event).
    var actions: [(String, String)] = []
    /// The Harness's registrations, cancelled when it goes.
    private let tokens = ObserverBag()

    /// The session's headless platform, through which the test touches and types.
    var platform: HeadlessPlatform { session.platform }
    /// The session's app, whose screens and options the test reads.
    var app: TapawayApp { session.app }
    /// The first responder after each focus change since the last `clearRecords()` (nil when
    /// the focus went away), as the session's outcome records it.
    var focusChanges: [String?] { session.outcome.focusChanges }

    /// Starts the app showing `scenario` on a screen of `size` and lets it settle.
    init(_ scenario: TechniqueID = .sendEvent, size: Size = TapawayApp.defaultSize) {
        session = HeadlessSession(technique: scenario, size: size)
        let application = session.platform.application
        tokens.add(app.window.decisionObservers.add { [unowned self] in decisions.append($0) })
        for (name, label) in [
            (NotificationName.keyboardWillShow, "willShow"), (.keyboardDidShow, "didShow"),
            (.keyboardWillHide, "willHide"), (.keyboardDidHide, "didHide"),
        ] {
            tokens.add(
                application.notificationCenter.addObserver(forName: name) { [unowned self] _ in keyboardEvents.append(label) })
        }
        tokens.add(
            application.controlEventObservers.add { [unowned self] control, event in
                actions.append((control.identifier ?? "?", event.name))
            })
        tokens.add(app.form.rowSelectionObservers.add { [unowned self] row in actions.append((row.identifier ?? "?", "select")) })
        platform.settle()
        session.resetOutcome()
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

    /// Forgets what was recorded so far.
    func clearRecords() {
        decisions.removeAll(); keyboardEvents.removeAll(); actions.removeAll()
        session.resetOutcome()
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
