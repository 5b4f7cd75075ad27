import KeyboardManager
import TapawayKit

extension NotificationName {
    /// The keyboard manager noted something that is not a decision (focus, Prev / Next, scrolling):
    /// `userInfo` holds its words under `"note"` and the focused input's identifier under `"focused"`
    /// (absent when nothing is).
    ///
    /// The trace writes it as a `manager` line.
    package static let keyboardManagerNote = NotificationName("TapawayKeyboardManagerNote")
}

/// Turns the keyboard manager on for Tapaway's `keyboard-manager` screen (the app's one line)
/// and speaks for it: its decisions become `DismissalDecision`s of the app's window, and its
/// other notes `keyboardManagerNote`s, posted to the application's notification centre.
@MainActor
final class KeyboardManagerAdapter {
    private unowned let application: Application
    /// Its registration with the manager's decisions, cancelled when the adapter goes.
    private let decisions = ObserverBag()
    /// The application the manager worked for before this adapter took it, and whether it was
    /// on: a second app made for a moment (a headless run beside the window) gives it back.
    private weak var previousApplication: Application?
    private let previouslyEnabled: Bool

    /// Enables the manager in `application`, for the `keyboard-manager` screen only.
    init(application: Application) {
        self.application = application
        let manager = KeyboardManager.shared
        previousApplication = manager.isEnabled ? manager.application : nil
        previouslyEnabled = manager.isEnabled
        manager.application = application
        // The technique's screen and a sheet it presents: IQKeyboardManager is on for every
        // view controller unless told otherwise.
        manager.enabledViewControllerClasses = [
            KeyboardManagerViewController.self, KeyboardManagerSheetViewController.self,
        ]
        manager.isEnabled = true
        decisions.add(manager.decisionObservers.add { [weak self] decision in self?.forward(decision) })
    }

    isolated deinit {
        let manager = KeyboardManager.shared
        decisions.cancelAll()
        // The manager is shared: when it works for this app, it stops with it (another app's
        // adapter turns it on again for that app).
        if manager.application === application {
            if previouslyEnabled, let previousApplication {
                manager.application = previousApplication
            } else {
                manager.isEnabled = false
                manager.application = nil
            }
        }
    }

    private func forward(_ decision: KeyboardManagerDecision) {
        // The shared manager works for one app at a time: another app's decisions are not ours.
        guard KeyboardManager.shared.application === application else { return }
        let center = application.notificationCenter
        switch decision.action {
        case .info:
            var info: [String: Any] = ["note": decision.reason]
            if let focused = decision.focused { info["focused"] = focused }
            center.post(name: .keyboardManagerNote, userInfo: info)
        case .resign, .keep:
            let manager = KeyboardManager.shared
            var made = DismissalDecision(
                technique: .keyboardManager, action: decision.action == .resign ? .resign : .keep,
                reason: decision.reason, firstResponder: manager.activeInput,
                touches: decision.touches, inside: manager.countsAsInside)
            // The manager names the input it works for, which is the first responder it saw.
            made.firstResponder = decision.focused
            application.windows.lazy.compactMap { $0 as? AppWindow }.first?.decisionObservers.notify(made)
        }
    }
}
