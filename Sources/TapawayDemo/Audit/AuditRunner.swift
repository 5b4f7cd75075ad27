import TapawayHeadless
import TapawayKit
import TapawayScreen

/// Plays every case the audit enumerates on a screen, under each technique asked for: each text input
/// focused in turn, then a tap on every element and on every container's background, a long press on
/// each row, a drag from the background and from each other field, a second finger, Return and the
/// toolbar's Done.
///
/// One session per technique, put back at rest between cases; the cases go through the matrix's one
/// runner (`DismissalMatrix.play`).
@MainActor
package struct AuditRunner {
    /// The screen played on.
    package let document: ScreenDocument
    /// The options set (`--set`, `--device`), applied to each technique's session.
    package let options: [OptionAssignment]

    /// A runner for `document` with `options`.
    package init(document: ScreenDocument, options: [OptionAssignment] = []) {
        self.document = document
        self.options = options
    }

    /// The device and orientation the screen file names, as options, before those given (which
    /// win): a screen made for an iPhone SE is audited on one unless `--device` says otherwise.
    var screenOptions: [OptionAssignment] { Self.options(for: document) }

    /// The options a screen file's `device`, `orientation`, `keyboard` and `avoidance` (or
    /// `windowSoftInputMode`) stand for; a device this program does not know is left out.
    package static func options(for document: ScreenDocument) -> [OptionAssignment] {
        var result: [OptionAssignment] = []
        if let device = document.device, DeviceProfile.device(device) != nil {
            result.append(OptionAssignment(key: OptionKey(nil, DeviceOption.device.id), value: device))
        }
        if let orientation = document.orientation {
            result.append(OptionAssignment(key: OptionKey(nil, DeviceOption.orientation.id), value: orientation))
        }
        if let keyboard = document.keyboard {
            result.append(OptionAssignment(key: OptionKey(nil, KeyboardOption.keyboard.id), value: keyboard))
        }
        if let avoidance = document.avoidance {
            result.append(OptionAssignment(key: OptionKey(nil, AvoidanceOption.avoidance.id), value: avoidance))
        }
        return result
    }

    /// What one technique did on the screen: every case played, and how far each field is
    /// under the keyboard.
    package struct TechniqueRun: Sendable {
        /// The technique whose code was played.
        package var technique: TechniqueID
        /// The cases, in the order played.
        package var plays: [AuditPlay]
        /// Each text input's cover by the keyboard.
        package var covers: [AuditCover]
        /// The device and orientation played on.
        package var device: String
        /// The device's size in points, as held.
        package var deviceSize: Size
    }

    /// Plays every case under `technique`.
    package func run(_ technique: TechniqueID) -> TechniqueRun {
        let progress = start(technique)
        while progress.step() {}
        return progress.result
    }

    /// Sets up the cases of `technique` to be played one `step()` at a time (the Audit
    /// instrument plays a few each frame, so the window stays live meanwhile).
    package func start(_ technique: TechniqueID) -> Progress {
        Progress(runner: self, technique: technique)
    }

    /// An audit of one technique under way: its session, the steps left, what was played.
    @MainActor
    package final class Progress {
        /// One unit of work: measure a field's cover, or play a case.
        private enum Step {
            case cover(String)
            case play(AuditCase)
        }

        /// The technique this runner plays every case under.
        package let technique: TechniqueID
        private let runner: AuditRunner
        private let session: HeadlessSession
        private var steps: [Step] = []
        private var next = 0
        private var plays: [AuditPlay] = []
        private var covers: [AuditCover] = []

        /// How many steps there are in all, and how many are done.
        package var total: Int { steps.count }
        /// How many steps are done.
        package var done: Int { next }

        init(runner: AuditRunner, technique: TechniqueID) {
            self.runner = runner
            self.technique = technique
            let document = runner.document
            let shipped = ScreenLayout.allCases.first { $0.document == document }
            session = HeadlessSession(technique: technique, document: shipped == nil ? document : nil)
            session.platform.frameStep = 1.0 / 20
            if let shipped { session.app.setOption(OptionKey(nil, AvoidanceOption.layout.id), to: shipped.rawValue) }
            for option in runner.screenOptions + runner.options
            where option.key.technique == nil || option.key.technique == technique {
                session.app.setOption(option.key, to: option.value)
            }
            // The inspector records and lays out every decision; nothing of the audit reads it.
            if session.app.inspectorWanted { session.app.toggleInspector() }
            session.platform.settle()
            // Behind a modal sheet only the sheet's inputs can be reached.
            let modalSheet = session.app.screen(for: technique).sheet.flatMap { $0.isPresented && $0.spec.dimmed ? $0 : nil }
            let inputs = session.app.focusableIdentifiers.filter { id in
                guard let view = session.app.window.view(withIdentifier: id), DismissalMatrix.isShown(view) else { return false }
                return modalSheet.map { view.isDescendant(of: $0.card) } ?? true
            }
            let targets = AuditRunner.targets(in: session)
            var kinds: [String: ElementKind] = [:]
            for element in document.allElements { if let id = element.id { kinds[id] = element.kind } }
            for input in inputs {
                steps.append(.cover(input))
                // A field whose delegate refuses holds text without what it wants, as case 14's email.
                let refused = document.element(input)?.input?.refusesToResignWithout.map { needle in
                    "ab".contains(needle) ? "zz" : "ab"
                }
                for (gesture, target, number) in targets {
                    // The focused input itself is tapped (the matrix's case 3: a listener or an
                    // override that unfocuses on every touch makes the keyboard bounce there),
                    // not dragged.
                    var number = number
                    if case .element(let id) = target, id == input {
                        guard gesture == .tap else { continue }
                        number = 3
                    }
                    var auditCase = AuditCase(
                        technique: technique, focus: input, gesture: gesture, target: target, matrixCase: number)
                    auditCase.typed = refused
                    if case .element(let id) = target, gesture == .tap, let kind = kinds[id] {
                        switch kind {
                        // A slider's thumb tapped in place changes nothing, yet takes the tap.
                        case .button, .text, .control, .slider: auditCase.acting = "\(id) touchUpInside"
                        case _ where kind.isTextInput && document.element(id)?.input?.focusable == false:
                            auditCase.acting = "\(id) touchUpInside"
                        case .switch, .segmented: auditCase.acting = "\(id) valueChanged"
                        case .row: auditCase.acting = "\(id) select"
                        default: break
                        }
                    }
                    steps.append(.play(auditCase))
                }
            }
        }

        /// Does the next step; false when there was none left.
        @discardableResult
        package func step() -> Bool {
            guard next < steps.count else { return false }
            let step = steps[next]
            next += 1
            runner.rest(session)
            switch step {
            case .cover(let input): covers.append(runner.cover(of: input, in: session, technique: technique))
            case .play(let auditCase): plays.append(runner.play(auditCase, in: session, form: session.app.form))
            }
            if next == steps.count { runner.rest(session) }
            return true
        }

        /// What was played so far (all of it, once `step()` has said there is nothing left).
        package var result: TechniqueRun {
            TechniqueRun(
                technique: technique, plays: plays, covers: covers,
                device: "\(session.app.device.id) \(session.app.orientation.rawValue)",
                deviceSize: session.platform.application.deviceFrame.size)
        }
    }

    /// The targets of the screen, each with the gesture and the matrix case it stands for.
    ///
    /// Behind a dimmed sheet nothing of the screen takes a touch (the sheet is modal): then the targets
    /// are the sheet's, its dim and the keyboard's keys.
    static func targets(in session: HeadlessSession) -> [(AuditGesture, AuditTarget, Int)] {
        let form = session.app.form
        var result: [(AuditGesture, AuditTarget, Int)] = []
        let origin = form.background.frameInScreen.origin
        func local(_ p: Point) -> Point { Point(x: p.x - origin.x, y: p.y - origin.y) }
        let sheet = session.app.screen(for: session.app.technique).sheet.flatMap { $0.isPresented ? $0 : nil }
        let modal = sheet?.spec.dimmed == true
        // The background first: where the file says, then each container's own.
        let main = DismissalMatrix.backgroundPoint(in: session.app)
        if !modal {
            result.append((.tap, .background(local(main), container: name(of: form.background, in: form)), 2))
            for (container, point) in BackgroundSampler.containerPoints(in: form) where container !== form.background {
                result.append((.tap, .background(local(point), container: name(of: container, in: form)), 2))
            }
        }
        // A sheet's containers, in its card's coordinates, and its dim just above the card.
        if let sheet {
            let card = sheet.card.frameInScreen
            for (container, point) in BackgroundSampler.containerPoints(under: sheet.content, within: card) {
                let inCard = Point(x: point.x - card.minX, y: point.y - card.minY)
                result.append((.tap, .backgroundIn("sheet", inCard, container: name(of: container, in: form)), 2))
            }
            if modal {
                result.append((.tap, .backgroundIn("sheet-dimming", sheet.dimTapPoint, container: "the sheet's dim"), 2))
            }
        }
        for view in elementViews(in: session, sheetOnly: modal) {
            guard let id = view.identifier, let element = form.element(for: view) else { continue }
            switch element.kind {
            case .button, .text, .control: result.append((.tap, .element(id), 5))
            case .switch, .slider, .segmented: result.append((.tap, .element(id), 10))
            case .row:
                result.append((.tap, .element(id), 12))
                result.append((.longPress, .element(id), 12))
            case _ where element.kind.isTextInput && element.input?.focusable == false:
                // An input that cannot take the focus is tapped as a button is (it opens a picker).
                result.append((.tap, .element(id), 5))
            case .textField, .textView, .searchBar:
                result.append((.tap, .element(id), 4))
                result.append((.drag, .element(id), 16))
            case .label, .image: result.append((.tap, .element(id), 6))
            default: break
            }
        }
        if !modal {
            result.append((.drag, .background(local(main), container: "the background"), 11))
            result.append((.secondFinger, .background(local(main), container: "the background"), 8))
            if !session.app.screen(for: session.app.technique).prefersNavigationBarHidden {
                result.append((.tap, .navigationBar, 13))
            }
        }
        result.append((.press, .returnKey, 9))
        result.append((.press, .toolbarDone, 15))
        return result
    }

    /// The views built from the file's elements, the bottom bar's, back to front, then the
    /// navigation bar's buttons, then the sheet's (only the sheet's with `sheetOnly`).
    private static func elementViews(in session: HeadlessSession, sheetOnly: Bool = false) -> [View] {
        let form = session.app.form
        var result: [View] = []
        func walk(_ view: View) {
            for subview in view.subviews {
                if form.element(for: subview) != nil { result.append(subview) }
                walk(subview)
            }
        }
        let screen = session.app.screen(for: session.app.technique)
        if !sheetOnly {
            walk(form.background)
            if let bar = screen.composer, bar.superview != nil {
                walk(bar)
            }
            // The navigation bar's buttons from the file.
            result += (screen.leftBarButtons + screen.rightBarButtons).filter { form.element(for: $0) != nil }
        }
        if let sheet = screen.sheet, sheet.isPresented { walk(sheet.content) }
        return result
    }

    /// A container as people read it: its id, or its kind and the file's line.
    static func name(of view: View, in form: ScreenForm) -> String {
        if let id = view.identifier { return id }
        guard let element = form.element(for: view) else { return "the background" }
        return element.position.map { "the \(element.kind.rawValue) at line \($0.line)" } ?? "the background"
    }

    /// Puts the session back at rest: nothing focused, no finger down, the keyboard away, the
    /// form scrolled to its top.
    func rest(_ session: HeadlessSession) {
        let p = session.platform
        if let focused = p.application.firstResponder as? View {
            _ = focused.window?.transferFirstResponder(to: nil, force: true)
        }
        p.settle()
        session.app.form.setContentOffset(.zero, animated: false)
        session.app.form.restoreElementStates()
        // A case that dismissed the sheet: it is up again for the next, as the file describes.
        if let sheet = session.app.screen(for: session.app.technique).sheet, !sheet.isPresented {
            sheet.present(animated: false)
        }
        session.forgetBackgroundPoint()
        p.settle()
    }

    /// Plays `auditCase` and sees whether its target acted.
    func play(_ auditCase: AuditCase, in session: HeadlessSession, form: ScreenForm) -> AuditPlay {
        let screen = session.app.screen(for: session.app.technique)
        let dimTouches = screen.touchesTakenBySearchDimming
        let cell = DismissalMatrix.play(auditCase.matrixForm, in: session)
        let dimmed = screen.touchesTakenBySearchDimming > dimTouches
        var acted: Bool?
        if case .element(let id) = auditCase.target, let view = form.view(id), let element = form.element(for: view),
            auditCase.gesture == .tap || auditCase.gesture == .longPress
        {
            // A control acted when it fired or changed; a segment tapped twice or a slider's
            // thumb tapped in place changes nothing, yet took the tap. A row acted when it
            // selected.
            let actions: [String]
            switch element.kind {
            case .button, .text, .control, .switch, .slider, .segmented: actions = ["touchUpInside", "valueChanged"]
            case .row: actions = ["select"]
            // An input that cannot take the focus acts as a button does (it opens a picker).
            case _ where element.kind.isTextInput && element.input?.focusable == false && !element.actions.isEmpty:
                actions = ["touchUpInside"]
            default: actions = []
            }
            if !actions.isEmpty { acted = actions.contains { cell.outcome.actions["\(id) \($0)"] != nil } }
        }
        var point: Point?
        let device = session.platform.application.deviceFrame
        switch auditCase.target {
        case .background(let p, _):
            let origin = form.background.frameInScreen.origin
            point = Point(x: origin.x + p.x - device.minX, y: origin.y + p.y - device.minY)
        case .backgroundIn(let id, let p, _):
            point = session.app.window.view(withIdentifier: id).map { view in
                let screen = DismissalMatrix.screenPoint(p, in: view)
                return Point(x: screen.x - device.minX, y: screen.y - device.minY)
            }
        case .element(let id):
            point = form.view(id).map { Point(x: $0.frameInScreen.midX - device.minX, y: $0.frameInScreen.midY - device.minY) }
        default: break
        }
        return AuditPlay(auditCase: auditCase, cell: cell, acted: acted, point: point, dimmed: dimmed)
    }

    /// Focuses `input` as a person would (scrolled to, tapped) and measures how much of it, or
    /// of a text view's caret line, the keyboard covers once everything has settled.
    func cover(of input: String, in session: HeadlessSession, technique: TechniqueID) -> AuditCover {
        let p = session.platform
        guard let view = session.app.window.view(withIdentifier: input) else {
            return AuditCover(technique: technique, input: input, overlap: 0)
        }
        DismissalMatrix.reveal(view.frameInScreen, in: session)
        p.settle()
        p.tap(view)
        p.settle()
        let focusedByTap = p.application.firstResponder === view
        if !focusedByTap {
            session.app.focus(input)
            p.settle()
        }
        let keyboard = p.application.keyboard
        guard keyboard.isVisible else {
            return AuditCover(technique: technique, input: input, overlap: 0, focusedByTap: focusedByTap)
        }
        var rect = view.frameInScreen
        if let textView = view as? TextView, let caret = textView.caretRectInScreen {
            rect = Rect(x: rect.minX, y: caret.minY, width: rect.width, height: caret.height)
        }
        let overlap = max(0, min(rect.maxY, keyboard.shownFrame.maxY) - keyboard.shownFrame.minY)
        return AuditCover(
            technique: technique, input: input, overlap: min(overlap, rect.height), focusedByTap: focusedByTap)
    }
}
