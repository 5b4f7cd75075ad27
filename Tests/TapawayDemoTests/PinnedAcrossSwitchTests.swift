import TapawayDemo
import TapawayHeadless
import TapawayKit
import Testing

/// Issue 21, item 13: a finger pinned on one scenario's screen and lifted after a switch to
/// another, where a field was focused meanwhile, must not make a decision that names a stale
/// first responder (or none while a field is focused).
@MainActor
@Suite("A pinned finger across a scenario switch")
struct PinnedAcrossSwitchTests {
    /// Pins a finger on `from`'s screen (on the background or on `email`) with `name` focused,
    /// switches to `to`, focuses `name` there, lifts the finger, and returns what the decisions
    /// made after the lift said of the first responder, beside the real one.
    private func decisionsAfterLift(from: TechniqueID, to: TechniqueID, pinOnField: Bool) -> (said: [String?], actual: String?) {
        let h = Harness(from)
        h.focus(h.form.name)
        let point = pinOnField ? h.platform.center(of: h.form.email) : h.emptyBackgroundPoint
        let finger = h.platform.touchDown(at: point)
        h.platform.settle()
        h.app.show(to, animated: true)
        h.platform.settle()
        h.platform.tap(h.form.name)
        h.platform.settle()
        h.clearRecords()
        h.platform.touchUp(finger, at: point)
        h.platform.settle()
        return (h.decisions.map { $0.firstResponder }, h.firstResponderID)
    }

    @Test("every pair of techniques, the finger pinned on the background or on another field")
    func everyPair() {
        let ids = Techniques.all.map { $0.id }
        for from in ids {
            for to in ids where to != from {
                for pinOnField in [false, true] {
                    let result = decisionsAfterLift(from: from, to: to, pinOnField: pinOnField)
                    // send-event decides on every touch event: the lift must reach it.
                    if to == .sendEvent {
                        #expect(!result.said.isEmpty, "\(from.rawValue) → send-event: no decision on the lift")
                    }
                    #expect(result.actual == "name", "\(from.rawValue) → \(to.rawValue): the lift took the focus from name")
                    for said in result.said {
                        #expect(
                            said == result.actual,
                            "\(from.rawValue) → \(to.rawValue), pinned on \(pinOnField ? "email" : "the background"): a decision named \(said ?? "no first responder") while \(result.actual ?? "nothing") was focused"
                        )
                    }
                }
            }
        }
    }
}
