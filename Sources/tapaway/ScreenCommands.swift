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
            status is 0. Nothing is opened and nothing is written. docs/screens.md describes the \
            format and its limits.
            """
    )

    @Argument(
        help: ArgumentHelp("The screen file (JSON).", valueName: "path"),
        completion: .file(extensions: ["json"]))
    var path: String

    func run() throws {
        do {
            let document = try ScreenFile.load(path)
            let elements = document.allElements.count
            let inputs = document.inputIDs.count
            Console.out(
                "\(Printable.escaped(path)): a screen of \(elements) element\(elements == 1 ? "" : "s"), "
                    + "\(inputs) text input\(inputs == 1 ? "" : "s")"
                    + (document.platform.map { ", written for \($0.rawValue)" } ?? ""))
        } catch {
            for line in error.lines { Console.error(line) }
            throw ExitCode(error.readable ? ExitStatus.badScreen : ExitStatus.missingInput)
        }
    }
}
