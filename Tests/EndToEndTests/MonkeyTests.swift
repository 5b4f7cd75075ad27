import Foundation
import Glibc
import TapawayTestSupport
import Testing

/// The monkey's settings, from the environment: `TAPAWAY_MONKEY_SEED` (default: a fresh seed
/// each run, printed so a failure can be replayed with it), `TAPAWAY_MONKEY_INPUTS` (default:
/// 3 000 in CI; 100 000 or more for the long run) and `TAPAWAY_MONKEY_MINUTES` (a soak: keep
/// going for that long, sampling the resident memory).
struct MonkeySettings {
    var seed = UInt64.random(in: 1...999_999_999)
    /// Whether the seed was given (`TAPAWAY_MONKEY_SEED`) rather than drawn for this run.
    var seedGiven = false
    var inputs = 3_000
    var minutes: Double?

    static func fromEnvironment() -> MonkeySettings {
        var settings = MonkeySettings()
        let environment = ProcessInfo.processInfo.environment
        if let text = environment["TAPAWAY_MONKEY_SEED"], !text.isEmpty {
            guard let seed = UInt64(text) else { fatalError("TAPAWAY_MONKEY_SEED=\(text) is not a whole number") }
            settings.seed = seed
            settings.seedGiven = true
        }
        if let text = environment["TAPAWAY_MONKEY_INPUTS"], let inputs = Int(text), inputs > 0 { settings.inputs = inputs }
        if let text = environment["TAPAWAY_MONKEY_MINUTES"], let minutes = Double(text), minutes > 0 {
            settings.minutes = minutes
        }
        return settings
    }
}

/// What the monkey knows of the program, read back from its trace: the scenario on screen, the
/// focused input, the keypad's last phase and each input's text per scenario.
struct MonkeyModel {
    var scenario = "send-event"
    var focused: String?
    /// The scenario whose screen holds the focused input.
    var focusedScreen: String?
    /// Whether the keypad's keys show: its last phase was did-show, with the software keyboard
    /// in use (a hardware keyboard leaves only the bar).
    var keypadShown = false
    /// Whether the software keyboard is in use, as the last keypad line said (`keys`).
    var softwareKeyboard = true
    /// Whether the last keypad hide was a technique's own, or Android's Back's, with the focus kept.
    var hiddenByTechnique = false
    /// How many `hide` decisions (and Backs the keyboard took) the trace gave: the keypad hid and
    /// the focus stayed.
    var techniqueHides = 0
    var texts: [String: String] = [:]
    var lengths: [String: Int] = [:]
    /// The index of the first trace line not yet applied.
    var read = 0
    /// The trace line at which the session's recording (`--record`) stopped, if it did: a
    /// click on the sidebar's Record item stops it, as F9 does, and the monkey clicks anywhere.
    var recordingStoppedAt: Int?

    /// The text inputs: the form's, and the chat screen's `message` (a tap on the sidebar's
    /// `layout=chat` puts it on screen).
    static let inputs: Set<String> = ["name", "email", "password", "phone", "notes", "message"]

    /// The length of the input at `key`, as the trace last said (secure inputs give lengths).
    func length(of key: String) -> Int { lengths[key] ?? texts[key]?.count ?? 0 }

    /// The length of every input the trace has named.
    var allLengths: [Int] { Set(texts.keys).union(lengths.keys).map(length(of:)) }

    /// The key of the focused input `id` in `texts` and `lengths`.
    func key(_ id: String) -> String { (focusedScreen ?? scenario) + "/" + id }

    /// The area of a trace frame `[x, y, width, height]`, or nil when it is not one.
    static func size(_ value: Any?) -> Double? {
        guard let frame = value as? [Any], frame.count == 4, let width = JSONValue.number(frame[2]),
            let height = JSONValue.number(frame[3])
        else { return nil }
        return width * height
    }

    /// Applies the trace lines not yet read; returns the first broken invariant, if any.
    mutating func apply(_ lines: [TraceLine]) -> String? {
        var problem: String?
        for line in lines where line.index >= read {
            switch line.kind {
            case "scenario":
                scenario = line.string("id") ?? scenario
            case "focus":
                focused = line.string("id")
                focusedScreen = line.string("screen")
                hiddenByTechnique = false
            case "keypad":
                if let keys = line["keys"] as? Bool { softwareKeyboard = keys }
                if line.string("phase") == "didShow" { keypadShown = softwareKeyboard; hiddenByTechnique = false }
                if line.string("phase") == "didHide" { keypadShown = false }
                // iPad's floating keyboard posts no show and no hide, only change-frame: from a
                // zero-sized frame as it comes, to one as it goes (docs/devices.md, "The floating
                // keyboard"). A docked keyboard's frames always have a size.
                if line.string("phase") == "didChangeFrame", let begin = Self.size(line.object["beginFrame"]),
                    let end = Self.size(line.object["frame"])
                {
                    if end == 0 {
                        keypadShown = false
                    } else if begin == 0 {
                        keypadShown = softwareKeyboard
                        hiddenByTechnique = false
                    }
                }
            case "text":
                guard let id = line.string("id") else { break }
                if problem == nil, id != focused {
                    problem = "line \(line.index): the text of \(id) changed while \(focused ?? "nothing") was focused"
                }
                let screen = line.string("screen") ?? scenario
                // The same id on another screen is another input: the text must be the focused one's.
                if problem == nil, let focusedScreen, screen != focusedScreen {
                    problem =
                        "line \(line.index): the text of \(id) on the \(screen) screen changed while \(id) on the \(focusedScreen) screen was focused"
                }
                let key = screen + "/" + id
                if let edit = line.object["edit"] as? [Any], edit.count == 3,
                    let from = JSONValue.number(edit[0]).map(Int.init), let to = JSONValue.number(edit[1]).map(Int.init),
                    let inserted = edit[2] as? String
                {
                    // The text as a consumer rebuilds it: each edit applied to the last.
                    var bytes = Array((texts[key] ?? "").utf8)
                    if from < 0 || from > to || to > bytes.count {
                        if problem == nil {
                            problem = "line \(line.index): the edit \(edit) lies outside the \(bytes.count) bytes of \(key)"
                        }
                    } else {
                        bytes.replaceSubrange(from..<to, with: Array(inserted.utf8))
                    }
                    let rebuilt = String(decoding: bytes, as: UTF8.self)
                    if problem == nil, let text = line.string("text"), text != rebuilt {
                        problem =
                            "line \(line.index): the edits rebuild \(rebuilt.debugDescription), the line says \(text.debugDescription)"
                    }
                    texts[key] = rebuilt
                    lengths[key] = nil
                } else {
                    // A secure field: its length only; the next edit starts from nothing.
                    texts[key] = nil
                    if let length = line.number("length") { lengths[key] = Int(length) }
                }
            case "systemBack":
                // Android's Back with the keyboard up: the input method hides it and the field
                // keeps its focus (README, the `systemBack` line's `took`).
                if line.string("took") == "keyboard" {
                    hiddenByTechnique = true
                    techniqueHides += 1
                }
            case "decision":
                // A technique that hides the keyboard and keeps the focus (Android's ACTION_UP
                // variant) leaves a focused input with no keypad, as on the device.
                if line.string("action") == "hide" {
                    hiddenByTechnique = true
                    techniqueHides += 1
                }
                if problem == nil, let responder = line.string("firstResponder"), responder != focused {
                    problem =
                        "line \(line.index): the technique saw \(responder) as first responder, the trace last focused \(focused ?? "nothing")"
                }
                // No first responder (null, or the field left out) must mean the focus line said nothing.
                if problem == nil, line.string("firstResponder") == nil, let focused {
                    problem = "line \(line.index): the technique saw no first responder, the trace last focused \(focused)"
                }
            case "layout":
                // A frame in the trace never has a negative width or height (issue 36).
                if problem == nil, let bad = line.views.first(where: { $0.frame.width < 0 || $0.frame.height < 0 }) {
                    problem = "line \(line.index): a layout line gives \(bad.id) a negative size: \(bad)"
                }
            case "recording":
                if recordingStoppedAt == nil, line.string("phase") == "stopped" { recordingStoppedAt = line.index }
            default:
                break
            }
        }
        read = max(read, (lines.last?.index ?? -1) + 1)
        return problem
    }
}

/// The monkey: random real X input on a private Xvfb, with the program's invariants checked through the
/// trace after every batch.
///
/// A failure names the seed and keeps the recording.
@Suite("Monkey, end to end")
struct MonkeyTests {
    @Test("random clicks, drags, two-finger touches, keys, pastes, resizes and scenario switches break no invariant")
    func monkey() throws {
        try Self.run(MonkeySettings.fromEnvironment())
    }

    /// Issue 38's held-out monkey stopped once on a loaded machine with "focus `name` but keypad phase
    /// didHide".
    ///
    /// That state is the program's, faithfully: under `android` with the ACTION_UP variant, a tap
    /// outside hides the keyboard and the EditText keeps its focus (`hideSoftInputFromWindow` without
    /// `clearFocus`); the trace says so with a `decision` line whose `action` is `hide`, which the
    /// README's trace table did not list. This run stays on that screen with a busy loop on a core
    /// beside it, and expects the documented invariant to hold while the state is reached.
    @Test("under a CPU hog, on android's ACTION_UP variant: a hidden keypad with the focus kept comes only after a hide decision")
    func monkeyUnderLoadOnActionUp() throws {
        var settings = MonkeySettings.fromEnvironment()
        if ProcessInfo.processInfo.environment["TAPAWAY_MONKEY_INPUTS"] == nil { settings.inputs = 800 }
        let hog = CPUHog()
        defer { hog.stop() }
        // Each batch of 10 random inputs starts with a race: `name` tapped, a tap outside it
        // (the keypad hides at the lift, the focus stays), and every other time `name` tapped
        // again at once, while the keypad is on its way down; the checks after each race see
        // the state the held-out monkey stopped on, and that a quick tap brings the keys back.
        let run = try Self.run(
            settings, arguments: ["--scenario", "android", "--set", "android.trigger=up"], staysOnScreen: true,
            checkEvery: 10, racesFocus: true)
        #expect(
            run.hiddenWithFocusSeen > 0,
            "no check found the state the held-out monkey reported (seed \(settings.seed), \(run.inputs) inputs, \(run.techniqueHides) hide decisions)"
        )
    }

    /// What a monkey run saw, for the tests that ask more than "no invariant broke".
    struct Run {
        var inputs: Int
        var techniqueHides: Int
        var hiddenWithFocusSeen: Int
    }

    /// One monkey run with `settings` on `tapaway ARGUMENTS`; records an issue for the first broken
    /// invariant.
    ///
    /// `staysOnScreen`: no deliberate switch of scenario or technique; `checkEvery`: the inputs between
    /// checks; `racesFocus`: each batch starts with a race of a focus change against the keypad's hide
    /// (`Monkey.race()`).
    @discardableResult
    static func run(
        _ settings: MonkeySettings, arguments: [String] = [], staysOnScreen: Bool = false, checkEvery: Int? = nil,
        racesFocus: Bool = false
    ) throws -> Run {
        let recording = FileManager.default.temporaryDirectory.appendingPathComponent("tapaway-monkey-\(settings.seed).jsonl")
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("tapaway-monkey-data-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        print(
            "monkey: seed \(settings.seed) (\(settings.seedGiven ? "given" : "fresh this run")), \(settings.inputs) inputs\(settings.minutes.map { ", soak for \($0) minutes" } ?? "")\(arguments.isEmpty ? "" : ", tapaway " + arguments.joined(separator: " ")) (TAPAWAY_MONKEY_SEED=\(settings.seed) replays it)"
        )
        var failure: String?
        var result = Run(inputs: 0, techniqueHides: 0, hiddenWithFocusSeen: 0)
        let started = Date()
        try Session.run(
            arguments: ["--no-settings", "--record", recording.path] + arguments,
            environment: ["XDG_DATA_HOME": data.path]
        ) { s in
            let probe = try DesktopProbe(displayName: s.display.name)
            let window = try probe.window()
            var monkey = Monkey(session: s, window: window, seed: settings.seed, registry: try Registry.load())
            monkey.staysOnScreen = staysOnScreen
            monkey.checkEvery = checkEvery
            monkey.racesFocus = racesFocus
            let deadline = settings.minutes.map { started.addingTimeInterval($0 * 60) }
            // Warm-up: the first two minutes (half of a soak shorter than four minutes) fill
            // caches and pools; growth is measured from there.
            let warmUp = settings.minutes.map { min(120, $0 * 30) } ?? 0
            // Resident memory is read after every batch, but the program gives its free heap
            // pages back only when idle and at most every 5 seconds: one reading lands anywhere
            // in that cycle (a swing of 200 KiB or more within a minute). The growth compares
            // the lowest reading of the minute after warm-up with the lowest of the last minute
            // (a quarter of the soak's length when shorter): what the program keeps.
            let floorWindow = settings.minutes.map { min(60, $0 * 15) } ?? 0
            var warmSamples: [Int] = []
            var warmTime: Date?
            var warmCharacters = 0
            var recent: [(time: Date, rss: Int)] = []
            var firstRSS: Int?
            var lastRSS = 0
            var nextReport = started.addingTimeInterval(60)
            // A soak goes on past a broken invariant (the first is reported), so that its memory
            // figure covers the whole time; a run of inputs stops at the first.
            while failure == nil || (deadline != nil && s.app.process.isRunning) {
                let done = deadline.map { Date() >= $0 } ?? (monkey.inputs >= settings.inputs)
                if done { break }
                // Checks cost a wait for the program to finish each: long runs check every 200 inputs, short ones every 40.
                let problem = try monkey.batch(
                    size: monkey.checkEvery ?? (settings.inputs > 5_000 || settings.minutes != nil ? 200 : 40))
                if failure == nil, let problem { failure = "after \(monkey.inputs) inputs: " + problem }
                if deadline != nil, let rss = Monkey.residentKiB(of: s.app.process.pid) {
                    let now = Date()
                    lastRSS = rss
                    if now >= started.addingTimeInterval(warmUp) {
                        if warmTime == nil {
                            warmTime = now
                            firstRSS = rss
                            warmCharacters = monkey.model.allLengths.reduce(0, +)
                        }
                        if let warmTime, now.timeIntervalSince(warmTime) < floorWindow { warmSamples.append(rss) }
                    }
                    recent.append((now, rss))
                    recent.removeAll { now.timeIntervalSince($0.time) > floorWindow }
                    // Once a minute: memory against inputs and against the characters the inputs
                    // hold (what the monkey typed and a program must keep), so growth can be read
                    // per input and net of the text.
                    if Date() >= nextReport {
                        nextReport = Date().addingTimeInterval(60)
                        print(
                            "monkey: at \(Int(Date().timeIntervalSince(started))) s, \(monkey.inputs) inputs, resident \(rss) KiB, the inputs hold \(monkey.model.allLengths.reduce(0, +)) characters"
                        )
                        fflush(nil)
                    }
                }
            }
            if failure == nil, let problem = try monkey.check() { failure = "after \(monkey.inputs) inputs: " + problem }
            let seconds = Date().timeIntervalSince(started)
            print(
                "monkey: \(monkey.inputs) inputs in \(Int(seconds)) s (\(Int(Double(monkey.inputs) / max(seconds, 1))) a second), \(monkey.checks) checks, \(monkey.probes) text probes, \(monkey.switches) scenario switches, \(monkey.resizes) resizes, \(monkey.clears) long inputs cleared, \(monkey.cardsClosed) cards closed, \(monkey.model.techniqueHides) keypad hides with the focus kept (\(monkey.hiddenWithFocusSeen) checks found one); the inputs hold \(monkey.model.allLengths.reduce(0, +)) characters, the longest \(monkey.model.allLengths.max() ?? 0)"
            )
            if let warmTime, let warmRSS = warmSamples.min(), let endRSS = recent.map(\.rss).min(), let firstRSS {
                let minutes = Date().timeIntervalSince(warmTime) / 60
                let growth = endRSS - warmRSS
                // The text typed into the inputs is data the program must keep: say how much
                // more of it there is than at warm-up, beside the growth (which includes it).
                print(
                    "monkey: resident memory \(warmRSS) KiB (lowest in the \(Int(floorWindow)) s after \(Int(warmUp)) s of warm-up), \(endRSS) KiB (lowest in the last \(Int(floorWindow)) s): \(growth) KiB growth in \(String(format: "%.1f", minutes)) minutes (\(Int((Double(growth) / max(minutes, 0.1)).rounded())) KiB a minute; single readings \(firstRSS) and \(lastRSS) KiB); meanwhile the text the inputs hold went from \(warmCharacters) to \(monkey.model.allLengths.reduce(0, +)) characters"
                )
                // Issue 21: under 256 KB over a 30-minute soak after the first two minutes.
                #expect(growth < 256, "resident memory grew by \(growth) KiB after warm-up")
            }
            if let failure {
                // The recording reproduces the run only if no click stopped it on the way.
                let replay =
                    monkey.model.recordingStoppedAt.map {
                        "the session's recording stopped at trace line \($0) (a click on the sidebar's Record item), so \(recording.path) holds only the inputs before it; TAPAWAY_MONKEY_SEED=\(settings.seed) runs the monkey again"
                    } ?? "the recording that reproduces it: \(recording.path) (tapaway --replay \(recording.path))"
                Issue.record(Comment(rawValue: "monkey seed \(settings.seed), \(failure)\n\(replay)\n\(s.app.diagnostics)"))
            }
            result = Run(
                inputs: monkey.inputs, techniqueHides: monkey.model.techniqueHides,
                hiddenWithFocusSeen: monkey.hiddenWithFocusSeen)
        }
        if failure == nil { try? FileManager.default.removeItem(at: recording) }
        return result
    }
}

/// A busy loop on a thread of its own at normal priority, standing for the other work of a
/// loaded machine, until `stop()`.
final class CPUHog: @unchecked Sendable {
    private let lock = NSLock()
    private var running = true
    private var thread: Thread?

    init() {
        let thread = Thread { [self] in
            var x: UInt64 = 1
            while isRunning { for _ in 0..<100_000 { x = x &* 6_364_136_223_846_793_005 &+ 1 } }
            if x == 0 { print("") }  // keeps the loop's work from being optimised away
        }
        self.thread = thread
        thread.start()
    }

    private var isRunning: Bool {
        lock.lock()
        defer { lock.unlock() }
        return running
    }

    /// Ends the loop after the current input.
    func stop() {
        lock.lock()
        running = false
        lock.unlock()
    }
}

/// One monkey run's input generator and checker.
struct Monkey {
    let session: Session
    let window: UInt
    /// The techniques and their sidebar items, from the program itself.
    let registry: Registry
    var random: SeededGenerator
    var model = MonkeyModel()
    var inputs = 0
    var checks = 0
    var probes = 0
    var switches = 0
    var resizes = 0
    var pinned = false
    /// Whether the monkey leaves the scenario alone: no tap on a scenario or technique row on
    /// purpose (a random point may still land on one).
    var staysOnScreen = false
    /// Inputs between checks; nil: 40, or 200 for long runs.
    var checkEvery: Int?
    /// Whether each batch starts with `race()`.
    var racesFocus = false
    /// How many races were run.
    var races = 0
    /// How many checks found a text input focused with the keypad hidden by a technique's
    /// `hide` decision: the state issue 38's held-out monkey stopped on.
    var hiddenWithFocusSeen = 0
    var clears = 0
    /// How many times a check found a card (help, Audit) up and closed it before its probe.
    var cardsClosed = 0
    var size: (width: Int, height: Int)
    /// The length past which a batch ends by clearing the focused input.
    static let longText = 2_000
    /// The characters all the inputs together may hold before the monkey clears the one it is
    /// in: about what they hold after the two minutes of a soak's warm-up.
    static let heldTextBudget = 16_000

    init(session: Session, window: UInt, seed: UInt64, registry: Registry) {
        self.session = session
        self.window = window
        self.registry = registry
        random = SeededGenerator(seed: seed)
        size = session.windowSize
    }

    /// The program's own process: `pid`, or through the `timeout` wrapper the harness starts
    /// programs in, its child.
    static func programPID(_ pid: pid_t) -> pid_t {
        if let comm = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8), comm.hasPrefix("timeout"),
            let children = try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8),
            let child = children.split(separator: " ").first.flatMap({ pid_t($0) })
        {
            return child
        }
        return pid
    }

    /// Resident memory of `pid` in KiB, from /proc; through the `timeout` wrapper the harness
    /// starts programs in, to the program itself.
    static func residentKiB(of pid: pid_t) -> Int? {
        let pid = programPID(pid)
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        }
        return nil
    }

    private mutating func point() -> (x: Int, y: Int) {
        (Int.random(in: 0..<max(1, size.width), using: &random), Int.random(in: 0..<max(1, size.height), using: &random))
    }

    /// A point on view `id` from the last layout, if it is visible.
    private func centre(of id: String) -> (x: Int, y: Int)? {
        guard let view = session.app.views.first(where: { $0.id == id && $0.visible }) else { return nil }
        return view.frame.center
    }

    private static let letters = Array("abcdefghijklmnopqrstuvwxyz")
    private static let keys = [
        "BackSpace", "Delete", "Left", "Right", "Home", "End", "Tab", "Return", "Escape", "space", "F1", "F2", "F3", "F4", "F5",
    ]
    private static let chords = ["a", "c", "x", "v", "z"]

    /// Sends one random input, chosen by the seeded generator.
    private mutating func step() throws {
        let x = session.x
        let roll = Int.random(in: 0..<100, using: &random)
        switch roll {
        case 0..<30:
            x.click(point())
        case 30..<40:
            // A tap on something that matters: a field, a key, a control, a sidebar row.
            let ids =
                [
                    "name", "email", "password", "phone", "notes", "submit", "subscribe", "row-2", "key-a", "key-shift",
                    "key-123", "key-space", "key-backspace", "key-return", "navbar-back", "toolbar-next",
                ]
                + registry.optionItems + (staysOnScreen ? [] : registry.ids.map { "technique-\($0)" })
            if let target = centre(of: ids[Int.random(in: 0..<ids.count, using: &random)]) {
                x.click(target)
            } else {
                x.click(point())
            }
        case 40..<48:
            let from = point(), to = point()
            x.drag(from: from, to: to, steps: Int.random(in: 2...8, using: &random), stepDelay: 0)
        case 48..<52:
            x.rightClick(point())
            pinned.toggle()
        case 52..<55:
            x.control(true)
            x.drag(from: point(), to: point(), steps: 3, stepDelay: 0)
            x.control(false)
        case 55..<80:
            try x.typeText(String(Self.letters[Int.random(in: 0..<Self.letters.count, using: &random)]))
        case 80..<90:
            try x.key(named: Self.keys[Int.random(in: 0..<Self.keys.count, using: &random)])
        case 90..<94:
            try x.chord(Self.chords[Int.random(in: 0..<Self.chords.count, using: &random)])
        case 94..<95:
            x.middleClick(point())
        case 95..<97 where staysOnScreen:
            x.click(point())
        case 95..<97:
            let scenarios = registry.ids
            if let row = centre(of: "scenario-" + scenarios[Int.random(in: 0..<scenarios.count, using: &random)]) {
                x.click(row)
                switches += 1
            }
        default:
            // Mostly sizes a person uses, sometimes a tiny or a huge one.
            let w: Int, h: Int
            switch Int.random(in: 0..<10, using: &random) {
            case 0: (w, h) = (1, 1)
            case 1: (w, h) = (3000, 2500)
            default: (w, h) = (Int.random(in: 320...1260, using: &random), Int.random(in: 480...1000, using: &random))
            }
            x.resize(window: window, width: w, height: h)
            size = (min(w, 1280), min(h, 1024))
            resizes += 1
        }
        inputs += 1
    }

    /// `size` random inputs, then the hands come off (no finger held, no modifier), the program settles
    /// (says it is idle after them), and the invariants are checked.
    ///
    /// Returns the first broken one.
    mutating func batch(size count: Int) throws -> String? {
        if racesFocus, let problem = try race() { return problem }
        for index in 0..<count {
            try step()
            // Every 20 inputs, catch up with the trace and clear a focused input that pastes
            // have made long, before more pastes double it again.
            if index % 20 == 19 {
                if let problem = catchUp() { return problem }
                try clearIfLong()
            }
        }
        if pinned {
            session.x.rightClick(point())
            pinned = false
            inputs += 1
        }
        try clearIfLong()
        if self.size.width < 320 || self.size.height < 480 {
            // Back to a size the form fits, so the next batch has something to touch.
            session.x.resize(window: window, width: 930, height: 820)
            self.size = (930, 820)
        }
        return try check()
    }

    /// A focus change racing the keypad's hide: `name` tapped, then the caption (a label: the
    /// tap lands on the background), and every other time `name` again at once, while the
    /// keypad is still on its way down; then the invariants, once the program has settled.
    mutating func race() throws -> String? {
        guard let field = centre(of: "name"), let outside = centre(of: "caption") else { return nil }
        let x = session.x
        x.click(field)
        x.click(outside)
        if races % 2 == 1 { x.click(field) }
        inputs += races % 2 == 1 ? 3 : 2
        races += 1
        return try check()
    }

    /// Applies the trace lines the program has written since the last call to the model, and lets the
    /// session forget them: a soak of hours holds only the model, not every line.
    ///
    /// Returns the first broken invariant, if any.
    private mutating func catchUp() -> String? {
        let problem = model.apply(session.app.refresh())
        session.app.forget(before: model.read)
        return problem
    }

    /// A tester clears an input that has grown long (pastes double it), and any input they are
    /// in once the inputs together hold more than `heldTextBudget` characters: the soak then
    /// measures what the program keeps, not the text it was given (the inputs' text is data the
    /// program must hold; left to grow, it rose from 18 000 to 35 000 characters over 30
    /// minutes, a few bytes each, and the memory with it).
    private mutating func clearIfLong() throws {
        guard let field = model.focused, MonkeyModel.inputs.contains(field) else { return }
        let length = model.length(of: model.key(field))
        guard length > Self.longText || (length > 0 && model.allLengths.reduce(0, +) > Self.heldTextBudget) else { return }
        try session.x.chord("a")
        try session.x.key(named: "BackSpace")
        clears += 1
        inputs += 2
    }

    /// The invariants, once the program has handled every input so far and finished what they
    /// set going (its idle line after a mark sent behind them).
    mutating func check() throws -> String? {
        checks += 1
        guard session.app.process.isRunning else { return "tapaway exited (\(session.app.exitDescription))" }
        try session.settle()
        if let problem = catchUp() { return problem }
        if let line = Self.unexpectedErrorLines(session.app.stderr).first {
            return "tapaway wrote to standard error: \(line.debugDescription)"
        }
        let focusedInput = model.focused.map(MonkeyModel.inputs.contains) ?? false
        // The keys show exactly when a text input is focused and the software keyboard is in use.
        let wanted = focusedInput && model.softwareKeyboard
        if focusedInput && model.hiddenByTechnique && !model.keypadShown { hiddenWithFocusSeen += 1 }
        if wanted != model.keypadShown && !(focusedInput && model.hiddenByTechnique) {
            return
                "settled with \(model.focused ?? "nothing") focused, the software keyboard \(model.softwareKeyboard ? "in use" : "not in use"), but the keypad \(model.keypadShown ? "shown" : "hidden")"
        }
        if let field = model.focused, MonkeyModel.inputs.contains(field) {
            // Keys belong to a card (help, Audit) while one is open: close them before typing the
            // probe. Both can be open (the help card, then the Audit card over it); each Escape
            // closes the one on top.
            var shown = cardsShown()
            while !shown.isEmpty {
                let pressed = session.app.mark
                try session.x.key(named: "Escape")
                inputs += 1
                cardsClosed += 1
                try session.settle()
                if let problem = catchUp() { return problem }
                // The idle line can come before the layout that hides the card on a loaded
                // machine: unless the last layout line (kept when the monkey forgets the lines it
                // has checked) shows a card fewer, wait for one that does, and fail only without.
                let before = shown.count
                if cardsShown().count >= before {
                    do {
                        _ = try session.app.waitFor(kind: "layout", after: pressed, timeout: 15, what: "a card closing") {
                            line in
                            Self.cards.filter { card in line.views.contains { $0.id == card.0 && $0.visible } }.count < before
                        }
                    } catch {
                        return "Escape closed none of the cards shown (\(shown.joined(separator: ", ")))"
                    }
                }
                guard model.focused == field else {
                    return "Escape over the \(shown.joined(separator: " and ")) ended editing in \(field)"
                }
                shown = cardsShown()
            }
            return try probe(field)
        }
        return nil
    }

    /// The lines of `stderr` the program does not document for a run like the monkey's.
    ///
    /// The only one: the font warning of a system without the preferred family (its look, not its
    /// behaviour, differs).
    static func unexpectedErrorLines(_ stderr: String) -> [Substring] {
        stderr.split(separator: "\n").filter { !$0.hasPrefix("tapaway: font family ") }
    }

    /// The cards that keep the keys: their content view's id and their name.
    static let cards = [("help-content", "help card"), ("audit-content", "Audit card")]

    /// The cards the last layout line shows over the screen: the help card (F1, or its sidebar item),
    /// the Audit card (F6, or "Audit this screen" in the sidebar), or both.
    ///
    /// While one is up, it keeps the keys (Escape closes the one on top), so no text reaches the
    /// focused input.
    private func cardsShown() -> [String] {
        guard let layout = session.app.lastLayout else { return [] }
        return Self.cards.filter { card in layout.views.contains { $0.id == card.0 && $0.visible } }.map(\.1)
    }

    /// Types one character at the end of the focused input and expects exactly that character
    /// appended to what the trace last said it held: nothing typed earlier was lost.
    private mutating func probe(_ field: String) throws -> String? {
        probes += 1
        let before = model.texts[model.key(field)] ?? ""
        let beforeLength = model.lengths[model.key(field)] ?? 0
        let mark = session.app.mark
        if field == "notes" { try session.x.chord("End") } else { try session.x.key(named: "End") }
        let character = field == "phone" ? "7" : "q"
        try session.x.typeText(character)
        inputs += 2
        let line: TraceLine
        do {
            line = try session.app.waitFor(kind: "text", after: mark, what: "the probe's \(character) in \(field)") {
                $0.string("id") == field
            }
        } catch {
            // Say what the screen showed, so a failure under load can be told from a card or a
            // hidden window that kept the keys.
            let shown = session.app.lastLayout?.views.filter { $0.visible }.map(\.id) ?? []
            let windows = shown.filter { $0.hasSuffix("-card") || $0.hasSuffix("-content") || $0 == "keypad" }
            return
                "no text line for the probe's \(character) in \(field): \(error); the last layout showed \(windows.isEmpty ? "no card" : windows.joined(separator: ", ")), \(shown.count) views visible"
        }
        if let problem = catchUp() { return problem }
        if field == "password" {
            let length = Int(line.number("length") ?? -1)
            return length == beforeLength + 1 ? nil : "password held \(beforeLength) characters and \(length) after one more"
        }
        // Past 256 characters a text line leaves the text out: the model rebuilt it from the edits.
        let after = line.string("text") ?? model.texts[model.key(field)] ?? ""
        // Typed through the X keyboard (XTest), a character keeps its case: only the keypad
        // capitalises sentences (name, notes).
        return after == before + character
            ? nil
            : "\(field) held \(before.debugDescription); after typing \(character) at its end it holds \(after.debugDescription)"
    }

}
