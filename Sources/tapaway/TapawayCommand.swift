import ArgumentParser
import TapawayDemo
import TapawayKit
import TapawayX11

/// `--size WxH`: the shared window size, read by its one parser, within the window's limits.
extension WindowSize: ExpressibleByArgument {
    /// The smallest size the form and keypad fit in: the window's own minimum.
    static let minimum = (width: Int(X11Platform.minimumPointSize.width), height: Int(X11Platform.minimumPointSize.height))
    /// The largest size accepted.
    static let maximum = 10_000
    /// The size without `--size` or a remembered one.
    static let standard = WindowSize(width: Int(TapawayApp.defaultSize.width), height: Int(TapawayApp.defaultSize.height))

    /// Parses `--size`'s `WxH` (its range is checked with the other options).
    package init?(argument: String) { self.init(parsing: argument) }

    /// Whether the size is within `minimum` and `maximum`.
    var isInRange: Bool {
        width >= WindowSize.minimum.width && height >= WindowSize.minimum.height
            && width <= WindowSize.maximum && height <= WindowSize.maximum
    }

    /// The size brought within `minimum` and `maximum`.
    var clamped: WindowSize {
        WindowSize(
            width: min(max(width, WindowSize.minimum.width), WindowSize.maximum),
            height: min(max(height, WindowSize.minimum.height), WindowSize.maximum))
    }
}

/// `--replay-speed`: a positive factor of the recorded speed, or `max`.
enum ReplaySpeed: ExpressibleByArgument, CustomStringConvertible, Equatable {
    /// Recorded times divided by the factor.
    case factor(Double)
    /// One input a frame, as fast as the program draws.
    case max

    init?(argument: String) {
        if argument.lowercased() == "max" { self = .max; return }
        guard let value = Double(argument), value.isFinite else { return nil }
        self = .factor(value)
    }

    /// The speeds accepted: a factor above 0 and at most 1000, or `max`.
    static let range = "a factor above 0 and up to 1000 (1 = as recorded), or 'max'"

    /// Whether the speed is one `range` allows.
    var isValid: Bool {
        if case .factor(let value) = self { return value > 0 && value <= 1000 }
        return true
    }

    /// The factor the replayer takes: nil for as fast as possible.
    var factorValue: Double? {
        if case .factor(let value) = self { return value }
        return nil
    }

    var description: String {
        switch self {
        case .max: "max"
        // `Int(exactly:)`: a whole factor beyond Int's range (1e19) is written as a Double
        // ("1e+19"); `Int(value)` would trap on it while the out-of-range message is built.
        case .factor(let value): Int(exactly: value).map { String($0) } ?? String(value)
        }
    }

    static var defaultCompletionKind: CompletionKind { .list(["0.5", "1", "2", "max"]) }
}

extension TechniqueID: ExpressibleByArgument {
    /// A registered technique's id; nil for any other text.
    package init?(argument: String) {
        guard Techniques.technique(for: TechniqueID(argument)) != nil else { return nil }
        self.init(argument)
    }

    /// Every registered technique's id, for completions and help.
    package static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

/// `--set`, shared by `tapaway` and `tapaway matrix` (swift-argument-parser gives an option
/// that a command and its subcommand both declare to the command, so both take it from here).
struct OptionSettings: ParsableArguments {
    @Option(
        name: .customLong("set"),
        help: ArgumentHelp(
            "Set an option of the technique, or a general one (repeatable; the window remembers it, matrix and audit do not).",
            discussion: """
                ID is an option of the technique shown (for example cancels-touches=off under \
                tap-gesture), a general one (dismiss=none|on-drag|interactive), or any \
                technique's as TECHNIQUE.OPTION. `tapaway list` prints every option and its values.
                """,
            valueName: "id=value"))
    var set: [OptionSetting] = []

    @Option(
        help: ArgumentHelp(
            "The simulated device (the same as --set device=ID; the window remembers it, matrix and audit do not).",
            discussion: "`tapaway list` prints the devices with their sizes in points and safe areas.",
            valueName: "id"))
    var device: DeviceChoice?

    /// The settings as `--set` takes them: `--device` first, then each `--set` in order, so a
    /// later `--set device=` wins.
    var texts: [String] { (device.map { ["device=\($0.id)"] } ?? []) + set.map(\.text) }

    /// The settings read for `technique` (the one shown; nil when not yet known), in the order
    /// of `texts`.
    func assignments(for technique: TechniqueID?) throws -> [OptionAssignment] {
        do {
            return try texts.map { text throws(OptionAssignmentError) in try OptionAssignment(text, technique: technique)
            }
        } catch {
            throw ValidationError(error.message)
        }
    }
}

/// `--device ID`: one of the simulated devices.
struct DeviceChoice: ExpressibleByArgument {
    /// The device's id, one of those `tapaway devices` lists.
    let id: String

    init?(argument: String) {
        guard DeviceProfile.device(argument) != nil else { return nil }
        id = argument
    }

    /// Every device's id, for completions and help.
    static var allValueStrings: [String] { DeviceProfile.all.map(\.id) }
}

/// `--set ID=VALUE`, read as text; which option it names is settled once the technique is known.
struct OptionSetting: ExpressibleByArgument, CustomStringConvertible {
    /// The text as given.
    let text: String

    init?(argument: String) { text = argument }

    var description: String { text }

    static var defaultCompletionKind: CompletionKind {
        .list(
            Techniques.generalOptions.flatMap { option in option.values.map { "\(option.id)=\($0.id)" } }
                + Techniques.all.flatMap { t in t.options.flatMap { o in o.values.map { "\(t.id).\(o.id)=\($0.id)" } } })
    }
}

extension ThemePreference: ExpressibleByArgument {
    /// `light`, `dark`, `auto`, for completions and help.
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

/// `tapaway`: explore how mobile apps dismiss the on-screen keyboard, in an X11 window.
struct TapawayCommand: ParsableCommand {
    /// The release, as CHANGELOG.md and debian/changelog name it (a test keeps the three in step).
    static let version = "0.2.0"

    static let configuration = CommandConfiguration(
        commandName: "tapaway",
        abstract: "Explore how mobile apps dismiss the on-screen keyboard.",
        usage: """
            tapaway [--scenario <scenario>] [--screen <name|path>] [--set <id=value> ...] [--trace <path>] [<options>]
              tapaway list [--json | --charter]
              tapaway compare <path>
              tapaway matrix [--technique <id>] [--set <id=value> ...] [--device <id>] [--json]
              tapaway screen show <name>
              tapaway validate <path>
              tapaway audit [<path>] [--technique <id>] [--json|--markdown|--maestro] [--fail-on <severity>] [--jobs <n>]
              tapaway import <path> [--scene <scene> | --list-scenes] [-o <path>] [--manifest <path>] [--dump <path>]
            """,
        discussion: """
            Opens a window with a form and an on-screen keypad. Click a field to focus it and bring \
            the keypad up; click anywhere outside to watch the scenario's technique dismiss it. \
            With --trace, every touch, decision, focus change, keypad phase, control action, edit \
            and layout is written as JSON Lines (see the README for the format). Tapaway remembers \
            the overlay toggles, the theme and the options in \
            $XDG_CONFIG_HOME/tapaway/settings.conf (else ~/.config/tapaway/settings.conf), and \
            the last scenario and the window size in $XDG_STATE_HOME/tapaway/state.conf (else \
            ~/.local/state/tapaway/state.conf). F12 saves a screenshot of the window in the \
            pictures folder (XDG_PICTURES_DIR in $XDG_CONFIG_HOME/user-dirs.dirs), else in \
            $XDG_DATA_HOME/tapaway/ (else ~/.local/share/tapaway/), where recordings go, and \
            prints and shows where it went.
            """,
        // swift-argument-parser prints this as it is: `tapaway --version` says `tapaway 0.2.0`.
        version: "tapaway \(TapawayCommand.version)",
        subcommands: [
            ListCommand.self, CompareCommand.self, MatrixCommand.self, ScreenCommand.self, ValidateCommand.self,
            AuditCommand.self, ImportCommand.self,
        ]
    )

    @Option(
        help: ArgumentHelp(
            "The dismissal technique to show (default: the last one shown, else send-event).",
            discussion: "`tapaway list` prints every technique.",
            valueName: "scenario"))
    var scenario: TechniqueID?

    @OptionGroup var optionSettings: OptionSettings

    @Option(
        help: ArgumentHelp("Write the JSON Lines trace to PATH ('-' for standard output).", valueName: "path"),
        completion: .file(extensions: ["jsonl"]))
    var trace: String?

    // `.unconditional`: a value that starts with a dash (`-5x100`) is read as this option's
    // value, so the message names the bad value instead of calling it missing.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "The window size in pixels (default: the last size, else \(WindowSize.standard)).",
            valueName: "WxH"))
    var size: WindowSize?

    @Option(
        help: ArgumentHelp(
            "Focus this field once the window is up (name, email, password, phone, notes; message with --set layout=chat).",
            valueName: "id"),
        completion: .list(["name", "email", "password", "phone", "notes", "message"]))
    var focus: String?

    @Option(
        help: ArgumentHelp(
            "Save a PNG screenshot to PATH once everything has settled (after the replay, with --replay), then exit.",
            discussion: """
                PATH is created, or replaced when it is a regular file of yours; a symbolic link, a \
                device, a FIFO or another user's file is refused (status 73) and left as it is. \
                '-' writes the PNG to standard output (a pipe or a file, not a terminal).
                """,
            valueName: "path"),
        completion: .file(extensions: ["png"]))
    var screenshot: String?

    @Option(help: ArgumentHelp("The X display to open (default: $DISPLAY).", valueName: "name"))
    var display: String?

    @Option(
        help: ArgumentHelp(
            "Device pixels per point, from 1 to 4 (default: Xft.dpi divided by 96, in steps of a quarter).",
            discussion: """
                Everything is drawn this many times larger: the window, the text, the keypad. Sizes on \
                the command line and in the trace stay in points (pixels at 96 dpi); the ready line of \
                the trace gives the scale. Without --scale or --size, a device taller than the screen's \
                work area at Xft.dpi's scale is shown at the largest scale that fits (down to 0.5), as \
                the iOS Simulator fits its screen.
                """,
            valueName: "factor"))
    var scale: Double?

    @Option(
        help: ArgumentHelp(
            "The colour theme: light, dark, or auto (remembered).",
            discussion: """
                Without --theme, the remembered theme applies, else the X resource Tapaway.theme \
                (light, dark or auto; for example 'Tapaway.theme: dark' in ~/.Xresources). auto follows \
                the desktop: dark when its GTK theme is a dark one (GTK_THEME, else the XSETTINGS \
                Net/ThemeName, followed while Tapaway runs), else light.
                """,
            valueName: "theme"))
    var theme: ThemePreference?

    @Flag(
        name: .customLong("no-settings"),
        help: ArgumentHelp(
            "Start from the defaults: read no settings or state file and write none.",
            discussion: """
                Otherwise the settings are read at start (a broken file is reported in one line \
                and replaced by the defaults) and written when the window closes; a --screenshot \
                run writes none. Options given on the command line win over remembered settings.
                """))
    var noSettings = false

    @Option(
        help: ArgumentHelp(
            "Record the session's input to PATH as JSON Lines (a directory: a new file in it).",
            discussion: """
                Touches, keys, scrolls and resizes, with their times, independent of X. What is typed \
                into a secure field is recorded as placeholders, never as the characters. F9 starts and \
                stops a recording in $XDG_DATA_HOME/tapaway/ (else ~/.local/share/tapaway/) instead.
                """,
            valueName: "path"),
        completion: .file(extensions: ["jsonl"]))
    var record: String?

    @Option(
        help: ArgumentHelp(
            "Play a recording back into the window once it is up.",
            discussion: """
                The recording's scenario applies unless --scenario names another. A file that cannot be \
                read is reported with its line number before any window opens.
                """,
            valueName: "path"),
        completion: .file(extensions: ["jsonl"]))
    var replay: String?

    @Option(
        name: .customLong("replay-speed"), parsing: .unconditional,
        help: ArgumentHelp(
            "How fast to replay: a factor of the recorded speed (1 = as recorded, 2 = twice as fast) or 'max' (as fast as the frames allow).",
            valueName: "factor|max"))
    var replaySpeed: ReplaySpeed = .factor(1)

    @Flag(
        name: .customLong("exit-after-replay"),
        help: "Quit once the replay has been played and everything has settled.")
    var exitAfterReplay = false

    @Option(
        help: ArgumentHelp(
            "The screen to play on: standard, plain, chat, or a screen file (docs/screens.md).",
            discussion: """
                standard (the default), plain and chat are shipped inside the program (`tapaway screen \
                show NAME` prints one) and are the same as --set layout=form|plain|chat. A screen file \
                is read before any window opens: a bad one is one line per problem, FILE:LINE:COLUMN, \
                and status 65. Every technique plays on it. A storyboard, xib, UI Automator or Appium \
                dump, or Android layout is imported on the fly (docs/import.md).
                """,
            valueName: "name|path"),
        completion: .file(extensions: ["json", "storyboard", "xib", "xml"]))
    var screen: String?

    @OptionGroup var sceneChoice: SceneChoice

    /// The options as plain values, what the launcher takes.
    var launchOptions: LaunchOptions {
        LaunchOptions(
            scenario: scenario, set: optionSettings.texts, trace: trace, size: size, focus: focus,
            screenshot: screenshot, display: display, scale: scale, theme: theme, noSettings: noSettings,
            record: record, replay: replay, replaySpeed: replaySpeed, exitAfterReplay: exitAfterReplay, screen: screen,
            scene: sceneChoice.scene)
    }

    /// The window's options are checked as it is run, not in `validate()`: swift-argument-parser
    /// decodes every command of the path from the arguments, so `tapaway matrix --set …` would
    /// be judged here too and answered with the window's usage instead of the matrix's.
    func run() throws {
        do {
            try launchOptions.validate()
        } catch {
            throw ValidationError(error.message)
        }
        let options = launchOptions
        let status = MainActor.assumeIsolated { Launcher(options: options).run() }
        if status != 0 { throw ExitCode(status) }
    }

    /// `tapaway` with no argument at all: the defaults this command declares, checked by the same
    /// validation, run without swift-argument-parser's parse (see `LaunchOptions`).
    ///
    /// Any argument, `--help` among them, goes through `main()`.
    static func mainWithoutArguments() -> Never {
        let options = LaunchOptions()
        // Debug builds (the tests') check that the defaults are what the parser makes of nothing.
        assert(
            (try? parseAsRoot([]) as? TapawayCommand)?.launchOptions == options,
            "LaunchOptions() differs from what swift-argument-parser makes of an empty command line")
        launch(options)
    }

    /// `tapaway` with only the common options (`LaunchOptions(commonArguments:)`), read without
    /// swift-argument-parser's parse; any other command line goes through `main()`.
    static func main(commonArguments arguments: [String]) -> Never {
        guard let options = LaunchOptions(commonArguments: arguments) else {
            main()
            exit()
        }
        // Debug builds (the tests') check each such line against the parser as well.
        assert(
            (try? parseAsRoot(arguments) as? TapawayCommand)?.launchOptions == options,
            "LaunchOptions(commonArguments:) differs from what swift-argument-parser makes of \(arguments)")
        launch(options)
    }

    /// Validates `options` as `run()` does and runs the window with them.
    private static func launch(_ options: LaunchOptions) -> Never {
        do {
            try options.validate()
        } catch {
            exit(withError: ValidationError(error.message))
        }
        let status = MainActor.assumeIsolated { Launcher(options: options).run() }
        exit(withError: status == 0 ? nil : ExitCode(status))
    }
}
