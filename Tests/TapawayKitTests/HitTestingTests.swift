import TapawayHeadless
import TapawayKit
import TapawayTestSupport
import Testing

@MainActor
@Suite("Views: geometry and hit testing")
struct HitTestingTests {
    func makeTree() -> (HeadlessPlatform, Window, View, View, View) {
        let platform = HeadlessPlatform(screenSize: Size(width: 300, height: 300))
        let back = View(frame: Rect(x: 10, y: 10, width: 200, height: 200))
        let front = View(frame: Rect(x: 50, y: 50, width: 100, height: 100))
        let child = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        back.addSubview(front)
        front.addSubview(child)
        return (platform, platform.makeWindow(back), back, front, child)
    }

    @Test("the deepest view under the point wins, front to back")
    func deepestWins() {
        let (_, window, back, front, child) = makeTree()
        #expect(window.hitTest(Point(x: 75, y: 75)) === child)
        #expect(window.hitTest(Point(x: 100, y: 100)) === front)
        #expect(window.hitTest(Point(x: 20, y: 20)) === back)
        #expect(window.hitTest(Point(x: 250, y: 250)) === window)
        #expect(window.hitTest(Point(x: 400, y: 20)) == nil)
    }

    @Test("hidden, transparent and non-interactive views are passed over with their subviews")
    func skipsHiddenAndDisabled() {
        let (_, window, back, front, child) = makeTree()
        front.isUserInteractionEnabled = false
        #expect(window.hitTest(Point(x: 75, y: 75)) === back)
        front.isUserInteractionEnabled = true
        front.isHidden = true
        #expect(window.hitTest(Point(x: 75, y: 75)) === back)
        front.isHidden = false
        child.alpha = 0
        #expect(window.hitTest(Point(x: 75, y: 75)) === front)
    }

    @Test("coordinates convert through scrolled ancestors")
    func conversions() {
        let (_, window, back, front, child) = makeTree()
        #expect(child.convertToWindow(Point.zero) == Point(x: 70, y: 70))
        back.boundsOrigin = Point(x: 0, y: 30)
        #expect(child.convertToWindow(Point.zero) == Point(x: 70, y: 40))
        #expect(window.hitTest(Point(x: 75, y: 45)) === child)
        #expect(front.convert(Point(x: 1, y: 1), to: child) == Point(x: -9, y: -9))
    }

    @Test("setNeedsDisplay marks the window's dirty rect in window coordinates")
    func dirtyRects() {
        let (_, window, _, _, child) = makeTree()
        _ = window.takeDirtyRect()
        child.setNeedsDisplay()
        #expect(window.takeDirtyRect() == Rect(x: 70, y: 70, width: 20, height: 20))
        #expect(window.takeDirtyRect() == nil)
    }

    @Test("Rect arithmetic")
    func rects() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10), b = Rect(x: 5, y: 5, width: 10, height: 10)
        #expect(a.intersection(b) == Rect(x: 5, y: 5, width: 5, height: 5))
        #expect(a.union(b) == Rect(x: 0, y: 0, width: 15, height: 15))
        #expect(!a.intersects(Rect(x: 10, y: 0, width: 5, height: 5)))
        #expect(a.contains(Point(x: 0, y: 9.9)) && !a.contains(Point(x: 10, y: 5)))
        #expect(Rect(x: 0.4, y: 0.6, width: 1, height: 1).integral == Rect(x: 0, y: 0, width: 2, height: 2))
    }
}
