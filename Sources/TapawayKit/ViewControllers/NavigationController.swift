/// A stack of screens under a navigation bar, as `UINavigationController`: push slides a screen
/// in from the right, pop (or the back button) slides it away, and each screen is told when it
/// will and did appear or disappear.
@MainActor
open class NavigationController: ViewController {
    /// The bar at the top that shows the top screen's title and the back button.
    public let navigationBar = NavigationBar()
    /// The screens, root first.
    public private(set) var viewControllers: [ViewController] = []
    /// How long a push or pop slide takes.
    public var transitionDuration = 0.3
    private var transition: Animation?
    /// Called after every push, pop or replacement, when the new top has appeared.
    public var onTopChange: ((ViewController?) -> Void)?

    /// Creates a navigation controller with a root screen.
    public init(root: ViewController) {
        super.init()
        viewControllers = [root]
        root.navigationController = self
    }

    /// The screen on top.
    public var topViewController: ViewController? { viewControllers.last }

    /// The container: the bar on top, the top screen's view below it.
    open override func loadView() {
        let container = ContainerView()
        container.onLayout = { [weak self] in self?.layoutContainer() }
        container.addSubview(navigationBar)
        setView(container)
        navigationBar.backButton.addAction(for: .touchUpInside) { [weak self] _, _ in self?.popViewController(animated: true) }
    }

    /// Installs the root screen's view.
    open override func viewDidLoad() {
        if let top = topViewController { installView(of: top) }
        updateBar()
    }

    /// Forwards appearance to the top screen.
    open override func viewWillAppear(_ animated: Bool) { topViewController?.beginAppearance(true, animated: animated) }
    /// Forwards appearance to the top screen.
    open override func viewDidAppear(_ animated: Bool) { topViewController?.endAppearance(true, animated: animated) }
    /// Forwards disappearance to the top screen.
    open override func viewWillDisappear(_ animated: Bool) { topViewController?.beginAppearance(false, animated: animated) }
    /// Forwards disappearance to the top screen.
    open override func viewDidDisappear(_ animated: Bool) { topViewController?.endAppearance(false, animated: animated) }

    /// The bar's height with the status bar's part of the safe area above it.
    private var barHeight: Double { navigationBar.contentHeight + view.safeAreaInsets.top }

    /// Where the top screen's view goes: below the bar, or below the status bar when the top
    /// screen hides the bar.
    private var contentFrame: Rect {
        let b = view.bounds
        let top = topViewController?.prefersNavigationBarHidden == true ? view.safeAreaInsets.top : barHeight
        return Rect(x: 0, y: top, width: b.width, height: max(0, b.height - top))
    }

    /// Keeps the bar and the top screen filling the container.
    func layoutContainer() {
        let b = view.bounds
        navigationBar.frame = Rect(x: 0, y: 0, width: b.width, height: barHeight)
        navigationBar.setNeedsLayout()
        if transition == nil, let top = topViewController, top.isViewLoaded { top.view.frame = contentFrame }
    }

    private func installView(of controller: ViewController) {
        let v = controller.view
        v.frame = contentFrame
        v.autoresizingMask = []
        view.insertSubview(v, at: max(0, view.subviews.count - 1))
        layoutContainer()
    }

    /// Shows `controller`'s new bar buttons when it is on top.
    func barItemsDidChange(of controller: ViewController) {
        guard controller === topViewController else { return }
        updateBar()
        if isViewLoaded { layoutContainer() }
    }

    private func updateBar() {
        let top = topViewController
        navigationBar.titleLabel.text = top?.title ?? ""
        navigationBar.trailingButtons = top?.rightBarButtons ?? []
        navigationBar.leadingButtons = top?.leftBarButtons ?? []
        navigationBar.isHidden = top?.prefersNavigationBarHidden ?? false
        navigationBar.setNeedsLayout()
        // Leading buttons take the back button's place, as leftBarButtonItems do.
        if viewControllers.count > 1, top?.hidesBackButton != true, top?.leftBarButtons.isEmpty != false {
            navigationBar.backTitle = top?.backButtonTitle ?? viewControllers[viewControllers.count - 2].title ?? "Back"
            navigationBar.backButton.isHidden = false
        } else {
            navigationBar.backButton.isHidden = true
        }
    }

    /// Pushes a screen on top, sliding it in from the right.
    public func pushViewController(_ controller: ViewController, animated: Bool) {
        guard !viewControllers.contains(where: { $0 === controller }) else { return }
        controller.navigationController = self
        replaceTop(from: topViewController, to: controller, forward: true, animated: animated) {
            self.viewControllers.append(controller)
        }
    }

    /// Pops the top screen (not the root), sliding it away to the right.
    @discardableResult
    public func popViewController(animated: Bool) -> ViewController? {
        guard viewControllers.count > 1, let top = topViewController else { return nil }
        let below = viewControllers[viewControllers.count - 2]
        replaceTop(from: top, to: below, forward: false, animated: animated) {
            self.viewControllers.removeLast()
        }
        return top
    }

    /// Replaces the whole stack; the new top appears (sliding when `animated`).
    public func setViewControllers(_ controllers: [ViewController], animated: Bool) {
        guard let newTop = controllers.last else { return }
        for c in controllers { c.navigationController = self }
        let oldTop = topViewController
        if oldTop === newTop {
            viewControllers = controllers
            updateBar()
            return
        }
        replaceTop(from: oldTop, to: newTop, forward: true, animated: animated) {
            self.viewControllers = controllers
        }
    }

    private func replaceTop(
        from old: ViewController?, to new: ViewController, forward: Bool,
        animated: Bool, update: @escaping () -> Void
    ) {
        transition?.cancel()
        guard isViewLoaded, view.window != nil else {
            update()
            if isViewLoaded {
                old?.view.removeFromSuperview()
                installView(of: new)
                updateBar()
            }
            onTopChange?(new)
            return
        }
        _ = new.view  // loaded before it is told it will appear
        let visible = old?.isVisible ?? false
        if visible { old?.beginAppearance(false, animated: animated) }
        new.beginAppearance(true, animated: animated)
        update()
        // The screen that leaves takes its editing with it: the keyboard slides away with the
        // transition, as on iOS, not after it.
        // Nor can it take editing back while it slides: a finger that lifts on one of its fields
        // does not focus it (the monkey found the focus left on a screen that had gone).
        if let old, old.isViewLoaded {
            _ = old.view.endEditing(true)
            old.view.isUserInteractionEnabled = false
        }
        installView(of: new)
        updateBar()
        let width = view.bounds.width
        let finish: (Bool) -> Void = { [weak self] _ in
            guard let self else { return }
            self.transition = nil
            old?.view.removeFromSuperview()
            if let old, old.isViewLoaded { old.view.isUserInteractionEnabled = true }
            new.view.frame = self.contentFrame
            if visible { old?.endAppearance(false, animated: animated) }
            new.endAppearance(true, animated: animated)
            self.onTopChange?(new)
        }
        guard animated, let app = view.application, let old else {
            finish(true)
            return
        }
        let frame = contentFrame
        if !forward { view.insertSubview(new.view, at: 0) }
        transition = app.animate(
            duration: transitionDuration, curve: .easeInOut,
            step: { t in
                if forward {
                    new.view.frame = frame.offsetBy(dx: (width * (1 - t)).rounded(), dy: 0)
                    old.view.frame = frame.offsetBy(dx: (-width * 0.3 * t).rounded(), dy: 0)
                } else {
                    old.view.frame = frame.offsetBy(dx: (width * t).rounded(), dy: 0)
                    new.view.frame = frame.offsetBy(dx: (-width * 0.3 * (1 - t)).rounded(), dy: 0)
                }
            }, completion: finish)
    }
}

/// A view that asks its owner to lay out its subviews.
@MainActor
final class ContainerView: View {
    var onLayout: (() -> Void)?
    override func layoutSubviews() { onLayout?() }
}
