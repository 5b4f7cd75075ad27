import TapawayKit

/// What Tapaway remembers between runs: the last scenario, the window size, the overlay toggles, the theme and the techniques'
/// options.
///
/// A value left nil (or an overlay not listed) was never chosen, and the program's default applies.
///
/// On disk it is a small key file, readable and editable by hand:
///
/// ```
/// # Tapaway settings …
/// [tapaway]
/// scenario=send-event
/// window-size=390x720
/// theme=dark
///
/// [overlays]
/// touches=true
///
/// [options]
/// dismiss=on-drag
/// tap-gesture.cancels-touches=off
/// ```
///
/// Unknown sections and unknown keys are skipped, so a file written by a newer version still
/// loads; anything that is not a comment, a `[section]` or a `key=value` line, or a known key
/// with a value that does not parse, makes the whole file broken (see `parse(_:)`).
package struct Settings: Equatable, Sendable {
    /// The id of the scenario shown last (resolved by the app; an id it does not know is
    /// ignored there).
    package var lastScenario: String?
    /// The window's size when it last closed.
    package var windowSize: WindowSize?
    /// Named overlay toggles (touches, frames, …), on or off.
    package var overlays: [String: Bool]
    /// The chosen theme; nil: none chosen (the X resources and the desktop decide).
    package var theme: ThemePreference?
    /// Options set to other than their default, by key (`dismiss`, `tap-gesture.cancels-touches`) to
    /// value (`on-drag`, `off`).
    ///
    /// The app checks them against the registry; a key or value this version does not know is kept but
    /// not applied.
    package var options: [String: String]

    /// Settings with the given values; no arguments give the defaults.
    package init(
        lastScenario: String? = nil, windowSize: WindowSize? = nil,
        overlays: [String: Bool] = [:], theme: ThemePreference? = nil, options: [String: String] = [:]
    ) {
        self.lastScenario = lastScenario
        self.windowSize = windowSize
        self.overlays = overlays
        self.theme = theme
        self.options = options
    }

    /// The settings before anything is chosen: every value falls back to the program's default.
    package static let defaults = Settings()

    /// The part that is the state of the last session rather than a choice: the last scenario
    /// and the window size, which live in the state file.
    package var state: Settings { Settings(lastScenario: lastScenario, windowSize: windowSize) }

    /// The choices alone: these settings without the state of the last session.
    package var choices: Settings {
        var choices = self
        choices.lastScenario = nil
        choices.windowSize = nil
        return choices
    }

    /// Whether `name` can be stored as an overlay toggle or a scenario id: 1 to 64 ASCII
    /// letters, digits, `-`, `_` or `.`.
    package static func isValidName(_ name: String) -> Bool {
        guard (1...64).contains(name.utf8.count) else { return false }
        return name.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2D || byte == 0x5F || byte == 0x2E
        }
    }

    // MARK: The file

    /// The main section's name.
    static let mainSection = "tapaway"
    /// The overlay toggles' section name.
    static let overlaySection = "overlays"
    /// The options' section name.
    static let optionSection = "options"

    /// The comment lines at the top of the settings file.
    package static let settingsHeader = [
        "# Tapaway settings, written by Tapaway when its window closes.",
        "# Edit while Tapaway is not running; `tapaway --no-settings` ignores this file.",
    ]

    /// The file's text, after the comment lines of `header`.
    ///
    /// Values never chosen are left out; overlays are sorted by name, and names `isValidName(_:)`
    /// rejects are left out (they could not be read back).
    package func serialized(header: [String] = Settings.settingsHeader) -> String {
        var lines = header + ["[\(Settings.mainSection)]"]
        if let lastScenario, Settings.isValidName(lastScenario) { lines.append("scenario=\(lastScenario)") }
        if let windowSize { lines.append("window-size=\(windowSize)") }
        if let theme { lines.append("theme=\(theme.rawValue)") }
        let toggles = overlays.filter { Settings.isValidName($0.key) }.sorted { $0.key < $1.key }
        if !toggles.isEmpty {
            lines.append("")
            lines.append("[\(Settings.overlaySection)]")
            for (name, on) in toggles { lines.append("\(name)=\(on)") }
        }
        let options = self.options.filter { Settings.isValidName($0.key) && Settings.isValidName($0.value) }
            .sorted { $0.key < $1.key }
        if !options.isEmpty {
            lines.append("")
            lines.append("[\(Settings.optionSection)]")
            for (key, value) in options { lines.append("\(key)=\(value)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads a settings file's text.
    ///
    /// - Throws: `SettingsError` naming the first bad line: a line that is not blank, a `#` or
    ///   `;` comment, a `[section]` or a `key=value`; a key before any section; a known key with
    ///   a bad value (`window-size` not `WxH` within `WindowSize.settingsRange`, `theme` not `light`,
    ///   `dark` or `auto`, `scenario` or an overlay name not `isValidName(_:)`, an overlay value
    ///   not `true` or `false`).
    package static func parse(_ text: String) throws(SettingsError) -> Settings {
        // Editors on some systems start UTF-8 files with a byte-order mark; it says nothing here.
        let text = text.hasPrefix("\u{FEFF}") ? String(text.unicodeScalars.dropFirst()) : text
        var settings = Settings()
        var section: String?
        var number = 0
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            number += 1
            let line = rawLine.trimmingWhitespace()
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
            if line.hasPrefix("[") {
                guard line.hasSuffix("]"), line.count > 2 else {
                    throw SettingsError("line \(number): a section header must look like [name]")
                }
                section = String(line.dropFirst().dropLast()).trimmingWhitespace()
                continue
            }
            guard let equals = line.firstIndex(of: "=") else {
                throw SettingsError("line \(number): expected key=value, found '\(line.shortened)'")
            }
            let key = String(line[..<equals]).trimmingWhitespace()
            let value = String(line[line.index(after: equals)...]).trimmingWhitespace()
            guard !key.isEmpty else { throw SettingsError("line \(number): a key is missing before '='") }
            guard let section else {
                throw SettingsError("line \(number): '\(key.shortened)' comes before any [section]")
            }
            switch section {
            case mainSection:
                switch key {
                case "scenario":
                    guard isValidName(value) else {
                        throw SettingsError("line \(number): scenario '\(value.shortened)' is not an id")
                    }
                    settings.lastScenario = value
                case "window-size":
                    guard let size = WindowSize(parsing: value), size.fitsSettingsFile else {
                        throw SettingsError("line \(number): window-size '\(value.shortened)' is not WxH")
                    }
                    settings.windowSize = size
                case "theme":
                    guard let theme = ThemePreference(rawValue: value) else {
                        throw SettingsError("line \(number): theme '\(value.shortened)' is not light, dark or auto")
                    }
                    settings.theme = theme
                default:
                    continue  // a newer version's key
                }
            case overlaySection:
                guard isValidName(key) else {
                    throw SettingsError("line \(number): overlay '\(key.shortened)' is not a name")
                }
                switch value {
                case "true": settings.overlays[key] = true
                case "false": settings.overlays[key] = false
                default: throw SettingsError("line \(number): overlay \(key) is '\(value.shortened)', not true or false")
                }
            case optionSection:
                guard isValidName(key) else {
                    throw SettingsError("line \(number): option '\(key.shortened)' is not a name")
                }
                guard isValidName(value) else {
                    throw SettingsError("line \(number): option \(key) is '\(value.shortened)', not a value")
                }
                settings.options[key] = value
            default:
                continue  // a newer version's section
            }
        }
        return settings
    }
}

/// A settings file that could not be read, parsed or written.
package struct SettingsError: Error, CustomStringConvertible, Equatable {
    /// What went wrong, as one line.
    package let message: String
    /// Creates an error with `message`.
    package init(_ message: String) { self.message = message }
    /// The message, one line naming the file, the line and what is wrong.
    package var description: String { message }
}

extension StringProtocol {
    /// The text without leading and trailing spaces, tabs and carriage returns.
    func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }),
            let last = lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(self[first...last])
    }

    /// At most 40 characters, for messages; control characters shown as '?'.
    var shortened: String {
        let cleaned = String(map { $0.isASCII && ($0.asciiValue ?? 0) < 0x20 ? "?" : $0 })
        return cleaned.count > 40 ? String(cleaned.prefix(39)) + "…" : cleaned
    }
}
