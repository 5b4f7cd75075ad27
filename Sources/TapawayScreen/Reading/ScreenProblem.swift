/// One thing wrong with a screen file: where it is (line and column), where in the tree
/// (`content.children[2].frame`), and what.
public struct ScreenProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where in the file.
    public var position: SourcePosition
    /// Where in the tree, as a path of keys and indices; empty for the file as a whole.
    public var path: String
    /// What is wrong, in a sentence without a final stop.
    public var message: String

    /// A problem as given.
    public init(position: SourcePosition, path: String, message: String) {
        self.position = position
        self.path = path
        self.message = message
    }

    /// `LINE:COLUMN: message (at path)`.
    public var description: String { "\(position): \(message)" + (path.isEmpty ? "" : " (at \(path))") }

    /// The line a person reads: `FILE:LINE:COLUMN: message (at path)`.
    public func line(file: String) -> String { "\(file):\(description)" }
}

/// Why a screen file could not be read: every problem found, in the file's order.
public struct ScreenReadFailure: Error, Sendable, Equatable {
    /// The problems, at least one.
    public var problems: [ScreenProblem]
}

/// What a screen file may hold at most, so that a hostile file meets a limit and gets a
/// message: docs/screens.md lists them.
public enum ScreenLimits {
    /// The file's size: 1 MiB.
    public static let fileBytes = 1 << 20
    /// How deep JSON values nest.
    public static let jsonDepth = 64
    /// How many JSON values the file holds.
    public static let jsonValues = 200_000
    /// The length of one string in bytes.
    public static let stringBytes = 10_000
    /// How many elements a screen has.
    public static let elements = 2_000
    /// How deep elements nest (the content is at depth 1).
    public static let elementDepth = 24
    /// The largest size or coordinate, in points.
    public static let points = 100_000.0
    /// The longest id an element may have, in bytes.
    public static let idLength = 64
    /// The limits the JSON reader applies.
    public static let json = JSONLimits(bytes: fileBytes, depth: jsonDepth, values: jsonValues, stringBytes: stringBytes)
}
