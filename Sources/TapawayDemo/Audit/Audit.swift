import TapawayKit
import TapawayScreen

/// `tapaway audit`: every technique played on a screen, its cases folded into findings, and the
/// findings written as text, JSON, Markdown or a Maestro step.
@MainActor
package struct Audit {
    /// The screen's name as the report gives it (a file's path, or a shipped screen's name).
    package let screenName: String
    /// The screen audited, as read from the file or shipped with the program.
    package let document: ScreenDocument
    /// Each technique's run, in the registry's order.
    package let runs: [AuditRunner.TechniqueRun]
    /// The findings, worst first.
    package let findings: [AuditFinding]

    /// Plays every case of `document` under `techniques` with `options`, and folds them.
    package init(
        document: ScreenDocument, named screenName: String, techniques: [TechniqueID], options: [OptionAssignment] = []
    ) {
        let runner = AuditRunner(document: document, options: options)
        self.init(document: document, named: screenName, runs: techniques.map { runner.run($0) })
    }

    /// The findings of `runs` already played on `document` (the Audit instrument plays its
    /// cases a few at a time).
    package init(document: ScreenDocument, named screenName: String, runs: [AuditRunner.TechniqueRun]) {
        self.document = document
        self.screenName = screenName
        self.runs = runs
        findings = Self.merged(runs.flatMap { AuditFolding.findings(of: $0, in: document) })
    }

    /// The same finding for several focused fields becomes one that names them all; then worst
    /// first: severity, the kind's order, confident before inferred, the registry's order.
    private static func merged(_ all: [AuditFinding]) -> [AuditFinding] {
        var result: [AuditFinding] = []
        var index: [String: Int] = [:]
        for finding in all {
            let key = "\(finding.kind.rawValue) \(finding.technique.rawValue) \(finding.element)"
            if let at = index[key] {
                if let focus = finding.focus, !result[at].focuses.contains(focus) { result[at].focuses.append(focus) }
                continue
            }
            var first = finding
            first.focuses = finding.focus.map { [$0] } ?? []
            index[key] = result.count
            result.append(first)
        }
        let kinds = FindingKind.allCases
        let order = TechniqueID.allCases
        return result.enumerated().sorted { a, b in
            let x = a.element, y = b.element
            if x.severity != y.severity { return x.severity > y.severity }
            let kx = kinds.firstIndex(of: x.kind) ?? 0, ky = kinds.firstIndex(of: y.kind) ?? 0
            if kx != ky { return kx < ky }
            if x.confident != y.confident { return x.confident }
            let tx = order.firstIndex(of: x.technique) ?? 0, ty = order.firstIndex(of: y.technique) ?? 0
            if tx != ty { return tx < ty }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// The techniques an audit of `document` plays: the file's own wiring first (**As written**,
    /// when it declares any that ends editing), then every technique of the registry.
    package static func techniques(for document: ScreenDocument) -> [TechniqueID] {
        (ScreenWiring.declaresDismissal(document) ? [.asWritten] : []) + TechniqueID.allCases
    }

    /// How many cases were played.
    package var caseCount: Int { runs.reduce(0) { $0 + $1.plays.filter(\.played).count } }

    /// Whether a finding at `severity` or worse exists (what `--fail-on` asks); with
    /// `confidentOnly`, an inferred one does not count.
    package func fails(at severity: FindingSeverity, confidentOnly: Bool = false) -> Bool {
        findings.contains { ($0.confident || !confidentOnly) && $0.severity >= severity }
    }

    /// One line counting the findings by severity, the inferred ones, the cases and the techniques.
    package var summary: String {
        let count = { (s: FindingSeverity) in findings.filter { $0.severity == s }.count }
        let inferred = findings.filter { !$0.confident }.count
        let device = runs.first?.device ?? "the default device"
        return "\(findings.count) finding\(findings.count == 1 ? "" : "s") (\(count(.high)) high, \(count(.medium)) medium, "
            + "\(count(.info)) info; \(inferred) inferred) from \(caseCount) cases under \(runs.count) "
            + "technique\(runs.count == 1 ? "" : "s") on \(device)"
    }

    /// Where an element is, for people: its line in the file, and an importer's reference.
    private func place(_ finding: AuditFinding) -> String {
        var parts: [String] = []
        if let position = finding.position { parts.append("line \(position.line)") }
        if let source = finding.source { parts.append(source) }
        return parts.isEmpty ? "" : " (\(parts.joined(separator: ", ")))"
    }

    private func focusWords(_ finding: AuditFinding) -> String {
        finding.focuses.count > 1
            ? " [also with " + finding.focuses.dropFirst().map { "`\($0)`" }.joined(separator: ", ") + " focused]" : ""
    }

    // MARK: Text

    /// The readable report: grouped by kind, worst first, with the summary line at the top.
    package func text() -> String {
        var lines = ["Audit of \(screenName): \(summary)"]
        var currentKind: FindingKind?
        for finding in findings {
            if finding.kind != currentKind {
                currentKind = finding.kind
                lines.append("")
                lines.append("\(finding.severity.rawValue.uppercased())  \(finding.kind.title)")
            }
            let sure = finding.confident ? finding.evidence.rawValue : "inferred: check on a device"
            lines.append(
                "  \(finding.technique) · \(finding.element)\(place(finding)): \(finding.what)\(focusWords(finding)) [\(sure)]")
            lines.append("    fix: \(finding.fix)")
        }
        if findings.isEmpty { lines.append("No findings.") }
        return lines.joined(separator: "\n")
    }

    // MARK: Markdown

    /// The report as Markdown, for a pull request.
    package func markdown() -> String {
        var lines = ["### Keyboard dismissal audit: \(screenName)", "", summary + ".", ""]
        guard !findings.isEmpty else { return (lines + ["No findings."]).joined(separator: "\n") }
        lines.append("| severity | finding | technique | element | what happens | evidence | fix |")
        lines.append("|---|---|---|---|---|---|---|")
        func cell(_ text: String) -> String {
            text.split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|")
        }
        for f in findings {
            lines.append(
                "| \(f.severity.rawValue) | \(f.kind.title) | `\(f.technique)` | \(cell(f.element))\(cell(place(f))) | "
                    + "\(cell(f.what + focusWords(f))) | \(f.confident ? f.evidence.rawValue : "inferred") | \(cell(f.fix)) |")
        }
        return lines.joined(separator: "\n")
    }

    // MARK: JSON

    /// The report as one JSON object (docs/screens.md documents every field; fields are only
    /// ever added).
    package func json() -> JSON {
        func number(_ value: Double) -> JSON { .number(value) }
        return .object([
            ("version", .number(1)),
            ("screen", .string(screenName)),
            ("device", .optional(runs.first?.device)),
            ("techniques", .array(runs.map { .string($0.technique.rawValue) })),
            ("cases", .number(Double(caseCount))),
            (
                "summary",
                .object(
                    FindingSeverity.allCases.reversed().map { s in
                        (s.rawValue, .number(Double(findings.filter { $0.severity == s }.count)))
                    } + [("inferred", .number(Double(findings.filter { !$0.confident }.count)))])
            ),
            (
                "findings",
                .array(
                    findings.map { f in
                        .object([
                            ("kind", .string(f.kind.rawValue)), ("severity", .string(f.severity.rawValue)),
                            ("technique", .string(f.technique.rawValue)), ("element", .string(f.element)),
                            ("line", f.position.map { number(Double($0.line)) } ?? .null),
                            ("column", f.position.map { number(Double($0.column)) } ?? .null),
                            ("source", .optional(f.source)), ("focus", .optional(f.focus)),
                            ("focuses", .array(f.focuses.map { .string($0) })), ("gesture", .string(f.gesture)),
                            ("what", .string(f.what)), ("evidence", .string(f.evidence.rawValue)),
                            ("confident", .bool(f.confident)), ("fix", .string(f.fix)),
                            ("points", .array(f.points.map { .point($0) })),
                            ("overlap", f.overlap.map { number($0.rounded()) } ?? .null),
                        ])
                    })
            ),
        ])
    }

    // MARK: Maestro

    /// The safe tap points as a Maestro flow step (`tapOn: point`, in percent of the screen):
    /// the first technique's as a step, the others' as comments to choose from.
    package func maestro() -> String {
        var lines = [
            "# Safe tap points from `tapaway audit` on \(screenName): a tap here ends editing and does nothing else.",
            "# Points are in percent of the screen (\(runs.first?.device ?? "the device")).",
        ]
        var stepWritten = false
        for run in runs {
            guard let finding = findings.first(where: { $0.kind == .safeTapPoints && $0.technique == run.technique }),
                let point = finding.points.first
            else {
                lines.append("# \(run.technique): no tap outside ends editing with no side effect")
                continue
            }
            let x = Int((100 * point.x / max(1, run.deviceSize.width)).rounded())
            let y = Int((100 * point.y / max(1, run.deviceSize.height)).rounded())
            let step = ["- tapOn:", "    point: \"\(x)%,\(y)%\""]
            lines.append("# \(run.technique): \(AuditFolding.describe(point)) points")
            lines.append(contentsOf: stepWritten ? step.map { "# " + $0 } : step)
            stepWritten = true
        }
        return lines.joined(separator: "\n")
    }
}
