import ArgumentParser
import TapawayDemo
import TapawayImport
import TapawayScreen

extension ScreenPlatform: ExpressibleByArgument {
    /// `uikit`, `swiftui`, `android`, `flutter`, `react-native`, for completions and help.
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

/// `tapaway import FILE`: a screen file made from a storyboard, a xib, a dump of a running app or
/// an Android layout, with what could not be brought over said per element.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Make a screen file from a storyboard, a xib, a UI Automator or Appium dump, or an Android layout.",
        discussion: """
            The format is told by the file's first element. The screen file goes to standard output \
            (or -o FILE, replaced whole, never through a link); what could not be imported or was \
            guessed is a comment in the file and a line on standard error, FILE:LINE: note: what, \
            citing the original file. A bad file is one line, FILE:LINE: what, status 65, and \
            nothing is written; a storyboard of several scenes without --scene is status 64. \
            `tapaway --screen FILE` and `tapaway audit FILE` import on the fly. docs/import.md \
            describes each format.
            """
    )

    @Argument(
        help: ArgumentHelp("The file: .storyboard, .xib, a dump (.xml) or an Android layout (.xml).", valueName: "path"),
        completion: .file(extensions: ["storyboard", "xib", "xml"]))
    var path: String

    @OptionGroup var sceneChoice: SceneChoice

    @Flag(name: .customLong("list-scenes"), help: "List the scenes of a storyboard or xib, and import nothing.")
    var listScenes = false

    @Option(
        name: [.customShort("o"), .customLong("output")], help: ArgumentHelp("Write the screen file here.", valueName: "path"))
    var output: String?

    @Option(help: ArgumentHelp("The device to place the screen on (tapaway list).", valueName: "id"))
    var device: String?

    @Option(help: ArgumentHelp("The platform the app is written for: what As written plays.", valueName: "platform"))
    var platform: ScreenPlatform?

    @Option(help: ArgumentHelp("A dump's pixels per point (default: its width over the device's).", valueName: "n"))
    var density: Double?

    @Option(help: ArgumentHelp("An Android layout's manifest, for windowSoftInputMode.", valueName: "path"))
    var manifest: String?

    @Option(
        help: ArgumentHelp(
            "The activity of the manifest whose layout this is (default: from the layout's name).", valueName: "name"))
    var activity: String?

    @Option(
        help: ArgumentHelp(
            "A UI Automator dump of the same screen, whose bounds replace an Android layout's guesses.", valueName: "path"))
    var dump: String?

    func validate() throws {
        if let device, DeviceProfile.device(device) == nil {
            throw ValidationError(
                "no device is called '\(Printable.escaped(device))': use one of \(DeviceProfile.all.map(\.id).joined(separator: ", "))."
            )
        }
        if let density, !(density > 0.1 && density < 10) {
            throw ValidationError("--density is pixels per point, from 0.1 to 10 (a phone's is 1 to 4), not \(density).")
        }
        if listScenes && (output != nil || sceneChoice.scene != nil) {
            throw ValidationError("--list-scenes imports nothing: leave out --scene and -o.")
        }
        if activity != nil && manifest == nil {
            throw ValidationError("--activity names an activity of --manifest: give it too.")
        }
    }

    func run() throws {
        let bytes = try read(path)
        if listScenes {
            try printScenes(bytes)
            return
        }
        var request = ImportRequest(fileName: path, devices: ScreenFile.importDevices)
        request.scene = sceneChoice.scene
        request.device = device
        request.platform = platform
        request.density = density
        request.activity = activity
        if let manifest { request.manifest = (manifest, try read(manifest)) }
        if let dump { request.dump = (dump, try read(dump)) }
        let result: ImportResult
        do {
            result = try Importer.importScreen(bytes, request: request)
        } catch {
            Console.error(Printable.escaped("\(path):\(error.problem.line): \(error.problem.message)"))
            throw ExitCode(error.needsChoice ? ExitStatus.usage : ExitStatus.badScreen)
        }
        let text = ScreenWriter.text(result.document)
        // What the importer made is held to the format as a written file is.
        do {
            _ = try ScreenReader.read(text)
        } catch {
            let first = error.problems.first.map { $0.description } ?? "unknown"
            Console.error(
                "tapaway import: the screen made from \(Printable.escaped(path)) does not read back (\(first)); please report it")
            throw ExitCode(ExitStatus.badScreen)
        }
        // What concerns the screen as a whole (a scaled canvas, a density worked out), then each
        // element's notes, citing the original file.
        for warning in result.warnings { Console.error(Printable.escaped("\(request.shortName): note: \(warning)")) }
        for line in notes(result.document) { Console.error(Printable.escaped(line)) }
        let elements = result.document.allElements.count
        let inputs = result.document.inputIDs.count
        let summary =
            "\(Printable.escaped(path)): imported (\(result.format)) a screen of \(elements) element\(elements == 1 ? "" : "s"), "
            + "\(inputs) text input\(inputs == 1 ? "" : "s")" + (result.document.device.map { ", on \($0)" } ?? "")
        if let output {
            do {
                try FileIO.replaceFile(output, with: Array(text.utf8))
            } catch {
                Console.error("tapaway import: \(Printable.escaped(error.message))")
                throw ExitCode(ExitStatus.cannotCreate)
            }
            Console.error(summary + "; written to \(Printable.escaped(output))")
        } else {
            Console.out(String(text.dropLast()))
            Console.error(summary)
        }
    }

    /// The file's bytes, or one line and status 66 (a missing file) or 65 (too large).
    private func read(_ path: String) throws -> [UInt8] {
        do {
            return try FileIO.read(path, limit: ImportLimits.fileBytes + 1, accepting: .regularFilesAndStreams)
        } catch {
            Console.error("tapaway import: \(Printable.escaped(path)): \(error.message(noun: "file"))")
            throw ExitCode(ExitStatus.missingInput)
        }
    }

    /// Each element's comments as `FILE:LINE: note: what`, citing the original file.
    private func notes(_ document: ScreenDocument) -> [String] {
        var lines: [String] = []
        for element in document.allElements where !element.comments.isEmpty {
            let place =
                element.source.map { source -> String in
                    let parts = source.split(separator: " ", maxSplits: 1)
                    return String(parts[0])
                } ?? path
            for comment in element.comments { lines.append("\(place): note: \(element.id.map { "\($0): " } ?? "")\(comment)") }
        }
        return lines
    }

    private func printScenes(_ bytes: [UInt8]) throws {
        let listing: (format: String, scenes: [SceneSummary])
        do {
            listing = try Importer.scenes(bytes)
        } catch {
            Console.error(Printable.escaped("\(path):\(error.problem.line): \(error.problem.message)"))
            throw ExitCode(ExitStatus.badScreen)
        }
        var lines = [
            "\(Printable.escaped(path)): a \(listing.format) of \(listing.scenes.count) scene\(listing.scenes.count == 1 ? "" : "s")"
        ]
        let width = min(40, listing.scenes.map(\.name.count).max() ?? 0)
        for s in listing.scenes {
            let name = s.name + String(repeating: " ", count: max(0, width - s.name.count))
            let place = "line \(s.line)"
            var line = "  \(name)  \(place)\(String(repeating: " ", count: max(0, 9 - place.count)))  \(s.className)"
            if let label = s.label, label != s.name && label != s.className { line += " “\(label)”" }
            if let reason = s.notImportable {
                line += "  — \(reason)"
            } else {
                line += "  \(s.inputs) text input\(s.inputs == 1 ? "" : "s"), \(s.views) view\(s.views == 1 ? "" : "s")"
            }
            lines.append(Printable.escaped(line))
        }
        Console.out(lines.joined(separator: "\n"))
    }
}

/// `--scene`, which the window (`--screen FILE --scene NAME`), `audit` and `import` share: one
/// group, so that the value reaches whichever command runs (swift-argument-parser decodes each
/// command of the path from the same arguments).
struct SceneChoice: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The scene of a storyboard or xib to import: its storyboard identifier, class, name or object id.",
            valueName: "scene"))
    var scene: String?
}
