import TapawayKit
import TapawayScreen

/// Lays out the children of a container built from a screen file: those with a frame where the
/// frame says, the others one after another as the container's stack says (docs/screens.md).
@MainActor
enum StackLayoutEngine {
    /// The height a stacked `view` takes at `width`: its placement's height, or, for text that
    /// follows its lines, the lines it wraps to at that width (at least the least height).
    static func height(of view: View, placement: StackPlacement, width: Double) -> Double {
        if let height = placement.height { return height }
        let text: (String, Double, FontWeight)?
        if let label = view as? Label {
            text = (label.text, label.fontSize, label.fontWeight)
        } else if let pressable = view as? PressableText {
            text = (pressable.text, pressable.fontSize, .regular)
        } else {
            text = nil
        }
        guard let (string, size, weight) = text, let font = view.application?.fonts.font(size: size, weight: weight)
        else { return placement.minHeight }
        let lines = max(1, TextLayout.wrap(string, width: width, font: font).count)
        return max(placement.minHeight, Double(lines) * (font.lineHeight * 1.2).rounded())
    }

    /// Places `children` (each with the element it was built from) in `bounds` of their
    /// container; returns the extent the stacked children need along the stack's axis, padding
    /// included (the content height of a vertical stack).
    @discardableResult
    static func layOut(
        _ children: [(view: View, element: ScreenElement)], in bounds: Rect, stack: StackLayout?, safeArea: EdgeInsets
    ) -> Double {
        let stack = stack ?? StackLayout()
        let sides = stack.followsSafeArea ? safeArea : EdgeInsets()
        let left = bounds.minX + stack.padding.left + sides.left
        let width = max(0, bounds.width - stack.padding.left - stack.padding.right - sides.left - sides.right)
        let top = bounds.minY + stack.padding.top
        let innerHeight = max(0, bounds.height - stack.padding.top - stack.padding.bottom)
        var stacked: [(view: View, element: ScreenElement)] = []
        for child in children {
            if let f = child.element.frame {
                child.view.frame = Rect(x: f.x, y: f.y, width: f.width, height: f.height)
            } else if !child.element.hidden {
                stacked.append(child)
            }
        }
        switch stack.axis {
        case .vertical:
            var y = top
            for (view, element) in stacked {
                let p = element.placement
                let w = max(0, (p.width ?? width) - p.inset)
                let h = height(of: view, placement: p, width: w)
                view.frame = Rect(x: left + p.inset, y: y, width: w, height: h)
                y += h + p.gap
            }
            return y - bounds.minY + stack.padding.bottom
        case .horizontal:
            let fixed = stacked.reduce(0.0) { $0 + ($1.element.placement.width ?? 0) + $1.element.placement.gap }
            let flexible = stacked.filter { $0.element.placement.width == nil }.count
            let share = flexible == 0 ? 0 : max(0, (width - fixed) / Double(flexible))
            var x = left
            for (view, element) in stacked {
                let p = element.placement
                let w = p.width ?? share
                let h = p.height.map { min($0, innerHeight) } ?? innerHeight
                view.frame = Rect(
                    x: x + p.inset, y: top + ((innerHeight - h) / 2).rounded(), width: max(0, w - p.inset), height: h)
                x += w + p.gap
            }
            return x - bounds.minX + stack.padding.right
        }
    }
}
