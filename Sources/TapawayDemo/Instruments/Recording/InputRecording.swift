import TapawayKit
import TapawayScreen

/// One line of a recording (`--record`): JSON Lines, one input per line, independent of X.
///
/// The first line is a header; the rest are `touch`, `key`, `scroll` and `resize` lines with `t`, the
/// seconds since the recording began.
///
/// ```json
/// {"kind":"header","version":1,"scenario":"send-event","screen":[930,820],"inspector":true,"focused":"name"}
/// {"kind":"touch","t":1.25,"id":1,"phase":"began","at":[320,410]}
/// {"kind":"touch","t":1.25,"id":2,"phase":"began","at":[310,410],"with":true}
/// {"kind":"key","t":2.5,"key":"text","text":"a"}
/// {"kind":"key","t":2.9,"key":"text","text":"•","secure":true}
/// ```
package struct RecordedLine: Codable, Equatable, Sendable {
    /// `header`, `touch`, `key`, `scroll` or `resize`.
    package var kind: String
    /// Seconds since the recording began (not in the header).
    package var t: Double?
    /// Header: the format version.
    package var version: Int?
    /// Header: the scenario the recording was made in.
    package var scenario: String?
    /// Header: the screen file's name when it was not a shipped screen (`--screen FILE`).
    package var screenName: String?
    /// Header: the screen size `[w, h]`.
    package var screen: [Double]?
    /// Header: whether the inspector was on view (the simulated screen is narrower with it).
    package var inspector: Bool?
    /// Header: the text input that was focused when the recording began.
    package var focused: String?
    /// Header: the options that differ from their defaults, as `--set` takes them
    /// (`keyboard=hardware`, `tap-gesture.cancels-touches=off`): the keyboard's state among them.
    package var options: [String]?
    /// Touch: the finger id.
    package var id: Int?
    /// For a touch: its phase, `began`, `moved`, `ended` or `cancelled`.
    package var phase: String?
    /// Touch and scroll: where, `[x, y]` in screen pixels.
    package var at: [Double]?
    /// Touch: true when this finger changed in the same event as the touch line before it (the
    /// second finger of a pinch pair).
    package var with: Bool?
    /// Key: which key (`text`, `backspace`, `delete`, `return`, `tab`, `escape`, `left`, `right`,
    /// `up`, `down`, `home`, `end`, `f1`…`f12`, or another name).
    package var key: String?
    /// Key: the text typed, for `text` keys (placeholders for a secure field).
    package var text: String?
    /// Key: the modifiers held (`shift`, `control`, `alt`).
    package var modifiers: [String]?
    /// Key: true when the text is a placeholder standing for keys typed into a secure field.
    package var secure: Bool?
    /// Scroll: the amount `[dx, dy]`.
    package var delta: [Double]?
    /// Resize: the new size `[w, h]`.
    package var size: [Double]?

    /// Creates a line of `kind`.
    package init(kind: String, t: Double? = nil) { self.kind = kind; self.t = t }
}

/// A recording that could not be read: says which line and why.
package struct RecordingError: Error, CustomStringConvertible, Equatable {
    /// The 1-based line number, or 0 for the file as a whole.
    package let line: Int
    /// What is wrong with the line, in a sentence.
    package let message: String
    /// `line N: message`, with anything in the message that could act on a terminal escaped.
    package var description: String { Printable.escaped(line > 0 ? "line \(line): \(message)" : message) }
    /// Creates an error for `line` (0 for the whole file).
    package init(line: Int, message: String) { self.line = line; self.message = message }
}

/// Turns platform input into recording lines and back.
@MainActor
package enum RecordingCodec {
    /// The format version written.
    package static let version = 1
    /// The largest coordinate accepted, in pixels.
    package static let coordinateLimit = 100_000.0
    /// The longest text accepted in one key line.
    package static let textLimit = 100_000
    /// The most lines a recording may have.
    package static let lineLimit = 2_000_000

    private static let keyNames: [(KeyInput.Key, String)] = [
        (.backspace, "backspace"), (.delete, "delete"), (.returnKey, "return"), (.tab, "tab"), (.escape, "escape"),
        (.left, "left"), (.right, "right"), (.up, "up"), (.down, "down"), (.home, "home"), (.end, "end"),
    ]

    /// The lines for one input at time `t`: one, or a touch line per finger for several fingers
    /// that changed in one event (all but the first marked `with`).
    package static func lines(for input: PlatformInput, at t: Double) -> [RecordedLine] {
        guard case .pointers(let changes) = input else { return [line(for: input, at: t)] }
        return changes.enumerated().map { index, change in
            var line = line(for: .pointer(id: change.id, phase: change.phase, at: change.at), at: t)
            if index > 0 { line.with = true }
            return line
        }
    }

    /// The line for one input at time `t`; for several fingers, the first finger's (see
    /// `lines(for:at:)`).
    package static func line(for input: PlatformInput, at t: Double) -> RecordedLine {
        let rounded = (t * 1000).rounded() / 1000
        switch input {
        case .pointer(let id, let phase, let point):
            var line = RecordedLine(kind: "touch", t: rounded)
            line.id = id
            line.phase = phase.rawValue
            line.at = [point.x, point.y]
            return line
        case .pointers(let changes):
            guard let first = changes.first else { return RecordedLine(kind: "touch", t: rounded) }
            return line(for: .pointer(id: first.id, phase: first.phase, at: first.at), at: t)
        case .key(let key):
            var line = RecordedLine(kind: "key", t: rounded)
            switch key.key {
            case .text(let s): line.key = "text"; line.text = s
            case .function(let n): line.key = "f\(n)"
            case .other(let name): line.key = name
            default: line.key = keyNames.first { $0.0 == key.key }?.1 ?? "unknown"
            }
            var mods: [String] = []
            if key.modifiers.contains(.shift) { mods.append("shift") }
            if key.modifiers.contains(.control) { mods.append("control") }
            if key.modifiers.contains(.alt) { mods.append("alt") }
            if !mods.isEmpty { line.modifiers = mods }
            return line
        case .scroll(let delta, let point):
            var line = RecordedLine(kind: "scroll", t: rounded)
            line.delta = [delta.x, delta.y]
            line.at = [point.x, point.y]
            return line
        case .resize(let size):
            var line = RecordedLine(kind: "resize", t: rounded)
            line.size = [size.width, size.height]
            return line
        }
    }

    /// The input a (non-header) line stands for; throws with the line number when it is malformed.
    package static func input(from line: RecordedLine, number: Int) throws(RecordingError) -> PlatformInput {
        func fail(_ message: String) -> RecordingError { RecordingError(line: number, message: message) }
        func point(_ values: [Double]?, _ field: String) throws(RecordingError) -> Point {
            guard let values, values.count == 2 else { throw fail("'\(field)' must be [x, y]") }
            guard values.allSatisfy({ $0.isFinite && abs($0) <= coordinateLimit }) else {
                throw fail("'\(field)' is out of range (±\(Int(coordinateLimit)))")
            }
            return Point(x: values[0], y: values[1])
        }
        switch line.kind {
        case "touch":
            guard let id = line.id, (0...1000).contains(id) else { throw fail("a touch needs an 'id' from 0 to 1000") }
            guard let name = line.phase, let phase = TouchPhase(rawValue: name), phase != .stationary else {
                throw fail("'phase' must be began, moved, ended or cancelled")
            }
            return .pointer(id: id, phase: phase, at: try point(line.at, "at"))
        case "key":
            guard let name = line.key else { throw fail("a key line needs 'key'") }
            var modifiers: KeyModifiers = []
            for m in line.modifiers ?? [] {
                switch m {
                case "shift": modifiers.insert(.shift)
                case "control": modifiers.insert(.control)
                case "alt": modifiers.insert(.alt)
                default: throw fail("unknown modifier '\(m)'")
                }
            }
            let key: KeyInput.Key
            if name == "text" {
                guard let text = line.text, !text.isEmpty else { throw fail("a text key needs 'text'") }
                guard text.count <= textLimit else { throw fail("'text' is longer than \(textLimit) characters") }
                key = .text(text)
            } else if let known = keyNames.first(where: { $0.1 == name }) {
                key = known.0
            } else if name.hasPrefix("f"), let n = Int(name.dropFirst()), (1...12).contains(n) {
                key = .function(n)
            } else {
                key = .other(name)
            }
            return .key(KeyInput(key, modifiers: modifiers))
        case "scroll":
            return .scroll(delta: try point(line.delta, "delta"), at: try point(line.at, "at"))
        case "resize":
            guard let size = line.size, size.count == 2, size.allSatisfy({ $0.isFinite && $0 >= 1 && $0 <= 10_000 }) else {
                throw fail("'size' must be [w, h] from 1 to 10000")
            }
            return .resize(Size(width: size[0], height: size[1]))
        case "header":
            throw fail("a header may only be the first line")
        default:
            throw fail("unknown kind '\(line.kind)'")
        }
    }
}

/// A recording read from a file: its header and its inputs with their times.
package struct Recording: Sendable {
    /// The scenario it was made in.
    package var scenario: String?
    /// The screen size it was made at.
    package var screen: Size?
    /// The screen file's name, when it was made on one of the user's (`--screen FILE`).
    package var screenName: String?
    /// Whether the inspector was on view, when the header says.
    package var inspector: Bool?
    /// The text input focused when it began, when the header says.
    package var focused: String?
    /// The options set when it began (the keyboard's state among them), when the header says.
    package var options: [OptionAssignment] = []
    /// The inputs, in order, with seconds since the start.
    package var inputs: [(t: Double, input: PlatformInput)]

    /// Parses JSON Lines text; throws with the first bad line's number.
    ///
    /// A recording edited on another system is still a recording: a byte-order mark at the very start
    /// says nothing, and lines may end in CRLF (to Swift one character, which a split on "\n" alone
    /// kept whole, so such a file was one bad line).
    @MainActor
    package static func parse(_ text: String) throws(RecordingError) -> Recording {
        var parser = RecordingParser()
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            try parser.take(raw)
        }
        return try parser.finish()
    }

    static func trimmed(_ line: Substring) -> Substring {
        var s = line
        while let f = s.first, f == " " || f == "\t" || f == "\r" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\r" { s.removeLast() }
        return s
    }
}

/// A recording read one line at a time (`Recording.parse`, and `Recording.load`, which streams
/// the file through it without holding its text): what the lines so far make, and the first bad
/// line's number as soon as there is one.
@MainActor
package struct RecordingParser {
    private var recording = Recording(scenario: nil, screen: nil, inputs: [])
    private var number = 0
    private var lastT = 0.0
    private var sawContent = false
    /// The fingers down after each line: no screen has more than `Application.maximumTouches`.
    private var down = Set<Int>()

    /// A parser with nothing read yet.
    package init() {}

    private mutating func track(_ id: Int, _ phase: TouchPhase, line: Int) throws(RecordingError) {
        if phase == .began {
            down.insert(id)
            guard down.count <= Application.maximumTouches else {
                throw RecordingError(
                    line: line,
                    message: "more than \(Application.maximumTouches) touches down at once, more than a screen has")
            }
        } else if phase.isFinished {
            down.remove(id)
        }
    }

    /// Takes the next line (without its line feed; a byte-order mark that starts the first line
    /// and a carriage return that ends any are dropped).
    package mutating func take(_ raw: Substring) throws(RecordingError) {
        number += 1
        guard number <= RecordingCodec.lineLimit else {
            throw RecordingError(line: number, message: "more than \(RecordingCodec.lineLimit) lines")
        }
        let raw = number == 1 && raw.hasPrefix("\u{FEFF}") ? Substring(raw.unicodeScalars.dropFirst()) : raw
        let trimmed = Recording.trimmed(raw)
        if trimmed.isEmpty { return }
        let line: RecordedLine
        do {
            line = try RecordedLine(json: trimmed)
        } catch {
            throw RecordingError(line: number, message: "not a JSON object of the recording format (\(error))")
        }
        if line.kind == "header" {
            guard !sawContent else { throw RecordingError(line: number, message: "a header may only be the first line") }
            if let v = line.version, v > RecordingCodec.version {
                throw RecordingError(
                    line: number, message: "format version \(v) is newer than this tapaway reads (\(RecordingCodec.version))")
            }
            if let scenario = line.scenario {
                guard TechniqueID(scenario).technique != nil else {
                    throw RecordingError(
                        line: number,
                        message: "unknown scenario \(Printable.quoted(scenario)): use one of \(TechniqueID.allIDs)")
                }
                recording.scenario = scenario
            }
            recording.inspector = line.inspector
            recording.screenName = line.screenName
            // On a screen of the user's, the focused input is one of that file's ids; the
            // replay says so when the screen shown has no such input.
            if let focused = line.focused, line.screenName != nil {
                guard focused.count <= ScreenLimits.idLength, !focused.isEmpty,
                    focused.unicodeScalars.allSatisfy({
                        $0.isASCII
                            && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.@".unicodeScalars.contains($0))
                    })
                else {
                    throw RecordingError(line: number, message: "'focused' is \(Printable.quoted(focused)), not an element's id")
                }
                recording.focused = focused
            } else if let focused = line.focused {
                guard ScreenForm.inputIdentifiers.contains(focused) else {
                    throw RecordingError(
                        line: number,
                        message: "'focused' is \(Printable.quoted(focused)), not an input: use one of "
                            + ScreenForm.inputIdentifiers.joined(separator: ", "))
                }
                recording.focused = focused
            }
            let technique = recording.scenario.map { TechniqueID($0) }
            for text in line.options ?? [] {
                do throws(OptionAssignmentError) {
                    recording.options.append(try OptionAssignment(text, technique: technique))
                } catch {
                    throw RecordingError(line: number, message: "'options': \(error.message)")
                }
            }
            if let s = line.screen, s.count == 2, s.allSatisfy({ $0.isFinite && $0 >= 1 && $0 <= 10_000 }) {
                recording.screen = Size(width: s[0], height: s[1])
            }
            sawContent = true
            return
        }
        sawContent = true
        guard let t = line.t, t.isFinite, t >= 0, t < 86_400 else {
            throw RecordingError(line: number, message: "'t' must be the seconds since the start (0 to 86400)")
        }
        guard t + 0.0005 >= lastT else {
            throw RecordingError(line: number, message: "'t' goes back in time (\(t) after \(lastT))")
        }
        lastT = t
        let input = try RecordingCodec.input(from: line, number: number)
        if case .pointer(let id, let phase, _) = input { try track(id, phase, line: number) }
        if line.with == true {
            // A finger that changed in the same event as the touch before it.
            guard case .pointer(let id, let phase, let at) = input, let last = recording.inputs.last, last.t == t else {
                throw RecordingError(
                    line: number,
                    message: "'with' joins a touch to a touch line of another finger with the same 't' just before it")
            }
            let change = PointerChange(id: id, phase: phase, at: at)
            switch last.input {
            case .pointer(let firstID, let firstPhase, let firstAt) where firstID != id:
                recording.inputs[recording.inputs.count - 1].input = .pointers([
                    PointerChange(id: firstID, phase: firstPhase, at: firstAt), change,
                ])
            case .pointers(let changes) where !changes.contains(where: { $0.id == id }):
                recording.inputs[recording.inputs.count - 1].input = .pointers(changes + [change])
            default:
                throw RecordingError(
                    line: number,
                    message: "'with' joins a touch to a touch line of another finger with the same 't' just before it")
            }
            return
        }
        recording.inputs.append((t, input))
    }

    /// The recording the lines made; throws when there was none.
    package func finish() throws(RecordingError) -> Recording {
        if !sawContent { throw RecordingError(line: 0, message: "the recording is empty") }
        return recording
    }
}
