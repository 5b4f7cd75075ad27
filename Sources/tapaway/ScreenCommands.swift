import ArgumentParser
import TapawayDemo
import TapawayScreen

/// `tapaway screen`: the screens shipped inside the program.
struct ScreenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "screen",
        abstract: "Print the screens shipped inside the program.",
        subcommands: [ShowScreenCommand.self]
    )
}

/// `tapaway screen show NAME`: a shipped screen's file, to read or to start one's own from.
struct ShowScreenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print a shipped screen's file (standard, plain or chat).",
        discussion: """
            The screen files are JSON, described key by key in docs/screens.md. Save one, change it, \
            check it with `tapaway validate`, and open it with `tapaway --screen FILE`.
            """
    )

    @Argument(
        help: ArgumentHelp("The shipped screen.", valueName: "name"),
        completion: .list(ShippedScreens.names))
    var name: String

    func validate() throws {
        guard ShippedScreens.text(of: name) != nil else {
            throw ValidationError(
                "'\(Printable.escaped(name))' is not a shipped screen: use one of \(ShippedScreens.names.joined(separator: ", "))."
            )
        }
    }

    func run() throws {
        Console.out(String((ShippedScreens.text(of: name) ?? "").dropLast()))
    }
}

/// `tapaway validate FILE`: reads a screen file and says what is wrong with it.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a screen file and say what is wrong, one line per problem.",
        discussion: """
            Each problem is one line on standard error, FILE:LINE:COLUMN: what (at where in the \
            tree), and the status is 65. A good file prints one line saying what it holds, and the \
            status is 0; what it may say but almost surely does not mean (a container with no \
            height, which shows nothing of what it holds) is a line on standard error marked \
            note:, and the status stays 0. Nothing is opened and nothing is written. docs/screens.md describes the \
            format and its limits.
            """
    )

    @Argument(
        help: ArgumentHelp("The screen file (JSON), or a storyboard, xib, dump or layout to import.", valueName: "path"),
        completion: .file(extensions: ["json", "storyboard", "xib", "xml"]))
    var path: String

    @OptionGroup var sceneChoice: SceneChoice

    func run() throws {
        do {
            let document = try ScreenFile.load(path, importing: ScreenFile.ImportChoices(scene: sceneChoice.scene))
            let elements = document.allElements.count
            let inputs = document.inputIDs.count
            Console.out(
                "\(Printable.escaped(path)): a screen of \(elements) element\(elements == 1 ? "" : "s"), "
                    + "\(inputs) text input\(inputs == 1 ? "" : "s")"
                    + (document.platform.map { ", written for \($0.rawValue)" } ?? ""))
            // What the file may say but almost surely does not mean: a line each, the status 0.
            for var note in ScreenNotes.notes(document) {
                note.message = "note: " + note.message
                Console.error(Printable.escaped(note.line(file: path)))
            }
        } catch {
            for line in error.lines { Console.error(line) }
            throw ExitCode(
                error.needsChoice ? ExitStatus.usage : error.readable ? ExitStatus.badScreen : ExitStatus.missingInput)
        }
    }
}

extension FindingSeverity: ExpressibleByArgument {
    /// `info`, `medium`, `high`, for completions and help.
    package static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

/// `tapaway audit [FILE]`: every technique played on a screen, and what will go wrong.
struct AuditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Play every technique on a screen and say where the keyboard will misbehave, and how to fix it.",
        discussion: """
            Headless: each text input is focused in turn, then every element, every container's \
            background, the navigation bar, Return and the toolbar's Done are tapped, rows are held, \
            the background and other fields are dragged and a second finger lands, under each \
            technique. The cases fold into findings (first tap eaten, row selection swallowed, a \
            field under the keyboard, no way out, a field that cannot be left, two taps to switch \
            fields, dead zones, a dismissing tap that also acts, the keyboard bouncing, and safe \
            tap points), each with the element's line in the file, the evidence it rests on (an \
            inferred one is never counted as confident) and a fix in the platform's terms. \
            Without FILE, the standard form. The status is 0 unless --fail-on finds a finding at \
            that severity or worse (then 1; --confident-only leaves inferred ones out); a bad file \
            is 65.
            """
    )

    @Argument(
        help: ArgumentHelp(
            "The screen: a screen file, standard, plain or chat, or a storyboard, xib, dump or layout to import.",
            valueName: "path"),
        completion: .file(extensions: ["json", "storyboard", "xib", "xml"]))
    var screen: String = "standard"

    @Option(
        help: ArgumentHelp(
            "Only this technique (as-written: only the file's own wiring; `tapaway list` prints the others).",
            valueName: "id"))
    var technique: TechniqueID?

    @OptionGroup var sceneChoice: SceneChoice

    @OptionGroup var optionSettings: OptionSettings

    @Flag(help: "Print the findings as JSON (docs/screens.md documents the fields).")
    var json = false

    @Flag(help: "Print the findings as Markdown, for a pull request.")
    var markdown = false

    @Flag(help: "Print the safe tap points as a Maestro flow step (tapOn: point).")
    var maestro = false

    @Option(
        name: .customLong("fail-on"),
        help: ArgumentHelp("Exit with status 1 when a finding at this severity or worse exists.", valueName: "severity")
    )
    var failOn: FindingSeverity?

    @Option(
        help: ArgumentHelp(
            "Play the techniques in this many processes at once (default: one per processor, at most 4).",
            valueName: "n"))
    var jobs: Int?

    /// A worker of another audit: only these techniques, each run written as a JSON line.
    @Option(name: .customLong("worker-techniques"), help: ArgumentHelp(visibility: .private))
    var workerTechniques: String?

    @Flag(
        name: .customLong("confident-only"),
        help: "With --fail-on, count only confident findings (documented, read from the source or measured), not inferred ones.")
    var confidentOnly = false

    func validate() throws {
        if [json, markdown, maestro].filter({ $0 }).count > 1 {
            throw ValidationError("--json, --markdown and --maestro print different things: choose one.")
        }
        _ = try optionSettings.assignments(for: technique)
        if let jobs, !(1...64).contains(jobs) { throw ValidationError("--jobs takes 1 to 64 processes, not \(jobs).") }
        let known = Set(TechniqueID.allCases + [.asWritten])
        if let workerTechniques,
            let unknown = workerTechniques.split(separator: ",").first(where: { !known.contains(TechniqueID(String($0))) })
        {
            throw ValidationError("no technique is called \(Printable.escaped(String(unknown))).")
        }
    }

    func run() throws {
        let document: ScreenDocument
        let bytes: [UInt8]?
        do {
            (document, bytes) = try ScreenFile.loadKeepingBytes(
                screen, importing: ScreenFile.ImportChoices(scene: sceneChoice.scene))
        } catch {
            for line in error.lines { Console.error("tapaway audit: \(line)") }
            throw ExitCode(
                error.needsChoice ? ExitStatus.usage : error.readable ? ExitStatus.badScreen : ExitStatus.missingInput)
        }
        let options = try optionSettings.assignments(for: technique)
        if let workerTechniques {
            // A worker: its runs, written at the end in one go, so that it never waits on a
            // pipe the audit reads only once its own techniques are played.
            let ids = workerTechniques.split(separator: ",").map { TechniqueID(String($0)) }
            let lines = MainActor.assumeIsolated { () -> String in
                let runner = AuditRunner(document: document, options: options)
                return ids.map { runner.run($0).json.serialized }.joined(separator: "\n")
            }
            Console.out(lines)
            return
        }
        let (screen, settings, jobs) = (self.screen, optionSettings.texts, self.jobs ?? AuditWorker.defaultJobs)
        let (technique, json, markdown, maestro, failOn, name) = (
            self.technique, self.json, self.markdown, self.maestro, self.failOn, Printable.escaped(screen)
        )
        let confidentOnly = self.confidentOnly
        let (output, failed) = MainActor.assumeIsolated { () -> (String, Bool) in
            let techniques = technique.map { [$0] } ?? Audit.techniques(for: document)
            let runs = AuditWorker.runs(
                of: techniques, on: document, screen: screen, bytes: bytes, options: options, settings: settings, jobs: jobs)
            let audit = Audit(document: document, named: name, runs: runs)
            let text =
                json ? audit.json().serialized : markdown ? audit.markdown() : maestro ? audit.maestro() : audit.text()
            return (text, failOn.map { audit.fails(at: $0, confidentOnly: confidentOnly) } ?? false)
        }
        Console.out(output)
        if failed { throw ExitCode(1) }
    }
}
