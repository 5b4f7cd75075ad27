import TapawayHeadless
import TapawayKit
import TapawayTestSupport
import Testing

/// A view that counts its layouts and can act during one.
@MainActor
final class LayoutCountingView: View {
    var layouts = 0
    var onLayout: (() -> Void)?

    override func layoutSubviews() {
        layouts += 1
        onLayout?()
    }
}

/// The frame's layout pass descends only into subtrees holding a marked view; these are the
/// promises that make that safe: every marked view is laid out, wherever and whenever it was
/// marked, exactly once per mark.
@MainActor
@Suite("Views: the layout pass")
struct LayoutPassTests {
    /// A window on a platform, holding `outer` ⊃ `middle` ⊃ `leaf`, and `sibling` beside `outer`,
    /// laid out once so that nothing is marked.
    func makeTree() -> (HeadlessPlatform, Window, LayoutCountingView, LayoutCountingView, LayoutCountingView, LayoutCountingView)
    {
        let platform = HeadlessPlatform(screenSize: Size(width: 300, height: 300))
        let outer = LayoutCountingView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let middle = LayoutCountingView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let leaf = LayoutCountingView(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        let sibling = LayoutCountingView(frame: Rect(x: 200, y: 0, width: 50, height: 50))
        outer.addSubview(middle)
        middle.addSubview(leaf)
        let window = platform.makeWindow(outer, sibling)
        platform.application.runFrame()
        for view in [outer, middle, leaf, sibling] { view.layouts = 0 }
        return (platform, window, outer, middle, leaf, sibling)
    }

    @Test("a view marked deep in the tree is laid out in the next frame, and only it")
    func deepMark() {
        let (platform, _, outer, middle, leaf, sibling) = makeTree()
        leaf.setNeedsLayout()
        #expect(platform.application.needsFrame)
        platform.application.runFrame()
        #expect(leaf.layouts == 1)
        #expect(outer.layouts == 0 && middle.layouts == 0 && sibling.layouts == 0)
        // Nothing marked: another frame lays nothing out.
        platform.application.runFrame()
        #expect(leaf.layouts == 1)
    }

    @Test("a subview marked by its parent's layout is laid out in the same pass")
    func markedDuringParentLayout() {
        let (platform, _, outer, middle, leaf, _) = makeTree()
        outer.onLayout = { leaf.setNeedsLayout() }
        outer.setNeedsLayout()
        platform.application.runFrame()
        #expect(outer.layouts == 1)
        #expect(leaf.layouts == 1)
        #expect(middle.layouts == 0)
    }

    @Test("a view marked by a later sibling's layout is not lost: the next pass lays it out")
    func markedBehindThePass() {
        let (platform, _, outer, _, leaf, sibling) = makeTree()
        // The pass visits outer's subtree before sibling; sibling's layout marks leaf after it.
        sibling.onLayout = { leaf.setNeedsLayout() }
        sibling.setNeedsLayout()
        platform.application.runFrame()
        #expect(sibling.layouts == 1)
        #expect(leaf.layouts == 0)
        #expect(platform.application.needsFrame, "the mark asks for another frame")
        sibling.onLayout = nil
        platform.application.runFrame()
        #expect(leaf.layouts == 1)
        #expect(outer.layouts == 0)
    }

    @Test("a subtree marked while detached is laid out once it joins the window")
    func markedWhileDetached() {
        let (platform, _, outer, middle, leaf, _) = makeTree()
        middle.removeFromSuperview()
        platform.application.runFrame()
        let before = leaf.layouts
        leaf.setNeedsLayout()
        outer.addSubview(middle)
        platform.application.runFrame()
        #expect(leaf.layouts > before)
        #expect(middle.layouts >= 1, "a view that joins a window is laid out")
    }

    @Test("a size below zero is taken as zero, given at creation or later, and the origin stays")
    func noNegativeSizes() {
        let view = View(frame: Rect(x: 5, y: 6, width: -3, height: 10))
        #expect(view.frame == Rect(x: 5, y: 6, width: 0, height: 10))
        view.frame = Rect(x: 40, y: 59, width: 71, height: -12)
        #expect(view.frame == Rect(x: 40, y: 59, width: 71, height: 0))
        let window = Window(frame: Rect(x: 0, y: 0, width: -1, height: -1))
        #expect(window.frame.size == Size(width: 0, height: 0))
    }

    @Test("a view resized by its parent's layout is laid out with its new size")
    func resizedByParent() {
        let (platform, _, outer, middle, _, _) = makeTree()
        var seen: Size?
        middle.onLayout = { seen = middle.bounds.size }
        outer.onLayout = { middle.frame = Rect(x: 0, y: 0, width: 120, height: 80) }
        outer.setNeedsLayout()
        platform.application.runFrame()
        #expect(seen == Size(width: 120, height: 80))
    }

    @Test("a hidden window is not laid out; shown again, what it had marked is laid out")
    func hiddenWindow() {
        let (platform, window, outer, _, leaf, _) = makeTree()
        window.isHidden = true
        platform.application.runFrame()
        leaf.setNeedsLayout()
        outer.setNeedsLayout()
        platform.application.runFrame()
        #expect(leaf.layouts == 0 && outer.layouts == 0)
        window.isHidden = false
        #expect(platform.application.needsFrame, "showing the window asks for a frame")
        platform.application.runFrame()
        #expect(leaf.layouts == 1 && outer.layouts == 1)
    }
}
