import TapawayHeadless
import TapawayKit
import TapawayScreen

/// `tapaway matrix`: the built-in cases, each played under every technique on the headless
/// platform, and what happened, as a short code per cell and in words.
@MainActor
package enum DismissalMatrix {
    /// One case of the matrix: what is focused first and what the tester does.
    package struct Case: Sendable {
        /// The case's number, its column in the table.
        package let number: Int
        /// What the tester does, in words.
        package let title: String
        /// The input focused before the step (by tapping it), if any.
        package let focus: String?
        /// Text typed into the focused input before the step, if any.
        package let typed: String?
        /// The step.
        package let step: Step
        /// Whether `email` refuses to resign while its text is not an address (the general
        /// option `email-validates`).
        package var emailValidates = false
        /// The action that says the tapped target acted (`home select`), for a case whose target
        /// the matrix's own cases do not name (the audit's); its code then gains ✓ or ✗.
        package var acting: String?
    }

    /// What the tester does in a case.
    package enum Step: Sendable {
        /// A tap on the background where nothing else is.
        case tapBackground
        /// A tap on the view with this identifier.
        case tap(String)
        /// Taps on these keypad keys.
        case keys([String])
        /// Taps on these keypad keys, then a tap on the background.
        case keysThenBackground([String])
        /// A finger held on the view while another taps the background.
        case holdAndTapBackground(String)
        /// A drag 60 px up that starts on the background.
        case dragBackground
        /// A drag 60 px up that starts on the view with this identifier.
        case drag(String)
        /// A tap at a point the audit found, in the coordinates of the form's background (its
        /// content), so that it follows the form wherever scrolling or avoidance takes it.
        case tapAt(Point)
        /// A finger held 0.8 s on the view with this identifier, then lifted.
        case longPress(String)
        /// A tap at a point in the coordinates of the view with this identifier (a sheet's
        /// card, its dim), so that it follows that view wherever it is.
        case tapIn(String, Point)
    }

    /// The cases: the first version's thirteen, then a field that refuses to resign, the
    /// keyboard toolbar's Done, and a drag that starts on a field.
    package static let cases: [Case] = [
        Case(number: 1, title: "Nothing focused, tap the background", focus: nil, typed: nil, step: .tapBackground),
        Case(number: 2, title: "`name` focused, tap the background", focus: "name", typed: nil, step: .tapBackground),
        Case(number: 3, title: "`name` focused, tap inside `name`", focus: "name", typed: nil, step: .tap("name")),
        Case(number: 4, title: "`name` focused, tap `email`", focus: "name", typed: nil, step: .tap("email")),
        Case(number: 5, title: "`name` focused, tap Submit", focus: "name", typed: nil, step: .tap("submit")),
        Case(number: 6, title: "`name` focused, tap the caption label", focus: "name", typed: nil, step: .tap("caption")),
        Case(
            number: 7, title: "`name` focused, tap keypad keys h, i", focus: "name", typed: nil, step: .keys(["key-h", "key-i"])),
        Case(
            number: 8, title: "A finger held on `name`, a tap on the background", focus: "name", typed: nil,
            step: .holdAndTapBackground("name")),
        Case(
            number: 9, title: "`notes` focused, Return, then tap the background", focus: "notes", typed: nil,
            step: .keysThenBackground(["key-return"])),
        Case(number: 10, title: "`name` focused, tap the switch", focus: "name", typed: nil, step: .tap("subscribe")),
        Case(number: 11, title: "`name` focused, drag on the background", focus: "name", typed: nil, step: .dragBackground),
        Case(number: 12, title: "`name` focused, tap suggestion `row-2`", focus: "name", typed: nil, step: .tap("row-2")),
        Case(number: 13, title: "`name` focused, tap the navigation bar", focus: "name", typed: nil, step: .tap("navbar")),
        Case(
            number: 14, title: "`email` holds “ab”, which its delegate refuses to let go, tap the background", focus: "email",
            typed: "ab", step: .tapBackground, emailValidates: true),
        Case(
            number: 15, title: "`name` focused, tap Done on the keyboard's toolbar", focus: "name", typed: nil,
            step: .tap("toolbar-done")),
        Case(number: 16, title: "`name` focused, a drag that starts on `email`", focus: "name", typed: nil, step: .drag("email")),
    ]

    /// The codes of the cells and what each means, in the order the legend lists them.
    package static let legend: [(String, String)] = [
        ("–", "nothing focused, nothing happens"),
        ("R↓", "resigns at touch-down: focus goes and the keypad hides"),
        ("R↑", "resigns when the finger lifts (or the tap is recognised)"),
        ("R→", "resigns during the drag"),
        ("R↺", "resigns, then the held finger's lift focuses the field again: the keypad hides and shows"),
        ("H", "the keypad hides and the field keeps its focus"),
        ("K", "focus and keypad stay"),
        ("M", "focus moves to the other field in one step; the keypad stays up"),
        ("M~", "focus moves, and the keypad hides and shows again (willHide, then willShow)"),
        ("✓", "the tapped control or row acts (fires, flips, selects)"),
        ("✗", "the tapped control or row does not act: its tap was taken"),
        ("T", "the keypad's keys type"),
        ("⏎", "Return adds a line first"),
        ("n/a", "the technique has no such thing (a toolbar)"),
    ]

    /// The outcome of one case under one technique.
    package struct Cell: Sendable {
        /// The case's number.
        package let number: Int
        /// The short code (`R↓ ✓`).
        package let code: String
        /// What happened, in a few words.
        package let words: String
        /// What the headless run recorded.
        package let outcome: SessionOutcome
        /// The input focused before the step.
        package let focusedBefore: String?
    }

    /// Plays `matrixCase` under `technique` in a session of its own (on `document`, or the
    /// shipped screens) and describes what happened.
    package static func run(
        _ matrixCase: Case, in technique: TechniqueID, options: [OptionAssignment] = [], document: ScreenDocument? = nil
    ) -> Cell {
        let session = HeadlessSession(technique: technique, document: document)
        for option in options { session.app.setOption(option.key, to: option.value) }
        return play(matrixCase, in: session)
    }

    /// Plays `matrixCase` in `session` as it stands (the audit plays many cases in one
    /// session, putting it back at rest between them) and describes what happened.
    package static func play(_ matrixCase: Case, in session: HeadlessSession) -> Cell {
        if matrixCase.emailValidates { session.app.setOption(OptionKey(nil, ValidationOption.emailValidates.id), to: "on") }
        let p = session.platform
        func view(_ id: String) -> View? {
            session.app.window.view(withIdentifier: id) ?? p.application.keyboard.window.view(withIdentifier: id)
        }
        // On a small device, turned, or with the keypad up, a case's target may be off the
        // screen or under the keypad: the form is scrolled to show it first, as a tester would,
        // by setting its offset (no drag a technique could take for a dismissal).
        func reveal(_ rect: Rect) {
            Self.reveal(rect, in: session)
            p.settle()
        }
        if let focus = matrixCase.focus, let field = view(focus) {
            reveal(field.frameInScreen)
            p.tap(field)
            p.settle()
            // A field a tap cannot focus (a recognizer over it takes the tap) is focused as the
            // Next key or the app would, so that the step still starts from it; the audit says
            // that the tap does not focus it.
            if p.application.firstResponder !== field {
                session.app.focus(focus)
                p.settle()
            }
            if let typed = matrixCase.typed {
                p.type(typed)
                p.settle()
            }
        }
        var missing = false
        func hasKey(_ id: String) -> Bool { p.application.keyboard.window.view(withIdentifier: id).map(isShown) ?? false }
        // What the step touches on the form, each revealed in turn; a step whose points cannot
        // all show at once (a held finger and the background on a short screen) is out of reach.
        for (point, onForm) in Self.formPoints(of: matrixCase, in: session, view) where onForm {
            reveal(Rect(x: point.x, y: point.y - 2, width: 1, height: 4))
        }
        let area = Self.visibleArea(of: session)
        let outOfReach = !Self.formPoints(of: matrixCase, in: session, view).allSatisfy { point, onForm in
            onForm ? area.contains(point) : Self.reachableOffForm(point, in: session)
        }
        let focusedBefore = (p.application.firstResponder as? View)?.traceName
        session.resetOutcome()
        switch matrixCase.step {
        case .tapBackground:
            p.tap(at: session.backgroundPoint)
        case .tap(let id):
            if let v = view(id), Self.isShown(v) {
                // The navigation bar's centre is its title; other views by their centre.
                p.tap(at: id == "navbar" ? Point(x: v.frameInScreen.midX, y: v.frameInScreen.midY) : p.center(of: v))
            } else {
                missing = true
            }
        case .keys(let ids):
            // A keyboard without the key (a number pad has no Return) has no such thing here.
            if ids.allSatisfy(hasKey) { for id in ids { p.tapKey(id) } } else { missing = true }
        case .keysThenBackground(let ids):
            if ids.allSatisfy(hasKey) {
                for id in ids { p.tapKey(id) }
                p.tap(at: session.backgroundPoint)
            } else {
                missing = true
            }
        case .holdAndTapBackground(let id):
            if let v = view(id) {
                let held = p.touchDown(at: p.center(of: v))
                p.tap(at: session.backgroundPoint)
                p.touchUp(held, at: p.center(of: v))
            }
        case .dragBackground:
            drag(p, from: session.backgroundPoint)
        case .drag(let id):
            if let v = view(id) { drag(p, from: p.center(of: v)) }
        case .tapAt(let point):
            p.tap(at: Self.current(point, in: session))
        case .tapIn(let id, let point):
            if let v = view(id), Self.isShown(v) { p.tap(at: Self.screenPoint(point, in: v)) } else { missing = true }
        case .longPress(let id):
            if let v = view(id), Self.isShown(v) {
                let held = p.touchDown(at: p.center(of: v))
                p.advance(by: 0.8)
                p.touchUp(held, at: p.center(of: v))
            } else {
                missing = true
            }
        }
        let outcome = session.finish()
        if outOfReach {
            return Cell(
                number: matrixCase.number, code: "n/a", words: "out of reach: under the keypad or off this screen",
                outcome: outcome, focusedBefore: focusedBefore)
        }
        if missing {
            return Cell(
                number: matrixCase.number, code: "n/a", words: "no such thing here", outcome: outcome,
                focusedBefore: focusedBefore)
        }
        return Cell(
            number: matrixCase.number, code: code(outcome, focusedBefore: focusedBefore, matrixCase: matrixCase),
            words: describe(outcome, focusedBefore: focusedBefore, matrixCase: matrixCase), outcome: outcome,
            focusedBefore: focusedBefore)
    }

    /// A point on the form's background that no other view covers: where the screen file's
    /// `backgroundTap` says (below Submit, at the margin, on the standard form), else a point
    /// the background sampler finds.
    @MainActor
    package static func backgroundPoint(in app: TapawayApp) -> Point {
        let form = app.form
        if let probe = form.document.backgroundTap, let anchor = form.view(probe.below) {
            let frame = anchor.frameInScreen
            return Point(x: frame.minX + probe.dx, y: frame.maxY + probe.dy)
        }
        return BackgroundSampler.point(in: form) ?? form.background.frameInScreen.origin.offsetBy(dx: 4, dy: 4)
    }

    /// The points of the screen that the step of `matrixCase` touches, where they are now, each
    /// with whether it is on the form (the form scrolls to show it) or off it, in the screen's
    /// bars (the bottom bar, the navigation bar's items). The navigation bar's title and the
    /// keypad's keys are not counted.
    @MainActor
    static func formPoints(
        of matrixCase: Case, in session: HeadlessSession, _ view: (String) -> View?
    ) -> [(point: Point, onForm: Bool)] {
        let p = session.platform
        let form = session.app.form
        func touched(_ v: View) -> (point: Point, onForm: Bool) { (p.center(of: v), v.isDescendant(of: form)) }
        switch matrixCase.step {
        case .tapBackground, .keysThenBackground, .dragBackground: return [(session.backgroundPoint, true)]
        case .tap(let id), .drag(let id), .longPress(let id):
            guard let v = view(id), v.window === session.app.window, v.identifier != "navbar" else { return [] }
            return [touched(v)]
        case .tapAt(let point): return [(current(point, in: session), true)]
        case .tapIn(let id, let point):
            guard let v = view(id) else { return [] }
            return [(Self.screenPoint(point, in: v), v.isDescendant(of: session.app.form))]
        case .holdAndTapBackground(let id):
            return view(id).map { [touched($0), (session.backgroundPoint, true)] } ?? []
        case .keys: return []
        }
    }

    /// Where `point`, in `view`'s coordinates, is on the screen.
    @MainActor
    static func screenPoint(_ point: Point, in view: View) -> Point {
        let frame = view.frameInScreen
        return Point(x: frame.minX + point.x - view.boundsOrigin.x, y: frame.minY + point.y - view.boundsOrigin.y)
    }

    /// Whether a finger can reach `point`, off the form: on the device's screen, below the
    /// status bar and above the keypad when it shows (a bottom bar the keypad covers is out of
    /// reach; one the screen's avoidance lifts above it is not).
    @MainActor
    static func reachableOffForm(_ point: Point, in session: HeadlessSession) -> Bool {
        let application = session.platform.application
        let device = application.deviceFrame
        let keyboard = application.keyboard
        let bottom = keyboard.isVisible ? min(device.maxY, keyboard.shownFrame.minY) : device.maxY
        return device.contains(point) && point.y >= device.minY + application.safeAreaInsets.top && point.y < bottom
    }

    /// Where `point`, in the form's background's coordinates, is on the screen now.
    @MainActor
    static func current(_ point: Point, in session: HeadlessSession) -> Point { current(point, in: session.app) }

    /// Where `point`, in the form's background's coordinates, is on the screen of `app` now.
    @MainActor
    static func current(_ point: Point, in app: TapawayApp) -> Point {
        let origin = app.form.background.frameInScreen.origin
        return Point(x: origin.x + point.x, y: origin.y + point.y)
    }

    /// The part of the form a finger can reach, in screen coordinates: the form's frame on the
    /// device, above the keypad (or the bottom of the safe area).
    @MainActor
    static func visibleArea(of session: HeadlessSession) -> Rect {
        let application = session.platform.application
        let frame = session.app.form.frameInScreen.intersection(application.deviceFrame)
        let keyboard = application.keyboard
        let deviceBottom = application.deviceFrame.maxY - application.safeAreaInsets.bottom
        let bottom = min(frame.maxY, keyboard.isVisible ? keyboard.shownFrame.minY : deviceBottom)
        return Rect(x: frame.minX, y: frame.minY, width: frame.width, height: max(0, bottom - frame.minY))
    }

    /// Scrolls the form of `session`, without animation, so that `rect` (screen coordinates)
    /// shows 12 points inside the area a finger can reach (`visibleArea`), within the form's
    /// scrolling range; a target already in reach stays where it is.
    @MainActor
    static func reveal(_ rect: Rect, in session: HeadlessSession) {
        let form = session.app.form
        let area = visibleArea(of: session)
        // A target a finger can already reach is left where it is: scrolling moves the form.
        guard rect.minY < area.minY || rect.maxY > area.maxY else { return }
        let bottom = area.maxY - 12, top = area.minY + 12
        var dy = 0.0
        if rect.maxY > bottom { dy = rect.maxY - bottom }
        if rect.minY - dy < top { dy = rect.minY - top }
        guard abs(dy) > 0.5 else { return }
        form.setContentOffset(Point(x: form.contentOffset.x, y: form.contentOffset.y + dy), animated: false)
    }

    /// Whether `view` and every ancestor are shown, in a window that is.
    package static func isShown(_ view: View) -> Bool {
        var current: View? = view
        while let v = current {
            if v.isHidden { return false }
            current = v.superview
        }
        return view.window.map { !$0.isHidden } ?? false
    }

    private static func drag(_ p: HeadlessPlatform, from start: Point) {
        let id = p.touchDown(at: start)
        for step in 1...6 { p.touchMove(id, to: start.offsetBy(dx: 0, dy: Double(-10 * step))) }
        p.touchUp(id, at: start.offsetBy(dx: 0, dy: -60))
    }

    // MARK: Codes and words

    /// When a change happened: at touch-down, at the lift, during a drag.
    private static func timing(_ phase: TouchPhase?) -> String {
        switch phase {
        case .began?: return "↓"
        case .moved?: return "→"
        default: return "↑"
        }
    }

    /// The target a case taps, and the action that says it acted.
    private static func target(of matrixCase: Case) -> (id: String, action: String)? {
        guard case .tap(let id) = matrixCase.step else { return nil }
        if let acting = matrixCase.acting { return (id, acting) }
        switch id {
        case "submit": return (id, "submit touchUpInside")
        case "subscribe": return (id, "subscribe valueChanged")
        case let row where row.hasPrefix("row-"): return (id, "\(row) select")
        default: return nil
        }
    }

    /// The cell's code, from what the run recorded.
    static func code(_ o: SessionOutcome, focusedBefore: String?, matrixCase: Case) -> String {
        var parts: [String] = []
        if case .keysThenBackground = matrixCase.step { parts.append("⏎") }
        let lostAt = zip(o.focusChanges, o.focusPhases).first { $0.0 == nil }?.1
        let resigned = o.focusChanges.contains { $0 == nil }
        switch (focusedBefore, o.finalFocus) {
        case (nil, nil): parts.append(o.focusChanges.isEmpty ? "–" : "K")
        case (_?, nil): parts.append("R" + timing(lostAt ?? nil))
        case (let before?, let after?) where before == after:
            if resigned && o.keypadUpAtEnd == false {
                // Focus went and came back with the keypad left down (Android's clearFocus
                // handing focus back below API 28): what a person sees is the keypad hidden.
                parts.append("H")
            } else if resigned {
                parts.append("R↺")
            } else if o.keypadHides > 0 && o.keypadShows == 0 {
                parts.append("H")
            } else if case .keys = matrixCase.step {
                parts.append("T")
            } else {
                parts.append("K")
            }
        case (_, _?):
            parts.append(o.keypadHides > 0 && o.keypadShows > 0 ? "M~" : "M")
        }
        if let target = target(of: matrixCase) { parts.append(o.actions[target.action] == nil ? "✗" : "✓") }
        return parts.joined(separator: " ")
    }

    /// Controls whose touch-up-inside says nothing the other words don't (fields focus, the switch
    /// flips, the background control resigns).
    private static let quietControls: Set<String> = ["name", "email", "password", "phone", "subscribe", "background"]

    /// What happened, in a few words.
    static func describe(_ o: SessionOutcome, focusedBefore: String?, matrixCase: Case) -> String {
        var parts: [String] = []
        let resigned = o.focusChanges.contains(where: { $0 == nil })
        switch (focusedBefore, o.finalFocus) {
        case (nil, nil): parts.append("nothing changes")
        case (let before?, nil): parts.append("`\(before)` resigns")
        case (let before?, let after?) where before == after:
            parts.append(resigned ? "resigns, then `\(after)` takes focus again" : "stays focused")
        case (_, let after?): parts.append("focus moves to `\(after)`")
        }
        if o.keypadHides > 0 && o.keypadShows > 0 && o.keypadUpAtEnd == false {
            parts.append("the keypad ends hidden")
        } else if o.keypadHides > 0 && o.keypadShows > 0 {
            parts.append("the keypad hides and shows")
        } else if o.keypadHides > 0 && o.finalFocus != nil {
            parts.append("the keypad hides")
        } else if o.keypadHides == 0 && focusedBefore != nil && o.finalFocus != nil {
            parts.append("keypad stays up")
        }
        for (key, count) in o.actions.sorted(by: { $0.key < $1.key }) {
            let pieces = key.split(separator: " ")
            guard pieces.count == 2 else { continue }
            switch pieces[1] {
            case "touchUpInside" where !quietControls.contains(String(pieces[0])) && !pieces[0].hasPrefix("toolbar"):
                parts.append("`\(pieces[0])` fires \(count)×")
            case "valueChanged": parts.append("the switch flips")
            case "select": parts.append("`\(pieces[0])` selects")
            default: break
            }
        }
        if let target = target(of: matrixCase), o.actions[target.action] == nil {
            switch target.id {
            case "submit": parts.append("**`submit` does not fire**")
            case "subscribe": parts.append("**the switch does not flip**")
            default: parts.append("**`\(target.id)` does not select**")
            }
        }
        if case .keys = matrixCase.step, let field = matrixCase.focus, let text = o.texts[field], !text.isEmpty {
            parts.append("types “\(text.replacingNewlines())”")
        }
        if case .keysThenBackground = matrixCase.step, let field = matrixCase.focus, let text = o.texts[field], !text.isEmpty {
            parts.append("types “\(text.replacingNewlines())”")
        }
        return parts.joined(separator: "; ")
    }

    // MARK: Output

    /// Every cell: one row per technique (`ids`), one cell per case.
    package static func cells(
        for ids: [TechniqueID] = TechniqueID.allCases,
        options: [OptionAssignment] = []
    ) -> [(TechniqueID, [Cell])] {
        ids.map { id in
            (id, cases.map { run($0, in: id, options: options.filter { $0.key.technique == nil || $0.key.technique == id }) })
        }
    }

    /// What a table was played with: the device, how it was held, and the options set, so that
    /// a table pasted elsewhere keeps its context.
    package struct Context: Sendable, Equatable {
        /// The device's id (`iphone-15`).
        package let deviceID: String
        /// The device's name (`iPhone 15`).
        package let deviceName: String
        /// How it was held.
        package let orientation: DeviceOrientation
        /// The options set other than the device and orientation, as `--set` takes them.
        package let options: [OptionAssignment]

        /// The context of a table played with `options` (the device and orientation among
        /// them, or the defaults).
        package init(options: [OptionAssignment] = []) {
            let general = { (id: String) in options.last { $0.key.technique == nil && $0.key.option == id }?.value }
            let device =
                general(DeviceOption.device.id).flatMap(DeviceProfile.device) ?? DeviceProfile.device(DeviceProfile.defaultID)
            deviceID = device?.id ?? DeviceProfile.defaultID
            deviceName = device?.name ?? DeviceProfile.defaultID
            orientation = general(DeviceOption.orientation.id).flatMap(DeviceOrientation.init(rawValue:)) ?? .portrait
            self.options = options.filter { !DeviceOption.concerns($0.key) }
        }

        /// The options as `--set` arguments (`dismiss=on-drag`, `tap-gesture.cancels-touches=off`).
        package var optionTexts: [String] { options.map { "\($0.key)=\($0.value)" } }

        /// The table's first line: "Played on iPhone 15 (`iphone-15`), portrait, with each
        /// technique's default options."
        package var headline: String {
            let set =
                options.isEmpty
                ? "each technique's default options"
                : optionTexts.map { "`--set \($0)`" }.joined(separator: ", ")
            return "Played on \(deviceName) (`\(deviceID)`), \(orientation.rawValue), with \(set)."
        }

        /// Whether a technique option of `technique` is set: the document grades the default
        /// options' cells, so the marks are left off that technique's row.
        func setsOption(of technique: TechniqueID) -> Bool {
            options.contains { $0.key.technique == technique && $0.value != $0.key.definition?.defaultValue }
        }
    }

    /// The evidence level docs/techniques.md gives `cell` under `technique`, as the table marks
    /// it; nil where the document grades nothing (`n/a`, Tapaway's choice), or an option of the
    /// technique is set.
    package static func evidence(of cell: Cell, under technique: TechniqueID, in context: Context) -> EvidenceLevel? {
        guard cell.code != "n/a", !context.setsOption(of: technique) else { return nil }
        return MatrixEvidence.gradedLevel(technique, case: cell.number)
    }

    /// The legend of the evidence marks.
    package static let evidenceLegend =
        "Evidence (docs/techniques.md, for each technique's default options): "
        + [EvidenceLevel.documented, .source, .inferred].map { "\($0.mark) \($0.words)" }.joined(separator: " · ")
        + "; no mark: nothing to grade (`n/a`, Tapaway's choice), or a technique option is set."

    /// The matrix as Markdown: a line saying what it was played with; techniques as rows,
    /// cases as columns, in codes, each with its evidence mark; then the cases, the codes and
    /// the marks spelled out.
    package static func table(_ cells: [(TechniqueID, [Cell])], context: Context = Context()) -> String {
        var lines = [
            context.headline,
            "",
            "| technique | " + cases.map { "\($0.number)" }.joined(separator: " | ") + " |",
            "|---|" + String(repeating: "---|", count: cases.count),
        ]
        for (id, row) in cells {
            let codes = row.map { cell in
                evidence(of: cell, under: id, in: context).map { "\(cell.code) \($0.mark)" } ?? cell.code
            }
            lines.append("| `\(id)` | " + codes.joined(separator: " | ") + " |")
        }
        lines.append("")
        lines.append("Cases: " + cases.map { "**\($0.number)** \($0.title)" }.joined(separator: " · ") + ".")
        lines.append("")
        lines.append("Codes: " + legend.map { "`\($0.0)` \($0.1)" }.joined(separator: " · ") + ".")
        lines.append("")
        lines.append(evidenceLegend)
        return lines.joined(separator: "\n")
    }

    /// One technique's cases in words, as Markdown: what it was played with, then case, code,
    /// evidence, what happened.
    package static func wordsTable(_ id: TechniqueID, _ row: [Cell], context: Context = Context()) -> String {
        var lines = [
            context.headline, "", "`\(id)`", "", "| # | What you do | Code | Evidence | What happened |",
            "|---|---|---|---|---|",
        ]
        for (c, cell) in zip(cases, row) {
            let evidence = evidence(of: cell, under: id, in: context)?.words ?? "–"
            lines.append("| \(c.number) | \(c.title) | \(cell.code) | \(evidence) | \(cell.words) |")
        }
        return lines.joined(separator: "\n")
    }

    /// The matrix as one JSON object: `cases` (number, title), `legend` (code, meaning) and
    /// `techniques` (id, and per case: number, code, words, focusChanges, keypadShows,
    /// keypadHides, actions).
    /// Also `device` (id, name), `orientation`, `options` (as `--set` takes them) and
    /// `evidenceLevels` (level, mark, meaning), and per cell `evidence` (`documented`, `source`,
    /// `inferred`, or null).
    package static func json(_ cells: [(TechniqueID, [Cell])], context: Context = Context()) -> JSON {
        .object([
            ("cases", .array(cases.map { .object([("number", .number(Double($0.number))), ("title", .string($0.title))]) })),
            ("legend", .array(legend.map { .object([("code", .string($0.0)), ("meaning", .string($0.1))]) })),
            ("device", .object([("id", .string(context.deviceID)), ("name", .string(context.deviceName))])),
            ("orientation", .string(context.orientation.rawValue)),
            ("options", .array(context.optionTexts.map { .string($0) })),
            (
                "evidenceLevels",
                .array(
                    [EvidenceLevel.documented, .source, .inferred].map {
                        .object([("level", .string($0.rawValue)), ("mark", .string($0.mark)), ("meaning", .string($0.words))])
                    })
            ),
            (
                "techniques",
                .array(
                    cells.map { id, row in
                        .object([
                            ("id", .string(id.rawValue)),
                            (
                                "cells",
                                .array(
                                    row.map { cell in
                                        .object([
                                            ("case", .number(Double(cell.number))), ("code", .string(cell.code)),
                                            ("words", .string(cell.words)),
                                            ("evidence", .optional(evidence(of: cell, under: id, in: context)?.rawValue)),
                                            ("focusBefore", .optional(cell.focusedBefore)),
                                            ("focusChanges", .array(cell.outcome.focusChanges.map { .optional($0) })),
                                            ("keypadShows", .number(Double(cell.outcome.keypadShows))),
                                            ("keypadHides", .number(Double(cell.outcome.keypadHides))),
                                            (
                                                "actions",
                                                .object(
                                                    cell.outcome.actions.sorted { $0.key < $1.key }.map {
                                                        ($0.key, .number(Double($0.value)))
                                                    })
                                            ),
                                        ])
                                    })
                            ),
                        ])
                    })
            ),
        ])
    }
}

extension String {
    fileprivate func replacingNewlines() -> String {
        String(map { $0 == "\n" ? "⏎" : $0 })
    }
}
