import Foundation
import Testing

@testable import TapawayDemo

/// The audit's evidence levels are docs/techniques.md's: each technique's section gives every matrix
/// case a level (**D**, **S**, **I**), the weakest where a row gives several, the referenced case's
/// where it says "as case N".
///
/// `MatrixEvidence.table` must say the same, so that a finding never claims more than the document
/// (scripts/evidence-table.py prints the document's table with the same rules).
@Suite("Matrix evidence and the document")
struct MatrixEvidenceTests {
    /// Each technique's sixteen letters as the document gives them.
    static func documentTable() throws -> [String: String] {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/techniques.md").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let order: [Character: Int] = ["D": 0, "S": 1, "I": 2]
        var result: [String: String] = [:]
        for section in text.components(separatedBy: "\n## `").dropFirst() {
            guard let technique = section.split(separator: "`", maxSplits: 1).first.map(String.init) else { continue }
            enum Cell { case level(Character), same(Int), none }
            var rows: [Int: Cell] = [:]
            for line in section.split(separator: "\n", omittingEmptySubsequences: false) {
                // "| N |" at the start of the line: a case row.
                let parts = line.split(separator: "|", maxSplits: 2, omittingEmptySubsequences: false)
                guard line.hasPrefix("| "), parts.count == 3,
                    let number = Int(parts[1].trimmingCharacters(in: .whitespaces))
                else { continue }
                let rest = String(parts[2])
                var levels: [Character] = []
                var search = rest[...]
                while let range = search.range(of: "**") {
                    let after = search[range.upperBound...]
                    if let letter = after.first, "DSI".contains(letter), after.dropFirst().hasPrefix("**") {
                        levels.append(letter)
                        search = after.dropFirst(3)
                    } else {
                        search = after
                    }
                }
                if let weakest = levels.max(by: { order[$0]! < order[$1]! }) {
                    rows[number] = .level(weakest)
                } else if let match = rest.range(of: #"[Aa]s case (\d+)"#, options: .regularExpression) {
                    rows[number] = Int(rest[match].filter(\.isNumber)).map(Cell.same) ?? Cell.none
                } else {
                    rows[number] = Cell.none
                }
            }
            guard !rows.isEmpty else { continue }
            func resolve(_ number: Int, seen: Set<Int> = []) -> Character {
                switch rows[number] {
                case .level(let letter)?: return letter
                case .same(let other)? where !seen.contains(other): return resolve(other, seen: seen.union([number]))
                default: return "-"
                }
            }
            result[technique] = String((1...16).map { resolve($0) })
        }
        return result
    }

    @Test("every technique's levels are the document's, case by case")
    func inStep() throws {
        let document = try Self.documentTable()
        #expect(Set(document.keys) == Set(MatrixEvidence.table.keys), "\(document.keys.sorted())")
        for (technique, row) in MatrixEvidence.table.sorted(by: { $0.key < $1.key }) {
            #expect(document[technique] == row, "\(technique): the document says \(document[technique] ?? "nothing")")
        }
    }
}
