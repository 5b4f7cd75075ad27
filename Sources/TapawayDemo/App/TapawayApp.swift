import KeyboardManager
import TapawayKit

/// The Tapaway program without its platform: the scenario sidebar (host chrome), the simulated
/// screen (a `DismissingWindow` holding a navigation controller: the techniques list and one
/// screen per scenario), the keypad, and the trace wiring. The executable gives it an
/// `Application` backed by X11; tests give it a headless one.
@MainActor
public final class TapawayApp {
    /// The application.
    public let application: Application
    /// The scenario on screen (the last one shown while the techniques list is on top).
    public private(set) var scenario: Scenario
    /// The app's window: the simulated screen.
    public let window: DismissingWindow
    /// The host chrome on the left: scenarios and options.
    public let sidebar: SidebarWindow
    /// The host chrome on the right: the inspector (F2).
    public let inspector: InspectorWindow
    /// The help card over the simulated screen (F1).
    public let helpCard: HelpCardWindow
    /// The overlays drawn over the simulated screen and the keypad.
    public private(set) var overlays: InstrumentOverlays!
    /// Whether the inspector is wanted (it shows when the window is wide enough).
    public private(set) var inspectorWanted = true
    /// Called when F12 asks for a screenshot (the platform saves it).
    public var onScreenshotRequest: (() -> Void)?
    /// Called when F9 or the sidebar's `record-toggle` asks to start or stop recording the
    /// session's input; the toggle shows only once this is set.
    public var onRecordingToggle: (() -> Void)? {
        didSet {
            sidebar.recordItem.isHidden = onRecordingToggle == nil
            sidebar.setNeedsLayout()
        }
    }
    /// The navigation controller: the techniques list, then a scenario's screen.
    public let navigation: NavigationController
    /// The techniques list at the root of the navigation stack.
    public let techniques = TechniquesViewController()
    /// The trace, if one was asked for.
    public private(set) var tracer: Tracer?
    /// How dragging the form dismisses the keypad, in every scenario.
    public private(set) var dismissMode: KeyboardDismissMode = .none
    private var screens: [Scenario: FormViewController] = [:]
    private var observers: [ObserverToken] = []
    /// Called with every decision of every technique, after the trace has it (for instruments).
    public var decisionObservers: [(DismissalDecision) -> Void] = []
    /// Called after the scenario on screen changes.
    public var onScenarioChange: ((Scenario) -> Void)?

    /// The default window size: the sidebar, a phone-sized screen on which the keypad covers
    /// `notes` but leaves the caption, the switch, the button and the suggestion rows visible, and
    /// the inspector.
    public nonisolated static let defaultSize = Size(width: SidebarWindow.width + 390 + InspectorWindow.width, height: 820)
    /// The narrowest simulated screen.
    public nonisolated static let minimumDeviceWidth = 320.0

    /// Builds the windows and screens, showing `scenario`, and adds them to `application`.
    public init(application: Application, scenario: Scenario = .sendEvent) {
        self.application = application
        self.scenario = scenario
        let (chrome, device, side) = Self.split(application.screenSize, inspector: true)
        application.deviceFrame = device
        window = DismissingWindow(frame: device, notificationCenter: application.notificationCenter)
        window.identifier = "window"
        window.backgroundColor = Palette.groupedBackground
        sidebar = SidebarWindow(frame: chrome)
        sidebar.isHidden = chrome.width == 0
        inspector = InspectorWindow(frame: side)
        inspector.isHidden = side.width == 0
        helpCard = HelpCardWindow(frame: Self.helpCardFrame(device: device, inspector: side))
        navigation = NavigationController(root: techniques)
        application.addWindow(window)
        application.addWindow(sidebar)
        application.addWindow(inspector)
        application.addWindow(helpCard)
        window.setRootViewController(navigation)
        window.onDecision = { [weak self] decision in self?.record(decision) }
        techniques.onChoose = { [weak self] chosen in self?.push(chosen) }
        navigation.onTopChange = { [weak self] top in self?.topDidChange(top) }
        sidebar.onScenario = { [weak self] chosen in self?.show(chosen, animated: false) }
        sidebar.cancelsTouchesItem.isOn = true
        sidebar.cancelsTouchesItem.onTap = { [weak self] item in
            item.isOn.toggle()
            (self?.screens[.tapGesture] as? TapGestureViewController)?.cancelsTouchesInView = item.isOn
        }
        sidebar.dimItem.onTap = { [weak self] item in
            item.isOn.toggle()
            (self?.screens[.backgroundControl] as? BackgroundControlViewController)?.dimsAroundField = item.isOn
        }
        for (mode, item) in sidebar.dismissModeItems {
            item.onTap = { [weak self] _ in self?.setDismissMode(mode) }
        }
        sidebar.show(dismissMode: dismissMode)
        application.onScreenResize = { [weak self] size in self?.layout(for: size) }
        overlays = InstrumentOverlays(application: application, appWindow: window) { [weak self] in
            self?.scenario ?? .sendEvent
        }
        wireInstruments()
        Self.enableKeyboardManager(in: application)
        KeyboardManager.shared.onDecision = { [weak self] decision in self?.keyboardManagerDecided(decision) }
        show(scenario, animated: false)
    }

    /// Splits the screen into the sidebar on the left, the simulated device, and the inspector on
    /// the right. Chrome that does not fit beside a device of the minimum width is left out
    /// (the inspector first).
    public nonisolated static func split(_ size: Size, inspector: Bool) -> (chrome: Rect, device: Rect, inspector: Rect) {
        let chromeWidth = size.width >= SidebarWindow.width + minimumDeviceWidth ? SidebarWindow.width : 0
        let inspectorWidth = inspector && size.width >= chromeWidth + minimumDeviceWidth + InspectorWindow.width
            ? InspectorWindow.width : 0
        let deviceWidth = size.width - chromeWidth - inspectorWidth
        return (Rect(x: 0, y: 0, width: chromeWidth, height: size.height),
                Rect(x: chromeWidth, y: 0, width: deviceWidth, height: size.height),
                Rect(x: chromeWidth + deviceWidth, y: 0, width: inspectorWidth, height: size.height))
    }

    /// The help card covers the simulated screen and the inspector beside it, or the whole
    /// window when that is too narrow: room for the shortcuts and the experiments side by side.
    nonisolated static func helpCardFrame(device: Rect, inspector: Rect) -> Rect {
        let right = Rect(x: device.minX, y: device.minY, width: device.width + max(0, inspector.width), height: device.height)
        if right.width >= HelpContentView.twoColumnWidth + 32 { return right }
        return Rect(x: 0, y: device.minY, width: right.maxX, height: device.height)
    }

    private func layout(for size: Size) {
        let (chrome, device, side) = Self.split(size, inspector: inspectorWanted)
        application.deviceFrame = device
        window.frame = device
        helpCard.frame = Self.helpCardFrame(device: device, inspector: side)
        sidebar.frame = chrome
        sidebar.setVisible(chrome.width > 0)
        inspector.frame = side.width > 0 ? side : Rect(x: size.width, y: 0, width: InspectorWindow.width, height: size.height)
        inspector.setVisible(side.width > 0)
    }

    // MARK: Instruments

    private func wireInstruments() {
        decisionObservers.append { [weak self] decision in self?.inspector.log.append(decision) }
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
        sidebar.recordItem.onTap = { [weak self] _ in self?.onRecordingToggle?() }
        application.unhandledKeyHandler = { [weak self] key in self?.shortcut(key) }
    }

    private func shortcut(_ key: KeyInput) {
        switch key.key {
        case .function(1): toggleHelp()
        case .function(2): toggleInspector()
        case .function(9): onRecordingToggle?()
        case .function(12): onScreenshotRequest?()
        case .escape where !helpCard.isHidden: helpCard.setVisible(false)
        default: break
        }
    }

    /// Shows whether input is being recorded, and to which file, in the sidebar.
    public func showRecording(to path: String?) {
        sidebar.recordItem.isOn = path != nil
        sidebar.recordItem.subtitle = path.map { "F9 · recording to " + ($0.split(separator: "/").last.map(String.init) ?? $0) } ?? "F9"
    }

    /// Shows or hides the help card.
    public func toggleHelp() {
        helpCard.setVisible(helpCard.isHidden)
        helpCard.setNeedsLayout()
    }

    /// Shows or hides the inspector (the simulated screen takes the room).
    public func toggleInspector() {
        inspectorWanted.toggle()
        sidebar.inspectorItem.isOn = inspectorWanted
        layout(for: application.screenSize)
    }

    /// Puts the app in the state a recording began in, before it is replayed: the inspector
    /// shown or hidden as it was (the simulated screen's width depends on it), and the input
    /// that was focused. Recordings without these header fields leave the app as it is.
    public func prepareForReplay(of recording: Recording) {
        if let wanted = recording.inspector, wanted != inspectorWanted { toggleInspector() }
        if let id = recording.focused { focus(id) }
    }

    /// Turns an overlay on or off by its identifier (`overlay-touches`, `overlay-regions`,
    /// `overlay-keypad`), as its switch in the inspector does.
    public func setOverlay(_ identifier: String, on: Bool) {
        switch identifier {
        case "overlay-touches": overlays.showsTouches = on; inspector.touchesItem.isOn = on
        case "overlay-regions": overlays.showsRegions = on; inspector.regionsItem.isOn = on
        case "overlay-keypad": overlays.showsKeypad = on; inspector.keypadItem.isOn = on
        default: break
        }
    }

    /// The screen of `scenario`, made once and kept, so each keeps its typed text.
    public func screen(for scenario: Scenario) -> FormViewController {
        if let screen = screens[scenario] { return screen }
        let screen: FormViewController
        switch scenario {
        case .sendEvent: screen = SendEventViewController()
        case .tapGesture: screen = TapGestureViewController()
        case .backgroundControl: screen = BackgroundControlViewController()
        case .keyboardManager: screen = KeyboardManagerViewController()
        }
        screen.onDecision = { [weak self] decision in self?.record(decision) }
        screen.form.onRowSelected = { [weak self] row in self?.tracer?.action(id: row.identifier, event: "select") }
        screen.form.keyboardDismissMode = dismissMode
        screens[scenario] = screen
        return screen
    }

    /// Shows `scenario`'s screen on top of the techniques list.
    public func show(_ scenario: Scenario, animated: Bool) {
        navigation.setViewControllers([techniques, screen(for: scenario)], animated: animated)
    }

    private func push(_ scenario: Scenario) {
        navigation.pushViewController(screen(for: scenario), animated: true)
    }

    private func topDidChange(_ top: ViewController?) {
        guard let screen = top as? FormViewController else {
            window.isDismissalEnabled = false
            return
        }
        window.isDismissalEnabled = screen.scenario == .sendEvent
        let changed = screen.scenario != scenario
        scenario = screen.scenario
        sidebar.show(scenario: scenario)
        if changed {
            tracer?.scenario(scenario.rawValue)
            onScenarioChange?(scenario)
        }
    }

    /// Sends a technique's decision to the trace and the observers.
    private func record(_ decision: DismissalDecision) {
        tracer?.decision(decision)
        for observer in decisionObservers { observer(decision) }
    }

    /// The app's one line (and the line that keeps the manager to its own scenario's screen).
    private static func enableKeyboardManager(in application: Application) {
        KeyboardManager.shared.application = application
        KeyboardManager.shared.enabledViewControllerClasses = [KeyboardManagerViewController.self]
        KeyboardManager.shared.isEnabled = true
    }

    private func keyboardManagerDecided(_ decision: KeyboardManagerDecision) {
        switch decision.action {
        case .info:
            tracer?.manager(decision.reason, focused: decision.focused)
        case .resign, .keep:
            let facts = decision.touches.map { touch in
                DismissalDecision.TouchFact(touch: touch.identifier, phase: touch.phase, view: touch.view?.traceName,
                                            canBecomeFirstResponder: touch.view?.canBecomeFirstResponder ?? false,
                                            insideFirstResponder: touch.view.map(KeyboardManager.shared.countsAsInside) ?? false)
            }
            record(DismissalDecision(strategy: Scenario.keyboardManager.rawValue,
                                               action: decision.action == .resign ? .resign : .keep,
                                               reason: decision.reason, firstResponder: decision.focused, touches: facts))
        }
    }

    /// Sets how dragging the form dismisses the keypad, in every scenario.
    public func setDismissMode(_ mode: KeyboardDismissMode) {
        dismissMode = mode
        for screen in screens.values { screen.form.keyboardDismissMode = mode }
        sidebar.show(dismissMode: mode)
    }

    /// The form of the scenario on screen.
    public var form: StandardForm { screen(for: scenario).form }

    /// Focuses the text input with `identifier`; returns false when there is none.
    @discardableResult
    public func focus(_ identifier: String) -> Bool {
        guard let view = window.view(withIdentifier: identifier), view.canBecomeFirstResponder else { return false }
        return view.becomeFirstResponder()
    }

    /// The identifiers that `focus(_:)` accepts.
    public var focusableIdentifiers: [String] { form.inputs.compactMap(\.identifier) }

    /// The keypad's frame when `touch` is on the keypad while a secure field is focused (the
    /// trace then hides which key it is on), else nil.
    static func secureKeypadFrame(for touch: Touch, in app: Application) -> Rect? {
        guard (app.firstResponder as? TextField)?.isSecureTextEntry == true,
              touch.window === app.keyboard.window else { return nil }
        return app.keyboard.frame
    }

    /// Starts writing the trace to `tracer`.
    public func attach(_ tracer: Tracer) {
        self.tracer = tracer
        let app = application
        app.touchObservers.append { [weak tracer, unowned app] touch in
            tracer?.touch(touch, redactedWithin: Self.secureKeypadFrame(for: touch, in: app))
        }
        app.focusObservers.append { [weak tracer] responder in
            tracer?.focus(responder, screen: (responder as? View).flatMap(Self.screen(of:))?.rawValue)
        }
        app.controlEventObservers.append { [weak tracer] control, event in
            // Drags inside and outside fire on every move; the trace keeps the meaningful events.
            guard event != .touchDragInside, event != .touchDragOutside else { return }
            tracer?.action(control, event)
        }
        app.frameObservers.append { [weak tracer, unowned app] in tracer?.layoutIfChanged(app) }
        let center = app.notificationCenter
        let phases: [(NotificationName, String)] = [
            (.keyboardWillShow, "willShow"), (.keyboardDidShow, "didShow"),
            (.keyboardWillHide, "willHide"), (.keyboardDidHide, "didHide"),
        ]
        for (name, phase) in phases {
            observers.append(center.addObserver(forName: name) { [weak tracer] note in
                tracer?.keypad(phase: phase, notification: note)
            })
        }
        observers.append(center.addObserver(forName: .textFieldDidChange) { [weak tracer] note in
            guard let field = note.object as? TextField else { return }
            tracer?.text(id: field.traceName, text: field.text, secure: field.isSecureTextEntry,
                         screen: Self.screen(of: field)?.rawValue)
        })
        observers.append(center.addObserver(forName: .textViewDidChange) { [weak tracer] note in
            guard let view = note.object as? TextView else { return }
            tracer?.text(id: view.traceName, text: view.text, secure: false, screen: Self.screen(of: view)?.rawValue)
        })
    }

    /// The scenario whose screen holds `view`: every screen has its own form, and during a
    /// navigation transition two are on screen at once.
    static func screen(of view: View) -> Scenario? {
        var current: View? = view
        while let v = current {
            if let screen = v.viewController as? FormViewController { return screen.scenario }
            current = v.superview
        }
        return nil
    }

    /// Writes the `ready` line and the first `layout` line: call once the first frame is on screen.
    public func didBecomeReady() {
        tracer?.ready(scenario: scenario.rawValue, window: application.screenSize, device: application.deviceFrame,
                      scale: application.pixelScale)
        tracer?.layoutIfChanged(application, force: true)
    }

    isolated deinit {
        for token in observers { application.notificationCenter.removeObserver(token) }
    }
}
