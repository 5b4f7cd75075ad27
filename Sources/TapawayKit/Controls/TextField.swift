/// A single-line text input, as `UITextField`: a tap focuses it (the keypad slides up), Return
/// sends `editingDidEndOnExit` (and ends editing when something listens for it), and becoming
/// or resigning first responder posts the did-begin / did-end editing notifications.
@MainActor
open class TextField: Control, TextInput, TextEditingKeys {
    var editable = EditableText()
    private lazy var blinker = CaretBlinker { [weak self] in self?.setNeedsDisplay() }
    private var scrollX = 0.0

    /// The text.
    public var text: String {
        get { editable.text }
        set { editable.setText(newValue); scrollX = 0; setNeedsDisplay() }
    }
    /// Shown in grey while the field is empty.
    public var placeholder: String = "" { didSet { setNeedsDisplay() } }
    /// Whether the text is shown as bullets.
    public var isSecureTextEntry = false { didSet { setNeedsDisplay() } }
    /// The keypad to show.
    public var keyboardType: KeyboardType = .default
    /// The return key's label.
    public var returnKeyType: ReturnKeyType = .default
    /// The font size in pixels.
    public var fontSize: Double = 17
    /// Space between the border and the text.
    public var textInset = 12.0
    /// The caret offset, in characters.
    public var caretOffset: Int { editable.caret }
    /// The selected character range.
    public var selectedRange: Range<Int> { editable.selection }

    /// Creates a field.
    public init(placeholder: String = "", frame: Rect = .zero) {
        self.placeholder = placeholder
        super.init(frame: frame)
    }

    /// An enabled field can take focus.
    open override var canBecomeFirstResponder: Bool { isEnabled && window != nil }
    /// Whether there is any text.
    public var hasText: Bool { !editable.text.isEmpty }

    /// Starts editing: caret blinking, editing-did-begin, the did-begin notification.
    open override func didBecomeFirstResponder() {
        blinker.restart(timers: application?.timers)
        setNeedsDisplay()
        sendActions(for: .editingDidBegin)
        application?.notificationCenter.post(name: .textFieldDidBeginEditing, object: self)
    }

    /// Ends editing: editing-did-end and the did-end notification.
    open override func didResignFirstResponder() {
        blinker.stop()
        editable.moveCaret(to: editable.caret)
        setNeedsDisplay()
        sendActions(for: .editingDidEnd)
        application?.notificationCenter.post(name: .textFieldDidEndEditing, object: self)
    }

    // MARK: Text input

    /// Inserts text at the caret.
    public func insertText(_ string: String) {
        let clean = string.filter { $0 != "\n" && $0 != "\r" && $0 != "\t" }
        guard !clean.isEmpty else { return }
        editable.insert(clean)
        textDidChange()
    }

    /// Deletes before the caret.
    public func deleteBackward() {
        if editable.deleteBackward() { textDidChange() }
    }

    /// Return: sends editing-did-end-on-exit; as in UIKit, the field resigns when an action is
    /// registered for that event.
    public func insertReturn() {
        let resigns = hasActions(for: .editingDidEndOnExit)
        sendActions(for: .editingDidEndOnExit)
        if resigns { resignFirstResponder() }
    }

    func textDidChange() {
        keepCaretVisible()
        blinker.restart(timers: application?.timers)
        setNeedsDisplay()
        sendActions(for: .editingChanged)
        application?.notificationCenter.post(name: .textFieldDidChange, object: self)
    }

    func caretDidMove() {
        keepCaretVisible()
        blinker.restart(timers: application?.timers)
        setNeedsDisplay()
    }

    /// Edits with the physical keyboard while focused; other keys go up the chain.
    open override func keyDown(_ key: KeyInput, with event: Event) {
        if isFirstResponder, applyEditingKey(key) { return }
        super.keyDown(key, with: event)
    }

    // MARK: Touches

    /// A tap focuses the field and places the caret where the finger lifted.
    open override func touchesEnded(_ touches: [Touch], with event: Event) {
        let wasTracking = isTracking
        super.touchesEnded(touches, with: event)
        guard wasTracking, let touch = touches.first, bounds.contains(touch.location(in: self)) else { return }
        if !isFirstResponder { becomeFirstResponder() }
        if isFirstResponder {
            editable.moveCaret(to: caretOffset(atX: touch.location(in: self).x))
            caretDidMove()
        }
    }

    // MARK: Geometry and drawing

    private var font: Font? { application?.fonts.font(size: fontSize, weight: .regular) }

    private var displayed: String {
        isSecureTextEntry ? String(repeating: "\u{2022}", count: editable.count) : editable.text
    }

    private func prefixWidth(_ offset: Int, font: Font) -> Double {
        let shown = displayed
        return font.width(of: shown[..<shown.index(shown.startIndex, offsetBy: min(offset, shown.count))])
    }

    /// The character offset nearest to `x` in the field's coordinates.
    public func caretOffset(atX x: Double) -> Int {
        guard let font else { return editable.caret }
        let shown = displayed
        let index = TextLayout.index(in: shown, line: shown.startIndex..<shown.endIndex,
                                     nearestTo: x - textInset + scrollX, font: font)
        return shown.distance(from: shown.startIndex, to: index)
    }

    private func keepCaretVisible() {
        guard let font else { return }
        let visible = bounds.width - 2 * textInset
        let caretX = prefixWidth(editable.caret, font: font)
        if caretX - scrollX > visible { scrollX = caretX - visible }
        if caretX - scrollX < 0 { scrollX = max(0, caretX - visible / 3) }
        let total = font.width(of: displayed)
        if total - scrollX < visible { scrollX = max(0, total - visible) }
    }

    /// Draws the rounded field, the focus ring, the text or placeholder, the selection and caret.
    open override func draw(_ rect: Rect, in canvas: Canvas) {
        let focused = isFirstResponder
        canvas.fillRoundedRect(bounds, radius: 10, color: Palette.fieldBackground)
        if focused {
            canvas.strokeRoundedRect(bounds, radius: 10, lineWidth: 2, color: Palette.accent)
        } else {
            canvas.strokeRoundedRect(bounds, radius: 10, lineWidth: 1, color: Palette.separator)
        }
        guard let font else { return }
        canvas.save()
        canvas.clip(to: bounds.insetBy(dx: textInset - 2, dy: 2))
        let baseline = bounds.minY + ((bounds.height + font.ascent - font.descent) / 2).rounded()
        let x0 = bounds.minX + textInset - scrollX
        if editable.text.isEmpty {
            canvas.drawText(placeholder, at: Point(x: bounds.minX + textInset, y: baseline), font: font, color: Palette.placeholder)
        } else {
            if !editable.selection.isEmpty && focused {
                let a = prefixWidth(editable.selection.lowerBound, font: font)
                let b = prefixWidth(editable.selection.upperBound, font: font)
                canvas.fill(Rect(x: x0 + a, y: baseline - font.ascent - 2, width: b - a, height: font.lineHeight + 4),
                            color: Palette.selection)
            }
            canvas.drawText(displayed, at: Point(x: x0, y: baseline), font: font,
                            color: isEnabled ? Palette.label : Palette.secondaryLabel)
        }
        if focused && blinker.isVisible && editable.selection.isEmpty {
            let cx = (x0 + prefixWidth(editable.caret, font: font)).rounded()
            canvas.fillRoundedRect(Rect(x: cx - 1, y: baseline - font.ascent - 1, width: 2, height: font.lineHeight + 2),
                                   radius: 1, color: Palette.accent)
        }
        canvas.restore()
    }
}
