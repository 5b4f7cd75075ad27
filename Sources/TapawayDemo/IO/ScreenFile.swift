import TapawayImport
import TapawayScreen

/// Where a screen comes from on the command line: a shipped screen's name (`standard`, `plain`,
/// `chat`) or a screen file's path, read through the one screen reader.
package enum ScreenFile {
    /// Why a screen could not be had: the lines to print, and whether the file could be read at
    /// all (a missing file and a bad one end with different statuses).
    package struct Failure: Error, Sendable {
        /// One line per problem: `FILE:LINE:COLUMN: what (at where in the tree)`.
        package let lines: [String]
        /// Whether the file exists and was read, its content being what is wrong.
        package let readable: Bool
        /// Whether the file is good but the user must say more (which scene to import).
        package var needsChoice = false
    }

    /// What an import is given besides the file: the scene, the platform, the density.
    package struct ImportChoices: Sendable {
        /// `--scene`: the Interface Builder scene.
        package var scene: String?
        /// `--platform`: what the file's wiring is written for.
        package var platform: ScreenPlatform?
        /// `--density`: a dump's pixels per point.
        package var density: Double?
        /// `--device`: the device to place the screen on.
        package var device: String?

        /// Creates the choices an import takes, each nil where the file's own value or a default stands.
        package init(scene: String? = nil, platform: ScreenPlatform? = nil, density: Double? = nil, device: String? = nil) {
            self.scene = scene
            self.platform = platform
            self.density = density
            self.device = device
        }
    }

    /// Tapaway's devices, as the importers place screens on them.
    package static var importDevices: [ImportDevice] {
        DeviceProfile.all.map { device in
            ImportDevice(
                id: device.id, width: device.portrait.width, height: device.portrait.height, top: device.portraitInsets.top,
                android: device.bottom == .navigationBar)
        }
    }

    /// The shipped screen `name`, or the screen file at `path`.
    ///
    /// - Throws: `Failure` with one line per problem (the file's name, line and column first).
    package static func load(
        _ nameOrPath: String, importing choices: ImportChoices = ImportChoices()
    ) throws(Failure)
        -> ScreenDocument
    {
        try loadKeepingBytes(nameOrPath, importing: choices).document
    }

    /// As `load`, with the bytes read when it was a file (nil for a shipped screen), so that another
    /// process can be given exactly what was read.
    ///
    /// A storyboard, a xib, a dump or an Android layout (a file whose first character is `<`) is
    /// imported on the fly: the bytes are then the screen file the import wrote, and the elements have
    /// no position in it (findings cite the original file through `source`).
    package static func loadKeepingBytes(
        _ nameOrPath: String, importing choices: ImportChoices = ImportChoices()
    ) throws(Failure) -> (document: ScreenDocument, bytes: [UInt8]?) {
        if let shipped = ShippedScreens.document(nameOrPath) { return (shipped, nil) }
        let shown = Printable.escaped(nameOrPath)
        let bytes: [UInt8]
        do {
            // One byte more than the limit, so that the reader can say the file is too large.
            bytes = try FileIO.read(nameOrPath, limit: ScreenLimits.fileBytes + 1, accepting: .regularFilesAndStreams)
        } catch {
            let hint =
                error == .cannotOpen(2) && !nameOrPath.contains("/") && !nameOrPath.hasSuffix(".json")
                ? " (the shipped screens are \(ShippedScreens.names.joined(separator: ", ")))" : ""
            throw Failure(lines: ["\(shown): \(error.message(noun: "screen file"))\(hint)"], readable: false)
        }
        if Importer.looksLikeXML(bytes) { return try imported(bytes, path: nameOrPath, choices: choices) }
        do {
            return (try ScreenReader.read(bytes), bytes)
        } catch {
            throw Failure(lines: error.problems.map { Printable.escaped($0.line(file: nameOrPath)) }, readable: true)
        }
    }

    /// The screen imported from `bytes`, read back through the screen reader (so an import is
    /// held to the format as a written file is), its positions cleared.
    private static func imported(
        _ bytes: [UInt8], path: String, choices: ImportChoices
    ) throws(Failure) -> (
        document: ScreenDocument, bytes: [UInt8]?
    ) {
        var request = ImportRequest(fileName: path, devices: importDevices)
        request.scene = choices.scene
        request.platform = choices.platform
        request.density = choices.density
        request.device = choices.device
        let result: ImportResult
        do {
            result = try Importer.importScreen(bytes, request: request)
        } catch {
            var failure = Failure(
                lines: [Printable.escaped("\(path):\(error.problem.line): \(error.problem.message)")], readable: true)
            failure.needsChoice = error.needsChoice
            throw failure
        }
        let written = Array(ScreenWriter.text(result.document).utf8)
        do {
            var document = try ScreenReader.read(written)
            document.content.clearPositions()
            document.bottomBar?.clearPositions()
            document.sheet?.content.clearPositions()
            for index in document.navigationItems.indices { document.navigationItems[index].clearPositions() }
            for index in document.navigationLeadingItems.indices { document.navigationLeadingItems[index].clearPositions() }
            return (document, written)
        } catch {
            // The importer made a screen the reader refuses: a bug of ours, said as such.
            let first = error.problems.first.map { $0.message } ?? "unknown"
            throw Failure(
                lines: [Printable.escaped("\(path): the import made a screen Tapaway cannot read (\(first)); please report it")],
                readable: true)
        }
    }
}

extension ScreenElement {
    /// Forgets where the element and those under it were in a file.
    mutating func clearPositions() {
        position = nil
        for index in children.indices { children[index].clearPositions() }
    }
}
