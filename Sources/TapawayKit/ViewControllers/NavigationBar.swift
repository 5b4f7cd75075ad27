/// The bar at the top of a navigation controller: a centred title and, below the root, a back
/// button with the previous screen's title, as `UINavigationBar`.
@MainActor
public final class NavigationBar: View {
    /// The title.
    public let titleLabel = Label()
    /// The back button (`navbar-back`); hidden on the root screen.
    public let backButton = Button(title: "Back")
    /// The bar's height.
    public static let height = 52.0

    /// Creates a bar.
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

    /// Centres the title; the back button hugs the left edge.
    public override func layoutSubviews() {
        let w = bounds.width
        titleLabel.frame = Rect(x: 96, y: 0, width: max(0, w - 192), height: bounds.height)
        backButton.frame = Rect(x: 4, y: 6, width: 124, height: bounds.height - 12)
    }

    /// Draws the hairline under the bar.
    public override func draw(_ rect: Rect, in canvas: Canvas) {
        canvas.fill(Rect(x: 0, y: bounds.maxY - 1, width: bounds.width, height: 1), color: Palette.separator)
    }
}
