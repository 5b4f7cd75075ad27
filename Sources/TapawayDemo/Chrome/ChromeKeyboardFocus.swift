import TapawayKit

/// The host chrome from the keyboard alone, as GTK's widgets are: Ctrl+Tab (Ctrl+Shift+Tab from the
/// end) takes the keyboard's focus from the simulated app into the sidebar and the inspector, where Tab
/// and Shift+Tab, and the arrow keys, move it from item to item, Space and Return activate the item as
/// a click does, and Escape (or any click) gives the keys back to the app.
///
/// The focused item shows a ring. Ctrl+Tab because plain Tab belongs to the simulated app (it moves
/// between its fields, as a hardware keyboard's Tab does on iOS), as GTK takes Ctrl+Tab out of a widget
/// that keeps Tab for itself.
@MainActor
package final class ChromeKeyboardFocus {
    /// The item with the keyboard's focus; nil while the keys go to the app.
    package private(set) weak var focused: ChromeItem?
    /// Told whenever the focus moves, into the chrome, between its items or out (nil).
    package var onChange: ((ChromeItem?) -> Void)?
    /// The chrome windows, in the order Tab visits them.
    private let windows: [Window]
    private weak var application: Application?
    /// Its registration for touches, cancelled when it goes.
    private let touches = ObserverBag()

    /// Keyboard focus over the items of `windows` (the sidebar, then the inspector).
    package init(application: Application, windows: [Window]) {
        self.application = application
        self.windows = windows
        // A click anywhere takes the keyboard's focus back to where the pointer works.
        touches.add(
            application.touchObservers.add { [weak self] touch in
                if touch.phase == .began { self?.leave() }
            })
    }

    /// The items a Tab can reach now, in order: each window's shown, enabled items, top to
    /// bottom and left to right.
    package var items: [ChromeItem] {
        windows.filter { !$0.isHidden }.flatMap { window in
            window.allViews().compactMap { $0 as? ChromeItem }
                .filter { $0.isVisibleInHierarchy && $0.isEnabled && !$0.frameInScreen.isEmpty }
                .sorted { a, b in
                    let fa = a.frameInScreen, fb = b.frameInScreen
                    return fa.minY != fb.minY ? fa.minY < fb.minY : fa.minX < fb.minX
                }
        }
    }

    /// Handles a key while the chrome has the focus, or Ctrl+Tab to take it; returns whether
    /// the key was used (the others go on: the function keys to the app's shortcuts).
    package func handle(_ key: KeyInput) -> Bool {
        guard focused != nil else {
            guard key.key == .tab, key.modifiers.contains(.control) else { return false }
            move(to: key.modifiers.contains(.shift) ? items.last : items.first)
            return true
        }
        switch key.key {
        case .tab: step(key.modifiers.contains(.shift) ? -1 : 1)
        case .down, .right: step(1)
        case .up, .left: step(-1)
        case .home: move(to: items.first)
        case .end: move(to: items.last)
        case .returnKey, .text(" "): activate()
        case .escape: leave()
        default: return false
        }
        return true
    }

    /// Gives the keys back to the app: no item has the focus.
    package func leave() {
        guard focused != nil else { return }
        move(to: nil)
    }

    private func step(_ delta: Int) {
        let all = items
        guard !all.isEmpty else { return leave() }
        guard let current = focused, let index = all.firstIndex(where: { $0 === current }) else {
            return move(to: all.first)
        }
        move(to: all[(index + delta + all.count) % all.count])
    }

    /// Activates the focused item as a click on it does.
    private func activate() {
        guard let item = focused else { return }
        item.sendActions(for: .touchUpInside)
        // What the click did may have hidden the item (a scenario's options): keep a ring.
        if !items.contains(where: { $0 === item }) { move(to: items.first) }
    }

    private func move(to item: ChromeItem?) {
        guard item !== focused else { return }
        focused?.hasKeyboardFocus = false
        focused = item
        item?.hasKeyboardFocus = true
        // The window holding the focus takes the keys; the others give them back.
        for window in windows { window.takesKeysWhileShown = window === item?.window }
        if let item { scrollToShow(item) }
        application?.setNeedsFrame()
        onChange?(item)
    }

    /// Scrolls the scroll view holding `item` (the sidebar's) so that all of it shows.
    private func scrollToShow(_ item: ChromeItem) {
        var view = item.superview
        while let current = view, !(current is ScrollView) { view = current.superview }
        guard let scroll = view as? ScrollView else { return }
        let frame = item.convert(item.bounds, to: scroll)
        let visible = scroll.bounds
        var offset = scroll.contentOffset
        if frame.minY < visible.minY {
            offset.y -= visible.minY - frame.minY
        } else if frame.maxY > visible.maxY {
            offset.y += frame.maxY - visible.maxY
        }
        scroll.contentOffset = scroll.clamped(offset)
    }
}
