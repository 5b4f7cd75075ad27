import Foundation
import TapawayTestSupport
import Testing

/// A folder in the temporary directory for one test's files (not made until the program
/// writes in it), removed with what is in it by `remove()`.
struct PrivateFolder {
    /// The folder's path in the temporary directory, which `remove()` deletes.
    let path: String

    /// A new, unused path named after `purpose`.
    init(purpose: String) {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("tapaway-e2e-\(purpose)-\(UUID().uuidString)").path
    }

    /// The path of `name` inside the folder.
    func file(_ name: String) -> String { path + "/" + name }

    /// Removes the folder and what is in it.
    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// One end-to-end run: a private display, the program on it, and an input/pixel driver.
///
/// Create it through `Session.run`, which tears everything down (program, X connection, Xvfb)
/// whether the body returns, throws or records failed expectations.
struct Session {
    let display: VirtualDisplay
    let app: AppProcess
    let x: XDriver
    /// The program's `ready` trace line, with the window and device it started with.
    let ready: TraceLine

    /// The window size from the `ready` line.
    var windowSize: (width: Int, height: Int) {
        let size = (ready["window"] as? [Any])?.compactMap(JSONValue.number) ?? []
        return size.count == 2 ? (Int(size[0]), Int(size[1])) : (0, 0)
    }

    /// Starts Xvfb, launches `tapaway --scenario send-event ARGUMENTS` on it, waits for `ready` and for
    /// a first `layout` line, runs `body`, then checks that every trace line was valid JSON and tears
    /// everything down.
    ///
    /// The program's state (`XDG_STATE_HOME`) is a folder of the session's own unless `environment`
    /// names one, so that no session reads another's window size or writes the user's.
    static func run(arguments: [String] = [], environment: [String: String?] = [:], _ body: (Session) throws -> Void) throws {
        _ = try AppProcess.binaryURL()  // fail fast, before starting a server, if it is not built
        let display = try VirtualDisplay()
        defer { display.stop() }
        let state = PrivateFolder(purpose: "state")
        defer { state.remove() }
        var environment = environment
        if environment["XDG_STATE_HOME"] == nil { environment["XDG_STATE_HOME"] = state.path }
        let app = try AppProcess(["--scenario", "send-event"] + arguments, display: display, environment: environment)
        defer { app.terminate() }
        let x = try XDriver(displayName: display.name)
        defer { x.close() }
        let ready = try app.waitForReady()
        try app.waitForLayout(what: "any layout") { _ in true }
        let session = Session(display: display, app: app, x: x, ready: ready)
        try body(session)
        let malformed = app.malformedLines
        #expect(malformed.isEmpty, "trace lines that are not JSON objects: \(malformed)\n\(app.diagnostics)")
        #expect(app.process.isRunning, "tapaway exited during the test (\(app.exitDescription))\n\(app.diagnostics)")
    }

    /// Waits until the program has handled every input sent so far and finished what it set
    /// going (its `idle` line after a mark sent behind the input); see `AppProcess.settle`.
    @discardableResult
    func settle() throws -> TraceLine {
        try app.settle(through: x)
    }

    /// The trace tail and stderr, as a `Comment` for `#expect`.
    var context: Comment { Comment(rawValue: app.diagnostics) }

    // MARK: Views and points

    /// The frame of a *visible* view in the last layout line.
    func frame(of id: String) throws -> Rect {
        guard let view = app.views.first(where: { $0.id == id }) else {
            throw EndToEndError("view '\(id)' is not in the last layout line.\n\(app.diagnostics)")
        }
        guard view.visible, !view.frame.isEmpty else {
            throw EndToEndError("view '\(id)' is not visible in the last layout line (\(view)).\n\(app.diagnostics)")
        }
        return view.frame
    }

    /// Clicks the centre of a visible view, as a user's tap.
    func tap(_ id: String) throws {
        x.click(try frame(of: id))
    }

    /// A point inside `background`'s frame that is as far as possible from every other visible view of
    /// the last layout line and from each rectangle in `avoiding` (for example the keypad's frame
    /// while it is up).
    ///
    /// A click there lands on the background and nothing else.
    ///
    /// - Throws: if no point keeps at least `margin` pixels of clearance.
    func backgroundPoint(avoiding extra: [Rect] = [], margin: Double = 4) throws -> (x: Int, y: Int) {
        let views = app.views
        guard let background = views.first(where: { $0.id == "background" }) else {
            throw EndToEndError("no 'background' view in the last layout line.\n\(app.diagnostics)")
        }
        // Stay on the screen and inside the window.
        let window = Rect(x: 0, y: 0, width: Double(windowSize.width), height: Double(windowSize.height))
        let area = background.frame.intersection(window)
        let obstacles = views.filter { $0.id != "background" && $0.visible && !$0.frame.isEmpty }.map(\.frame) + extra
        var best: (x: Int, y: Int, clearance: Double)?
        let step = 4.0
        var py = area.minY + margin
        while py < area.maxY - margin {
            var px = area.minX + margin
            while px < area.maxX - margin {
                // Clearance to the nearest obstacle, and to the edges of the background itself.
                var clearance = min(px - area.minX, area.maxX - px, py - area.minY, area.maxY - py)
                for o in obstacles {
                    clearance = min(clearance, o.contains(px, py) ? -1 : o.distance(to: px, py))
                    if clearance < margin { break }
                }
                if clearance >= margin && clearance > (best?.clearance ?? -.infinity) {
                    best = (Int(px), Int(py), clearance)
                }
                px += step
            }
            py += step
        }
        guard let best else {
            throw EndToEndError(
                "no point of 'background' \(background.frame) is clear of other views by \(margin) px.\n\(app.diagnostics)")
        }
        return (best.x, best.y)
    }

    // MARK: Waiting for the common sequences

    /// Waits for a `focus` line with `id` (nil for null) at or after `start`.
    @discardableResult
    func waitForFocus(_ id: String?, after start: Int) throws -> TraceLine {
        try app.waitFor(kind: "focus", after: start, what: "focus \(id ?? "null")") { line in
            if let id { return line.string("id") == id }
            return line.isNull("id") || line["id"] == nil
        }
    }

    /// Waits for a `keypad` line with `phase` at or after `start`.
    @discardableResult
    func waitForKeypad(_ phase: String, after start: Int) throws -> TraceLine {
        try app.waitFor(kind: "keypad", after: start, what: "keypad \(phase)") { $0.string("phase") == phase }
    }

    /// Waits for a `decision` line with `action` at or after `start`.
    @discardableResult
    func waitForDecision(_ action: String, after start: Int) throws -> TraceLine {
        try app.waitFor(kind: "decision", after: start, what: "decision \(action)") { $0.string("action") == action }
    }

    /// Taps text field `id`, waits for its focus line and for the keypad to finish showing (`willShow`
    /// then `didShow`), then for a layout line that shows the keypad's keys.
    ///
    /// Returns the `didShow` line.
    @discardableResult
    func focusAndShowKeypad(_ id: String) throws -> TraceLine {
        let start = app.mark
        try tap(id)
        try waitForFocus(id, after: start)
        let willShow = try waitForKeypad("willShow", after: start)
        let didShow = try waitForKeypad("didShow", after: willShow.index)
        try waitForKeysVisible()
        return didShow
    }

    /// Waits until the last layout line lists the letter keys as visible.
    func waitForKeysVisible() throws {
        try app.waitForLayout(what: "the keypad keys visible") { layout in
            layout.views.contains { $0.id == "key-a" && $0.visible }
        }
    }

    /// The keypad tray colour (iOS light keyboard, about #D1D4DA).
    static let trayColour = RGB(hex: 0xD1D4DA)
    /// Per-channel tolerance for the tray colour.
    static let trayTolerance = 12

    /// A point in the keypad tray between keys: just below the top edge of the keypad frame,
    /// 2 px in from its left edge.
    static func trayPoint(in keypad: Rect) -> (x: Int, y: Int) {
        (Int(keypad.minX) + 2, Int(keypad.minY) + 3)
    }
}
