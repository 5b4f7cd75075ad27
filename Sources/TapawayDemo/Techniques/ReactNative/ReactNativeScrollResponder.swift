import TapawayKit
import TapawayScreen

/// React Native's `ScrollView` responder handlers, for the scroll views of a screen: a scroll view
/// takes a touch at its start (the capture phase) under `keyboardShouldPersistTaps` `never`, or when no
/// child takes it under `handled`, and on release blurs the focused input unless it scrolled meanwhile.
///
/// The screen's own form is one such scroll view when `rootPersistTaps` is set; a screen file's nested
/// scroll views are too, each with its own `keyboardShouldPersistTaps` (`never` unless the file says
/// otherwise): the capture phase runs from the outermost scroll view in, so an outer one left at
/// `never` takes the touch before an inner `handled` one is asked.
@MainActor
final class ReactNativeScrollResponder {
    /// The values of `keyboardShouldPersistTaps`.
    enum PersistTaps: String, Sendable {
        /// The scroll view takes every tap while the keyboard is up.
        case never
        /// It takes a tap no child handled.
        case handled
        /// It never blurs on a tap.
        case always
    }

    /// The screen whose scroll views these are.
    private unowned let screen: FormViewController
    /// The form's own `keyboardShouldPersistTaps`, when the form is a React Native scroll view;
    /// nil when it is not (a screen file whose root is a plain `View`).
    var rootPersistTaps: PersistTaps?

    /// Whether the screen is wrapped in `<TouchableWithoutFeedback onPress={Keyboard.dismiss}>`
    /// (or a `Pressable` doing the same): the wrapper is the outermost view, asked last in the
    /// bubble phase, so it becomes the responder only for a touch that no child and no scroll
    /// view took.
    var dismissingWrapper = false
    /// The responder handlers of `screen`'s scroll views.
    init(screen: FormViewController, rootPersistTaps: PersistTaps?) {
        self.screen = screen
        self.rootPersistTaps = rootPersistTaps
    }

    /// The touch a scroll view is the responder for, that scroll view, and its offset when it
    /// took the touch.
    private var responderTouch: (touch: Touch, scrollView: ScrollView, offset: Point, captured: Bool, wrapper: Bool)?

    /// The scroll views' responder handlers, for a touch event before it is delivered.
    func willDeliver(_ event: Event, in window: AppWindow) {
        let touches = event.touches(for: window)
        let changed = touches.filter { $0.phase != .stationary }
        if let began = changed.first(where: { $0.phase == .began }), touches.count == 1 {
            startGesture(with: began, in: window)
        }
        guard let responder = responderTouch, let touch = changed.first(where: { $0 === responder.touch }),
            touch.phase.isFinished
        else { return }
        responderTouch = nil
        let scrollView = responder.scrollView
        if responder.wrapper {
            pressWrapper(
                touch,
                scrolled: scrollView.contentOffset != responder.offset || scrollView.panGestureRecognizer.state != .possible)
            return
        }
        release(
            touch, by: scrollView,
            scrolled: scrollView.contentOffset != responder.offset || scrollView.panGestureRecognizer.state != .possible,
            others: touches.filter { $0 !== touch })
    }

    /// The React Native scroll views at and around `view`, outermost first, each with its
    /// `keyboardShouldPersistTaps`: the screen's, then the file's nested ones.
    private func scrollViews(around view: View) -> [(scrollView: ScrollView, persistTaps: PersistTaps)] {
        var nested: [(ScrollView, PersistTaps)] = []
        var current: View? = view
        while let v = current, v !== screen.form {
            if let scrollView = v as? ElementScrollView {
                let value = screen.form.element(for: scrollView)?.scroll?.keyboardShouldPersistTaps
                nested.append((scrollView, value.flatMap(PersistTaps.init(rawValue:)) ?? .never))
            }
            current = v.superview
        }
        return (rootPersistTaps.map { [(screen.form, $0)] } ?? []) + nested.reversed()
    }

    /// How people read a scroll view in the log: the screen's, or a nested one by its id.
    private func name(of scrollView: ScrollView) -> String {
        scrollView === screen.form ? "the scroll view" : "the nested scroll view \(scrollView.traceName ?? "")"
    }

    /// Decides, at a gesture's first touch, whether a scroll view becomes its responder.
    private func startGesture(with touch: Touch, in window: AppWindow) {
        guard let view = touch.view, view.isDescendant(of: screen.form) else {
            if let focused = screen.editingInput?.traceName {
                screen.report(
                    .keep, "the touch is outside the ScrollView (\(touch.view?.traceName ?? "no view")): \(focused) stays",
                    touches: [touch])
            }
            return
        }
        guard let focused = screen.editingInput else { return }
        let keyboardUp = view.application?.keyboard.isVisible ?? false
        let isTextInput = view is any TextInput
        let chain = scrollViews(around: view)
        // onStartShouldSetResponderCapture, from the outermost scroll view in: the first under
        // `never` takes the touch from everything inside it.
        if keyboardUp && !isTextInput, let capturing = chain.first(where: { $0.persistTaps == .never })?.scrollView {
            let settings =
                chain.count > 1 && capturing === screen.form && chain.dropFirst().contains { $0.persistTaps != .never }
                ? " (the inner scroll view's own setting is never asked)" : ""
            screen.report(
                .keep,
                "\(name(of: capturing)) took the touch at its start (keyboardShouldPersistTaps never)\(settings); "
                    + "\(touch.view?.traceName ?? "its child") never gets it, and \(focused.traceName ?? "the input") blurs on release unless it scrolls",
                touches: [touch])
            window.redirect(touch, to: capturing)
            responderTouch = (touch, capturing, capturing.contentOffset, true, false)
            return
        }
        // onStartShouldSetResponder, bubbling from the touched view out: a child that handles
        // touches keeps it; else the innermost scroll view under `handled` takes it.
        if keyboardUp && !isTextInput && !Self.handlesTouches(view),
            let claiming = chain.last(where: { $0.persistTaps == .handled })?.scrollView
        {
            responderTouch = (touch, claiming, claiming.contentOffset, false, false)
            screen.report(
                .keep,
                "no child handled the touch on \(view.traceName ?? "the background"): \(name(of: claiming)) is its responder "
                    + "(keyboardShouldPersistTaps handled) and blurs on release unless it scrolls", touches: [touch])
            return
        }
        // The wrapper's Pressability (onStartShouldSetResponder), asked last: the outermost view.
        if dismissingWrapper && !isTextInput && !Self.handlesTouches(view) {
            responderTouch = (touch, screen.form, screen.form.contentOffset, false, true)
            screen.report(
                .keep,
                "no child or scroll view took the touch on \(view.traceName ?? "the background"): the "
                    + "TouchableWithoutFeedback around the screen is its responder, and calls Keyboard.dismiss() on press",
                touches: [touch])
            return
        }
        let why: String
        switch true {
        case chain.allSatisfy({ $0.persistTaps == .always }): why = "keyboardShouldPersistTaps always: taps never blur"
        case isTextInput: why = "a touch on a text input is never taken"
        case !keyboardUp: why = "the keyboard is not up"
        case Self.handlesTouches(view):
            why = "\(view.traceName ?? "a child") handled the touch (keyboardShouldPersistTaps handled)"
        default: why = "no scroll view takes the touch (keyboardShouldPersistTaps always)"
        }
        screen.report(.keep, why, touches: [touch])
    }

    /// The wrapper's touch ends: a press calls `Keyboard.dismiss()`, which blurs the focused
    /// input; a scroll that took the gesture over cancelled the press (Pressability grants the
    /// scroll view's termination request).
    private func pressWrapper(_ touch: Touch, scrolled: Bool) {
        guard let focused = screen.editingInput else { return }
        if scrolled || touch.phase == .cancelled {
            screen.report(
                .keep, "the scroll view scrolled and took the gesture from the TouchableWithoutFeedback: no press",
                touches: [touch])
            return
        }
        screen.report(
            .resign, "TouchableWithoutFeedback's onPress: Keyboard.dismiss() blurs \(focused.traceName ?? "the input")",
            touches: [touch])
        _ = focused.window?.transferFirstResponder(to: nil, force: true)
    }

    /// A scroll view's responder is released: it blurs unless a scroll happened.
    private func release(_ touch: Touch, by scrollView: ScrollView, scrolled: Bool, others: [Touch]) {
        guard let focused = screen.editingInput else { return }
        if scrolled || touch.phase == .cancelled {
            screen.report(.keep, "\(name(of: scrollView)) scrolled since it took the touch: no blur", touches: [touch])
            return
        }
        screen.report(
            .resign,
            "\(name(of: scrollView))'s touch ended without a scroll: blurTextInput(\(focused.traceName ?? "the input"))",
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
