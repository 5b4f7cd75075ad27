import TapawayKit
import TapawayScreen

/// The Tapaway program without its platform: window layout and navigation. The sidebar (host
/// chrome), the simulated screen (the app's window, of the class the registry's techniques
/// need, holding a navigation controller: the techniques list and one screen per technique),
/// the inspector and the help card. The executable gives it an `Application` backed by X11;
/// tests, `compare` and `matrix` give it a headless one.
@MainActor
package final class TapawayApp {
    /// The application.
    package let application: Application
    /// The technique on screen (the last one shown while the techniques list is on top).
    package private(set) var technique: TechniqueID
    /// The app's window: the simulated screen.
    package let window: AppWindow
    /// The host chrome on the left: techniques and options.
    package let sidebar: SidebarWindow
    /// The host chrome on the right: the inspector (F2).
    package let inspector: InspectorWindow
    /// The banner over the simulated screen while a recording replays.
    package let replayBanner = ReplayBanner()
    /// The notice over the simulated screen that says, for a few seconds, where F12 saved its
    /// screenshot.
    package let noticeBanner = NoticeBanner()
    /// The help card over the simulated screen (F1).
    package let helpCard: HelpCardWindow
    /// The Audit instrument over the simulated screen (F6): the audit's findings for the screen
    /// and technique on view.
    package let auditCard: AuditCardWindow
    /// Plays the Audit instrument's cases while it audits.
    private var auditTimer: Timer?
    /// Whether the Audit instrument is still playing its cases (its card counts them).
    package var isAuditing: Bool { auditTimer != nil }
    /// The overlays drawn over the simulated screen and the keypad.
    package private(set) var overlays: InstrumentOverlays!
    /// Whether the inspector is wanted (beside the device when the window is wide enough,
    /// folded into a strip otherwise).
    package private(set) var inspectorWanted = true
    /// The simulated device.
    package private(set) var device = DeviceProfile.device(DeviceProfile.defaultID)!
    /// How the device is held.
    package private(set) var orientation = DeviceOrientation.portrait
    /// Where the windows are: the sidebar, the device, the inspector and the folded strips.
    package private(set) var windowLayout: WindowLayout
    /// The strip that stands for the sidebar in a narrow window.
    package let sidebarStrip = FoldedChromeStrip(
        name: "≡", identifier: "sidebar-strip", button: "sidebar-unfold")
    /// The strip that stands for the inspector in a narrow window.
    package let inspectorStrip = FoldedChromeStrip(
        name: "i", identifier: "inspector-strip", button: "inspector-unfold")
    /// Whether the folded sidebar is open over the device.
    package private(set) var sidebarOpen = false
    /// Whether the folded inspector is open over the device.
    package private(set) var inspectorOpen = false
    /// The desk behind the device: what shows around a device smaller than its room.
    package let backdrop = Window(frame: .zero, level: .chrome)
    /// The status bar, the Dynamic Island, the home indicator or the navigation bar.
    package private(set) var deviceChrome: DeviceChrome!
    /// Called when the device or its orientation changes, with the device's new size in points:
    /// the platform may grow the window to hold it beside the chrome. It returns whether the
    /// window is to change size for it: the trace's `device` line then waits for the new size
    /// (`windowSizeWait` at most), so that it states the frame the device ends with.
    package var onDeviceChange: ((Size) -> Bool)?
    /// Whether a `device` line waits for the window to take its new size.
    private var deviceLineAwaitsWindow = false
    /// Writes the waiting `device` line if the window never changes size (a window manager that
    /// refuses, a size the work area caps at the current one).
    private var deviceLineTimer: Timer?
    /// How long a `device` line waits for the window's new size before it is written anyway.
    package static let windowSizeWait = 1.0
    /// Called when F12 asks for a screenshot (the platform saves it).
    package var onScreenshotRequest: (() -> Void)?
    /// Called when F9 or the sidebar's `record-toggle` asks to start or stop recording the
    /// session's input; the toggle shows only once this is set.
    package var onRecordingToggle: (() -> Void)? {
        didSet {
            sidebar.recordItem.isHidden = onRecordingToggle == nil
            sidebar.setNeedsLayout()
        }
    }
    /// The navigation controller: the techniques list, then a technique's screen.
    package let navigation: NavigationController
    /// The techniques list at the root of the navigation stack.
    package let techniques = TechniquesViewController()
    /// The trace, if one was asked for.
    package private(set) var tracer: Tracer?
    /// The matrix case playing in the window, if one is (the help card starts it).
    package internal(set) var casePlayer: CasePlayer?
    /// The technique on screen, after it changes (the trace's `scenario` lines).
    package let techniqueObservers = ObserverList<TechniqueID>()
    /// What the app does that the trace reports, beyond the application's own observers and
    /// the window's decisions: `TraceWiring` writes a line for each.
    package let events = ObserverList<AppEvent>()
    /// Every option's value (`setOption(_:to:)` sets one and applies it).
    package private(set) var options = OptionStore()
    private var screens: [TechniqueID: FormViewController] = [:]
    /// The app's own registrations (the decisions, the inspector's log, the pinned finger's
    /// row, the keyboard line), cancelled when it goes.
    private let observers = ObserverBag()
    /// The keyboard's focus in the sidebar and the inspector (Ctrl+Tab takes it there).
    package private(set) var chromeFocus: ChromeKeyboardFocus!
    private var tracing: TraceWiring?
    /// The inspector's notes on editing that ended with no technique deciding it.
    private var editingEndNotes: EditingEndNotes?
    /// What techniques set up once for the application (the keyboard manager's adapter).
    private var techniqueSetUps: [AnyObject] = []

    /// The default window size: the sidebar, the default device (iPhone 15, 393 × 852 points)
    /// in portrait, and the inspector.
    package nonisolated static let defaultSize = WindowLayout.preferredSize(device: Size(width: 393, height: 852))

    /// The screen file every technique's screen shows (`--screen FILE`), or nil for the shipped
    /// screens, which the general option `layout` chooses among.
    package let screenDocument: ScreenDocument?

    /// Builds the windows and screens, showing `technique` (the registry's first when nil or
    /// unknown) on `screenDocument` (nil: the shipped screens), and adds them to `application`.
    package init(application: Application, technique: TechniqueID? = nil, screen screenDocument: ScreenDocument? = nil) {
        self.application = application
        self.screenDocument = screenDocument
        self.technique = technique.flatMap { Techniques.technique(for: $0) != nil ? $0 : nil } ?? Techniques.defaultID
        let layout = WindowLayout(window: application.screenSize, device: device.size(orientation), inspector: true)
        windowLayout = layout
        let device = layout.device
        application.setDevice(
            frame: device, safeArea: ChromeLayout.safeArea(self.device, orientation, layout: layout), compactKeys: false,
            rotated: false)
        application.keyboard.coversBottomSafeArea = self.device.keyboardCoversBottomInset
        window = Techniques.windowClass.init(frame: device, notificationCenter: application.notificationCenter)
        window.identifier = "window"
        window.backgroundColor = Palette.groupedBackground
        sidebar = SidebarWindow(frame: layout.sidebar)
        sidebar.isHidden = layout.sidebar.width == 0
        inspector = InspectorWindow(frame: ChromeLayout.inspectorFrame(layout.inspector, screen: application.screenSize))
        inspector.isHidden = layout.inspector.width == 0
        helpCard = HelpCardWindow(
            frame: ChromeLayout.helpCardFrame(device: device, inspector: layout.inspector, window: application.screenSize))
        auditCard = AuditCardWindow(
            frame: ChromeLayout.helpCardFrame(device: device, inspector: layout.inspector, window: application.screenSize))
        replayBanner.frame = ChromeLayout.replayBannerFrame(device: device)
        noticeBanner.frame = ChromeLayout.noticeBannerFrame(device: device)
        navigation = NavigationController(root: techniques)
        application.addWindow(window)
        backdrop.identifier = "backdrop"
        backdrop.backgroundColor = Palette.desk
        backdrop.isUserInteractionEnabled = false
        application.addWindow(backdrop)
        application.addWindow(sidebarStrip)
        application.addWindow(inspectorStrip)
        application.addWindow(sidebar)
        application.addWindow(inspector)
        application.addWindow(helpCard)
        application.addWindow(auditCard)
        application.addWindow(replayBanner)
        application.addWindow(noticeBanner)
        window.setRootViewController(navigation)
        helpCard.onPlayCase = { [weak self] number in self?.playCase(number) }
        techniques.onChoose = { [weak self] chosen in self?.push(chosen) }
        navigation.onTopChange = { [weak self] top in self?.topDidChange(top) }
        sidebar.onTechnique = { [weak self] chosen in self?.show(chosen, animated: false) }
        sidebar.onOption = { [weak self] key, value in self?.setOption(key, to: value) }
        for technique in Techniques.all {
            for option in technique.options {
                sidebar.show(option: OptionKey(technique.id, option.id), value: option.defaultValue)
            }
        }
        sidebar.offerAsWritten(screenDocument.map(ScreenWiring.declaresDismissal) ?? false)
        sidebar.offerSheet(screenDocument?.sheet != nil, style: screenDocument?.sheet?.style ?? "page")
        sidebar.sheetItem.onTap = { [weak self] _ in self?.presentSheet() }
        sidebar.resetItem.onTap = { [weak self] _ in self?.resetOptions() }
        if screenDocument != nil { sidebar.hideGeneralOption(AvoidanceOption.layout.id) }
        for option in Techniques.generalOptions {
            sidebar.show(option: OptionKey(nil, option.id), value: option.defaultValue)
            option.applyToApplication?(option.defaultValue, application)
        }
        application.onScreenResize = { [weak self] size in
            self?.layOutWindows(for: size)
            self?.writeAwaitedDeviceLine()
        }
        deviceChrome = DeviceChrome(
            application: application, appWindow: window, profile: self.device, orientation: orientation)
        deviceChrome.onBack = { [weak self] in self?.systemBack() }
        sidebarStrip.button.onTap = { [weak self] _ in self?.toggleFoldedSidebar() }
        inspectorStrip.button.onTap = { [weak self] _ in self?.toggleFoldedInspector() }
        layOutWindows(for: application.screenSize)
        overlays = InstrumentOverlays(application: application, appWindow: window) { [weak self] in
            self?.technique ?? Techniques.defaultID
        }
        wireInstruments()
        editingEndNotes = EditingEndNotes(
            application: application, log: inspector.log, navigation: navigation,
            decisions: window.decisionObservers)
        techniqueSetUps = Techniques.all.compactMap { $0.setUp(in: application) }
        show(self.technique, animated: false)
    }

    private func layOutWindows(for size: Size, rotated: Bool = false) {
        let layout = WindowLayout(window: size, device: device.size(orientation), inspector: inspectorWanted)
        windowLayout = layout
        let device = layout.device
        let safeArea = ChromeLayout.safeArea(self.device, orientation, layout: layout)
        replayBanner.frame = ChromeLayout.replayBannerFrame(device: device, safeArea: safeArea)
        noticeBanner.frame = ChromeLayout.noticeBannerFrame(device: device, safeArea: safeArea)
        application.keyboard.coversBottomSafeArea = self.device.keyboardCoversBottomInset
        // iPhone's keys are shorter in landscape; iPad's and Android's keep their height here.
        let compact = orientation == .landscape && self.device.hidesStatusBarInLandscape
        application.setDevice(
            frame: device, safeArea: safeArea, compactKeys: compact, rotated: rotated,
            keyboardStyle: self.device.keyboardStyle)
        window.frame = device
        backdrop.frame = Rect(origin: .zero, size: size)
        helpCard.frame = ChromeLayout.helpCardFrame(device: device, inspector: layout.inspector, window: size)
        auditCard.frame = helpCard.frame
        sidebarStrip.frame = layout.sidebarStrip
        sidebarStrip.setVisible(layout.sidebarStrip.width > 0)
        inspectorStrip.frame = layout.inspectorStrip
        inspectorStrip.setVisible(layout.inspectorStrip.width > 0)
        if layout.sidebarStrip.width == 0 { sidebarOpen = false }
        if layout.inspectorStrip.width == 0 { inspectorOpen = false }
        sidebarStrip.button.isOn = sidebarOpen
        inspectorStrip.button.isOn = inspectorOpen
        // A folded chrome, when opened, lies over the device beside its strip.
        sidebar.frame =
            sidebarOpen
            ? Rect(x: layout.sidebarStrip.maxX, y: 0, width: SidebarWindow.width, height: size.height) : layout.sidebar
        sidebar.setVisible(layout.sidebar.width > 0 || sidebarOpen)
        inspector.frame =
            inspectorOpen
            ? Rect(
                x: layout.inspectorStrip.minX - InspectorWindow.width, y: 0, width: InspectorWindow.width,
                height: size.height)
            : ChromeLayout.inspectorFrame(layout.inspector, screen: size)
        inspector.setVisible(layout.inspector.width > 0 || inspectorOpen)
        // Android's app bar is Material's top app bar; iOS's, the navigation bar.
        navigation.navigationBar.style = self.device.keyboardStyle == .android ? .material : .ios
        deviceChrome?.profile = self.device
        deviceChrome?.orientation = orientation
        deviceChrome?.layOut()
        inspector.show(device: self.device, orientation: orientation, layout: layout)
    }

    /// The device as the trace states it.
    package var deviceState: Tracer.DeviceState {
        Tracer.DeviceState(
            model: device.id, orientation: orientation.rawValue, safeArea: application.safeAreaInsets,
            clipped: windowLayout.clipped)
    }

    /// Opens or closes the folded sidebar over the device.
    package func toggleFoldedSidebar() {
        sidebarOpen.toggle()
        if sidebarOpen { inspectorOpen = false }
        layOutWindows(for: application.screenSize)
    }

    /// Opens or closes the folded inspector over the device.
    package func toggleFoldedInspector() {
        inspectorOpen.toggle()
        if inspectorOpen { sidebarOpen = false }
        layOutWindows(for: application.screenSize)
    }

    /// Android's Back (the navigation bar's Back button): while the keyboard is up, the input
    /// method takes it and hides the keyboard, and the focused field keeps its focus; else a
    /// sheet or alert up over the screen is dismissed (`Dialog.onBackPressed` cancels a
    /// cancelable dialog, the default); else the activity goes back (the screen is popped, as
    /// `onBackPressed` finishes it). The trace's `systemBack` line says which (`took`:
    /// `keyboard`, `dialog`, `app`, or `nothing` at the root).
    package func systemBack() {
        let took: String
        let sheet = navigation.viewControllers.count > 1 ? screen(for: technique).sheet : nil
        if application.keyboard.handleBack() {
            took = "keyboard"
        } else if let sheet, sheet.isPresented {
            took = "dialog"
            sheet.dismiss(animated: true)
        } else if navigation.viewControllers.count > 1 {
            took = "app"
            navigation.popViewController(animated: true)
        } else {
            took = "nothing"
        }
        let focused = (application.focusedTextInput as? View)?.identifier
        events.notify(.systemBack(took: took, focused: focused))
    }

    /// Turns the device to the other orientation (F5), as its `orientation` option does.
    package func rotate() {
        let key = OptionKey(nil, DeviceOption.orientation.id)
        setOption(key, to: orientation.turned.rawValue)
    }

    /// Takes the device and orientation from their options and lays the windows out for them.
    private func applyDeviceOptions() {
        let chosen = DeviceProfile.device(options.value(of: OptionKey(nil, DeviceOption.device.id))) ?? device
        let turned = DeviceOrientation(rawValue: options.value(of: OptionKey(nil, DeviceOption.orientation.id))) ?? orientation
        guard chosen != device || turned != orientation else { return }
        let rotated = chosen == device && turned != orientation
        device = chosen
        orientation = turned
        layOutWindows(for: application.screenSize, rotated: rotated)
        // The window may grow for the device, now (headless) or once the window manager has
        // answered (X): the device line states the frame it ends with.
        deviceLineTimer?.invalidate()
        deviceLineAwaitsWindow = true
        let resizing = onDeviceChange?(self.device.size(orientation)) ?? false
        guard deviceLineAwaitsWindow else { return }
        if resizing {
            deviceLineTimer = application.timers.schedule(after: Self.windowSizeWait) { [weak self] _ in
                self?.writeAwaitedDeviceLine()
            }
        } else {
            writeAwaitedDeviceLine()
        }
    }

    /// Writes the `device` line that waited for the window's size, if one does.
    private func writeAwaitedDeviceLine() {
        guard deviceLineAwaitsWindow else { return }
        deviceLineAwaitsWindow = false
        deviceLineTimer?.invalidate()
        deviceLineTimer = nil
        events.notify(.device(deviceState, frame: application.deviceFrame))
    }

    // MARK: Instruments

    private func wireInstruments() {
        observers.add(
            window.decisionObservers.add { [weak self] decision in
                guard let self else { return }
                self.inspector.log.append(decision, evidence: DecisionEvidence.standIn(for: decision, in: self.window))
            })
        inspector.touchesItem.onTap = { [weak self] item in
            item.isOn.toggle()
            self?.overlays.showsTouches = item.isOn
        }
        inspector.regionsItem.onTap = { [weak self] item in
            item.isOn.toggle()
            self?.overlays.showsRegions = item.isOn
        }
        inspector.keypadItem.onTap = { [weak self] item in
            item.isOn.toggle()
            self?.overlays.showsKeypad = item.isOn
        }
        inspector.helpItem.onTap = { [weak self] _ in self?.toggleHelp() }
        sidebar.inspectorItem.isOn = inspectorWanted
        sidebar.inspectorItem.onTap = { [weak self] _ in self?.toggleInspector() }
        sidebar.helpItem.onTap = { [weak self] _ in self?.toggleHelp() }
        sidebar.auditItem.onTap = { [weak self] _ in self?.toggleAudit() }
        auditCard.onChoose = { [weak self] finding, play in self?.choose(finding, play: play) }
        sidebar.pinnedItem.onTap = { [weak self] _ in
            guard let app = self?.application else { return }
            app.mouse.liftPinned(timestamp: app.clock.now)
        }
        observers.add(
            application.touchObservers.add { [weak self] touch in
                guard touch.identifier == MouseTouches.pinnedID else { return }
                self?.sidebar.show(pinnedFinger: !touch.phase.isFinished)
            })
        // The inspector's keyboard line follows the keyboard, frame by frame (it only changes
        // with a frame: a slide, a switch to the hardware keyboard, F4).
        observers.add(
            application.frameObservers.add { [weak self] in
                guard let self else { return }
                self.inspector.show(keyboard: self.application.keyboard)
            })
        inspector.show(keyboard: application.keyboard)
        sidebar.recordItem.onTap = { [weak self] _ in self?.onRecordingToggle?() }
        chromeFocus = ChromeKeyboardFocus(application: application, windows: [sidebar, inspector])
        sidebar.keyHandler = { [weak self] key in self?.chromeFocus.handle(key) ?? false }
        inspector.keyHandler = { [weak self] key in self?.chromeFocus.handle(key) ?? false }
        chromeFocus.onChange = { [weak self] item in
            self?.events.notify(.chromeFocus(id: item?.identifier))
        }
        application.unhandledKeyHandler = { [weak self] key in self?.shortcut(key) }
    }

    private func shortcut(_ key: KeyInput) {
        // Ctrl+Tab, which no field takes, moves the keyboard's focus into the chrome.
        if chromeFocus.handle(key) { return }
        switch key.key {
        case .function(1): toggleHelp()
        case .function(6): toggleAudit()
        case .function(2): toggleInspector()
        case .function(3): toggleHardwareKeyboard()
        case .function(4): application.keyboard.toggleSoftwareKeyboard()
        case .function(5): rotate()
        case .function(9): onRecordingToggle?()
        case .function(12): onScreenshotRequest?()
        default: break
        }
    }

    /// Shows whether input is being recorded, and to which file, in the sidebar.
    package func showRecording(to path: String?) {
        let item = sidebar.recordItem
        item.isOn = path != nil
        // While recording, the file's name on a line of its own under the title; else F9 beside it.
        item.subtitleInline = path == nil
        item.subtitle = path.map { $0.split(separator: "/").last.map(String.init) ?? $0 } ?? "F9"
        sidebar.setNeedsLayout()
    }

    /// Shows or hides the Audit instrument. Shown, it audits the screen on view under the
    /// technique on view with the options set: a headless run whose cases play a few each
    /// frame, the card counting them, so the window stays live; the trace gets an `audit` line
    /// when the findings are ready.
    package func toggleAudit() {
        guard auditCard.isHidden else {
            auditCard.setVisible(false)
            auditTimer?.invalidate()
            auditTimer = nil
            return
        }
        let options = options.values.map { OptionAssignment(key: $0.key, value: $0.value) }
        let document = screenDocument ?? form.document
        let name = screenDocument == nil ? form.document.name ?? "standard" : "this screen"
        let progress = AuditRunner(document: document, options: options).start(technique)
        auditCard.showProgress(of: progress)
        auditCard.setVisible(true)
        auditCard.setNeedsLayout()
        auditTimer?.invalidate()
        auditTimer = application.timers.schedule(after: Self.auditTick, repeats: true) { [weak self] timer in
            guard let self else { return timer.invalidate() }
            // A few milliseconds of cases a tick, at least one.
            let started = ContinuousClock.now
            while progress.step(), ContinuousClock.now - started < .milliseconds(8) {}
            guard progress.done == progress.total else { return self.auditCard.showProgress(of: progress) }
            timer.invalidate()
            self.auditTimer = nil
            let audit = Audit(document: document, named: name, runs: [progress.result])
            self.auditCard.show(audit, technique: progress.technique)
            self.auditCard.setNeedsLayout()
            self.events.notify(
                .audit(technique: progress.technique, cases: audit.caseCount, findings: audit.findings.count))
        }
    }

    /// How often the Audit instrument plays its next cases: longer than a frame, so the loop
    /// goes idle between.
    package nonisolated static let auditTick = 0.025

    /// Outlines a finding's element on the screen and, with `play`, plays its case there.
    package func choose(_ finding: AuditFinding, play: Bool) {
        overlays.outlined = window.view(withIdentifier: finding.element)
        guard play, let auditCase = finding.auditCase else { return }
        playCase(auditCase.matrixForm, label: finding.kind.title)
    }

    /// Shows or hides the help card.
    package func toggleHelp() {
        helpCard.setVisible(helpCard.isHidden)
        helpCard.setNeedsLayout()
    }

    /// Connects or disconnects the hardware keyboard (the `keyboard` option), as its row in the
    /// sidebar does.
    package func toggleHardwareKeyboard() {
        let key = OptionKey(nil, KeyboardOption.keyboard.id)
        setOption(key, to: options.value(of: key) == "hardware" ? "software" : "hardware")
    }

    /// Presents the screen file's sheet again, on the screen on view, if it was dismissed.
    package func presentSheet() {
        screen(for: technique).sheet?.present(animated: true)
    }

    /// Shows or hides the inspector (the simulated screen takes the room).
    package func toggleInspector() {
        inspectorWanted.toggle()
        sidebar.inspectorItem.isOn = inspectorWanted
        layOutWindows(for: application.screenSize)
    }

    /// Puts the app in the state a recording began in, before it is replayed: the inspector
    /// shown or hidden as it was (the simulated screen's width depends on it), the options set
    /// then (the keyboard's state among them), and the input that was focused. Recordings
    /// without these header fields leave the app as it is.
    package func prepareForReplay(of recording: Recording) {
        if let wanted = recording.inspector, wanted != inspectorWanted { toggleInspector() }
        for option in recording.options { setOption(option.key, to: option.value) }
        if let id = recording.focused { focus(id) }
    }

    /// Turns an overlay on or off by its identifier (`overlay-touches`, `overlay-regions`,
    /// `overlay-keypad`), as its switch in the inspector does.
    package func setOverlay(_ identifier: String, on: Bool) {
        switch identifier {
        case "overlay-touches": overlays.showsTouches = on; inspector.touchesItem.isOn = on
        case "overlay-regions": overlays.showsRegions = on; inspector.regionsItem.isOn = on
        case "overlay-keypad": overlays.showsKeypad = on; inspector.keypadItem.isOn = on
        default: break
        }
    }

    /// The screen of `technique`, made once and kept, so each keeps its typed text; its options
    /// and the general ones are applied as they are set.
    package func screen(for technique: TechniqueID) -> FormViewController {
        if let screen = screens[technique] { return screen }
        let screen = (Techniques.technique(for: technique) ?? Techniques.all[0]).makeScreen(showing: screenDocument)
        // The observers live as long as the screen, which the app keeps.
        _ = screen.form.rowSelectionObservers.add { [weak self] row in
            self?.events.notify(.action(id: row.identifier, event: "select"))
        }
        _ = screen.form.appActionObservers.add { [weak self] source, action in
            self?.events.notify(.action(id: source, event: action))
        }
        screen.avoidance.onNumbersChange = { [weak self, weak screen] numbers in
            guard let self, let screen else { return }
            self.events.notify(.avoidance(numbers, screen: screen.technique))
            if self.window.activeScreen === screen {
                self.inspector.show(avoidance: numbers, platform: screen.avoidanceChoice == "platform")
            }
        }
        for option in Techniques.technique(for: technique)?.options ?? [] {
            option.apply(options.value(of: OptionKey(technique, option.id)), screen)
        }
        for option in Techniques.generalOptions { option.apply(options.value(of: OptionKey(nil, option.id)), screen) }
        screens[technique] = screen
        return screen
    }

    /// Shows `technique`'s screen on top of the techniques list.
    package func show(_ technique: TechniqueID, animated: Bool) {
        navigation.setViewControllers([techniques, screen(for: technique)], animated: animated)
    }

    private func push(_ technique: TechniqueID) {
        navigation.pushViewController(screen(for: technique), animated: true)
    }

    private func topDidChange(_ top: ViewController?) {
        guard let screen = top as? FormViewController else {
            // The techniques list: no technique is on screen, so none is highlighted.
            window.activeScreen = nil
            sidebar.show(technique: nil)
            return
        }
        window.activeScreen = screen
        inspector.show(avoidance: screen.avoidance.numbers, platform: screen.avoidanceChoice == "platform")
        let changed = screen.technique != technique
        if changed { stopCase() }
        technique = screen.technique
        sidebar.show(technique: technique)
        helpCard.technique = technique
        if changed { techniqueObservers.notify(technique) }
    }

    // MARK: Options

    /// Sets the option `key` to `value`, applies it to the screens it concerns, and shows it in
    /// the sidebar. Returns false, changing nothing, when the option or the value is unknown.
    @discardableResult
    package func setOption(_ key: OptionKey, to value: String) -> Bool {
        guard let option = options.set(key, to: value) else { return false }
        for (id, screen) in screens where key.technique == nil || key.technique == id { option.apply(value, screen) }
        option.applyToApplication?(value, application)
        sidebar.show(option: key, value: value)
        sidebar.show(changedOptions: options.values.count)
        inspector.show(changedOptions: options.values.count)
        if DeviceOption.concerns(key) { applyDeviceOptions() }
        return true
    }

    /// Puts every option back to its default (the sidebar's *Reset options*).
    package func resetOptions() {
        for key in options.values.keys.sorted(by: { $0.description < $1.description }) {
            if let option = key.definition { setOption(key, to: option.defaultValue) }
        }
    }

    /// The form of the technique on screen.
    package var form: ScreenForm { screen(for: technique).form }

    /// Focuses the text input with `identifier`; returns false when there is none.
    @discardableResult
    package func focus(_ identifier: String) -> Bool {
        guard let view = window.view(withIdentifier: identifier), view.canBecomeFirstResponder else { return false }
        return view.becomeFirstResponder()
    }

    /// The identifiers that `focus(_:)` accepts.
    package var focusableIdentifiers: [String] {
        let screen = screen(for: technique)
        let bar = screen.composer == nil ? [] : form.barInputs
        let sheet = screen.sheet?.isPresented == true ? form.sheetInputs : []
        // An input that cannot take the focus (a picker's field) is no input to focus.
        return (form.inputs + bar + sheet).filter { form.element(for: $0)?.input?.focusable != false }
            .compactMap(\.identifier)
    }

    /// Starts writing the trace to `tracer`.
    package func attach(_ tracer: Tracer) {
        self.tracer = tracer
        tracing = TraceWiring(tracer: tracer, app: self)
    }

    /// Writes the `ready` line and the first `layout` line: call once the first frame is on screen.
    package func didBecomeReady() {
        events.notify(.ready(scenario: technique, model: deviceState))
    }

    isolated deinit {
        // What was wired to the application unregisters while the application is still here.
        observers.cancelAll()
        overlays = nil
        chromeFocus = nil
        tracing = nil
        editingEndNotes = nil
        techniqueSetUps.removeAll()
    }
}
