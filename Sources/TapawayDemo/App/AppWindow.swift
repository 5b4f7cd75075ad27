import TapawayKit

/// The simulated app's one window: the navigation controller's home. A technique that needs
/// the window itself to act (as `send-event`'s `sendEvent` override does) asks for a subclass
/// through `DismissalTechnique.windowClass`, and learns from `activeTechnique` whether its
/// screen is the one on top.
@MainActor
open class AppWindow: Window {
    /// The notification centre the window's techniques observe and report through.
    public let notificationCenter: NotificationCenter
    /// The technique whose screen is on top; nil while the techniques list is.
    open var activeTechnique: TechniqueID?

    /// Creates the window over `frame`, posting and observing through `notificationCenter`.
    public required init(frame: Rect, notificationCenter: NotificationCenter) {
        self.notificationCenter = notificationCenter
        super.init(frame: frame)
    }

    /// Whether `candidate` is this class or one of its subclasses.
    public static func isAncestor(of candidate: AppWindow.Type) -> Bool { candidate is Self.Type }
}
