import TapawayKit

/// The bar at the bottom of the chat-like screen (`layout=chat`): a message field and a Send
/// button, as a messaging app's composer. Identifiers: `composer` (the bar), `message` (the
/// field), `send` (the button).
@MainActor
package final class ComposerBar: View {
    /// The bar's height, in points.
    package static let height = 52.0
    /// The message field.
    package let field = TextField(placeholder: "Message")
    /// The Send button.
    package let send = Button(title: "Send")

    /// Creates the bar.
    package override init(frame: Rect = .zero) {
        super.init(frame: frame)
        identifier = "composer"
        backgroundColor = Palette.fieldBackground
        field.identifier = "message"
        field.autocapitalizationType = .sentences
        send.identifier = "send"
        send.style = .plain
        addSubview(field)
        addSubview(send)
    }

    /// The field takes the width the button leaves.
    package override func layoutSubviews() {
        let b = bounds
        let buttonWidth = 64.0
        field.frame = Rect(x: 10, y: 7, width: max(0, b.width - buttonWidth - 20), height: b.height - 14)
        send.frame = Rect(x: b.width - buttonWidth - 6, y: 7, width: buttonWidth, height: b.height - 14)
    }

    /// Draws the hairline along the top.
    package override func draw(_ rect: Rect, in canvas: Canvas) {
        canvas.fill(Rect(x: 0, y: 0, width: bounds.width, height: 1), color: Palette.separator)
    }
}

/// What a technique's screen holds under the navigation bar (the general option `layout`).
package enum ScreenLayout: String, Sendable, CaseIterable {
    /// The standard form in a scroll view (the default; the matrix plays on it).
    case form
    /// The same form in a plain view: nothing scrolls, so avoidance must move or resize the
    /// screen itself.
    case plain
    /// A chat-like screen: the form scrolls above a composer bar pinned to the bottom.
    case chat
}
