import TapawayKit
import TapawayScreen

/// The `flutter` screen.
///
/// The text fields' shared tap region is modelled in `willDeliver`: each pointer down outside every
/// text input unfocuses the focused one (and is consumed when `consumesOutsideTaps`). With
/// `usesGestureDetector` an opaque tap detector around the page unfocuses instead, when it wins the
/// arena.
///
/// ```dart
/// TextField(
///   focusNode: focus,
///   onTapOutside: (_) => focus.unfocus(),
/// )
/// // or, around the page body:
/// GestureDetector(
///   behavior: HitTestBehavior.opaque,
///   onTap: () => FocusScope.of(context).unfocus(),
///   child: ListView(children: …),
/// )
/// ```
@MainActor
package final class FlutterViewController: FormViewController {
    /// `TapRegion.consumeOutsideTaps`: the pointer down that unfocuses goes to no widget.
    package var consumesOutsideTaps = false
    /// Use an opaque `GestureDetector(onTap: unfocus)` around the page instead of
    /// `onTapOutside`.
    package var usesGestureDetector = false {
        didSet { detector.isEnabled = usesGestureDetector }
    }
    private let detector = TapGestureRecognizer()
    /// Whether the GestureDetector is inside the scroll view, around its `Column`
    /// (`SingleChildScrollView(child: GestureDetector(child: Column(…)))`) rather than around the
    /// scroll view: an opaque detector is hit within its own bounds, and inside the scroll view
    /// those are the content's, so a tap in the empty space below the content misses it.
    package var detectorInsideScrollView = false

    /// Creates the screen showing `document` (nil: the shipped screens).
    package init(document: ScreenDocument? = nil) { super.init(technique: .flutter, document: document) }

    /// Flutter documents that a primary scroll view (a vertical `ListView` with no controller,
    /// as here) can always be scrolled, "even if it does not have sufficient content".
    package override var platformBouncesWhenContentFits: Bool { true }

    /// The detector goes on the form (the page body, under the app bar).
    package override func viewDidLoad() {
        super.viewDidLoad()
        detector.identifier = "gesture-detector"
        detector.cancelsTouchesInView = false
        detector.isEnabled = usesGestureDetector
        // The arena: a button, a switch, a row's InkWell or a text field claims its own tap.
        detector.shouldBegin = { [weak self] recognizer in
            guard let self else { return false }
            if self.detectorInsideScrollView {
                // Below the content, the pointer is outside the detector's bounds: not hit.
                let height = self.form.contentSize.height
                if recognizer.touches.contains(where: {
                    self.form.background.convert(fromScreen: $0.startLocationInScreen).y >= height
                }) {
                    return false
                }
            }
            return !recognizer.touches.contains { touch in touch.view.map(FlutterViewController.winsArena) ?? false }
        }
        detector.addAction { [weak self] recognizer in self?.detectorTapped(recognizer) }
        detector.onStateChange = { [weak self] recognizer, state in
            guard state == .failed, let self, self.editingInput != nil else { return }
            self.report(.keep, "the GestureDetector lost: \(recognizer.failureReason ?? "no tap")", touches: recognizer.touches)
        }
        form.addGestureRecognizer(detector)
        decorateFields(in: form.background)
    }

    /// Gives each single-line field the decoration Flutter apps put on it, a clear icon while it holds
    /// text (`InputDecoration(suffixIcon: IconButton(icon: Icon(Icons.clear), …))`), drawn inside the
    /// field.
    ///
    /// It counts as inside the text fields' tap region: `TextField.build` puts the `InputDecorator`
    /// (`decoration: _getEffectiveDecoration()`: label, prefix and suffix icons, helper and counter)
    /// around the `EditableText`, then returns `MouseRegion(… child: TextFieldTapRegion(child:
    /// IgnorePointer(…` around that (`packages/flutter/lib/src/material/text_field.dart`); a touch on
    /// it lands on the field.
    private func decorateFields(in view: View) {
        for subview in view.subviews {
            if let field = subview as? TextField, field.clearButtonMode == .never { field.clearButtonMode = .whileEditing }
            decorateFields(in: subview)
        }
    }

    /// The tap region: every pointer down, inside or outside the text fields.
    package override func willDeliver(_ event: Event, in window: AppWindow) {
        guard !usesGestureDetector else { return }
        for touch in event.touches(for: window) where touch.phase == .began {
            guard let focused = editingInput else {
                consumeUnfocused(touch, in: window)
                continue
            }
            if let view = touch.view, view is any TextInput {
                report(
                    .keep, "pointer down in \(view.traceName ?? "a text field"): inside the text fields' tap region",
                    touches: [touch])
                continue
            }
            if let view = touch.view, let member = textFieldTapRegionMember(around: view) {
                report(
                    .keep,
                    "pointer down in \(member.traceName ?? "a widget") wrapped in a TextFieldTapRegion: inside the text fields' tap region",
                    touches: [touch])
                continue
            }
            let consumed =
                consumesOutsideTaps ? "; consumeOutsideTaps: \(touch.view?.traceName ?? "the widget") never gets it" : ""
            report(
                .resign,
                "pointer down outside the text fields' tap region: onTapOutside unfocuses \(focused.traceName ?? "the field")"
                    + consumed,
                touches: [touch])
            if consumesOutsideTaps { window.redirect(touch, to: nil) }
            _ = window.transferFirstResponder(to: nil, force: true)
        }
    }

    /// With nothing focused, a region with `consumeOutsideTaps` still takes a pointer down outside the
    /// group out of the arena: `RenderTapRegionSurface.handleEvent` looks at every registered region (a
    /// region registers while it is laid out and enabled, focused or not), sets `consumeOutsideTaps =
    /// true` for an outside one that asks, and then `gestureArena.add(event.pointer,
    /// _DummyTapRecognizer()).resolve(GestureDisposition.accepted)`.
    ///
    /// `onTapOutside` is still called, and unfocuses nothing.
    private func consumeUnfocused(_ touch: Touch, in window: AppWindow) {
        guard consumesOutsideTaps, let view = touch.view, !(view is any TextInput),
            textFieldTapRegionMember(around: view) == nil
        else { return }
        report(
            .none,
            "pointer down outside the text fields' tap region, nothing focused; consumeOutsideTaps: "
                + "\(view.traceName ?? "the widget") never gets it",
            touches: [touch])
        window.redirect(touch, to: nil)
    }

    /// The element at or around `view` that the screen file wraps in a `TextFieldTapRegion`,
    /// if any: the pointer's hit path passes through the region (its default hit-test
    /// behaviour defers to its child, so the touch must land on the element or inside it).
    private func textFieldTapRegionMember(around view: View) -> View? {
        var current: View? = view
        while let v = current, v !== form {
            if form.element(for: v)?.textFieldTapRegion == true { return v }
            current = v.superview
        }
        return nil
    }

    private func detectorTapped(_ recognizer: GestureRecognizer) {
        guard let focused = editingInput else {
            report(.none, "the GestureDetector's onTap, with nothing focused", touches: recognizer.touches)
            return
        }
        report(
            .resign, "the GestureDetector won the tap on \(recognizer.touches.first?.view?.traceName ?? "the page"): unfocus",
            touches: recognizer.touches)
        _ = focused.window?.transferFirstResponder(to: nil, force: true)
    }

    /// Whether a widget claims its own tap in the gesture arena (inferred mapping: Tapaway's
    /// controls, text inputs and list rows).
    static func winsArena(_ view: View) -> Bool {
        var current: View? = view
        while let v = current {
            if v is Control || v is SuggestionRow || v is any TextInput { return true }
            current = v.superview
        }
        return false
    }
}
