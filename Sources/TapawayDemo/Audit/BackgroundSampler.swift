import TapawayKit

/// Finds points where a tap lands on a container itself, not on anything in front of it: the
/// "background" of a screen and of each container in it, which the matrix and the audit tap
/// as the places outside every field.
@MainActor
package enum BackgroundSampler {
    /// The grid's step, in points.
    static let step = 8.0

    /// For each container under `root` (itself included: a plain view, control or scroll view
    /// built from the file) the roomiest point inside `area` (screen coordinates) where a tap
    /// hits it and nothing in front of it: a sheet's containers, within its card.
    package static func containerPoints(under root: View, within area: Rect) -> [(container: View, point: Point)] {
        guard let window = root.window else { return [] }
        var result: [(View, Point)] = []
        func walk(_ view: View) {
            let isContainer = view === root || view is ElementView || view is ElementControl || view is ElementScrollView
            if isContainer {
                let visible = view.frameInScreen.intersection(area).intersection(window.frame)
                if let point = best(in: view, visible: visible, window: window) { result.append((view, point)) }
            }
            for subview in view.subviews where !subview.isHidden { walk(subview) }
        }
        walk(root)
        return result
    }

    /// The roomiest point on the background of `form` (screen coordinates) where a tap hits
    /// the background itself, or nil when none does.
    package static func point(in form: ScreenForm) -> Point? {
        best(in: form.background, of: form)
    }

    /// For each container of the form (the background, and each plain view, control or scroll
    /// view built from the file) the roomiest point where a tap hits it and nothing in front of
    /// it, in screen coordinates.
    package static func containerPoints(in form: ScreenForm) -> [(container: View, point: Point)] {
        var result: [(View, Point)] = []
        func walk(_ view: View) {
            let isContainer =
                view === form.background || view is ElementView || view is ElementControl || view is ElementScrollView
            if isContainer, let point = best(in: view, of: form) { result.append((view, point)) }
            for subview in view.subviews where !subview.isHidden { walk(subview) }
        }
        walk(form.background)
        return result
    }

    /// The grid point inside `container`'s visible part where the window's hit test gives the
    /// container itself with the most room around it: for each row of the grid, the middle of
    /// its longest run of such points; the row with the longest run wins, and among equals the
    /// top-most; rows in the upper part of the container, which a keyboard leaves in view, come
    /// before all others, so the lower part is only sampled when the upper part has no point.
    private static func best(in container: View, of form: ScreenForm) -> Point? {
        guard let window = form.window else { return nil }
        let visible = container.frameInScreen.intersection(form.frameInScreen).intersection(window.frame)
        return best(in: container, visible: visible, window: window)
    }

    /// The roomiest point of `visible` (screen coordinates) where `window`'s hit test gives
    /// `container`, as `best(in:of:)` describes.
    private static func best(in container: View, visible: Rect, window: Window) -> Point? {
        guard visible.width >= 1, visible.height >= 1 else { return nil }
        // The upper 40 % first: with a keyboard up, the lower part of a screen is under it.
        let upper = visible.minY + max(step, visible.height * 0.4)
        var y = visible.minY + step / 2
        var best: (point: Point, run: Double)?
        var scanningUpper = true
        while y < visible.maxY {
            if scanningUpper, y > upper {
                // The upper part had a point: it wins over any below.
                if best != nil { return best?.point }
                scanningUpper = false
            }
            if let row = longestRun(atY: y, in: visible, hitting: container, window: window), row.run > (best?.run ?? 0) {
                best = row
            }
            y += step
        }
        return best?.point
    }

    /// The middle of the longest run of grid points along row `y` of `visible` where the
    /// window's hit test gives `container`, with the run's length.
    private static func longestRun(
        atY y: Double, in visible: Rect, hitting container: View, window: Window
    ) -> (
        point: Point, run: Double
    )? {
        var best: (start: Double, length: Double)?
        var start: Double?
        var x = visible.minX + step / 2
        // Where a view in front of the container, inside it, is known to cover the row.
        var coveredUntil = -Double.infinity
        while x < visible.maxX + step {
            var hits = false
            if x < visible.maxX && x >= coveredUntil {
                let hit = window.hitTest(Point(x: x - window.frame.minX, y: y - window.frame.minY))
                hits = hit === container
                if let hit, !hits, let cover = coverage(of: hit, inside: container) { coveredUntil = cover.maxX }
            }
            if hits, start == nil { start = x }
            if !hits, let began = start {
                let length = x - began
                if length > (best?.length ?? 0) { best = (began, length) }
                start = nil
            }
            x += step
        }
        guard let best else { return nil }
        return (Point(x: (best.start + best.length / 2 - step / 2).rounded(), y: y), best.length)
    }

    /// Where `view`, found by a hit test inside `container`, keeps any later hit test from giving
    /// `container` (screen coordinates): its part inside every ancestor up to the window.
    ///
    /// Any point there hits `view`, a view of its own or something in front of it, none of them
    /// `container`, since `view` is in front of it; nil when that does not hold (`view` is not inside
    /// `container`, or passes touches on its own background through).
    private static func coverage(of view: View, inside container: View) -> Rect? {
        guard view.isDescendant(of: container) else { return nil }
        if let element = view as? ElementView, element.passesTouchesThrough { return nil }
        var rect = view.frameInScreen
        var ancestor = view.superview
        while let current = ancestor {
            rect = rect.intersection(current.frameInScreen)
            ancestor = current.superview
        }
        return rect.width > 0 && rect.height > 0 ? rect : nil
    }
}
