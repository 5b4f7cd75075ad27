import TapawayKit
import TapawayScreen

/// The `android` screen: the activity. Its `dispatchTouchEvent` (Tapaway's `willDeliver`) looks
/// at each touch event before the views do.
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

    /// Creates the screen showing `document` (nil: the shipped screens).
    package init(document: ScreenDocument? = nil) { super.init(technique: .android, document: document) }

    /// `dispatchTouchEvent`, the `ACTION_DOWN` variant: the check, then `super` delivers.
    package override func willDeliver(_ event: Event, in window: AppWindow) {
        guard trigger == .down else { return }
        check(event, in: window, action: .down)
    }

    /// `dispatchTouchEvent`, the `ACTION_UP` variant: `super` delivers first, then the check runs
    /// against the field focused after delivery (a tap on another field has focused it).
    package override func didDeliver(_ event: Event, in window: AppWindow) {
        guard trigger == .up else { return }
        check(event, in: window, action: .up)
    }

    /// The check of one motion event: `ACTION_DOWN` (the first finger lands, none other is
    /// down) or `ACTION_UP` (the last one lifts) outside the focused `EditText`'s rectangle hides
    /// the keyboard (and, on `ACTION_DOWN`, clears focus). Other fingers are
    /// `ACTION_POINTER_DOWN` / `_UP`, which the check does not look at.
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
            report(.resign, "\(motion) outside the focused EditText: hideSoftInputFromWindow and clearFocus", touches: changed)
            _ = focused.window?.transferFirstResponder(to: nil, force: true)
        case .up:
            report(.hide, "\(motion) outside the focused EditText: hideSoftInputFromWindow; focus stays", touches: changed)
            view.application?.keyboard.hide()
        }
    }
}
