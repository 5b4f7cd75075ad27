import TapawayKit
import TapawayScreen

/// The wiring a screen file declares, put on the views built from it: recognizers on any
/// element, actions on controls' events, and what Return does in a text field.
///
/// Wiring that ends editing (`end-editing`, `resign`) is the screen's own dismissal, and is put on
/// only under **As written**: a technique of the registry replaces the app's dismissal with its
/// own. Wiring that does something else (`none`, `app:NAME`) belongs to the screen and is put on
/// under every technique, where it competes with the technique's own (a row that carries its
/// own recognizer).
@MainActor
package enum ScreenWiring {
    /// Whether the file declares wiring that ends editing, so that **As written** has something
    /// to play: the file's own, or, on a file written for React Native, a scroll view whose
    /// `keyboardShouldPersistTaps` lets it blur the input (the platform's default, `never`).
    package static func declaresDismissal(_ document: ScreenDocument) -> Bool {
        if document.platform == .reactNative, document.allElements.contains(where: blursOnTap) { return true }
        return document.allElements.contains { element in
            element.gestures.contains { dismisses($0.action) } || element.actions.contains { dismisses($0.action) }
                || element.input?.returnAction != nil || element.input?.accessory == "done"
                || element.tapRegion.map(dismisses) == true
        }
    }

    /// Whether an element is a React Native scroll view that blurs the focused input on a tap.
    static func blursOnTap(_ element: ScreenElement) -> Bool {
        element.kind.scrolls && element.scroll?.scrolls != false
            && (element.scroll?.keyboardShouldPersistTaps ?? "never") != "always"
    }

    /// Whether an action ends editing.
    static func dismisses(_ action: String) -> Bool { action == "end-editing" || action == "resign" }

    /// Whether a tap region ends editing in one of its callbacks.
    static func dismisses(_ region: TapRegionWiring) -> Bool {
        [region.onTapOutside, region.onTapInside, region.onTapUpOutside, region.onTapUpInside].contains(where: dismisses)
    }

    /// Puts `screen`'s file wiring on the views under `root` (the form, or its bottom bar): all
    /// of it with `dismissals`, else only what does not end editing.
    package static func apply(to screen: FormViewController, under root: View, dismissals: Bool) {
        let form = screen.form
        var views: [View] = [root]
        var index = 0
        while index < views.count {
            views.append(contentsOf: views[index].subviews)
            index += 1
        }
        for view in views {
            guard let element = form.element(for: view) else { continue }
            if let region = element.tapRegion, dismissals || !dismisses(region) {
                screen.tapRegions.add(region, on: view, kind: element.kind.rawValue)
            }
            for wiring in element.gestures where dismissals || !dismisses(wiring.action) {
                if wiring.type == "pointer-down" {
                    screen.tapRegions.addListener(
                        wiring, on: view, kind: element.kind.rawValue, platform: screen.chosenDocument?.platform)
                } else {
                    view.addGestureRecognizer(recognizer(for: wiring, on: view, element: element, in: screen))
                }
            }
            if let control = view as? Control {
                for wiring in element.actions where dismissals || !dismisses(wiring.action) {
                    let events = controlEvents(wiring.event)
                    control.addAction(for: events) { [weak screen] control, event in
                        guard let screen else { return }
                        perform(
                            wiring.action, in: screen, from: control.traceName ?? "a control", what: wiring.event,
                            touches: event?.allTouches ?? [])
                        if wiring.event == "editing-did-end-on-exit" && dismisses(wiring.action) {
                            // UIKit resigns a field that has an action for Did End On Exit.
                            control.resignFirstResponder()
                        }
                    }
                }
            }
            if let accessory = element.input?.accessory, view is any TextInput, dismissals || accessory != "done" {
                view.inputAccessoryView = accessoryBar(accessory, for: view, in: screen)
            }
            if dismissals, let field = view as? TextField, let returnAction = element.input?.returnAction {
                field.addAction(for: .editingDidEndOnExit) { [weak screen] control, _ in
                    guard let screen else { return }
                    if returnAction == "next", let next = nextInput(after: control, in: screen.form) {
                        screen.report(.keep, "Return in \(control.traceName ?? "a field"): the next field takes focus")
                        _ = next.becomeFirstResponder()
                    } else {
                        screen.report(
                            .resign, "Return in \(control.traceName ?? "a field") ends editing (the file's returnAction)")
                        control.resignFirstResponder()
                    }
                }
            }
        }
    }

    /// The input's own accessory: a `done` bar whose Done asks the input to resign (as a
    /// toolbar's Done item calling `resignFirstResponder()` does, so a refusing delegate keeps
    /// it), or a `bar` that ends nothing.
    private static func accessoryBar(_ accessory: String, for input: View, in screen: FormViewController) -> AccessoryBar {
        let bar = AccessoryBar(done: accessory == "done")
        bar.doneButton?.addAction(for: .touchUpInside) { [weak screen, weak input] _, event in
            guard let screen, let input else { return }
            let name = input.traceName ?? "the field"
            if input.canResignFirstResponder {
                screen.report(.resign, "Done on \(name)'s accessory asks it to resign", touches: event?.allTouches ?? [])
                input.resignFirstResponder()
            } else {
                screen.report(
                    .keep, "Done on \(name)'s accessory asks it to resign, and it refuses", touches: event?.allTouches ?? [])
            }
        }
        return bar
    }

    private static func recognizer(
        for wiring: GestureWiring, on view: View, element: ScreenElement, in screen: FormViewController
    ) -> GestureRecognizer {
        let recognizer: GestureRecognizer
        switch wiring.type {
        case "long-press": recognizer = LongPressGestureRecognizer()
        case "pan": recognizer = PanGestureRecognizer()
        default: recognizer = TapGestureRecognizer()
        }
        let line = wiring.position.map { " at line \($0.line)" } ?? ""
        recognizer.identifier = "\(wiring.type)\(line)"
        recognizer.cancelsTouchesInView = wiring.cancelsTouchesInView
        recognizer.delaysTouchesBegan = wiring.delaysTouchesBegan
        recognizer.delaysTouchesEnded = wiring.delaysTouchesEnded
        (recognizer as? TapGestureRecognizer)?.numberOfTapsRequired = wiring.taps
        // The delegate's gestureRecognizer(_:shouldReceive:), as apps write it to spare their
        // controls: "touch.view is UIControl" looks at the touched view only, not its ancestors.
        if wiring.shouldReceive != "all" {
            let spareRows = wiring.shouldReceive == "not-on-controls-or-rows"
            recognizer.shouldReceive = { _, touch in
                guard let hit = touch.view else { return true }
                if hit is Control { return false }
                guard spareRows else { return true }
                var current: View? = hit
                while let view = current {
                    if view is SuggestionRow { return false }
                    current = view.superview
                }
                return true
            }
        }
        let platform = screen.chosenDocument?.platform
        if platform == .flutter || platform == .swiftui, wiring.type != "pan" {
            declarativeGesture(
                recognizer, on: view, behavior: wiring.behavior ?? "defer-to-child",
                givesWay: !(platform == .swiftui && wiring.simultaneous), form: screen.form)
        }
        recognizer.addAction { [weak screen] recognizer in
            // A long press acts when it begins, a tap (recognised) and a pan when they end.
            guard let screen, recognizer.state == (wiring.type == "long-press" ? .began : .ended) else { return }
            perform(
                wiring.action, in: screen, from: view.traceName ?? "a view", what: "its \(wiring.type) recognizer\(line)",
                touches: recognizer.touches)
        }
        return recognizer
    }

    /// Makes `recognizer` play as a Flutter `GestureDetector`'s or a SwiftUI `.onTapGesture`'s
    /// tap or long press on `view`: it takes no touch from anyone (a gesture that loses is
    /// simply not called), it gives way (`givesWay`) to a widget inside it that claims its own
    /// tap (a button, a switch, a text field, a row: Flutter's arena gives the tap to the deepest
    /// recognizer; SwiftUI gives a child's gesture precedence over its parent's, unless the
    /// parent's is a `.simultaneousGesture`), and with `defer-to-child` it is not hit where the
    /// pointer meets only the element itself or a `view` inside it (a `Column`, a `Row`, a
    /// `VStack` without a content shape is not hit in its empty space; `opaque` stands for a
    /// coloured container, a `Scaffold`'s body or `.contentShape(Rectangle())`).
    private static func declarativeGesture(
        _ recognizer: GestureRecognizer, on view: View, behavior: String, givesWay: Bool, form: ScreenForm
    ) {
        recognizer.cancelsTouchesInView = false
        recognizer.recognizesAlongWithViews = !givesWay
        recognizer.shouldBegin = { [weak form] recognizer in
            !recognizer.touches.contains { touch in
                guard let hit = touch.view else { return true }
                // Deferring, a layout container's own empty space (the detector's element's, or
                // a `view` inside it: a `Column`, a `Row`) is no child hit.
                if behavior == "defer-to-child" && (hit === view || form?.element(for: hit)?.kind == .view) { return true }
                guard givesWay else { return false }
                var current: View? = hit
                while let v = current, v !== view {
                    if v is Control || v is SuggestionRow || v is any TextInput { return true }
                    current = v.superview
                }
                return false
            }
        }
    }

    /// Does what a wiring's action says, and says so to the inspector and the trace.
    private static func perform(
        _ action: String, in screen: FormViewController, from source: String, what: String, touches: [Touch]
    ) {
        let focused = screen.editingInput
        switch action {
        case "end-editing":
            guard focused != nil else { return screen.report(.none, "\(source): \(what), with nothing to end", touches: touches) }
            screen.report(.resign, "\(source): \(what) calls endEditing(true)", touches: touches)
            _ = screen.view.endEditing(true)
        case "resign":
            guard let focused else { return screen.report(.none, "\(source): \(what), with nothing to resign", touches: touches) }
            if focused.canResignFirstResponder {
                screen.report(.resign, "\(source): \(what) asks \(focused.traceName ?? "the field") to resign", touches: touches)
                focused.resignFirstResponder()
            } else {
                screen.report(
                    .keep, "\(source): \(what) asks \(focused.traceName ?? "the field") to resign, and it refuses",
                    touches: touches)
            }
        case let app where app.hasPrefix("app:"):
            screen.report(.none, "\(source): \(what) runs the app's \(app.dropFirst(4))", touches: touches)
            screen.form.appActionObservers.notify((source, app))
        case let focus where focusTarget(of: focus) != nil:
            Self.focus(focusTarget(of: focus) ?? "", in: screen, from: source, what: what, touches: touches)
        default:
            break
        }
    }

    /// Runs a `focus:ID` action: the input ID takes the focus (`becomeFirstResponder()`; on the
    /// other platforms `requestFocus()`, `FocusNode.requestFocus()`, the focus binding set to
    /// ID), and the one that had it gives it up on the way, unless its delegate refuses.
    static func focus(_ id: String, in screen: FormViewController, from source: String, what: String, touches: [Touch]) {
        guard let input = screen.form.view(id) else { return }
        if screen.editingInput === input {
            return screen.report(.keep, "\(source): \(what) focuses \(id), which has the focus already", touches: touches)
        }
        screen.report(.keep, "\(source): \(what) gives the focus to \(id)", touches: touches)
        _ = input.becomeFirstResponder()
    }

    private static func controlEvents(_ name: String) -> ControlEvents {
        switch name {
        case "touch-down": .touchDown
        case "value-changed": .valueChanged
        case "editing-did-end-on-exit": .editingDidEndOnExit
        default: .touchUpInside
        }
    }

    private static func nextInput(after view: View, in form: ScreenForm) -> View? {
        guard let index = form.inputs.firstIndex(where: { $0 === view }), index + 1 < form.inputs.count else { return nil }
        return form.inputs[index + 1]
    }
}
