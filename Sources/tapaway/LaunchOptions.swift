import TapawayDemo
import TapawayKit

/// What a window-opening `tapaway` runs with: the options of `TapawayCommand` as plain values,
/// their defaults the command's own.
///
/// A command line with any argument is read by swift-argument-parser (`TapawayCommand`), which
/// makes these from what it parsed. A command line with no argument at all takes
/// `LaunchOptions()` without it: its parse cost 9.3 M instructions before the first frame
/// (mostly the Swift runtime scanning every protocol conformance the first time the parser asks
/// for one), which a bare `tapaway`, the common case, does not need.
struct LaunchOptions: Equatable {
    /// `--scenario`.
    var scenario: TechniqueID?
    /// `--set`, each as given.
    var set: [String] = []
    /// `--trace`.
    var trace: String?
    /// `--size`.
    var size: WindowSize?
    /// `--focus`.
    var focus: String?
    /// `--screenshot`.
    var screenshot: String?
    /// `--display`.
    var display: String?
    /// `--scale`.
    var scale: Double?
    /// `--theme`.
    var theme: ThemePreference?
    /// `--no-settings`.
    var noSettings = false
    /// `--record`.
    var record: String?
    /// `--replay`.
    var replay: String?
    /// `--replay-speed`.
    var replaySpeed: ReplaySpeed = .factor(1)
    /// `--exit-after-replay`.
    var exitAfterReplay = false
    /// `--screen`: a shipped screen's name or a screen file's path.
    var screen: String?
    /// `--scene`: which scene of a storyboard or xib given to `--screen` to import.
    var scene: String?

    /// The fields the form has, for `--focus`, and the chat screen's `message` (`layout=chat`).
    static let focusableFields = ["name", "email", "password", "phone", "notes", "message"]

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
        if let focus, shippedScreen, !Self.focusableFields.contains(focus) {
            throw UsageError("--focus '\(focus)' is not a field: use one of \(Self.focusableFields.joined(separator: ", ")).")
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

/// A command line that asks for something that cannot be: the message for the user.
struct UsageError: Error, CustomStringConvertible {
    /// What is wrong, and what to use instead.
    let message: String
    /// Makes an error saying `message`.
    init(_ message: String) { self.message = message }
    /// The message.
    var description: String { message }
}
