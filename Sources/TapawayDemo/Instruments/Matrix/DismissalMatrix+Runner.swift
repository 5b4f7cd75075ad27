import TapawayHeadless
import TapawayKit
import TapawayScreen

/// The matrix's runner: each case played on the headless platform, in a session of its own or
/// in one the caller keeps, as a person's fingers and keys would play it.
extension DismissalMatrix {
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

    /// The points of the screen that the step of `matrixCase` touches, where they are now, each with
    /// whether it is on the form (the form scrolls to show it) or off it, in the screen's bars (the
    /// bottom bar, the navigation bar's items).
    ///
    /// The navigation bar's title and the keypad's keys are not counted.
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

    /// Every cell: one row per technique (`ids`), one cell per case.
    package static func cells(
        for ids: [TechniqueID] = TechniqueID.allCases,
        options: [OptionAssignment] = []
    ) -> [(TechniqueID, [Cell])] {
        ids.map { id in
            (id, cases.map { run($0, in: id, options: options.filter { $0.key.technique == nil || $0.key.technique == id }) })
        }
    }
}
