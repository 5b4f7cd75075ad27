import TapawayDemo
import TapawayHeadless
import TapawayKit
import Testing

/// A screen that slides away cannot take the focus back: the monkey once found a field focused on
/// a screen that was no longer on top, because a finger lifted on it during the slide.
@MainActor
@Suite("Focus across a screen transition")
struct TransitionFocusTests {
    @Test("a finger lifted on a field of the screen sliding away does not focus it")
    func liftDuringSlide() {
        let h = Harness(TechniqueID("none"))
        let name = h.form.name
        let touch = h.platform.touchDown(at: h.platform.center(of: name))
        h.app.show(TechniqueID("flutter"), animated: true)
        h.platform.touchUp(touch, at: h.platform.center(of: name))
        #expect(h.focusChanges.isEmpty)
        #expect(h.firstResponderID == nil)
        h.platform.settle()
        #expect(h.focusChanges.isEmpty)
    }

    @Test("a finger lifted on Submit on the screen sliding away cancels the touch, sending no action")
    func buttonDuringSlide() {
        let h = Harness(TechniqueID("none"))
        let submit = h.form.submit
        let touch = h.platform.touchDown(at: h.platform.center(of: submit))
        // The finger rests past the scroll view's delay, so Submit is tracking it.
        h.platform.advance(by: 0.2)
        #expect(h.count("submit", "touchDown") == 1)
        h.app.show(TechniqueID("flutter"), animated: true)
        h.platform.touchUp(touch, at: h.platform.center(of: submit))
        #expect(h.count("submit", "touchUpInside") == 0)
        #expect(h.count("submit", "touchCancel") == 1)
    }

    @Test("the screen takes touches again when it comes back")
    func screenComesBack() {
        let h = Harness(TechniqueID("none"))
        h.app.show(TechniqueID("flutter"), animated: true)
        h.platform.settle()
        h.app.show(TechniqueID("none"), animated: true)
        h.platform.settle()
        h.platform.tap(h.form.name)
        #expect(h.firstResponderID == "name")
        #expect(h.form.name.isUserInteractionEnabledInHierarchy)
        h.platform.tap(h.form.submit)
        #expect(h.count("submit", "touchUpInside") == 1)
    }
}
