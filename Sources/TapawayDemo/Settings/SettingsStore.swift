import Glibc

/// The settings file, `settings.conf` in Tapaway's configuration directory, or the state file,
/// `state.conf` in its state directory (the same format): read once at start, written whole when the
/// window closes.
///
/// `SettingsFiles` uses the two together.
///
/// Reading never fails the program: a missing file gives the defaults silently; a file that
/// cannot be read or does not parse gives the defaults and one line saying why
/// (`loadReportingProblems(_:)`). Writing is atomic: the text goes to a temporary file in the
/// same directory, which is flushed to the disk (`fsync`) and then renamed over the old file,
/// so a crash or a full disk leaves either the old file or the new one, never half of one.
///
/// Only a regular file of ours is ever replaced. A settings path that is a symbolic link
/// (dotfiles kept elsewhere), a FIFO, a device, a socket, a directory or another user's file
/// is read if it can be, but never written: saving refuses with one line and leaves the path
/// and whatever it points at as they are. Nothing is ever written through a link.
package struct SettingsStore: Sendable {
    /// What reading the file gave.
    package enum LoadResult: Equatable, Sendable {
        /// The file was read and parsed.
        case loaded(Settings)
        /// There is no file (the first run): the defaults, nothing to report.
        case missing
        /// The file could not be read or parsed: the defaults, and this reason to report.
        case broken(SettingsError)

        /// The settings to use: those read, else the defaults.
        package var settings: Settings {
            if case .loaded(let settings) = self { return settings }
            return .defaults
        }
    }

    /// The directory holding the file (`…/tapaway`).
    package let directory: String
    /// The file's name inside `directory`.
    package let name: String
    /// What the file is called in messages ("settings file", "state file").
    package let label: String
    /// The comment lines written at the top of the file.
    package let header: [String]
    /// The settings file's path: the directory, then the file's name.
    package var path: String { directory + "/" + name }

    /// The settings file's name inside the configuration directory.
    package static let fileName = "settings.conf"
    /// The state file's name inside the state directory.
    package static let stateFileName = "state.conf"
    /// The comment lines at the top of the state file.
    package static let stateHeader = [
        "# The window size and the scenario of Tapaway's last session, written when its window closes.",
        "# Choices (theme, overlays, options) are in settings.conf, in $XDG_CONFIG_HOME/tapaway/.",
    ]
    /// The largest file read; a larger one is broken (settings are a few hundred bytes).
    package static let maximumSize = 64 * 1024

    /// A store for the file `name` in `directory` (created when first saved), called `label`
    /// in messages, that writes `header` at the top; by default the settings file.
    package init(
        directory: String, name: String = SettingsStore.fileName, label: String = "settings file",
        header: [String] = Settings.settingsHeader
    ) {
        self.directory = directory
        self.name = name
        self.label = label
        self.header = header
    }

    /// The settings file in the XDG configuration directory of `paths`; nil when there is no
    /// home directory to put it in.
    package init?(paths: XDGPaths) {
        guard let directory = paths.configDirectory else { return nil }
        self.init(directory: directory)
    }

    /// The state file in the XDG state directory of `paths`; nil when there is no home
    /// directory to put it in.
    package static func state(paths: XDGPaths) -> SettingsStore? {
        paths.stateDirectory.map {
            SettingsStore(directory: $0, name: stateFileName, label: "state file", header: stateHeader)
        }
    }

    // MARK: Reading

    /// Reads and parses the file.
    package func load() -> LoadResult {
        let bytes: [UInt8]
        do {
            bytes = try FileIO.read(path, limit: SettingsStore.maximumSize)
        } catch .cannotOpen(ENOENT) {
            return .missing
        } catch {
            return .broken(SettingsError(error.message()))
        }
        guard !bytes.contains(0) else { return .broken(SettingsError("is binary, not text")) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .broken(SettingsError("is not UTF-8 text"))
        }
        do {
            return .loaded(try Settings.parse(text))
        } catch {
            return .broken(error)
        }
    }

    /// Reads the file; when it is broken, calls `report` once with one line naming the file, the reason
    /// and what happens instead.
    ///
    /// Returns the settings to use.
    package func loadReportingProblems(_ report: (String) -> Void) -> Settings {
        let result = load()
        if case .broken(let error) = result {
            let fate =
                replacementRefusal() == nil
                ? "the file is replaced when Tapaway closes"
                : "it is left as it is, and nothing is saved in it"
            report("tapaway: the \(label) \(path) \(error.message); starting from the defaults (\(fate))")
        }
        return result.settings
    }

    // MARK: Writing

    /// Writes `settings` atomically, creating the directory (mode 0700) when needed.
    ///
    /// - Throws: `SettingsError`, with the file left as it was, when the directory cannot be
    ///   made, the path is not a regular file of ours (`replacementRefusal()`), or the
    ///   temporary file cannot be written, flushed or renamed (it is then removed).
    package func save(_ settings: Settings) throws(SettingsError) {
        try replace(with: Array(settings.serialized(header: header).utf8))
    }

    /// Replaces the file with `bytes` as `save(_:)` does, for a file of another format kept by the same
    /// rules (the font-match cache).
    ///
    /// `durable: false` skips flushing to the disk: for a file that can be made again, a crash may
    /// leave the old file or none, never half of one.
    package func replace(with bytes: [UInt8], durable: Bool = true) throws(SettingsError) {
        do {
            try XDGPaths.makeDirectories(directory)
        } catch {
            throw SettingsError(error.message)
        }
        do {
            try FileIO.replaceFile(path, with: bytes, durable: durable)
        } catch {
            throw SettingsError(error.message)
        }
    }

    /// The file's bytes, at most `limit`, when it is a regular file of ours (a link, another
    /// user's file or anything else is not read); nil when there is none or it cannot be read.
    package func readOwnFile(limit: Int) -> [UInt8]? {
        guard replacementRefusal() == nil else { return nil }
        return try? FileIO.read(path, limit: limit)
    }

    /// Why the file at `path` must not be replaced, or nil when it may be: it does not exist,
    /// or it is a regular file owned by this user (`FileIO.replacementRefusal(_:)`, the rule
    /// every file Tapaway replaces follows).
    package func replacementRefusal() -> SettingsError? {
        FileIO.replacementRefusal(path).map { SettingsError($0.message) }
    }
}
