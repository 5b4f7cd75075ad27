import TapawayKit

/// A text input's own accessory view (`inputAccessoryView`), as a screen file's `accessory`
/// declares it: a bar above the keys, with a Done button (`toolbar-done`) that resigns the input
/// when the bar is a `done` bar, or empty for a bar of the app's that ends nothing.
@MainActor
final class AccessoryBar: View {
    /// The Done button, when the bar has one.
    let doneButton: Button?
    /// The bar's height, a toolbar's.
    static let height = 44.0

    /// A bar, with a Done button when `done`.
    init(done: Bool) {
        doneButton = done ? Button(title: "Done") : nil
        super.init(frame: Rect(x: 0, y: 0, width: 320, height: Self.height))
        identifier = "accessory"
        backgroundColor = Palette.barBackground
        if let doneButton {
            doneButton.identifier = "toolbar-done"
            doneButton.style = .plain
            doneButton.fontSize = 17
            addSubview(doneButton)
        }
    }

    /// Done at the trailing end, as a toolbar's `.done` item after a flexible space.
    override func layoutSubviews() {
        doneButton?.frame = Rect(x: bounds.width - 76, y: 2, width: 70, height: max(0, bounds.height - 4))
    }

    /// Draws the hairline on top.
    override func draw(_ rect: Rect, in canvas: Canvas) {
        canvas.fill(Rect(x: 0, y: 0, width: bounds.width, height: 1), color: Palette.separator)
    }
}
