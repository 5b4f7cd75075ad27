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
        didSet { activeTechnique = activeScreen?.technique }
    }

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
}
