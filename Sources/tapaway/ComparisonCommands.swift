import ArgumentParser
import Glibc
import TapawayDemo

/// `tapaway compare PATH`: one recording replayed headlessly under every technique.
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Replay a recording under every technique, headlessly, and print the outcomes side by side.",
        discussion: """
            Prints a Markdown table with one column per scenario: what each touch landed on (a \
            recording replays positions, so a toolbar or an avoidance that moves the screen can put \
            another view under the same point: such touches are marked ⚠ and named above the \
            table), the focus changes, how often the keypad came up from hidden, changed while up \
            (another field's keyboard type) and hid, how many resign decisions the technique made, \
            each control action and how many times it fired, and what was focused at the end. No window opens \
            and no display is needed. Make a recording with `tapaway --record PATH` (or F9).
            """
    )

    @Argument(
        help: ArgumentHelp("The recording (JSON Lines, from --record).", valueName: "path"),
        completion: .file(extensions: ["jsonl"]))
    var recording: String

    func run() throws {
        let path = recording
        let output: Result<String, ExitCode> = MainActor.assumeIsolated {
            do {
                let loaded = try Recording.load(contentsOf: path)
                // The scenario is a known one (the parser refuses others); printed escaped anyway,
                // as is the path, so nothing a file holds can act on the terminal.
                let made = loaded.scenario.map { " (recorded in \(Printable.escaped($0)))" } ?? ""
                let meter = ProgressMeter(what: "replaying under every scenario")
                let results = Comparison.compare(loaded, progress: meter.report)
                meter.finish()
                let notes = Comparison.notes(results).map { "\($0)\n\n" } ?? ""
                return .success(
                    "\(SessionInstruments.count(loaded.inputs.count, "input")) from \(Printable.escaped(path))\(made), replayed under every scenario:\n\n\(notes)\(Comparison.table(results))"
                )
            } catch {
                Console.error("tapaway compare: \(Printable.escaped(path)): \(error)")
                return .failure(ExitCode(ExitStatus.unreadable(path)))
            }
        }
        Console.out(try output.get())
    }
}

/// `tapaway matrix`: the built-in dismissal matrix, every case under every technique.
struct MatrixCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "matrix",
        abstract: "Play the built-in dismissal matrix under every technique and print it.",
        discussion: """
            Each case is one thing a tester does with a field focused (tap the background, a button, \
            a list row, another field, drag, press Return, put two fingers down, ...), played on the \
            headless platform under each technique. By default a Markdown table with a row per \
            technique and a column per case, each cell a short code (the legend follows the table); \
            the README's matrix is this output. A first line names the device, orientation and \
            options it was played with, and each code carries its evidence mark (documented, read \
            from the source, inferred: docs/techniques.md). --technique ID prints one technique's \
            cases in words; --json prints every cell with its code, words, evidence, focus \
            changes, keypad and actions.
            """
    )

    @Option(help: ArgumentHelp("Only this technique, its cases in words.", valueName: "id"))
    var technique: TechniqueID?

    @OptionGroup var optionSettings: OptionSettings

    @Flag(help: "Print JSON instead of Markdown.")
    var json = false

    func validate() throws {
        _ = try assignments()
    }

    /// The `--set` options, set before each case.
    private func assignments() throws -> [OptionAssignment] {
        try optionSettings.assignments(for: technique)
    }

    func run() throws {
        let options = try assignments()
        let (technique, json) = (self.technique, self.json)
        let output = MainActor.assumeIsolated { () -> String in
            let cells = DismissalMatrix.cells(for: technique.map { [$0] } ?? TechniqueID.allCases, options: options)
            let context = DismissalMatrix.Context(options: options)
            if json { return DismissalMatrix.json(cells, context: context).serialized }
            if let technique, let row = cells.first?.1 { return DismissalMatrix.wordsTable(technique, row, context: context) }
            return DismissalMatrix.table(cells, context: context)
        }
        Console.out(output)
    }
}

/// `tapaway list`: the techniques and their options.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the dismissal techniques and their options.",
        discussion: """
            Prints every technique Tapaway shows, grouped by platform, with a line on how it \
            works and each option as `--set` takes it (its values and default), then the options \
            every technique has. With --json, the same as one JSON object for scripts: \
            {"techniques": [{"id", "title", "platform", "summary", "options"}], "options": [...]}, each \
            option with id, title, kind (toggle or choice), values and default.
            """
    )

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @Flag(
        help:
            "Print the exploration charter instead: every experiment and what each technique does there, as Markdown (the README's charter is this output)."
    )
    var charter = false

    func validate() throws {
        if json && charter { throw ValidationError("--json and --charter print different things: choose one.") }
    }

    func run() throws {
        if charter {
            Console.out(TechniqueListing.charterMarkdown())
        } else {
            Console.out(json ? TechniqueListing.json().serialized : TechniqueListing.text())
        }
    }
}

/// Progress on standard error for work that takes more than a second, when standard error is a
/// terminal: one line, rewritten at most ten times a second ("compare: replaying under every scenario:
/// 41 % (410 000 of 1 000 000 inputs)"), cleared at the end.
///
/// Nothing is written elsewhere (a pipe or a file keeps only the result).
final class ProgressMeter {
    private let what: String
    private let started = ProgressMeter.now()
    private let shows = isatty(2) == 1
    private var lastShown = 0.0
    private var shown = false

    init(what: String) { self.what = what }

    /// `done` of `total` so far.
    func report(_ done: Int, _ total: Int) {
        guard shows, total > 0, done % 64 == 0 || done == total else { return }
        let now = ProgressMeter.now()
        // The last update always shows (once any has), so the line ends saying all is done.
        guard now - started >= 1, now - lastShown >= 0.1 || (done == total && shown) else { return }
        lastShown = now
        shown = true
        Console.errorInPlace("\u{1B}[2K\rtapaway compare: \(what): \(done * 100 / total) % (\(done) of \(total) inputs)")
    }

    /// Clears the line, if one was shown.
    func finish() {
        if shown { Console.errorInPlace("\u{1B}[2K\r") }
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
