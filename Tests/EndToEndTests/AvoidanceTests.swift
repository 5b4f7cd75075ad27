import Foundation
import Testing

/// Keyboard avoidance end to end: with `--set avoidance=insets` on a technique that avoids
/// nothing by itself, focusing `notes` (which the keypad covers at the default size) ends with
/// it above the keypad in the trace's layout lines, and the `avoidance` line gives the numbers.
@Suite("Keyboard avoidance, end to end")
struct AvoidanceEndToEndTests {
    @Test("with avoidance=insets, notes ends above the keypad and the avoidance line says by how much the keypad overlapped")
    func insetsKeepNotesAboveTheKeypad() throws {
        try Session.run(arguments: ["--scenario", "send-event", "--set", "avoidance=insets"]) { s in
            let resting = try s.frame(of: "notes")
            #expect(s.app.views.first { $0.id == "notes" }?.hittable == true, "notes can be tapped at rest\n\(s.app.diagnostics)")
            let didShow = try s.focusAndShowKeypad("notes")
            let keypad = try #require(didShow.rect("frame"), s.context)
            #expect(
                resting.maxY > keypad.minY,
                "notes must start under the keypad for the test to mean anything\n\(s.app.diagnostics)")
            try s.settle()
            let notes = try s.frame(of: "notes")
            #expect(notes.maxY <= keypad.minY, "notes ends at \(notes), the keypad's top is \(keypad.minY)\n\(s.app.diagnostics)")
            let bar = try s.frame(of: "navbar")
            #expect(notes.minY >= bar.maxY, s.context)
            let line = try #require(
                s.app.lines(from: 0, kind: "avoidance").last { $0.string("strategy") == "insets" && $0.rect("keyboard") != nil },
                s.context)
            #expect((line.number("overlap") ?? 0) > 0, s.context)
            #expect(line.rect("keyboard")?.height == keypad.height, s.context)
            #expect(line.string("screen") == "send-event", s.context)
            for field in ["contentInset", "indicatorInset", "safeArea"] {
                #expect((line.object[field] as? [Any])?.count == 4, "\(field) is [top,left,bottom,right]\n\(s.app.diagnostics)")
            }
            #expect(line.number("shift") != nil, s.context)
        }
    }

    @Test("with nothing avoiding, the layout line says notes is visible but out of a finger's reach under the keypad")
    func hittableUnderTheKeypad() throws {
        try Session.run(arguments: ["--scenario", "send-event"]) { s in
            try s.focusAndShowKeypad("name")
            try s.settle()
            let views = s.app.views
            let notes = try #require(views.first { $0.id == "notes" }, s.context)
            let keypad = try #require(views.first { $0.id == "key-g" }, s.context)
            #expect(Double(notes.frame.center.y) > keypad.frame.minY - 60, "notes lies under the keypad\n\(s.app.diagnostics)")
            #expect(notes.visible && notes.hittable == false, s.context)
            #expect(views.first { $0.id == "name" }?.hittable == true, s.context)
            #expect(keypad.hittable == true, s.context)
        }
    }
}
