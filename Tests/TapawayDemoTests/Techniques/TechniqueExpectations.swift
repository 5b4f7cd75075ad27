import Foundation
import TapawayDemo

/// What one technique is expected to do, written from its platform's documentation (or
/// reported, or inferred: `docs/techniques.md` grades each cell) and never read back from the
/// program.
///
/// Each technique folder under `Sources/TapawayDemo/Techniques/` has its mirror here, holding one
/// file with the technique's expectations (`SendEvent/SendEventExpectations.swift`), each
/// expectation beside the documentation line it rests on. `LabMatrixTests` plays the matrix rows,
/// `RecordingTests` derives what `compare` must say from case 5's codes, and `FormBounceTests`
/// reads whether the form takes a drag when its content fits; `TechniqueExpectationsTests` fails
/// for a technique or a folder without its file.
struct TechniqueExpectations: Sendable {
    /// One row of the lab's matrix: the codes for cases 1…16 (see `DismissalMatrix.legend`)
    /// with these option settings.
    struct Row: Sendable {
        /// The technique's options as `--set` takes them (`cancels-touches=off`), none for its
        /// defaults.
        let options: [String]
        /// The expected code of each case, in the matrix's order.
        let codes: [String]
    }

    /// The technique these expectations are for.
    let id: TechniqueID
    /// Whether the technique's form takes a drag when its content fits (the general option
    /// *When the form fits* at `platform`).
    let bouncesWhenContentFits: Bool
    /// The matrix with the technique's defaults first, then with each telling option setting.
    let matrix: [Row]
    /// The name of the folder this file sits in, which mirrors the technique's source folder.
    let folder: String

    /// Expectations for `id`: its matrix row with its `defaults`, then with each option setting
    /// (`"container=table resign-with=send-action"`: settings separated by spaces).
    ///
    /// A row is written as the README's matrix writes it, its codes separated by ` | `, without the
    /// evidence marks.
    init(
        _ id: TechniqueID, bouncesWhenContentFits: Bool, defaults: String, options: KeyValuePairs<String, String> = [:],
        file: String = #filePath
    ) {
        func codes(_ row: String) -> [String] { row.components(separatedBy: " | ") }
        self.id = id
        self.bouncesWhenContentFits = bouncesWhenContentFits
        self.matrix =
            [Row(options: [], codes: codes(defaults))]
            + options.map { Row(options: $0.key.split(separator: " ").map(String.init), codes: codes($0.value)) }
        self.folder = URL(fileURLWithPath: file).deletingLastPathComponent().lastPathComponent
    }

    /// The codes with the technique's default options.
    var defaults: [String] { matrix[0].codes }

    /// Every technique's expectations: the registry's techniques and `as-written`.
    static let all: [TechniqueExpectations] = [
        .sendEvent, .tapGesture, .backgroundControl, .keyboardManager, .touchesBegan, .noCode, .swiftUI, .android,
        .flutter, .reactNative, .asWritten,
    ]

    /// The expectations for `id`, if it has any.
    static func of(_ id: TechniqueID) -> TechniqueExpectations? { all.first { $0.id == id } }
}
