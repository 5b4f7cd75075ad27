import TapawayKit

/// Finds points where a tap lands on a container itself, not on anything in front of it: the
/// "background" of a screen and of each container in it, which the matrix and the audit tap
/// as the places outside every field.
@MainActor
package enum BackgroundSampler {
    /// The grid's step, in points.
    static let step = 8.0

    /// Points on the background of `form` (screen coordinates), top to bottom, where a tap hits
    /// the background itself; at most one for each band of `step` rows.
    package static func points(in form: ScreenForm) -> [Point] {
        samples(of: form.background, in: form).map(\.point)
    }

    /// For each container of the form (the background, and each plain view, control or scroll
    /// view built from the file) the first point, top to bottom, where a tap hits it and
    /// nothing in front of it, in screen coordinates.
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
    /// container itself.
    private static func samples(of container: View, in form: ScreenForm) -> [(point: Point, view: View)] {
        guard let window = form.window else { return [] }
        let visible = container.frameInScreen.intersection(form.frameInScreen).intersection(window.frame)
        guard visible.width >= 1, visible.height >= 1 else { return [] }
        var found: [(Point, View)] = []
        var y = visible.minY + step / 2
        while y < visible.maxY {
            var x = visible.minX + step / 2
            while x < visible.maxX {
                let point = Point(x: x, y: y)
                let local = Point(x: x - window.frame.minX, y: y - window.frame.minY)
                if window.hitTest(local) === container {
                    found.append((point, container))
                    break
                }
                x += step
            }
            y += step
        }
        return found
    }
}
