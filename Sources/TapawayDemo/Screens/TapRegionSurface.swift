import TapawayKit
import TapawayScreen

/// The tap regions a screen file declares (`tapRegion`), played as Flutter's `RenderTapRegionSurface`.
///
/// Flutter's rules, as `packages/flutter/lib/src/widgets/tap_region.dart` writes them:
///
/// - only a pointer down counts ("if (event is! PointerDownEvent) return");
/// - the regions in the pointer's hit path are inside, and with them every region of their group
///   ("Adding all grouped regions, so they act as a single region"); every other region is
///   outside ("If they're not inside, then they're outside");
/// - each outside region hears `onTapOutside`, each inside one `onTapInside`;
/// - if any outside region has `consumeOutsideTaps`, the pointer is taken out of the gesture
///   arena, so no other widget acts on it;
/// - a region under a route that is not the current one (the page under a modal sheet) has no
///   `onTapOutside` ("onTapOutside = (route?.isCurrent ?? true) ? onTapOutside : null"), and, by
///   the same guard (inferred), no `onTapUpOutside`;
/// - at the pointer's lift, the regions it went down outside hear `onTapUpOutside`, those it went
///   down inside `onTapUpInside`: Flutter reuses the down's hit test for the pointer's later
///   events (`GestureBinding`: "events that occur with the pointer down … should be dispatched to
///   the same place that their initial PointerDownEvent was"), so where the finger lifts does not
///   matter, and a pointer cancelled (a scroll that took it over is not a cancel) hears nothing.
///
/// Beside the regions, the surface plays the file's pointer-down listeners (`pointer-down`
/// gestures: Flutter's `Listener(onPointerDown:)`, React Native's `onTouchStart`): each whose
/// element is in the pointer's hit path runs its action on the down, before any region, as a
/// `Listener` deeper in the tree handles the event before the surface at the app's root.
///
/// A region's hit-test behaviour: `defer-to-child` (the default) is in the hit path only where
/// the pointer hits something in the element, or the element itself when it is not a layout
/// container (a `Column` or `Row` is not hit in its empty space); `opaque` and `translucent`
/// anywhere in the element's bounds. That `opaque` also hides the widgets behind it from the hit test is not
/// modelled: what the pointer hits is the Kit's hit test.
@MainActor
final class TapRegionSurface {
    /// One region: the built view and what the file says of it.
    struct Region {
        /// The view built for the element, whose frame decides what counts as inside the region.
        let view: View
        /// The element's tap-region wiring as the screen file gives it.
        let wiring: TapRegionWiring
        /// A name for decisions: the element's id, else its kind and the line of the wiring.
        let name: String
        /// Whether the element is a layout container (a `view`), which Flutter does not hit in its
        /// own empty space (a `Column`, a `Row`, a `Padding`), so that a deferring region is not
        /// hit there; a scrollable is (its gesture detector is opaque).
        let isContainer: Bool
    }

    /// A pointer-down listener: the built view, its action, and how it is hit.
    struct Listener {
        /// The view built for the element, which the pointer-down is hit-tested against.
        let view: View
        /// What it does on a pointer down in it.
        let action: String
        /// The hit-test behaviour: `defer-to-child` (Flutter's default for a `Listener`), `opaque`
        /// or `translucent`.
        let behavior: String
        /// A name for decisions.
        let name: String
        /// Whether the element's own empty area is not hit (a Flutter layout container); a React
        /// Native `View` is hit in its bounds.
        let isContainer: Bool
        /// Whether it is React Native's `onTouchStart`, whose views are hit in their bounds.
        let isReactNative: Bool
    }

    /// The regions, in the file's order.
    private(set) var regions: [Region] = []
    /// Whether a view was built from a layout container (`view`), which Flutter does not hit in
    /// its own empty space: set by the screen that owns the surface.
    var isLayoutContainer: (View) -> Bool = { _ in false }
    /// The pointer-down listeners, in the file's order.
    private(set) var listeners: [Listener] = []
    /// For each finger down, the regions it went down inside and outside (by view), for the
    /// lift's callbacks.
    private var downs: [ObjectIdentifier: (inside: [Region], outside: [Region])] = [:]

    /// Adds the region around `view`.
    func add(_ wiring: TapRegionWiring, on view: View, kind: String) {
        let line = wiring.position.map { " at line \($0.line)" } ?? ""
        regions.append(
            Region(
                view: view, wiring: wiring, name: view.identifier ?? "a \(kind)\(line)",
                isContainer: kind == "view"))
    }

    /// Adds a pointer-down listener on `view`.
    ///
    /// `platform` says how its element is hit: on a Flutter file a layout container is not hit in its
    /// own empty area.
    func addListener(_ wiring: GestureWiring, on view: View, kind: String, platform: ScreenPlatform?) {
        let line = wiring.position.map { " at line \($0.line)" } ?? ""
        let name = platform == .reactNative ? "onTouchStart" : "Listener.onPointerDown"
        listeners.append(
            Listener(
                view: view, action: wiring.action, behavior: wiring.behavior ?? "defer-to-child",
                name: "\(name) on \(view.identifier ?? "a \(kind)\(line)")",
                isContainer: platform != .reactNative && kind == "view", isReactNative: platform == .reactNative))
    }

    /// Plays every pointer down and lift of `event` against the listeners and regions, for
    /// `screen`, before the event is delivered.
    func handle(_ event: Event, in window: AppWindow, screen: FormViewController) {
        guard !regions.isEmpty || !listeners.isEmpty else { return }
        for touch in event.touches(for: window) {
            switch touch.phase {
            case .began:
                hearListeners(touch, in: window, screen: screen)
                if !regions.isEmpty { handle(touch, in: window, screen: screen) }
            case .ended:
                if let down = downs.removeValue(forKey: ObjectIdentifier(touch)) { lift(touch, down, screen: screen) }
            case .cancelled:
                downs[ObjectIdentifier(touch)] = nil
            default:
                break
            }
        }
    }

    private func hearListeners(_ touch: Touch, in window: AppWindow, screen: FormViewController) {
        let target = touch.view?.traceName ?? "the screen"
        for listener in listeners where listener.view.window === window && listener.view.isVisibleInHierarchy {
            guard
                hits(
                    listener.view, touch, behavior: listener.behavior, isContainer: listener.isContainer,
                    flutter: !listener.isReactNative)
            else { continue }
            let region = Region(view: listener.view, wiring: TapRegionWiring(), name: listener.name, isContainer: false)
            // A listener's unfocus is the primary focus's (`FocusManager.instance.primaryFocus
            // ?.unfocus()`, `Keyboard.dismiss()`): it wraps no field of its own.
            perform(
                listener.action == "resign" ? "end-editing" : listener.action, of: region, callback: listener.name,
                what: "pointer down on \(target)", screen: screen,
                touch: touch)
        }
    }

    private func lift(_ touch: Touch, _ down: (inside: [Region], outside: [Region]), screen: FormViewController) {
        let target = touch.view?.traceName ?? "the screen"
        for region in down.outside where region.wiring.onTapUpOutside != "none" {
            let what = "pointer up from \(target), outside the tap region \(region.name)\(groupText(region))"
            if screen.sheetIsPresented && !screen.isInSheet(region.view) {
                if ScreenWiring.dismisses(region.wiring.onTapUpOutside) {
                    screen.report(
                        .keep, "\(what): the page is under the sheet's route, so it has no onTapUpOutside", touches: [touch])
                }
                continue
            }
            perform(
                region.wiring.onTapUpOutside, of: region, callback: "onTapUpOutside", what: what, screen: screen,
                touch: touch)
        }
        for region in down.inside where region.wiring.onTapUpInside != "none" {
            let what = "pointer up from \(target), inside the tap region \(region.name)\(groupText(region))"
            perform(
                region.wiring.onTapUpInside, of: region, callback: "onTapUpInside", what: what, screen: screen, touch: touch)
        }
    }

    private func handle(_ touch: Touch, in window: AppWindow, screen: FormViewController) {
        // Regions on screen only: a hidden element's region is not in the tree.
        let live = regions.filter { $0.view.window === window && $0.view.isVisibleInHierarchy }
        let hit = live.filter { contains($0, touch) }
        let groups = Set(hit.compactMap(\.wiring.groupId))
        let inside = live.filter { region in
            hit.contains { $0.view === region.view } || region.wiring.groupId.map(groups.contains) == true
        }
        let outside = live.filter { region in !inside.contains { $0.view === region.view } }
        downs[ObjectIdentifier(touch)] = (inside, outside)
        let consumes = outside.contains { $0.wiring.consumeOutsideTaps }
        let target = touch.view?.traceName ?? "the screen"
        for region in outside {
            let underModal = screen.sheetIsPresented && !screen.isInSheet(region.view)
            let what = "pointer down on \(target), outside the tap region \(region.name)\(groupText(region))"
            if underModal {
                if ScreenWiring.dismisses(region.wiring.onTapOutside) {
                    screen.report(
                        .keep, "\(what): the page is under the sheet's route, so it has no onTapOutside", touches: [touch])
                }
                continue
            }
            perform(region.wiring.onTapOutside, of: region, callback: "onTapOutside", what: what, screen: screen, touch: touch)
        }
        for region in inside {
            let what = "pointer down on \(target), inside the tap region \(region.name)\(groupText(region))"
            perform(region.wiring.onTapInside, of: region, callback: "onTapInside", what: what, screen: screen, touch: touch)
        }
        if consumes {
            let by = outside.first { $0.wiring.consumeOutsideTaps }?.name ?? "a region"
            screen.report(
                .none, "consumeOutsideTaps on \(by): the pointer down on \(target) goes to no other widget", touches: [touch])
            window.redirect(touch, to: nil)
        }
    }

    /// Whether the pointer of `touch` is inside `region` by its hit-test behaviour: with
    /// `defer-to-child`, where the pointer hits something in the element, or the element itself
    /// when it is not a layout container; otherwise anywhere in its bounds.
    private func contains(_ region: Region, _ touch: Touch) -> Bool {
        hits(region.view, touch, behavior: region.wiring.behavior, isContainer: region.isContainer)
    }

    /// Whether the pointer of `touch` is in the hit path of a widget around `view` with
    /// `behavior`.
    private func hits(_ view: View, _ touch: Touch, behavior: String, isContainer: Bool, flutter: Bool = true) -> Bool {
        // On Flutter, a layout container inside (an empty `SizedBox`, a `Column`'s gap) is not
        // hit in its own empty space either: the pointer meets nothing there.
        if let hit = touch.view, hit !== view, hit.isDescendant(of: view),
            !(flutter && behavior == "defer-to-child" && isLayoutContainer(hit))
        {
            return true
        }
        guard behavior == "defer-to-child" else { return view.frameInScreen.contains(touch.locationInScreen) }
        return touch.view === view && !isContainer
    }

    private func groupText(_ region: Region) -> String {
        region.wiring.groupId.map { " (group \($0))" } ?? ""
    }

    /// Runs a callback's action: `end-editing` unfocuses the primary focus
    /// (`FocusScope.of(context).unfocus()`), `resign` the field the region wraps, when it is the one
    /// focused (`focusNode.unfocus()`); a Flutter field cannot refuse either.
    ///
    /// An app action is counted, `none` does nothing.
    private func perform(
        _ action: String, of region: Region, callback: String, what: String, screen: FormViewController, touch: Touch
    ) {
        // The primary focus, in the page or in its sheet.
        let focused = (touch.window?.firstResponder as? View).flatMap { $0 is any TextInput ? $0 : nil }
        switch action {
        case "end-editing":
            // FocusScope.of(context).unfocus(): whatever has the primary focus.
            guard let focused else {
                return screen.report(.none, "\(what): \(callback) unfocuses, with nothing focused", touches: [touch])
            }
            screen.report(.resign, "\(what): \(callback) unfocuses \(focused.traceName ?? "the field")", touches: [touch])
            _ = focused.window?.transferFirstResponder(to: nil, force: true)
        case "resign":
            // The wrapped field's focusNode.unfocus(): only when that field is the one focused.
            guard let focused, focused === region.view || focused.isDescendant(of: region.view) else {
                return screen.report(
                    .none, "\(what): \(callback) unfocuses the field it wraps, which is not the one focused", touches: [touch])
            }
            screen.report(.resign, "\(what): \(callback) unfocuses \(focused.traceName ?? "the field")", touches: [touch])
            _ = focused.window?.transferFirstResponder(to: nil, force: true)
        case let app where app.hasPrefix("app:"):
            screen.report(.none, "\(what): \(callback) runs the app's \(app.dropFirst(4))", touches: [touch])
            screen.form.appActionObservers.notify((region.name, app))
        case let focus where focusTarget(of: focus) != nil:
            ScreenWiring.focus(focusTarget(of: focus) ?? "", in: screen, from: what, what: callback, touches: [touch])
        default:
            break
        }
    }
}
