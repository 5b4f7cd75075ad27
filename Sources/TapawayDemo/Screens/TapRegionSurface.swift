import TapawayKit
import TapawayScreen

/// The tap regions a screen file declares (`tapRegion`), played as Flutter's
/// `RenderTapRegionSurface` plays them (`packages/flutter/lib/src/widgets/tap_region.dart`):
///
/// - only a pointer down counts ("if (event is! PointerDownEvent) return");
/// - the regions in the pointer's hit path are inside, and with them every region of their group
///   ("Adding all grouped regions, so they act as a single region"); every other region is
///   outside ("If they're not inside, then they're outside");
/// - each outside region hears `onTapOutside`, each inside one `onTapInside`;
/// - if any outside region has `consumeOutsideTaps`, the pointer is taken out of the gesture
///   arena, so no other widget acts on it;
/// - a region under a route that is not the current one (the page under a modal sheet) has no
///   `onTapOutside` ("onTapOutside = (route?.isCurrent ?? true) ? onTapOutside : null").
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
        /// The element's view.
        let view: View
        /// The file's wiring.
        let wiring: TapRegionWiring
        /// A name for decisions: the element's id, else its kind and the line of the wiring.
        let name: String
        /// Whether the element is a layout container (a `view`), which Flutter does not hit in its
        /// own empty space (a `Column`, a `Row`, a `Padding`), so that a deferring region is not
        /// hit there; a scrollable is (its gesture detector is opaque).
        let isContainer: Bool
    }

    /// The regions, in the file's order.
    private(set) var regions: [Region] = []

    /// Adds the region around `view`.
    func add(_ wiring: TapRegionWiring, on view: View, kind: String) {
        let line = wiring.position.map { " at line \($0.line)" } ?? ""
        regions.append(
            Region(
                view: view, wiring: wiring, name: view.identifier ?? "a \(kind)\(line)",
                isContainer: kind == "view"))
    }

    /// Plays every pointer down of `event` against the regions, for `screen`, before the event
    /// is delivered.
    func handle(_ event: Event, in window: AppWindow, screen: FormViewController) {
        guard !regions.isEmpty else { return }
        for touch in event.touches(for: window) where touch.phase == .began {
            handle(touch, in: window, screen: screen)
        }
    }

    private func handle(_ touch: Touch, in window: AppWindow, screen: FormViewController) {
        // Regions on screen only: a hidden element's region is not in the tree.
        let live = regions.filter { $0.view.window === window && !Self.isHidden($0.view) }
        let hit = live.filter { contains($0, touch) }
        let groups = Set(hit.compactMap(\.wiring.groupId))
        let inside = live.filter { region in
            hit.contains { $0.view === region.view } || region.wiring.groupId.map(groups.contains) == true
        }
        let outside = live.filter { region in !inside.contains { $0.view === region.view } }
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
        if let view = touch.view, view !== region.view, view.isDescendant(of: region.view) { return true }
        guard region.wiring.behavior == "defer-to-child" else {
            return region.view.frameInScreen.contains(touch.locationInScreen)
        }
        return touch.view === region.view && !region.isContainer
    }

    /// Whether `view` or one of its ancestors is hidden.
    private static func isHidden(_ view: View) -> Bool {
        var current: View? = view
        while let v = current {
            if v.isHidden { return true }
            current = v.superview
        }
        return false
    }

    private func groupText(_ region: Region) -> String {
        region.wiring.groupId.map { " (group \($0))" } ?? ""
    }

    /// Runs a callback's action: `end-editing` unfocuses the primary focus
    /// (`FocusScope.of(context).unfocus()`), `resign` the field the region wraps, when it is the
    /// one focused (`focusNode.unfocus()`); a Flutter field cannot refuse either. An app action is
    /// counted, `none` does nothing.
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
        default:
            break
        }
    }
}
