import TapawayKit

/// The simulated app's one window: the navigation controller's home.
///
/// A technique that needs
/// the window itself to act (as `send-event`'s `sendEvent` override does) asks for a subclass
/// through `DismissalTechnique.windowClass`, and learns from `activeTechnique` whether its
/// screen is the one on top. Every decision of a technique on the window's screens goes out
/// through `decisionObservers`.
@MainActor
package class AppWindow: Window {
    /// The notification centre the window's techniques observe.
    package let notificationCenter: NotificationCenter
    /// Every decision of the techniques on this window, as each is made: the trace, the
    /// inspector and the recorders observe it here, and nowhere else.
    package let decisionObservers = ObserverList<DismissalDecision>()
    /// The technique whose screen is on top; nil while the techniques list is.
    package var activeTechnique: TechniqueID?
    /// The technique's screen on top, which sees every touch event before delivery.
    package weak var activeScreen: FormViewController? {
        didSet {
            activeTechnique = activeScreen?.technique
            if activeScreen !== oldValue { placeOnDevice() }
        }
    }
    /// The simulated device's screen and Android's navigation bar on it (empty elsewhere), in
    /// screen coordinates, as the app last gave them.
    private var devicePlacement: (screen: Rect, navigationBar: Rect)?

    /// Creates the window over `frame`, observing through `notificationCenter`.
    package required init(frame: Rect, notificationCenter: NotificationCenter) {
        self.notificationCenter = notificationCenter
        super.init(frame: frame)
        accessibilityLabel = "Simulated screen"
    }

    /// Lets the screen on top see a touch event before and after it is delivered (as an
    /// Android activity's `dispatchTouchEvent` does around its call to `super`); the screen
    /// file's tap regions see it first.
    package override func sendEvent(_ event: Event) {
        let screen = event.type == .touches ? activeScreen : nil
        if let screen { screen.tapRegions.handle(event, in: self, screen: screen) }
        screen?.willDeliver(event, in: self)
        super.sendEvent(event)
        screen?.didDeliver(event, in: self)
    }

    /// Whether `candidate` is this class or one of its subclasses.
    package static func isAncestor(of candidate: AppWindow.Type) -> Bool { candidate is Self.Type }

    /// Covers the device's screen `screen`, less Android's navigation bar `navigationBar` (an
    /// empty rect on iOS), and keeps doing so as the screen on top changes.
    ///
    /// An Android app's window fits the system bars unless it draws edge to edge: its content
    /// ends above the navigation bar ("If set to true, the framework will inspect the now
    /// deprecated `View#SYSTEM_UI_LAYOUT_FLAGS` as well the `SOFT_INPUT_ADJUST_RESIZE` flag and
    /// fits content according to these flags", `Window.setDecorFitsSystemWindows`, true by
    /// default below API 35). The status bar stays over the app's bar, as iOS's does.
    package func place(onDevice screen: Rect, navigationBar: Rect) {
        devicePlacement = (screen, navigationBar)
        placeOnDevice()
    }

    /// Places the window again from the last placement, for the screen on top now: under the
    /// navigation bar while that screen draws edge to edge.
    package func placeOnDevice() {
        guard let (screen, bar) = devicePlacement else { return }
        let edgeToEdge = activeScreen?.effectiveAvoidance.drawsEdgeToEdge ?? false
        // An app applying WindowInsets.ime through an animation callback gets the IME's
        // synchronised animation.
        application?.keyboard.hasInsetsAnimationCallback = activeScreen?.effectiveAvoidance == .imeInsets
        var placed = screen
        if !edgeToEdge, bar.width > 0, bar.height > 0 {
            // The bar lies along the bottom in portrait, along the side in landscape.
            if bar.width >= screen.width {
                placed.size.height = max(0, bar.minY - screen.minY)
            } else {
                placed.size.width = max(0, bar.minX - screen.minX)
            }
        }
        if frame != placed { frame = placed }
    }
}
