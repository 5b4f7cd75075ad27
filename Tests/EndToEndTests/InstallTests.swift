import Foundation
import Glibc
import TapawayTestSupport
import Testing

/// Runs `command` (an absolute path first) to completion with output captured; nil when it
/// cannot be started.
private func runTool(
    _ command: [String], environment extra: [String: String] = [:],
    directory: String? = nil, timeout: Int = 600
) throws -> (status: Int32?, stdout: String, stderr: String) {
    let temp = FileManager.default.temporaryDirectory.appendingPathComponent("tapaway-tool-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: temp, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: temp) }
    var environment = ProcessInfo.processInfo.environment
    for (key, value) in extra { environment[key] = value }
    var full = command
    if let directory { full = ["/usr/bin/env", "-C", directory] + command }
    let process = try ChildProcess(
        command: Executables.bounded(full, lifetimeLimit: timeout), environment: environment,
        stdout: .file(temp.appendingPathComponent("out").path),
        stderr: .file(temp.appendingPathComponent("err").path))
    _ = process.waitForExit(timeout: Double(timeout) + 10)
    let out = (try? String(contentsOf: temp.appendingPathComponent("out"), encoding: .utf8)) ?? ""
    let err = (try? String(contentsOf: temp.appendingPathComponent("err"), encoding: .utf8)) ?? ""
    return (process.exitCode, out, err)
}

private func pngSize(_ path: String) -> (Int, Int)? {
    guard let data = FileManager.default.contents(atPath: path), data.count > 24,
        Array(data.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    else { return nil }
    func be32(_ at: Int) -> Int { data[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (be32(16), be32(20))
}

/// The newest version CHANGELOG.md names (its first `## X.Y.Z` heading; an `## Unreleased`
/// one above it is not a version).
private func releasedVersion() throws -> String {
    let changelog = try String(contentsOfFile: repositoryRoot + "/CHANGELOG.md", encoding: .utf8)
    let heading = try #require(
        changelog.split(separator: "\n").first { $0.hasPrefix("## ") && $0.dropFirst(3).first?.isNumber == true },
        "CHANGELOG.md has no version heading")
    return String(heading.dropFirst(3).prefix { $0 != " " })
}

@Suite("Installation", .serialized)
struct InstallTests {
    static let iconSizes = [16, 24, 32, 48, 64, 128, 256]

    /// `make install` into a temporary DESTDIR with PREFIX=/usr: every file where desktops
    /// look for it, a desktop entry that `desktop-file-validate` accepts, a man page that `man`
    /// renders, completions that know the options; then `make uninstall` takes it all away.
    ///
    /// SwiftPM cannot build while `swift test` holds the build directory, so `scripts/test.sh`
    /// runs `make install DESTDIR=… PREFIX=/usr` on its fresh debug build before the tests and
    /// names the DESTDIR in `TAPAWAY_STAGED_INSTALL`. Without it (a bare `swift test`), the
    /// test runs `make install` itself, building in its own directory, `.build-install`.
    @Test("make install into a temporary DESTDIR, validated; make uninstall removes it")
    func installAndUninstall() throws {
        let make = try #require(Executables.find("make"), "make is not installed")
        let destdir: String
        var variables = ["PREFIX=/usr"]
        if let staged = ProcessInfo.processInfo.environment["TAPAWAY_STAGED_INSTALL"], !staged.isEmpty {
            destdir = staged
        } else {
            destdir = FileManager.default.temporaryDirectory.appendingPathComponent("tapaway-destdir-\(UUID().uuidString)").path
            variables += ["CONFIGURATION=debug", "SCRATCH=\(repositoryRoot)/.build-install"]
            let install = try runTool(
                [make, "--no-print-directory", "install", "DESTDIR=\(destdir)"] + variables,
                directory: repositoryRoot, timeout: 900)
            #expect(install.status == 0, "make install failed:\n\(install.stdout)\n\(install.stderr)")
            guard install.status == 0 else { return }
        }
        defer { try? FileManager.default.removeItem(atPath: destdir) }
        variables.append("DESTDIR=\(destdir)")

        let usr = destdir + "/usr"
        var expected = [
            "bin/tapaway", "share/applications/io.github.tapaway.Tapaway.desktop",
            "share/metainfo/io.github.tapaway.Tapaway.metainfo.xml", "share/man/man1/tapaway.1",
            "share/bash-completion/completions/tapaway", "share/zsh/site-functions/_tapaway",
            "share/fish/vendor_completions.d/tapaway.fish", "share/icons/hicolor/scalable/apps/tapaway.svg",
        ]
        expected += Self.iconSizes.map { "share/icons/hicolor/\($0)x\($0)/apps/tapaway.png" }
        for file in expected {
            #expect(FileManager.default.fileExists(atPath: usr + "/" + file), "\(file) was not installed")
        }
        #expect(FileManager.default.isExecutableFile(atPath: usr + "/bin/tapaway"))
        for size in Self.iconSizes {
            let got = pngSize(usr + "/share/icons/hicolor/\(size)x\(size)/apps/tapaway.png")
            #expect(got.map { $0 == (size, size) } == true, "the \(size)x\(size) icon is \(String(describing: got))")
        }

        // The installed program runs and says its name and version, the CHANGELOG's newest.
        let version = try AppProcess(
            ["--version"], display: nil, trace: false, binary: URL(fileURLWithPath: usr + "/bin/tapaway"))
        let released = try releasedVersion()
        #expect(
            version.waitForExit(timeout: 30) == 0 && version.stdout == "tapaway \(released)\n",
            "\(version.diagnostics(lastLines: 0))")

        // The desktop entry.
        let validator = try #require(
            Executables.find("desktop-file-validate"),
            "desktop-file-validate is missing (Debian: desktop-file-utils; scripts/setup.sh installs it)")
        let desktopFile = usr + "/share/applications/io.github.tapaway.Tapaway.desktop"
        let validation = try runTool([validator, desktopFile])
        #expect(
            validation.status == 0 && (validation.stdout + validation.stderr).isEmpty,
            "desktop-file-validate: \(validation.stdout)\(validation.stderr)")
        let entry = try String(contentsOfFile: desktopFile, encoding: .utf8)
        for line in ["Exec=tapaway", "Icon=tapaway", "StartupWMClass=Tapaway", "Type=Application", "StartupNotify=true"] {
            #expect(entry.contains(line + "\n"), "the desktop entry lacks \(line)")
        }

        // The AppStream metainfo: valid (no network: Tapaway has no homepage to check URLs
        // against), naming the desktop entry installed beside it, and the release we are.
        let appstream = try #require(
            Executables.find("appstreamcli"), "appstreamcli is missing (Debian: appstream; scripts/setup.sh installs it)")
        let metainfo = usr + "/share/metainfo/io.github.tapaway.Tapaway.metainfo.xml"
        let checked = try runTool([appstream, "validate", "--no-net", metainfo])
        #expect(
            checked.status == 0 && !(checked.stdout + checked.stderr).contains("W:")
                && !(checked.stdout + checked.stderr).contains("E:"),
            "appstreamcli validate: \(checked.stdout)\(checked.stderr)")
        let tree = try runTool([appstream, "validate-tree", "--no-net", usr])
        #expect(tree.status == 0, "appstreamcli validate-tree: \(tree.stdout)\(tree.stderr)")
        let metadata = try String(contentsOfFile: metainfo, encoding: .utf8)
        #expect(metadata.contains("<launchable type=\"desktop-id\">io.github.tapaway.Tapaway.desktop</launchable>"))
        #expect(metadata.contains("<release version=\"\(released)\""), "the metainfo lacks the release \(released)")

        // The man page, from swift-argument-parser's generator, renders without warnings.
        let manPage = try String(contentsOfFile: usr + "/share/man/man1/tapaway.1", encoding: .utf8)
        // One one-line description everywhere: the man page's whatis line (from --help's
        // abstract, without quotes, which whatis would show), the desktop entry, the metainfo
        // and the Debian package's.
        let whatis = try #require(
            manPage.split(separator: "\n").first { $0.hasPrefix(".Nd ") }.map { String($0.dropFirst(4)) },
            "the man page has no .Nd line")
        #expect(!whatis.contains("\"") && whatis.contains("mobile apps"), "whatis line: \(whatis)")
        #expect(entry.contains("\nComment=\(whatis)\n"), "the desktop entry's Comment is not \(whatis)")
        #expect(metadata.contains("<summary>\(whatis)</summary>"), "the metainfo's summary is not \(whatis)")
        let control = try String(contentsOfFile: repositoryRoot + "/debian/control", encoding: .utf8)
        #expect(
            control.contains("\nDescription: \(whatis.prefix(1).lowercased() + whatis.dropFirst())\n"),
            "debian/control's Description is not \(whatis)")
        #expect(manPage.hasPrefix(".\\\" \"Generated by swift-argument-parser\""))
        let man = try #require(Executables.find("man"), "man is missing (Debian: man-db; scripts/setup.sh installs it)")
        let rendered = try runTool(
            [man, "-l", usr + "/share/man/man1/tapaway.1"],
            environment: ["MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat", "LC_ALL": "C.UTF-8"])
        #expect(rendered.status == 0, "man -l failed: \(rendered.stderr)")
        #expect(!rendered.stderr.contains("warning"), "man warns: \(rendered.stderr)")
        for text in [
            "TAPAWAY(1)", "NAME", "SYNOPSIS", "--no-settings", "--theme", "--scenario", "--screenshot", "--version",
            "[subcommand]", "KEYS", "F12", "Ctrl+Q", "ENVIRONMENT", "TAPAWAY_X_TIMEOUT", "FILES", "settings.conf",
            "EXIT STATUS", "EX_UNAVAILABLE", "SEE ALSO", "Xft.dpi divided by 96",
        ] {
            // Words as the reader sees them, whatever the line breaks and hyphenation.
            let words = rendered.stdout.replacingOccurrences(of: "\u{2010}\n", with: "").split(whereSeparator: \.isWhitespace)
                .joined(separator: " ")
            #expect(words.contains(text), "the rendered man page lacks \(text)")
        }
        for status in [64, 65, 66, 69, 73, 74] {
            #expect(manPage.contains("\n.It \(status)\n"), "EXIT STATUS lacks \(status)")
        }
        // mandoc's linter, at its strictest level, has nothing to say.
        let mandoc = try #require(Executables.find("mandoc"), "mandoc is missing (Debian: mandoc; scripts/setup.sh installs it)")
        let lint = try runTool([mandoc, "-Tlint", usr + "/share/man/man1/tapaway.1"])
        #expect(lint.status == 0 && (lint.stdout + lint.stderr).isEmpty, "mandoc -Tlint: \(lint.stdout)\(lint.stderr)")

        // The completions, from the program's own generator, know every option and the values.
        let bash = try String(contentsOfFile: usr + "/share/bash-completion/completions/tapaway", encoding: .utf8)
        let zsh = try String(contentsOfFile: usr + "/share/zsh/site-functions/_tapaway", encoding: .utf8)
        let fish = try String(contentsOfFile: usr + "/share/fish/vendor_completions.d/tapaway.fish", encoding: .utf8)
        #expect(zsh.hasPrefix("#compdef tapaway"))
        #expect(!bash.hasPrefix("#!"), "a bash completion is sourced, not run: no #! line")
        for option in ["scenario", "trace", "size", "focus", "screenshot", "display", "theme", "no-settings"] {
            #expect(bash.contains("--\(option)"), "bash completion lacks --\(option)")
            #expect(zsh.contains("--\(option)"), "zsh completion lacks --\(option)")
            #expect(fish.contains("-l '\(option)'"), "fish completion lacks --\(option)")
        }
        for script in [bash, zsh, fish] {
            #expect(script.contains("send-event") && script.contains("light") && script.contains("dark"))
        }

        // Uninstall leaves none of it.
        let uninstall = try runTool([make, "--no-print-directory", "uninstall"] + variables, directory: repositoryRoot)
        #expect(uninstall.status == 0, "make uninstall failed:\n\(uninstall.stdout)\n\(uninstall.stderr)")
        for file in expected {
            #expect(!FileManager.default.fileExists(atPath: usr + "/" + file), "\(file) is still there after uninstall")
        }
    }
}

@Suite("A good desktop citizen, end to end")
struct DesktopCitizenTests {
    /// The window's ICCCM/EWMH properties, F12 to the data directory, and the close button.
    @Test("the window has its class, name, pid, protocols, minimum size and icon; F12 saves a screenshot; close exits 0")
    func windowManners() throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("tapaway-data-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let run = try AppProcess(["--no-settings"], display: display, environment: ["XDG_DATA_HOME": data.path])
        try run.waitForReady()
        let probe = try DesktopProbe(displayName: display.name)
        let window = try probe.window()

        #expect(probe.text("_NET_WM_NAME", of: window) == "Tapaway")
        #expect(probe.property("_NET_WM_NAME", of: window).map { probe.atomName($0.type) } == "UTF8_STRING")
        let pid = try #require(probe.property("_NET_WM_PID", of: window)?.items.first)
        let command = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)
        #expect(
            command?.trimmingCharacters(in: .whitespacesAndNewlines) == "tapaway",
            "_NET_WM_PID \(pid) is \(command ?? "no process")")
        let protocols = probe.property("WM_PROTOCOLS", of: window)?.items.map(probe.atomName) ?? []
        #expect(protocols.contains("WM_DELETE_WINDOW"))
        let minimum = try #require(probe.minimumSize(of: window))
        #expect(minimum == (320, 480))

        // _NET_WM_ICON: 16, 24, 32, 48 and 64 px images of opaque ARGB with transparent corners.
        let icon = try #require(probe.property("_NET_WM_ICON", of: window), "no _NET_WM_ICON")
        #expect(probe.atomName(icon.type) == "CARDINAL" && icon.format == 32)
        var sizes: [Int] = []
        var index = 0
        while index + 2 <= icon.items.count {
            let w = Int(icon.items[index]), h = Int(icon.items[index + 1])
            #expect(w == h)
            let pixels = Array(icon.items[(index + 2)..<min(icon.items.count, index + 2 + w * h)])
            #expect(pixels.count == w * h)
            if pixels.count == w * h {
                // Xlib hands format-32 items over as C longs, sign-extended: keep the low 32 bits.
                let corner = pixels[0] & 0xFFFF_FFFF, middle = pixels[(h / 2) * w + w / 2 - w / 4] & 0xFFFF_FFFF
                #expect(corner >> 24 == 0, "the \(w) px icon's corner is not transparent")
                #expect(middle >> 24 == 0xFF, "the \(w) px icon's middle is not opaque")
            }
            sizes.append(w)
            index += 2 + w * h
        }
        #expect(sizes == [16, 24, 32, 48, 64] && index == icon.items.count)

        // F12: a screenshot in $XDG_DATA_HOME/tapaway/, and a line saying where.
        let driver = try XDriver(displayName: display.name)
        try driver.key(named: "F12")
        try run.settle(through: driver)
        let saved = run.stdout.split(separator: "\n").first { $0.contains("screenshot saved to") }
        let path = try #require(saved.map { String($0.split(separator: " ").last!) }, "F12 saved nothing.\n\(run.diagnostics)")
        #expect(path.hasPrefix(data.path + "/tapaway/tapaway-screenshot-") && path.hasSuffix(".png"))
        #expect(pngSize(path).map { $0 == (Int(probe.frame(of: window).width), Int(probe.frame(of: window).height)) } == true)

        // The close button: a clean exit.
        probe.requestClose(window)
        #expect(run.waitForExit(timeout: 10) == 0, "WM_DELETE_WINDOW did not end tapaway with status 0.\n\(run.diagnostics)")
    }

    /// Input focus: taken when the window maps on a bare X server, left to the window manager
    /// when one runs (taking it would steal it from whatever the user is doing).
    @Test("the window takes the input focus without a window manager, and leaves it to one", arguments: [false, true])
    func inputFocus(withWindowManager: Bool) throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let probe = try DesktopProbe(displayName: display.name)
        if withWindowManager { probe.announceWindowManager() }
        let before = probe.focusedWindow
        let run = try AppProcess(["--no-settings"], display: display)
        try run.waitForReady()
        let window = try probe.window()
        if withWindowManager {
            #expect(probe.focusedWindow == before, "took the focus from under a window manager")
        } else {
            #expect(probe.focusedWindow == window, "no focus on a bare server: \(probe.focusedWindow) is not \(window)")
        }
        probe.requestClose(window)
        #expect(run.waitForExit(timeout: 10) == 0, "\(run.diagnostics)")
    }

    /// The last scenario, the window size and the theme survive a close and a start.
    @Test("closing the window saves the settings and the state; the next start uses them")
    func settingsRemembered() throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("tapaway-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: config) }
        let state = PrivateFolder(purpose: "state")
        defer { state.remove() }
        let environment = ["XDG_CONFIG_HOME": config.path, "XDG_STATE_HOME": state.path]
        let probe = try DesktopProbe(displayName: display.name)
        let driver = try XDriver(displayName: display.name)

        do {
            let first = try AppProcess(
                ["--scenario", "tap-gesture", "--size", "960x800", "--theme", "dark"],
                display: display, environment: environment)
            let ready = try first.waitForReady()
            let device = try #require(ready["device"] as? [Double])
            #expect(device[0] + device[2] < 960, "the inspector is on view at first")
            // F2 hides the inspector: a toggle the settings remember.
            try driver.key(named: "F2")
            try first.settle(through: driver)
            probe.requestClose(try probe.window())
            #expect(first.waitForExit(timeout: 10) == 0, "\(first.diagnostics)")
            #expect(!first.stderr.contains("settings"), "\(first.diagnostics)")
        }
        let file = config.appendingPathComponent("tapaway/settings.conf")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains("theme=dark\n") && !text.contains("scenario") && !text.contains("window-size"), "\(text)")
        // The window size and the last scenario are state, not choices: XDG_STATE_HOME.
        let stateFile = state.file("tapaway/state.conf")
        let stateText = try String(contentsOfFile: stateFile, encoding: .utf8)
        #expect(stateText.contains("scenario=tap-gesture\n") && stateText.contains("window-size=960x800\n"), "\(stateText)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: state.file("tapaway")) == ["state.conf"])
        #expect(
            text.contains("[overlays]\n") && text.contains("inspector=false\n") && text.contains("overlay-touches=false\n"),
            "\(text)")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: config.appendingPathComponent("tapaway").path)
        #expect(leftovers == ["settings.conf"])

        let second = try AppProcess(display: display, environment: environment)
        let ready = try second.waitForReady()
        #expect(ready.string("scenario") == "tap-gesture")
        // The remembered width is kept; the height grows to show iPhone 15 (852 points) whole.
        #expect((ready["window"] as? [Double]) == [960, 852])
        let device = try #require(ready["device"] as? [Double])
        // The remembered hidden inspector: no inspector, so the device sits centred in the room
        // right of the sidebar, at its own width.
        #expect(device[2] == 393, "the device keeps iPhone 15's width \(device)")
        #expect(abs((device[0] - 240) - (960 - device[0] - device[2])) <= 1, "the device is centred \(device)")
        let luminance = try meanLuminance(of: try probe.window(), probe: probe, driver: driver)
        #expect(luminance < 90, "the remembered dark theme was not used (mean luminance \(luminance))")
        probe.requestClose(try probe.window())
        #expect(second.waitForExit(timeout: 10) == 0, "\(second.diagnostics)")

        // --no-settings: the defaults, whatever the files say, and the files are left alone.
        let before = try Data(contentsOf: file)
        let stateBefore = try Data(contentsOf: URL(fileURLWithPath: stateFile))
        let clean = try AppProcess(["--no-settings", "--size", "640x820"], display: display, environment: environment)
        #expect(try clean.waitForReady().string("scenario") == "send-event")
        probe.requestClose(try probe.window())
        #expect(clean.waitForExit(timeout: 10) == 0, "\(clean.diagnostics)")
        #expect(try Data(contentsOf: file) == before)
        #expect(try Data(contentsOf: URL(fileURLWithPath: stateFile)) == stateBefore)
    }

    /// A broken settings file costs one line on stderr, and the program runs on.
    @Test("a broken settings file: one line on stderr, the defaults, exit 0")
    func brokenSettings() throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("tapaway-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: config) }
        let directory = config.appendingPathComponent("tapaway")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let garbage = Data((0..<512).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) })
        try garbage.write(to: directory.appendingPathComponent("settings.conf"))
        let png = config.appendingPathComponent("shot.png")

        // The state of a folder with none, not the user's.
        let environment = ["XDG_CONFIG_HOME": config.path, "XDG_STATE_HOME": config.appendingPathComponent("state").path]
        let run = try AppProcess(["--screenshot", png.path], display: display, environment: environment)
        #expect(try run.waitForReady().string("scenario") == "send-event")
        #expect(run.waitForExit(timeout: 15) == 0, "\(run.diagnostics)")
        let lines = run.stderr.split(separator: "\n", omittingEmptySubsequences: true)
        let settingsLines = lines.filter { $0.contains("settings") }
        #expect(settingsLines.count == 1, "\(run.diagnostics)")
        #expect(settingsLines.first?.contains(directory.appendingPathComponent("settings.conf").path) == true)
        #expect(FileManager.default.fileExists(atPath: png.path))
        // A screenshot run does not write the settings: the broken file is still as it was.
        #expect(try Data(contentsOf: directory.appendingPathComponent("settings.conf")) == garbage)
    }

    /// `Tapaway.theme` from the X resources, the XSETTINGS theme name and GTK_THEME choose the
    /// theme when the command line and the settings say nothing.
    @Test("Tapaway.theme, XSETTINGS Net/ThemeName and GTK_THEME choose the theme; --theme wins")
    func themeFromTheDesktop() throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let probe = try DesktopProbe(displayName: display.name)
        let driver = try XDriver(displayName: display.name)

        func luminance(_ arguments: [String], environment: [String: String?] = [:]) throws -> Double {
            let run = try AppProcess(["--no-settings"] + arguments, display: display, environment: environment)
            try run.waitForReady()
            let window = try probe.window()
            let value = try meanLuminance(of: window, probe: probe, driver: driver)
            probe.requestClose(window)
            #expect(run.waitForExit(timeout: 10) == 0, "\(run.diagnostics)")
            return value
        }

        #expect(try luminance([]) > 150, "light without any hint")

        probe.setResources("Xft.dpi:\t96\nTapaway.theme:\tdark\n")
        #expect(try luminance([]) < 90, "Tapaway.theme: dark")
        #expect(try luminance(["--theme", "light"]) > 150, "--theme light wins over the resource")
        probe.setResources("*theme:\tlight\n")
        probe.publishXSettings([("Net/ThemeName", "Adwaita-dark")])
        #expect(try luminance([]) > 150, "an explicit resource wins over the desktop")
        probe.setResources(nil)
        #expect(try luminance([]) < 90, "XSETTINGS Net/ThemeName=Adwaita-dark")
        #expect(try luminance([], environment: ["GTK_THEME": "Adwaita"]) > 150, "GTK_THEME wins over XSETTINGS")
        probe.withdrawXSettings()
        #expect(try luminance([], environment: ["GTK_THEME": "Adwaita:dark"]) < 90, "GTK_THEME=Adwaita:dark")
    }

    @Test("sizes follow Xft.dpi: at 192 dpi the window, its drawing and its input are twice the points")
    func sizesFollowResolution() throws {
        let display = try VirtualDisplay(width: 1600, height: 1400)
        defer { display.stop() }
        let probe = try DesktopProbe(displayName: display.name)
        let driver = try XDriver(displayName: display.name)

        /// Starts tapaway at `dpi`, clicks `email` at its traced centre times the scale, and
        /// returns the ready line's scale, the window's pixel size, the keypad's traced frame,
        /// whether the click focused email, and the pixel at the keypad's tray.
        func run(dpi: Int) throws -> (scale: Double, pixels: Rect, keypad: [Double], focused: Bool, tray: RGB) {
            probe.setResources("Xft.dpi:\t\(dpi)\n")
            let run = try AppProcess(["--no-settings", "--size", "600x640"], display: display)
            let ready = try run.waitForReady()
            let scale = try #require(ready.number("scale"), "the ready line gives the scale")
            let window = try probe.window()
            let pixels = probe.frame(of: window)
            try run.waitForLayout(what: "email laid out") { $0.views.contains { $0.id == "email" } }
            let email = try run.layoutFrame(of: "email")
            let start = run.mark
            driver.click(at: Int((email.x + email.width / 2) * scale), Int((email.y + email.height / 2) * scale))
            let didShow = try run.waitFor(kind: "keypad", after: start, what: "the keypad shown at \(dpi) dpi") {
                $0.string("phase") == "didShow"
            }
            let focused = run.lines(from: start, kind: "focus").contains { $0.string("id") == "email" }
            let frame = try #require(didShow.rect("frame"), "keypad didShow without a frame: \(didShow)")
            let keypad = [frame.x, frame.y, frame.width, frame.height]
            try run.settle(through: driver)
            let tray = try driver.pixel(at: Int(pixels.x + (keypad[0] + 2) * scale), Int(pixels.y + (keypad[1] + 3) * scale))
            probe.requestClose(window)
            _ = run.waitForExit(timeout: 10)
            return (scale, pixels, keypad, focused, tray)
        }

        let standard = try run(dpi: 96)
        let double = try run(dpi: 192)
        probe.setResources(nil)
        #expect(standard.scale == 1 && double.scale == 2)
        #expect(standard.pixels.width == 600 && standard.pixels.height == 640, "\(standard.pixels)")
        #expect(double.pixels.width == 1200 && double.pixels.height == 1280, "\(double.pixels)")
        #expect(standard.keypad == double.keypad, "the trace stays in points: \(standard.keypad) vs \(double.keypad)")
        #expect(standard.focused && double.focused, "a click at the scaled centre of email focuses it")
        #expect(standard.tray.isClose(to: Session.trayColour, tolerance: Session.trayTolerance), "\(standard.tray)")
        #expect(
            double.tray.isClose(to: Session.trayColour, tolerance: Session.trayTolerance),
            "the keypad is drawn at twice its points: \(double.tray)")
    }
}
