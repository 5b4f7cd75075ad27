import TapawayKit

/// The host chrome on the left of the simulated screen: the technique switcher, the current
/// technique's options and the general ones, all read from the registry. It is its own window
/// (its own X child window), so clicks on it are never touches in the app and never count as
/// "outside" for any technique.
@MainActor
public final class SidebarWindow: Window {
    /// The sidebar's width.
    public nonisolated static let width = 240.0

    /// The technique rows (`scenario-send-event`…), one per registered technique.
    public private(set) var scenarioItems: [ChromeItem] = []
    /// Each technique's option items, by technique: a toggle's one item, or one item per value
    /// of a choice (`option-cancels-touches`, `option-dim`).
    public private(set) var techniqueOptionItems: [TechniqueID: [OptionItem]] = [:]
    /// The general options' items (`option-dismiss-none`, `option-dismiss-on-drag`,
    /// `option-dismiss-interactive`), shown for every technique.
    public private(set) var generalOptionItems: [OptionItem] = []
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
    private var generalHeaders: [Label] = []
    private var shown: TechniqueID?

    /// Called when a technique row is tapped.
    public var onTechnique: ((TechniqueID) -> Void)?
    /// Called when an option item is tapped, with the option and the value the tap asks for
    /// (a toggle's other value, a choice's own).
    public var onOption: ((OptionKey, String) -> Void)?

    /// Creates the sidebar.
    public init(frame: Rect) {
        super.init(frame: frame, level: .chrome)
        identifier = "sidebar"
        backgroundColor = Palette.chromeBackground
        titleLabel.fontSize = 20
        titleLabel.fontWeight = .semibold
        subtitleLabel.fontSize = 12.5
        subtitleLabel.textColor = Palette.secondaryLabel
        generalHeaders = Techniques.generalOptions.map { Label(text: $0.title.uppercased()) }
        for header in [scenariosHeader, optionsHeader, instrumentsHeader] + generalHeaders {
            header.fontSize = 11.5
            header.textColor = Palette.secondaryLabel
        }
        for view in [titleLabel, subtitleLabel, scenariosHeader] as [View] { addSubview(view) }
        for technique in Techniques.all {
            let id = technique.id
            let item = ChromeItem(title: technique.title, subtitle: id.rawValue, kind: .choice,
                                  identifier: "scenario-\(id.rawValue)")
            item.onTap = { [weak self] _ in self?.onTechnique?(id) }
            scenarioItems.append(item)
            addSubview(item)
        }
        addSubview(optionsHeader)
        for technique in Techniques.all {
            let items = technique.options.flatMap { makeItems(for: $0, of: technique.id) }
            techniqueOptionItems[technique.id] = items
            for item in items { addSubview(item.item) }
        }
        for (option, header) in zip(Techniques.generalOptions, generalHeaders) {
            addSubview(header)
            let items = makeItems(for: option, of: nil)
            generalOptionItems += items
            for item in items { addSubview(item.item) }
        }
        addSubview(instrumentsHeader)
        addSubview(inspectorItem)
        recordItem.isHidden = true
        addSubview(recordItem)
        addSubview(helpItem)
    }

    /// The items of one option: a toggle's one row, or a row per value of a choice.
    private func makeItems(for option: TechniqueOption, of technique: TechniqueID?) -> [OptionItem] {
        let key = OptionKey(technique, option.id)
        switch option.kind {
        case .toggle:
            let item = ChromeItem(title: option.title, subtitle: option.subtitle, kind: .toggle,
                                  identifier: option.itemIdentifier())
            item.onTap = { [weak self] item in self?.onOption?(key, item.isOn ? "off" : "on") }
            return [OptionItem(key: key, value: nil, item: item)]
        case .choice:
            return option.values.map { value in
                let item = ChromeItem(title: value.title, subtitle: value.subtitle, kind: .choice,
                                      identifier: option.itemIdentifier(for: value.id))
                item.onTap = { [weak self] _ in self?.onOption?(key, value.id) }
                return OptionItem(key: key, value: value.id, item: item)
            }
        }
    }

    /// Shows which technique is current and the options that apply to it.
    public func show(technique: TechniqueID) {
        shown = technique
        for (item, t) in zip(scenarioItems, Techniques.all) { item.isOn = t.id == technique }
        for (id, items) in techniqueOptionItems {
            for item in items { item.item.isHidden = id != technique }
        }
        optionsHeader.isHidden = techniqueOptionItems[technique]?.isEmpty ?? true
        setNeedsLayout()
    }

    /// Shows an option's current value: a toggle on or off, a choice's value chosen.
    public func show(option key: OptionKey, value: String) {
        let items = key.technique.map { techniqueOptionItems[$0] ?? [] } ?? generalOptionItems
        for item in items where item.key == key {
            item.item.isOn = item.value.map { $0 == value } ?? (value == "on")
        }
    }

    /// The item with `identifier` among the option items, if any.
    public func optionItem(_ identifier: String) -> ChromeItem? {
        (techniqueOptionItems.values.joined() + generalOptionItems).first { $0.item.identifier == identifier }?.item
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
        if !optionsHeader.isHidden, let shown {
            optionsHeader.frame = Rect(x: 18, y: y, width: w - 36, height: 16); y += 20
            for option in techniqueOptionItems[shown] ?? [] {
                let h = option.item.subtitle == nil ? 36.0 : 48.0
                option.item.frame = Rect(x: 0, y: y, width: w, height: h); y += h
            }
            y += 14
        }
        for (option, header) in zip(Techniques.generalOptions, generalHeaders) {
            header.frame = Rect(x: 18, y: y, width: w - 36, height: 16); y += 20
            for item in generalOptionItems where item.key.option == option.id {
                let h = item.item.subtitle == nil ? 36.0 : 48.0
                item.item.frame = Rect(x: 0, y: y, width: w, height: h); y += h
            }
            y += 14
        }
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

/// One sidebar item of an option: the option's key, the value it stands for (nil for a
/// toggle's one item) and the item.
@MainActor
public struct OptionItem {
    /// Which option.
    public let key: OptionKey
    /// The choice's value this item picks; nil for a toggle.
    public let value: String?
    /// The row.
    public let item: ChromeItem
}
