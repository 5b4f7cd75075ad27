/// The bar at the top of a navigation controller: a centred title, below the root a back button
/// with the previous screen's title, and the top screen's own buttons at the trailing end, as
/// `UINavigationBar`.
@MainActor
public final class NavigationBar: View {
    /// The label showing the title, centred in the bar.
    public let titleLabel = Label()
    /// The back button (`navbar-back`); hidden on the root screen.
    public let backButton = Button(title: "Back")
    /// The bar's height below the safe area's top (the status bar): its background reaches up
    /// under the status bar, as `UINavigationBar`'s does.
    public static let height = 52.0
    /// A Material 3 small top app bar's height: 64 dp (`TopAppBarSmallTokens.ContainerHeight`).
    public static let materialHeight = 64.0

    /// Whose bar it is.
    public enum Style: String, Sendable {
        /// iOS's `UINavigationBar`: a centred title, a "‹ Back" button with the previous title.
        case ios
        /// Android's Material 3 small top app bar: an up arrow (the navigation icon, a 48 dp
        /// button 4 dp from the edge) and the title left-aligned after it in 22 sp (Title Large),
        /// 16 dp from the edge without the arrow, 64 with it, as Compose's `TopAppBar` places
        /// them (`TopAppBarHorizontalPadding` 4 dp, `TopAppBarTitleInset` 12 dp after the icon).
        case material
    }

    /// Whose bar it is (the app sets it with the device).
    public var style = Style.ios {
        didSet {
            guard style != oldValue else { return }
            let material = style == .material
            titleLabel.fontSize = material ? 22 : 17
            titleLabel.fontWeight = material ? .regular : .semibold
            titleLabel.alignment = material ? .left : .center
            backButton.showsBackChevron = !material
            backButton.showsUpArrow = material
            backButton.accessibilityLabel = material ? "Navigate up" : nil
            setNeedsLayout()
            setNeedsDisplay()
            superview?.setNeedsLayout()
        }
    }

    /// The compact bar's height below the status bar: 32 points, the bar of a small iPhone in
    /// landscape (measured: "small phones in landscape mode will show a compact navigation bar
    /// that's only 32px tall instead of the usual 44px", microsoft/fluentui-apple #1727).
    public static let compactHeight = 32.0

    /// Whether the bar is the compact-height one (`UINavigationBar.compactAppearance`, "the
    /// appearance settings for a compact-height navigation bar"): the app sets it for an iPhone
    /// whose size classes are both compact, in landscape.
    public var isCompact = false {
        didSet {
            guard isCompact != oldValue else { return }
            setNeedsLayout()
            superview?.setNeedsLayout()
        }
    }

    /// The bar's height below the status bar in its style (and, for iOS's, its compactness).
    public var contentHeight: Double {
        style == .material ? Self.materialHeight : isCompact ? Self.compactHeight : Self.height
    }

    /// Creates a bar with an empty title and no back button.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        identifier = "navbar"
        backgroundColor = Palette.barBackground
        titleLabel.fontSize = 17
        titleLabel.fontWeight = .semibold
        titleLabel.alignment = .center
        backButton.style = .plain
        backButton.fontSize = 17
        backButton.identifier = "navbar-back"
        backButton.showsBackChevron = true
        addSubview(titleLabel)
        addSubview(backButton)
    }

    /// The back button's title as set by the navigation controller (the previous screen's).
    public var backTitle = "Back" {
        didSet { setNeedsLayout() }
    }

    /// The buttons at the trailing end, the first at the edge (the top screen's `rightBarButtons`, as
    /// `UINavigationItem.rightBarButtonItems`).
    ///
    /// The bar styles them as bar buttons: plain, 17 points.
    public var trailingButtons: [Button] = [] {
        didSet { replaceButtons(oldValue, with: trailingButtons) }
    }

    /// The buttons at the leading end, the first at the edge (the top screen's
    /// `leftBarButtons`, as `UINavigationItem.leftBarButtonItems`), styled as the trailing ones.
    public var leadingButtons: [Button] = [] {
        didSet { replaceButtons(oldValue, with: leadingButtons) }
    }

    /// Takes off the buttons of `old` that `new` no longer holds, and puts `new`'s on, styled as
    /// bar buttons: plain, 17 points.
    private func replaceButtons(_ old: [Button], with new: [Button]) {
        for button in old where !new.contains(where: { $0 === button }) && button.superview === self {
            button.removeFromSuperview()
        }
        for button in new where button.superview !== self {
            button.style = .plain
            button.fontSize = 17
            addSubview(button)
        }
        setNeedsLayout()
    }

    /// Centres the title; the back button hugs the left edge and, as on iOS, says just "Back"
    /// when the previous screen's title would run into the title; the trailing buttons hug the
    /// right edge, the first outermost.
    public override func layoutSubviews() {
        if style == .material { return layOutMaterial() }
        let w = bounds.width
        // The content sits in the bar's part below the status bar, inside the sides' safe area.
        let safe = safeAreaInsets
        let top = safe.top, height = max(0, bounds.height - safe.top)
        let left = safe.left, right = safe.right
        let titleFont = application?.fonts.font(size: titleLabel.fontSize, weight: titleLabel.fontWeight)
        let backFont = application?.fonts.font(size: backButton.fontSize, weight: .regular)
        let titleWidth = min(w - left - right - 32, (titleFont?.width(of: titleLabel.text) ?? 0) + 8)
        titleLabel.frame = Rect(x: ((w - titleWidth) / 2).rounded(), y: top, width: titleWidth, height: height)
        // The trailing buttons, from the right edge in.
        var trailingEdge = w - right - 4
        for button in trailingButtons where !button.isHidden {
            let width = max(44, (backFont?.width(of: button.title) ?? 0) + 20)
            button.frame = Rect(x: trailingEdge - width, y: top + 6, width: width, height: max(0, height - 12))
            trailingEdge -= width + 2
        }
        func buttonWidth(_ title: String) -> Double { (backFont?.width(of: title) ?? 0) + 32 }
        var title = backTitle
        if 4 + buttonWidth(title) > titleLabel.frame.minX - 6 { title = "Back" }
        backButton.title = title
        backButton.frame = Rect(x: left + 4, y: top + 6, width: buttonWidth(title), height: max(0, height - 12))
        // The leading buttons, from the left edge in.
        var leadingEdge = backButton.isHidden ? left + 4 : backButton.frame.maxX + 2
        for button in leadingButtons where !button.isHidden {
            let width = max(44, (backFont?.width(of: button.title) ?? 0) + 20)
            button.frame = Rect(x: leadingEdge, y: top + 6, width: width, height: max(0, height - 12))
            leadingEdge += width + 2
        }
        // A title too wide to stay centred clear of the buttons moves between them, as on iOS,
        // and wraps rather than run under a button.
        let start =
            leadingButtons.contains { !$0.isHidden }
            ? leadingEdge + 4 : backButton.isHidden ? left + 8 : backButton.frame.maxX + 6
        let end = trailingEdge - 4
        if titleLabel.frame.minX < start || titleLabel.frame.maxX > end {
            titleLabel.frame = Rect(x: start, y: top, width: max(0, end - start), height: height)
        }
    }

    /// The Material top app bar: the up arrow in a 48-point button 4 points from the leading
    /// edge, the title left-aligned 16 points from the edge (64 after the arrow), the trailing
    /// buttons at the trailing edge.
    private func layOutMaterial() {
        let w = bounds.width
        let safe = safeAreaInsets
        let top = safe.top, height = max(0, bounds.height - safe.top)
        let left = safe.left, right = safe.right
        let buttonFont = application?.fonts.font(size: 17, weight: .regular)
        backButton.title = ""
        backButton.frame = Rect(x: left + 4, y: top + ((height - 48) / 2).rounded(), width: 48, height: 48)
        var trailingEdge = w - right - 4
        for button in trailingButtons where !button.isHidden {
            let width = max(48, (buttonFont?.width(of: button.title) ?? 0) + 24)
            button.frame = Rect(x: trailingEdge - width, y: top + ((height - 48) / 2).rounded(), width: width, height: 48)
            trailingEdge -= width
        }
        var leadingEdge = backButton.isHidden ? left + 16 : left + 64
        for button in leadingButtons where !button.isHidden {
            let width = max(48, (buttonFont?.width(of: button.title) ?? 0) + 24)
            button.frame = Rect(x: leadingEdge, y: top + ((height - 48) / 2).rounded(), width: width, height: 48)
            leadingEdge += width
        }
        titleLabel.frame = Rect(x: leadingEdge, y: top, width: max(0, trailingEdge - leadingEdge - 4), height: height)
    }

    /// Draws the hairline under the bar (iOS; Material's bar has none at rest).
    public override func draw(_ rect: Rect, in canvas: Canvas) {
        guard style == .ios else { return }
        canvas.fill(Rect(x: 0, y: bounds.maxY - 1, width: bounds.width, height: 1), color: Palette.separator)
    }

    /// A tool bar, named by its title.
    public override var accessibilityRole: AccessibilityRole? { .toolBar }
    /// The title, unless a label was set.
    public override var accessibilityLabel: String? {
        get { super.accessibilityLabel ?? titleLabel.text }
        set { super.accessibilityLabel = newValue }
    }
}
