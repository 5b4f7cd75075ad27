import TapawayKit

/// The matrix as JSON (`tapaway matrix --json`).
extension DismissalMatrix {
    /// The matrix as one JSON object: `cases` (number, title), `legend` (code, meaning) and
    /// `techniques` (id, and per case: number, code, words, focusChanges, keypadShows, keypadHides,
    /// actions).
    ///
    /// Also `device` (id, name), `orientation`, `options` (as `--set` takes them) and `evidenceLevels`
    /// (level, mark, meaning), and per cell `evidence` (`documented`, `source`, `inferred`, or null).
    package static func json(_ cells: [(TechniqueID, [Cell])], context: Context = Context()) -> JSON {
        .object([
            ("cases", .array(cases.map { .object([("number", .number(Double($0.number))), ("title", .string($0.title))]) })),
            ("legend", .array(legend.map { .object([("code", .string($0.0)), ("meaning", .string($0.1))]) })),
            ("device", .object([("id", .string(context.deviceID)), ("name", .string(context.deviceName))])),
            ("orientation", .string(context.orientation.rawValue)),
            ("options", .array(context.optionTexts.map { .string($0) })),
            (
                "evidenceLevels",
                .array(
                    [EvidenceLevel.documented, .source, .inferred].map {
                        .object([("level", .string($0.rawValue)), ("mark", .string($0.mark)), ("meaning", .string($0.words))])
                    })
            ),
            (
                "techniques",
                .array(
                    cells.map { id, row in
                        .object([
                            ("id", .string(id.rawValue)),
                            (
                                "cells",
                                .array(
                                    row.map { cell in
                                        .object([
                                            ("case", .number(Double(cell.number))), ("code", .string(cell.code)),
                                            ("words", .string(cell.words)),
                                            ("evidence", .optional(evidence(of: cell, under: id, in: context)?.rawValue)),
                                            ("focusBefore", .optional(cell.focusedBefore)),
                                            ("focusChanges", .array(cell.outcome.focusChanges.map { .optional($0) })),
                                            ("keypadShows", .number(Double(cell.outcome.keypadShows))),
                                            ("keypadHides", .number(Double(cell.outcome.keypadHides))),
                                            (
                                                "actions",
                                                .object(
                                                    cell.outcome.actions.sorted { $0.key < $1.key }.map {
                                                        ($0.key, .number(Double($0.value)))
                                                    })
                                            ),
                                        ])
                                    })
                            ),
                        ])
                    })
            ),
        ])
    }
}
