import TapawayKit

/// How the keyboard manager orders the text inputs for Prev, Next and Return.
public enum FieldOrder {
    /// By position on screen: top to bottom, then left to right (IQKeyboardManager's `byPosition`).
    case byPosition
    /// By the order of the views in the hierarchy, depth first (`bySubviews`).
    case byViewOrder
    /// Exactly these inputs, in this order.
    case explicit([View])
}

/// Finds the text inputs a focused input can move between.
@MainActor
enum FieldNavigator {
    /// The inputs that can take focus inside `root`, in `order`; hidden, disabled and detached
    /// inputs are skipped.
    static func inputs(in root: View, order: FieldOrder) -> [View] {
        let candidates: [View]
        switch order {
        case .explicit(let views):
            candidates = views
        case .byViewOrder, .byPosition:
            candidates = root.allViews().filter { $0 is any TextInput }
        }
        let usable = candidates.filter { $0.isDescendant(of: root) && $0.isVisibleInHierarchy && $0.canBecomeFirstResponder }
        guard case .byPosition = order else { return usable }
        return usable.enumerated().sorted { a, b in
            let fa = a.element.frameInScreen, fb = b.element.frameInScreen
            if abs(fa.minY - fb.minY) > 1 { return fa.minY < fb.minY }
            if abs(fa.minX - fb.minX) > 1 { return fa.minX < fb.minX }
            return a.offset < b.offset
        }.map(\.element)
    }
}
