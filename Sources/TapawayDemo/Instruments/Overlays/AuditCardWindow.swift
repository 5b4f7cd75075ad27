import TapawayKit

/// The Audit instrument (F6): the findings of `tapaway audit` for the screen on view under the
/// technique on view, over the simulated screen.
///
/// A tap on a finding outlines its element on the screen; a tap on its ▶ plays its case there, at a
/// person's pace; Escape or F6 closes.
@MainActor
package final class AuditCardWindow: CardWindow {
    /// The findings shown, worst first.
    package private(set) var findings: [AuditFinding] = []
    /// The audit's summary line.
    package private(set) var summary = ""
    /// The technique the findings are for.
    package private(set) var technique: TechniqueID = Techniques.defaultID
    /// Called with the finding chosen and whether its ▶ was tapped (play it), when a finding
    /// is tapped; the card has closed by then.
    package var onChoose: ((AuditFinding, Bool) -> Void)?
    private let content: AuditContentView

    /// Creates the card over `frame` (the simulated screen and the inspector).
    package init(frame: Rect) {
        let content = AuditContentView()
        self.content = content
        super.init(frame: frame, identifier: "audit-card", content: content, contentIdentifier: "audit-content")
        content.card = self
    }

    /// Shows `audit`'s findings for `technique`.
    package func show(_ audit: Audit, technique: TechniqueID) {
        self.technique = technique
        findings = audit.findings
        summary = audit.summary
        isAuditing = false
        content.setNeedsLayout()
        content.setNeedsDisplay()
    }

    /// Whether the cases are still being played.
    package private(set) var isAuditing = false

    /// Shows how far the audit under way has gone.
    package func showProgress(of progress: AuditRunner.Progress) {
        technique = progress.technique
        findings = []
        isAuditing = true
        summary = "Auditing: \(progress.done) of \(progress.total) cases played, headless, under this technique…"
        content.setNeedsLayout()
        content.setNeedsDisplay()
    }

    /// A tap on a finding chooses it (and plays it when on its ▶); any tap closes the card.
    package override func touchesEnded(_ touches: [Touch], with event: Event) {
        let point = touches.first.map { $0.location(in: content) }
        setVisible(false)
        if let point, let (index, play) = content.finding(at: point), index < findings.count {
            onChoose?(findings[index], play)
        }
    }
}

/// The findings, drawn as a list.
@MainActor
final class AuditContentView: View {
    /// The card whose findings are drawn.
    weak var card: AuditCardWindow?
    /// Each finding drawn, with its row and its ▶, in the view's coordinates.
    private var rows: [(frame: Rect, play: Rect)] = []
    /// A clear view over each finding (`finding-1`…), so the layout trace says where to tap.
    private var markers: [View] = []

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// The finding at `point`, and whether the point is on its ▶.
    func finding(at point: Point) -> (Int, Bool)? {
        guard let index = rows.firstIndex(where: { $0.frame.contains(point) }) else { return nil }
        return (index, rows[index].play.insetBy(dx: -8, dy: -8).contains(point))
    }

    /// Places the markers where `draw` puts the findings, once the card shows.
    override func layoutSubviews() {
        guard window.map({ !$0.isHidden }) ?? false else { return }
        render(into: nil)
        for marker in markers { marker.removeFromSuperview() }
        markers = rows.enumerated().map { index, row in
            let marker = View(frame: row.frame)
            marker.identifier = "finding-\(index + 1)"
            marker.isUserInteractionEnabled = false
            addSubview(marker)
            return marker
        }
    }

    override func draw(_ rect: Rect, in canvas: Canvas) { render(into: canvas) }

    /// The colour of a severity.
    private static func color(_ severity: FindingSeverity) -> Color {
        switch severity {
        case .high: return Color(hex: 0xFF3B30)
        case .medium: return Color(hex: 0xFF9500)
        case .info: return Color(hex: 0x8E8E93)
        }
    }

    /// Draws the card into `canvas` when there is one; either way `rows` says where each
    /// finding is.
    private func render(into canvas: Canvas?) {
        guard let fonts = application?.fonts, let card else { return }
        let title = fonts.font(size: 20, weight: .semibold)
        let bold = fonts.font(size: 13, weight: .semibold)
        let body = fonts.font(size: 13, weight: .regular)
        let small = fonts.font(size: 11.5, weight: .semibold)
        canvas?.fillRoundedRect(bounds, radius: 14, color: Palette.fieldBackground)
        let x = 16.0, width = bounds.width - 32
        let name = Techniques.technique(for: card.technique)?.title ?? card.technique.rawValue
        canvas?.drawText("Audit · \(name)", at: Point(x: x, y: 34), font: title, color: Palette.label)
        var y = 58.0
        for range in TextLayout.wrap(card.summary, width: width, font: body) {
            canvas?.drawText(card.summary[range], at: Point(x: x, y: y), font: body, color: Palette.secondaryLabel)
            y += 17
        }
        y += 10
        rows = []
        let footer = "Tap a finding to outline it on the screen, ▶ to play it there; Escape or F6 closes."
        let footerLines = TextLayout.wrap(footer, width: width, font: body)
        let bottom = bounds.height - 24 - 17 * Double(footerLines.count)
        if card.findings.isEmpty && !card.isAuditing {
            canvas?.drawText(
                "Nothing to report for this technique on this screen.", at: Point(x: x, y: y + 8), font: bold,
                color: Palette.label)
        }
        for (index, finding) in card.findings.enumerated() {
            let heading = "\(finding.kind.title) · \(finding.element)"
            // Code spans are for the text and Markdown reports; the card shows plain names.
            // Where the element is in the developer's file: an import's source (the storyboard's
            // line), else its line in the screen file.
            let place =
                finding.source.map { " — " + ($0.split(separator: " ").first.map(String.init) ?? $0) }
                ?? finding.position.map { " — line \($0.line)" } ?? ""
            let what =
                finding.what.filter { $0 != "`" } + (finding.confident ? "" : " (inferred: check on a device)") + place
            let lines = TextLayout.wrap(what, width: width - 70, font: body)
            let height = 24 + 17 * Double(lines.count) + 8
            if y + height > bottom {
                let left = card.findings.count - index
                canvas?.drawText(
                    "\(left) more in a taller window, or with tapaway audit", at: Point(x: x, y: y + 12), font: body,
                    color: Palette.secondaryLabel)
                break
            }
            let frame = Rect(x: x - 8, y: y, width: width + 16, height: height)
            if let canvas {
                if index % 2 == 1 { canvas.fillRoundedRect(frame, radius: 8, color: Palette.groupedBackground.withAlpha(0.6)) }
                let pill = finding.severity.rawValue.uppercased()
                let pillWidth = small.width(of: Substring(pill)) + 12
                canvas.fillRoundedRect(
                    Rect(x: x, y: y + 5, width: pillWidth, height: 17), radius: 8.5, color: Self.color(finding.severity))
                canvas.drawText(pill, at: Point(x: x + 6, y: y + 18), font: small, color: .white)
                canvas.drawText(heading, at: Point(x: x + pillWidth + 8, y: y + 18), font: bold, color: Palette.label)
                var line = y + 36
                for range in lines {
                    canvas.drawText(what[range], at: Point(x: x, y: line), font: body, color: Palette.secondaryLabel)
                    line += 17
                }
            }
            let play = Rect(x: x + width - 52, y: y + 4, width: 52, height: 20)
            canvas?.drawText("▶ play", at: Point(x: play.minX + 4, y: y + 18), font: bold, color: Palette.accent)
            rows.append((frame, play))
            y += height + 4
        }
        for (index, range) in footerLines.enumerated() {
            let line = bounds.height - 16 - 17 * Double(footerLines.count - 1 - index)
            canvas?.drawText(footer[range], at: Point(x: x, y: line), font: body, color: Palette.accent)
        }
    }
}
