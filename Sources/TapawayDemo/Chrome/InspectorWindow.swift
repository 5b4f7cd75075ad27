import TapawayKit

/// The inspector: host chrome on the right that lists, live, every event a technique looked at — the
/// touches with their phases and the views they hit, whether each view can become first responder and
/// counts as inside the focused field, the rule that decided, and the outcome.
///
/// F2 or the sidebar's Inspector item shows and hides it.
@MainActor
package final class InspectorWindow: Window {
    /// Offered each key while the window has the keys (the keyboard's focus is on one of its items);
    /// returns whether it used the key.
    ///
    /// The others go on to the app's shortcuts.
    package var keyHandler: ((KeyInput) -> Bool)?

    /// Hands a key to `keyHandler`, then on.
    package override func keyDown(_ key: KeyInput, with event: Event) {
        if keyHandler?(key) == true { return }
        super.keyDown(key, with: event)
    }

    /// The inspector's width in points when unfolded, beside the device.
    package nonisolated static let width = 300.0
    /// The widest it grows in a wide window: wider, its cards would be long thin stripes, so the
    /// rest goes to the desk around the device.
    package nonisolated static let maximumWidth = 420.0
    /// `overlay-touches`: draw each touch with a fading trail.
    package let touchesItem = ChromeItem(
        title: "Touches", subtitle: "Coloured by phase, with a trail", kind: .toggle,
        identifier: OverlayKind.touches.rawValue)
    /// `overlay-regions`: outline the focused field and its group; number the Prev/Next order.
    package let regionsItem = ChromeItem(
        title: "Focus and order", subtitle: "Inside regions, Prev/Next badges",
        kind: .toggle, identifier: OverlayKind.regions.rawValue)
    /// `overlay-keypad`: the keypad's frame and the avoidance distance.
    package let keypadItem = ChromeItem(
        title: "Keypad frame", subtitle: "And the distance kept above it",
        kind: .toggle, identifier: OverlayKind.keypad.rawValue)
    /// `help-button`: the help card (F1).
    package let helpItem = ChromeItem(
        title: "Shortcuts and experiments", subtitle: "F1", kind: .choice,
        identifier: "help-button")
    /// The list of decisions.
    package let log = DecisionLogView()
    /// `inspector-clear`: empties the log.
    package let clearItem = ChromeItem(title: "Clear", kind: .segment, identifier: "inspector-clear")
    /// `inspector-filter`: hides the moves (entries whose touches all moved or held still); the
    /// taps that found nothing to do stay.
    package let filterItem = ChromeItem(title: "Hide moves", kind: .segment, identifier: "inspector-filter")
    private let titleLabel = Label(text: "Inspector")
    private let hintLabel = Label(text: "F2 hides this panel")
    /// `inspector-keyboard`: the keyboard's state (software or hardware, keys up, only the bar).
    private let keyboardLabel = Label(text: "")
    /// `inspector-avoidance`: the numbers the avoidance strategy at work used, one line each.
    private let avoidanceLabels = (0..<4).map { _ in Label(text: "") }
    private let deviceLabel = Label(text: "")
    private let overlaysHeader = Label(text: "OVERLAYS")
    private let eventsHeader = Label(text: "EVENTS THE TECHNIQUE LOOKED AT")
    /// Everything the inspector shows, scrolling as a whole when the window is too short for
    /// the switches and a readable log (the log scrolls on its own inside it).
    package let content = ScrollView()
    /// The least height the log keeps: below it, the inspector scrolls instead of clipping.
    package nonisolated static let minimumLogHeight = 160.0

    /// Creates the inspector, empty until the first decision, in `frame`.
    package init(frame: Rect) {
        super.init(frame: frame, level: .drawer)
        identifier = "inspector"
        accessibilityLabel = "Inspector"
        backgroundColor = Palette.chromeBackground
        titleLabel.fontSize = 20
        titleLabel.fontWeight = .semibold
        hintLabel.fontSize = 12
        hintLabel.textColor = Palette.secondaryLabel
        keyboardLabel.fontSize = 13
        keyboardLabel.fontWeight = .semibold
        keyboardLabel.identifier = "inspector-keyboard"
        for (i, label) in avoidanceLabels.enumerated() {
            label.fontSize = 12
            label.textColor = i == 0 ? Palette.label : Palette.secondaryLabel
            label.identifier = "inspector-avoidance-\(i + 1)"
        }
        deviceLabel.fontSize = 12
        deviceLabel.textColor = Palette.secondaryLabel
        deviceLabel.identifier = "inspector-device"
        for header in [overlaysHeader, eventsHeader] {
            header.fontSize = 12
            header.textColor = Palette.secondaryLabel
        }
        content.identifier = "inspector-content"
        addSubview(content)
        for view in [
            titleLabel, hintLabel, keyboardLabel, deviceLabel, avoidanceLabels[0], avoidanceLabels[1], avoidanceLabels[2],
            avoidanceLabels[3], overlaysHeader, touchesItem, regionsItem, keypadItem, helpItem,
            eventsHeader, clearItem, filterItem, log,
        ] as [View] {
            content.addSubview(view)
        }
        clearItem.onTap = { [weak self] _ in self?.log.clear() }
        filterItem.onTap = { [weak self] item in
            guard let self else { return }
            self.log.hidesMoves.toggle()
            item.isOn = self.log.hidesMoves
        }
    }

    /// Stacks the controls, then the log down to the bottom; a window too short for the log's
    /// least height makes the whole inspector scroll.
    package override func layoutSubviews() {
        content.frame = bounds
        let w = bounds.width
        var y = 18.0
        titleLabel.frame = Rect(x: 18, y: y, width: w - 36, height: 26); y += 26
        // The hint wraps when it also counts the options changed and is too wide; one line keeps
        // its 18 points.
        let wrapped = height(of: hintLabel, width: w - 36, fonts: application?.fonts)
        let hintHeight = wrapped > 22 ? wrapped : 18
        hintLabel.frame = Rect(x: 18, y: y, width: w - 36, height: hintHeight); y += hintHeight + 2
        // The keyboard's and the device's lines wrap in a narrow inspector: each takes the
        // height its text needs.
        let keyboardHeight = height(of: keyboardLabel, width: w - 36, fonts: application?.fonts)
        keyboardLabel.frame = Rect(x: 18, y: y, width: w - 36, height: keyboardHeight); y += keyboardHeight
        let deviceHeight = height(of: deviceLabel, width: w - 36, fonts: application?.fonts)
        deviceLabel.frame = Rect(x: 18, y: y, width: w - 36, height: deviceHeight); y += deviceHeight + 4
        for label in avoidanceLabels {
            let labelHeight = height(of: label, width: w - 36, fonts: application?.fonts)
            label.frame = Rect(x: 18, y: y, width: w - 36, height: labelHeight); y += labelHeight
        }
        y += 8
        overlaysHeader.frame = Rect(x: 18, y: y, width: w - 36, height: 16); y += 20
        for item in [touchesItem, regionsItem, keypadItem] { item.frame = Rect(x: 0, y: y, width: w, height: 50); y += 50 }
        y += 4
        helpItem.frame = Rect(x: 0, y: y, width: w, height: 50); y += 60
        eventsHeader.frame = Rect(x: 18, y: y, width: w - 36, height: 16); y += 20
        filterItem.frame = Rect(x: 10, y: y, width: 96, height: 26)
        clearItem.frame = Rect(x: 110, y: y, width: 60, height: 26); y += 32
        let logHeight = max(Self.minimumLogHeight, bounds.height - y - 10)
        log.frame = Rect(x: 10, y: y, width: max(0, w - 20), height: logHeight)
        content.contentSize = Size(width: w, height: y + logHeight + 10)
    }

    /// What the keyboard line says.
    package var keyboardStatus: String { keyboardLabel.text }

    /// What the line under the title says.
    package var hint: String { hintLabel.text }

    /// Says under the title how many options differ from their defaults ("2 options changed"; a remembered `--set`
    /// among them), so that a session that plays differently from the README says why.
    package func show(changedOptions count: Int) {
        let text =
            "F2 hides this panel"
            + (count == 0 ? "" : count == 1 ? " · 1 option changed" : " · \(count) options changed")
        if hintLabel.text != text {
            hintLabel.text = text
            setNeedsLayout()
        }
    }

    /// Shows the keyboard's state, as `status(of:)` words it.
    package func show(keyboard: Keyboard) {
        let text = Self.status(of: keyboard)
        if keyboardLabel.text != text {
            keyboardLabel.text = text
            setNeedsLayout()
        }
    }

    /// The keyboard's state in a line: which keyboard is in use, and what shows.
    package static func status(of keyboard: Keyboard) -> String {
        let kind = keyboard.isHardwareKeyboardConnected ? "Hardware keyboard" : "Software keyboard"
        guard keyboard.isVisible else { return kind + " · nothing shown" }
        // A form sheet kept the keyboard after its field stopped editing.
        if keyboard.isDetached { return kind + " · up, nothing to type into (the sheet keeps it)" }
        if keyboard.showsKeys {
            return kind + (keyboard.isHardwareKeyboardConnected ? " · keys up (F4 hides them)" : " · keys up")
        }
        return kind + " · only the bar (F4 shows the keys)"
    }

    /// What the avoidance lines say, top to bottom.
    package var avoidanceStatus: [String] { avoidanceLabels.map(\.text) }

    /// Shows the numbers the avoidance at work used, as `lines(for:platform:)` words them.
    package func show(avoidance numbers: AvoidanceNumbers, platform: Bool) {
        for (label, text) in zip(avoidanceLabels, Self.lines(for: numbers, platform: platform)) where label.text != text {
            label.text = text
            setNeedsLayout()
        }
    }

    /// The avoidance numbers in four lines: the strategy; the keyboard's frame in the simulated
    /// screen and how much it covers; the content and indicator insets; the safe area and how
    /// far the strategy moved or shrank what it avoids with.
    package static func lines(for numbers: AvoidanceNumbers, platform: Bool) -> [String] {
        func n(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }
        let strategy = "Avoidance: \(numbers.strategy)" + (platform ? " (the technique's own)" : "")
        let keyboard =
            numbers.keyboard.map {
                "Keyboard \(n($0.minX)),\(n($0.minY)) \(n($0.width))×\(n($0.height)) device pt · overlap \(n(numbers.overlap))"
            } ?? "Keyboard away · overlap 0"
        let insets = "Inset bottom \(n(numbers.contentInset.bottom)) · indicator \(n(numbers.indicatorInset.bottom))"
        let safeArea =
            "Safe area top \(n(numbers.safeArea.top)), bottom \(n(numbers.safeArea.bottom)) · shift \(n(numbers.shift))"
        return [strategy, keyboard, insets, safeArea]
    }
    /// The height `label`'s text needs, wrapped at `width`: one line's height per line.
    private func height(of label: Label, width: Double, fonts: FontProvider?) -> Double {
        let key = ObjectIdentifier(label)
        if let known = measured[key], known.text == label.text, known.width == width { return known.height }
        let height = Self.height(of: label, width: width, fonts: fonts)
        measured[key] = (label.text, width, height)
        return height
    }

    /// Each status label's height, with the text and width it was measured at: the inspector
    /// is laid out whenever the keyboard or the avoidance numbers change, and wrapping every
    /// line again each time was a tenth of an audit's cost.
    private var measured: [ObjectIdentifier: (text: String, width: Double, height: Double)] = [:]

    private static func height(of label: Label, width: Double, fonts: FontProvider?) -> Double {
        guard let font = fonts?.font(size: label.fontSize, weight: label.fontWeight) else { return 18 }
        let lines = label.text.split(separator: "\n", omittingEmptySubsequences: false).reduce(0) { count, paragraph in
            count + max(1, TextLayout.wrap(String(paragraph), width: width, font: font).count)
        }
        return Double(lines) * (font.lineHeight * 1.15).rounded()
    }

    /// What the device line says.
    package var deviceStatus: String { deviceLabel.text }

    /// Shows the simulated device in a line: its name, orientation and safe area, and what the
    /// window cuts off when it is smaller than the device.
    package func show(device: DeviceProfile, orientation: DeviceOrientation, layout: WindowLayout) {
        let size = device.size(orientation)
        let safe = device.safeArea(orientation)
        let sides = [("top", safe.top), ("left", safe.left), ("bottom", safe.bottom), ("right", safe.right)]
            .filter { $0.1 > 0 }.map { "\($0.0) \(Int($0.1))" }
        var text = "\(device.name) · \(orientation.rawValue) · \(Int(size.width)) × \(Int(size.height)) pt\n"
        text += sides.isEmpty ? "No safe-area insets" : "Safe area: " + sides.joined(separator: ", ")
        if layout.clipped {
            let cut = Size(width: size.width - layout.device.width, height: size.height - layout.device.height)
            text += "\nThe window cuts \(Int(cut.width)) × \(Int(cut.height)) pt off: make it larger"
        }
        if deviceLabel.text != text {
            deviceLabel.text = text
            setNeedsLayout()
        }
    }

    /// Draws the hairline between the simulated screen and the inspector.
    package override func draw(_ rect: Rect, in canvas: Canvas) {
        canvas.fill(Rect(x: 0, y: 0, width: 1, height: bounds.height), color: Palette.separator)
    }
}

/// One entry of the inspector's log: a technique's decision, or a note on something that ended
/// editing without one (Escape, a drag, Back, a screen switch).
package struct LogEntry {
    /// The entry's number, counting every entry logged.
    package let number: Int
    /// The decision, when the entry is one.
    package let decision: DismissalDecision?
    /// The verdict in a word or two (the pill).
    package let verdict: String
    /// Who decided: a technique's id, or what ended editing.
    package let source: String
    /// Why the source decided as it did, in a sentence.
    package let reason: String
    /// The touches the decision looked at.
    package let touches: [DismissalDecision.TouchFact]
    /// How many identical entries in a row this one stands for (a run of moves).
    package var repeats = 1
    /// The matrix case the decision stands for and how sure docs/techniques.md is of it there
    /// (`DecisionEvidence`), shown on the card's tag line; nil when none applies.
    package var evidence: (case: Int, level: EvidenceLevel)?
    /// The entry as the trace writes it (without its time), for copying: written when it is
    /// asked for, since few entries are ever copied and writing each as it came was a twentieth
    /// of an audit's cost.
    @MainActor package var traceLine: String {
        if let decision { return Tracer.decisionLine(decision) }
        return JSON.object([("kind", .string("note")), ("source", .string(source)), ("reason", .string(reason))]).serialized
    }

    /// The decision's action, when the entry is a decision.
    package var action: DismissalDecision.Action? { decision?.action }

    /// A move: every touch of the entry moved or held still.
    ///
    /// What the filter hides.
    package var isMove: Bool {
        guard let decision else { return false }
        return !decision.touches.isEmpty && decision.touches.allSatisfy { $0.phase == .moved || $0.phase == .stationary }
    }

    /// Moves and "nothing to do": what collapses into one entry when it repeats.
    package var isRepetitive: Bool {
        guard let decision else { return false }
        return decision.action == .none
            || (!decision.touches.isEmpty && decision.touches.allSatisfy { $0.phase == .moved || $0.phase == .stationary })
    }

    /// Whether `other` says the same thing as this one, so that a run of them collapses.
    func repeats(_ other: LogEntry) -> Bool {
        guard let a = decision, let b = other.decision, isRepetitive else { return false }
        return a.technique == b.technique && a.action == b.action && a.reason == b.reason
            && a.touches.map(\.phase) == b.touches.map(\.phase) && a.touches.map(\.view) == b.touches.map(\.view)
    }
}

/// The inspector's log: the latest entries first, each a technique's decision with its touches or a
/// note on what else ended editing.
///
/// It scrolls (wheel or drag); a run of identical moves collapses into one entry; moves and "nothing to
/// do" can be hidden; a tap on an entry copies it as its trace line.
@MainActor
package final class DecisionLogView: ScrollView {
    /// The entries kept, newest first.
    package private(set) var entries: [LogEntry] = []
    /// How many entries have been logged in all.
    package private(set) var count = 0
    /// The most entries kept.
    package static let capacity = 200
    /// The pill colour of a resign (iOS's system red, readable in both themes).
    static let resignColor = Color(hex: 0xFF3B30)
    /// Whether the moves are hidden (`isMove`).
    package var hidesMoves = false { didSet { relayOut() } }
    /// The entry copied last, which shows "copied" for a moment.
    package private(set) var copiedNumber: Int?
    private let content = DecisionLogContent()

    /// Creates an empty log.
    package override init(frame: Rect = .zero) {
        super.init(frame: frame)
        identifier = "inspector-log"
        content.log = self
        addSubview(content)
    }

    /// A list (its entries are drawn, not views: a screen reader gets the list and its name).
    package override var accessibilityRole: AccessibilityRole? { .list }
    /// What the log holds, with how many entries it shows.
    package override var accessibilityLabel: String? {
        get { super.accessibilityLabel ?? "Events the technique looked at, \(shownEntries.count) entries" }
        set { super.accessibilityLabel = newValue }
    }

    /// The entries shown: all of them, or all but the repetitive ones.
    package var shownEntries: [LogEntry] { hidesMoves ? entries.filter { !$0.isMove } : entries }

    /// Adds a decision at the top, folding it into the top entry when it repeats it; `evidence`
    /// is the matrix case it stands for and that case's level, for the card's tag line.
    package func append(_ decision: DismissalDecision, evidence: (case: Int, level: EvidenceLevel)? = nil) {
        var entry = LogEntry(
            number: count + 1, decision: decision, verdict: Self.verdict(decision.action),
            source: decision.strategy, reason: decision.reason, touches: decision.touches)
        entry.evidence = evidence
        add(entry)
    }

    /// The card's words for an entry's evidence: "case 12: inferred".
    package static func evidenceTag(_ evidence: (case: Int, level: EvidenceLevel)) -> String {
        "case \(evidence.case): \(evidence.level.words)"
    }

    /// The card's line for an entry's evidence, under its reason: "as matrix case 12: inferred
    /// (docs/techniques.md)".
    package static func evidenceLine(_ evidence: (case: Int, level: EvidenceLevel)) -> String {
        "as matrix \(evidenceTag(evidence)) (docs/techniques.md)"
    }

    /// Adds a note on something that ended editing with no technique deciding it.
    package func appendNote(verdict: String, source: String, reason: String) {
        add(LogEntry(number: count + 1, decision: nil, verdict: verdict, source: source, reason: reason, touches: []))
    }

    private func add(_ entry: LogEntry) {
        count += 1
        if let top = entries.first, top.repeats(entry) {
            entries[0].repeats += 1
        } else {
            entries.insert(entry, at: 0)
            if entries.count > Self.capacity { entries.removeLast() }
        }
        relayOut()
    }

    /// Forgets every entry and repaints, as when the technique changes.
    package func clear() {
        entries.removeAll()
        copiedNumber = nil
        relayOut()
    }

    /// Copies the entry under `point` (in the content's coordinates) as its trace line.
    func copyEntry(at point: Point) {
        // The bands are those of the last layout: Clear or the filter since then has changed
        // the entries shown, so lay out first.
        layoutIfNeeded()
        guard let index = content.entryIndex(at: point), shownEntries.indices.contains(index) else { return }
        let entry = shownEntries[index]
        application?.clipboard.text = entry.traceLine
        copiedNumber = entry.number
        content.setNeedsDisplay()
    }

    private func relayOut() {
        setNeedsLayout()
        content.setNeedsDisplay()
    }

    /// Sizes the content to the entries.
    package override func layoutSubviews() {
        let height = content.measure(width: bounds.width)
        content.frame = Rect(x: 0, y: 0, width: bounds.width, height: max(height, bounds.height))
        contentSize = Size(width: bounds.width, height: height)
        super.layoutSubviews()
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
}

/// What the log draws: its entries, stacked, inside the log's scroll view.
@MainActor
final class DecisionLogContent: View {
    weak var log: DecisionLogView?
    /// Each shown entry's band, top to bottom, from the last layout.
    private var bands: [(y: Double, height: Double)] = []
    /// Each entry's height (by its number) at `measuredWidth`: an entry never changes its
    /// text, so a new one costs one measure, not a measure of every entry shown (which made
    /// each decision cost as much as 200 wraps of text, in replays and `compare` too).
    private var heights: [Int: Double] = [:]
    private var measuredWidth = -1.0

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        identifier = "inspector-log-content"
    }

    /// The height of one entry at `width`.
    private func height(of entry: LogEntry, width: Double, fonts: FontProvider) -> Double {
        let body = fonts.font(size: 12, weight: .regular)
        let small = fonts.font(size: 11, weight: .regular)
        let reasonLines = TextLayout.wrap(entry.reason, width: width - 24, font: body).count
        let touchLines = entry.touches.reduce(0) {
            $0 + TextLayout.wrap(DecisionLogView.describe($1), width: width - 24, font: small).count
        }
        let evidenceLines =
            entry.evidence.map {
                TextLayout.wrap(DecisionLogView.evidenceLine($0), width: width - 24, font: small).count
            } ?? 0
        return 30 + Double(reasonLines) * 16 + Double(touchLines + evidenceLines) * 15 + 8
    }

    /// Lays the shown entries out at `width`; returns the height they take.
    func measure(width: Double) -> Double {
        guard let log, let fonts = application?.fonts else { return 0 }
        if width != measuredWidth {
            heights = [:]
            measuredWidth = width
        }
        var y = 0.0
        bands.removeAll(keepingCapacity: true)
        let shown = log.shownEntries
        for entry in shown {
            let h: Double
            if let known = heights[entry.number] {
                h = known
            } else {
                h = height(of: entry, width: width, fonts: fonts)
                heights[entry.number] = h
            }
            bands.append((y, h))
            y += h + 6
        }
        // Only the entries still shown, once the cache holds twice as many: as bounded as the
        // log, without rebuilding it on every entry.
        if heights.count > 2 * DecisionLogView.capacity {
            var kept: [Int: Double] = [:]
            for entry in shown { kept[entry.number] = heights[entry.number] }
            heights = kept
        }
        return y
    }

    /// The index among the shown entries of the one at `point`, if any.
    func entryIndex(at point: Point) -> Int? {
        bands.firstIndex { point.y >= $0.y && point.y < $0.y + $0.height }
    }

    /// A tap on an entry copies it.
    override func touchesEnded(_ touches: [Touch], with event: Event) {
        guard let touch = touches.first, touch.startLocationInScreen.distance(to: touch.locationInScreen) < 10 else { return }
        log?.copyEntry(at: touch.location(in: self))
    }

    override func draw(_ rect: Rect, in canvas: Canvas) {
        guard let log, let fonts = application?.fonts else { return }
        let body = fonts.font(size: 12, weight: .regular)
        let shown = log.shownEntries
        if shown.isEmpty {
            let text = log.entries.isEmpty ? "Tap around the simulated screen." : "Only moves and “nothing to do” so far."
            canvas.drawText(text, at: Point(x: 8, y: 18), font: body, color: Palette.secondaryLabel)
            return
        }
        // Opened only when there are entries: an empty log (the first screen's) opens no face
        // that nothing on the first screen draws with.
        let bold = fonts.font(size: 13, weight: .semibold)
        let small = fonts.font(size: 11, weight: .regular)
        if bands.count != shown.count { _ = measure(width: bounds.width) }
        for (entry, band) in zip(shown, bands) where band.y < rect.maxY && band.y + band.height > rect.minY {
            let y = band.y
            canvas.fillRoundedRect(
                Rect(x: 0, y: y, width: bounds.width, height: band.height), radius: 8, color: Palette.fieldBackground)
            let pill: Color
            switch entry.action {
            case .resign?: pill = DecisionLogView.resignColor
            case .keep?: pill = Palette.switchOn
            case .none?: pill = Palette.secondaryLabel
            case .hide?: pill = DecisionLogView.resignColor.mixed(with: Palette.secondaryLabel, amount: 0.4)
            case nil: pill = Palette.accent
            }
            let pillWidth = bold.width(of: entry.verdict) + 14
            canvas.fillRoundedRect(Rect(x: 8, y: y + 7, width: pillWidth, height: 18), radius: 9, color: pill)
            canvas.drawText(entry.verdict, at: Point(x: 15, y: y + 20.5), font: bold, color: .white)
            var tag = "#\(entry.number) · \(entry.source)"
            if entry.repeats > 1 { tag += " · ×\(entry.repeats)" }
            if log.copiedNumber == entry.number { tag += " · copied" }
            canvas.drawText(tag, at: Point(x: 16 + pillWidth, y: y + 20.5), font: small, color: Palette.secondaryLabel)
            var line = y + 30
            for range in TextLayout.wrap(entry.reason, width: bounds.width - 24, font: body) {
                canvas.drawText(entry.reason[range], at: Point(x: 12, y: line + 12), font: body, color: Palette.label)
                line += 16
            }
            if let evidence = entry.evidence {
                let text = DecisionLogView.evidenceLine(evidence)
                for range in TextLayout.wrap(text, width: bounds.width - 24, font: small) {
                    canvas.drawText(text[range], at: Point(x: 12, y: line + 11), font: small, color: Palette.accent)
                    line += 15
                }
            }
            for fact in entry.touches {
                let text = DecisionLogView.describe(fact)
                for range in TextLayout.wrap(text, width: bounds.width - 24, font: small) {
                    canvas.drawText(text[range], at: Point(x: 12, y: line + 11), font: small, color: Palette.secondaryLabel)
                    line += 15
                }
            }
        }
    }
}
