import TapawayKit

/// Writes a session's input as a recording (`--record`).
///
/// What is typed into a secure field never reaches the file: keypad touches and keys typed (or pasted)
/// while one is focused are replaced by placeholder `key` lines (`"text":"•","secure":true`, or
/// `backspace`) of the same length. Undo and redo keys are recorded as they are and their effect is
/// not, so a replay undoes the placeholders as the session undid the characters. The placeholders of
/// one stretch of typing are held until the next other line (or the end) and written evenly spaced
/// between the first's time and the last's: their times would otherwise show which characters took more
/// taps (a shift, a layer switch), as a tap's rhythm does.
@MainActor
package final class InputRecorder {
    private let application: Application
    private let sink: TraceSink
    private let start: Double
    private var suppressedTouches: Set<Int> = []
    private var lengths: [ObjectIdentifier: Int] = [:]
    /// Its registrations while it records.
    private let observers = ObserverBag()
    /// Set while a recorded key (undo, redo) edits a secure field: replayed, the key makes the
    /// change itself, so the change gets no placeholder (it would be made twice).
    private var keyMakesChange = false
    /// Placeholder lines for a secure field's changes not yet written, with their times.
    private var pendingSecure: [(t: Double, line: RecordedLine)] = []
    /// The sidebar's switch that starts and stops recording; touches on it are not recorded.
    static let recordToggleIdentifier = "record-toggle"
    /// The number of lines written (the header included).
    package private(set) var linesWritten = 0

    /// Starts recording `application`'s input to `sink`, with a header naming the scenario, the
    /// screen size, the focused input, and (when given) whether the inspector is on view, the
    /// options that differ from their defaults (`ID=VALUE`) and the screen file's name (a screen
    /// of the user's), so a replay starts from the same state.
    package init(
        application: Application, sink: TraceSink, scenario: String, inspector: Bool? = nil, options: [String] = [],
        screenName: String? = nil
    ) {
        self.application = application
        self.sink = sink
        self.start = application.clock.now
        var header = RecordedLine(kind: "header")
        header.version = RecordingCodec.version
        header.scenario = scenario
        header.screen = [application.screenSize.width, application.screenSize.height]
        header.screenName = screenName
        header.inspector = inspector
        header.focused = (application.firstResponder as? View)?.identifier
        header.options = options.isEmpty ? nil : options
        write(header)
        observers.add(application.inputObservers.add { [weak self] input in self?.record(input) })
        let center = application.notificationCenter
        observers.add(
            center.addObserver(forName: .textFieldDidBeginEditing) { [weak self] note in
                guard let field = note.object as? TextField else { return }
                self?.lengths[ObjectIdentifier(field)] = field.text.count
            })
        observers.add(
            center.addObserver(forName: .textFieldDidChange) { [weak self] note in
                guard let field = note.object as? TextField, field.isSecureTextEntry else { return }
                self?.secureTextChanged(field)
            })
    }

    isolated deinit {
        stopObserving()
    }

    /// Stops hearing the application: nothing is recorded after this, and nothing of the
    /// recorder stays registered.
    package func stopObserving() {
        flushSecure()
        observers.cancelAll()
    }

    private var now: Double { application.clock.now - start }

    /// Whether a finger's change is written: not while it touches the keypad of a secure field.
    private func keeps(_ change: PointerChange) -> Bool {
        if change.phase == .began, application.keyboard.servesSecureField,
            application.window(at: change.at) === application.keyboard.window
        {
            suppressedTouches.insert(change.id)
        }
        // The recording's own switch is not part of the session: a replay would press it again.
        if change.phase == .began, let window = application.window(at: change.at),
            window.hitTest(window.convert(fromScreen: change.at))?.identifiedAncestor?.identifier
                == Self.recordToggleIdentifier
        {
            suppressedTouches.insert(change.id)
        }
        if suppressedTouches.contains(change.id) {
            if change.phase.isFinished { suppressedTouches.remove(change.id) }
            return false
        }
        return true
    }

    private func record(_ input: PlatformInput) {
        keyMakesChange = false
        switch input {
        case .pointer(let id, let phase, let point):
            if !keeps(PointerChange(id: id, phase: phase, at: point)) { return }
        case .pointers(let changes):
            let kept = changes.filter(keeps)
            if kept.isEmpty { return }
            let input: PlatformInput =
                kept.count == 1 ? .pointer(id: kept[0].id, phase: kept[0].phase, at: kept[0].at) : .pointers(kept)
            for line in RecordingCodec.lines(for: input, at: now) { write(line) }
            return
        case .key(let key):
            // F9 starts and stops recording: the key that stops it is not part of the session.
            if key.key == .function(9) { return }
            if application.keyboard.servesSecureField {
                let control = key.modifiers.contains(.control)
                switch key.key {
                case .text where !control, .backspace, .delete:
                    return  // written as placeholders once the field changes
                case .text(let letter) where ["z", "y"].contains(letter.lowercased()):
                    keyMakesChange = true  // undo and redo: the input is recorded, not its effect
                case .text(let letter) where letter.lowercased() == "v":
                    return  // a paste: the clipboard may differ at replay; placeholders stand for it
                case .other("Insert") where key.modifiers.contains(.shift) && !control:
                    return  // Shift+Insert pastes too
                default:
                    break
                }
            }
        case .scroll, .resize:
            break
        }
        write(RecordingCodec.line(for: input, at: now))
    }

    private func secureTextChanged(_ field: TextField) {
        let id = ObjectIdentifier(field)
        let old = lengths[id] ?? 0
        let new = field.text.count
        lengths[id] = new
        if keyMakesChange { return }
        if new > old {
            var line = RecordedLine(kind: "key")
            line.key = "text"
            line.text = String(repeating: "\u{2022}", count: new - old)
            line.secure = true
            pendingSecure.append((now, line))
        } else if new < old {
            var line = RecordedLine(kind: "key")
            line.key = "backspace"
            line.secure = true
            pendingSecure += repeatElement((t: now, line: line), count: old - new)
        }
    }

    /// Writes the held placeholders, evenly spaced from the first's time to the last's, in one
    /// go: clearing a long password is one edit, and must not stall the program for as many
    /// writes as it had characters.
    private func flushSecure() {
        guard let first = pendingSecure.first?.t, let last = pendingSecure.last?.t else { return }
        let count = pendingSecure.count
        var texts: [String] = []
        texts.reserveCapacity(count)
        var cached: (line: RecordedLine, t: Double, text: String)?
        for (index, entry) in pendingSecure.enumerated() {
            var line = entry.line
            let t = count == 1 ? first : first + (last - first) * Double(index) / Double(count - 1)
            line.t = (t * 1000).rounded() / 1000
            // Encoded once for a run of equal lines at one time (backspaces clearing a password).
            if let cached, cached.line.key == line.key, cached.line.text == line.text, cached.t == line.t {
                texts.append(cached.text)
                continue
            }
            guard let text = line.json else { continue }
            cached = (line, line.t ?? 0, text)
            texts.append(text)
        }
        pendingSecure.removeAll()
        sink.writeLine(texts.joined(separator: "\n"))
        linesWritten += texts.count
    }

    private func write(_ line: RecordedLine) {
        flushSecure()
        guard let text = line.json else { return }
        sink.writeLine(text)
        linesWritten += 1
    }
}

/// Plays a recording back into an application: at the recorded speed (times `speed`), or as fast
/// as possible when `speed` is nil.
///
/// As fast as possible still keeps what makes the session the same: each input waits for the
/// animations the previous one started (a key tapped on a keypad still sliding in would land
/// elsewhere), and while a finger is down the recorded time passes as recorded (a long press
/// stays long enough to show its alternates, a drag keeps its speed). Only idle time is skipped.
@MainActor
package final class InputReplayer {
    private let application: Application
    private let recording: Recording
    private let speed: Double?
    private var index = 0
    private var startTime = 0.0
    private var fingersDown: Set<Int> = []
    /// The clock's time when the previous input went in.
    private var lastFed = 0.0
    /// Called once every input has been fed.
    package var onFinish: ((Int) -> Void)?
    /// Called to resize the platform's window for a `resize` line (the Kit resizes itself too).
    package var onResize: ((Size) -> Void)?
    /// Called after each input goes in, with how many have gone in so far.
    package var onProgress: ((Int) -> Void)?
    /// How many inputs the recording holds.
    package var total: Int { recording.inputs.count }
    /// How many have gone in.
    package var fed: Int { index }
    /// Whether the replay waits for `resume()` or `step()`.
    package private(set) var isPaused = false
    /// A timer for the next input is pending.
    private var scheduled = false

    /// Prepares a replay of `recording` into `application`; nothing plays until it is started.
    package init(application: Application, recording: Recording, speed: Double?) {
        self.application = application
        self.recording = recording
        self.speed = speed.map { max($0, 0.01) }
    }

    /// Starts feeding inputs from the run loop's timers.
    package func start() {
        startTime = application.clock.now
        scheduleNext()
    }

    /// Stops feeding inputs until `resume()`; `step()` feeds one at a time meanwhile.
    package func pause() {
        isPaused = true
    }

    /// Goes on from where the replay paused, keeping the recorded gaps from here on.
    package func resume() {
        guard isPaused else { return }
        isPaused = false
        if let speed, index < recording.inputs.count {
            startTime = application.clock.now - recording.inputs[index].t / speed
            lastFed =
                application.clock.now - (index > 0 ? (recording.inputs[index].t - recording.inputs[index - 1].t) / speed : 0)
        }
        if !scheduled { scheduleNext() }
    }

    /// While paused, feeds the next input now.
    package func step() {
        guard isPaused, index < recording.inputs.count else { return }
        if application.isAnimating { application.stepAnimations() }
        feedNext()
        if index == recording.inputs.count { onFinish?(recording.inputs.count) }
    }

    private func feedNext() {
        feed(recording.inputs[index].input)
        lastFed = application.clock.now
        index += 1
        onProgress?(index)
    }

    private func scheduleNext() {
        guard !isPaused else { return }
        guard index < recording.inputs.count else {
            onFinish?(recording.inputs.count)
            return
        }
        let delay: Double
        if let speed {
            // Never sooner after the previous input than recorded: a loop that wakes late (a busy
            // machine) feeds what fell due one input a turn, each its recorded gap after the one
            // before, so the keypad has slid in before a key is tapped, as in the session.
            let due = startTime + recording.inputs[index].t / speed
            let gap = index > 0 ? (recording.inputs[index].t - recording.inputs[index - 1].t) / speed : 0
            delay = max(0, max(due, index > 0 ? lastFed + gap : due) - application.clock.now)
        } else if !fingersDown.isEmpty, index > 0 {
            delay = max(0, recording.inputs[index].t - recording.inputs[index - 1].t)
        } else {
            delay = 0
        }
        scheduled = true
        application.timers.schedule(after: delay) { [weak self] _ in
            self?.scheduled = false
            self?.feedDue()
        }
    }

    private func feedDue() {
        guard !isPaused, index < recording.inputs.count else { return }
        if speed == nil && fingersDown.isEmpty && application.isAnimating {
            // Let the slide finish first; look again next frame.
            scheduled = true
            application.timers.schedule(after: 1.0 / 60) { [weak self] _ in
                self?.scheduled = false
                self?.feedDue()
            }
            return
        }
        // One input a turn, so timers, layout and frames run between inputs; animations are
        // first brought to the clock's time, as a frame would have before the input arrived.
        if application.isAnimating { application.stepAnimations() }
        feedNext()
        scheduleNext()
    }

    /// Feeds one input to the application, as the platform would have delivered it.
    package func feed(_ input: PlatformInput) {
        let now = application.clock.now
        switch input {
        case .pointer(let id, let phase, let point):
            if phase == .began { fingersDown.insert(id) } else if phase.isFinished { fingersDown.remove(id) }
            application.handlePointer(id: id, phase: phase, at: point, timestamp: now)
        case .pointers(let changes):
            for change in changes {
                if change.phase == .began {
                    fingersDown.insert(change.id)
                } else if change.phase.isFinished {
                    fingersDown.remove(change.id)
                }
            }
            application.handlePointers(changes, timestamp: now)
        case .key(let key): application.handleKey(key, timestamp: now)
        case .scroll(let delta, let point): application.handleScroll(by: delta, at: point, timestamp: now)
        case .resize(let size):
            onResize?(size)
            application.resizeScreen(to: size)
        }
    }
}
