import TapawayKit

/// The host chrome on the left of the simulated screen: the scenario switcher and the current
/// scenario's options. It is its own window (its own X child window), so clicks on it are never
/// touches in the app and never count as "outside" for any technique.
@MainActor
public final class SidebarWindow: Window {
    /// The sidebar's width.
    public nonisolated static let width = 240.0

    /// The scenario rows (`scenario-send-event`…).
    public private(set) var scenarioItems: [ChromeItem] = []
    /// `option-cancels-touches`: the tap recognizer's cancelsTouchesInView (tap-gesture).
    public let cancelsTouchesItem = ChromeItem(title: "Cancel touches in view", subtitle: "The first tap is eaten",
                                               kind: .toggle, identifier: "option-cancels-touches")
    /// `option-dim`: dim everything but the focused field (background-control).
    public let dimItem = ChromeItem(title: "Dim around the field", subtitle: "Fades with the keypad",
                                    kind: .toggle, identifier: "option-dim")
    /// `option-dismiss-none`, `option-dismiss-on-drag`, `option-dismiss-interactive`: the form's
    /// keyboard dismiss mode.
    public let dismissModeItems: [(KeyboardDismissMode, ChromeItem)] = [
        (.none, ChromeItem(title: "Dragging does nothing", kind: .choice, identifier: "option-dismiss-none")),
        (.onDrag, ChromeItem(title: "Dismiss on drag", kind: .choice, identifier: "option-dismiss-on-drag")),
        (.interactive, ChromeItem(title: "Interactive", subtitle: "The keypad follows the finger",
                                  kind: .choice, identifier: "option-dismiss-interactive")),
    ]
    /// `inspector-toggle`: shows or hides the inspector (F2).
    public let inspectorItem = ChromeItem(title: "Inspector", subtitle: "F2", kind: .toggle, identifier: "inspector-toggle")
    /// `record-toggle`: starts and stops recording the session's input (F9); hidden where the
    /// platform cannot record.
    public let recordItem = ChromeItem(title: "Record input", subtitle: "F9", kind: .toggle, identifier: "record-toggle")
    /// `help-toggle`: the help card (F1).
    public let helpItem = ChromeItem(title: "Help", subtitle: "F1", kind: .choice, identifier: "help-toggle")
    private let instrumentsHeader = Label(text: "INSTRUMENTS")
    private let titleLabel = Label(text: "Tapaway")
    private let subtitleLabel = Label(text: "Keyboard dismissal, by hand")
    private let scenariosHeader = Label(text: "SCENARIOS")
    private let optionsHeader = Label(text: "OPTIONS")
    private let dragHeader = Label(text: "DRAGGING THE FORM")

    /// Called when a scenario row is tapped.
    public var onScenario: ((Scenario) -> Void)?

    /// Creates the sidebar.
    public init(frame: Rect) {
        super.init(frame: frame, level: .chrome)
        identifier = "sidebar"
        backgroundColor = Palette.chromeBackground
        titleLabel.fontSize = 20
        titleLabel.fontWeight = .semibold
        subtitleLabel.fontSize = 12.5
        subtitleLabel.textColor = Palette.secondaryLabel
        for header in [scenariosHeader, optionsHeader, dragHeader, instrumentsHeader] {
            header.fontSize = 11.5
            header.textColor = Palette.secondaryLabel
        }
        for view in [titleLabel, subtitleLabel, scenariosHeader] as [View] { addSubview(view) }
        for scenario in Scenario.allCases {
            let item = ChromeItem(title: scenario.title, subtitle: scenario.rawValue, kind: .choice,
                                  identifier: "scenario-\(scenario.rawValue)")
            item.onTap = { [weak self] _ in self?.onScenario?(scenario) }
            scenarioItems.append(item)
            addSubview(item)
        }
        addSubview(optionsHeader)
        addSubview(cancelsTouchesItem)
        addSubview(dimItem)
        addSubview(dragHeader)
        for (_, item) in dismissModeItems { addSubview(item) }
        addSubview(instrumentsHeader)
        addSubview(inspectorItem)
        recordItem.isHidden = true
        addSubview(recordItem)
        addSubview(helpItem)
    }

    /// Shows which scenario is current and the options that apply to it.
    public func show(scenario: Scenario) {
        for (item, s) in zip(scenarioItems, Scenario.allCases) { item.isOn = s == scenario }
        cancelsTouchesItem.isHidden = scenario != .tapGesture
        dimItem.isHidden = scenario != .backgroundControl
        optionsHeader.isHidden = cancelsTouchesItem.isHidden && dimItem.isHidden
        setNeedsLayout()
    }

    /// Shows the current dismiss mode.
    public func show(dismissMode: KeyboardDismissMode) {
        for (mode, item) in dismissModeItems { item.isOn = mode == dismissMode }
    }

    /// Stacks the sections.
    public override func layoutSubviews() {
        let w = bounds.width
        var y = 18.0
        titleLabel.frame = Rect(x: 18, y: y, width: w - 36, height: 26); y += 26
        subtitleLabel.frame = Rect(x: 18, y: y, width: w - 36, height: 18); y += 30
        scenariosHeader.frame = Rect(x: 18, y: y, width: w - 36, height: 16); y += 20
        for item in scenarioItems { item.frame = Rect(x: 0, y: y, width: w, height: 48); y += 48 }
        y += 14
        if !optionsHeader.isHidden {
            optionsHeader.frame = Rect(x: 18, y: y, width: w - 36, height: 16); y += 20
            for item in [cancelsTouchesItem, dimItem] where !item.isHidden {
                item.frame = Rect(x: 0, y: y, width: w, height: 48); y += 48
            }
            y += 14
        }
        dragHeader.frame = Rect(x: 18, y: y, width: w - 36, height: 16); y += 20
        for (_, item) in dismissModeItems {
            let h = item.subtitle == nil ? 36.0 : 48.0
            item.frame = Rect(x: 0, y: y, width: w, height: h); y += h
        }
        y += 14
        instrumentsHeader.frame = Rect(x: 18, y: y, width: w - 36, height: 16); y += 20
        inspectorItem.frame = Rect(x: 0, y: y, width: w, height: 46); y += 46
        if !recordItem.isHidden { recordItem.frame = Rect(x: 0, y: y, width: w, height: 46); y += 46 }
        helpItem.frame = Rect(x: 0, y: y, width: w, height: 46)
    }

    /// Draws the hairline between the chrome and the simulated screen.
    public override func draw(_ rect: Rect, in canvas: Canvas) {
        canvas.fill(Rect(x: bounds.maxX - 1, y: 0, width: 1, height: bounds.height), color: Palette.separator)
    }
}
