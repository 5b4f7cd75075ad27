import TapawayKit

/// The host chrome on the left of the simulated screen: the technique switcher, the current technique's
/// options and the general ones, all read from the registry.
///
/// It is its own window (its own X child window), so clicks on it are never touches in the app and
/// never count as "outside" for any technique.
@MainActor
package final class SidebarWindow: Window {
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

    /// The sidebar's width in points when unfolded, beside the device.
    package nonisolated static let width = 240.0

    /// The technique rows (`scenario-send-event`…), one per registered technique.
    package private(set) var scenarioItems: [ChromeItem] = []
    /// Each technique's option items, by technique: a toggle's one item, or one item per value
    /// of a choice (`option-cancels-touches`, `option-dim`).
    package private(set) var techniqueOptionItems: [TechniqueID: [OptionItem]] = [:]
    /// The general options' items (`option-dismiss-none`, `option-dismiss-on-drag`,
    /// `option-dismiss-interactive`), shown for every technique.
    package private(set) var generalOptionItems: [OptionItem] = []
    /// `inspector-toggle`: shows or hides the inspector (F2).
    package let inspectorItem = ChromeItem(title: "Inspector", subtitle: "F2", kind: .toggle, identifier: "inspector-toggle")
    /// `record-toggle`: starts and stops recording the session's input (F9); hidden where the
    /// platform cannot record.
    package let recordItem = ChromeItem(title: "Record input", subtitle: "F9", kind: .toggle, identifier: "record-toggle")
    /// `pinned-finger`: shown while a finger is pinned (a right click), so a forgotten one does
    /// not silently turn every later tap into a two-finger touch; a click lifts it.
    package let pinnedItem = ChromeItem(
        title: "1 finger pinned", subtitle: "Right click to lift, or click here",
        kind: .choice, identifier: "pinned-finger")
    /// `scenario-as-written`: the screen file's own wiring, shown only for a screen file that
    /// declares wiring that ends editing.
    package let asWrittenItem = ChromeItem(
        title: AsWrittenTechnique.title, subtitle: nil, kind: .choice, identifier: "scenario-as-written")
    private let screenHeader = Label(text: TechniquePlatform.screenFile.rawValue.uppercased())
    /// `sheet-present`: presents the screen file's sheet again once it was dismissed; shown only
    /// for a screen file with a sheet.
    package let sheetItem = ChromeItem(
        title: "Present the sheet", subtitle: "After a tap on its dim", kind: .choice,
        identifier: "sheet-present")
    /// `audit-toggle`: the Audit instrument (F6).
    package let auditItem = ChromeItem(title: "Audit this screen", subtitle: "F6", kind: .choice, identifier: "audit-toggle")
    /// `help-toggle`: the help card (F1).
    package let helpItem = ChromeItem(title: "Help", subtitle: "F1", kind: .choice, identifier: "help-toggle")
    private let instrumentsHeader = Label(text: "INSTRUMENTS")
    private let titleLabel = Label(text: "Tapaway")
    private let subtitleLabel = Label(text: "Keyboard dismissal, by hand")
    private let optionsHeader = Label(text: "OPTIONS")
    /// One header per platform that has techniques, in the registry's order.
    private var platformHeaders: [(TechniquePlatform, Label)] = []
    /// Each choice option's header and the line under its segments naming the chosen value.
    private var choiceLabels: [OptionKey: (header: Label, caption: Label)] = [:]
    private let generalHeader = Label(text: "EVERY TECHNIQUE")
    /// `options-reset`: puts every option back to its default; shown while one differs (each
    /// such option's title carries a dot).
    package let resetItem = ChromeItem(title: "Reset options", subtitle: nil, kind: .choice, identifier: "options-reset")
    private var shown: TechniqueID?
    /// The current technique's id and summary, under the list.
    private let summaryLabel = Label(text: "")
    /// A thin bar at the right edge while the content is taller than the window.
    private let scrollIndicator = ScrollIndicator()
    /// Everything the sidebar shows, in a scroll view: it scrolls when the window is short.
    package let content = ScrollView()

    /// Called when a technique row is tapped.
    package var onTechnique: ((TechniqueID) -> Void)?
    /// Called when an option item is tapped, with the option and the value the tap asks for
    /// (a toggle's other value, a choice's own).
    package var onOption: ((OptionKey, String) -> Void)?

    /// Creates the sidebar in `frame`, listing the techniques and the options.
    package init(frame: Rect) {
        super.init(frame: frame, level: .drawer)
        identifier = "sidebar"
        accessibilityLabel = "Scenarios and options"
        backgroundColor = Palette.chromeBackground
        content.identifier = "sidebar-content"
        content.backgroundColor = Palette.chromeBackground
        addSubview(content)
        addSubview(scrollIndicator)
        content.onScroll = { [weak self] _ in self?.updateScrollIndicator() }
        summaryLabel.fontSize = 12
        summaryLabel.textColor = Palette.secondaryLabel
        titleLabel.fontSize = 20
        titleLabel.fontWeight = .semibold
        subtitleLabel.fontSize = 12
        subtitleLabel.textColor = Palette.secondaryLabel
        platformHeaders = Techniques.platforms.map { ($0, Label(text: $0.rawValue.uppercased())) }
        for header in [optionsHeader, instrumentsHeader, generalHeader, screenHeader] + platformHeaders.map(\.1) {
            header.fontSize = 12
            header.textColor = Palette.secondaryLabel
        }
        pinnedItem.isHidden = true
        pinnedItem.isOn = true
        for view in [
            titleLabel, subtitleLabel, pinnedItem, instrumentsHeader, inspectorItem, recordItem, auditItem, helpItem,
            summaryLabel,
        ]
            as [View]
        {
            content.addSubview(view)
        }
        for item in [inspectorItem, recordItem, auditItem, helpItem] { item.subtitleInline = true }
        recordItem.isHidden = true
        asWrittenItem.isHidden = true
        screenHeader.isHidden = true
        asWrittenItem.onTap = { [weak self] _ in self?.onTechnique?(.asWritten) }
        content.addSubview(screenHeader)
        content.addSubview(asWrittenItem)
        sheetItem.isHidden = true
        content.addSubview(sheetItem)
        resetItem.isHidden = true
        content.addSubview(resetItem)
        for (_, header) in platformHeaders { content.addSubview(header) }
        for technique in Techniques.all {
            let id = technique.id
            let item = ChromeItem(
                title: technique.title, subtitle: nil, kind: .choice,
                identifier: "scenario-\(id.rawValue)")
            item.onTap = { [weak self] _ in self?.onTechnique?(id) }
            scenarioItems.append(item)
            content.addSubview(item)
        }
        content.addSubview(optionsHeader)
        for technique in Techniques.all {
            let items = technique.options.flatMap { makeItems(for: $0, of: technique.id) }
            techniqueOptionItems[technique.id] = items
            for item in items { content.addSubview(item.item) }
        }
        content.addSubview(generalHeader)
        for option in Techniques.generalOptions {
            let items = makeItems(for: option, of: nil)
            generalOptionItems += items
            for item in items { content.addSubview(item.item) }
        }
    }

    /// The items of one option: a toggle's one row, or a segment per value of a choice, under
    /// a header, with a line naming the chosen value.
    private func makeItems(for option: TechniqueOption, of technique: TechniqueID?) -> [OptionItem] {
        let key = OptionKey(technique, option.id)
        switch option.kind {
        case .toggle:
            let item = ChromeItem(
                title: option.title, subtitle: option.subtitle, kind: .toggle,
                identifier: option.itemIdentifier())
            item.onTap = { [weak self] item in self?.onOption?(key, item.isOn ? "off" : "on") }
            return [OptionItem(key: key, value: nil, item: item)]
        case .choice:
            let header = Label(text: option.title)
            header.fontSize = 13
            let caption = Label(text: "")
            caption.fontSize = 12
            caption.textColor = Palette.secondaryLabel
            content.addSubview(header)
            content.addSubview(caption)
            choiceLabels[key] = (header, caption)
            return option.values.map { value in
                let item = ChromeItem(
                    title: value.id, subtitle: value.subtitle, kind: .segment,
                    identifier: option.itemIdentifier(for: value.id))
                item.onTap = { [weak self] _ in self?.onOption?(key, value.id) }
                item.groupName = option.itemIdentifier()
                return OptionItem(key: key, value: value.id, item: item)
            }
        }
    }

    /// Hides a general option that does not apply (the shipped screens' `layout` while a screen
    /// file is shown).
    package func hideGeneralOption(_ id: String) {
        hiddenGeneralOptions.insert(id)
        for item in generalOptionItems where item.key.option == id { item.item.isHidden = true }
        if let labels = choiceLabels[OptionKey(nil, id)] {
            labels.header.isHidden = true
            labels.caption.isHidden = true
        }
        setNeedsLayout()
    }
    private var hiddenGeneralOptions: Set<String> = []

    /// Offers **As written** (a screen file that declares wiring that ends editing) or not.
    package func offerAsWritten(_ offered: Bool) {
        asWrittenItem.isHidden = !offered
        screenHeader.isHidden = asWrittenItem.isHidden && sheetItem.isHidden
        setNeedsLayout()
    }

    /// Offers to present the screen file's sheet again (a screen file with a sheet) or not; an
    /// alert and a popover are named as such, with what sends them away.
    package func offerSheet(_ offered: Bool, style: String = "page") {
        sheetItem.title =
            style == "alert" ? "Present the alert" : style == "popover" ? "Present the popover" : "Present the sheet"
        sheetItem.subtitle =
            style == "alert"
            ? "After a tap on its buttons" : style == "popover" ? "After a tap outside it" : "After a tap on its dim"
        sheetItem.isHidden = !offered
        screenHeader.isHidden = asWrittenItem.isHidden && sheetItem.isHidden
        setNeedsLayout()
    }

    /// Shows or hides the pinned-finger row.
    package func show(pinnedFinger: Bool) {
        guard pinnedItem.isHidden == pinnedFinger else { return }
        pinnedItem.isHidden = !pinnedFinger
        setNeedsLayout()
    }

    /// Shows which technique is current and the options that apply to it; nil while the
    /// techniques list is on screen: no row highlighted, no technique's options.
    package func show(technique: TechniqueID?) {
        shown = technique
        for (item, t) in zip(scenarioItems, Techniques.all) { item.isOn = t.id == technique }
        asWrittenItem.isOn = technique == .asWritten
        for (id, items) in techniqueOptionItems {
            for item in items { item.item.isHidden = id != technique }
        }
        for (key, labels) in choiceLabels where key.technique != nil {
            labels.header.isHidden = key.technique != technique
            labels.caption.isHidden = key.technique != technique
        }
        optionsHeader.isHidden = technique.flatMap { techniqueOptionItems[$0]?.isEmpty } ?? true
        if let technique, let current = Techniques.technique(for: technique) {
            summaryLabel.text = "\(current.id) · \(current.summary)"
        } else {
            summaryLabel.text = "Choose a technique here or in the list."
        }
        setNeedsLayout()
    }

    /// Shows an option's current value: a toggle on or off, a choice's value chosen and named;
    /// its title carries a dot while the value is not the default.
    package func show(option key: OptionKey, value: String) {
        let items = key.technique.map { techniqueOptionItems[$0] ?? [] } ?? generalOptionItems
        let title = (key.definition?.title ?? key.option) + (value != key.definition?.defaultValue ? Self.changedMark : "")
        for item in items where item.key == key {
            item.item.isOn = item.value.map { $0 == value } ?? (value == "on")
            if item.value == nil { item.item.title = title }
        }
        choiceLabels[key]?.header.text = title
        if let caption = choiceLabels[key]?.caption, let chosen = key.definition?.values.first(where: { $0.id == value }) {
            caption.text = chosen.subtitle ?? chosen.title
        }
    }

    /// What an option's title carries while its value is not the default.
    package static let changedMark = " •"

    /// Shows how many options differ from their defaults: *Reset options* shows while any does.
    package func show(changedOptions count: Int) {
        resetItem.subtitle = count == 1 ? "1 option differs from its default" : "\(count) options differ from their defaults"
        if resetItem.isHidden != (count == 0) {
            resetItem.isHidden = count == 0
            setNeedsLayout()
        }
    }

    /// The item with `identifier` among the option items, if any.
    package func optionItem(_ identifier: String) -> ChromeItem? {
        (techniqueOptionItems.values.joined() + generalOptionItems).first { $0.item.identifier == identifier }?.item
    }

    /// Stacks the sections in the scroll view: the instruments first (always in reach), then
    /// the techniques grouped by platform, the current one's options and the general ones.
    package override func layoutSubviews() {
        content.frame = Rect(x: 0, y: 0, width: max(0, bounds.width - 1), height: bounds.height)
        let w = bounds.width
        var y = 14.0
        titleLabel.frame = Rect(x: 18, y: y, width: w - 36, height: 26); y += 24
        subtitleLabel.frame = Rect(x: 18, y: y, width: w - 36, height: 18); y += 26
        if !pinnedItem.isHidden {
            pinnedItem.frame = Rect(x: 0, y: y, width: w, height: 48); y += 52
        }
        instrumentsHeader.frame = Rect(x: 18, y: y, width: w - 36, height: 16); y += 18
        for item in [inspectorItem, recordItem, auditItem, helpItem] where !item.isHidden {
            // A two-line item (the recording's file name under its title) takes a taller row.
            let height = item.neededHeight(width: w)
            item.frame = Rect(x: 0, y: y, width: w, height: height); y += height
        }
        y += 10
        if !screenHeader.isHidden {
            screenHeader.frame = Rect(x: 18, y: y, width: w - 36, height: 16); y += 17
            if !asWrittenItem.isHidden {
                asWrittenItem.frame = Rect(x: 0, y: y, width: w, height: 32); y += 32
            }
            if !sheetItem.isHidden {
                let height = sheetItem.neededHeight(width: w)
                sheetItem.frame = Rect(x: 0, y: y, width: w, height: height); y += height
            }
            y += 4
        }
        for (platform, header) in platformHeaders {
            header.frame = Rect(x: 18, y: y, width: w - 36, height: 16); y += 17
            for (item, technique) in zip(scenarioItems, Techniques.all) where technique.platform == platform {
                item.frame = Rect(x: 0, y: y, width: w, height: 32); y += 32
            }
            y += 4
        }
        let summaryHeight = Self.height(of: summaryLabel, width: w - 36, fonts: application?.fonts)
        summaryLabel.frame = Rect(x: 18, y: y, width: w - 36, height: summaryHeight)
        y += summaryHeight + 10
        if !optionsHeader.isHidden, let shown {
            optionsHeader.frame = Rect(x: 18, y: y, width: w - 36, height: 16); y += 18
            y = layOut(techniqueOptionItems[shown] ?? [], from: y, width: w)
            y += 8
        }
        generalHeader.frame = Rect(x: 18, y: y, width: w - 36, height: 16); y += 18
        y = layOut(generalOptionItems.filter { !hiddenGeneralOptions.contains($0.key.option) }, from: y, width: w)
        if !resetItem.isHidden {
            y += 6
            let height = resetItem.neededHeight(width: w)
            resetItem.frame = Rect(x: 0, y: y, width: w, height: height); y += height
        }
        content.contentSize = Size(width: w, height: y + 6)
        updateScrollIndicator()
    }

    /// The height `label` needs for its text wrapped to `width`, as `Label` draws it.
    private static func height(of label: Label, width: Double, fonts: FontProvider?) -> Double {
        guard let font = fonts?.font(size: label.fontSize, weight: label.fontWeight) else { return 16 }
        let lines = max(1, TextLayout.wrap(label.text, width: width, font: font).count)
        return Double(lines) * (font.lineHeight * 1.2).rounded() + 2
    }

    /// Sizes the indicator to the part of the content in view, or hides it when all of it is.
    private func updateScrollIndicator() {
        let total = content.contentSize.height, visible = content.bounds.height
        scrollIndicator.isHidden = total <= visible + 0.5 || visible <= 0
        guard !scrollIndicator.isHidden else { return }
        let height = max(24, visible * visible / total)
        let top = (visible - height) * min(1, max(0, content.contentOffset.y / (total - visible)))
        scrollIndicator.frame = Rect(x: bounds.width - 7, y: top + 2, width: 4, height: height - 4)
    }

    /// Lays out option items from `y`: a toggle as a row, a choice as its header, a row of segments and
    /// a line naming the chosen value.
    ///
    /// Returns the height reached.
    private func layOut(_ items: [OptionItem], from start: Double, width w: Double) -> Double {
        var y = start
        var index = 0
        while index < items.count {
            let item = items[index]
            guard item.value != nil else {
                item.item.frame = Rect(x: 0, y: y, width: w, height: 48); y += 48
                index += 1
                // A choice's header after a toggle's subtitle gets the gap a header has after
                // a row of segments, not to read as the subtitle's second line.
                if index < items.count, items[index].value != nil { y += 8 }
                continue
            }
            let segments = items[index...].prefix { $0.key == item.key }
            if let labels = choiceLabels[item.key] {
                labels.header.frame = Rect(x: 18, y: y, width: w - 36, height: 18); y += 20
                // Segments as wide as their titles, in as many rows as they need (a choice of
                // many values wraps), each row sharing what is left over equally.
                let inner = w - 28
                let font = application?.fonts.font(size: 12, weight: .regular)
                let natural = segments.map { (font?.width(of: $0.item.title) ?? 40) + 12 }
                var rows: [[Int]] = [[]]
                var used = 0.0
                for (i, width) in natural.enumerated() {
                    if !rows[rows.count - 1].isEmpty && used + width > inner {
                        rows.append([])
                        used = 0
                    }
                    rows[rows.count - 1].append(i)
                    used += width
                }
                for row in rows {
                    let total = row.reduce(0) { $0 + natural[$1] }
                    let spare = max(0, inner - total) / Double(row.count)
                    var x = 14.0
                    for i in row {
                        let scaled = total > inner ? natural[i] * inner / total : natural[i] + spare
                        segments[segments.startIndex + i].item.frame = Rect(x: x, y: y, width: scaled, height: 30)
                        x += scaled
                    }
                    y += 32
                }
                let height = Self.height(of: labels.caption, width: w - 36, fonts: application?.fonts)
                labels.caption.frame = Rect(x: 18, y: y, width: w - 36, height: height); y += height + 4
            }
            index += segments.count
        }
        return y
    }

    /// Draws the hairline between the chrome and the simulated screen.
    package override func draw(_ rect: Rect, in canvas: Canvas) {
        canvas.fill(Rect(x: bounds.maxX - 1, y: 0, width: 1, height: bounds.height), color: Palette.separator)
    }
}

/// One sidebar item of an option: the option's key, the value it stands for (nil for a
/// toggle's one item) and the item.
@MainActor
package struct OptionItem {
    /// The option this item sets.
    package let key: OptionKey
    /// The choice's value this item picks; nil for a toggle.
    package let value: String?
    /// The row that shows the option and takes the click.
    package let item: ChromeItem
}

/// A thin rounded bar that shows where the sidebar is scrolled; it takes no touches.
@MainActor
final class ScrollIndicator: View {
    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        isHidden = true
    }

    override func draw(_ rect: Rect, in canvas: Canvas) {
        canvas.fillRoundedRect(bounds, radius: bounds.width / 2, color: Palette.secondaryLabel.withAlpha(0.45))
    }
}
