/// What Tapaway remembers, in the two places the XDG Base Directory specification gives it:
/// the user's choices (the theme, the overlays, the inspector, the options) in the settings
/// file in `$XDG_CONFIG_HOME/tapaway/`, and the state of the last session (the window size and
/// the last scenario) in the state file in `$XDG_STATE_HOME/tapaway/`.
///
/// Versions before this one kept the state in the settings file too. A value the state file
/// does not have is read from there, once: saving writes it to the state file and leaves it out
/// of the settings file, unless the state file cannot be written, when it stays where it was.
/// Both files are written as `SettingsStore` writes: atomically, never through a link, and
/// never over anything but a regular file of ours.
package struct SettingsFiles: Sendable {
    /// The settings file: the choices.
    package let settings: SettingsStore
    /// The state file: the window size and the last scenario.
    package let state: SettingsStore

    /// The two files as given.
    package init(settings: SettingsStore, state: SettingsStore) {
        self.settings = settings
        self.state = state
    }

    /// The files in the XDG directories of `paths`; nil when there is no home directory to put
    /// them in.
    package init?(paths: XDGPaths) {
        guard let settings = SettingsStore(paths: paths), let state = SettingsStore.state(paths: paths) else { return nil }
        self.init(settings: settings, state: state)
    }

    /// Reads both files, reporting a broken one in one line through `report` (see
    /// `SettingsStore.loadReportingProblems(_:)`): the choices from the settings file, the
    /// state from the state file, else from the settings file as older versions wrote it.
    package func loadReportingProblems(_ report: (String) -> Void) -> Settings {
        var remembered = settings.loadReportingProblems(report)
        let session = state.loadReportingProblems(report)
        remembered.lastScenario = session.lastScenario ?? remembered.lastScenario
        remembered.windowSize = session.windowSize ?? remembered.windowSize
        return remembered
    }

    /// Writes the state of `remembered` to the state file and its choices to the settings
    /// file; the state goes to the settings file instead when the state file cannot be written.
    ///
    /// - Returns: what could not be saved, for each file that was not written: a description
    ///   of its contents ("the window size and the last scenario", "the settings") and why.
    package func save(_ remembered: Settings) -> [(what: String, error: SettingsError)] {
        var failures: [(what: String, error: SettingsError)] = []
        var choices = remembered.choices
        do {
            try state.save(remembered.state)
        } catch {
            failures.append(("the window size and the last scenario", error))
            choices = remembered
        }
        do {
            try settings.save(choices)
        } catch {
            failures.append(("the settings", error))
        }
        return failures
    }
}
