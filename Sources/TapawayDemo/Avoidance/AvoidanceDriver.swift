import TapawayKit

/// Connects a screen to its avoidance strategy: observes the keyboard's notifications, its
/// frames and the start of editing while the screen is on view (did-appear to will-disappear,
/// as a view controller registers on iOS), hands them to the strategy, and keeps the numbers
/// the strategy used for the inspector and the trace.
@MainActor
package final class AvoidanceDriver {
    /// The strategy at work, or nil when nothing in the screen avoids.
    package private(set) var strategy: (any KeyboardAvoidance)?
    /// The kind of the strategy at work.
    package private(set) var kind: AvoidanceKind = .none
    /// Called after the numbers change.
    package var onNumbersChange: ((AvoidanceNumbers) -> Void)?
    /// The screen it works for (which owns it).
    private unowned let screen: FormViewController
    /// Its registrations (the keyboard's and editing notifications, the end of every frame)
    /// while the screen is on view; the bag cancels them if the screen goes while on view.
    private let observers = ObserverBag()
    /// The application it observes.
    private weak var observedApplication: Application?
    /// The keyboard's frame at the last frame, to hand the strategy only its changes.
    private var lastKeyboardFrame: Rect?

    /// A driver for `screen`, with no strategy yet.
    package init(screen: FormViewController) { self.screen = screen }

    /// The numbers the strategy used last (a `none` with no keyboard when there is no strategy).
    package var numbers: AvoidanceNumbers {
        var numbers = strategy?.numbers ?? AvoidanceNumbers(strategy: kind.rawValue)
        numbers.strategy = kind.rawValue
        if strategy == nil, let keyboard = screen.view.application?.keyboard, keyboard.isVisible {
            // Nothing in the screen avoids (or the keyboard manager does): the numbers as they are.
            numbers.keyboard = screen.inDevice(keyboard.shownFrame)
            numbers.overlap = max(0, screen.form.frameInScreen.maxY - keyboard.shownFrame.minY)
            numbers.contentInset = screen.form.contentInset
            let bar = screen.navigationController?.navigationBar.contentHeight ?? NavigationBar.height
            numbers.shift = max(0, bar - screen.view.frame.minY)
        }
        numbers.safeArea = screen.safeAreaForAvoidance
        return numbers
    }

    /// Uses `kind` from now on: the old strategy puts back what it changed first, and a new one
    /// meets a keyboard that is already up as if it had just shown.
    package func use(_ kind: AvoidanceKind) {
        guard kind != self.kind else { return }
        strategy?.restore(screen)
        self.kind = kind
        strategy = kind.makeStrategy()
        reapply()
    }

    /// Has the strategy meet the keyboard as it is now, while the screen is on view: where it is (for
    /// strategies that track it) and, if it is up, its show.
    ///
    /// After a new strategy or a new layout.
    package func reapply() {
        guard let strategy, !observers.isEmpty, let keyboard = observedApplication?.keyboard else { return report() }
        lastKeyboardFrame = currentKeyboardFrame(keyboard)
        strategy.keyboardDidMove(to: lastKeyboardFrame ?? keyboard.hiddenFrame, in: screen)
        if keyboard.state == .shown, screen.editingInput != nil {
            let frame = keyboard.shownFrame
            for phase in [KeyboardChange.Phase.willShow, .willChangeFrame, .didShow, .didChangeFrame] {
                strategy.keyboard(KeyboardChange(phase: phase, begin: frame, end: frame, duration: 0), in: screen)
            }
        }
        report()
    }

    /// Where the keyboard's window is now, or its hidden frame while it is away.
    private func currentKeyboardFrame(_ keyboard: Keyboard) -> Rect {
        keyboard.window.isHidden ? keyboard.hiddenFrame : keyboard.frame
    }

    /// Starts observing (the screen did appear).
    package func start() {
        guard observers.isEmpty, let application = screen.view.application else { return }
        observedApplication = application
        let center = application.notificationCenter
        let phases: [(NotificationName, KeyboardChange.Phase)] = [
            (.keyboardWillShow, .willShow), (.keyboardDidShow, .didShow), (.keyboardWillHide, .willHide),
            (.keyboardDidHide, .didHide), (.keyboardWillChangeFrame, .willChangeFrame),
            (.keyboardDidChangeFrame, .didChangeFrame),
        ]
        for (name, phase) in phases {
            observers.add(
                center.addObserver(forName: name) { [weak self] note in self?.forward(phase, note) })
        }
        for name in [NotificationName.textFieldDidBeginEditing, .textViewDidBeginEditing] {
            observers.add(
                center.addObserver(forName: name) { [weak self] note in
                    guard let self, let view = note.object as? View, view.isDescendant(of: self.screen.view) else { return }
                    self.strategy?.editingDidBegin(in: self.screen)
                    self.report()
                })
        }
        observers.add(application.frameObservers.add { [weak self] in self?.frameDidEnd() })
        reapply()
    }

    /// Stops observing and puts back what the strategy changed (the screen will disappear).
    package func stop() {
        observers.cancelAll()
        lastKeyboardFrame = nil
        strategy?.restore(screen)
        report()
    }

    /// Hands one keyboard notification to the strategy.
    private func forward(_ phase: KeyboardChange.Phase, _ note: Notification) {
        // A notification posted at once by a resize or a rotation comes before the next layout
        // pass: lay out first, so the strategy (or, with none, the numbers reported) measures the
        // screen as it now is.
        screen.view.window?.layoutIfNeeded()
        guard let strategy else { return report() }
        let info = note.userInfo
        let change = KeyboardChange(
            phase: phase, begin: info[KeyboardInfoKey.frameBegin] as? Rect ?? .zero,
            end: info[KeyboardInfoKey.frameEnd] as? Rect ?? .zero,
            duration: info[KeyboardInfoKey.animationDuration] as? Double ?? 0,
            curve: info[KeyboardInfoKey.animationCurve] as? AnimationCurve ?? .easeOut)
        strategy.keyboard(change, in: screen)
        report()
    }

    /// The screen view's size at the last frame, and whether it changed (a rotation, a resize)
    /// since the strategy last met the keyboard up.
    private var lastViewSize: Size?
    /// Whether the screen's size changed and the strategy has not met the keyboard since.
    private var sizeChanged = false

    /// After every frame: follows the keyboard's window and the screen's size.
    private func frameDidEnd() {
        guard let keyboard = observedApplication?.keyboard else { return }
        // A rotation posts its keyboard notifications before the screen is laid out at its new
        // size: once it is, and the keyboard is up, the strategy meets it again, as the
        // keyboard's change-frame after a rotation makes apps do on a device.
        let size = screen.view.bounds.size
        if let lastViewSize, lastViewSize != size { sizeChanged = true }
        lastViewSize = size
        if sizeChanged, keyboard.state == .shown {
            sizeChanged = false
            if strategy != nil, screen.editingInput != nil { return reapply() }
        }
        let frame = currentKeyboardFrame(keyboard)
        guard frame != lastKeyboardFrame else { return }
        lastKeyboardFrame = frame
        strategy?.keyboardDidMove(to: frame, in: screen)
        report()
    }

    /// The numbers last reported, so that only changes are.
    private var lastReported: AvoidanceNumbers?

    /// Tells `onNumbersChange` when the numbers changed.
    private func report() {
        let now = numbers
        guard now != lastReported else { return }
        lastReported = now
        onNumbersChange?(now)
    }
}
