import TapawayKit
import TapawayScreen

/// A technique's screen: a screen file's content (the standard form unless `--screen` chose another)
/// under the navigation bar, plus whatever the technique needs.
///
/// Each technique's folder holds its subclass.
@MainActor
package class FormViewController: ViewController {
    /// The technique this screen shows.
    package let technique: TechniqueID
    /// The form: the screen file's content, built.
    package let form: ScreenForm
    /// The screen file a person chose (`--screen FILE`), or nil for the shipped screens, which
    /// the general option `layout` chooses among.
    package let chosenDocument: ScreenDocument?

    /// Creates the screen for `technique` showing `document` (nil: the shipped screens); with
    /// `backgroundIsControl` the form's background is a `Control`.
    package init(technique: TechniqueID, document: ScreenDocument? = nil, backgroundIsControl: Bool = false) {
        self.technique = technique
        chosenDocument = document
        form = ScreenForm(document: document ?? ScreenLayout.form.document, backgroundIsControl: backgroundIsControl)
        super.init()
        title = document?.title ?? Techniques.technique(for: technique)?.title ?? technique.rawValue
    }

    /// Which shipped screen the screen holds under the navigation bar: the form in a scroll view (the
    /// default), the form in a plain view, or the form above a chat composer (the general option
    /// `layout`).
    ///
    /// A screen file chosen with `--screen` is shown as it is.
    package var layout: ScreenLayout = .form {
        didSet { if layout != oldValue { applyLayout() } }
    }
    /// The screen file shown: the one chosen, or the shipped screen of `layout`.
    package var document: ScreenDocument { chosenDocument ?? layout.document }
    /// The bar pinned to the screen's bottom, while the screen shown has one (the chat's
    /// composer); built the first time it shows, then kept with its typed text.
    package var composer: View? {
        guard let bar = document.bottomBar else { return nil }
        if let built = builtComposer { return built }
        let built = form.buildBar(bar)
        (built as? ElementBar)?.reachesUnderHomeIndicator = bar.kind == .tabBar
        if chosenDocument != nil { ScreenWiring.apply(to: self, under: built, dismissals: technique == .asWritten) }
        builtComposer = built
        return built
    }
    private var builtComposer: View?
    /// The bar's own height, when the screen shown has one (0 without one).
    private var composerHeight: Double {
        guard let bar = document.bottomBar else { return 0 }
        return bar.placement.height ?? 52
    }

    /// The part of the bottom safe area (the home indicator's strip) that `area`, in the screen
    /// view's coordinates, reaches into: what a bar at the area's bottom keeps clear of.
    ///
    /// A chat's composer sits on the safe area's bottom at rest, as one pinned to
    /// `safeAreaLayoutGuide.bottomAnchor` (UIKit), laid out in SwiftUI's safe area (which
    /// "positions views within the safe area" unless told to ignore it), or wrapped in React
    /// Native's `SafeAreaView` ("to render content within the safe area boundaries"): documented
    /// for each. So every strategy starts from the same baseline, and an area that ends above the
    /// strip (the keyboard's top) reaches into none of it.
    package func bottomSafeArea(in area: Rect) -> Double {
        let inset = view.safeAreaInsets.bottom
        guard inset > 0, effectiveAvoidance.keepsToBottomSafeArea else { return 0 }
        return max(0, min(inset, area.maxY - (view.bounds.maxY - inset)))
    }
    /// The general option `avoidance` as set: the technique's own, or a strategy.
    package var avoidanceChoice = AvoidanceChoice.platform {
        didSet { if avoidanceChoice != oldValue { updateAvoidance() } }
    }
    /// Connects the screen to the avoidance strategy at work.
    package private(set) lazy var avoidance = AvoidanceDriver(screen: self)
    /// Eases the form's frame when the content's area changes.
    private let formSlider = FrameSlider()
    /// Eases the composer's frame when the content's area changes.
    private let composerSlider = FrameSlider()

    /// The avoidance the technique itself does, which `avoidance=platform` chooses: none by
    /// default (the keyboard covers what it covers).
    package var platformAvoidance: AvoidanceKind { .none }

    /// The avoidance at work: the technique's own with `platform`, else the one chosen.
    package var effectiveAvoidance: AvoidanceKind {
        switch avoidanceChoice {
        case .platform: platformAvoidance
        case .strategy(let kind): kind
        }
    }

    /// Called after the avoidance at work changes (the keyboard manager's screen turns the manager's
    /// own scrolling off and on).
    ///
    /// Does nothing by default.
    package func effectiveAvoidanceDidChange(to kind: AvoidanceKind) {}

    /// Whether the technique wants its form to act as a plain view whatever the layout (the
    /// `touches-began` technique's container option).
    ///
    /// False by default.
    package var wantsPlainContainer: Bool { false }

    /// Whether the form is a scroll view a strategy can scroll or inset: not when the screen's
    /// root does not scroll (the plain screen stands for a screen without a scroll view).
    package var formScrolls: Bool { documentScrolls }

    /// The safe area avoidance strategies read: the part of the device's safe area the screen's
    /// view overlaps (under the navigation bar, usually only the home indicator's, at the bottom).
    package var safeAreaForAvoidance: EdgeInsets { view.safeAreaInsets }

    /// The view that holds the whole app window's content, navigation bar included: what
    /// Android's `adjustResize` resizes and `adjustPan` pans.
    package var windowContent: View? { navigationController?.view ?? view.superview }

    /// The root view: a container holding the form (so the form can shrink inside it).
    package override func loadView() {
        let container = ScreenRootView()
        container.onResize = { [weak self] in self?.rootDidResize() }
        container.backgroundColor = Palette.groupedBackground
        form.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        container.addSubview(form)
        setView(container)
        // The file's own wiring: all of it as written, else only what does not end editing.
        tapRegions.isLayoutContainer = { [weak form] view in form?.element(for: view)?.kind == .view }
        if chosenDocument != nil { ScreenWiring.apply(to: self, under: form, dismissals: technique == .asWritten) }
        // The file's bar buttons and sheet, with their wiring.
        if chosenDocument != nil {
            let items = form.buildNavigationItems()
            let leading = form.buildNavigationItems(leading: true)
            for item in items + leading { ScreenWiring.apply(to: self, under: item, dismissals: technique == .asWritten) }
            rightBarButtons = items
            leftBarButtons = leading
            hidesBackButton = document.hidesBackButton
            backButtonTitle = document.backButtonTitle
            prefersNavigationBarHidden = document.navigationBarHidden
            if let spec = document.sheet, let content = form.buildSheetContent() {
                ScreenWiring.apply(to: self, under: content, dismissals: technique == .asWritten)
                sheet = SheetPresenter(screen: self, spec: spec, content: content)
            }
        }
        applyLayout()
        updateAvoidance()
    }

    /// Sizes the form to the container.
    package override func viewWillAppear(_ animated: Bool) {
        layOutContent(in: view.bounds)
    }

    /// Starts the avoidance strategy's observing, and lays the form out again: during a push
    /// its view was off to the side, where the safe area it read (and laid its margins by) was
    /// not the one it has now, as UIKit lays a view out again when its safe area changes.
    package override func viewDidAppear(_ animated: Bool) {
        form.setNeedsLayout()
        // A bottom bar keeps to the safe area (a tab bar reaches under it), known only once the
        // screen is shown.
        if document.bottomBar != nil { layOutContent(in: view.bounds) }
        avoidance.start()
        if playsSearchDimming { searchDimming.start() }
        // The file describes its screen with the sheet up: it is up when the screen shows.
        if !sheetShown {
            sheetShown = true
            sheet?.present(animated: false)
        }
    }

    /// The view controller of a sheet this screen presents: a plain one; a technique whose
    /// library acts per view controller class gives its own.
    func makeSheetController(for spec: SheetPresentation) -> SheetViewController { SheetViewController() }

    /// The file's sheet, presented over the screen, if the file has one.
    private(set) var sheet: SheetPresenter?
    /// Whether the sheet was presented when the screen first showed.
    private var sheetShown = false
    /// Whether the file's sheet is up: the page under it is not the current route.
    var sheetIsPresented: Bool { sheet?.isPresented == true }
    /// Whether `view` is in the file's sheet.
    func isInSheet(_ view: View) -> Bool { sheet.map { view === $0.content || view.isDescendant(of: $0.content) } ?? false }
    /// The file's Flutter tap regions, played before each touch event is delivered.
    let tapRegions = TapRegionSurface()

    /// Stops it, putting back what it changed.
    package override func viewWillDisappear(_ animated: Bool) {
        avoidance.stop()
        searchDimming.stop()
        // The sheet was presented by this screen: it goes with it, and comes back with it.
        if sheet?.isPresented == true {
            sheet?.dismiss(animated: false)
            sheetShown = false
        }
    }

    /// The search controllers' dim over the content while a search bar marked
    /// `obscuresBackground` is searched.
    private lazy var searchDimming = SearchDimming(screen: self)
    /// How many touches the search controllers' dim has taken so far.
    package var touchesTakenBySearchDimming: Int { searchDimming.touchesTaken }

    /// Whether the dim of a search bar marked `obscuresBackground` is played: it is UIKit's
    /// `UISearchController`, so under UIKit's techniques, and under `none` and *As written*
    /// unless the file is written for another platform.
    package var playsSearchDimming: Bool {
        switch Techniques.technique(for: technique)?.platform {
        case .uikit: return true
        case .everyPlatform, .screenFile: return document.platform == nil || document.platform == .uikit
        default: return false
        }
    }

    /// The form's frame with nothing avoiding: the screen's whole view, less the composer in the chat
    /// layout.
    ///
    /// Read afresh each time, so that after a rotation it is the new size.
    package var fullFormFrame: Rect { contentFrames(in: view.bounds).form }

    /// Lays the form (and the composer, in the chat layout) out in `area` of the screen's view,
    /// the composer at its bottom; eased over `duration` seconds when it is not 0.
    package func layOutContent(in area: Rect, duration: Double = 0) {
        restingBounds = area == view.bounds ? area : nil
        let frames = contentFrames(in: area)
        formSlider.move(form, to: frames.form, duration: duration)
        if let composer = composer, let bar = frames.bar { composerSlider.move(composer, to: bar, duration: duration) }
    }

    /// The screen view's bounds when the content was last laid out in all of them (nothing
    /// avoiding), or nil while a strategy holds it in less.
    private var restingBounds: Rect?

    /// The screen's view changed size (the window fits Android's navigation bar or no longer
    /// does, a rotation, a resized window's content): content laid out at rest is laid out again
    /// in the new size, so a bottom bar keeps to the safe area that size has.
    private func rootDidResize() {
        guard let resting = restingBounds else {
            // A strategy holds the content (the keyboard guide's pin): with the keyboard away it
            // meets the new size now (with it up, the driver has it meet the keyboard again).
            if view.application?.keyboard.state == .hidden { avoidance.reapply() }
            return
        }
        guard resting != view.bounds, document.bottomBar != nil else { return }
        layOutContent(in: view.bounds)
    }

    /// The form's frame and the bottom bar's (nil without one) for content laid out in `area`.
    ///
    /// The bar stands on the bottom safe area the area reaches into, the form above it; a tab
    /// bar reaches down under that strip with its items above it (UITabBar's height is its own
    /// plus the safe area's bottom).
    private func contentFrames(in area: Rect) -> (form: Rect, bar: Rect?) {
        guard let kind = document.bottomBar?.kind else { return (area, nil) }
        let under = bottomSafeArea(in: area), height = composerHeight
        let formHeight = max(0, area.height - height - under)
        let form = Rect(x: area.minX, y: area.minY, width: area.width, height: formHeight)
        let barHeight = kind == .tabBar ? height + under : height
        return (form, Rect(x: area.minX, y: area.minY + formHeight, width: area.width, height: barHeight))
    }

    /// Whether the screen shown lets its content scroll.
    private var documentScrolls: Bool {
        let root = document.content
        return root.kind.scrolls && (root.scroll?.scrolls ?? true)
    }

    /// Puts the screen file's views in the screen: its bottom bar (the chat's composer), and a
    /// form that does not scroll when its root does not (the plain screen).
    private func applyLayout() {
        guard isViewLoaded else { return }
        avoidance.strategy?.restore(self)
        form.isScrollEnabled = documentScrolls
        form.isPlainView = !documentScrolls || wantsPlainContainer
        if let composer = composer {
            composer.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
            if composer.superview == nil {
                let index = view.subviews.firstIndex { $0 === form }.map { $0 + 1 } ?? 0
                view.insertSubview(composer, at: index)
            }
        } else if let composer = builtComposer {
            _ = composer.endEditing(true)
            composer.removeFromSuperview()
        }
        if !documentScrolls { form.contentOffset = .zero }
        layOutContent(in: view.bounds)
        avoidance.reapply()
    }

    /// Hands the avoidance chosen to the driver.
    private func updateAvoidance() {
        guard isViewLoaded else { return }
        let kind = effectiveAvoidance
        // An edge-to-edge choice moves the window's bottom under Android's navigation bar.
        if let window = view.window as? AppWindow, window.activeScreen === self {
            window.placeOnDevice()
            window.layoutIfNeeded()
        }
        avoidance.use(kind)
        effectiveAvoidanceDidChange(to: kind)
        if document.bottomBar != nil, avoidance.strategy == nil { layOutContent(in: view.bounds) }
    }

    /// The notification centre of the application the screen is in.
    var notificationCenter: NotificationCenter? { view.application?.notificationCenter }

    /// The text input being edited in this screen, if any.
    package var editingInput: View? {
        guard let responder = view.window?.firstResponder as? View, responder.isDescendant(of: view) else { return nil }
        return responder
    }

    /// Whether the technique sets the form's `keyboardDismissMode` itself, so the general
    /// *Dragging the form* option leaves this screen alone.
    package var ownsKeyboardDismissMode: Bool { false }

    /// Whether this platform's scroll view lets a drag begin when its content fits, so that a
    /// drag-to-dismiss mode acts on a short form: false for UIKit (`alwaysBounceVertical` is
    /// false by default) and Android (`ScrollView` does not intercept a drag it cannot
    /// scroll); the screens of toolkits whose scroll views always bounce say true.
    package var platformBouncesWhenContentFits: Bool { false }

    /// The general option *When the form fits* (`bounce`): `platform`, `always` or `never`.
    package var bounceChoice = BounceChoice.platform {
        didSet { applyBounce() }
    }

    /// Sets the form's `alwaysBounceVertical` from `bounceChoice`, the platform and the screen
    /// file; a screen whose platform answer changes (a table container) calls it again.
    package func applyBounce() {
        // A screen file that says its root always bounces is taken at its word.
        let declared = chosenDocument?.content.scroll?.alwaysBounceVertical ?? false
        form.alwaysBounceVertical =
            bounceChoice == .always || (bounceChoice == .platform && (platformBouncesWhenContentFits || declared))
    }

    /// Sees every touch event of the window before it is delivered, while this screen is on top: for
    /// techniques that act on touches before any view does.
    ///
    /// Does nothing by default.
    package func willDeliver(_ event: Event, in window: AppWindow) {}

    /// Sees every touch event of the window after it was delivered, while this screen is on top.
    ///
    /// Does nothing by default.
    package func didDeliver(_ event: Event, in window: AppWindow) {}

    /// Reports a decision of this screen's technique to its window's decision observers (the
    /// trace and the instruments).
    package func report(_ action: DismissalDecision.Action, _ reason: String, touches: [Touch] = []) {
        guard let window = view.window as? AppWindow else { return }
        window.decisionObservers.notify(
            DismissalDecision(
                technique: technique, action: action, reason: reason, firstResponder: editingInput,
                touches: touches))
    }
}

/// A screen's root view, which tells its screen when its size changes.
@MainActor
private final class ScreenRootView: View {
    /// Called when a layout pass follows a change of size.
    var onResize: (() -> Void)?
    /// The size at the last layout pass.
    private var laidOutSize: Size?

    /// Tells `onResize` when the size is new.
    override func layoutSubviews() {
        super.layoutSubviews()
        guard laidOutSize != bounds.size else { return }
        laidOutSize = bounds.size
        onResize?()
    }
}
