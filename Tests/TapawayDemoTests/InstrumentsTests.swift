import Foundation
import TapawayDemo
import TapawayHeadless
import TapawayKit
import Testing

@MainActor
@Suite("Instruments: touching twice with one mouse")
struct MouseTouchTests {
    @Test("a right click pins a finger that rides along as a stationary touch until clicked again")
    func pinned() {
        let h = Harness()
        h.focus(h.form.name)
        let mouse = h.platform.application.mouse
        let name = h.platform.center(of: h.form.name)
        var seen: [[(Int, TouchPhase)]] = []
        _ = h.app.window.decisionObservers.add { d in seen.append(d.touches.map { ($0.touch, $0.phase) }) }
        mouse.press(.right, at: name, timestamp: h.platform.clock.now)
        #expect(mouse.pinnedLocation == name)
        let bg = h.emptyBackgroundPoint
        mouse.press(.left, at: bg, timestamp: h.platform.clock.now)
        mouse.release(.left, at: bg, timestamp: h.platform.clock.now)
        #expect(h.firstResponderID == "name", "the pinned finger on the field vetoes")
        #expect(seen.count >= 2)
        let withTwo = seen.first { $0.count == 2 }
        #expect(withTwo?.contains { $0.0 == MouseTouches.pinnedID && $0.1 == .stationary } == true)
        #expect(withTwo?.contains { $0.0 == MouseTouches.fingerID && $0.1 == .began } == true)
        mouse.press(.right, at: bg, timestamp: h.platform.clock.now)
        #expect(mouse.pinnedLocation == nil)
        #expect(h.platform.application.touchesDown.isEmpty)
    }

    @Test("Ctrl with a left press puts down a pinch pair mirrored about the screen's centre")
    func pinch() {
        let h = Harness()
        let app = h.platform.application
        var log: [(Int, TouchPhase, Point)] = []
        _ = app.touchObservers.add { log.append(($0.identifier, $0.phase, $0.locationInScreen)) }
        let centre = app.deviceFrame.center
        let start = Point(x: centre.x - 40, y: centre.y - 100)
        app.mouse.press(.left, at: start, modifiers: .control, timestamp: 1)
        #expect(app.touchesDown.count == 2)
        app.mouse.move(to: start.offsetBy(dx: -20, dy: -20), timestamp: 1.1)
        app.mouse.release(.left, at: start.offsetBy(dx: -20, dy: -20), timestamp: 1.2)
        #expect(app.touchesDown.isEmpty)
        let mirror = log.filter { $0.0 == MouseTouches.mirrorID }
        #expect(mirror.map(\.1) == [.began, .moved, .ended])
        #expect(mirror.first?.2 == Point(x: centre.x + 40, y: centre.y + 100))
        #expect(mirror.last?.2 == Point(x: centre.x + 60, y: centre.y + 120))
    }

    @Test("the pinch pair lands, moves and lifts in one event each time, as two fingers on glass do")
    func pinchIsOneEvent() {
        let h = Harness()
        let app = h.platform.application
        var events: [[String]] = []
        _ = h.app.window.decisionObservers.add { d in events.append(d.touches.map { "\($0.touch) \($0.phase.rawValue)" }) }
        let start = Point(x: app.deviceFrame.center.x - 40, y: app.deviceFrame.center.y - 100)
        app.mouse.press(.left, at: start, modifiers: .control, timestamp: 1)
        app.mouse.move(to: start.offsetBy(dx: -20, dy: -20), timestamp: 1.1)
        app.mouse.release(.left, at: start.offsetBy(dx: -20, dy: -20), timestamp: 1.2)
        #expect(events == [["1 began", "2 began"], ["1 moved", "2 moved"], ["1 ended", "2 ended"]])
    }
}

@MainActor
@Suite("Instruments: record, replay, compare")
struct RecordingTests {
    func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("tapaway-\(UUID().uuidString)-\(name)").path
    }

    /// Records a live headless session of `body` and returns the file's text.
    func record(_ scenario: TechniqueID = .sendEvent, _ body: (Harness) -> Void) throws -> (String, [DismissalDecision]) {
        let h = Harness(scenario)
        let path = temporaryPath("rec.jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorder = InputRecorder(
            application: h.platform.application, sink: try TraceSink.file(path),
            scenario: scenario.rawValue)
        body(h)
        h.platform.settle()
        // Stopped, as a recording is before it is read: a password's placeholders are written
        // when the typing stretch ends (issue 38, item 14).
        recorder.stopObserving()
        return (try String(contentsOfFile: path, encoding: .utf8), h.decisions)
    }

    @Test("the header keeps the options set, the keyboard's state among them, and a replay starts with them")
    func optionsInTheHeader() throws {
        let h = Harness(.tapGesture)
        h.app.setOption(OptionKey(nil, "keyboard"), to: "hardware")
        h.app.setOption(OptionKey(.tapGesture, "cancels-touches"), to: "off")
        let path = temporaryPath("options.jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorder = InputRecorder(
            application: h.platform.application, sink: try TraceSink.file(path), scenario: "tap-gesture",
            options: h.app.options.changed)
        h.platform.tap(h.form.name)
        h.platform.settle()
        _ = recorder
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            text.hasPrefix("{\"kind\":\"header\",\"options\":[\"keyboard=hardware\",\"tap-gesture.cancels-touches=off\"]"),
            "\(text)")
        let recording = try Recording.parse(text)
        #expect(recording.options.map(\.value) == ["hardware", "off"])

        // A fresh app, as a replay or compare starts one: the options come from the header.
        let replay = Harness(.tapGesture)
        #expect(!replay.keyboard.isHardwareKeyboardConnected)
        replay.app.prepareForReplay(of: recording)
        #expect(replay.keyboard.isHardwareKeyboardConnected)
        #expect(replay.app.options.values[OptionKey(.tapGesture, "cancels-touches")] == "off")
        replay.platform.settle()
        replay.platform.tap(replay.form.name)
        replay.platform.settle()
        #expect(replay.firstResponderID == "name")
        #expect(replay.keyboard.isVisible && !replay.keyboard.showsKeys, "with the hardware keyboard, only the bar shows")

        // A bad option in a header is refused with its line.
        #expect(throws: RecordingError.self) {
            try Recording.parse("{\"kind\":\"header\",\"options\":[\"keyboard=qwerty\"]}\n")
        }
    }

    @Test("a recording round-trips: header, touches, keys, scrolls")
    func roundTrip() throws {
        let (text, _) = try record { h in
            h.platform.tap(h.form.name)
            h.platform.settle()
            h.platform.type("Ab")
            h.platform.press(.left, modifiers: .shift)
            h.platform.application.handleScroll(
                by: Point(x: 0, y: 40), at: Point(x: 400, y: 300), timestamp: h.platform.clock.now)
        }
        let recording = try Recording.parse(text)
        #expect(recording.scenario == "send-event")
        #expect(recording.screen == TapawayApp.defaultSize)
        let kinds = recording.inputs.map { input -> String in
            switch input.input {
            case .pointer(_, let phase, _): return "touch \(phase.rawValue)"
            case .key(let key): return "key \(key.key)"
            case .scroll: return "scroll"
            case .resize: return "resize"
            case .pointers(let changes): return "touches \(changes.map(\.phase.rawValue))"
            }
        }
        #expect(kinds == ["touch began", "touch ended", "key text(\"A\")", "key text(\"b\")", "key left", "scroll"])
        if case .key(let key) = recording.inputs[4].input { #expect(key.modifiers == .shift) }
        #expect(zip(recording.inputs, recording.inputs.dropFirst()).allSatisfy { $0.t <= $1.t })
    }

    @Test("replaying gives the same decisions as the live run")
    func replayEquivalence() throws {
        let (text, live) = try record { h in
            h.platform.tap(h.form.name)
            h.platform.settle()
            h.platform.type("hi")
            h.platform.tap(h.form.submit)
            h.platform.settle()
            h.platform.tap(h.form.email)
            h.platform.settle()
            h.platform.tap(at: h.emptyBackgroundPoint)
        }
        let recording = try Recording.parse(text)
        let replay = Harness()
        var last = 0.0
        let replayer = InputReplayer(application: replay.platform.application, recording: recording, speed: nil)
        for (t, input) in recording.inputs {
            replay.platform.advance(by: max(0, t - last))
            last = t
            replayer.feed(input)
        }
        replay.platform.settle()
        #expect(!live.isEmpty)
        #expect(replay.decisions.map(\.action) == live.map(\.action))
        #expect(replay.decisions.map(\.reason) == live.map(\.reason))
        #expect(replay.form.name.text == "hi")
    }

    @Test("a pinch is recorded as touch lines joined by 'with' and replays as one event per change")
    func pinchRoundTrip() throws {
        let (text, live) = try record { h in
            h.focus(h.form.name)
            let app = h.platform.application
            let start = Point(x: app.deviceFrame.center.x - 40, y: app.deviceFrame.center.y - 100)
            app.mouse.press(.left, at: start, modifiers: .control, timestamp: app.clock.now)
            app.mouse.release(.left, at: start, timestamp: app.clock.now)
        }
        #expect(text.split(separator: "\n").filter { $0.contains("\"with\":true") }.count == 2, "\(text)")
        let recording = try Recording.parse(text)
        let pairs = recording.inputs.compactMap { input -> [Int]? in
            if case .pointers(let changes) = input.input { return changes.map(\.id) }
            return nil
        }
        #expect(pairs == [[1, 2], [1, 2]])
        let replay = Harness()
        let replayer = InputReplayer(application: replay.platform.application, recording: recording, speed: nil)
        for (_, input) in recording.inputs { replayer.feed(input); replay.platform.settle() }
        // The live run's records start after the tap that focused `name`.
        let pinch = replay.decisions.suffix(live.count)
        #expect(live.map { $0.touches.count } == [2, 2])
        #expect(pinch.map { $0.touches.count } == live.map { $0.touches.count })
        #expect(pinch.map(\.reason) == live.map(\.reason))
    }

    @Test("a 'with' line must follow a touch of another finger at the same time")
    func withNeedsAPartner() {
        let lonely = """
            {"kind":"header","version":1,"scenario":"send-event","screen":[630,820]}
            {"kind":"key","t":1,"key":"text","text":"a"}
            {"kind":"touch","t":1,"id":2,"phase":"began","at":[10,10],"with":true}
            """
        #expect(
            throws: RecordingError(
                line: 3, message: "'with' joins a touch to a touch line of another finger with the same 't' just before it")
        ) {
            try Recording.parse(lonely)
        }
        let sameFinger = """
            {"kind":"touch","t":1,"id":1,"phase":"began","at":[10,10]}
            {"kind":"touch","t":1,"id":1,"phase":"moved","at":[12,10],"with":true}
            """
        #expect(throws: RecordingError.self) { try Recording.parse(sameFinger) }
    }

    @Test("as fast as possible, a replay waits for the keypad to slide in before tapping its keys, and skips idle time")
    func maxSpeedKeepsState() throws {
        let (text, _) = try record { h in
            h.platform.tap(h.form.name)
            h.platform.settle()
            h.platform.tapKey("key-h")
            h.platform.advance(by: 2)
            h.platform.tapKey("key-i")
        }
        let recording = try Recording.parse(text)
        let replay = Harness()
        let replayer = InputReplayer(application: replay.platform.application, recording: recording, speed: nil)
        var finished = false
        replayer.onFinish = { _ in finished = true }
        replayer.start()
        var frames = 0
        while !finished && frames < 600 {
            replay.platform.advance(by: 1.0 / 60)
            frames += 1
        }
        replay.platform.settle()
        #expect(finished)
        #expect(
            replay.form.name.text == "Hi",
            "every key tap landed on its key (name capitalises sentences): \(replay.form.name.text)")
        #expect(Double(frames) / 60 < 1.5, "idle time is skipped: \(Double(frames) / 60) s for a 2 s gap")
    }

    @Test("keys typed into a secure field are recorded as placeholders, on the keypad and the keyboard")
    func securePlaceholders() throws {
        let canary = "Zq9canary"
        let (text, _) = try record { h in
            h.platform.tap(h.form.password)
            h.platform.settle()
            h.platform.type(canary)
            for key in ["key-x", "key-y"] { h.platform.tapKey(key) }
            h.platform.press(.backspace)
        }
        #expect(!text.contains("canary") && !text.contains("Zq9"))
        #expect(!text.contains("\"text\":\"x\"") && !text.contains("\"text\":\"y\""))
        let recording = try Recording.parse(text)
        let secure = recording.inputs.filter {
            if case .key(let k) = $0.input, case .text("\u{2022}") = k.key { return true } else { return false }
        }
        #expect(secure.count == canary.count + 2)
        // Replayed, the password has the same length.
        let session = HeadlessSession(technique: .sendEvent)
        session.replay(recording)
        #expect(session.app.form.password.text.count == canary.count + 1)
    }

    @Test("a recording started mid-session names the focused input and the inspector, and replays from there")
    func headerState() throws {
        let h = Harness()
        h.platform.press(.function(2))
        #expect(!h.app.inspectorWanted)
        h.focus(h.form.name)
        let path = temporaryPath("mid.jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }
        var recorder: InputRecorder? = InputRecorder(
            application: h.platform.application, sink: try TraceSink.file(path),
            scenario: "send-event", inspector: h.app.inspectorWanted)
        h.platform.type("ab")
        // Right of the form: on the inspector's side, which is the simulated screen's now.
        let wide = Point(x: h.platform.application.deviceFrame.maxX - 30, y: h.form.submit.frameInScreen.maxY + 10)
        h.platform.tap(at: wide)
        h.platform.settle()
        recorder = nil
        _ = recorder
        let recording = try Recording.parse(try String(contentsOfFile: path, encoding: .utf8))
        #expect(recording.focused == "name")
        #expect(recording.inspector == false)

        let session = HeadlessSession(technique: .sendEvent, size: recording.screen ?? TapawayApp.defaultSize)
        session.prepare(for: recording)
        #expect(!session.app.inspectorWanted, "the inspector hidden as it was")
        session.replay(recording)
        let outcome = session.finish()
        #expect(outcome.texts["name"] == "ab", "typing reached name, focused as it was")
        #expect(outcome.focusChanges == [nil], "the tap right of the form, on the wider screen, resigned")
    }

    @Test("a bad or truncated recording gets a message with its line number")
    func badInput() {
        func error(_ text: String) -> RecordingError? {
            do { _ = try Recording.parse(text); return nil } catch { return error }
        }
        let header = #"{"kind":"header","version":1,"scenario":"send-event","screen":[930,820]}"#
        #expect(error("") == RecordingError(line: 0, message: "the recording is empty"))
        #expect(
            error(header + "\n{\"kind\":\"touch\",\"t\":1,\"id\":1,\"phase\":\"began\",\"at\":[1,2]}\n{\"kind\":\"tou")?.line == 3
        )
        #expect(error(header + "\n{\"kind\":\"touch\",\"t\":1,\"id\":1,\"phase\":\"flying\",\"at\":[1,2]}")?.line == 2)
        #expect(
            error(header + "\n{\"kind\":\"touch\",\"t\":1,\"id\":1,\"phase\":\"began\",\"at\":[1e300,2]}")?.message.contains(
                "out of range") == true)
        #expect(
            error(
                header
                    + "\n{\"kind\":\"key\",\"t\":2,\"key\":\"text\",\"text\":\"a\"}\n{\"kind\":\"key\",\"t\":1,\"key\":\"text\",\"text\":\"b\"}"
            )?.line == 3)
        #expect(error(header + "\n" + header)?.message == "a header may only be the first line")
        #expect(error("[1,2,3]")?.line == 1)
        #expect(error(header + "\n{\"kind\":\"resize\",\"t\":1,\"size\":[0,0]}")?.line == 2)
    }

    @Test("a recording file that is missing, a folder, binary or not UTF-8 is refused with its line")
    func recordingFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tapaway-recordings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func load(_ bytes: [UInt8]?, name: String = "r.jsonl") -> RecordingError? {
            let url = folder.appendingPathComponent(name)
            if let bytes { _ = FileManager.default.createFile(atPath: url.path, contents: Data(bytes)) }
            do {
                _ = try Recording.load(contentsOf: url.path)
                return nil
            } catch {
                return error
            }
        }
        let header = Array("{\"kind\":\"header\",\"version\":1}\n".utf8)
        let touch = Array("{\"kind\":\"touch\",\"t\":0.5,\"id\":1,\"phase\":\"began\",\"at\":[10,10]}\n".utf8)
        #expect(load(header + touch, name: "good.jsonl") == nil)
        #expect(load(nil, name: "missing.jsonl")?.message.contains("no such file") == true)
        #expect(load(nil, name: "")?.message == "is a directory, not a recording")
        let invalid = load(header + touch + [0x7B, 0xC3, 0x28, 0x7D, 0x0A], name: "latin.jsonl")
        #expect(invalid == RecordingError(line: 3, message: "not valid UTF-8 text"))
        let binary = load(header + [0x00, 0x01], name: "binary.jsonl")
        #expect(binary?.line == 2)
        #expect(binary?.message.contains("binary") == true)
    }

    @Test("compare replays the famous button case under every scenario")
    func compareButtonCase() throws {
        let (text, _) = try record { h in
            h.platform.tap(h.form.name)
            h.platform.settle()
            h.platform.tap(h.form.submit)
        }
        let results = Comparison.compare(try Recording.parse(text))
        #expect(results.map(\.0) == TechniqueID.allCases)
        // What each technique does with a tap on Submit while name is focused is the matrix's
        // case 5 under its defaults (its expectations file): the button fires where the code
        // says ✓, and name is still focused at the end where the code keeps the focus (K, or H:
        // only the keypad hides) rather than resigning it (R…).
        let submitCase = try #require(DismissalMatrix.cases.firstIndex { $0.number == 5 })
        #expect(DismissalMatrix.cases[submitCase].title == "`name` focused, tap Submit")
        var expected: [TechniqueID: (fires: Bool, focus: String?)] = [:]
        for technique in TechniqueID.allCases {
            guard let code = TechniqueExpectations.of(technique)?.defaults[submitCase] else { continue }
            expected[technique] = (code.hasSuffix("✓"), code.hasPrefix("K") || code.hasPrefix("H") ? "name" : nil)
        }
        for (technique, outcome) in results {
            guard let want = expected[technique] else {
                Issue.record("no expectation for \(technique)")
                continue
            }
            #expect((outcome.actions["submit touchUpInside"] == 1) == want.fires, "\(technique)")
            #expect(outcome.keypadShows == 1)
            #expect(outcome.finalFocus == want.focus, "\(technique)")
        }
        let table = Comparison.table(results)
        let fires = results.map { expected[$0.0]?.fires == true ? "1×" : "0×" }
        #expect(table.contains("| submit touchUpInside | " + fires.joined(separator: " | ") + " |"), "\(table)")
        #expect(
            table.contains(
                "| focused at the end | " + results.map { expected[$0.0]?.focus ?? "none" }.joined(separator: " | ") + " |"))
    }

    @Test("compare says what each touch landed on, and warns when the same point hit different views")
    func compareTouchHits() throws {
        // Name focused, then a tap just above the keypad: IQKeyboardManager's toolbar sits
        // there ("IQKeyboardManager adds a toolbar above the keyboard" by default, its README),
        // the other techniques leave the form's own content there.
        var above = Point(x: 0, y: 0)
        let (text, _) = try record { h in
            h.platform.tap(h.form.name)
            h.platform.settle()
            let keypad = h.platform.application.keyboard.frame
            above = Point(x: keypad.midX, y: keypad.minY - 10)
            h.platform.tap(at: above)
        }
        let results = Comparison.compare(try Recording.parse(text))
        for (technique, outcome) in results {
            #expect(outcome.touchHits.count == 2, "\(technique)")
            #expect(outcome.touchHits.first == "name", "\(technique)")
        }
        let manager = try #require(results.first { $0.0 == .keyboardManager }?.1)
        #expect(manager.touchHits.last == "toolbar")
        let sendEvent = try #require(results.first { $0.0 == .sendEvent }?.1)
        #expect(sendEvent.touchHits.last != "toolbar")
        #expect(Comparison.differingTouches(results) == [1])
        let table = Comparison.table(results)
        #expect(table.contains("| touch 1 lands on | " + results.map { _ in "`name`" }.joined(separator: " | ") + " |"))
        #expect(table.contains("| touch 2 lands on ⚠ | "))
        let notes = try #require(Comparison.notes(results))
        #expect(notes.hasPrefix("⚠ Touch 2 landed on different views under different scenarios"))
    }

    @Test("compare counts the keypad coming up, changing for another field's keys, and hiding apart")
    func compareKeypadCounts() throws {
        // Name (default keys) then email (the email keyboard) under `none`: iOS posts
        // will-show again for the new keyboard type, so will-show fires twice while the keypad
        // came up once and never hid.
        let (text, _) = try record(.noCode) { h in
            h.platform.tap(h.form.name)
            h.platform.settle()
            h.platform.tap(h.form.email)
        }
        let form = Harness(.noCode).form
        #expect(form.email.keyboardType != form.name.keyboardType)
        let results = Comparison.compare(try Recording.parse(text))
        let none = try #require(results.first { $0.0 == .noCode }?.1)
        #expect(none.keypadShows == 2)
        #expect(none.keypadRaises == 1)
        #expect(none.keypadChanges == 1)
        #expect(none.keypadHides == 0)
        let table = Comparison.table(results)
        #expect(table.contains("| keypad shown (from hidden) | "))
        #expect(table.contains("| keypad changed while up | "))
        #expect(Comparison.notes(results) == nil)
    }

    @Test("the built-in matrix cells say what happened, in codes and in words")
    func matrix() {
        let row5 = DismissalMatrix.cases.first { $0.number == 5 }!
        let sendEvent = DismissalMatrix.run(row5, in: .sendEvent)
        #expect(sendEvent.code == "R↓ ✓" && sendEvent.words == "`name` resigns; `submit` fires 1×")
        let tapGesture = DismissalMatrix.run(row5, in: .tapGesture)
        #expect(tapGesture.code == "K ✓" && tapGesture.words == "stays focused; keypad stays up; `submit` fires 1×")
        let reactNative = DismissalMatrix.run(row5, in: .reactNative)
        #expect(reactNative.code == "R↑ ✗" && reactNative.words == "`name` resigns; **`submit` does not fire**")
        let row12 = DismissalMatrix.cases.first { $0.number == 12 }!
        #expect(DismissalMatrix.run(row12, in: .tapGesture).words == "`name` resigns; **`row-2` does not select**")
        #expect(DismissalMatrix.run(row12, in: .keyboardManager).words == "`name` resigns; **`row-2` does not select**")
    }

    @Test("the README's comparison of techniques is exactly what `tapaway matrix` prints")
    func readmeMatrix() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let table = DismissalMatrix.table(DismissalMatrix.cells())
        #expect(
            text.contains(table + "\n<!-- end of matrix -->"),
            "README.md's matrix is out of date: replace it with the output of `tapaway matrix`:\n\(table)")
    }
}

@MainActor
@Suite("Instruments: inspector, overlays, help")
struct InspectorTests {
    @Test("the inspector lists each decision with its touches, newest first")
    func inspectorLog() {
        let h = Harness()
        h.focus(h.form.name)
        h.app.inspector.log.clear()
        h.platform.tap(at: h.emptyBackgroundPoint)
        let entries = h.app.inspector.log.entries
        #expect(entries.count == 2)
        #expect(entries.last?.action == .resign)
        #expect(entries.first?.action == DismissalDecision.Action.none)
        let fact = entries.last!.touches[0]
        #expect(DecisionLogView.describe(fact) == "touch \(fact.touch) began in background · can't be first responder")
    }

    @Test("F2 hides the inspector and the device keeps its size, centred; F1 shows and hides the help card")
    func shortcuts() {
        let h = Harness()
        let app = h.platform.application
        #expect(!h.app.inspector.isHidden)
        let before = app.deviceFrame
        h.platform.press(.function(2))
        #expect(h.app.inspector.isHidden)
        #expect(app.deviceFrame.size == before.size, "the device never takes the inspector's room")
        #expect(app.deviceFrame.minX == before.minX + (InspectorWindow.width / 2).rounded(.down), "it is centred in the room")
        h.platform.press(.function(2))
        #expect(app.deviceFrame == before)
        h.platform.press(.function(1))
        #expect(!h.app.helpCard.isHidden)
        h.platform.tap(at: app.deviceFrame.center)
        #expect(h.app.helpCard.isHidden, "a tap closes the card")
        #expect(h.decisions.isEmpty, "a tap on the card is not a touch in the app")
    }

    @Test("the help card draws every shortcut and experiment, in two columns over the screen and the inspector")
    func helpCardContent() {
        let h = Harness()
        let app = h.platform.application
        h.platform.press(.function(1))
        #expect(h.app.helpCard.frame.minX == app.deviceFrame.minX)
        #expect(h.app.helpCard.frame.maxX == h.app.inspector.frame.maxX)
        let canvas = h.platform.render()
        let drawn = Set(canvas.texts)
        for (keys, _) in HelpCardWindow.shortcuts { #expect(drawn.contains(keys), "\(keys) is missing") }
        // The experiments from the first, as many as fit; a line counts the rest.
        let charter = HelpCardWindow.charter(for: h.app.technique)
        let shown = charter.prefix { drawn.contains($0.0) }.count
        #expect(shown >= 8, "most experiments fit an iPhone's card")
        #expect(charter.dropFirst(shown).allSatisfy { !drawn.contains($0.0) }, "the experiments shown are the first ones")
        let left = charter.count - shown
        if left > 0 {
            #expect(
                drawn.contains(left == 1 ? "1 more experiment in a wider window" : "\(left) more experiments in a wider window"))
        }
        // An iPad's card is tall enough for every one.
        let tall = Harness(size: Size(width: 1600, height: 1400))
        #expect(tall.app.setOption(OptionKey(nil, "device"), to: "ipad"))
        tall.platform.settle()
        tall.platform.press(.function(1))
        let all = Set(tall.platform.render().texts)
        for (todo, _) in charter { #expect(all.contains(todo), "\(todo) is missing on an iPad's card") }
        for needed in ["Middle click", "Ctrl+A C X V", "Ctrl+Z", "Double, triple click", "Hold a keypad key"] {
            #expect(HelpCardWindow.shortcuts.contains { $0.0 == needed }, "\(needed) is not on the card")
        }
        // Every baseline stays above the closing line.
        let closing =
            canvas.operations.compactMap { op -> Double? in
                // The closing line's first line (it wraps on a narrow card).
                if case .text(let t, let p, _) = op, t.count > 20, HelpCardWindow.closingLine.hasPrefix(t) { return p.y }
                return nil
            }.first ?? 0
        let lowest =
            canvas.operations.compactMap { op -> Double? in
                // Only the card's own text: the sidebar beside it may hold the same words.
                if case .text(let t, let p, _) = op, h.app.helpCard.frame.contains(p),
                    HelpCardWindow.charter(for: h.app.technique).contains(where: { $0.1.contains(t) })
                {
                    return p.y
                }
                return nil
            }.max() ?? .infinity
        #expect(lowest < closing - 17, "the experiments run into the closing line")
    }

    @Test("on a phone-sized window the help card shows the experiments that fit and says how many more there are")
    func helpCardNarrow() {
        let platform = HeadlessPlatform(screenSize: Size(width: 390, height: 820))
        let app = TapawayApp(application: platform.application)
        platform.settle()
        platform.press(.function(1))
        let canvas = platform.render()
        let closing =
            canvas.operations.compactMap { op -> Double? in
                // The closing line's first line (it wraps on a narrow card).
                if case .text(let t, let p, _) = op, t.count > 20, HelpCardWindow.closingLine.hasPrefix(t) { return p.y }
                return nil
            }.first ?? 0
        let baselines = canvas.operations.compactMap { op -> Double? in
            if case .text(let t, let p, _) = op, t.count <= 20 || !HelpCardWindow.closingLine.contains(t) { return p.y }
            return nil
        }
        #expect(app.helpCard.frame.width == 390)
        #expect((baselines.max() ?? .infinity) < closing - 17, "nothing runs into the closing line")
        let charter = HelpCardWindow.charter(for: app.technique)
        let shown = charter.filter { canvas.texts.contains($0.0) }.count
        #expect(shown < charter.count)
        #expect(canvas.texts.contains("\(charter.count - shown) more experiments in a wider window"))
    }

    @Test("the touch overlay colours each finger by its phase: a pinned finger turns stationary when another lands")
    func overlayPhaseColours() {
        let h = Harness()
        h.app.setOverlay(.touches, on: true)
        let mouse = h.platform.application.mouse
        let pin = h.platform.center(of: h.form.caption)
        mouse.press(.right, at: pin, timestamp: h.platform.clock.now)
        func ringColour(at point: Point, in canvas: RecordingCanvas) -> Color? {
            for case .strokedRoundedRect(let r, let colour) in canvas.operations
            where abs(r.midX - point.x) < 1 && abs(r.midY - point.y) < 1 {
                return colour
            }
            return nil
        }
        #expect(ringColour(at: pin, in: h.platform.render()) == InstrumentOverlays.color(for: .began))
        let other = h.emptyBackgroundPoint
        mouse.press(.left, at: other, timestamp: h.platform.clock.now)
        let canvas = h.platform.render()
        #expect(ringColour(at: pin, in: canvas) == InstrumentOverlays.color(for: .stationary))
        #expect(ringColour(at: other, in: canvas) == InstrumentOverlays.color(for: .began))
        mouse.release(.left, at: other, timestamp: h.platform.clock.now)
        #expect(ringColour(at: other, in: h.platform.render()) == InstrumentOverlays.color(for: .ended))
        mouse.press(.right, at: pin, timestamp: h.platform.clock.now)
    }

    @Test("overlays draw touches, the focus region and the keypad frame")
    func overlays() {
        let h = Harness()
        h.focus(h.form.name)
        for overlay in OverlayKind.allCases { h.app.setOverlay(overlay, on: true) }
        _ = h.platform.render()
        let id = h.platform.touchDown(at: h.emptyBackgroundPoint)
        let canvas = h.platform.render()
        let ring = canvas.operations.contains {
            if case .strokedRoundedRect(let r, _) = $0 { return abs(r.midX - h.emptyBackgroundPoint.x) < 1 && r.width == 36 }
            return false
        }
        #expect(ring, "a ring where the finger is")
        h.platform.touchUp(id, at: h.emptyBackgroundPoint)
        h.focus(h.form.name)
        let focused = h.platform.render()
        let badge = focused.texts.contains("1") && focused.texts.contains("5")
        #expect(badge, "numbered badges for the order")
        #expect(focused.texts.contains { $0.hasPrefix("keypad ") }, "the keypad's frame is labelled")
    }

    @Test("in a short window the inspector scrolls as a whole instead of squeezing its log away")
    func shortInspectorScrolls() {
        let platform = HeadlessPlatform(screenSize: Size(width: TapawayApp.defaultSize.width, height: 400))
        let app = TapawayApp(application: platform.application)
        platform.settle()
        let inspector = app.inspector
        guard let log = inspector.view(withIdentifier: "inspector-log") else {
            Issue.record("no inspector log")
            return
        }
        #expect(log.frame.height >= InspectorWindow.minimumLogHeight, "the log keeps a readable height")
        #expect(inspector.content.canScroll, "the switches and the log do not fit 400 points")
        #expect(log.frameInScreen.maxY > 400, "the log's end starts below the window")
        platform.application.handleScroll(
            by: Point(x: 0, y: 400), at: Point(x: inspector.frame.midX, y: inspector.frame.minY + 30),
            timestamp: platform.clock.now)
        platform.settle()
        #expect(log.frameInScreen.maxY <= 400 + 1, "scrolled to its end, the log shows whole: \(log.frameInScreen)")
        // A tall window needs no scrolling.
        let tall = HeadlessPlatform(screenSize: TapawayApp.defaultSize)
        let tallApp = TapawayApp(application: tall.application)
        tall.settle()
        #expect(!tallApp.inspector.content.canScroll)
    }

    @Test("the keypad's tag gives the device's points, as the inspector does, and sits above the keys, covering none")
    func keypadTag() {
        let h = Harness()
        h.app.setOverlay(.keypad, on: true)
        var traced: Rect?
        let token = h.platform.application.notificationCenter.addObserver(forName: .keyboardDidShow) { note in
            traced = note.userInfo[KeyboardInfoKey.frameEnd] as? Rect
        }
        defer { h.platform.application.notificationCenter.removeObserver(token) }
        h.focus(h.form.name)
        guard let frame = traced else {
            Issue.record("no did-show notification")
            return
        }
        let device = h.platform.application.deviceFrame
        let tag = InstrumentOverlays.keypadTag(frame, device: device)
        let inDevice = frame.offsetBy(dx: -device.minX, dy: -device.minY)
        #expect(
            tag == "keypad \(Int(inDevice.minX)),\(Int(inDevice.minY)) \(Int(frame.width))×\(Int(frame.height)) device pt")
        // The inspector's keyboard line gives the same numbers, in the same system.
        let numbers = h.app.screen(for: h.app.technique).avoidance.numbers
        let line = InspectorWindow.lines(for: numbers, platform: true).first { $0.hasPrefix("Keyboard ") }
        #expect(
            line?.hasPrefix(
                "Keyboard \(Int(inDevice.minX)),\(Int(inDevice.minY)) \(Int(frame.width))×\(Int(frame.height)) device pt")
                == true, "\(line ?? "no keyboard line")")
        let canvas = h.platform.render()
        let drawn = canvas.operations.compactMap { op -> Point? in
            if case .text(let t, let p, _) = op, t == tag { return p }
            return nil
        }
        #expect(drawn.count == 1, "the tag is drawn once: \(canvas.texts.filter { $0.hasPrefix("keypad") })")
        if let baseline = drawn.first { #expect(baseline.y < frame.minY, "the tag sits above the keypad, over no key") }
    }
}

/// The help card is modal for the keyboard.
@MainActor
@Suite("The help card and the keyboard")
struct HelpCardKeysTests {
    @Test("while the card is open, Escape closes the card and leaves editing alone, and typing edits nothing behind it")
    func keysBelongToTheCard() {
        let h = Harness()
        h.focus(h.form.name)
        h.platform.type("ab")
        h.platform.press(.function(1))
        h.platform.settle()
        #expect(!h.app.helpCard.isHidden)
        h.platform.type("xyz")
        h.platform.press(.backspace)
        #expect(h.form.name.text == "ab", "typing reached the field behind the card")
        h.platform.press(.escape)
        h.platform.settle()
        #expect(h.app.helpCard.isHidden, "Escape closes the card")
        #expect(h.firstResponderID == "name", "Escape with the card open does not end editing")
        h.platform.press(.function(1))
        h.platform.press(.function(1))
        h.platform.settle()
        #expect(h.app.helpCard.isHidden, "F1 opens and closes the card")
        h.platform.type("c")
        #expect(h.form.name.text == "abc", "with the card closed, keys reach the field again")
    }
}

/// A pinned finger never goes unseen.
@MainActor
@Suite("The pinned finger")
struct PinnedFingerTests {
    func ring(at point: Point, in canvas: RecordingCanvas) -> Color? {
        for case .strokedRoundedRect(let r, let colour) in canvas.operations
        where abs(r.midX - point.x) < 1 && abs(r.midY - point.y) < 1 {
            return colour
        }
        return nil
    }

    @Test("with the touch overlay off, a pinned finger still draws its ring and the sidebar offers to lift it")
    func pinnedIsShownAndLifted() throws {
        let h = Harness()
        #expect(!h.app.overlays.showsTouches)
        let mouse = h.platform.application.mouse
        let pin = h.platform.center(of: h.form.caption)
        #expect(h.app.sidebar.pinnedItem.isHidden)
        mouse.press(.right, at: pin, timestamp: h.platform.clock.now)
        h.platform.settle()
        #expect(ring(at: pin, in: h.platform.render()) == InstrumentOverlays.color(for: .began))
        #expect(!h.app.sidebar.pinnedItem.isHidden)
        #expect(h.app.sidebar.pinnedItem.title == "1 finger pinned")
        #expect(h.app.sidebar.pinnedItem.frame.height > 0)
        // A click on the row lifts the finger.
        h.platform.tap(h.app.sidebar.pinnedItem)
        h.platform.settle()
        #expect(mouse.pinnedLocation == nil)
        #expect(!h.platform.application.touchesDown.contains { $0.identifier == MouseTouches.pinnedID })
        #expect(h.app.sidebar.pinnedItem.isHidden)
        h.platform.advance(by: InstrumentOverlays.trailLifetime + 0.1)
        #expect(ring(at: pin, in: h.platform.render()) == nil, "the ring goes once the finger lifts")
    }
}

/// The inspector's log: every way editing ends has an entry, and the log can be scrolled,
/// filtered, cleared and copied from.
@MainActor
@Suite("The inspector's log")
struct InspectorLogTests {
    @Test("Escape or Tab that a delegate refuses gets a note too: the field kept the focus, and why")
    func refusedKeys() {
        // email-validates gives email a delegate that refuses to resign while its text lacks '@'
        // (textFieldShouldEndEditing returning false): Escape only asks, and so does Tab.
        let h = Harness(.sendEvent)
        h.app.setOption(OptionKey(nil, "email-validates"), to: "on")
        h.focus(h.form.email)
        h.platform.type("ab")
        h.platform.press(.escape)
        h.platform.settle()
        #expect(h.firstResponderID == "email")
        let escape = h.app.inspector.log.entries.first
        #expect(escape?.source == "Escape", "\(h.app.inspector.log.entries.map(\.reason))")
        #expect(escape?.reason.contains("its delegate refused (textFieldShouldEndEditing returned false)") == true)
        h.platform.press(.tab)
        h.platform.settle()
        #expect(h.firstResponderID == "email")
        #expect(h.app.inspector.log.entries.first?.source == "Tab", "\(h.app.inspector.log.entries.map(\.reason))")
        // Once the text passes, Escape ends editing with the usual note and no refusal.
        h.platform.type("@x")
        h.platform.press(.escape)
        h.platform.settle()
        #expect(h.firstResponderID == nil)
        #expect(h.app.inspector.log.entries.first?.verdict == "editing ended")
    }

    @Test("editing that no technique ended gets a note: Escape, a drag with dismiss on drag, a switch of technique")
    func notes() {
        let h = Harness(.tapGesture)
        h.focus(h.form.name)
        h.platform.press(.escape)
        h.platform.settle()
        #expect(h.app.inspector.log.entries.first?.source == "Escape", "\(h.app.inspector.log.entries.map(\.reason))")
        #expect(h.app.inspector.log.entries.first?.decision == nil)

        h.app.setOption(OptionKey(nil, "dismiss"), to: "on-drag")
        // The form fits the screen: as on iOS, only a form that always bounces begins a drag.
        h.app.setOption(OptionKey(nil, "bounce"), to: "always")
        h.focus(h.form.name)
        h.platform.drag(from: h.emptyBackgroundPoint, to: h.emptyBackgroundPoint.offsetBy(dx: 0, dy: -80))
        h.platform.settle()
        #expect(h.firstResponderID == nil)
        #expect(
            h.app.inspector.log.entries.first?.source == "keyboardDismissMode", "\(h.app.inspector.log.entries.map(\.reason))")
        // In UIKit's terms under a UIKit technique.
        #expect(h.app.inspector.log.entries.first?.reason.contains("keyboardDismissMode (.onDrag)") == true)

        h.focus(h.form.name)
        h.app.show(.keyboardManager, animated: false)
        h.platform.settle()
        #expect(h.app.inspector.log.entries.first?.source == "navigation", "\(h.app.inspector.log.entries.map(\.reason))")
    }

    @Test("a technique's own resign leaves no note beside its decision")
    func noNoteWhenDecided() {
        let h = Harness(.sendEvent)
        h.focus(h.form.name)
        h.app.inspector.log.clear()
        h.platform.tap(at: h.emptyBackgroundPoint)
        h.platform.settle()
        #expect(h.app.inspector.log.entries.allSatisfy { $0.decision != nil })
    }

    @Test("a run of moves collapses into one entry; the filter hides moves and nothing-to-do; Clear empties the log")
    func collapseFilterClear() {
        let h = Harness(.sendEvent)
        h.focus(h.form.name)
        h.app.inspector.log.clear()
        let before = h.app.inspector.log.count
        let start = h.form.name.frameInScreen.center
        let id = h.platform.touchDown(at: start)
        for step in 1...8 { h.platform.touchMove(id, to: start.offsetBy(dx: Double(step * 3), dy: 0)) }
        h.platform.touchUp(id, at: start.offsetBy(dx: 24, dy: 0))
        h.platform.settle()
        let log = h.app.inspector.log
        let moves = log.entries.filter { $0.touches.allSatisfy { $0.phase == .moved } }
        #expect(moves.count == 1 && moves.first?.repeats == 8, "\(log.entries.map { ($0.reason, $0.repeats) })")
        #expect(log.count - before == log.entries.reduce(0) { $0 + $1.repeats }, "every decision is counted once")
        h.platform.tap(h.app.inspector.filterItem)
        #expect(log.hidesMoves && h.app.inspector.filterItem.isOn)
        #expect(log.shownEntries.allSatisfy { !$0.isMove } && log.shownEntries.count < log.entries.count)
        // Hide moves hides the moves, nothing else: a tap with nothing focused stays in view.
        _ = h.app.window.transferFirstResponder(to: nil, force: true)
        h.platform.settle()
        h.platform.tap(at: h.form.background.frameInScreen.origin.offsetBy(dx: 6, dy: 6))
        h.platform.settle()
        #expect(log.shownEntries.contains { $0.action == DismissalDecision.Action.none }, "\(log.shownEntries.map(\.reason))")
        h.platform.tap(h.app.inspector.clearItem)
        #expect(log.entries.isEmpty)
    }

    @Test("a tap on an entry copies it as its trace line")
    func copy() {
        let h = Harness(.sendEvent)
        h.focus(h.form.name)
        h.app.inspector.log.clear()
        h.platform.tap(at: h.emptyBackgroundPoint)
        h.platform.settle()
        let log = h.app.inspector.log
        let top = log.frameInScreen.origin.offsetBy(dx: 40, dy: 12)
        h.platform.tap(at: top)
        let copied = h.platform.application.clipboard.text ?? ""
        #expect(copied == log.shownEntries.first?.traceLine)
        #expect(copied.hasPrefix("{\"kind\":\"decision\",\"strategy\":\"send-event\""), "\(copied)")
        #expect(log.copiedNumber == log.shownEntries.first?.number)
    }

    @Test("a tap on where an entry was, after Clear and before the next layout, copies nothing (the monkey's crash)")
    func copyAfterClear() {
        let h = Harness(.sendEvent)
        h.focus(h.form.name)
        h.platform.tap(at: h.emptyBackgroundPoint)
        h.platform.settle()
        let log = h.app.inspector.log
        #expect(!log.shownEntries.isEmpty)
        h.platform.application.clipboard.text = "before"
        log.clear()
        // The entries' bands are those of the last layout until the next one.
        h.platform.tap(at: log.frameInScreen.origin.offsetBy(dx: 40, dy: 12))
        #expect(h.platform.application.clipboard.text == "before")
        #expect(log.copiedNumber == nil)
    }

    @Test("the log scrolls when its entries are taller than it")
    func scrolls() {
        let h = Harness(.sendEvent)
        h.focus(h.form.name)
        for _ in 0..<12 {
            h.platform.tap(h.form.email)
            h.platform.tap(h.form.name)
        }
        h.platform.settle()
        let log = h.app.inspector.log
        #expect(log.contentSize.height > log.bounds.height)
        let before = log.contentOffset.y
        h.platform.application.handleScroll(
            by: Point(x: 0, y: 120), at: log.frameInScreen.center, timestamp: h.platform.clock.now)
        h.platform.settle()
        #expect(log.contentOffset.y > before)
    }
}

/// What a recording holds is printed escaped, and its header may name only what exists.
@MainActor
@Suite("Recording headers and printable text")
struct RecordingHeaderTests {
    @Test("terminal controls are escaped; letters, marks, emoji and right-to-left text are kept")
    func escaping() {
        #expect(Printable.escaped("\u{1B}]0;x\u{7}") == "\\u{1B}]0;x\\u{7}")
        #expect(Printable.escaped("a\u{202E}b\u{9B}c\u{2028}") == "a\\u{202E}b\\u{9B}c\\u{2028}")
        #expect(Printable.escaped("é👩🏽‍💻 مرحبا") == "é👩🏽‍💻 مرحبا")
        #expect(Printable.escaped("back\\slash") == "back\\\\slash")
        #expect(Printable.quoted(String(repeating: "x", count: 1_000)).count < 70)
    }

    @Test("an unknown scenario or focused input is an error on the header's line, its text escaped")
    func header() {
        func error(_ text: String) -> RecordingError? {
            do { _ = try Recording.parse(text); return nil } catch { return error }
        }
        let scenario = error("\n" + #"{"kind":"header","scenario":"\u001b[2Jnope"}"#)
        #expect(scenario?.line == 2)
        #expect(scenario?.description.contains("unknown scenario") == true)
        #expect(scenario?.description.unicodeScalars.contains { $0.value == 0x1B } == false, "\(String(describing: scenario))")
        let focused = error(#"{"kind":"header","scenario":"send-event","focused":"submit"}"#)
        #expect(focused?.line == 1 && focused?.description.contains("not an input") == true)
        #expect(error(#"{"kind":"header","scenario":"tap-gesture","focused":"notes"}"#) == nil)
        #expect(ScreenForm.inputIdentifiers == Harness().app.focusableIdentifiers, "the list follows the form")
    }
}

/// What stops a recording is not part of it.
@MainActor
@Suite("The input that stops a recording")
struct RecordingStopTests {
    @Test("a click on the record switch and the F9 key are left out of the recording; the session's taps are in")
    func stoppingInputLeftOut() throws {
        let h = Harness()
        h.app.onRecordingToggle = {}
        h.platform.settle()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tapaway-stop-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorder = InputRecorder(application: h.platform.application, sink: try TraceSink.file(path), scenario: "send-event")
        h.platform.tap(h.form.name)
        h.platform.tap(h.app.sidebar.recordItem)
        h.platform.press(.function(9))
        recorder.stopObserving()
        let recording = try Recording.load(contentsOf: path)
        let toggle = h.app.sidebar.recordItem.frameInScreen
        var points: [Point] = []
        var keys: [KeyInput.Key] = []
        for (_, input) in recording.inputs {
            switch input {
            case .pointer(_, _, let at): points.append(at)
            case .pointers(let changes): points += changes.map(\.at)
            case .key(let key): keys.append(key.key)
            default: break
            }
        }
        #expect(points.count == 2 && points.allSatisfy { h.form.name.frameInScreen.contains($0) }, "\(points)")
        #expect(!points.contains { toggle.contains($0) }, "the record switch's click was recorded")
        #expect(!keys.contains(.function(9)), "F9 was recorded")
    }
}

/// A replay can be paused, stepped and resumed, and says how far it has gone.
@MainActor
@Suite("Replay controls")
struct ReplayControlTests {
    @Test("paused, no input goes in however long it waits; each step feeds one; resumed, it finishes")
    func pauseStepResume() throws {
        let (text, _) = try InstrumentsRecording.make { h in
            for field in [h.form.name, h.form.email, h.form.password] {
                h.platform.advance(by: 0.5)
                h.platform.tap(field)
            }
        }
        let recording = try Recording.parse(text)
        let replay = Harness()
        let replayer = InputReplayer(application: replay.platform.application, recording: recording, speed: 1)
        var progress: [Int] = []
        var finished = false
        replayer.onProgress = { progress.append($0) }
        replayer.onFinish = { _ in finished = true }
        replayer.start()
        replayer.pause()
        replay.platform.advance(by: 5)
        #expect(replayer.fed == 0 && progress.isEmpty, "paused, nothing goes in")
        replayer.step()
        replayer.step()
        #expect(replayer.fed == 2 && progress == [1, 2])
        replay.platform.advance(by: 5)
        #expect(replayer.fed == 2, "still paused after stepping")
        replayer.resume()
        for _ in 0..<600 where !finished { replay.platform.advance(by: 1.0 / 60) }
        #expect(finished && replayer.fed == replayer.total)
        #expect(replay.firstResponderID == "password", "the replay ends where the session did")
    }

    @Test("the banner says how far the replay has gone and which keys control it")
    func bannerWords() {
        let h = Harness()
        h.app.replayBanner.show(fed: 12, of: 40, paused: false)
        #expect(h.app.replayBanner.message == "Replaying 12 of 40 · Space pauses")
        #expect(!h.app.replayBanner.isHidden && !h.app.replayBanner.isUserInteractionEnabled)
        h.app.replayBanner.show(fed: 12, of: 40, paused: true)
        #expect(h.app.replayBanner.message == "Paused at 12 of 40 · Space resumes · → steps one")
        #expect(h.app.replayBanner.frame.minY > h.app.window.frame.minY && h.app.replayBanner.frame.width > 0)
    }
}

/// Records what a body does on a fresh harness.
@MainActor
enum InstrumentsRecording {
    static func make(_ body: (Harness) -> Void) throws -> (String, Harness) {
        let h = Harness()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tapaway-rec-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorder = InputRecorder(application: h.platform.application, sink: try TraceSink.file(path), scenario: "send-event")
        body(h)
        recorder.stopObserving()
        return (try String(contentsOfFile: path, encoding: .utf8), h)
    }
}

/// The inspector's cards in each platform's own words, agreeing with the trace's touch lines.
@MainActor
@Suite("Inspector cards in the platform's words")
struct InspectorWordsTests {
    @Test(
        "under swiftui, a scroll's dismissal is .scrollDismissesKeyboard, and a text that takes the hit is named as the touch line names it"
    )
    func swiftUIWords() throws {
        let h = Harness(.swiftUI)
        h.app.setOption(OptionKey(TechniqueID.swiftUI, "scroll-dismisses"), to: "immediately")
        h.app.setOption(OptionKey(nil, "bounce"), to: "always")
        h.platform.settle()
        h.focus(h.form.name)
        h.platform.drag(from: h.emptyBackgroundPoint, to: h.emptyBackgroundPoint.offsetBy(dx: 0, dy: -80))
        h.platform.settle()
        let drag = try #require(h.app.inspector.log.entries.first { $0.source == "keyboardDismissMode" })
        #expect(drag.reason.contains(".scrollDismissesKeyboard(.immediately)"), "\(drag.reason)")
        #expect(!drag.reason.contains("keyboardDismissMode"), "no UIKit words under SwiftUI: \(drag.reason)")
        // SwiftUI's Text takes hits: a tap on the SUGGESTIONS header keeps focus, and the card
        // names the text with the name the touch line gives it.
        h.form.setContentOffset(.zero, animated: false)
        h.focus(h.form.name)
        let header = try #require(h.form.labels.first { $0.text == "SUGGESTIONS" })
        h.platform.tap(header)
        h.platform.settle()
        let kept = try #require(h.decisions.last { $0.action == .keep })
        let traced = try #require(kept.touches.first?.view)
        #expect(kept.reason.contains("the text “SUGGESTIONS” (traced as \(traced)"), "\(kept.reason)")
    }
}

/// Options that differ from their defaults are marked, and one row puts them all back.
@MainActor
@Suite("Options changed, and reset")
struct OptionsResetTests {
    @Test("an option off its default carries a dot; Reset options shows, and puts every option back")
    func resetOptions() throws {
        let h = Harness(.tapGesture)
        let sidebar = h.app.sidebar
        #expect(sidebar.resetItem.isHidden, "nothing differs at first")
        let toggle = try #require(sidebar.optionItem("option-cancels-touches"))
        #expect(!toggle.title.hasSuffix(SidebarWindow.changedMark))
        h.app.setOption(OptionKey(.tapGesture, "cancels-touches"), to: "off")
        h.app.setOption(OptionKey(nil, "dismiss"), to: "on-drag")
        h.platform.settle()
        #expect(toggle.title.hasSuffix(SidebarWindow.changedMark))
        #expect(!sidebar.resetItem.isHidden && sidebar.resetItem.subtitle == "2 options differ from their defaults")
        #expect(h.app.inspector.hint == "F2 hides this panel · 2 options changed")
        // It is the sidebar's last row: scrolled into view, as a person would.
        let content = sidebar.content
        content.setContentOffset(Point(x: 0, y: max(0, content.contentSize.height - content.bounds.height)), animated: false)
        h.platform.settle()
        h.platform.tap(sidebar.resetItem)
        h.platform.settle()
        #expect(h.app.options.values.isEmpty)
        #expect(h.app.options.value(of: OptionKey(.tapGesture, "cancels-touches")) == "on")
        #expect(h.app.options.value(of: OptionKey(nil, "dismiss")) == "none")
        #expect(!toggle.title.hasSuffix(SidebarWindow.changedMark))
        #expect(sidebar.resetItem.isHidden)
        #expect(h.app.inspector.hint == "F2 hides this panel")
    }
}
