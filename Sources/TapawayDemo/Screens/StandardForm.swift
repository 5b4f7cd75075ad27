import TapawayKit

/// The standard form every scenario shows: a heading, four fields, a caption, a switch, a button
/// and a notes view, on a grouped background inside a scroll view. Identifiers (`name`, `email`,
/// `password`, `phone`, `caption`, `subscribe`, `submit`, `notes`, `background`) are stable: tests,
/// traces and testers use them.
@MainActor
public final class StandardForm: ScrollView {
    /// The background behind the form: a plain view that cannot become first responder.
    public let background = View()
    /// The heading.
    public let heading = Label(text: "Create your account")
    /// The hint under the heading.
    public let hint = Label(text: "Tap anywhere outside a field to dismiss the keypad.")
    /// The name field.
    public let name = TextField(placeholder: "Name")
    /// The email field (email keypad).
    public let email = TextField(placeholder: "Email")
    /// The password field (secure: bullets).
    public let password = TextField(placeholder: "Password")
    /// The phone field (number pad).
    public let phone = TextField(placeholder: "Phone")
    /// A caption label: labels take no touches, so a tap on it lands on the background.
    public let caption = Label(text: "We only use your details to sign you in. Labels take no touches.")
    /// The label beside the switch.
    public let subscribeLabel = Label(text: "Subscribe to the newsletter")
    /// The subscribe switch.
    public let subscribe = Switch()
    /// The submit button.
    public let submit = Button(title: "Submit")
    /// The multi-line notes view.
    public let notes = TextView(placeholder: "Notes (Return adds a line)")

    /// The text inputs, in reading order.
    public var inputs: [View] { [name, email, password, phone, notes] }

    /// Space around the form's content.
    public static let margin = 20.0

    /// Creates the form.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = Palette.groupedBackground
        background.identifier = "background"
        background.backgroundColor = Palette.groupedBackground
        addSubview(background)

        heading.fontSize = 26
        heading.fontWeight = .semibold
        hint.textColor = Palette.secondaryLabel
        hint.fontSize = 14
        name.identifier = "name"
        email.identifier = "email"
        email.keyboardType = .emailAddress
        password.identifier = "password"
        password.isSecureTextEntry = true
        phone.identifier = "phone"
        phone.keyboardType = .numberPad
        caption.identifier = "caption"
        caption.fontSize = 13
        caption.textColor = Palette.secondaryLabel
        subscribeLabel.fontSize = 16
        subscribe.identifier = "subscribe"
        submit.identifier = "submit"
        notes.identifier = "notes"
        for view in [heading, hint, name, email, password, phone, caption, subscribeLabel, subscribe, submit, notes] as [View] {
            background.addSubview(view)
        }
    }

    /// Stacks the rows top to bottom at the width available.
    public override func layoutSubviews() {
        let m = Self.margin
        let width = bounds.width - 2 * m
        var y = 22.0
        func place(_ view: View, height: Double, gap: Double = 12) {
            view.frame = Rect(x: m, y: y, width: width, height: height)
            y += height + gap
        }
        place(heading, height: 34, gap: 2)
        place(hint, height: 20, gap: 18)
        for field in [name, email, password, phone] { place(field, height: 44) }
        place(caption, height: 36, gap: 10)
        subscribeLabel.frame = Rect(x: m, y: y, width: width - Switch.size.width - 8, height: Switch.size.height)
        subscribe.frame = Rect(x: m + width - Switch.size.width, y: y, width: Switch.size.width, height: Switch.size.height)
        y += Switch.size.height + 16
        place(submit, height: 50, gap: 20)
        place(notes, height: 120, gap: m)
        let contentHeight = y
        background.frame = Rect(x: 0, y: 0, width: bounds.width, height: max(contentHeight, bounds.height))
        contentSize = Size(width: bounds.width, height: contentHeight)
        super.layoutSubviews()
    }
}
