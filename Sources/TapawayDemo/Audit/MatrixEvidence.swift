/// How sure a cell is, as docs/techniques.md grades each: documented, read from the source, or
/// inferred.
///
/// The audit's findings inherit the level of the matrix case they stand for.
package enum EvidenceLevel: String, Sendable, Comparable, CaseIterable {
    /// The platform's or library's reference documentation states it.
    case documented
    /// Read in the framework's or library's source, or the technique's own code.
    case source
    /// Reasoned from documented mechanisms; a hypothesis to check on a device.
    case inferred
    /// Computed by Tapaway from the screen's geometry and the device's keyboard.
    case measured

    /// Weaker is greater: documented < source < measured < inferred.
    package static func < (a: EvidenceLevel, b: EvidenceLevel) -> Bool { a.rank < b.rank }

    private var rank: Int {
        switch self {
        case .documented: 0
        case .source: 1
        case .measured: 2
        case .inferred: 3
        }
    }

    /// The mark `tapaway matrix` puts after a cell's code: a superscript letter.
    package var mark: String {
        switch self {
        case .documented: "ᵈ"
        case .source: "ˢ"
        case .inferred: "ⁱ"
        case .measured: "ᵐ"
        }
    }

    /// The level in words, for banners, cards and legends.
    package var words: String {
        switch self {
        case .documented: "documented"
        case .source: "read from the source"
        case .inferred: "inferred"
        case .measured: "measured"
        }
    }

    /// The letter docs/techniques.md uses (D, S, I; M for measured).
    package var letter: String {
        switch self {
        case .documented: "D"
        case .source: "S"
        case .inferred: "I"
        case .measured: "M"
        }
    }
}

/// The evidence level of each matrix case under each technique, as docs/techniques.md gives it
/// (the weakest where a row gives several, the referenced case's where it says "as case N"):
/// `scripts/evidence-table.py` prints the same table from the document, and a test keeps the
/// two in step.
package enum MatrixEvidence {
    /// Per technique, sixteen letters: D, S, I, or `-` where the document gives no level.
    package static let table: [String: String] = [
        "send-event": "SSSISSISISSSSS-I",
        "tap-gesture": "SDIIDDIIIDIDID-I",
        "background-control": "SDSIDDIIIDIDDD-S",
        "keyboard-manager": "SSSISSIIISIIISSI",
        "touches-began": "SIIIIDIIIIIIID-I",
        "none": "-I-I-I-II-D-I--D",
        "swiftui": "-IIIIIIIIIIII--I",
        "android": "SSSISSISISSSI--I",
        "flutter": "DIDIDIIIIIIID--I",
        "react-native": "SSSSSSISIISD---I",
    ]

    /// The level the document gives case `number` under `technique`, or nil where it gives none
    /// (`-`: `n/a`, or Tapaway's choice).
    package static func gradedLevel(_ technique: TechniqueID, case number: Int) -> EvidenceLevel? {
        guard let row = table[technique.rawValue], number >= 1, number <= row.count else { return nil }
        switch row[row.index(row.startIndex, offsetBy: number - 1)] {
        case "D": return .documented
        case "S": return .source
        case "I": return .inferred
        default: return nil
        }
    }

    /// The level of case `number` under `technique`; inferred where the document gives none.
    package static func level(_ technique: TechniqueID, case number: Int) -> EvidenceLevel {
        guard let row = table[technique.rawValue], number >= 1, number <= row.count else { return .inferred }
        switch row[row.index(row.startIndex, offsetBy: number - 1)] {
        case "D": return .documented
        case "S": return .source
        default: return .inferred
        }
    }
}
