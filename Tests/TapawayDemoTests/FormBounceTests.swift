import TapawayDemo
import TapawayHeadless
import TapawayKit
import Testing

/// The general option *When the form fits* (`bounce`): whether a drag begins on a form whose
/// content fits, per toolkit by default (issue 18 item 13).
@MainActor
@Suite("When the form fits")
struct FormBounceTests {
    /// Drags 80 px up from `from`, and lets the drag settle.
    private func dragUp(_ h: Harness, from: Point) {
        h.platform.drag(from: from, to: from.offsetBy(dx: 0, dy: -80))
        h.platform.settle()
    }

    @Test("each screen follows its toolkit by default; always and never override it")
    func perToolkit() {
        let h = Harness(.tapGesture)
        for technique in Techniques.all {
            let form = h.app.screen(for: technique.id).form
            // Whether the toolkit's scroll view takes a drag whatever its content's size: each
            // technique's expectations file, with the documentation line it rests on.
            let expected = TechniqueExpectations.of(technique.id)?.bouncesWhenContentFits
            #expect(form.alwaysBounceVertical == expected, "\(technique.id.rawValue)")
        }
        #expect(h.app.setOption(OptionKey(nil, "bounce"), to: "always"))
        #expect(Techniques.all.allSatisfy { h.app.screen(for: $0.id).form.alwaysBounceVertical })
        #expect(h.app.setOption(OptionKey(nil, "bounce"), to: "never"))
        #expect(Techniques.all.allSatisfy { !h.app.screen(for: $0.id).form.alwaysBounceVertical })
    }

    @Test("with dismiss on drag, a drag on the fitting UIKit form keeps the keypad until the form always bounces")
    func dismissOnDragNeedsADrag() {
        let h = Harness(.tapGesture)
        h.app.setOption(OptionKey(nil, "dismiss"), to: "on-drag")
        h.focus(h.form.name)
        #expect(!h.form.canScroll, "the form fits the default window")
        let from = h.emptyBackgroundPoint
        dragUp(h, from: from)
        #expect(h.firstResponderID == "name", "no drag began, so on-drag did nothing")
        h.app.setOption(OptionKey(nil, "bounce"), to: "always")
        dragUp(h, from: from)
        #expect(h.firstResponderID == nil, "the form always bounces: the drag began and dismissed")
    }

    @Test("touches-began's table bounces when its rows fit, so on-drag dismisses there and not in the scroll view")
    func tableBounces() {
        // Interface Builder gives a table view alwaysBounceVertical="YES" (UIScrollView: "allows
        // vertical dragging even if the content is smaller than the bounds"); a scroll view
        // keeps the default, false.
        let h = Harness(.touchesBegan)
        h.app.setOption(OptionKey(nil, "dismiss"), to: "on-drag")
        h.focus(h.form.name)
        #expect(!h.form.canScroll, "the form fits the default window")
        let from = h.emptyBackgroundPoint
        dragUp(h, from: from)
        #expect(h.firstResponderID == "name", "a scroll view whose content fits takes no drag")
        #expect(h.app.setOption(OptionKey(.touchesBegan, "container"), to: "table"))
        #expect(h.form.alwaysBounceVertical)
        dragUp(h, from: from)
        #expect(h.firstResponderID == nil, "the table's drag began and on-drag dismissed")
        // Drags only to scroll: the table's bounce is the platform's, and `never` wins over it.
        #expect(h.app.setOption(OptionKey(nil, "bounce"), to: "never"))
        #expect(!h.form.alwaysBounceVertical)
        #expect(h.app.setOption(OptionKey(.touchesBegan, "container"), to: "scroll-view"))
        #expect(h.app.setOption(OptionKey(nil, "bounce"), to: "platform"))
        #expect(!h.form.alwaysBounceVertical)
    }
}
