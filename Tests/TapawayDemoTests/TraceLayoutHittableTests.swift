import Foundation
import TapawayKit
import Testing

@testable import TapawayDemo

/// The `layout` line's `hittable`: where a tester driving the app from the trace can tap.
@MainActor
@Suite("Layout lines say what a finger can reach")
struct TraceLayoutHittableTests {
    /// Each view of the layout snapshot as `id` → (visible, hittable).
    func snapshot(_ h: Harness) throws -> [String: (visible: Bool, hittable: Bool)] {
        let text = Tracer.layoutSnapshot(h.platform.application).serialized
        let views = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        var result: [String: (Bool, Bool)] = [:]
        for view in views {
            guard let id = view["id"] as? String, let visible = view["visible"] as? Bool,
                let hittable = view["hittable"] as? Bool
            else {
                Issue.record("a view without id, visible or hittable: \(view)")
                continue
            }
            result[id] = (visible, hittable)
        }
        return result
    }

    @Test("a field under the keypad is visible but not hittable; the keys and a field above them are both")
    func underTheKeypad() throws {
        let h = Harness()
        h.focus(h.form.name)
        h.platform.settle()
        let notes = try #require(h.app.window.view(withIdentifier: "notes"))
        #expect(notes.frameInScreen.midY > h.keyboard.shownFrame.minY, "notes must lie under the keypad for this test")
        let views = try snapshot(h)
        #expect(views["notes"]?.visible == true && views["notes"]?.hittable == false)
        #expect(views["name"]?.visible == true && views["name"]?.hittable == true)
        #expect(views["key-g"]?.visible == true && views["key-g"]?.hittable == true)
    }

    @Test("a view scrolled out of its scroll view is not hittable, and nothing hidden is")
    func scrolledOut() throws {
        let h = Harness()
        // A short window: the sidebar scrolls, and its rows scrolled past its top stay in the
        // layout, visible, but out of a finger's reach.
        h.platform.application.resizeScreen(to: Size(width: 933, height: 420))
        h.platform.settle()
        let sidebar = h.app.sidebar.content
        sidebar.setContentOffset(Point(x: 0, y: max(0, sidebar.contentSize.height - sidebar.bounds.height)), animated: false)
        h.platform.settle()
        let row = try #require(h.app.sidebar.window?.view(withIdentifier: "scenario-send-event"))
        #expect(row.frameInScreen.maxY <= sidebar.frameInScreen.minY, "the row must be scrolled out for this test")
        let views = try snapshot(h)
        let scenario = try #require(views["scenario-send-event"])
        #expect(scenario.visible && !scenario.hittable)
        #expect(views.values.allSatisfy { $0.visible || !$0.hittable })
    }
}
