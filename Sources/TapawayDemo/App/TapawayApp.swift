import TapawayKit
import TapawayScreen

/// The Tapaway program without its platform: its windows and the navigation between the
/// techniques' screens.
///
/// The sidebar (host chrome), the simulated screen (the app's window, of the class the
/// registry's techniques need, holding a navigation controller: the techniques list and one
/// screen per technique), the inspector and the help card. The device and chrome layout, the
/// instruments and options, the cases and the shortcuts are in the extensions beside this
/// file; what the trace reports goes out through `events`, `techniqueObservers` and the
/// window's `decisionObservers`. The executable gives it an `Application` backed by X11;
/// tests, `compare` and `matrix` give it a headless one.
@MainActor
package final class TapawayApp {
    /// The Kit application the app runs in, whichever backend hosts it.
    package let application: Application
    /// The technique on screen (the last one shown while the techniques list is on top).
    package private(set) var technique: TechniqueID { didSet { overlays.technique = technique } }
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
    var auditTimer: Timer?
    /// Whether the Audit instrument is still playing its cases (its card counts them).
    package var isAuditing: Bool { auditTimer != nil }
    /// The overlays drawn over the simulated screen and the keypad.
    package let overlays: InstrumentOverlays
    /// Whether the inspector is wanted (beside the device when the window is wide enough,
    /// folded into a strip otherwise).
    package internal(set) var inspectorWanted = true
    /// The simulated device: its size, safe area, chrome and keyboard.
    package internal(set) var device = DeviceProfile.device(DeviceProfile.defaultID)!
    /// How the device is held.
    package internal(set) var orientation = DeviceOrientation.portrait
    /// Where the windows are: the sidebar, the device, the inspector and the folded strips.
    package internal(set) var windowLayout: WindowLayout
    /// The strip that stands for the sidebar in a narrow window.
    package let sidebarStrip = FoldedChromeStrip(
        name: "≡", identifier: "sidebar-strip", button: "sidebar-unfold")
    /// The strip that stands for the inspector in a narrow window.
    package let inspectorStrip = FoldedChromeStrip(
        name: "i", identifier: "inspector-strip", button: "inspector-unfold")
    /// Whether the folded sidebar is open over the device.
    package internal(set) var sidebarOpen = false
    /// Whether the folded inspector is open over the device.
    package internal(set) var inspectorOpen = false
    /// The desk behind the device: what shows around a device smaller than its room.
    package let backdrop = Window(frame: .zero, level: .chrome)
    /// The status bar, the Dynamic Island, the home indicator or the navigation bar.
    package let deviceChrome: DeviceChrome
    /// Called when the device or its orientation changes, with the device's new size in points: the
    /// platform may grow the window to hold it beside the chrome, or change its scale to fit it.
    ///
    /// It returns whether the window is still to change size for it (a resize made before it returns,
    /// such as a new scale's, is already laid out): the trace's `device` line then waits for the new
    /// size (`windowSizeWait` at most), so that it states the frame the device ends with.
    package var onDeviceChange: ((Size) -> Bool)?
    /// Whether a `device` line waits for the window to take its new size.
    var deviceLineAwaitsWindow = false
    /// Writes the waiting `device` line if the window never changes size (a window manager that
    /// refuses, a size the work area caps at the current one).
    var deviceLineTimer: Timer?
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
    package internal(set) var options = OptionStore()
    /// Every technique's screen made so far (`screen(for:)` makes them once).
    private(set) var screens: [TechniqueID: FormViewController] = [:]
    /// The app's own registrations (the decisions, the inspector's log, the pinned finger's
    /// row, the keyboard line), cancelled when it goes.
    let observers = ObserverBag()
    /// The keyboard's focus in the sidebar and the inspector (Ctrl+Tab takes it there).
    package let chromeFocus: ChromeKeyboardFocus
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
        for technique in Techniques.all {
            for option in technique.options {
                sidebar.show(option: OptionKey(technique.id, option.id), value: option.defaultValue)
            }
        }
        sidebar.offerAsWritten(screenDocument.map(ScreenWiring.declaresDismissal) ?? false)
        sidebar.offerSheet(screenDocument?.sheet != nil, style: screenDocument?.sheet?.style ?? "page")
        if screenDocument != nil { sidebar.hideGeneralOption(AvoidanceOption.layout.id) }
        for option in Techniques.generalOptions {
            sidebar.show(option: OptionKey(nil, option.id), value: option.defaultValue)
            option.applyToApplication?(option.defaultValue, application)
        }
        deviceChrome = DeviceChrome(
            application: application, appWindow: window, profile: self.device, orientation: orientation)
        overlays = InstrumentOverlays(application: application, appWindow: window, technique: self.technique)
        chromeFocus = ChromeKeyboardFocus(application: application, windows: [sidebar, inspector])
        // Every stored property is set: what follows may call back into the app.
        helpCard.onPlayCase = { [weak self] number in self?.playCase(number) }
        techniques.onChoose = { [weak self] chosen in self?.push(chosen) }
        navigation.onTopChange = { [weak self] top in self?.topDidChange(top) }
        sidebar.onTechnique = { [weak self] chosen in self?.show(chosen, animated: false) }
        sidebar.onOption = { [weak self] key, value in self?.setOption(key, to: value) }
        sidebar.sheetItem.onTap = { [weak self] _ in self?.presentSheet() }
        sidebar.resetItem.onTap = { [weak self] _ in self?.resetOptions() }
        application.onScreenResize = { [weak self] size in
            self?.layOutWindows(for: size)
            self?.writeAwaitedDeviceLine()
        }
        deviceChrome.onBack = { [weak self] in self?.systemBack() }
        sidebarStrip.button.onTap = { [weak self] _ in self?.toggleFoldedSidebar() }
        inspectorStrip.button.onTap = { [weak self] _ in self?.toggleFoldedInspector() }
        layOutWindows(for: application.screenSize)
        wireInstruments()
        editingEndNotes = EditingEndNotes(
            application: application, log: inspector.log, navigation: navigation,
            decisions: window.decisionObservers)
        techniqueSetUps = Techniques.all.compactMap { $0.setUp(in: application) }
        show(self.technique, animated: false)
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
                self.inspector.show(avoidance: numbers, platform: screen.avoidanceChoice == .platform)
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
        inspector.show(avoidance: screen.avoidance.numbers, platform: screen.avoidanceChoice == .platform)
        let changed = screen.technique != technique
        if changed { stopCase() }
        technique = screen.technique
        sidebar.show(technique: technique)
        helpCard.technique = technique
        if changed { techniqueObservers.notify(technique) }
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
        tracing = nil
        editingEndNotes = nil
        techniqueSetUps.removeAll()
    }
}
