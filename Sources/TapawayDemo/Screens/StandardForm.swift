import TapawayKit

/// The standard form every scenario shows: a hint, four fields, a caption, a switch, a button,
/// three suggestion rows and a notes view, on a grouped background inside a scroll view.
/// Identifiers (`name`, `email`, `password`, `phone`, `caption`, `subscribe`, `submit`,
/// `row-1`…`row-3`, `notes`, `background`) are stable: tests, traces and testers use them.
@MainActor
package final class StandardForm: ScrollView {
    /// The background behind the form: a plain view, or a control in the background-control scenario.
    package let background: View
    /// The hint at the top.
    package let hint = Label(text: "Focus a field, then tap outside it.")
    /// The name field.
    package let name = TextField(placeholder: "Name")
    /// The email field (email keypad); with `emailValidates`, it refuses to resign while it holds
    /// text without an `@`.
    package let email = TextField(placeholder: "Email")
    /// The password field (secure: bullets).
    package let password = TextField(placeholder: "Password")
    /// The phone field (number pad).
    package let phone = TextField(placeholder: "Phone")
    /// A caption label: labels take no touches, so a tap on it lands on the background.
    package let caption = Label(text: "We only use your details to sign you in. Labels take no touches.")
    /// The label beside the switch.
    package let subscribeLabel = Label(text: "Subscribe to the newsletter")
    /// The subscribe switch.
    package let subscribe = Switch()
    /// The submit button.
    package let submit = Button(title: "Submit")
    /// The header over the suggestion rows.
    package let suggestionsHeader = Label(text: "SUGGESTIONS")
    /// Three table-cell-like rows (`row-1`…`row-3`): views, not controls.
    package let rows: [SuggestionRow] = [
        SuggestionRow(title: "Ada Lovelace", identifier: "row-1"),
        SuggestionRow(title: "Grace Hopper", identifier: "row-2"),
        SuggestionRow(title: "Alan Turing", identifier: "row-3"),
    ]
    /// The multi-line notes view.
    package let notes = TextView(placeholder: "Notes (Return adds a line)")
    /// Called when a tap selects a row.
    package var onRowSelected: ((SuggestionRow) -> Void)?

    /// Whether the form behaves as a plain view, not a scroll view: it does not scroll, and the
    /// touches that reach it travel on up the responder chain to the screen's view controller,
    /// as they do through a plain `UIView` (the `touches-began` technique's container option).
    package var isPlainView = false {
        didSet {
            panGestureRecognizer.isEnabled = !isPlainView
            delaysContentTouches = !isPlainView
        }
    }

    /// As a plain view, passes touches up the chain; as a scroll view, keeps them.
    package override func touchesBegan(_ touches: [Touch], with event: Event) {
        if isPlainView { next?.touchesBegan(touches, with: event) }
    }
    /// As `touchesBegan`.
    package override func touchesMoved(_ touches: [Touch], with event: Event) {
        if isPlainView { next?.touchesMoved(touches, with: event) }
    }
    /// As `touchesBegan`.
    package override func touchesEnded(_ touches: [Touch], with event: Event) {
        if isPlainView { next?.touchesEnded(touches, with: event) }
    }
    /// As `touchesBegan`.
    package override func touchesCancelled(_ touches: [Touch], with event: Event) {
        if isPlainView { next?.touchesCancelled(touches, with: event) }
    }

    /// Whether `email`'s delegate keeps it first responder while it holds something that is not
    /// an address: a field that refuses to resign when asked (`resignFirstResponder`), though
    /// `endEditing(true)` still forces it out.
    package var emailValidates = false {
        didSet { email.shouldEndEditing = emailValidates ? { $0.text.isEmpty || $0.text.contains("@") } : nil }
    }

    /// The text inputs, in reading order.
    package var inputs: [View] { [name, email, password, phone, notes] }

    /// The identifiers of the form's text inputs, which `--focus` and a recording's `focused`
    /// may name.
    package static let inputIdentifiers = ["name", "email", "password", "phone", "notes"]
    /// Space around the form's content.
    package static let margin = 20.0
    /// The height of a single-line field.
    package static let fieldHeight = 38.0

    /// Creates the form; with `backgroundIsControl` the background is a `Control`.
    package init(frame: Rect = .zero, backgroundIsControl: Bool = false) {
        background = backgroundIsControl ? Control() : View()
        super.init(frame: frame)
        backgroundColor = Palette.groupedBackground
        background.identifier = "background"
        background.backgroundColor = Palette.groupedBackground
        addSubview(background)

        hint.textColor = Palette.secondaryLabel
        hint.fontSize = 14
        name.identifier = "name"
        email.identifier = "email"
        email.keyboardType = .emailAddress
        // UIKit's default is sentences: name and notes have it, so the keypad shows Shift on
        // while they are empty. An address and a password are not sentences, as apps set them.
        name.autocapitalizationType = .sentences
        notes.autocapitalizationType = .sentences
        email.autocapitalizationType = .none
        password.identifier = "password"
        password.isSecureTextEntry = true
        password.autocapitalizationType = .none
        phone.identifier = "phone"
        phone.keyboardType = .numberPad
        caption.identifier = "caption"
        caption.fontSize = 13
        caption.textColor = Palette.secondaryLabel
        subscribeLabel.fontSize = 16
        subscribe.identifier = "subscribe"
        submit.identifier = "submit"
        suggestionsHeader.fontSize = 12
        suggestionsHeader.textColor = Palette.secondaryLabel
        notes.identifier = "notes"
        for (i, row) in rows.enumerated() {
            row.roundedCorners = (i == 0, i == rows.count - 1)
            row.showsSeparator = i < rows.count - 1
            row.onSelect = { [weak self] row in
                for other in self?.rows ?? [] { other.isSelected = other === row }
                self?.onRowSelected?(row)
            }
        }
        let views: [View] =
            [
                hint, name, email, password, phone, caption, subscribeLabel, subscribe, submit,
                suggestionsHeader,
            ] + rows + [notes]
        for view in views { background.addSubview(view) }
    }

    /// The height `label` draws its text in at `width`, wrapped as `Label` wraps it.
    private func wrappedHeight(of label: Label, width: Double) -> Double {
        guard let font = application?.fonts.font(size: label.fontSize, weight: label.fontWeight) else { return 0 }
        let lines = max(1, TextLayout.wrap(label.text, width: width, font: font).count)
        return Double(lines) * (font.lineHeight * 1.2).rounded()
    }

    /// Stacks the rows top to bottom at the width available: inside the margins and the safe
    /// area's sides (the sensor housing in landscape), as UIKit's layout margins follow the
    /// safe area.
    package override func layoutSubviews() {
        let m = Self.margin
        let sides = safeAreaInsets
        let left = m + sides.left
        let width = max(0, bounds.width - 2 * m - sides.left - sides.right)
        var y = 12.0
        func place(_ view: View, height: Double, gap: Double = 8, inset: Double = 0) {
            view.frame = Rect(x: left + inset, y: y, width: width - inset, height: height)
            y += height + gap
        }
        // The two texts take the lines they wrap to at this width (a narrow phone wraps the hint).
        place(hint, height: max(20, wrappedHeight(of: hint, width: width)), gap: 8)
        for field in [name, email, password, phone] { place(field, height: Self.fieldHeight) }
        place(caption, height: max(32, wrappedHeight(of: caption, width: width)), gap: 6)
        subscribeLabel.frame = Rect(x: left, y: y, width: width - Switch.size.width - 8, height: Switch.size.height)
        subscribe.frame = Rect(x: left + width - Switch.size.width, y: y, width: Switch.size.width, height: Switch.size.height)
        y += Switch.size.height + 10
        place(submit, height: 42, gap: 14)
        place(suggestionsHeader, height: 16, gap: 6, inset: 16)
        for row in rows { place(row, height: 40, gap: 0) }
        y += 16
        place(notes, height: 120, gap: m)
        let contentHeight = y
        background.frame = Rect(x: 0, y: 0, width: bounds.width, height: max(contentHeight, bounds.height))
        contentSize = Size(width: bounds.width, height: contentHeight)
        super.layoutSubviews()
    }
}
