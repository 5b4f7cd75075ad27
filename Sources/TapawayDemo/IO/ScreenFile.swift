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
    }

    /// The shipped screen `name`, or the screen file at `path`.
    ///
    /// - Throws: `Failure` with one line per problem (the file's name, line and column first).
    package static func load(_ nameOrPath: String) throws(Failure) -> ScreenDocument {
        try loadKeepingBytes(nameOrPath).document
    }

    /// As `load`, with the bytes read when it was a file (nil for a shipped screen), so that
    /// another process can be given exactly what was read.
    package static func loadKeepingBytes(_ nameOrPath: String) throws(Failure) -> (document: ScreenDocument, bytes: [UInt8]?) {
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
        do {
            return (try ScreenReader.read(bytes), bytes)
        } catch {
            throw Failure(lines: error.problems.map { Printable.escaped($0.line(file: nameOrPath)) }, readable: true)
        }
    }
}
