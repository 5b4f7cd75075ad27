import TapawayKit
import TapawayScreen

/// The `tap-gesture` screen: while the keypad shows, a tap recognizer on the root view resigns the
/// field.
///
/// It observes keyboard will-show and will-hide from `viewDidAppear` and stops in `viewWillDisappear`;
/// will-show adds the recognizer, will-hide removes it.
///
/// With `cancelsTouchesInView` on (UIKit's default) the tap is taken from the view under it, so a
/// list row under the tap does not select: the famous "first tap is eaten". Controls win their own
/// single taps, so a tap on the button or the switch works and the keypad stays up.
@MainActor
package final class TapGestureViewController: FormViewController {
    /// The recognizer, present while the keypad shows.
    package private(set) var dismissTap: TapGestureRecognizer?
    /// Whether the recognizer takes the tap from the view under it.
    ///
    /// `true`, as in UIKit.
    package var cancelsTouchesInView = true { didSet { dismissTap?.cancelsTouchesInView = cancelsTouchesInView } }
    private let observers = ObserverBag()

    /// Creates the screen showing `document` (nil: the shipped screens).
    package init(document: ScreenDocument? = nil) { super.init(technique: .tapGesture, document: document) }

    /// Starts observing the keypad.
    package override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        guard let center = notificationCenter, observers.isEmpty else { return }
        observers.add(center.addObserver(forName: .keyboardWillShow) { [weak self] _ in self?.keyboardWillShow() })
        observers.add(center.addObserver(forName: .keyboardWillHide) { [weak self] _ in self?.keyboardWillHide() })
    }

    /// Stops observing.
    ///
    /// The recognizer goes too: a field that resigns because its screen left posts will-hide after the
    /// observers are gone, and a recognizer left behind would eat the first tap when the screen comes
    /// back.
    package override func viewWillDisappear(_ animated: Bool) {
        observers.cancelAll()
        keyboardWillHide()
        super.viewWillDisappear(animated)
    }

    private func keyboardWillShow() {
        guard dismissTap == nil else { return }
        let tap = TapGestureRecognizer { [weak self] recognizer in self?.dismissKeyboard(recognizer) }
        tap.identifier = "dismiss-tap"
        tap.cancelsTouchesInView = cancelsTouchesInView
        tap.onStateChange = { [weak self] recognizer, state in
            guard state == .failed else { return }
            self?.report(.keep, "tap not recognized: \(recognizer.failureReason ?? "failed")", touches: recognizer.touches)
        }
        view.addGestureRecognizer(tap)
        dismissTap = tap
    }

    private func keyboardWillHide() {
        guard let tap = dismissTap else { return }
        view.removeGestureRecognizer(tap)
        dismissTap = nil
    }

    private func dismissKeyboard(_ recognizer: GestureRecognizer) {
        let touched = recognizer.touches.first?.view
        let name = touched?.traceName ?? "the screen"
        let lost = cancelsTouchesInView ? "; the view's touch is cancelled" : touched?.tapLost(to: recognizer).map { "; \($0)" }
        report(.resign, "tap recognized on \(name)" + (lost ?? ""), touches: recognizer.touches)
        view.endEditing(true)
    }
}
