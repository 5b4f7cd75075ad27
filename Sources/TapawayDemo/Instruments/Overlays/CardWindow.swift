import TapawayKit

/// A card over the simulated screen (the help card, the Audit card): hidden until shown, its
/// content inset 16 points from its edges, and while it is up the keys are its own: Escape
/// closes it, the function keys go on to the app's shortcuts, and nothing else reaches the field
/// behind it.
@MainActor
package class CardWindow: Window {
    /// What the card shows.
    private let cardContent: View

    /// A hidden card over `frame`, named `identifier`, showing `content` (named
    /// `contentIdentifier`).
    init(frame: Rect, identifier: String, content: View, contentIdentifier: String) {
        cardContent = content
        super.init(frame: frame, level: .overlay)
        self.identifier = identifier
        backgroundColor = Palette.groupedBackground
        content.identifier = contentIdentifier
        addSubview(content)
        isHidden = true
        takesKeysWhileShown = true
    }

    /// Escape closes the card; the function keys go on to the app's shortcuts; the rest stop here.
    package override func keyDown(_ key: KeyInput, with event: Event) {
        switch key.key {
        case .escape: setVisible(false)
        case .function: super.keyDown(key, with: event)
        default: break
        }
    }

    /// Fills the window with the content, inset.
    package override func layoutSubviews() {
        cardContent.frame = bounds.insetBy(dx: 16, dy: 16)
        cardContent.setNeedsLayout()
    }
}
