import TapawayDemo
import TapawayHeadless
import TapawayKit
import Testing

/// No more touches than a screen has (issue 38, item 11): recordings with more are refused
/// with the line, and live input beyond the bound is left out.
@Suite("Touches down at once are bounded")
@MainActor
struct TouchBoundTests {
    /// A recording (its header when `header`) with `count` fingers down together at `start`
    /// and lifted 0.1 s later.
    static func fingers(_ count: Int, at start: Double = 0.1, header: Bool = true) -> String {
        var lines = header ? [#"{"kind":"header","version":1,"scenario":"send-event","screen":[930,820]}"#] : []
        for (t, phase) in [(start, "began"), (start + 0.1, "ended")] {
            for index in 0..<count {
                let with = index > 0 ? #","with":true"# : ""
                lines.append(
                    #"{"kind":"touch","t":\#(t),"id":\#(index + 1),"phase":"\#(phase)","at":[\#(400 + index % 50),\#(300 + index / 50)]\#(with)}"#
                )
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("a recording with as many fingers as the bound plays; one more is refused at its line")
    func recordingBound() throws {
        let most = Application.maximumTouches
        #expect(try Recording.parse(Self.fingers(most)).inputs.count == 2)
        do {
            _ = try Recording.parse(Self.fingers(1_001))
            Issue.record("1 001 fingers were accepted")
        } catch {
            // The header is line 1: the finger one past the bound begins on line most + 2.
            #expect(error.line == most + 2, "\(error)")
            #expect(error.message.contains("more than \(most) touches down at once"), "\(error)")
        }
        // Fingers lifted make room again: two hands one after the other are fine.
        let twice = Self.fingers(most) + Self.fingers(most, at: 0.5, header: false)
        #expect(try Recording.parse(twice).inputs.count == 4)
    }

    @Test("live input beyond the bound is left out: its touch, its moves and its lift")
    func liveBound() {
        let p = HeadlessPlatform(screenSize: Size(width: 400, height: 600))
        p.makeWindow(View(frame: Rect(x: 0, y: 0, width: 400, height: 600)))
        let app = p.application
        let most = Application.maximumTouches
        let changes = (0..<(most + 5)).map { PointerChange(id: $0 + 1, phase: .began, at: Point(x: Double(10 + $0), y: 10)) }
        app.handlePointers(changes, timestamp: 1)
        #expect(app.touchesDown.count == most)
        #expect(!app.touchesDown.contains { $0.identifier > most }, "the first ones down are the ones kept")
        app.handlePointers([PointerChange(id: most + 3, phase: .moved, at: Point(x: 200, y: 200))], timestamp: 1.1)
        app.handlePointers([PointerChange(id: most + 3, phase: .ended, at: Point(x: 200, y: 200))], timestamp: 1.2)
        #expect(app.touchesDown.count == most)
        app.handlePointers((0..<most).map { PointerChange(id: $0 + 1, phase: .ended, at: Point(x: 10, y: 10)) }, timestamp: 1.3)
        #expect(app.touchesDown.isEmpty)
    }
}
