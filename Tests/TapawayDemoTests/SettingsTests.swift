import Dispatch
import Glibc
import TapawayDemo
import TapawayKit
import TapawayTestSupport
import Testing

/// A fresh directory under /tmp, removed (with what is in it) by `remove()`.
private struct TemporaryDirectory {
    let path: String

    init() {
        var template = Array("/tmp/tapaway-settings-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(made != nil, "mkdtemp failed")
        path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    func remove() { removeTree(path) }

    /// The names in the directory (without .
    ///
    /// and ..), sorted.
    func entries(_ sub: String = "") -> [String] { listDirectory(sub.isEmpty ? path : path + "/" + sub) }
}

private func listDirectory(_ path: String) -> [String] {
    guard let dir = opendir(path) else { return [] }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
            String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
        }
        if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
}

private func removeTree(_ path: String) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return }
    if info.st_mode & S_IFMT == S_IFDIR {
        chmod(path, 0o700)
        for name in listDirectory(path) { removeTree(path + "/" + name) }
        rmdir(path)
    } else {
        unlink(path)
    }
}

private func writeFile(_ path: String, _ bytes: [UInt8], mode: mode_t = 0o644) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, mode)
    precondition(fd >= 0, "cannot create \(path)")
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
}

private func readFile(_ path: String) -> String? {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n <= 0 { break }
        bytes += chunk[0..<n]
    }
    return String(decoding: bytes, as: UTF8.self)
}

private func inode(_ path: String) -> UInt64? {
    var info = stat()
    return stat(path, &info) == 0 ? UInt64(info.st_ino) : nil
}

private let sample = Settings(
    lastScenario: "tap-gesture",
    windowSize: WindowSize(width: 700, height: 820),
    overlays: ["touches": true, "frames": false, "decision.log": true],
    theme: .dark)

@Suite("Settings")
struct SettingsTests {
    // MARK: The format

    @Test("settings survive a save and a load, and the file reads as written")
    func roundTrip() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let store = SettingsStore(directory: dir.path + "/tapaway")
        #expect(store.load() == .missing)
        try store.save(sample)
        #expect(store.load() == .loaded(sample))
        let text = try #require(readFile(store.path))
        #expect(text.contains("[tapaway]\nscenario=tap-gesture\nwindow-size=700x820\ntheme=dark\n"))
        #expect(text.contains("[overlays]\ndecision.log=true\nframes=false\ntouches=true\n"))

        // Defaults write no values, and read back as defaults.
        try store.save(.defaults)
        #expect(store.load() == .loaded(.defaults))
        #expect(try #require(readFile(store.path)).contains("scenario") == false)
    }

    @Test("the parser takes comments, blanks, spaces around '=', CRLF, unknown keys and sections")
    func lenientWhereSafe() throws {
        let text =
            "# comment\r\n; another\r\n\r\n[tapaway]\r\n  scenario = send-event \r\nfuture-key=42\r\n"
            + "[future-section]\r\nanything=goes\r\n[overlays]\r\ntouches = false\r\n"
        let settings = try Settings.parse(text)
        #expect(settings == Settings(lastScenario: "send-event", overlays: ["touches": false]))
    }

    @Test(
        "bad lines and bad values make the file broken, naming the line",
        arguments: [
            ("scenario=send-event\n", "line 1"),
            ("[tapaway]\nthis is not a setting\n", "line 2"),
            ("[tapaway]\nwindow-size=huge\n", "window-size"),
            ("[tapaway]\nwindow-size=0x100\n", "window-size"),
            ("[tapaway]\ntheme=purple\n", "theme"),
            ("[tapaway]\nscenario=../../etc\n", "scenario"),
            ("[overlays]\ntouches=maybe\n", "touches"),
            ("[overlays\n", "section"),
            ("[tapaway]\n=value\n", "key"),
        ])
    func brokenText(text: String, mention: String) {
        #expect(throws: SettingsError.self) { try Settings.parse(text) }
        do {
            _ = try Settings.parse(text)
        } catch {
            #expect(error.message.contains(mention), "\(error.message)")
        }
    }

    // MARK: Broken files

    @Test("garbage in the file: one line naming the file, the defaults, and the next save replaces it")
    func garbageFile() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let store = SettingsStore(directory: dir.path)
        var random = SeededGenerator(seed: 12345)
        let garbage = (0..<700).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        writeFile(store.path, garbage)
        guard case .broken = store.load() else {
            Issue.record("binary garbage loaded as \(store.load())")
            return
        }
        var lines: [String] = []
        let settings = store.loadReportingProblems { lines.append($0) }
        #expect(settings == .defaults)
        #expect(lines.count == 1)
        #expect(lines.first?.contains(store.path) == true)
        #expect(lines.first?.contains("\n") == false)

        try store.save(sample)
        #expect(store.load() == .loaded(sample))
    }

    @Test("text that is not settings, or not UTF-8, is broken too")
    func notSettings() {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let store = SettingsStore(directory: dir.path)
        writeFile(store.path, Array("{\"scenario\": \"send-event\"}\n".utf8))
        #expect(store.load() == .broken(SettingsError("line 1: expected key=value, found '{\"scenario\": \"send-event\"}'")))
        writeFile(store.path, [0x5B, 0x74, 0xFF, 0xFE, 0x5D, 0x0A])
        #expect(store.load() == .broken(SettingsError("is not UTF-8 text")))
        writeFile(store.path, [UInt8](repeating: 0x23, count: SettingsStore.maximumSize + 1))
        #expect(store.load() == .broken(SettingsError("is larger than 64 KiB")))
    }

    @Test("a directory where the file should be: reported, defaults; saving fails cleanly and leaves it")
    func directoryInTheWay() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let store = SettingsStore(directory: dir.path)
        mkdir(store.path, 0o755)
        writeFile(store.path + "/keep", Array("mine".utf8))
        var lines: [String] = []
        #expect(store.loadReportingProblems { lines.append($0) } == .defaults)
        #expect(lines.count == 1 && lines[0].contains("is a directory"))
        #expect(throws: SettingsError.self) { try store.save(sample) }
        #expect(dir.entries() == [SettingsStore.fileName], "no temporary file left beside it")
        #expect(dir.entries(SettingsStore.fileName) == ["keep"], "the directory is left as it was")
    }

    @Test("a file that cannot be opened (a symbolic-link loop) is reported, never fatal")
    func unopenable() {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let store = SettingsStore(directory: dir.path)
        symlink(store.path, store.path)  // points at itself: ELOOP
        var lines: [String] = []
        #expect(store.loadReportingProblems { lines.append($0) } == .defaults)
        #expect(lines.count == 1 && lines[0].contains("cannot be read"))
    }

    @Test(
        "an unreadable file (permission denied) is reported, never fatal",
        .enabled(if: geteuid() != 0, "root reads any file, so permission cannot be denied"))
    func permissionDenied() {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let store = SettingsStore(directory: dir.path)
        writeFile(store.path, Array("[tapaway]\ntheme=dark\n".utf8), mode: 0o000)
        var lines: [String] = []
        #expect(store.loadReportingProblems { lines.append($0) } == .defaults)
        #expect(lines.count == 1 && lines[0].contains("ermission denied"))
    }

    @Test("a configuration directory that is a file: reported on load, an error on save")
    func parentIsAFile() {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        writeFile(dir.path + "/tapaway", Array("not a directory".utf8))
        let store = SettingsStore(directory: dir.path + "/tapaway")
        var lines: [String] = []
        #expect(store.loadReportingProblems { lines.append($0) } == .defaults)
        #expect(lines.count == 1)
        #expect(throws: SettingsError.self) { try store.save(sample) }
    }

    // MARK: Atomic writes

    @Test("saving replaces the file by rename: the old inode is untouched, no temporary file is left")
    func atomicWrite() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let store = SettingsStore(directory: dir.path)
        try store.save(Settings(lastScenario: "send-event"))
        let before = try #require(readFile(store.path))
        // A second name for the old file: a write in place would change what it shows.
        link(store.path, dir.path + "/old")
        let oldInode = inode(store.path)

        try store.save(sample)
        #expect(readFile(dir.path + "/old") == before, "the old file was written in place")
        #expect(inode(store.path) != oldInode)
        #expect(store.load() == .loaded(sample))
        #expect(dir.entries() == ["old", SettingsStore.fileName])
    }

    @Test("saving creates the missing directories, private to the user")
    func createsDirectories() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let store = SettingsStore(directory: dir.path + "/config/tapaway")
        try store.save(sample)
        var info = stat()
        #expect(stat(dir.path + "/config/tapaway", &info) == 0)
        #expect(info.st_mode & 0o777 == 0o700)
        #expect(store.load() == .loaded(sample))
    }

    @Test("a settings file that is a symbolic link is read but never written through: one line, the target untouched")
    func refusesLinks() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        mkdir(dir.path + "/dotfiles", 0o755)
        let target = dir.path + "/dotfiles/notes.txt"
        writeFile(target, Array("[tapaway]\ntheme=dark\n".utf8))
        let store = SettingsStore(directory: dir.path + "/tapaway")
        mkdir(store.directory, 0o700)
        symlink(target, store.path)
        #expect(store.load() == .loaded(Settings(theme: .dark)), "a link is still read")

        let error = try #require(throws: SettingsError.self) { try store.save(sample) }
        #expect(error.message.contains("symbolic link") && error.message.contains(store.path), "\(error.message)")
        #expect(!error.message.contains("\n"), "one line: \(error.message)")
        #expect(readFile(target) == "[tapaway]\ntheme=dark\n", "the link's target was written")
        var info = stat()
        #expect(lstat(store.path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK, "the link was replaced")
        #expect(dir.entries("tapaway") == [SettingsStore.fileName], "no temporary file left beside it")
        #expect(dir.entries("dotfiles") == ["notes.txt"])
    }

    @Test("a settings file that is a FIFO is neither opened for writing nor replaced: one line, the FIFO stays")
    func refusesFIFOs() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let store = SettingsStore(directory: dir.path)
        #expect(mkfifo(store.path, 0o600) == 0)
        var lines: [String] = []
        #expect(store.loadReportingProblems { lines.append($0) } == .defaults)
        #expect(lines.count == 1 && lines[0].contains("not a regular file") && lines[0].contains("left as it is"), "\(lines)")

        let error = try #require(throws: SettingsError.self) { try store.save(sample) }
        #expect(error.message.contains("not a regular file") && !error.message.contains("\n"), "\(error.message)")
        var info = stat()
        #expect(lstat(store.path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "the FIFO was replaced")
        #expect(dir.entries() == [SettingsStore.fileName], "no temporary file left beside it")
    }

    // Never with a system device: a save that wrongly replaced it would replace the machine's own.
    @Test(
        "a settings file that is a device node is refused: the node stays a device",
        .enabled(if: geteuid() == 0, "only root can make a device node"))
    func refusesDevices() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let store = SettingsStore(directory: dir.path)
        // A private copy of /dev/null (character device 1, 3).
        #expect(mknod(store.path, S_IFCHR | 0o600, (1 << 8) | 3) == 0)
        let error = try #require(throws: SettingsError.self) { try store.save(sample) }
        #expect(error.message.contains("not a regular file"), "\(error.message)")
        var info = stat()
        #expect(lstat(store.path, &info) == 0 && info.st_mode & S_IFMT == S_IFCHR, "the device node was replaced")
        #expect(dir.entries() == [SettingsStore.fileName], "no temporary file left beside it")
    }

    // MARK: Paths

    @Test("XDG paths: the variables when absolute, else the home directory's defaults")
    func xdgPaths() {
        let set = XDGPaths(environment: ["HOME": "/home/ada", "XDG_CONFIG_HOME": "/cfg/", "XDG_DATA_HOME": "/data"])
        #expect(set.configDirectory == "/cfg/tapaway")
        #expect(set.dataDirectory == "/data/tapaway")
        let unset = XDGPaths(environment: ["HOME": "/home/ada", "XDG_CONFIG_HOME": "", "XDG_DATA_HOME": "relative/path"])
        #expect(unset.configDirectory == "/home/ada/.config/tapaway")
        #expect(unset.dataDirectory == "/home/ada/.local/share/tapaway")
        let fallback = XDGPaths(environment: [:], home: "/var/lib/ada")
        #expect(fallback.configDirectory == "/var/lib/ada/.config/tapaway")
        let none = XDGPaths(environment: [:])
        #expect(none.configDirectory == nil && none.dataDirectory == nil)
        #expect(SettingsStore(paths: none) == nil)
        #expect(SettingsStore(paths: set)?.path == "/cfg/tapaway/settings.conf")
    }

    @Test("new data files go in the data directory, made on demand, never over an existing file")
    func dataFiles() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let paths = XDGPaths(environment: ["HOME": "/nonexistent", "XDG_DATA_HOME": dir.path + "/share"])
        let time: time_t = 1_700_000_000
        let first = try paths.newDataFile(stem: "screenshot", extension: "png", at: time)
        close(first.descriptor)
        #expect(first.path == dir.path + "/share/tapaway/tapaway-screenshot-\(XDGPaths.timestamp(time)).png")
        #expect(dir.entries("share") == ["tapaway"])
        writeFile(first.path, [1])
        let second = try paths.newDataFile(stem: "screenshot", extension: "png", at: time)
        close(second.descriptor)
        #expect(second.path == dir.path + "/share/tapaway/tapaway-screenshot-\(XDGPaths.timestamp(time))-2.png")
        #expect(readFile(first.path) == "\u{1}", "the first file is left as it was")
        #expect(XDGPaths.timestamp(time).count == 15)
        #expect(throws: XDGError.self) { try XDGPaths(environment: [:]).ensureDataDirectory() }
    }

    @Test("two recordings started in the same second get two files, each created exclusively")
    func sameSecondRecordings() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let paths = XDGPaths(environment: ["HOME": "/nonexistent", "XDG_DATA_HOME": dir.path + "/share"])
        let time: time_t = 1_700_000_000
        let stamp = XDGPaths.timestamp(time)
        // Two sessions asking before either has written a byte: the name is taken at creation,
        // not when the first line is written (a name chosen by looking, then created, was the
        // same for both, and their lines interleaved in one file).
        let first = try paths.newDataFile(stem: "recording", extension: "jsonl", at: time)
        let second = try paths.newDataFile(stem: "recording", extension: "jsonl", at: time)
        defer { close(first.descriptor); close(second.descriptor) }
        #expect(first.path.hasSuffix("/tapaway-recording-\(stamp).jsonl"))
        #expect(second.path.hasSuffix("/tapaway-recording-\(stamp)-2.jsonl"))
        #expect(
            dir.entries("share/tapaway") == ["tapaway-recording-\(stamp)-2.jsonl", "tapaway-recording-\(stamp).jsonl"])
        // A dangling link standing at the next name is passed over, and its target not created.
        let target = dir.path + "/elsewhere.jsonl"
        #expect(symlink(target, dir.path + "/share/tapaway/tapaway-recording-\(stamp)-3.jsonl") == 0)
        let third = try paths.newDataFile(stem: "recording", extension: "jsonl", at: time)
        defer { close(third.descriptor) }
        #expect(third.path.hasSuffix("/tapaway-recording-\(stamp)-4.jsonl"))
        #expect(access(target, F_OK) != 0, "nothing was created through the link")
    }

    @Test("a new file is created exclusively by concurrent writers: each gets a name of its own")
    func concurrentNewFiles() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let directory = dir.path
        // Eight threads each create a file at the same base name and write their number in it.
        let count = 8
        let slots = UnsafeMutableBufferPointer<String?>.allocate(capacity: count)
        slots.initialize(repeating: nil)
        defer { slots.deallocate() }
        nonisolated(unsafe) let shared = slots
        DispatchQueue.concurrentPerform(iterations: count) { index in
            shared[index] = try? FileIO.writeNewFile(
                Array("\(index)\n".utf8), in: directory, base: "tapaway-recording-x", extension: "jsonl")
        }
        let made = Array(slots)
        let paths = made.compactMap { $0 }
        #expect(paths.count == count && Set(paths).count == count, "\(paths)")
        for (index, path) in made.enumerated() {
            #expect(path.flatMap(readFile) == "\(index)\n", "each file holds its own writer's line only")
        }
    }

    // MARK: The state file

    /// The settings and state files under `dir`: `config/tapaway/settings.conf` and
    /// `state/tapaway/state.conf`.
    private func files(in dir: TemporaryDirectory) throws -> SettingsFiles {
        let paths = XDGPaths(environment: [
            "HOME": "/nonexistent", "XDG_CONFIG_HOME": dir.path + "/config", "XDG_STATE_HOME": dir.path + "/state",
        ])
        return try #require(SettingsFiles(paths: paths))
    }

    @Test("XDG_STATE_HOME: the variable when absolute, else ~/.local/state")
    func stateHome() {
        let set = XDGPaths(environment: ["HOME": "/home/ada", "XDG_STATE_HOME": "/st/"])
        #expect(set.stateDirectory == "/st/tapaway")
        #expect(SettingsStore.state(paths: set)?.path == "/st/tapaway/state.conf")
        let unset = XDGPaths(environment: ["HOME": "/home/ada", "XDG_STATE_HOME": "relative"])
        #expect(unset.stateDirectory == "/home/ada/.local/state/tapaway")
        #expect(XDGPaths(environment: [:]).stateDirectory == nil)
        #expect(SettingsFiles(paths: XDGPaths(environment: [:])) == nil)
    }

    @Test("XDG_CACHE_HOME: the variable when absolute, else ~/.cache")
    func cacheHome() {
        #expect(XDGPaths(environment: ["HOME": "/home/ada", "XDG_CACHE_HOME": "/c/"]).cacheDirectory == "/c/tapaway")
        #expect(XDGPaths(environment: ["HOME": "/home/ada", "XDG_CACHE_HOME": ""]).cacheDirectory == "/home/ada/.cache/tapaway")
        #expect(XDGPaths(environment: [:]).cacheDirectory == nil)
    }

    @Test("the window size and the last scenario go to the state file; the choices stay in the settings file")
    func stateApart() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let files = try files(in: dir)
        #expect(files.save(sample).isEmpty)
        let state = try #require(readFile(files.state.path))
        #expect(state.hasPrefix("# ") && state.contains("[tapaway]\nscenario=tap-gesture\nwindow-size=700x820\n"), "\(state)")
        #expect(!state.contains("theme=") && !state.contains("[overlays]"), "\(state)")
        let settings = try #require(readFile(files.settings.path))
        #expect(!settings.contains("scenario") && !settings.contains("window-size"), "\(settings)")
        #expect(settings.contains("theme=dark\n") && settings.contains("touches=true\n"), "\(settings)")
        var lines: [String] = []
        #expect(files.loadReportingProblems { lines.append($0) } == sample)
        #expect(lines.isEmpty, "\(lines)")
    }

    @Test("an older settings file's window size and scenario are read once, then live in the state file")
    func stateMovesOnce() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let files = try files(in: dir)
        mkdir(dir.path + "/config", 0o700)
        mkdir(files.settings.directory, 0o700)
        writeFile(files.settings.path, Array("[tapaway]\nscenario=flutter\nwindow-size=500x900\ntheme=dark\n".utf8))
        let old = files.loadReportingProblems { Issue.record("unexpected report: \($0)") }
        #expect(old == Settings(lastScenario: "flutter", windowSize: WindowSize(width: 500, height: 900), theme: .dark))

        #expect(files.save(old).isEmpty)
        let settings = try #require(readFile(files.settings.path))
        #expect(!settings.contains("scenario") && !settings.contains("window-size") && settings.contains("theme=dark"))
        #expect(try #require(readFile(files.state.path)).contains("scenario=flutter\nwindow-size=500x900\n"))
        #expect(files.loadReportingProblems { _ in } == old)

        // The state file wins over a value an older version wrote to the settings file since.
        writeFile(files.settings.path, Array("[tapaway]\nscenario=android\n".utf8))
        #expect(files.loadReportingProblems { _ in }.lastScenario == "flutter")
    }

    @Test("a state file that is a symbolic link is never written through; the state stays in the settings file")
    func stateRefusesLinks() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let files = try files(in: dir)
        let target = dir.path + "/elsewhere.conf"
        writeFile(target, Array("[tapaway]\nscenario=none\n".utf8))
        mkdir(dir.path + "/state", 0o700)
        mkdir(files.state.directory, 0o700)
        symlink(target, files.state.path)

        let failures = files.save(sample)
        #expect(failures.count == 1 && failures.first?.what == "the window size and the last scenario", "\(failures)")
        let message = failures.first?.error.message ?? ""
        #expect(message.contains("symbolic link") && message.contains(files.state.path), "\(message)")
        #expect(readFile(target) == "[tapaway]\nscenario=none\n", "the link's target was written")
        var info = stat()
        #expect(lstat(files.state.path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK, "the link was replaced")
        #expect(dir.entries("state/tapaway") == [SettingsStore.stateFileName], "no temporary file left beside it")
        // Nothing is lost: the settings file keeps the state, as older versions wrote it.
        let settings = try #require(readFile(files.settings.path))
        #expect(settings.contains("scenario=tap-gesture\n") && settings.contains("window-size=700x820\n"), "\(settings)")
    }

    @Test("a broken state file is one line naming it, and the settings file's choices still apply")
    func brokenStateFile() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let files = try files(in: dir)
        #expect(files.save(Settings(theme: .dark)).isEmpty)
        writeFile(files.state.path, Array("garbage\n".utf8))
        var lines: [String] = []
        let loaded = files.loadReportingProblems { lines.append($0) }
        #expect(loaded == Settings(theme: .dark))
        #expect(lines.count == 1 && lines[0].contains("state file \(files.state.path)"), "\(lines)")
    }

    // MARK: The theme's sources

    @Test("the theme: --theme, else settings, else Tapaway.theme, else the desktop, else light")
    func themeChoice() {
        #expect(
            ThemeChoice.resolve(commandLine: .dark, saved: .light, resource: .light, desktop: .light)
                == ThemeChoice(appearance: .dark, source: "--theme"))
        #expect(ThemeChoice.resolve(commandLine: nil, saved: .dark, resource: .light, desktop: nil).source == "settings")
        #expect(
            ThemeChoice.resolve(commandLine: .auto, saved: .auto, resource: .dark, desktop: .light)
                == ThemeChoice(appearance: .dark, source: "X resource Tapaway.theme"))
        #expect(
            ThemeChoice.resolve(
                commandLine: .auto, saved: nil, resource: nil, desktop: .dark, desktopSource: "GTK_THEME=Adwaita:dark")
                == ThemeChoice(appearance: .dark, source: "GTK_THEME=Adwaita:dark"))
        #expect(
            ThemeChoice.resolve(commandLine: nil, saved: nil, resource: .auto, desktop: nil)
                == ThemeChoice(appearance: .light, source: "default"))
    }
}
