import TapawayScreen

/// An Android layout file, laid out approximately: vertical `LinearLayout`s and scroll views stack
/// their children, horizontal ones share their width, `ConstraintLayout` follows its top-to-bottom
/// chains, other groups overlap their children at the top, and every `wrap_content` takes the
/// platform's usual height for its kind.
///
/// With `--manifest`, the activity's `windowSoftInputMode` becomes the screen's avoidance; with
/// `--dump`, the running app's bounds replace the guesses for every view whose `@+id` the dump names.
struct AndroidLayout {
    let request: ImportRequest
    /// Points per dp (1: a screen's points are Android's dp).
    private var notes: [String] = []
    private var ids = ElementIDs()
    /// The dump's frames by resource id, in points on the screen.
    private var dumpFrames: [String: ElementFrame] = [:]
    private var matched = 0

    /// The screen of the layout `root`.
    static func screen(_ root: XMLElement, request: ImportRequest) throws(ImportFailure) -> ImportResult {
        var layout = AndroidLayout(request: request)
        return try layout.screen(root)
    }

    private init(request: ImportRequest) { self.request = request }

    private mutating func screen(_ root: XMLElement) throws(ImportFailure) -> ImportResult {
        let device = request.device(fitting: 0, android: true)
        let width = device?.width ?? 360
        let top = device?.top ?? 24
        let height = (device?.height ?? 800) - top - 48
        if let dump = request.dump { try readDump(dump, top: top) }
        var content = place(root, x: 0, y: 0, width: width, parentHeight: height, absolute: (0, top)).element
        content.frame = nil
        if !content.kind.scrolls && content.kind != .control { content.kind = .view }
        var screen = ScreenDocument(content: content)
        screen.platform = request.platform ?? .android
        screen.device = device?.id
        screen.name = request.shortName
        screen.navigationBarHidden = true
        var comments = [
            "Imported by tapaway import from \(request.shortName), an Android layout: approximate layout. Sizes are the "
                + "platform's usual ones for wrap_content, dimensions named by resource (@dimen/…) are 16 dp, texts are "
                + "their resource names; the app bar is the layout's own toolbar, if it has one.",
            "Listeners the app sets in code are not in the file: the technique is assumed, and the audit plays every technique.",
        ]
        if let dump = request.dump {
            comments.append(
                "Bounds of \(matched) view\(matched == 1 ? "" : "s") come from the dump \(dump.name), matched by id; the rest are approximate."
            )
        }
        if let manifest = request.manifest {
            let (avoidance, note) = try softInputMode(manifest, contentScrolls: content.kind.scrolls)
            screen.avoidance = avoidance
            comments.append(note)
        } else {
            comments.append(
                "No manifest given (--manifest): the screen avoids the keyboard with the program's choice, not the activity's windowSoftInputMode."
            )
        }
        screen.comments = comments + notes
        return ImportResult(document: screen, warnings: notes, format: "android-layout")
    }

    // MARK: Placing

    /// Places `xml` at `x`, `y` in its parent, `width` wide; returns the element and its height.
    private mutating func place(
        _ xml: XMLElement, x: Double, y: Double, width: Double, parentHeight: Double, absolute: (Double, Double)
    ) -> (element: ScreenElement, height: Double) {
        let short = xml.name.split(separator: ".").last.map(String.init) ?? xml.name
        var element = ScreenElement(kind: .view)
        var elementNotes: [String] = []
        element.source = "\(request.shortName):\(xml.line) \(xml["android:id"] ?? xml.name)"
        let declaredID = xml["android:id"].map { String($0.split(separator: "/").last ?? "") }
        // A TextInputLayout is its EditText, with the layout's id and hint.
        var xml = xml
        var kindName = short
        if short == "TextInputLayout", let field = xml.children.first(where: { Self.isEditText($0.name) }) {
            var merged = field
            merged.attributes += xml.attributes.filter { a in
                ["android:id", "android:hint", "android:visibility"].contains(a.name)
            }
            merged.attributes =
                merged.attributes.filter { $0.name != "android:layout_height" } + [("android:layout_height", "56dp")]
            xml = merged
            kindName = "EditText"
        }
        let kind = Self.kind(kindName, xml)
        element.kind = kind
        element.id = uniqueID(
            declaredID ?? xml["android:id"].map { String($0.split(separator: "/").last ?? "") }, kind: kind, xml: xml)
        if xml["android:visibility"] == "invisible" { element.hidden = true }
        if xml["android:enabled"] == "false" { element.enabled = false }
        if xml["android:clickable"] == "true" && kind == .view { element.clickable = true }
        if xml["android:focusableInTouchMode"] == "true" { element.focusableInTouchMode = true }
        // Only the kinds that show a text take one (a CheckBox's label is the switch's own).
        if [.label, .button, .row].contains(kind) { element.text = xml["android:text"].map(Self.resourceText) }
        if kind.isTextInput {
            element.placeholder = xml["android:hint"].map(Self.resourceText)
            element.text = nil
            element.input = traits(xml)
            if xml["android:focusable"] == "false" { element.input?.focusable = false }
            if kind == .textField && element.placeholder == nil {
                element.placeholder = xml["android:text"].map(Self.resourceText)
            }
        } else if kind == .switch {
            element.isOn = xml["android:checked"] == "true"
        } else if kind.scrolls {
            element.scroll = ScrollTraits()
        }
        // Bounds from the dump, when it names this view: its place and width before its
        // children are placed in it, its height after.
        var x = x
        var y = y
        var width = width
        let dumped = element.id.flatMap { dumpFrames[$0] }
        if let dumped {
            x = dumped.x - absolute.0
            y = dumped.y - absolute.1
            width = dumped.width
            matched += 1
        }
        let padding = Self.padding(xml)
        let innerWidth = max(0, width - padding.left - padding.right)
        let declaredHeight = dimension(xml["android:layout_height"], parent: parentHeight)
        // What it holds.
        var childrenHeight = 0.0
        let children = xml.children.filter { $0.name != "requestFocus" && $0["android:visibility"] != "gone" }
        let gone = xml.children.count - children.count - xml.children.filter { $0.name == "requestFocus" }.count
        if gone > 0 { elementNotes.append("\(gone) view\(gone == 1 ? "" : "s") with visibility gone: left out") }
        if xml.child("requestFocus") != nil { elementNotes.append("<requestFocus/>: it takes the focus when the screen shows") }
        if xml.name == "include" || xml.name == "fragment" || short == "FragmentContainerView" || xml.name == "ViewStub" {
            elementNotes.append(
                "an <\(xml.name)> of \(xml["layout"] ?? xml["android:name"] ?? "another layout"): its views are in another file, not imported"
            )
        }
        let vertical = short == "LinearLayout" && xml["android:orientation"] == "vertical" || kind.scrolls
        let horizontal = short == "LinearLayout" && xml["android:orientation"] != "vertical"
        let innerHeightGuess = (declaredHeight ?? parentHeight) - padding.top - padding.bottom
        if short == "ConstraintLayout" || short == "RelativeLayout" {
            childrenHeight = constraintChildren(
                children, relative: short == "RelativeLayout", into: &element, padding: padding, width: innerWidth,
                height: innerHeightGuess, absolute: absolute,
                offset: (x, y))
        } else if horizontal && !children.isEmpty {
            childrenHeight = row(
                children, into: &element, padding: padding, width: innerWidth, height: innerHeightGuess, absolute: absolute,
                offset: (x, y))
        } else {
            var cursor = padding.top
            for child in children {
                let m = Self.margins(child)
                let childWidth = horizontalSize(child, available: innerWidth - m.left - m.right)
                let childY = vertical ? cursor + m.top : padding.top + m.top
                var placed = place(
                    child, x: padding.left + m.left, y: childY, width: childWidth,
                    parentHeight: max(
                        0, (vertical && !kind.scrolls ? innerHeightGuess - cursor : innerHeightGuess) - m.top - m.bottom),
                    absolute: (absolute.0 + x, absolute.1 + y))
                if !vertical, let gravity = child["android:layout_gravity"], gravity.contains("bottom"), declaredHeight != nil {
                    placed.element.frame?.y = (declaredHeight ?? 0) - padding.bottom - m.bottom - placed.height
                }
                element.children.append(placed.element)
                if vertical {
                    cursor = childY + placed.height + m.bottom
                    childrenHeight = cursor + padding.bottom
                } else {
                    childrenHeight = max(childrenHeight, childY + placed.height + m.bottom + padding.bottom)
                }
            }
        }
        let height =
            kind.scrolls
            ? (declaredHeight ?? parentHeight)
            : declaredHeight ?? (children.isEmpty ? Self.wrapHeight(kind, short, xml) : childrenHeight)
        let frame = ElementFrame(x: x, y: y, width: width, height: dumped?.height ?? height)
        element.frame = frame
        if kind.scrolls && childrenHeight > 0 { element.scroll?.contentHeight = max(childrenHeight, height) }
        element.comments = elementNotes
        return (element, frame.height)
    }

    /// A horizontal `LinearLayout`'s children: fixed and wrapped widths first, weights share the rest.
    private mutating func row(
        _ children: [XMLElement], into element: inout ScreenElement, padding: Insets, width: Double, height: Double,
        absolute: (Double, Double), offset: (Double, Double)
    ) -> Double {
        let weights = children.map { $0["android:layout_weight"].flatMap(Double.init) ?? 0 }
        let fixed = children.enumerated().map { i, child -> Double in
            weights[i] > 0 ? 0 : horizontalSize(child, available: width, wrapGuess: true)
        }
        let margins = children.map(Self.margins)
        let left = max(0, width - fixed.reduce(0, +) - margins.reduce(0) { $0 + $1.left + $1.right })
        let totalWeight = weights.reduce(0, +)
        var cursor = padding.left
        var tallest = 0.0
        for (i, child) in children.enumerated() {
            let w = weights[i] > 0 && totalWeight > 0 ? left * weights[i] / totalWeight : fixed[i]
            let placed = place(
                child, x: cursor + margins[i].left, y: padding.top + margins[i].top, width: w, parentHeight: height,
                absolute: (absolute.0 + offset.0, absolute.1 + offset.1))
            element.children.append(placed.element)
            cursor += margins[i].left + w + margins[i].right
            tallest = max(tallest, margins[i].top + placed.height + margins[i].bottom)
        }
        return padding.top + tallest + padding.bottom
    }

    /// The vertical rules of a child of a `ConstraintLayout` or a `RelativeLayout`: the view
    /// it sits below, and whether it is held to the parent's top or bottom.
    private struct VerticalRules {
        var below: String?
        var top: Bool
        var bottom: Bool
        var centeredHorizontally: Bool

        init(_ child: XMLElement) {
            below = (child["app:layout_constraintTop_toBottomOf"] ?? child["android:layout_below"]).map(AndroidLayout.idName)
            top = child["app:layout_constraintTop_toTopOf"] == "parent" || child["android:layout_alignParentTop"] == "true"
            bottom =
                child["app:layout_constraintBottom_toBottomOf"] == "parent" || child["android:layout_alignParentBottom"] == "true"
            centeredHorizontally =
                child["android:layout_centerHorizontal"] == "true" || child["android:layout_centerInParent"] == "true"
                || (child["app:layout_constraintStart_toStartOf"] == "parent"
                    && child["app:layout_constraintEnd_toEndOf"] == "parent")
        }
    }

    /// A `ConstraintLayout`'s or `RelativeLayout`'s children, top to bottom: each below the view its
    /// `layout_constraintTop_toBottomOf` or `layout_below` names, or at the top when it is held to the
    /// parent's top, or at the bottom when only to its bottom; the others at the top, said so.
    ///
    /// A child centred horizontally is centred.
    private mutating func constraintChildren(
        _ children: [XMLElement], relative: Bool, into element: inout ScreenElement, padding: Insets, width: Double,
        height: Double,
        absolute: (Double, Double), offset: (Double, Double)
    ) -> Double {
        var bottoms: [String: Double] = [:]
        var pending = children
        var bottom = padding.top
        var unanchored = 0
        while !pending.isEmpty {
            // The next child whose anchor is placed (or that has none); else the first left.
            let index =
                pending.firstIndex { child in
                    guard let anchor = VerticalRules(child).below else { return true }
                    return bottoms[anchor] != nil
                } ?? 0
            let child = pending.remove(at: index)
            let rules = VerticalRules(child)
            let m = Self.margins(child)
            var y = padding.top + m.top
            if let anchor = rules.below, let anchorBottom = bottoms[anchor] {
                y = anchorBottom + m.top
            } else if !rules.top && !rules.bottom && !relative {
                // A RelativeLayout's child sits at the top by default; a ConstraintLayout's
                // without a vertical constraint is a mistake Android Studio flags.
                unanchored += 1
            }
            let childWidth = horizontalSize(child, available: width - m.left - m.right, constrained: true)
            let x = rules.centeredHorizontally ? padding.left + max(0, (width - childWidth) / 2) : padding.left + m.left
            var placed = place(
                child, x: x, y: y, width: childWidth, parentHeight: height,
                absolute: (absolute.0 + offset.0, absolute.1 + offset.1))
            if rules.below == nil && !rules.top && rules.bottom {
                placed.element.frame?.y = padding.top + height - m.bottom - placed.height
            }
            let placedBottom = (placed.element.frame?.y ?? y) + placed.height
            if let name = child["android:id"].map(Self.idName) { bottoms[name] = placedBottom + m.bottom }
            bottom = max(bottom, placedBottom + m.bottom)
            element.children.append(placed.element)
        }
        if unanchored > 0 {
            notes.append(
                "\(unanchored) view\(unanchored == 1 ? "" : "s") of a ConstraintLayout with no vertical constraint: placed at "
                    + "its top")
        }
        return bottom + padding.bottom
    }

    // MARK: Sizes

    struct Insets {
        var top = 0.0
        var left = 0.0
        var bottom = 0.0
        var right = 0.0
    }

    /// A dimension in dp: `NNdp`, `NNsp`, `NNpx` (at the density), `match_parent` (the parent's),
    /// `wrap_content` and `0dp` (nil: the caller's guess), `@dimen/…` and `?attr/…` (16 dp, or
    /// the action bar's 56).
    private func dimension(_ text: String?, parent: Double) -> Double? {
        guard let text else { return nil }
        switch text {
        case "match_parent", "fill_parent": return parent
        case "wrap_content", "0dp", "0dip", "0px": return nil
        case "?attr/actionBarSize", "?android:attr/actionBarSize": return 56
        default: break
        }
        if text.hasPrefix("@") || text.hasPrefix("?") { return 16 }
        for (suffix, factor) in [("dip", 1.0), ("dp", 1.0), ("sp", 1.0), ("px", 1 / (request.density ?? 2.75))] {
            if text.hasSuffix(suffix), let value = Double(text.dropLast(suffix.count)), value.isFinite, abs(value) <= 10_000 {
                return value * factor
            }
        }
        return nil
    }

    /// A child's width: its declared size, the parent's for match_parent (and for a constrained
    /// 0dp), a guess for wrap_content.
    private func horizontalSize(
        _ child: XMLElement, available: Double, wrapGuess: Bool = false, constrained: Bool = false
    )
        -> Double
    {
        let text = child["android:layout_width"]
        if let value = dimension(text, parent: available) { return min(value, max(0, available)) }
        if text == "0dp" && constrained { return max(0, available) }
        guard wrapGuess || text == "wrap_content" else { return max(0, available) }
        let short = child.name.split(separator: ".").last.map(String.init) ?? child.name
        let characters = Double(child["android:text"].map(Self.resourceText)?.count ?? 0)
        switch short {
        case _ where short.hasSuffix("Button"): return min(available, max(88, characters * 9 + 32))
        case "TextView": return min(available, max(24, characters * 8))
        default: return min(available, 48)
        }
    }

    /// The usual height of a view with `wrap_content` and nothing inside.
    private static func wrapHeight(_ kind: ElementKind, _ short: String, _ xml: XMLElement) -> Double {
        switch kind {
        case .textField, .searchBar: return 48
        case .textView: return 96
        case .button, .switch, .slider: return 48
        case .label:
            return 20 * Double(max(1, min(xml["android:maxLines"].flatMap(Int.init) ?? 1, 3)))
        case .image: return 48
        default: return short.contains("Progress") ? 4 : 0
        }
    }

    private static func padding(_ xml: XMLElement) -> Insets { insets(xml, "android:padding") }

    private static func margins(_ xml: XMLElement) -> Insets { insets(xml, "android:layout_margin") }

    /// A padding (`android:padding…`) or margins (`android:layout_margin…`): each side's own
    /// attribute, else its axis's (`…Horizontal`, `…Vertical`), else the one for all sides;
    /// `…Start` before `…Left` and `…End` before `…Right`.
    private static func insets(_ xml: XMLElement, _ prefix: String) -> Insets {
        let all = xml[prefix].flatMap(dp) ?? 0
        let horizontal = xml[prefix + "Horizontal"].flatMap(dp) ?? all
        let vertical = xml[prefix + "Vertical"].flatMap(dp) ?? all
        var insets = Insets()
        insets.top = xml[prefix + "Top"].flatMap(dp) ?? vertical
        insets.bottom = xml[prefix + "Bottom"].flatMap(dp) ?? vertical
        insets.left = (xml[prefix + "Start"] ?? xml[prefix + "Left"]).flatMap(dp) ?? horizontal
        insets.right = (xml[prefix + "End"] ?? xml[prefix + "Right"]).flatMap(dp) ?? horizontal
        return insets
    }

    /// A padding or margin in dp; a resource (`@dimen/…`) is 16.
    private static func dp(_ text: String) -> Double? {
        if text == "?attr/actionBarSize" || text == "?android:attr/actionBarSize" { return 56 }
        if text.hasPrefix("@") || text.hasPrefix("?") { return 16 }
        for suffix in ["dip", "dp", "sp", "px"] where text.hasSuffix(suffix) {
            if let value = Double(text.dropLast(suffix.count)), value.isFinite, abs(value) <= 10_000 { return value }
        }
        return nil
    }

    // MARK: Kinds

    private static func isEditText(_ name: String) -> Bool {
        let short = name.split(separator: ".").last.map(String.init) ?? name
        return short.hasSuffix("EditText") || short.hasSuffix("AutoCompleteTextView")
    }

    private static func kind(_ short: String, _ xml: XMLElement) -> ElementKind {
        if isEditText(short) || short == "EditText" {
            return (xml["android:inputType"] ?? "").contains("textMultiLine") ? .textView : .textField
        }
        switch short {
        case "SearchView": return .searchBar
        case _ where short.hasSuffix("Button") || short == "Spinner": return .button
        case "CheckBox", "RadioButton", "Switch", "SwitchCompat", "SwitchMaterial", "MaterialSwitch", "ToggleButton":
            return .switch
        case "SeekBar", "Slider", "RatingBar": return .slider
        case "TextView", "MaterialTextView", "AppCompatTextView":
            return xml["android:clickable"] == "true" ? .button : .label
        case "ImageView", "AppCompatImageView", "ShapeableImageView":
            return xml["android:clickable"] == "true" ? .button : .image
        case "ScrollView", "NestedScrollView", "HorizontalScrollView": return .scrollView
        case "RecyclerView", "ListView", "GridView": return .table
        case "MaterialToolbar", "Toolbar": return .toolbar
        case "BottomNavigationView": return .tabBar
        default: return .view
        }
    }

    private func traits(_ xml: XMLElement) -> TextInputTraits {
        var t = TextInputTraits()
        let input = xml["android:inputType"] ?? ""
        if input.contains("Password") && !input.contains("VisiblePassword") { t.secure = true }
        if input.contains("textEmailAddress") { t.keyboardType = "email" }
        if input.contains("number") || input.contains("phone") { t.keyboardType = "number-pad" }
        if input.contains("textUri") { t.keyboardType = "url" }
        if input.contains("textCapWords") { t.autocapitalization = "words" }
        if input.contains("textCapCharacters") { t.autocapitalization = "all" }
        if !input.isEmpty && !input.contains("textCap") { t.autocapitalization = "none" }
        let ime = xml["android:imeOptions"] ?? ""
        for (option, key) in [
            ("actionNext", "next"), ("actionDone", "done"), ("actionGo", "go"), ("actionSearch", "search"),
            ("actionSend", "send"),
        ]
        where ime.contains(option) {
            t.returnKey = key
            if key == "next" { t.returnAction = "next" }
        }
        return t
    }

    /// `@string/login_username_hint` as "login username hint": the strings file is not read.
    static func resourceText(_ text: String) -> String {
        guard text.hasPrefix("@") else { return text }
        let name = text.split(separator: "/").last.map(String.init) ?? text
        return name.replacingUnderscores
    }

    static func idName(_ reference: String) -> String { reference.split(separator: "/").last.map(String.init) ?? reference }

    /// The id of a view: its `@+id`, else its kind's for a control (a plain view or a label
    /// takes none: the audit taps it as the background it is).
    private mutating func uniqueID(_ declared: String?, kind: ElementKind, xml: XMLElement) -> String? {
        guard let base = declared ?? (kind == .view || kind == .label ? nil : kind.rawValue),
            !ElementIDs.slug(base).isEmpty
        else { return nil }
        return ids.make(ElementIDs.slug(base))
    }

    // MARK: The manifest and the dump

    /// The avoidance the activity's `windowSoftInputMode` stands for, and a comment saying where
    /// it came from.
    private func softInputMode(
        _ manifest: (name: String, bytes: [UInt8]), contentScrolls: Bool
    ) throws(ImportFailure)
        -> (String?, String)
    {
        let root: XMLElement
        do { root = try XMLTree.read(manifest.bytes) } catch {
            throw ImportFailure(line: error.line, "\(manifest.name): \(error.message)")
        }
        guard root.name == "manifest" else {
            throw ImportFailure(line: root.line, "\(manifest.name) is not an Android manifest (its root is <\(root.name)>)")
        }
        var activities: [XMLElement] = []
        root.forEachDescendant { if $0.name == "activity" || $0.name == "activity-alias" { activities.append($0) } }
        // The activity asked for, or the one the layout's name implies (activity_login.xml:
        // LoginActivity), as Android's naming convention has it.
        let wanted: String
        var guessed = false
        if let activity = request.activity {
            wanted = activity
        } else {
            let stem = request.shortName.split(separator: ".").first.map(String.init) ?? ""
            let words = stem.split(separator: "_").dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }
            wanted = words.joined() + "Activity"
            guessed = true
        }
        let name = { (a: XMLElement) in a["android:name"] ?? "" }
        guard let activity = activities.first(where: { name($0) == wanted || name($0).hasSuffix("." + wanted) }) else {
            let message =
                "\(manifest.name) has no activity \(wanted)\(guessed ? " (the name the layout's implies)" : ""): give --activity"
            if guessed { return (nil, "No avoidance read from the manifest: " + message + ".") }
            throw ImportFailure(line: root.line, message, needsChoice: true)
        }
        guard let mode = activity["android:windowSoftInputMode"] else {
            return (
                ScreenReader.avoidance(forSoftInputAdjust: "adjustUnspecified", contentScrolls: contentScrolls),
                "\(name(activity)) (\(manifest.name):\(activity.line)) declares no windowSoftInputMode: Android's default, adjustUnspecified."
            )
        }
        let adjust = mode.split(separator: "|").map(String.init).first { $0.hasPrefix("adjust") } ?? "adjustUnspecified"
        guard ["adjustUnspecified", "adjustResize", "adjustPan", "adjustNothing"].contains(adjust) else {
            throw ImportFailure(
                line: activity.line, "\(manifest.name): windowSoftInputMode '\(mode)' has an unknown adjust value")
        }
        return (
            ScreenReader.avoidance(forSoftInputAdjust: adjust, contentScrolls: contentScrolls),
            "windowSoftInputMode \(mode) from \(name(activity)) (\(manifest.name):\(activity.line))"
                + (guessed ? ", the activity the layout's name implies." : ".")
        )
    }

    /// Reads the dump's frames by resource id, in points on the screen.
    private mutating func readDump(_ dump: (name: String, bytes: [UInt8]), top: Double) throws(ImportFailure) {
        let root: XMLElement
        do { root = try XMLTree.read(dump.bytes) } catch {
            throw ImportFailure(line: error.line, "\(dump.name): \(error.message)")
        }
        guard root.name == "hierarchy" else {
            throw ImportFailure(line: root.line, "\(dump.name) is not a UI Automator or Appium dump (its root is <\(root.name)>)")
        }
        var subrequest = request
        subrequest.fileName = dump.name
        let result = try AndroidDump.screen(root, request: subrequest)
        func walk(_ element: ScreenElement, x: Double, y: Double) {
            let f = element.frame ?? ElementFrame(x: 0, y: 0, width: 0, height: 0)
            let absolute = ElementFrame(x: x + f.x, y: y + f.y, width: f.width, height: f.height)
            if let id = element.id, element.frame != nil, dumpFrames[id] == nil { dumpFrames[id] = absolute }
            for child in element.children { walk(child, x: absolute.x, y: absolute.y) }
        }
        walk(result.document.content, x: 0, y: top)
    }
}

extension String {
    /// The text with underscores as spaces.
    var replacingUnderscores: String { String(map { $0 == "_" ? " " : $0 }) }
}
