import TapawayKit
import TapawayScreen

/// The `android` screen: the activity.
///
/// Its `dispatchTouchEvent` (Tapaway's `willDeliver`) looks at each touch event before the views do.
///
/// ```kotlin
/// override fun dispatchTouchEvent(ev: MotionEvent): Boolean {
///     if (ev.action == MotionEvent.ACTION_DOWN) {
///         val v = currentFocus
///         if (v is EditText) {
///             val r = Rect(); v.getGlobalVisibleRect(r)
///             if (!r.contains(ev.rawX.toInt(), ev.rawY.toInt())) {
///                 v.clearFocus()
///                 imm.hideSoftInputFromWindow(v.windowToken, 0)
///             }
///         }
///     }
///     return super.dispatchTouchEvent(ev)
/// }
/// ```
@MainActor
package final class AndroidViewController: FormViewController {
    /// Which motion event the check runs on.
    package enum Trigger: Sendable {
        /// `ACTION_DOWN`: hide the keyboard and clear focus at touch-down.
        case down
        /// `ACTION_UP`: hide the keyboard at lift; the field keeps focus.
        case up
    }

    /// Which motion event the check runs on.
    package var trigger = Trigger.down
    /// Whether `clearFocus()` hands the focus back to the first view focusable in touch mode, as
    /// it does for an app whose `targetSdkVersion` is below 28 (`sAlwaysAssignFocus`).
    package var refocusesAfterClearFocus = false

    /// Creates the screen showing `document` (nil: the shipped screens).
    package init(document: ScreenDocument? = nil) { super.init(technique: .android, document: document) }

    /// The app's code: the activity's `dispatchTouchEvent` (the snippet), or a Jetpack Compose
    /// screen's `Modifier.pointerInput { detectTapGestures(onTap = …) }` on its content.
    package enum Code: String, Sendable {
        /// The activity overrides `dispatchTouchEvent` and clears focus on the motion event `trigger` names.
        case activity
        /// `onTap = { focusManager.clearFocus() }`: focus goes, and the keyboard with it.
        case composeClearFocus = "compose-clear-focus"
        /// `onTap = { keyboardController?.hide() }` (`LocalSoftwareKeyboardController`): the
        /// keyboard hides, and the field keeps its focus.
        case composeHide = "compose-hide"
    }

    /// The app's code (`code`).
    package var code = Code.activity { didSet { composeTap.isEnabled = code != .activity } }
    private let composeTap = TapGestureRecognizer()

    /// The Compose screen's tap detector goes on the content (the `Scaffold`'s body, under the top app
    /// bar).
    ///
    /// `detectTapGestures` sees the pointer events after the children: a child that consumes them (a
    /// `Button`, a `Switch`, a clickable row, a `TextField`) keeps the tap, and
    /// `waitForUpOrCancellation` then gives up; a `Text` consumes nothing.
    package override func viewDidLoad() {
        super.viewDidLoad()
        composeTap.identifier = "compose-detect-tap-gestures"
        composeTap.cancelsTouchesInView = false
        composeTap.isEnabled = code != .activity
        composeTap.shouldBegin = { recognizer in
            !recognizer.touches.contains { touch in touch.view.map(AndroidViewController.consumesPointer) ?? false }
        }
        composeTap.addAction { [weak self] recognizer in self?.composeTapped(recognizer) }
        composeTap.onStateChange = { [weak self] recognizer, state in
            guard state == .failed, let self, self.editingInput != nil else { return }
            self.report(
                .keep, "detectTapGestures gave up: \(recognizer.failureReason ?? "no tap")", touches: recognizer.touches)
        }
        form.background.addGestureRecognizer(composeTap)
    }

    /// Whether a child consumes the pointer events itself (inferred mapping: Tapaway's
    /// controls, text inputs and list rows).
    static func consumesPointer(_ view: View) -> Bool {
        var current: View? = view
        while let v = current {
            if v is Control || v is SuggestionRow || v is any TextInput { return true }
            current = v.superview
        }
        return false
    }

    private func composeTapped(_ recognizer: GestureRecognizer) {
        guard let focused = editingInput else {
            report(.none, "detectTapGestures' onTap, with nothing focused", touches: recognizer.touches)
            return
        }
        let name = recognizer.touches.first?.view?.traceName ?? "the content"
        switch code {
        case .composeHide:
            report(
                .hide, "detectTapGestures' onTap on \(name): keyboardController.hide(); focus stays", touches: recognizer.touches)
            view.application?.keyboard.hide()
        default:
            report(
                .resign,
                "detectTapGestures' onTap on \(name): focusManager.clearFocus() (\(focused.traceName ?? "the field") "
                    + "loses focus, and the keyboard goes)", touches: recognizer.touches)
            _ = focused.window?.transferFirstResponder(to: nil, force: true)
        }
    }

    /// `dispatchTouchEvent`, the `ACTION_DOWN` variant: the check, then `super` delivers.
    package override func willDeliver(_ event: Event, in window: AppWindow) {
        guard code == .activity, trigger == .down else { return }
        check(event, in: window, action: .down)
    }

    /// `dispatchTouchEvent`, the `ACTION_UP` variant: `super` delivers first, then the check runs
    /// against the field focused after delivery (a tap on another field has focused it).
    package override func didDeliver(_ event: Event, in window: AppWindow) {
        guard code == .activity, trigger == .up else { return }
        check(event, in: window, action: .up)
    }

    /// The check of one motion event: `ACTION_DOWN` (the first finger lands, none other is down) or
    /// `ACTION_UP` (the last one lifts) outside the focused `EditText`'s rectangle hides the keyboard
    /// (and, on `ACTION_DOWN`, clears focus).
    ///
    /// Other fingers are `ACTION_POINTER_DOWN` / `_UP`, which the check does not look at.
    private func check(_ event: Event, in window: AppWindow, action wanted: Trigger) {
        let touches = event.touches(for: window)
        let changed = touches.filter { $0.phase != .stationary }
        let others = touches.filter { $0.phase == .stationary }
        let action: Trigger?
        if others.isEmpty, changed.count == 1, changed[0].phase == .began {
            action = .down
        } else if others.isEmpty, changed.count == 1, changed[0].phase == .ended {
            action = .up
        } else {
            action = nil
        }
        let began = changed.contains { $0.phase == .began }
        guard let focused = editingInput else {
            if began && wanted == .down { report(.none, "no EditText has focus", touches: changed) }
            return
        }
        guard let action else {
            if began {
                report(
                    .keep,
                    "ACTION_POINTER_DOWN: another finger is already down, and only \(wanted == .down ? "ACTION_DOWN" : "ACTION_UP") is checked",
                    touches: changed)
            }
            return
        }
        guard action == wanted, let touch = changed.first else { return }
        let motion = action == .down ? "ACTION_DOWN" : "ACTION_UP"
        if focused.frameInScreen.contains(touch.locationInScreen) {
            if action == .up, !(view.application?.keyboard.isVisible ?? true) {
                // A tap on the focused field brings the keyboard back, as on Android.
                view.application?.keyboard.show()
            }
            report(
                .keep, "\(motion) inside the focused EditText's rectangle (\(focused.traceName ?? "the field"))", touches: changed
            )
            return
        }
        switch action {
        case .down:
            if refocusesAfterClearFocus {
                clearFocusHandingBack(focused, motion: motion, touches: changed)
                return
            }
            report(.resign, "\(motion) outside the focused EditText: hideSoftInputFromWindow and clearFocus", touches: changed)
            _ = focused.window?.transferFirstResponder(to: nil, force: true)
        case .up:
            report(.hide, "\(motion) outside the focused EditText: hideSoftInputFromWindow; focus stays", touches: changed)
            view.application?.keyboard.hide()
        }
    }

    /// `clearFocus()` for an app targeting an SDK below 28: `refocus = sAlwaysAssignFocus ||
    /// !isInTouchMode()`, so the root asks for focus again and the first view focusable in touch mode,
    /// in the layout's order (a container before its children), takes it; then
    /// `hideSoftInputFromWindow` hides the keyboard.
    ///
    /// A text input that takes it is focused with no keyboard; a container that takes it leaves no text
    /// input focused.
    private func clearFocusHandingBack(_ focused: View, motion: String, touches: [Touch]) {
        guard let window = focused.window else { return }
        _ = window.transferFirstResponder(to: nil, force: true)
        let taker = firstFocusableInTouchMode()
        if let input = taker, input is any TextInput {
            _ = window.transferFirstResponder(to: input, force: true)
            report(
                .hide,
                "\(motion) outside the focused EditText: clearFocus hands the focus to the first view focusable in touch mode (targetSdkVersion below 28), \(input.traceName ?? "the first EditText"); hideSoftInputFromWindow",
                touches: touches)
            input.application?.keyboard.hide()
        } else {
            report(
                .resign,
                "\(motion) outside the focused EditText: clearFocus hands the focus to \(taker?.traceName ?? "the layout"), focusable in touch mode (targetSdkVersion below 28), so no EditText keeps it; hideSoftInputFromWindow",
                touches: touches)
        }
    }

    /// The first shown, enabled view of the form, in the layout's order, that is focusable in
    /// touch mode: a text input, or a view the screen file marks `focusableInTouchMode`.
    private func firstFocusableInTouchMode() -> View? {
        func search(_ view: View) -> View? {
            guard !view.isHidden else { return nil }
            if view is any TextInput, (view as? Control)?.isEnabled ?? true { return view }
            // The background stands for the file's root element.
            let element = view === form.background ? form.document.content : form.element(for: view)
            if element?.focusableInTouchMode == true { return view }
            for subview in view.subviews {
                if let found = search(subview) { return found }
            }
            return nil
        }
        return search(form.background)
    }
}
