import Glibc
import TapawayAccessibility
import TapawayDemo
import TapawayKit
import TapawayScreen
import TapawayUnibreak
import TapawayX11

/// Wires the settings, the X11 platform, the theme, the app and the trace together, and runs
/// the loop.
@MainActor
struct Launcher {
    /// The size in points of the device the session starts with: the last `--set device=` or
    /// `orientation=` (or `--device`), else the remembered option, else the default.
    static func chosenDevice(assignments: [OptionAssignment], saved: [String: String]) -> Size {
        func value(_ id: String) -> String? {
            assignments.last { $0.key == OptionKey(nil, id) }?.value ?? saved[id]
        }
        let device = value(DeviceOption.device.id).flatMap(DeviceProfile.device) ?? DeviceProfile.device(DeviceProfile.defaultID)!
        let orientation = value(DeviceOption.orientation.id).flatMap(DeviceOrientation.init(rawValue:)) ?? .portrait
        return device.size(orientation)
    }

    let options: LaunchOptions

    func run() -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        // Where --screenshot goes is checked before anything opens: one line, status 73.
        if let path = options.screenshot {
            if let refusal = Screenshots.refusal(for: path) {
                Console.error("tapaway: the screenshot cannot be saved: \(refusal)")
                return ExitStatus.cannotCreate
            }
            Console.standardOutputTaken = path == "-"
        }
        let sink: TraceSink?
        do {
            if let path = options.trace {
                sink = path == "-" ? TraceSink.standardOutput() : try TraceSink.file(path)
                if path == "-" { Console.standardOutputSink = sink }
            } else {
                sink = nil
            }
        } catch {
            Console.error("tapaway: \(error)")
            return ExitStatus.cannotCreate
        }

        // A recording to replay is read before any window opens, so a bad one is one message.
        var replay: Recording?
        if let path = options.replay {
            do {
                replay = try Recording.load(contentsOf: path)
            } catch {
                Console.error("tapaway: the recording \(Printable.escaped(path)) cannot be replayed: \(error)")
                return ExitStatus.unreadable(path)
            }
        }

        // A screen file is read before any window opens too: a bad one is a line per problem.
        // A shipped screen's name is the general option `layout` (`--screen chat` is
        // `--set layout=chat`); a file is shown by every technique as it is.
        var screenDocument: ScreenDocument?
        var screenLayout: ScreenLayout?
        if let screen = options.screen {
            if let layout = ScreenLayout(screenName: screen) {
                screenLayout = layout
            } else {
                do {
                    screenDocument = try ScreenFile.load(screen, importing: ScreenFile.ImportChoices(scene: options.scene))
                } catch {
                    for line in error.lines { Console.error("tapaway: \(line)") }
                    return error.needsChoice
                        ? ExitStatus.usage : error.readable ? ExitStatus.badScreen : ExitStatus.missingInput
                }
            }
        }

        // A recording made on a screen file of the user's replays on that screen: say so when
        // this run shows another (the touches would land on other elements).
        if let replay, replay.screenName != screenDocument.map({ $0.name ?? "unnamed" }) {
            let made = replay.screenName.map { "the screen file named \(Printable.quoted($0))" } ?? "a shipped screen"
            let shown = screenDocument.map { "\(Printable.quoted($0.name ?? "unnamed"))" } ?? "a shipped screen"
            Console.error("tapaway: the recording was made on \(made); this run shows \(shown) (--screen FILE shows another)")
        }

        // Settings and state: read once; a broken file is one line on stderr and the defaults.
        let store = options.noSettings ? nil : SettingsFiles(paths: XDGPaths.current())
        let saved = store?.loadReportingProblems(Console.error) ?? .defaults
        let known: (String) -> TechniqueID? = { id in Techniques.technique(for: TechniqueID(id)).map { $0.id } }
        let technique =
            options.scenario ?? replay?.scenario.flatMap(known)
            ?? saved.lastScenario.flatMap(known) ?? Techniques.defaultID
        // `--set` was checked against --scenario; now the technique is known, check it again.
        let assignments: [OptionAssignment]
        do {
            assignments = try options.optionAssignments(for: technique)
        } catch {
            Console.error("tapaway: \(error)")
            return ExitStatus.usage
        }
        let windowSize =
            options.size
            ?? replay?.screen.map { WindowSize(width: Int($0.width), height: Int($0.height)).clamped }
            ?? saved.windowSize?.clamped
            ?? WindowSize.standard

        let size = Size(width: Double(windowSize.width), height: Double(windowSize.height))
        let platform: X11Platform
        do {
            // Only a size the user asked for (--size) may be cut with a word; any other fits
            // the desktop's work area quietly, at any scale.
            platform = try X11Platform(
                display: options.display, size: size, title: "Tapaway", sizeAsked: options.size != nil)
        } catch {
            Console.error("tapaway: \(error)")
            return ExitStatus.unavailable
        }
        platform.setWindowIcon()
        // Wrapping text breaks lines by UAX #14 with libunibreak's table (opened only when text
        // that is not all ASCII is wrapped).
        LineBreaking.rules = UnibreakLineBreaks()
        // The trace never blocks the loop: what a slow reader has not taken is written when it can.
        if let sink { platform.watchOutput(sink) }

        // The theme, before any view is made, so every colour starts right.
        let hints = platform.desktopHints()
        let choice = ThemeChoice.resolve(
            commandLine: options.theme, saved: saved.theme,
            resource: hints.themeResource, desktop: hints.desktopAppearance,
            desktopSource: hints.desktopAppearanceSource)
        Palette.current = Theme.named(choice.appearance)
        // Sizes follow the display's resolution (Xft.dpi, else XSETTINGS Xft/DPI) unless --scale
        // says. A device taller than the work area at the display's own scale is shown smaller,
        // as the Simulator fits its screen; a scale or a size the user gave is kept (the device
        // is then cut, and the inspector says so).
        if let asked = options.scale {
            platform.setScale(asked)
        } else {
            let device = Self.chosenDevice(assignments: assignments, saved: saved.options)
            let own = hints.scaleFactor
            let fitting = options.size == nil ? platform.scaleFitting(WindowLayout.minimumSize(device: device), at: own) : own
            if fitting < own { platform.setFittingScale(fitting) } else { platform.setScale(own) }
        }
        if let asked = platform.cutFromPixels {
            let points = platform.pointSize
            Console.error(
                "tapaway: a \(asked.width)×\(asked.height)-pixel window is larger than the screen; "
                    + "it opens at \(Int(points.width))×\(Int(points.height)) points, what the screen can show")
        }

        let application = Application(
            screenSize: platform.pointSize, clock: platform.clock, fonts: platform.fonts,
            clipboard: platform.clipboard)
        application.notificationCenter.addObserver(forName: .textFieldPasteWasCut) { note in
            let kept = note.userInfo[PasteCutKey.kept] as? Int ?? TextField.pasteLimit
            let bytes = note.userInfo[PasteCutKey.pastedBytes] as? Int ?? 0
            let id = (note.object as? View)?.identifier.map { " into \($0)" } ?? ""
            Console.error(
                "tapaway: a paste of \(bytes) bytes\(id) was cut to its first \(kept) characters, "
                    + "the most a single-line field takes")
        }
        platform.attach(application)
        // The desktop's theme, followed live: a change of the XSETTINGS theme name switches the
        // theme when nothing more explicit (--theme, the settings, Tapaway.theme) chose it.
        platform.onDesktopHintsChange = { [unowned application] hints in
            let live = ThemeChoice.resolve(
                commandLine: options.theme, saved: saved.theme,
                resource: hints.themeResource, desktop: hints.desktopAppearance,
                desktopSource: hints.desktopAppearanceSource)
            application.applyTheme(Theme.named(live.appearance))
        }
        let app = TapawayApp(application: application, technique: technique, screen: screenDocument)
        // On a screen file, --focus names one of its text inputs (checked once it is read).
        if let focus = options.focus, screenDocument != nil, !app.focusableIdentifiers.contains(focus) {
            Console.error(
                "tapaway: --focus \(Printable.quoted(focus)) is not a text input of the screen: use one of "
                    + app.focusableIdentifiers.joined(separator: ", "))
            return ExitStatus.usage
        }
        // Remembered options first (those this version does not know are kept, not applied),
        // then the command line's.
        for (text, value) in saved.options {
            if let key = OptionKey(text) { app.setOption(key, to: value) }
        }
        // A screen file's device, orientation, keyboard and avoidance, unless the command line
        // names its own.
        if let screenDocument {
            for option in AuditRunner.options(for: screenDocument) where !assignments.contains(where: { $0.key == option.key }) {
                app.setOption(option.key, to: option.value)
            }
            if let device = screenDocument.device, DeviceProfile.device(device) == nil {
                Console.error(
                    "tapaway: the screen's device \(Printable.quoted(device)) is not one of `tapaway list`'s; the device chosen stays"
                )
            }
        }
        for assignment in assignments { app.setOption(assignment.key, to: assignment.value) }
        if let screenLayout { app.setOption(OptionKey(nil, AvoidanceOption.layout.id), to: screenLayout.rawValue) }
        // The window grows to hold the device chosen (or turned) beside the chrome, within the
        // work area; a size given with --size stays as it is. A remembered one is kept at start,
        // grown only as far as showing the device whole needs (a size remembered from before
        // devices, or from a smaller one, would cut the phone's bottom off at every start).
        // A device chosen or turned live is fitted as at start: shown smaller when the work area
        // holds it only so, at the display's own scale again when it fits there (unless --scale or
        // --size said), then the window grows for it.
        let fitsLive = options.scale == nil && options.size == nil
        let ownScale = hints.scaleFactor
        app.onDeviceChange = { [unowned platform] device in
            if fitsLive {
                platform.rescale(to: platform.scaleFitting(WindowLayout.minimumSize(device: device), at: ownScale))
            }
            return platform.grow(toHold: WindowLayout.preferredSize(device: device))
        }
        if options.size == nil {
            let device = app.device.size(app.orientation)
            platform.grow(
                toHold: saved.windowSize == nil
                    ? WindowLayout.preferredSize(device: device) : WindowLayout.minimumSize(device: device))
        }
        RememberedToggles.apply(saved.overlays, to: app)
        if let sink { app.attach(Tracer(sink: sink, clock: platform.clock)) }
        // A password must never reach a core file: core dumps are forbidden while a secure field
        // holds text, and only then, so a crash at any other time leaves a core file (for
        // systemd-coredump, apport or a developer) and a debugger can attach. The trace's
        // `coreDumps` line says each change, as the kernel has it.
        let secrets = SecretWatch(notificationCenter: application.notificationCenter) { [unowned app] held in
            if held { CoreDumps.forbid() } else { CoreDumps.allow() }
            app.events.notify(.coreDumps(allowed: CoreDumps.areAllowed))
        }
        app.events.notify(.coreDumps(allowed: CoreDumps.areAllowed))
        let instruments = SessionInstruments(application: application, app: app, platform: platform)
        // A replayed F12 takes no screenshot, as a replayed F9 starts no recording: a recording
        // full of them must not fill the disk.
        app.onScreenshotRequest = { [unowned platform, unowned instruments, unowned app] in
            guard !instruments.isReplaying else { return }
            Screenshots.save(of: platform, banner: app.noticeBanner)
        }
        app.onRecordingToggle = { [unowned instruments] in instruments.toggleRecording() }
        // The file is opened now, so an unwritable path is one message before any window opens;
        // the recording begins once the window is ready and --focus has focused its input, so
        // the header says where the session starts.
        var recordingSink: TraceSink?
        var recordingPath: String?
        if let requested = options.record {
            do {
                (recordingPath, recordingSink) = try SessionInstruments.openRecording(for: requested)
            } catch {
                Console.error("tapaway: \(error)")
                return ExitStatus.cannotCreate
            }
        }

        // The idle line: what tests and scripts wait on instead of sleeping.
        if app.tracer != nil {
            platform.onIdle = { [unowned platform, unowned app] in app.events.notify(.idle(mark: platform.lastMark)) }
        }

        // Frame statistics for the benchmarks: a `frame` line per painted frame.
        var frameStatistics: ObserverToken?
        if getenv("TAPAWAY_FRAME_STATS") != nil, app.tracer != nil {
            frameStatistics = platform.paintedFrameObservers.add { [unowned platform, unowned app] in
                let frame = platform.lastFrame
                app.events.notify(.frame(start: frame.start, duration: frame.duration, animating: application.isAnimating))
            }
        }

        var ready = false
        var screenshotFailed = false
        // Screen readers and accessibility-driven tools: looked for only now the first frame is
        // up, and connected only if an accessibility bus exists (nothing is loaded before).
        var accessibility: AccessibilityBridge?
        platform.onReady = {
            ready = true
            app.didBecomeReady()
            accessibility = Self.startAccessibility(of: application, on: platform, app: app)
            if let focus = options.focus { app.focus(focus) }
            if let recordingPath, let recordingSink { instruments.startRecording(to: recordingPath, opened: recordingSink) }
            if let replay, let path = options.replay {
                instruments.replay(
                    replay, from: path, speed: options.replaySpeed.factorValue,
                    exitAfterwards: options.exitAfterReplay)
            }
            // A screenshot waits for a settled frame; ask for one even when nothing changed.
            application.setNeedsFrame()
        }
        var screenshotWatch: ObserverToken?
        if let path = options.screenshot {
            screenshotWatch = platform.paintedFrameObservers.add {
                // With --replay, the picture is of the end of the replay, and of an audit the
                // replay started once its findings are in.
                guard ready, !instruments.isReplaying, !app.isAuditing, !application.isAnimating, !application.needsFrame
                else { return }
                if options.focus != nil && application.keyboard.state != .shown { return }
                do {
                    try Screenshots.write(of: platform, to: path)
                } catch {
                    Console.error("tapaway: the screenshot was not saved to \(Printable.escaped(path)): \(error)")
                    screenshotFailed = true
                }
                platform.quit()
            }
        }
        // What every end of the session does: a close, a signal, and a lost X connection (where
        // it runs inside the X call that found the server gone, just before status 69).
        var finished = false
        let finishSession: @MainActor () -> Void = {
            guard !finished else { return }
            finished = true
            instruments.stopRecording()
            // What a slow reader has not taken yet, with a bounded wait.
            sink?.finish()

            // A one-shot screenshot run leaves the remembered settings as they were.
            if let store, options.screenshot == nil {
                var settings = saved
                settings.lastScenario = app.technique.rawValue
                settings.options = RememberedOptions.current(of: app, merging: saved.options)
                let final = application.screenSize
                // Never below the smallest window, whatever a window manager made of it.
                let kept = WindowSize(width: Int(final.width.rounded()), height: Int(final.height.rounded())).clamped
                settings.windowSize = kept
                settings.theme = options.theme ?? saved.theme
                settings.overlays = RememberedToggles.current(of: app, merging: saved.overlays)
                for failure in store.save(settings) {
                    Console.error("tapaway: \(failure.what) were not saved: \(failure.error)")
                }
            }
        }
        platform.onConnectionLost = finishSession
        platform.run()
        platform.onConnectionLost = nil
        withExtendedLifetime(secrets) {}
        withExtendedLifetime(accessibility) {}
        for token in [frameStatistics, screenshotWatch].compactMap({ $0 }) { platform.paintedFrameObservers.remove(token) }
        finishSession()
        // Ctrl+C, kill or a closed terminal: saved like a close, then ended as the signal would.
        if let signal = platform.terminationSignal { X11Platform.endProcess(as: signal) }
        // A trace that stopped because a write failed leaves a run that did not do what it was
        // asked: the program went on without it (said once, when it stopped), and ends with 74.
        if screenshotFailed { return ExitStatus.cannotCreate }
        return sink?.hasFailed == true ? ExitStatus.ioError : ExitStatus.success
    }
}

/// The options the settings remember: every option set to other than its default.
@MainActor
enum RememberedOptions {
    /// The options as they are now, over `remembered`: options of this version are written
    /// when they differ from their default and dropped when they are back at it; keys this
    /// version does not know (a newer version's) are kept.
    static func current(of app: TapawayApp, merging remembered: [String: String]) -> [String: String] {
        var options = remembered.filter { OptionKey($0.key) == nil }
        for (key, value) in app.options.values { options[key.description] = value }
        return options
    }
}

/// The app's toggles that the settings remember: the instrument overlays and the inspector.
@MainActor
enum RememberedToggles {
    /// The settings key that remembers whether the inspector is open.
    static let inspector = "inspector"

    /// Turns the remembered toggles on or off; names this version does not know are ignored.
    static func apply(_ toggles: [String: Bool], to app: TapawayApp) {
        for overlay in OverlayKind.allCases {
            if let on = toggles[overlay.rawValue] { app.setOverlay(overlay, on: on) }
        }
        if let wanted = toggles[inspector], wanted != app.inspectorWanted { app.toggleInspector() }
    }

    /// The toggles as they are now, over `remembered` (which keeps names this version does not
    /// know, written by a newer one).
    static func current(of app: TapawayApp, merging remembered: [String: Bool]) -> [String: Bool] {
        var toggles = remembered
        for overlay in OverlayKind.allCases { toggles[overlay.rawValue] = app.shows(overlay) }
        toggles[inspector] = app.inspectorWanted
        return toggles
    }
}

/// Writes whole lines to standard output and error without Glibc's shared FILE globals.
enum Console {
    /// The trace's sink when the trace goes to standard output (`--trace -`).
    ///
    /// Messages for standard output then go through it: whole lines between trace lines, never blocking
    /// the run loop on a reader that has paused.
    nonisolated(unsafe) static var standardOutputSink: TraceSink?
    /// Whether standard output carries something other than lines (`--screenshot -`, a PNG):
    /// messages for it then go to standard error.
    nonisolated(unsafe) static var standardOutputTaken = false

    /// Writes `line` to standard output (standard error when `standardOutputTaken`).
    ///
    /// A write that fails is noted: the run then ends with status 74 and one line saying why
    /// (`StandardOutputCheck`).
    static func out(_ line: String) {
        if standardOutputTaken {
            FileIO.writeLine(line, to: 2)
            return
        } else if let sink = standardOutputSink {
            sink.writeLine(line)
            return
        }
        var text = line
        text.append("\n")
        let result = text.withUTF8 { FileIO.write(UnsafeRawBufferPointer($0), to: 1) }
        if case .failed(let code, _) = result { StandardOutputCheck.noteFailure(code) }
    }
    /// Writes `line` to standard error.
    static func error(_ line: String) { FileIO.writeLine(line, to: 2) }
    /// Writes `text` to standard error with no newline: a progress line rewritten in place.
    static func errorInPlace(_ text: String) {
        var text = text
        _ = text.withUTF8 { FileIO.write(UnsafeRawBufferPointer($0), to: 2) }
    }
}
