import TapawayDemo
import TapawayKit
import Testing

/// Every technique, with each of its options' telling values, on every case of the matrix, checked
/// against what the platform is documented (or reported, or inferred) to do: the expected codes are
/// each technique's expectations file (`Techniques/SendEvent/…`), written from `../shared/research` and
/// `docs/techniques.md`, not read back from the program.
///
/// `TechniqueExpectationsTests` fails for a technique without one.
@MainActor
@Suite("The lab: every technique on every case")
struct LabMatrixTests {
    /// Each row of every technique's expectations, by its name (`id` or `id option=value`).
    nonisolated static let expected: [String: (TechniqueID, TechniqueExpectations.Row)] = Dictionary(
        uniqueKeysWithValues: TechniqueExpectations.all.flatMap { expectations in
            expectations.matrix.map { row in
                ((["\(expectations.id)"] + row.options).joined(separator: " "), (expectations.id, row))
            }
        })

    /// Every row's name, for the test's arguments.
    nonisolated static var variants: [String] { expected.keys.sorted() }

    @Test("the matrix has sixteen cases")
    func sixteenCases() {
        #expect(DismissalMatrix.cases.count == 16)
    }

    @Test("each technique and option gives the expected code on every case", arguments: variants)
    func codes(_ variant: String) throws {
        let (technique, row) = try #require(Self.expected[variant])
        let options = try row.options.map { try OptionAssignment($0, technique: technique) }
        for (matrixCase, code) in zip(DismissalMatrix.cases, row.codes) {
            let cell = DismissalMatrix.run(matrixCase, in: technique, options: options)
            #expect(cell.code == code, "\(variant), case \(matrixCase.number) (\(matrixCase.title)): \(cell.words)")
        }
    }
}
