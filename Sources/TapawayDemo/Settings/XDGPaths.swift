import Glibc

/// Where Tapaway keeps its files, after the XDG Base Directory specification: settings in
/// `$XDG_CONFIG_HOME/tapaway/` (else `~/.config/tapaway/`), the state of the last session (the
/// window size, the last scenario) in `$XDG_STATE_HOME/tapaway/` (else
/// `~/.local/state/tapaway/`), the font-match cache in `$XDG_CACHE_HOME/tapaway/` (else
/// `~/.cache/tapaway/`), recordings in `$XDG_DATA_HOME/tapaway/` (else
/// `~/.local/share/tapaway/`), and screenshots in the user's pictures folder
/// (`XDG_PICTURES_DIR` in `$XDG_CONFIG_HOME/user-dirs.dirs`, as xdg-user-dirs writes it), else
/// with the recordings.
///
/// As the specification says, a variable that is unset, empty or not an absolute path is
/// ignored. The home directory is `$HOME`, else the password database's entry for the user.
package struct XDGPaths: Sendable, Equatable {
    /// The home directory (`$HOME`, else the password database's), if there is one.
    package let home: String?
    /// The base directory for configuration (`$XDG_CONFIG_HOME` or `~/.config`); nil when
    /// there is no home directory either.
    package let configHome: String?
    /// The base directory for data (`$XDG_DATA_HOME` or `~/.local/share`); nil when there is
    /// no home directory either.
    package let dataHome: String?
    /// The base directory for state (`$XDG_STATE_HOME` or `~/.local/state`): what a program
    /// remembers of its last run rather than what the user chose; nil when there is no home
    /// directory either.
    package let stateHome: String?
    /// The base directory for caches (`$XDG_CACHE_HOME` or `~/.cache`): what can be made again
    /// and only saves time; nil when there is no home directory either.
    package let cacheHome: String?

    /// The application's folder name inside the base directories.
    package static let applicationFolder = "tapaway"

    /// Paths from `environment` (variable name to value); `home` is used when `HOME` is
    /// missing.
    package init(environment: [String: String], home fallbackHome: String? = nil) {
        func absolute(_ value: String?) -> String? {
            guard let value, value.hasPrefix("/") else { return nil }
            return XDGPaths.trimmingTrailingSlashes(value)
        }
        let home = absolute(environment["HOME"]) ?? absolute(fallbackHome)
        self.home = home
        configHome = absolute(environment["XDG_CONFIG_HOME"]) ?? home.map { $0 + "/.config" }
        dataHome = absolute(environment["XDG_DATA_HOME"]) ?? home.map { $0 + "/.local/share" }
        stateHome = absolute(environment["XDG_STATE_HOME"]) ?? home.map { $0 + "/.local/state" }
        cacheHome = absolute(environment["XDG_CACHE_HOME"]) ?? home.map { $0 + "/.cache" }
    }

    /// Paths from this process's environment.
    package static func current() -> XDGPaths {
        var environment: [String: String] = [:]
        for name in ["HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        var passwordHome: String?
        if environment["HOME"] == nil, let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir {
            passwordHome = String(cString: dir)
        }
        return XDGPaths(environment: environment, home: passwordHome)
    }

    /// `…/tapaway` in the configuration base directory: where the settings file lives.
    package var configDirectory: String? { configHome.map { $0 + "/" + Self.applicationFolder } }
    /// `…/tapaway` in the data base directory: where recordings and screenshots go.
    package var dataDirectory: String? { dataHome.map { $0 + "/" + Self.applicationFolder } }
    /// `…/tapaway` in the state base directory: where the state file lives.
    package var stateDirectory: String? { stateHome.map { $0 + "/" + Self.applicationFolder } }
    /// `…/tapaway` in the cache base directory: where the font-match cache lives.
    package var cacheDirectory: String? { cacheHome.map { $0 + "/" + Self.applicationFolder } }

    /// The data directory, created (with its parents, mode 0700 as the specification asks)
    /// when it does not exist yet.
    package func ensureDataDirectory() throws(XDGError) -> String {
        guard let directory = dataDirectory else {
            throw XDGError("no data directory: neither XDG_DATA_HOME nor HOME is set to an absolute path")
        }
        try XDGPaths.makeDirectories(directory)
        return directory
    }

    /// A new file in the data directory (created on demand) for a recording or a screenshot,
    /// created exclusively and open for writing: `tapaway-STEM-YYYYMMDD-HHMMSS.EXT` in local
    /// time, with `-2`, `-3`, … added when that name is taken, even by another program creating
    /// it at the same moment (`FileIO.createNewFile`).
    package func newDataFile(
        stem: String, extension ext: String, at time: time_t = time(nil), mode: mode_t = 0o644
    ) throws(XDGError) -> FileIO.NewFile {
        let directory = try ensureDataDirectory()
        do {
            return try FileIO.createNewFile(
                in: directory, base: "tapaway-\(stem)-\(XDGPaths.timestamp(time))", extension: ext, mode: mode)
        } catch {
            throw XDGError(error.message)
        }
    }

    // MARK: The pictures folder

    /// The largest `user-dirs.dirs` read (xdg-user-dirs writes a few hundred bytes).
    static let userDirsLimit = 64 * 1024

    /// The user's pictures folder: `XDG_PICTURES_DIR` from `user-dirs.dirs` in the
    /// configuration base directory, when the file gives it safely (see `userDirectory(_:in:)`)
    /// and it is an existing directory; nil otherwise.
    package func picturesDirectory() -> String? {
        guard let configHome, let bytes = try? FileIO.read(configHome + "/user-dirs.dirs", limit: Self.userDirsLimit),
            let text = String(validating: bytes, as: UTF8.self),
            let directory = userDirectory("XDG_PICTURES_DIR", in: text)
        else { return nil }
        var info = stat()
        guard stat(directory, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return nil }
        return directory
    }

    /// The directory `user-dirs.dirs` text gives for `name` (`XDG_PICTURES_DIR`), read as xdg-user-dirs
    /// writes it and without running anything: the last `NAME="VALUE"` line, whose value is `$HOME`
    /// followed by nothing or by `/` and a path, or an absolute path, with `\` escaping the next
    /// character.
    ///
    /// Anything else (another variable, a command, a relative path, no quotes, a control character)
    /// gives nil.
    package func userDirectory(_ name: String, in text: String) -> String? {
        var found: String?
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let line = rawLine.trimmingWhitespace()
            guard line.hasPrefix(name + "=") else { continue }
            found = Self.userDirectoryValue(String(line.dropFirst(name.count + 1)), home: home)
        }
        return found
    }

    /// A quoted `user-dirs.dirs` value as a path; nil when it is not a safe one.
    static func userDirectoryValue(_ quoted: String, home: String?) -> String? {
        guard quoted.count >= 2, quoted.hasPrefix("\""), quoted.hasSuffix("\"") else { return nil }
        var value = ""
        var escaped = false
        for character in quoted.dropFirst().dropLast() {
            if escaped {
                value.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" || character == "`" {
                return nil  // an unescaped quote ends the value early: not a file xdg-user-dirs wrote
            } else {
                value.append(character)
            }
        }
        guard !escaped, !value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return nil }
        let path: String
        if value == "$HOME" || value.hasPrefix("$HOME/") {
            guard let home else { return nil }
            path = home + value.dropFirst("$HOME".count)
        } else if value.hasPrefix("/") {
            path = value
        } else {
            return nil
        }
        // A variable or a command left in the path would name a place nobody meant.
        guard !path.contains("$") else { return nil }
        return trimmingTrailingSlashes(path)
    }

    /// Saves `png` as a new screenshot file and returns its path:
    /// `tapaway-screenshot-YYYYMMDD-HHMMSS.png` (local time) in the pictures folder
    /// (`picturesDirectory()`), else in the data directory (made on demand), with `-2`, `-3`, … added
    /// when that name is taken.
    ///
    /// The file is created exclusively (`FileIO.writeNewFile`): nothing that stands at a name, a link
    /// or another program's new file, is replaced.
    package func saveNewScreenshot(_ png: [UInt8], at time: time_t = time(nil)) throws(XDGError) -> String {
        let directory: String
        if let pictures = picturesDirectory() {
            directory = pictures
        } else {
            directory = try ensureDataDirectory()
        }
        do {
            return try FileIO.writeNewFile(
                png, in: directory, base: "tapaway-screenshot-\(XDGPaths.timestamp(time))", extension: "png", mode: 0o666)
        } catch {
            throw XDGError(error.message)
        }
    }

    /// `path` with the home directory shown as `~`, for messages on screen.
    package func abbreviated(_ path: String) -> String {
        guard let home, home != "/", path == home || path.hasPrefix(home + "/") else { return path }
        return "~" + path.dropFirst(home.count)
    }

    /// `YYYYMMDD-HHMMSS` for `time` in local time.
    package static func timestamp(_ time: time_t) -> String {
        var seconds = time
        var parts = tm()
        localtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))-"
            + "\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec))"
    }

    /// Creates `path` and any missing parents with `mode`; succeeds when it already is a
    /// directory.
    package static func makeDirectories(_ path: String, mode: mode_t = 0o700) throws(XDGError) {
        var info = stat()
        if stat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw XDGError("'\(path)' exists and is not a directory")
            }
            return
        }
        let parent = XDGPaths.parent(of: path)
        if parent != path && !parent.isEmpty { try makeDirectories(parent, mode: mode) }
        if mkdir(path, mode) != 0 && errno != EEXIST {
            throw XDGError("cannot create the directory '\(path)': \(String(cString: strerror(errno)))")
        }
    }

    /// The path without its last component ("/" for a top-level path).
    static func parent(of path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        let parent = String(trimmed[..<slash])
        return parent.isEmpty ? "/" : parent
    }

    static func trimmingTrailingSlashes(_ path: String) -> String {
        var result = path
        while result.count > 1 && result.hasSuffix("/") { result.removeLast() }
        return result
    }
}

/// A directory that could not be found or made.
package struct XDGError: Error, CustomStringConvertible, Equatable {
    /// What went wrong, as one line.
    package let message: String
    /// Creates an error with `message`.
    package init(_ message: String) { self.message = message }
    /// The message, one line naming the path and what is wrong with it.
    package var description: String { message }
}
