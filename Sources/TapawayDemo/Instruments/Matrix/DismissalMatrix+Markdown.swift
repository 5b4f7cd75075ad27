import TapawayKit

/// The matrix as Markdown: the table of codes, and one technique's cases in words.
extension DismissalMatrix {
    /// The matrix as Markdown: a line saying what it was played with; techniques as rows,
    /// cases as columns, in codes, each with its evidence mark; then the cases, the codes and
    /// the marks spelled out.
    package static func table(_ cells: [(TechniqueID, [Cell])], context: Context = Context()) -> String {
        var lines = [
            context.headline,
            "",
            "| technique | " + cases.map { "\($0.number)" }.joined(separator: " | ") + " |",
            "|---|" + String(repeating: "---|", count: cases.count),
        ]
        for (id, row) in cells {
            let codes = row.map { cell in
                evidence(of: cell, under: id, in: context).map { "\(cell.code) \($0.mark)" } ?? cell.code
            }
            lines.append("| `\(id)` | " + codes.joined(separator: " | ") + " |")
        }
        lines.append("")
        lines.append("Cases: " + cases.map { "**\($0.number)** \($0.title)" }.joined(separator: " · ") + ".")
        lines.append("")
        lines.append("Codes: " + legend.map { "`\($0.0)` \($0.1)" }.joined(separator: " · ") + ".")
        lines.append("")
        lines.append(evidenceLegend)
        return lines.joined(separator: "\n")
    }

    /// One technique's cases in words, as Markdown: what it was played with, then case, code,
    /// evidence, what happened.
    package static func wordsTable(_ id: TechniqueID, _ row: [Cell], context: Context = Context()) -> String {
        var lines = [
            context.headline, "", "`\(id)`", "", "| # | What you do | Code | Evidence | What happened |",
            "|---|---|---|---|---|",
        ]
        for (c, cell) in zip(cases, row) {
            let evidence = evidence(of: cell, under: id, in: context)?.words ?? "–"
            lines.append("| \(c.number) | \(c.title) | \(cell.code) | \(evidence) | \(cell.words) |")
        }
        return lines.joined(separator: "\n")
    }
}
