/// Keyboard focus navigation: Tab and Shift+Tab move between the text inputs of a window in
/// reading order, Escape ends editing (and so dismisses the keypad).
@MainActor
public enum FocusNavigation {
    /// Handles Tab, Shift+Tab and Escape for `window`; returns whether the key was used.
    public static func handle(_ key: KeyInput, in window: Window) -> Bool {
        switch key.key {
        case .tab:
            guard key.modifiers.isDisjoint(with: [.control, .alt]) else { return false }
            return moveFocus(in: window, backward: key.modifiers.contains(.shift))
        case .escape:
            guard let responder = window.firstResponder else { return false }
            return responder.resignFirstResponder()
        default:
            return false
        }
    }

    /// Moves focus to the next text input in reading order (the previous one when `backward`), wrapping
    /// around; with nothing focused, to the first (or last).
    ///
    /// Returns whether focus moved.
    @discardableResult
    public static func moveFocus(in window: Window, backward: Bool) -> Bool {
        let order = readingOrder(in: window)
        guard !order.isEmpty else { return false }
        let current = order.firstIndex { $0 === window.firstResponder }
        let next: Int
        if let current {
            next = (current + (backward ? order.count - 1 : 1)) % order.count
        } else {
            next = backward ? order.count - 1 : 0
        }
        guard order[next] !== window.firstResponder else { return false }
        return order[next].becomeFirstResponder()
    }

    /// The text inputs of `window` that can take focus now (shown, enabled, editable), in reading
    /// order: rows top to bottom, each row left to right.
    ///
    /// Inputs whose vertical centre falls within the first input of a row share that row.
    public static func readingOrder(in window: Window) -> [View] {
        let inputs = window.allViews().filter { view in
            view is any TextInput && view.canBecomeFirstResponder && view.isVisibleInHierarchy
                && !view.frame.isEmpty && (view as? Control)?.isEnabled != false
        }
        let placed = inputs.map { ($0, $0.frameInScreen) }.sorted { a, b in
            a.1.minY != b.1.minY ? a.1.minY < b.1.minY : a.1.minX < b.1.minX
        }
        var rows: [[(View, Rect)]] = []
        for item in placed {
            if let band = rows.last?.first?.1, item.1.midY >= band.minY, item.1.midY < band.maxY {
                rows[rows.count - 1].append(item)
            } else {
                rows.append([item])
            }
        }
        return rows.flatMap { row in row.sorted { $0.1.minX < $1.1.minX }.map(\.0) }
    }
}
