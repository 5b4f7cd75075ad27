import TapawayKit

/// The help card (F1): every shortcut and gesture, and the experiments to try with the technique on
/// screen and what it does in each, shown over the simulated screen.
///
/// A tap, F1 or Escape closes it.
@MainActor
package final class HelpCardWindow: CardWindow {
    /// The shortcuts and gestures, as (keys, what they do).
    package static let shortcuts: [(String, String)] = [
        ("Left click", "a finger: tap, or press and drag"),
        ("Right click", "pin a finger where it is (a ring); right click again to lift it"),
        ("Ctrl + left drag", "two fingers, mirrored about the screen's centre (pinch)"),
        ("Wheel", "scroll the form"),
        ("Double, triple click", "select a word, the whole line"),
        ("Middle click", "paste the PRIMARY selection"),
        ("Hold a keypad key", "a letter shows its accents to slide onto; backspace repeats"),
        ("Tab / Shift+Tab", "next / previous field"),
        ("Escape", "end editing (dismiss the keypad)"),
        ("Ctrl+A C X V", "select all, copy, cut, paste"),
        ("Ctrl+Z", "undo; with Shift, redo"),
        ("F1 / F6", "this card; the audit"),
        ("F2", "show or hide the inspector"),
        ("F3 / F4", "hardware keyboard; keys on or off"),
        ("F5", "turn the device"),
        ("F9", "start or stop recording your input"),
        ("F12", "save a screenshot"),
    ]

    /// The experiments to try by hand with `technique`, as (what to do, what it does there),
    /// from the technique's lines of the exploration charter; what to do names the matrix case
    /// it plays ("· case 5"), so that the card maps onto the README's table.
    package static func charter(for technique: TechniqueID) -> [(String, String)] {
        guard let lines = Techniques.technique(for: technique)?.charter else { return [] }
        return Experiment.allCases.compactMap { experiment in
            lines[experiment].map { (experiment.matrixCase.map { "\(experiment.title) · case \($0)" } ?? experiment.title, $0) }
        }
    }

    /// The technique whose experiments the card shows.
    package var technique: TechniqueID = Techniques.defaultID {
        didSet {
            content.technique = technique
            content.setNeedsLayout()
            content.setNeedsDisplay()
        }
    }

    private let content: HelpContentView

    /// Creates the card over `frame` (the simulated screen).
    package init(frame: Rect) {
        let content = HelpContentView()
        self.content = content
        super.init(frame: frame, identifier: "help-card", content: content, contentIdentifier: "help-content")
    }

    /// Called with a matrix case's number when the user taps an experiment that has one: the
    /// app plays it in the window.
    package var onPlayCase: ((Int) -> Void)?

    /// The card's last line: how to play an experiment and how to close the card.
    package nonisolated static let closingLine = "Tap an experiment marked ▶ to play it here; anywhere else, F1 or Escape closes."

    /// A tap on an experiment with a matrix case plays that case; any tap closes the card.
    package override func touchesEnded(_ touches: [Touch], with event: Event) {
        let point = touches.first.map { $0.location(in: content) }
        setVisible(false)
        if let point, let number = content.playableCase(at: point) { onPlayCase?(number) }
    }

    /// Where the experiment that plays matrix case `number` is drawn, in screen coordinates,
    /// once the card has been drawn.
    package func frameOfExperiment(playing number: Int) -> Rect? {
        content.rows.first { $0.number == number }.map {
            content.convertToWindow($0.frame).offsetBy(dx: frame.minX, dy: frame.minY)
        }
    }
}

/// The help text, drawn in two sections.
@MainActor
final class HelpContentView: View {
    /// The technique whose experiments are drawn.
    var technique: TechniqueID = Techniques.defaultID
    /// The experiments drawn last, with the matrix case each plays, in the view's coordinates.
    private(set) var rows: [(frame: Rect, number: Int, experiment: Experiment)] = []

    /// The matrix case of the experiment drawn at `point`, if it has one.
    func playableCase(at point: Point) -> Int? { rows.first { $0.frame.contains(point) }?.number }

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// The width from which the shortcuts and the experiments stand side by side.
    nonisolated static let twoColumnWidth = 600.0

    /// A clear view over each experiment that plays a case (`experiment-<id>`), so the layout
    /// trace says where to tap it.
    private var markers: [View] = []

    /// Places the experiments' markers where `draw` puts the experiments, once the card shows:
    /// a hidden card lays nothing out (start-up pays nothing for it).
    override func layoutSubviews() {
        guard window.map({ !$0.isHidden }) ?? false else { return }
        render(into: nil)
        for marker in markers { marker.removeFromSuperview() }
        markers = rows.map { row in
            let marker = View(frame: row.frame)
            marker.identifier = "experiment-\(row.experiment.rawValue)"
            marker.isUserInteractionEnabled = false
            addSubview(marker)
            return marker
        }
    }

    override func draw(_ rect: Rect, in canvas: Canvas) { render(into: canvas) }

    /// Lays the card out, drawing into `canvas` when there is one; either way `rows` says where
    /// the playable experiments are.
    private func render(into canvas: Canvas?) {
        guard let fonts = application?.fonts else { return }
        let title = fonts.font(size: 20, weight: .semibold)
        let body = fonts.font(size: 13, weight: .regular)
        canvas?.fillRoundedRect(bounds, radius: 14, color: Palette.fieldBackground)
        let x = 16.0
        canvas?.drawText("Shortcuts and experiments", at: Point(x: x, y: 34), font: title, color: Palette.label)
        let twoColumns = bounds.width >= Self.twoColumnWidth
        let column = twoColumns ? (bounds.width - 56) / 2 : bounds.width - 32
        let end = drawShortcuts(at: Point(x: x, y: 60), width: column, fonts: fonts, canvas: canvas)
        // The closing line at the bottom, wrapped on a narrow card; the experiments stop above it.
        let footer = HelpCardWindow.closingLine
        let footerLines = TextLayout.wrap(footer, width: bounds.width - 32, font: body)
        let footerTop = bounds.height - 16 - 17 * Double(max(footerLines.count - 1, 0))
        drawCharter(
            at: twoColumns ? Point(x: x + column + 24, y: 60) : Point(x: x, y: end + 10),
            width: column, bottom: footerTop - 24, fonts: fonts, canvas: canvas)
        for (index, range) in footerLines.enumerated() {
            canvas?.drawText(
                footer[range], at: Point(x: x, y: footerTop + 17 * Double(index)), font: body, color: Palette.accent)
        }
    }

    /// Draws the shortcuts from `origin`, keys in a column as wide as the widest; returns the
    /// baseline below them.
    private func drawShortcuts(at origin: Point, width: Double, fonts: FontProvider, canvas: Canvas?) -> Double {
        let heading = fonts.font(size: 12, weight: .semibold)
        let bold = fonts.font(size: 13, weight: .semibold)
        let body = fonts.font(size: 13, weight: .regular)
        var y = origin.y
        canvas?.drawText("SHORTCUTS AND GESTURES", at: Point(x: origin.x, y: y), font: heading, color: Palette.secondaryLabel)
        y += 20
        let keys = min(HelpCardWindow.shortcuts.map { bold.width(of: Substring($0.0)) }.max() ?? 0, width * 0.45) + 14
        for (key, what) in HelpCardWindow.shortcuts {
            canvas?.drawText(key, at: Point(x: origin.x, y: y), font: bold, color: Palette.label)
            for range in TextLayout.wrap(what, width: width - keys, font: body) {
                canvas?.drawText(what[range], at: Point(x: origin.x + keys, y: y), font: body, color: Palette.label)
                y += 17
            }
            y += 3
        }
        return y
    }

    /// Draws the experiments from `origin`, as many as fit above `bottom`; a line says how many
    /// more a wider window shows (the README lists them all).
    private func drawCharter(at origin: Point, width: Double, bottom: Double, fonts: FontProvider, canvas: Canvas?) {
        let heading = fonts.font(size: 12, weight: .semibold)
        let bold = fonts.font(size: 13, weight: .semibold)
        let body = fonts.font(size: 13, weight: .regular)
        var y = origin.y
        rows = []
        let charter = HelpCardWindow.charter(for: technique)
        let experiments = Experiment.allCases.filter { Techniques.technique(for: technique)?.charter[$0] != nil }
        // A card too short for the heading and one line under it (a narrow, short window, the
        // shortcuts above) says only how many experiments a wider window shows.
        if y + 20 > bottom {
            if y <= bottom, !charter.isEmpty {
                canvas?.drawText(
                    "\(charter.count) more experiments in a wider window", at: Point(x: origin.x, y: y),
                    font: body, color: Palette.secondaryLabel)
            }
            return
        }
        canvas?.drawText(
            "EXPERIMENTS TO TRY IN \(technique.rawValue.uppercased())", at: Point(x: origin.x, y: y),
            font: heading, color: Palette.secondaryLabel)
        y += 20
        // The technique's rule in one line, above what it does in each experiment, when it fits
        // above the line about the experiments left out (a short window has room for that only).
        if let rule = Techniques.technique(for: technique)?.summary,
            y + 17 * Double(TextLayout.wrap(rule, width: width, font: bold).count) + 6 + 23 <= bottom
        {
            for range in TextLayout.wrap(rule, width: width, font: bold) {
                canvas?.drawText(rule[range], at: Point(x: origin.x, y: y), font: bold, color: Palette.accent)
                y += 17
            }
            y += 6
        }
        for (index, (todo, look)) in charter.enumerated() {
            let lines = TextLayout.wrap(look, width: width, font: body)
            let left = charter.count - index
            // Room for this one, and for the line about the rest if it is not the last.
            if y + 17 * Double(lines.count) + (left > 1 ? 23 : 0) > bottom {
                let more = left == 1 ? "1 more experiment" : "\(left) more experiments"
                canvas?.drawText(
                    "\(more) in a wider window", at: Point(x: origin.x, y: y),
                    font: body, color: Palette.secondaryLabel)
                return
            }
            let top = y - 13
            canvas?.drawText(todo, at: Point(x: origin.x, y: y), font: bold, color: Palette.label)
            let experiment = index < experiments.count ? experiments[index] : nil
            let number = experiment?.matrixCase
            if number != nil {
                canvas?.drawText(
                    "▶ play", at: Point(x: origin.x + bold.width(of: Substring(todo)) + 8, y: y), font: bold,
                    color: Palette.accent)
            }
            y += 17
            for range in lines {
                canvas?.drawText(look[range], at: Point(x: origin.x, y: y), font: body, color: Palette.secondaryLabel)
                y += 17
            }
            if let number, let experiment {
                rows.append((Rect(x: origin.x, y: top, width: width, height: y - top), number, experiment))
            }
            y += 6
        }
    }
}
