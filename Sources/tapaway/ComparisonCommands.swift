import ArgumentParser
import TapawayDemo

/// `tapaway compare PATH`: one recording replayed headlessly under every technique.
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Replay a recording under every technique, headlessly, and print the outcomes side by side.",
        discussion: """
        Prints a Markdown table with one column per scenario: the focus changes, how often the \
        keypad showed and hid, how many resign decisions the technique made, each control \
        action and how many times it fired, and what was focused at the end. No window opens \
        and no display is needed. Make a recording with `tapaway --record PATH` (or F9).
        """
    )

    @Argument(help: ArgumentHelp("The recording (JSON Lines, from --record).", valueName: "path"),
              completion: .file(extensions: ["jsonl"]))
    var recording: String

    func run() throws {
        let path = recording
        let output: String? = MainActor.assumeIsolated {
            do {
                let loaded = try Recording.load(contentsOf: path)
                let made = loaded.scenario.map { " (recorded in \($0))" } ?? ""
                let table = Comparison.table(Comparison.compare(loaded))
                return "\(SessionInstruments.count(loaded.inputs.count, "input")) from \(path)\(made), replayed under every scenario:\n\n\(table)"
            } catch {
                Console.error("tapaway compare: \(path): \(error)")
                return nil
            }
        }
        guard let output else { throw ExitCode.failure }
        Console.out(output)
    }
}

/// `tapaway matrix`: the built-in dismissal matrix, every case under every scenario.
struct MatrixCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "matrix",
        abstract: "Play the built-in dismissal matrix under every technique and print it as a Markdown table.",
        discussion: """
        Each row is one thing a tester does with a field focused (tap the background, a button, \
        a list row, another field, drag, press Return, put two fingers down, ...), each column a \
        scenario, each cell what happened: the focus afterwards, whether the keypad hid, the \
        actions that fired. The README's comparison of techniques is this output.
        """
    )

    func run() throws {
        let table = MainActor.assumeIsolated { Comparison.matrixTable() }
        Console.out(table)
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
        {"techniques":[{"id","title","platform","summary","options"}],"options":[...]}, each \
        option with id, title, kind (toggle or choice), values and default.
        """
    )

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func run() throws {
        Console.out(json ? TechniqueListing.json().serialized : TechniqueListing.text())
    }
}
