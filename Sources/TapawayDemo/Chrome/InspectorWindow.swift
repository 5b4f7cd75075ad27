import TapawayKit

/// The inspector: host chrome on the right that lists, live, every event a technique looked at —
/// the touches with their phases and the views they hit, whether each view can become first
/// responder and counts as inside the focused field, the rule that decided, and the outcome.
/// F2 or the sidebar's Inspector item shows and hides it.
@MainActor
package final class InspectorWindow: Window {
    /// The inspector's width.
    package nonisolated static let width = 300.0
    /// `overlay-touches`: draw each touch with a fading trail.
    package let touchesItem = ChromeItem(title: "Touches", subtitle: "Coloured by phase, with a trail", kind: .toggle,
                                        identifier: "overlay-touches")
    /// `overlay-regions`: outline the focused field and its group; number the Prev/Next order.
    package let regionsItem = ChromeItem(title: "Focus and order", subtitle: "Inside regions, Prev/Next badges",
                                        kind: .toggle, identifier: "overlay-regions")
    /// `overlay-keypad`: the keypad's frame and the avoidance distance.
    package let keypadItem = ChromeItem(title: "Keypad frame", subtitle: "And the distance kept above it",
                                       kind: .toggle, identifier: "overlay-keypad")
    /// `help-button`: the help card (F1).
    package let helpItem = ChromeItem(title: "Shortcuts and experiments", subtitle: "F1", kind: .choice,
                                     identifier: "help-button")
    /// The list of decisions.
    package let log = DecisionLogView()
    private let titleLabel = Label(text: "Inspector")
    private let hintLabel = Label(text: "F2 hides this panel")
    private let overlaysHeader = Label(text: "OVERLAYS")
    private let eventsHeader = Label(text: "EVENTS THE TECHNIQUE LOOKED AT")

    /// Creates the inspector.
    package init(frame: Rect) {
        super.init(frame: frame, level: .chrome)
        identifier = "inspector"
        backgroundColor = Palette.chromeBackground
        titleLabel.fontSize = 20
        titleLabel.fontWeight = .semibold
        hintLabel.fontSize = 12.5
        hintLabel.textColor = Palette.secondaryLabel
        for header in [overlaysHeader, eventsHeader] {
            header.fontSize = 11.5
            header.textColor = Palette.secondaryLabel
        }
        for view in [titleLabel, hintLabel, overlaysHeader, touchesItem, regionsItem, keypadItem, helpItem,
                     eventsHeader, log] as [View] {
            addSubview(view)
        }
    }

    /// Stacks the controls, then the log down to the bottom.
    package override func layoutSubviews() {
        let w = bounds.width
        var y = 18.0
        titleLabel.frame = Rect(x: 18, y: y, width: w - 36, height: 26); y += 26
        hintLabel.frame = Rect(x: 18, y: y, width: w - 36, height: 18); y += 26
        overlaysHeader.frame = Rect(x: 18, y: y, width: w - 36, height: 16); y += 20
        for item in [touchesItem, regionsItem, keypadItem] { item.frame = Rect(x: 0, y: y, width: w, height: 50); y += 50 }
        y += 4
        helpItem.frame = Rect(x: 0, y: y, width: w, height: 50); y += 60
        eventsHeader.frame = Rect(x: 18, y: y, width: w - 36, height: 16); y += 20
        log.frame = Rect(x: 10, y: y, width: w - 20, height: max(0, bounds.height - y - 10))
    }

    /// Draws the hairline between the simulated screen and the inspector.
    package override func draw(_ rect: Rect, in canvas: Canvas) {
        canvas.fill(Rect(x: 0, y: 0, width: 1, height: bounds.height), color: Palette.separator)
    }
}

/// The inspector's log: the latest decisions first, each with its touches.
@MainActor
package final class DecisionLogView: View {
    /// The entries kept, newest first.
    package private(set) var entries: [DismissalDecision] = []
    /// How many decisions have been logged in all.
    package private(set) var count = 0
    private var numbers: [Int] = []
    /// The most entries kept.
    package static let capacity = 60
    /// The pill colour of a resign (iOS's system red, readable in both themes).
    static let resignColor = Color(hex: 0xFF3B30)

    /// Creates an empty log.
    package override init(frame: Rect = .zero) {
        super.init(frame: frame)
        identifier = "inspector-log"
        isUserInteractionEnabled = false
    }

    /// Adds a decision at the top.
    package func append(_ decision: DismissalDecision) {
        count += 1
        entries.insert(decision, at: 0)
        numbers.insert(count, at: 0)
        if entries.count > Self.capacity {
            entries.removeLast()
            numbers.removeLast()
        }
        setNeedsDisplay()
    }

    /// Forgets every entry.
    package func clear() {
        entries.removeAll()
        numbers.removeAll()
        setNeedsDisplay()
    }

    /// The words for a decision's action.
    package static func verdict(_ action: DismissalDecision.Action) -> String {
        switch action {
        case .resign: return "resigned"
        case .keep: return "kept"
        case .none: return "nothing to do"
        case .hide: return "keyboard hidden"
        }
    }

    /// The words for one touch fact.
    package static func describe(_ fact: DismissalDecision.TouchFact) -> String {
        var words = "touch \(fact.touch) \(fact.phase.rawValue) in \(fact.view ?? "no view")"
        words += fact.canBecomeFirstResponder ? " · can be first responder" : " · can't be first responder"
        if fact.insideFirstResponder { words += " · inside" }
        return words
    }

    /// Draws entries from the top until the space runs out.
    package override func draw(_ rect: Rect, in canvas: Canvas) {
        guard let fonts = application?.fonts else { return }
        let bold = fonts.font(size: 13, weight: .semibold)
        let body = fonts.font(size: 12, weight: .regular)
        let small = fonts.font(size: 11, weight: .regular)
        if entries.isEmpty {
            canvas.drawText("Tap around the simulated screen.", at: Point(x: 8, y: 18), font: body, color: Palette.secondaryLabel)
            return
        }
        var y = 0.0
        for (entry, number) in zip(entries, numbers) {
            let reasonLines = TextLayout.wrap(entry.reason, width: bounds.width - 24, font: body)
            let touchLines = entry.touches.map { fact -> (String, [Range<String.Index>]) in
                let text = Self.describe(fact)
                return (text, TextLayout.wrap(text, width: bounds.width - 24, font: small))
            }
            let touchLineCount = touchLines.reduce(0) { $0 + $1.1.count }
            let height = 30 + Double(reasonLines.count) * 16 + Double(touchLineCount) * 15 + 8
            guard y + 24 < bounds.height else { break }
            canvas.fillRoundedRect(Rect(x: 0, y: y, width: bounds.width, height: height), radius: 8, color: Palette.fieldBackground)
            let pill: Color
            switch entry.action {
            case .resign: pill = Self.resignColor
            case .keep: pill = Palette.switchOn
            case .none: pill = Palette.secondaryLabel
            case .hide: pill = Self.resignColor.mixed(with: Palette.secondaryLabel, amount: 0.4)
            }
            let verdict = Self.verdict(entry.action)
            let pillWidth = bold.width(of: verdict) + 14
            canvas.fillRoundedRect(Rect(x: 8, y: y + 7, width: pillWidth, height: 18), radius: 9, color: pill)
            canvas.drawText(verdict, at: Point(x: 15, y: y + 20.5), font: bold, color: .white)
            canvas.drawText("#\(number) · \(entry.strategy)", at: Point(x: 16 + pillWidth, y: y + 20.5), font: small,
                            color: Palette.secondaryLabel)
            var line = y + 30
            for range in reasonLines {
                canvas.drawText(entry.reason[range], at: Point(x: 12, y: line + 12), font: body, color: Palette.label)
                line += 16
            }
            for (text, ranges) in touchLines {
                for range in ranges {
                    canvas.drawText(text[range], at: Point(x: 12, y: line + 11), font: small, color: Palette.secondaryLabel)
                    line += 15
                }
            }
            y += height + 6
        }
    }
}
