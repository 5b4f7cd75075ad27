import Foundation
import Testing

/// The sidebar and the inspector from the keyboard alone (issue 34): Ctrl+Tab takes the focus there
/// from a field, the arrows and Tab move it with a ring in sight, Return and Space act as a click,
/// Escape gives the keys back to the app.
///
/// Nothing typed in the chrome reaches the app.
@Suite("The chrome from the keyboard, end to end")
struct ChromeKeyboardTests {
    /// The id of the last `chromeFocus` line after `start` (nil: none, or it said null).
    static func chromeFocus(_ session: Session, after start: Int) -> String?? {
        guard let line = session.app.lines(from: start, kind: "chromeFocus").last else { return nil }
        return .some(line.string("id"))
    }

    /// Whether the pixel is the accent's blue rather than the chrome's greys.
    static func isAccent(_ pixel: RGB) -> Bool { pixel.b > pixel.r + 80 }

    @Test("Ctrl+Tab, arrows, Return, Tab, Space and Escape operate the sidebar with a visible ring")
    func keyboardOnly() throws {
        try Session.run { session in
            let app = session.app, x = session.x
            try session.tap("name")
            try session.settle()
            let item = try session.frame(of: "inspector-toggle")
            let ringPoint = (Int(item.x) + 8, Int(item.y + item.height / 2))
            let before = try x.pixel(at: ringPoint.0, ringPoint.1)
            #expect(!Self.isAccent(before), "no ring before: \(before)")

            // Ctrl+Tab from the field: the first item has the focus, and a ring shows it.
            var start = app.count
            try x.chord("Tab")
            try session.settle()
            #expect(Self.chromeFocus(session, after: start) == .some("inspector-toggle"), session.context)
            let ringed = try x.pixel(at: ringPoint.0, ringPoint.1)
            #expect(Self.isAccent(ringed), "the focus ring shows: \(ringed)")
            #expect(app.lines(from: start, kind: "focus").isEmpty, "the field keeps its focus: \(session.context)")

            // Down, item by item, to a scenario row; Return chooses it.
            var reached: String? = "inspector-toggle"
            for _ in 0..<12 where reached != "scenario-tap-gesture" {
                start = app.count
                try x.key(named: "Down")
                try session.settle()
                reached = Self.chromeFocus(session, after: start) ?? nil
            }
            #expect(reached == "scenario-tap-gesture", session.context)
            start = app.count
            try x.key(named: "Return")
            try app.waitFor(kind: "scenario", after: start, what: "Return choosing the row") { $0.string("id") == "tap-gesture" }
            try session.settle()
            #expect(app.lines(from: start, kind: "text").isEmpty, "Return reached no field: \(session.context)")

            // Tab moves on; Home goes back to the first item; Space acts on it as a click:
            // the inspector hides.
            start = app.count
            try x.key(named: "Tab")
            try session.settle()
            let next = Self.chromeFocus(session, after: start)
            #expect(next != nil && next != .some("scenario-tap-gesture"), session.context)
            try x.key(named: "Home")
            try x.key(named: "space")
            start = app.count
            try session.settle()
            try app.waitForLayout(what: "the inspector hidden") { line in
                !line.views.contains { $0.id == "inspector" && $0.visible }
            }

            // Escape gives the keys back: the ring goes, and the arrows move nothing.
            start = app.count
            try x.key(named: "Escape")
            try session.settle()
            #expect(Self.chromeFocus(session, after: start) == .some(nil), session.context)
            #expect(!Self.isAccent(try x.pixel(at: ringPoint.0, ringPoint.1)), "the ring is gone")
            start = app.count
            try x.key(named: "Down")
            try session.settle()
            #expect(app.lines(from: start, kind: "chromeFocus").isEmpty, session.context)
        }
    }
}
