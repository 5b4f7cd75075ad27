import TapawayKit
import TapawayScreen

/// What a container built from a screen file keeps to lay its children out: each child with the
/// element it was built from, and the container's stack.
@MainActor
struct ElementChildren {
    /// The children, back to front, each with its element.
    var children: [(view: View, element: ScreenElement)] = []
    /// How frameless children are stacked.
    var stack: StackLayout?

    /// Lays the children out in `bounds`; returns the extent the stack needs.
    @discardableResult
    func layOut(in bounds: Rect, safeArea: EdgeInsets) -> Double {
        StackLayoutEngine.layOut(children, in: bounds, stack: stack, safeArea: safeArea)
    }
}

/// A `view` element: a plain container, or, with `passThrough`, one that takes no touches itself
/// while its children do (a stack that only lays out).
@MainActor
final class ElementView: View {
    /// Its children and stack.
    var elements = ElementChildren()
    /// Whether a touch on the view itself goes to what is behind it.
    var passesTouchesThrough = false
    /// Whether it handles the touches on it itself (Android's `clickable`): they go no further
    /// up the responder chain, so a screen's `touchesBegan` override never hears them.
    var handlesTouches = false

    /// A touch down on it: kept when it handles its touches, else passed up the chain.
    override func touchesBegan(_ touches: [Touch], with event: Event) {
        if !handlesTouches { super.touchesBegan(touches, with: event) }
    }
    /// A move: kept when it handles its touches, else passed up the chain.
    override func touchesMoved(_ touches: [Touch], with event: Event) {
        if !handlesTouches { super.touchesMoved(touches, with: event) }
    }
    /// A lift: kept when it handles its touches, else passed up the chain.
    override func touchesEnded(_ touches: [Touch], with event: Event) {
        if !handlesTouches { super.touchesEnded(touches, with: event) }
    }
    /// A cancel: kept when it handles its touches, else passed up the chain.
    override func touchesCancelled(_ touches: [Touch], with event: Event) {
        if !handlesTouches { super.touchesCancelled(touches, with: event) }
    }

    /// Its children's hits; its own only when it does not pass touches through.
    override func hitTest(_ point: Point) -> View? {
        let hit = super.hitTest(point)
        return passesTouchesThrough && hit === self ? nil : hit
    }

    /// Lays its children out.
    override func layoutSubviews() { elements.layOut(in: bounds, safeArea: safeAreaInsets) }
}

/// A `control` element: a container that tracks touches as a `UIControl` does and fires the
/// actions the file declares (a background control).
@MainActor
final class ElementControl: Control {
    /// Its children and stack.
    var elements = ElementChildren()

    /// Lays its children out.
    override func layoutSubviews() { elements.layOut(in: bounds, safeArea: safeAreaInsets) }
}

/// A `scroll-view` or `table` element nested in the screen: its children are in content
/// coordinates; its content size is the file's, or what its children need.
@MainActor
final class ElementScrollView: ScrollView {
    /// Its children and stack.
    var elements = ElementChildren()
    /// The content size the file gives, if it does.
    var declaredContentSize: (width: Double?, height: Double?) = (nil, nil)

    /// Lays its children out in its content and sizes the content to hold them.
    override func layoutSubviews() {
        let extent = elements.layOut(in: Rect(origin: .zero, size: bounds.size), safeArea: EdgeInsets())
        var width = bounds.width, height = extent
        for child in elements.children where child.element.frame != nil {
            width = max(width, child.view.frame.maxX)
            height = max(height, child.view.frame.maxY)
        }
        contentSize = Size(width: declaredContentSize.width ?? width, height: declaredContentSize.height ?? height)
        super.layoutSubviews()
    }
}

/// A `tab-bar` or `toolbar` element: a bar with a hairline along its top edge, its items laid out as
/// its stack says.
///
/// A tab bar pinned to the screen's bottom reaches under the home indicator and keeps its items above
/// it, as `UITabBar` does.
@MainActor
final class ElementBar: View {
    /// Its children and stack.
    var elements = ElementChildren()
    /// Whether it is a tab bar pinned to the screen's bottom, reaching under the home indicator
    /// with its items above it.
    var reachesUnderHomeIndicator = false

    /// Lays its items out, above the home indicator for a tab bar at the screen's bottom.
    override func layoutSubviews() {
        // The strip of the bottom safe area the bar reaches into (none on Android, whose app
        // window ends above the navigation bar).
        let bottom = reachesUnderHomeIndicator ? safeAreaInsets.bottom : 0
        elements.layOut(
            in: Rect(x: 0, y: 0, width: bounds.width, height: max(0, bounds.height - bottom)), safeArea: EdgeInsets())
    }

    /// Draws the one-point separator along the top edge.
    override func draw(_ rect: Rect, in canvas: Canvas) {
        canvas.fill(Rect(x: 0, y: 0, width: bounds.width, height: 1), color: Palette.separator)
    }
}
