import TapawayKit

/// Finds points where a tap lands on a container itself, not on anything in front of it: the
/// "background" of a screen and of each container in it, which the matrix and the audit tap
/// as the places outside every field.
@MainActor
package enum BackgroundSampler {
    /// The grid's step, in points.
    static let step = 8.0

    /// Points on the background of `form` (screen coordinates) where a tap hits the background
    /// itself, the roomiest first; at most one for each band of `step` rows.
    package static func points(in form: ScreenForm) -> [Point] {
        samples(of: form.background, in: form).map(\.point)
    }

    /// For each container of the form (the background, and each plain view, control or scroll
    /// view built from the file) the roomiest point where a tap hits it and nothing in front of
    /// it, in screen coordinates.
    package static func containerPoints(in form: ScreenForm) -> [(container: View, point: Point)] {
        var result: [(View, Point)] = []
        func walk(_ view: View) {
            let isContainer =
                view === form.background || view is ElementView || view is ElementControl || view is ElementScrollView
            if isContainer, let first = samples(of: view, in: form).first { result.append((view, first.point)) }
            for subview in view.subviews where !subview.isHidden { walk(subview) }
        }
        walk(form.background)
        return result
    }

    /// The grid points inside `container`'s visible part where the window's hit test gives the
    /// container itself: for each row of the grid, the middle of its longest run of such
    /// points, rows with the longest runs first (most room around the point), and among equals
    /// the top-most, within the upper part of the container that a keyboard leaves in view.
    private static func samples(of container: View, in form: ScreenForm) -> [(point: Point, view: View)] {
        guard let window = form.window else { return [] }
        let visible = container.frameInScreen.intersection(form.frameInScreen).intersection(window.frame)
        guard visible.width >= 1, visible.height >= 1 else { return [] }
        var rows: [(point: Point, run: Double)] = []
        var y = visible.minY + step / 2
        while y < visible.maxY {
            var best: (start: Double, length: Double)?
            var start: Double?
            var x = visible.minX + step / 2
            while x < visible.maxX + step {
                let local = Point(x: x - window.frame.minX, y: y - window.frame.minY)
                let hits = x < visible.maxX && window.hitTest(local) === container
                if hits, start == nil { start = x }
                if !hits, let began = start {
                    let length = x - began
                    if length > (best?.length ?? 0) { best = (began, length) }
                    start = nil
                }
                x += step
            }
            if let best { rows.append((Point(x: (best.start + best.length / 2 - step / 2).rounded(), y: y), best.length)) }
            y += step
        }
        // The upper 40 % first: with a keyboard up, the lower part of a screen is under it.
        let upper = visible.minY + max(step, visible.height * 0.4)
        let ranked = rows.enumerated().sorted { a, b in
            let au = a.element.point.y <= upper, bu = b.element.point.y <= upper
            if au != bu { return au }
            if a.element.run != b.element.run { return a.element.run > b.element.run }
            return a.offset < b.offset
        }
        return ranked.map { ($0.element.point, container) }
    }
}
