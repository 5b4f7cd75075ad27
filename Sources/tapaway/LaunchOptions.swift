import TapawayDemo
import TapawayKit

/// What a window-opening `tapaway` runs with: the options of `TapawayCommand` as plain values,
/// their defaults the command's own.
///
/// A command line is read by swift-argument-parser (`TapawayCommand`), which makes these from
/// what it parsed, but for two kinds that skip its parse: no argument at all takes
/// `LaunchOptions()`, and a line of only the common options `init(commonArguments:)`. The parse
/// cost 9.3 M instructions before the first frame (mostly the Swift runtime scanning every
/// protocol conformance the first time the parser asks for one), which a bare `tapaway`, the
/// common case, does not need.
struct LaunchOptions: Equatable {
    /// `--scenario`: the technique shown first.
    var scenario: TechniqueID?
    /// `--set`, each as given.
    var set: [String] = []
    /// `--trace`: where the JSON Lines trace goes, a file or `-` for standard output.
    var trace: String?
    /// `--size`: the window's size in pixels.
    var size: WindowSize?
    /// `--focus`: the field focused once the screen is up.
    var focus: String?
    /// `--screenshot`: where a PNG of the settled window is saved, after which the program ends.
    var screenshot: String?
    /// `--display`: the X display to open instead of `DISPLAY`'s.
    var display: String?
    /// `--scale`: device pixels a point, instead of the one worked out from the display.
    var scale: Double?
    /// `--theme`: `light`, `dark`, or `auto` (the desktop's hint).
    var theme: ThemePreference?
    /// `--no-settings`: neither read nor write the settings file.
    var noSettings = false
    /// `--record`: where the session's input is recorded.
    var record: String?
    /// `--replay`: a recording to play into the app.
    var replay: String?
    /// `--replay-speed`: how fast the replay plays, a factor or `max`.
    var replaySpeed: ReplaySpeed = .factor(1)
    /// `--exit-after-replay`: end the program once the replay has played.
    var exitAfterReplay = false
    /// `--screen`: a shipped screen's name or a screen file's path.
    var screen: String?
    /// `--scene`: which scene of a storyboard or xib given to `--screen` to import.
    var scene: String?

    /// Checks the options together: what swift-argument-parser runs as the command's
    /// validation, and what a bare `tapaway` runs on the defaults.
    func validate() throws(UsageError) {
        if scene != nil && screen == nil {
            throw UsageError("--scene chooses a scene of the storyboard or xib given to --screen: give --screen too.")
        }
        if let scale, !(scale >= 1 && scale <= 4) {
            throw UsageError("--scale \(scale) is out of range: use a factor from 1 to 4.")
        }
        if !replaySpeed.isValid {
            throw UsageError("--replay-speed \(replaySpeed) is out of range: use \(ReplaySpeed.range).")
        }
        if trace == "-" && screenshot == "-" {
            throw UsageError("--trace - and --screenshot - both write to standard output: send one of them to a file.")
        }
        if replay == nil && exitAfterReplay {
            throw UsageError("--exit-after-replay needs --replay PATH.")
        }
        if let replay, let record, replay == record {
            throw UsageError("--record and --replay name the same file, '\(replay)': recording would overwrite the replay.")
        }
        if let size, !size.isInRange {
            let min = WindowSize.minimum
            throw UsageError(
                "--size \(size) is out of range: use \(min.width)x\(min.height) up to \(WindowSize.maximum)x\(WindowSize.maximum)."
            )
        }
        // With a screen file, the fields are the file's: `--focus` is checked once it is read.
        let shippedScreen = screen.map { ScreenLayout(screenName: $0) != nil } ?? true
        if let focus, shippedScreen, !ScreenLayout.focusableIdentifiers.contains(focus) {
            let fields = ScreenLayout.focusableIdentifiers.joined(separator: ", ")
            throw UsageError("--focus '\(focus)' is not a field: use one of \(fields).")
        }
        _ = try optionAssignments(for: scenario)
    }

    /// The `--set` options read for `technique` (the one shown; nil when not yet known).
    func optionAssignments(for technique: TechniqueID?) throws(UsageError) -> [OptionAssignment] {
        do {
            return try set.map { text throws(OptionAssignmentError) in try OptionAssignment(text, technique: technique) }
        } catch {
            throw UsageError(error.message)
        }
    }
}

extension LaunchOptions {
    /// The options read without swift-argument-parser, each followed by its value.
    static let commonValuedOptions: Set<String> = ["--scenario", "--set", "--device", "--trace", "--screen"]

    /// The names of `tapaway`'s subcommands, which a value equal to is left to the parser.
    static let subcommandNames: Set<String> = [
        "list", "compare", "matrix", "screen", "validate", "audit", "import", "help",
    ]

    /// The options of a command line made only of the common ones, read without swift-argument-parser:
    /// `--scenario ID`, `--set ID=VALUE` (repeatable), `--device ID`, `--trace PATH`, `--screen
    /// NAME|PATH`, each value the next argument, and `--no-settings`.
    ///
    /// Their parse cost about 10 M instructions before the first frame, a quarter of a start (issue
    /// 37). Nil for anything else, and for anything the parser could answer with an error or read
    /// otherwise: an unknown technique or device, an option given twice (`--set` aside), a value that
    /// starts with a dash (but `-`, standard output) or names a subcommand, a missing value, any other
    /// argument. Those lines go through the parser, which stays the one definition of the command line
    /// (help, man page, completions); `CommonArgumentsTests` checks that both read every line this one
    /// reads alike.
    init?(commonArguments arguments: [String]) {
        var options = LaunchOptions()
        var device: String?
        var sets: [String] = []
        var seen: Set<String> = []
        var index = 0
        while index < arguments.count {
            let name = arguments[index]
            index += 1
            if name == "--no-settings" {
                guard seen.insert(name).inserted else { return nil }
                options.noSettings = true
                continue
            }
            guard Self.commonValuedOptions.contains(name), index < arguments.count else { return nil }
            let value = arguments[index]
            index += 1
            guard value == "-" || !value.hasPrefix("-"), !Self.subcommandNames.contains(value) else { return nil }
            guard name == "--set" || seen.insert(name).inserted else { return nil }
            switch name {
            case "--scenario":
                guard Techniques.technique(for: TechniqueID(value)) != nil else { return nil }
                options.scenario = TechniqueID(value)
            case "--set": sets.append(value)
            case "--device":
                guard DeviceProfile.device(value) != nil else { return nil }
                device = value
            case "--trace": options.trace = value
            default: options.screen = value
            }
        }
        // As `OptionSettings.texts` orders them: `--device` first, then each `--set`.
        options.set = (device.map { ["device=\($0)"] } ?? []) + sets
        self = options
    }
}

/// A command line that asks for something that cannot be: the message for the user.
struct UsageError: Error, CustomStringConvertible {
    /// What is wrong, and what to use instead.
    let message: String
    /// Makes an error saying `message`.
    init(_ message: String) { self.message = message }
    /// The message, one line naming the option and what is wrong with its value.
    var description: String { message }
}
