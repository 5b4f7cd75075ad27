import TapawayKit
import TapawayScreen

/// The `react-native` screen: the form as a React Native `ScrollView`. The scroll view's
/// responder handlers are modelled in `willDeliver`: it takes a touch at its start (the capture
/// phase) under `never`, or when no child takes it under `handled`, and on release blurs the
/// focused input unless it scrolled meanwhile.
///
/// ```jsx
/// <ScrollView keyboardShouldPersistTaps="never" keyboardDismissMode="none">
///   <TextInput placeholder="Name" />
///   …
/// </ScrollView>
/// ```
@MainActor
package final class ReactNativeViewController: FormViewController {
    /// The values of `keyboardShouldPersistTaps`.
    package enum PersistTaps: String, Sendable {
        /// The scroll view takes every tap while the keyboard is up.
        case never
        /// It takes a tap no child handled.
        case handled
        /// It never blurs on a tap.
        case always
    }

    /// React Native documents `alwaysBounceVertical` (iOS) as true by default for a vertical
    /// `ScrollView`, so a drag begins even on a form that fits.
    package override var platformBouncesWhenContentFits: Bool { true }

    /// The scroll view's `keyboardShouldPersistTaps`.
    package var persistTaps = PersistTaps.never
    /// The touch the scroll view is the responder for, and the scroll offset when it took it.
    private var responderTouch: (touch: Touch, offset: Point, captured: Bool)?

    /// Creates the screen showing `document` (nil: the shipped screens).
    package init(document: ScreenDocument? = nil) { super.init(technique: .reactNative, document: document) }

    /// The scroll view's responder handlers.
    package override func willDeliver(_ event: Event, in window: AppWindow) {
        let touches = event.touches(for: window)
        let changed = touches.filter { $0.phase != .stationary }
        if let began = changed.first(where: { $0.phase == .began }), touches.count == 1 {
            startGesture(with: began, in: window)
        }
        guard let responder = responderTouch, let touch = changed.first(where: { $0 === responder.touch }),
            touch.phase.isFinished
        else { return }
        responderTouch = nil
        release(
            touch, scrolled: form.contentOffset != responder.offset || form.panGestureRecognizer.state != .possible,
            captured: responder.captured, others: touches.filter { $0 !== touch })
    }

    /// A gesture's first touch: does the scroll view become its responder?
    private func startGesture(with touch: Touch, in window: AppWindow) {
        guard let view = touch.view, view.isDescendant(of: form) else {
            if let focused = editingInput?.traceName {
                report(
                    .keep, "the touch is outside the ScrollView (\(touch.view?.traceName ?? "no view")): \(focused) stays",
                    touches: [touch])
            }
            return
        }
        guard let focused = editingInput else { return }
        let keyboardUp = view.application?.keyboard.isVisible ?? false
        let isTextInput = view is any TextInput
        switch persistTaps {
        case .never where keyboardUp && !isTextInput:
            // onStartShouldSetResponderCapture: the scroll view takes the touch from its children.
            report(
                .keep,
                "the scroll view took the touch at its start (keyboardShouldPersistTaps never); "
                    + "\(touch.view?.traceName ?? "its child") never gets it, and \(focused.traceName ?? "the input") blurs on release unless it scrolls",
                touches: [touch])
            window.redirect(touch, to: form)
            responderTouch = (touch, form.contentOffset, true)
        case .handled where keyboardUp && !Self.handlesTouches(view):
            // No child became the responder: the scroll view does.
            responderTouch = (touch, form.contentOffset, false)
            report(
                .keep,
                "no child handled the touch on \(view.traceName ?? "the background"): the scroll view is its responder "
                    + "(keyboardShouldPersistTaps handled) and blurs on release unless it scrolls", touches: [touch])
        default:
            let why: String
            switch persistTaps {
            case .always: why = "keyboardShouldPersistTaps always: taps never blur"
            case _ where isTextInput: why = "a touch on a text input is never taken"
            case _ where !keyboardUp: why = "the keyboard is not up"
            default: why = "\(view.traceName ?? "a child") handled the touch (keyboardShouldPersistTaps handled)"
            }
            report(.keep, why, touches: [touch])
        }
    }

    /// The scroll view's responder is released: it blurs unless a scroll happened.
    private func release(_ touch: Touch, scrolled: Bool, captured: Bool, others: [Touch]) {
        guard let focused = editingInput else { return }
        if scrolled || touch.phase == .cancelled {
            report(.keep, "the scroll view scrolled since it took the touch: no blur", touches: [touch])
            return
        }
        report(
            .resign, "the scroll view's touch ended without a scroll: blurTextInput(\(focused.traceName ?? "the input"))",
            touches: [touch] + others)
        // A React Native TextInput has no delegate that could refuse the blur.
        _ = focused.window?.transferFirstResponder(to: nil, force: true)
    }

    /// Whether a view takes touches itself, as a React Native Touchable, Button or Switch does
    /// (inferred mapping: Tapaway's controls and list rows).
    private static func handlesTouches(_ view: View) -> Bool {
        var current: View? = view
        while let v = current {
            if v is Control || v is SuggestionRow { return true }
            if v is ScrollView { return false }
            current = v.superview
        }
        return false
    }
}
