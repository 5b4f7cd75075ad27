import TapawayKit
import TapawayScreen

/// A screen file's content, built as Kit views: the scroll view that fills the screen under the
/// navigation bar (the form every technique plays on), the background behind its elements, and every
/// element of the file as the view of its kind.
///
/// The standard form is the shipped `standard` screen built this way; `--screen FILE` builds any other.
///
/// Each element with an `id` is a view with that identifier: tests, traces and testers name
/// them (`name`, `email`, `submit`, `row-2` on the standard form).
@MainActor
package final class ScreenForm: ScrollView {
    /// The file it was built from.
    package let document: ScreenDocument
    /// The background behind the elements: the content's one frameless container when it has
    /// one (the standard form's `background`), else a view made to hold them; a `Control` in the
    /// background-control technique or when the file declares a control.
    package let background: View
    /// The text inputs, in the file's order.
    package private(set) var inputs: [View] = []
    /// The rows, in the file's order.
    package private(set) var rows: [SuggestionRow] = []
    /// The labels, in the file's order (SwiftUI's `Text` takes hits where UIKit's does not).
    package private(set) var labels: [Label] = []
    /// Told of each row a tap selects (the trace's `select` lines, the recorders' counts).
    package let rowSelectionObservers = ObserverList<SuggestionRow>()
    /// Told of each app action the file's wiring runs (`app:NAME`), with the element that ran it.
    package let appActionObservers = ObserverList<(source: String, action: String)>()
    /// The background's children and stack.
    private var backgroundElements = ElementChildren()
    /// The element each built view came from.
    private var elementsByView: [ObjectIdentifier: ScreenElement] = [:]
    /// Whether the file lets the root scroll.
    private let rootScrolls: Bool

    /// Whether the form behaves as a plain view, not a scroll view: it does not scroll, and the
    /// touches that reach it travel on up the responder chain to the screen's view controller,
    /// as they do through a plain `UIView` (the `touches-began` technique's container option).
    package var isPlainView = false {
        didSet {
            panGestureRecognizer.isEnabled = !isPlainView
            delaysContentTouches = !isPlainView && (document.content.scroll?.delaysContentTouches ?? true)
        }
    }

    /// As a plain view, passes touches up the chain; as a scroll view, keeps them.
    package override func touchesBegan(_ touches: [Touch], with event: Event) {
        if isPlainView { next?.touchesBegan(touches, with: event) }
    }
    /// Passes moved touches on to the next responder when the form is a plain view, as `touchesBegan` does.
    package override func touchesMoved(_ touches: [Touch], with event: Event) {
        if isPlainView { next?.touchesMoved(touches, with: event) }
    }
    /// Passes lifted touches on to the next responder when the form is a plain view, as `touchesBegan` does.
    package override func touchesEnded(_ touches: [Touch], with event: Event) {
        if isPlainView { next?.touchesEnded(touches, with: event) }
    }
    /// Passes cancelled touches on to the next responder when the form is a plain view, as `touchesBegan` does.
    package override func touchesCancelled(_ touches: [Touch], with event: Event) {
        if isPlainView { next?.touchesCancelled(touches, with: event) }
    }

    /// Whether `email`'s delegate keeps it first responder while it holds something that is not an
    /// address (the general option `email-validates`): a field that refuses to resign when asked
    /// (`resignFirstResponder`), though `endEditing(true)` still forces it out.
    ///
    /// A field whose file declares `refusesToResignWithout` refuses whatever this says.
    package var emailValidates = false {
        didSet { applyDelegates() }
    }

    /// The identifiers of the standard form's text inputs.
    package static let inputIdentifiers = ["name", "email", "password", "phone", "notes"]
    /// Space around the standard form's content.
    package static let margin = 20.0

    /// Builds `document`'s content; with `backgroundIsControl` the background is a `Control`.
    package init(document: ScreenDocument, backgroundIsControl: Bool = false) {
        self.document = document
        let root = document.content
        rootScrolls = root.kind.scrolls && (root.scroll?.scrolls ?? true)
        // The background: the root's one frameless container, or one made for the root's children.
        let rootChildren = root.children
        let backgroundElement: ScreenElement
        let elements: [ScreenElement]
        var rootIsForm = false
        if root.kind.scrolls, rootChildren.count == 1, let only = rootChildren.first, only.frame == nil,
            only.kind == .view || only.kind == .control
        {
            backgroundElement = only
            elements = only.children
            rootIsForm = true
        } else {
            var made = ScreenElement(kind: root.kind == .control ? .control : .view)
            made.id = document.element("background") == nil ? "background" : nil
            made.layout = root.layout
            made.actions = root.actions
            made.gestures = root.gestures
            backgroundElement = made
            elements = root.children
        }
        background = backgroundIsControl || backgroundElement.kind == .control ? Control() : View()
        super.init(frame: .zero)
        backgroundColor = Palette.groupedBackground
        background.identifier = backgroundElement.id
        background.backgroundColor = Palette.groupedBackground
        elementsByView[ObjectIdentifier(background)] = backgroundElement
        // The root scroll view is the form itself, with its own wiring; a root whose children
        // needed a background made for them lent that background its wiring instead.
        if rootIsForm { elementsByView[ObjectIdentifier(self)] = root }
        addSubview(background)
        backgroundElements.stack = backgroundElement.layout
        for element in elements {
            let view = build(element)
            background.addSubview(view)
            backgroundElements.children.append((view, element))
        }
        isScrollEnabled = rootScrolls
        isPlainView = !rootScrolls
        if let mode = root.scroll?.keyboardDismissMode { keyboardDismissMode = KeyboardDismissMode(fileValue: mode) }
        applyDelegates()
    }

    /// Puts every switch, slider, segmented control and row back in the state its file gives
    /// (the audit plays each case from the same start).
    package func restoreElementStates() {
        var views: [View] = [background]
        var index = 0
        while index < views.count {
            views.append(contentsOf: views[index].subviews)
            index += 1
        }
        for view in views {
            guard let element = element(for: view) else { continue }
            switch view {
            case let toggle as Switch: toggle.setOn(element.isOn, animated: false)
            case let slider as SliderControl: slider.value = 0.5
            case let segmented as SegmentedControl: segmented.selectedIndex = 0
            case let row as SuggestionRow: row.isSelected = element.isOn
            default: break
            }
        }
    }

    /// The element `view` was built from, if it was built from one.
    package func element(for view: View) -> ScreenElement? { elementsByView[ObjectIdentifier(view)] }

    /// The view built for the element with `id`, if there is one: on the form or in a bar
    /// built from the file.
    package func view(_ id: String) -> View? {
        if let view = background.view(withIdentifier: id) { return view }
        for bar in bars { if let view = bar.view(withIdentifier: id) { return view } }
        return nil
    }

    /// The bars built from the file (`buildBar`), wherever they are shown.
    private var bars: [View] = []

    /// Builds the bar a screen pins to its bottom (a chat's composer); its text inputs are the
    /// bar's (`barInputs`), not the form's.
    package func buildBar(_ element: ScreenElement) -> View {
        let formInputs = inputs
        let bar = build(element)
        barInputs = Array(inputs[formInputs.count...])
        inputs = formInputs
        bar.backgroundColor = Palette.fieldBackground
        bars.append(bar)
        return bar
    }

    /// Builds the buttons of the file's navigation bar (`navigationBar.items`), for the screen
    /// to show at the bar's trailing end.
    package func buildNavigationItems(leading: Bool = false) -> [Button] {
        (leading ? document.navigationLeadingItems : document.navigationItems).compactMap { element in
            guard let button = build(element, inBar: true) as? Button else { return nil }
            bars.append(button)
            return button
        }
    }

    /// Builds what fills the file's sheet, if it has one; its text inputs are the sheet's
    /// (`sheetInputs`), not the form's.
    package func buildSheetContent() -> View? {
        guard let sheet = document.sheet else { return nil }
        let formInputs = inputs
        // An alert's buttons are drawn plain, as an alert's actions are; its card draws the
        // background, rounded all round.
        let content = build(sheet.content, inBar: sheet.style == "alert")
        sheetInputs = Array(inputs[formInputs.count...])
        inputs = formInputs
        content.backgroundColor = sheet.style == "page" ? Palette.groupedBackground : .clear
        bars.append(content)
        return content
    }

    /// The text inputs of the sheet, once it is built.
    package private(set) var sheetInputs: [View] = []

    /// The text inputs of the bottom bar, once it is built.
    package private(set) var barInputs: [View] = []

    // MARK: Building

    /// The view for `element` and everything under it.
    private func build(_ element: ScreenElement, inBar: Bool = false) -> View {
        let view: View
        var children: ElementChildren?
        switch element.kind {
        case .view:
            let container = ElementView()
            container.passesTouchesThrough = element.passThrough
            container.handlesTouches = element.clickable
            view = container
            children = ElementChildren(stack: element.layout)
        case .control:
            view = ElementControl()
            children = ElementChildren(stack: element.layout)
        case .label:
            let label = Label(text: element.text ?? "")
            label.fontSize = element.fontSize ?? 15
            if element.secondary { label.textColor = Palette.secondaryLabel }
            labels.append(label)
            view = label
        case .text:
            let text = PressableText(text: element.text ?? "")
            text.fontSize = element.fontSize ?? 15
            view = text
        case .image:
            view = ImagePlaceholder()
        case .button:
            let button = Button(title: element.text ?? "Button")
            // A bar's items are plain, as bar button items are.
            if inBar { button.style = .plain }
            view = button
        case .switch:
            view = Switch(isOn: element.isOn)
        case .slider:
            view = SliderControl()
        case .segmented:
            view = SegmentedControl(segments: element.segments)
        case .textField, .searchBar:
            let field = TextField(placeholder: element.placeholder ?? (element.kind == .searchBar ? "Search" : ""))
            apply(element.input ?? TextInputTraits(), to: field)
            inputs.append(field)
            view = field
        case .textView:
            let textView = TextView(placeholder: element.placeholder ?? "")
            let traits = element.input ?? TextInputTraits()
            textView.autocapitalizationType = AutocapitalizationType(fileValue: traits.autocapitalization)
            textView.keyboardType = KeyboardType(fileValue: traits.keyboardType)
            textView.returnKeyType = ReturnKeyType(fileValue: traits.returnKey)
            inputs.append(textView)
            view = textView
        case .scrollView, .table:
            let scroll = ElementScrollView()
            let traits = element.scroll ?? ScrollTraits()
            scroll.isScrollEnabled = traits.scrolls
            scroll.declaredContentSize = (traits.contentWidth, traits.contentHeight)
            scroll.alwaysBounceVertical = traits.alwaysBounceVertical
            scroll.delaysContentTouches = traits.delaysContentTouches
            if let mode = traits.keyboardDismissMode { scroll.keyboardDismissMode = KeyboardDismissMode(fileValue: mode) }
            view = scroll
            children = ElementChildren(stack: element.layout ?? (element.kind == .table ? StackLayout() : nil))
        case .row:
            let row = SuggestionRow(title: element.text ?? "", identifier: element.id ?? "")
            row.isSelected = element.isOn
            row.onSelect = { [weak self] row in
                for other in self?.rows ?? [] where other.superview === row.superview { other.isSelected = other === row }
                self?.rowSelectionObservers.notify(row)
            }
            rows.append(row)
            view = row
        case .tabBar, .toolbar:
            let bar = ElementBar()
            bar.backgroundColor = Palette.fieldBackground
            view = bar
            children = ElementChildren(stack: element.layout ?? StackLayout(axis: .horizontal))
        }
        view.identifier = element.id
        view.isHidden = element.hidden
        if let interactive = element.interactive { view.isUserInteractionEnabled = interactive }
        if let control = view as? Control { control.isEnabled = element.enabled }
        elementsByView[ObjectIdentifier(view)] = element
        if var list = children {
            for child in element.children {
                let childView = build(child, inBar: inBar || element.kind == .tabBar || element.kind == .toolbar)
                view.addSubview(childView)
                list.children.append((childView, child))
            }
            (view as? ElementView)?.elements = list
            (view as? ElementControl)?.elements = list
            (view as? ElementScrollView)?.elements = list
            (view as? ElementBar)?.elements = list
        }
        return view
    }

    /// A text field's traits from the file.
    private func apply(_ traits: TextInputTraits, to field: TextField) {
        field.keyboardType = KeyboardType(fileValue: traits.keyboardType)
        field.returnKeyType = ReturnKeyType(fileValue: traits.returnKey)
        field.isSecureTextEntry = traits.secure
        field.autocapitalizationType = AutocapitalizationType(fileValue: traits.autocapitalization)
    }

    /// The delegates' rules for leaving: the file's, and `email`'s with `email-validates`.
    private func applyDelegates() {
        for input in inputs {
            if let textView = input as? TextView, let element = element(for: textView) {
                let required = element.input?.refusesToResignWithout
                textView.shouldEndEditing = required.map { needle in { $0.text.isEmpty || $0.text.contains(needle) } }
                textView.shouldBeginEditing = element.input?.focusable == false ? { _ in false } : nil
                continue
            }
            guard let field = input as? TextField, let element = element(for: field) else { continue }
            let required = element.input?.refusesToResignWithout ?? (emailValidates && element.id == "email" ? "@" : nil)
            field.shouldEndEditing = required.map { needle in { $0.text.isEmpty || $0.text.contains(needle) } }
            field.shouldBeginEditing = element.input?.focusable == false ? { _ in false } : nil
        }
    }

    // MARK: Layout

    /// Stacks the elements at the width available and sizes the content to hold them; the
    /// background fills the content, at least the form's height.
    package override func layoutSubviews() {
        // Rows stacked together draw as one group: rounded ends, separators between. The
        // views built from the file keep their places, so the groups are found once.
        if !rowsGrouped {
            rowsGrouped = true
            groupRows()
        }
        background.frame = Rect(x: 0, y: 0, width: bounds.width, height: bounds.height)
        var contentHeight = backgroundElements.layOut(in: Rect(origin: .zero, size: bounds.size), safeArea: safeAreaInsets)
        // Framed children count too, and a content size the file gives wins.
        for child in backgroundElements.children where child.element.frame != nil && !child.element.hidden {
            contentHeight = max(contentHeight, child.view.frame.maxY)
        }
        let declared = document.content.scroll
        contentHeight = declared?.contentHeight ?? contentHeight
        background.frame = Rect(x: 0, y: 0, width: bounds.width, height: max(contentHeight, bounds.height))
        contentSize = Size(width: declared?.contentWidth ?? bounds.width, height: contentHeight)
        super.layoutSubviews()
    }

    /// Whether the rows' groups were found.
    private var rowsGrouped = false

    /// Rows that follow one another in the same container form a group: the first and the last
    /// have rounded corners, and each but the last a separator.
    private func groupRows() {
        var groups: [[SuggestionRow]] = []
        var previous: View?
        // Each row's place among its container's subviews, each container counted once.
        var places: [ObjectIdentifier: Int] = [:]
        var counted: Set<ObjectIdentifier> = []
        for row in rows {
            guard let container = row.superview, counted.insert(ObjectIdentifier(container)).inserted else { continue }
            for (index, view) in container.subviews.enumerated() { places[ObjectIdentifier(view)] = index }
        }
        for row in rows {
            let follows =
                previous.map {
                    $0.superview === row.superview
                        && places[ObjectIdentifier(row)] == (places[ObjectIdentifier($0)] ?? -2) + 1
                } ?? false
            if follows { groups[groups.count - 1].append(row) } else { groups.append([row]) }
            previous = row
        }
        for group in groups {
            for (i, row) in group.enumerated() {
                row.roundedCorners = (i == 0, i == group.count - 1)
                row.showsSeparator = i < group.count - 1
            }
        }
    }
}

extension KeyboardDismissMode {
    /// The mode a screen file names (`none`, `on-drag`, `interactive`).
    init(fileValue: String) {
        switch fileValue {
        case "on-drag": self = .onDrag
        case "interactive": self = .interactive
        default: self = .none
        }
    }
}

extension KeyboardType {
    /// The keyboard a screen file names.
    init(fileValue: String) {
        switch fileValue {
        case "email": self = .emailAddress
        case "number-pad": self = .numberPad
        case "url": self = .url
        default: self = .default
        }
    }
}

extension ReturnKeyType {
    /// The Return key a screen file names.
    init(fileValue: String) {
        self = ReturnKeyType(rawValue: fileValue) ?? .default
    }
}

extension AutocapitalizationType {
    /// The capitalisation a screen file names.
    init(fileValue: String) {
        switch fileValue {
        case "none": self = .none
        case "words": self = .words
        case "all": self = .allCharacters
        default: self = .sentences
        }
    }
}
