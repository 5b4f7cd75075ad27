import ArgumentParser
import TapawayDemo
import TapawayKit
import TapawayX11
#if canImport(Glibc)
import Glibc
#endif

/// A window size given as `WxH`.
struct WindowSize: ExpressibleByArgument, CustomStringConvertible {
    var width: Int
    var height: Int

    /// The smallest size the form and keypad fit in.
    static let minimum = (width: 320, height: 480)
    /// The largest size accepted.
    static let maximum = 10_000

    init(width: Int, height: Int) { self.width = width; self.height = height }

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else { return nil }
        self.init(width: w, height: h)
    }

    var description: String { "\(width)x\(height)" }
}

extension Scenario: ExpressibleByArgument {
    /// Every scenario id, for completions and help.
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

/// `tapaway`: explore how an iOS app dismisses its keyboard, in an X11 window.
struct TapawayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tapaway",
        abstract: "Explore how iOS apps dismiss the keyboard when you tap outside a text field.",
        discussion: """
        Opens a window with a form and an on-screen keypad. Click a field to focus it and bring \
        the keypad up; click anywhere outside to watch the scenario's technique dismiss it. \
        With --trace, every touch, decision, focus change, keypad phase, control action, edit \
        and layout is written as JSON Lines (see the README for the format).
        """,
        version: "0.1.0"
    )

    @Option(help: "The dismissal technique to show.")
    var scenario: Scenario = .sendEvent

    @Option(help: ArgumentHelp("Write the JSON Lines trace to PATH ('-' for standard output).", valueName: "path"))
    var trace: String?

    @Option(help: ArgumentHelp("The window size in pixels.", valueName: "WxH"))
    var size: WindowSize = WindowSize(width: Int(TapawayApp.defaultSize.width), height: Int(TapawayApp.defaultSize.height))

    @Option(help: ArgumentHelp("Focus this field once the window is up (name, email, password, phone, notes).", valueName: "id"))
    var focus: String?

    @Option(help: ArgumentHelp("Save a PNG screenshot to PATH once everything has settled, then exit.", valueName: "path"))
    var screenshot: String?

    @Option(help: ArgumentHelp("The X display to open (default: $DISPLAY).", valueName: "name"))
    var display: String?

    func validate() throws {
        let min = WindowSize.minimum
        guard size.width >= min.width, size.height >= min.height,
              size.width <= WindowSize.maximum, size.height <= WindowSize.maximum else {
            throw ValidationError("--size \(size) is out of range: use \(min.width)x\(min.height) up to \(WindowSize.maximum)x\(WindowSize.maximum).")
        }
        let fields = ["name", "email", "password", "phone", "notes"]
        if let focus, !fields.contains(focus) {
            throw ValidationError("--focus '\(focus)' is not a field: use one of \(fields.joined(separator: ", ")).")
        }
    }

    func run() throws {
        let options = self
        let status = MainActor.assumeIsolated { Launcher(options: options).run() }
        if status != 0 { throw ExitCode(status) }
    }
}

/// Wires the X11 platform, the app and the trace together, and runs the loop.
@MainActor
struct Launcher {
    let options: TapawayCommand

    func run() -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        let sink: TraceSink?
        do {
            if let path = options.trace {
                sink = path == "-" ? TraceSink.standardOutput() : try TraceSink.file(path)
            } else {
                sink = nil
            }
        } catch {
            Console.error("tapaway: \(error)")
            return 1
        }

        let size = Size(width: Double(options.size.width), height: Double(options.size.height))
        let platform: X11Platform
        do {
            platform = try X11Platform(display: options.display, size: size, title: "Tapaway")
        } catch {
            Console.error("tapaway: \(error)")
            return 1
        }
        let application = Application(screenSize: size, clock: platform.clock, fonts: platform.fonts,
                                      clipboard: platform.clipboard)
        platform.attach(application)
        let app = TapawayApp(application: application, scenario: options.scenario)
        if let sink { app.attach(Tracer(sink: sink, clock: platform.clock)) }

        var ready = false
        var screenshotFailed = false
        platform.onReady = {
            ready = true
            app.didBecomeReady()
            if let focus = options.focus { app.focus(focus) }
            // A screenshot waits for a settled frame; ask for one even when nothing changed.
            application.setNeedsFrame()
        }
        if let path = options.screenshot {
            platform.onFrame = {
                guard ready, !application.isAnimating, !application.needsFrame else { return }
                if options.focus != nil && application.keyboard.state != .shown { return }
                do {
                    try platform.screenshot(to: path)
                    Console.out("tapaway: screenshot saved to \(path)")
                } catch {
                    Console.error("tapaway: \(error)")
                    screenshotFailed = true
                }
                platform.quit()
            }
        }
        platform.run()
        return screenshotFailed ? 1 : 0
    }
}

/// Writes whole lines to standard output and error without Glibc's shared FILE globals.
enum Console {
    static func out(_ line: String) { write(fd: 1, line) }
    static func error(_ line: String) { write(fd: 2, line) }
    private static func write(fd: Int32, _ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
    }
}
