import TapawayKit

/// The one-line keyboard manager, after iOS's IQKeyboardManager, built only on TapawayKit's public
/// API as a third-party library would be. `KeyboardManager.shared.isEnabled = true` gives an app:
///
/// - resign on touch outside, without eating the tap (a row under it still selects), ignoring
///   drags, controls and the navigation bar (configurable), with views that count as inside;
/// - a Prev / Next / Done toolbar above the keypad, titled with the field's placeholder;
/// - automatic scrolling that keeps the focused field (or a text view's caret line) a set
///   distance above the keypad and puts everything back when it hides;
/// - Return moves to the next field; the last single-line field says Done and resigns.
@MainActor
public final class KeyboardManager {
    /// The one manager of the process, as IQKeyboardManager's `shared` is: enable it once, at launch.
    public static let shared = KeyboardManager()

    /// Turns the manager on or off for the whole app (see the per-screen switches below).
    public var isEnabled = false {
        didSet {
            guard isEnabled != oldValue else { return }
            if isEnabled { attach() } else { detach() }
        }
    }
    /// The application it works in; `Application.shared` unless set.
    public var application: Application? {
        get { explicitApplication ?? Application.shared }
        set { explicitApplication = newValue; if isEnabled { detach(); attach() } }
    }
    private weak var explicitApplication: Application?
    private weak var attachedApplication: Application?

    // MARK: Settings

    /// Resign the focused field when the user taps outside it.
    public var shouldResignOnTouchOutside = true
    /// The names of the classes whose views never count as outside when a touch lands on the
    /// view itself: controls and navigation bars by default, as in the iOS library, which tests
    /// `touch.view?.isKind(of: ignoreClass)`, the touched view's own class, not its ancestors'
    /// (a view inside a navigation bar that takes the touch itself counts as outside).
    public var ignoredClassNames: [String] { ignoredTypes.map(\.name) }
    private var ignoredTypes: [(name: String, matches: (View) -> Bool)] = [
        ("Control", { $0 is Control }), ("NavigationBar", { $0 is NavigationBar }),
    ]
    /// Individual views that never count as outside.
    public var ignoredViews: [View] { ignored.allObjects }
    /// Show the Prev / Next / Done toolbar above the keypad.
    public var enableAutoToolbar = true { didSet { refreshToolbar() } }
    /// Keep the focused field above the keypad by scrolling (or moving the screen up).
    public var enableAutoScrolling = true
    /// The distance kept between the focused field and the keypad, in pixels.
    public var keyboardDistanceFromTextField = 10.0
    /// How Prev, Next and Return order the fields.
    public var fieldOrder: FieldOrder = .byPosition { didSet { refreshToolbar() } }
    /// Return moves to the next field; the last single-line field shows Done and resigns.
    public var enableReturnKeyNavigation = true
    /// Screens (view controller classes) where the manager works; empty means every screen.
    public var enabledViewControllerClasses: [ViewController.Type] = []
    /// Screens (view controller classes) where it does nothing.
    public var disabledViewControllerClasses: [ViewController.Type] = []
    /// Screens (view controller classes) where it neither scrolls nor moves the screen, though
    /// it still resigns, shows its toolbar and handles Return (IQKeyboardManager's
    /// `disabledDistanceHandlingClasses`): for a screen that keeps its fields visible itself.
    public var disabledDistanceHandlingClasses: [ViewController.Type] = []
    /// Every decision the manager makes (for traces and debugging): `add` an observer and keep
    /// its token; cancel the token to stop.
    public let decisionObservers = ObserverList<KeyboardManagerDecision>()

    private var ignored = WeakViews()
    private var groups: [(input: Weak<View>, members: WeakViews)] = []
    private var distances: [(Weak<View>, Double)] = []

    /// Makes views of class `type` (subclasses included) never count as outside when touched
    /// themselves (not their subviews).
    public func ignoreTouches<T: View>(inViewsOf type: T.Type) {
        let name = String(describing: type)
        guard !ignoredTypes.contains(where: { $0.name == name }) else { return }
        ignoredTypes.append((name, { $0 is T }))
    }
    /// Lets views of class `type` count as outside again.
    public func stopIgnoringTouches<T: View>(inViewsOf type: T.Type) {
        let name = String(describing: type)
        ignoredTypes.removeAll { $0.name == name }
    }
    /// Makes `view` never count as outside.
    public func ignoreTouches(in view: View) { ignored.add(view) }
    /// Makes `views` count as inside while `input` is focused (a formatting bar beside a text view).
    public func group(_ views: [View], with input: View) {
        groups.removeAll { $0.input.value == nil || $0.input.value === input }
        let members = WeakViews()
        for view in views { members.add(view) }
        groups.append((Weak(input), members))
    }
    /// The views grouped with `input` as inside.
    public func groupedViews(for input: View) -> [View] {
        groups.first { $0.input.value === input }?.members.allObjects ?? []
    }
    /// Sets the distance kept above the keypad for one input (overriding the global distance).
    public func setKeyboardDistance(_ distance: Double, for input: View) {
        distances.removeAll { $0.0.value == nil || $0.0.value === input }
        distances.append((Weak(input), distance))
    }
    /// The distance kept above the keypad for `input`.
    public func keyboardDistance(for input: View) -> Double {
        distances.first { $0.0.value === input }?.1 ?? keyboardDistanceFromTextField
    }

    // MARK: State

    /// The input being edited, while the manager works for its screen.
    public private(set) weak var activeInput: View?
    /// The toolbar shown above the keypad.
    public let toolbar = KeyboardToolbar()
    /// Its registrations while it works for an application.
    private let observers = ObserverBag()
    private let touchOutside = TapGestureRecognizer()
    private var adjustment: Adjustment?
    /// The fields given a Return action, with its id: one entry a field while it lives.
    private(set) var returnActions: [(Weak<Control>, Int)] = []
    private var lastKeyboardFrame: Rect?

    /// What the manager changed to keep a field visible, to undo when the keypad hides.
    private struct Adjustment {
        weak var scrollView: ScrollView?
        var offset: Point
        var inset: EdgeInsets
        weak var movedView: View?
        var movedFrame: Rect
    }

    init() {
        touchOutside.identifier = "keyboard-manager-touch-outside"
        touchOutside.cancelsTouchesInView = false
        touchOutside.shouldBegin = { [weak self] recognizer in self?.touchOutsideShouldBegin(recognizer) ?? false }
        // As IQKeyboardManager's gestureRecognizer(_:shouldReceive:): a touch on an ignored view
        // or class never reaches the recognizer, so a finger resting on a control (the focused
        // field is one) does not turn a tap elsewhere into a two-finger gesture.
        touchOutside.shouldReceive = { [weak self] _, touch in self?.touchOutsideShouldReceive(touch) ?? true }
        touchOutside.addAction { [weak self] recognizer in self?.touchOutsideRecognized(recognizer) }
        touchOutside.onStateChange = { [weak self] recognizer, state in
            guard state == .failed, let self, self.activeInput != nil else { return }
            let why = recognizer.failureReason == "its delegate said no" ? self.refusal : recognizer.failureReason
            self.decide(.keep, "touch outside ignored: \(why ?? "not a tap")", recognizer.touches)
        }
        toolbar.previousButton.addAction(for: .touchUpInside) { [weak self] _, _ in self?.move(by: -1) }
        toolbar.nextButton.addAction(for: .touchUpInside) { [weak self] _, _ in self?.move(by: 1) }
        toolbar.doneButton.addAction(for: .touchUpInside) { [weak self] _, _ in
            self?.decide(.resign, "Done on the toolbar")
            self?.activeInput?.resignFirstResponder()
        }
    }

    private func attach() {
        guard let app = application, observers.isEmpty else { return }
        attachedApplication = app
        let center = app.notificationCenter
        for name in [NotificationName.textFieldDidBeginEditing, .textViewDidBeginEditing] {
            observers.add(
                center.addObserver(forName: name) { [weak self] note in self?.didBeginEditing(note.object as? View) })
        }
        for name in [NotificationName.textFieldDidEndEditing, .textViewDidEndEditing] {
            observers.add(center.addObserver(forName: name) { [weak self] note in self?.didEndEditing(note.object as? View) })
        }
        observers.add(center.addObserver(forName: .keyboardWillShow) { [weak self] note in self?.keyboardWillShow(note) })
        observers.add(
            center.addObserver(forName: .keyboardWillChangeFrame) { [weak self] note in self?.keyboardFrameWillChange(note) })
        observers.add(center.addObserver(forName: .keyboardDidHide) { [weak self] _ in self?.restore(animated: false) })
        observers.add(center.addObserver(forName: .keyboardWillHide) { [weak self] note in self?.keyboardWillHide(note) })
        observers.add(
            center.addObserver(forName: .textViewDidChange) { [weak self] note in
                guard let self, let view = note.object as? View, view === self.activeInput else { return }
                self.keepVisible(animated: false)
            })
        observers.add(app.frameObservers.add { [weak self] in self?.frameDidEnd() })
        if let responder = app.firstResponder as? View, responder is any TextInput { didBeginEditing(responder) }
    }

    private func detach() {
        observers.cancelAll()
        if let input = activeInput { didEndEditing(input) }
        adjustment = nil
        lastKeyboardFrame = nil
        attachedApplication = nil
    }

    // MARK: Which screens

    /// Whether the manager works for `view`'s screen (by view controller class).
    public func isEnabled(for view: View) -> Bool {
        guard isEnabled else { return false }
        let controller = Self.viewController(of: view)
        if let controller, disabledViewControllerClasses.contains(where: { type(of: controller) == $0 }) { return false }
        guard !enabledViewControllerClasses.isEmpty else { return true }
        guard let controller else { return false }
        return enabledViewControllerClasses.contains { type(of: controller) == $0 }
    }

    /// The view controller whose screen holds `view`: the first one up the responder chain.
    public static func viewController(of view: View) -> ViewController? {
        var responder: Responder? = view
        while let current = responder {
            if let controller = current as? ViewController { return controller }
            responder = current.next
        }
        return nil
    }

    // MARK: Editing

    private func didBeginEditing(_ input: View?) {
        guard let input, isEnabled(for: input) else {
            if activeInput != nil { didEndEditing(activeInput) }
            return
        }
        activeInput = input
        if shouldResignOnTouchOutside, let window = input.window, touchOutside.view !== window {
            window.addGestureRecognizer(touchOutside)
        }
        installReturnHandling(around: input)
        refreshToolbar()
        if let keyboard = attachedApplication?.keyboard, keyboard.isVisible { keepVisible(animated: true) }
        debug("focus \(input.identifier ?? "?"), \(orderedInputs(around: input).count) inputs in order")
    }

    private func didEndEditing(_ input: View?) {
        guard let input, input === activeInput else { return }
        activeInput = nil
        touchOutside.view?.removeGestureRecognizer(touchOutside)
        if input.inputAccessoryView === toolbar { input.inputAccessoryView = nil }
    }

    /// The inputs on `input`'s screen in the configured order.
    public func orderedInputs(around input: View) -> [View] {
        let root = Self.viewController(of: input)?.view ?? input.window ?? input
        return FieldNavigator.inputs(in: root, order: fieldOrder)
    }

    private func move(by step: Int) {
        guard let input = activeInput else { return }
        let inputs = orderedInputs(around: input)
        guard let index = inputs.firstIndex(where: { $0 === input }) else { return }
        let target = index + step
        guard inputs.indices.contains(target) else { return }
        inputs[target].becomeFirstResponder()
        debug("\(step < 0 ? "previous" : "next") → \(inputs[target].identifier ?? "?")")
    }

    private func refreshToolbar() {
        guard let input = activeInput else { return }
        guard enableAutoToolbar else {
            if input.inputAccessoryView === toolbar {
                input.inputAccessoryView = nil
                attachedApplication?.keyboard.setAccessoryView(nil)
            }
            return
        }
        // An accessory of the app's own stays: IQKeyboardManager adds its toolbar only "if
        // textField.inputAccessoryView == nil" or the accessory is one of its own toolbars.
        if let accessory = input.inputAccessoryView, accessory !== toolbar { return }
        let inputs = orderedInputs(around: input)
        let index = inputs.firstIndex { $0 === input }
        toolbar.previousButton.isEnabled = (index ?? 0) > 0
        toolbar.nextButton.isEnabled = index.map { $0 < inputs.count - 1 } ?? false
        toolbar.titleLabel.text = (input as? TextField)?.placeholder ?? (input as? TextView)?.placeholder ?? ""
        input.inputAccessoryView = toolbar
        // The keypad read the accessory when focus arrived, before this observer ran: hand it over.
        attachedApplication?.keyboard.setAccessoryView(toolbar)
    }

    private func installReturnHandling(around input: View) {
        guard enableReturnKeyNavigation else { return }
        let inputs = orderedInputs(around: input)
        let singleLine = inputs.compactMap { $0 as? TextField }
        // Fields of screens that are gone: their entries would pile up for the whole session
        // (issue 21's soak: 14.5 KB by minute 16), and each focus would scan them all.
        returnActions.removeAll { $0.0.value == nil }
        for field in singleLine {
            let isLast = inputs.last === field
            field.returnKeyType = isLast ? .done : .next
            guard !returnActions.contains(where: { $0.0.value === field }) else { continue }
            let id = field.addAction(for: .editingDidEndOnExit) { [weak self] control, _ in
                self?.returnPressed(in: control)
            }
            returnActions.append((Weak(field), id))
        }
    }

    private func returnPressed(in field: Control) {
        guard isEnabled(for: field) else { return }
        let inputs = orderedInputs(around: field)
        guard let index = inputs.firstIndex(where: { $0 === field }) else { return }
        if index + 1 < inputs.count {
            // Focus moves first, so the field's own resign-on-Return finds nothing to do and the
            // keypad stays up.
            inputs[index + 1].becomeFirstResponder()
            debug("Return → \(inputs[index + 1].identifier ?? "?")")
        } else {
            decide(.resign, "Return in the last field")
        }
    }

    // MARK: Touch outside

    private var refusal: String?

    private func touchOutsideShouldReceive(_ touch: Touch) -> Bool {
        guard let view = touch.view, let reason = whyIgnored(view) else { return true }
        if activeInput != nil { decide(.keep, "the recognizer never receives this touch: \(reason)", [touch]) }
        return false
    }

    private func touchOutsideShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        refusal = nil
        guard shouldResignOnTouchOutside, activeInput != nil else { return false }
        for touch in recognizer.touches {
            guard let view = touch.view, let reason = whyInside(view) else { continue }
            refusal = reason
            return false
        }
        return true
    }

    /// Whether a touch in `view` counts as inside for the touch-outside rule: in the focused input, in
    /// a view grouped with it, or in an ignored view or class.
    ///
    /// False when nothing is being edited.
    public func countsAsInside(_ view: View) -> Bool { whyInside(view) != nil }

    /// Why a touch in `view` does not count as outside, or nil when it does.
    private func whyInside(_ view: View) -> String? {
        guard let input = activeInput else { return nil }
        let name = view.identifiedAncestor?.identifier ?? "a view"
        if view.isDescendant(of: input) { return "the tap is in the focused field" }
        if let group = groups.first(where: { $0.input.value === input }),
            group.members.contains(where: { view.isDescendant(of: $0) })
        {
            return "\(name) is grouped with the focused field"
        }
        return whyIgnored(view)
    }

    /// Why a touch in `view` is ignored (in an ignored view, or on a view of an ignored class), or nil
    /// when it is not.
    ///
    /// Only the touched view's own class counts, as in the library's
    /// `gestureRecognizer(_:shouldReceive:)`: `for ignoreClass in touchResignedGestureIgnoreClasses
    /// where touch.view?.isKind(of: ignoreClass)`.
    private func whyIgnored(_ view: View) -> String? {
        let name = view.identifiedAncestor?.identifier ?? "a view"
        if ignored.contains(where: { view.isDescendant(of: $0) }) { return "\(name) is ignored" }
        if let type = ignoredTypes.first(where: { $0.matches(view) }) { return "\(name) is a \(type.name), which is ignored" }
        return nil
    }

    private func touchOutsideRecognized(_ recognizer: GestureRecognizer) {
        guard let input = activeInput else { return }
        let touched = recognizer.touches.first?.view
        let name = touched?.identifiedAncestor?.identifier ?? "the screen"
        // The recognizer does not cancel touches, but a view whose own tap is a recognizer loses
        // it: IQKeyboardManager's shouldRecognizeSimultaneouslyWith returns false.
        let reaches = touched?.tapLost(to: recognizer) ?? "the tap still reaches it"
        decide(.resign, "tap outside on \(name); \(reaches)", recognizer.touches)
        input.resignFirstResponder()
    }

    // MARK: Scrolling

    private func keyboardWillShow(_ note: Notification) {
        guard activeInput != nil else { return }
        keepVisible(animated: true, keyboardFrame: note.userInfo[KeyboardInfoKey.frameEnd] as? Rect)
    }

    private func keyboardFrameWillChange(_ note: Notification) {
        guard activeInput != nil, let keyboard = attachedApplication?.keyboard, keyboard.state == .shown else { return }
        keepVisible(animated: false, keyboardFrame: note.userInfo[KeyboardInfoKey.frameEnd] as? Rect)
    }

    private func keyboardWillHide(_ note: Notification) {
        restore(animated: true)
    }

    /// After a resize (the desktop's rotation) the keypad moves without a notification: follow it.
    private func frameDidEnd() {
        guard let keyboard = attachedApplication?.keyboard else { return }
        let frame = keyboard.shownFrame
        defer { lastKeyboardFrame = frame }
        guard let last = lastKeyboardFrame, last != frame, keyboard.state == .shown, activeInput != nil else { return }
        keepVisible(animated: false, keyboardFrame: frame)
    }

    /// Scrolls (or moves the screen) so the active input sits the configured distance above
    /// the keypad, never past the top of its scroll view (the navigation bar stays put).
    public func keepVisible(animated: Bool, keyboardFrame: Rect? = nil) {
        guard enableAutoScrolling, let input = activeInput, let keyboard = attachedApplication?.keyboard else { return }
        if let controller = Self.viewController(of: input),
            disabledDistanceHandlingClasses.contains(where: { type(of: controller) == $0 })
        {
            return
        }
        let kb = keyboardFrame ?? keyboard.shownFrame
        let distance = keyboardDistance(for: input)
        var target = input.frameInScreen
        if let textView = input as? TextView {
            // The whole text view when it fits above the keypad; otherwise its caret line.
            let top = Self.scrollView(containing: input)?.frameInScreen.minY ?? 0
            let available = kb.minY - distance - top - 8
            if target.height > available {
                let caret = textView.caretRect
                let caretTop = textView.frameInScreen.minY + caret.minY - textView.contentOffset.y
                target = Rect(x: target.minX, y: caretTop - 4, width: target.width, height: caret.height + 8)
            }
        }
        if let scroll = Self.scrollView(containing: input) {
            let scrollFrame = scroll.frameInScreen
            if adjustment == nil {
                adjustment = Adjustment(
                    scrollView: scroll, offset: scroll.contentOffset, inset: scroll.contentInset,
                    movedView: nil, movedFrame: .zero)
            }
            let base = adjustment?.inset ?? scroll.contentInset
            var inset = base
            inset.bottom = base.bottom + max(0, scrollFrame.maxY - kb.minY)
            scroll.contentInset = inset
            let visibleBottom = min(scrollFrame.maxY, kb.minY) - distance
            var dy = 0.0
            if target.maxY > visibleBottom { dy = target.maxY - visibleBottom }
            // Never push the field's top above the scroll view's top.
            let topLimit = scrollFrame.minY + 4
            if target.minY - dy < topLimit { dy = target.minY - topLimit }
            guard abs(dy) > 0.5 else { return }
            let offset = scroll.clamped(Point(x: scroll.contentOffset.x, y: scroll.contentOffset.y + dy))
            scroll.setContentOffset(offset, animated: animated, duration: keyboard.animationDuration)
            debug("scroll \(input.identifier ?? "?") by \(Int(dy.rounded())) to keep \(Int(distance)) px above the keypad")
        } else if let screen = Self.viewController(of: input)?.view {
            if adjustment == nil {
                adjustment = Adjustment(scrollView: nil, offset: .zero, inset: .zero, movedView: screen, movedFrame: screen.frame)
            }
            guard let original = adjustment?.movedFrame else { return }
            let shift = max(0, target.maxY + (original.minY - screen.frame.minY) - (kb.minY - distance))
            screen.frame = original.offsetBy(dx: 0, dy: -shift.rounded())
            debug("move the screen up by \(Int(shift.rounded()))")
        }
    }

    private func restore(animated: Bool) {
        guard let adjustment else { return }
        self.adjustment = nil
        if let scroll = adjustment.scrollView {
            scroll.contentInset = adjustment.inset
            scroll.setContentOffset(
                adjustment.offset, animated: animated, duration: attachedApplication?.keyboard.animationDuration ?? 0.25)
        }
        if let moved = adjustment.movedView { moved.frame = adjustment.movedFrame }
        debug("restore the scroll position")
    }

    /// The nearest scroll view around `view` that can scroll: as in IQKeyboardManager, one whose
    /// scrolling is off does not count, so a screen without a scrolling scroll view is moved.
    private static func scrollView(containing view: View) -> ScrollView? {
        var current = view.superview
        while let v = current {
            if let scroll = v as? ScrollView, !(scroll is TextView), scroll.isScrollEnabled { return scroll }
            current = v.superview
        }
        return nil
    }

    // MARK: Decisions

    private func decide(_ action: KeyboardManagerDecision.Action, _ reason: String, _ touches: [Touch] = []) {
        decisionObservers.notify(
            KeyboardManagerDecision(action: action, reason: reason, focused: activeInput?.identifier, touches: touches))
    }

    private func debug(_ message: String) {
        decisionObservers.notify(
            KeyboardManagerDecision(action: .info, reason: message, focused: activeInput?.identifier, touches: []))
    }
}

/// One decision of the keyboard manager, for traces and debugging.
@MainActor
public struct KeyboardManagerDecision {
    /// What the manager did with one event: resigned, kept, or only noted.
    public enum Action: String, Sendable {
        /// Resigned the focused input.
        case resign
        /// Left the focused input focused: the event did not call for resigning it.
        case keep
        /// A note: focus, navigation, scrolling.
        case info
    }
    /// What the manager did: resigned, kept, or only noted.
    public let action: Action
    /// The rule that decided, in a sentence the trace and the inspector show.
    public let reason: String
    /// The focused input's identifier.
    public let focused: String?
    /// The touches of the event the manager looked at, in the window's coordinates.
    public let touches: [Touch]
}

/// A reference that does not keep its object alive, for lists of views the manager watches.
@MainActor
final class Weak<T: AnyObject> {
    weak var value: T?
    init(_ value: T) { self.value = value }
}

/// A list of weakly held views.
@MainActor
final class WeakViews {
    private var items: [Weak<View>] = []
    func add(_ view: View) { items.removeAll { $0.value == nil }; items.append(Weak(view)) }
    var allObjects: [View] { items.compactMap(\.value) }
    func contains(where predicate: (View) -> Bool) -> Bool { allObjects.contains(where: predicate) }
}
