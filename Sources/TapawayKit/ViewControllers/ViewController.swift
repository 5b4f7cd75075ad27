/// Manages one screen's view and its life, as `UIViewController`: the view is made on first use
/// (`loadView`, then `viewDidLoad`), and the container tells it when it will and did appear and
/// disappear.
@MainActor
open class ViewController: Responder {
    /// The title a navigation bar shows.
    public var title: String?
    /// The buttons the navigation bar shows at its trailing end while this screen is on top,
    /// the first at the edge, as `UINavigationItem.rightBarButtonItems`.
    public var rightBarButtons: [Button] = [] {
        didSet { navigationController?.barItemsDidChange(of: self) }
    }
    /// The buttons the navigation bar shows at its leading end while this screen is on top, the
    /// first at the edge, as `UINavigationItem.leftBarButtonItems`: they take the back button's
    /// place.
    public var leftBarButtons: [Button] = [] {
        didSet { navigationController?.barItemsDidChange(of: self) }
    }
    /// Whether the bar shows no back button over this screen (`UINavigationItem.hidesBackButton`).
    public var hidesBackButton = false {
        didSet { if hidesBackButton != oldValue { navigationController?.barItemsDidChange(of: self) } }
    }
    /// The back button's title over this screen, when it is not the title of the screen below
    /// (UIKit sets it on the screen below, as its `navigationItem.backButtonTitle`).
    public var backButtonTitle: String? {
        didSet { if backButtonTitle != oldValue { navigationController?.barItemsDidChange(of: self) } }
    }
    /// Whether the navigation bar is hidden while this screen is on top, as
    /// `setNavigationBarHidden(true, animated:)` in its `viewWillAppear`: its view starts under
    /// the status bar.
    public var prefersNavigationBarHidden = false {
        didSet { if prefersNavigationBarHidden != oldValue { navigationController?.barItemsDidChange(of: self) } }
    }
    private var loadedView: View?
    /// The navigation controller whose stack holds this controller, if any.
    public internal(set) weak var navigationController: NavigationController?
    /// Whether the view is in a window (between did-appear and will-disappear… did-disappear).
    public private(set) var isVisible = false

    /// Creates a view controller.
    public override init() { super.init() }

    /// The root view, made on first use.
    public var view: View {
        if let loadedView { return loadedView }
        loadView()
        let view = loadedView ?? View()
        loadedView = view
        view.viewController = self
        viewDidLoad()
        return view
    }

    /// Whether the view has been made.
    public var isViewLoaded: Bool { loadedView != nil }

    /// Whether the keyboard stays up when a text input under this controller stops editing, as
    /// UIKit's `disablesAutomaticKeyboardDismissal`; false here, overridden by presented sheets.
    ///
    /// Apple: "The default value of this property is YES when the modal presentation style of the
    /// view controller is set to UIModalPresentationFormSheet and NO for other presentation
    /// styles", and, of the form sheet on iPad, "the keyboard, once shown, is not hidden until the
    /// user taps the dismiss key or the modal view controller is programmatically dismissed"
    /// (documented). The keyboard asks every controller on the resigning input's responder chain,
    /// nearest first, so a form sheet's navigation controller that says true keeps the keyboard
    /// whatever the screen inside it says, as developers report of UIKit.
    open var disablesAutomaticKeyboardDismissal: Bool { false }

    /// Makes the root view; override to make your own and assign it with `setView(_:)`.
    open func loadView() { setView(View()) }

    /// Sets the root view (for `loadView` overrides).
    public func setView(_ view: View) {
        loadedView?.viewController = nil
        loadedView = view
        view.viewController = self
    }

    /// The view was made.
    open func viewDidLoad() {}
    /// The view is about to join the window.
    open func viewWillAppear(_ animated: Bool) {}
    /// The view is in the window and any transition has finished.
    open func viewDidAppear(_ animated: Bool) {}
    /// The view is about to leave the window.
    open func viewWillDisappear(_ animated: Bool) {}
    /// The view has left the window.
    open func viewDidDisappear(_ animated: Bool) {}

    /// Events the view does not handle go to the view's superview.
    open override var next: Responder? { loadedView?.superview }

    // MARK: Appearance, called by containers

    func beginAppearance(_ appearing: Bool, animated: Bool) {
        if appearing { viewWillAppear(animated) } else { viewWillDisappear(animated) }
    }

    func endAppearance(_ appearing: Bool, animated: Bool) {
        isVisible = appearing
        if appearing { viewDidAppear(animated) } else { viewDidDisappear(animated) }
    }
}

extension Window {
    /// Installs a view controller's view filling the window, with its appearance calls.
    public func setRootViewController(_ controller: ViewController) {
        let view = controller.view
        view.frame = bounds
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        controller.beginAppearance(true, animated: false)
        addSubview(view)
        controller.endAppearance(true, animated: false)
    }
}
