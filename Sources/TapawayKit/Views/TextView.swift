/// A multi-line text input that wraps and scrolls vertically, as `UITextView`: Return inserts a
/// newline, and becoming or resigning first responder posts the text view notifications.
@MainActor
open class TextView: ScrollView, TextInput, TextEditingKeys {
    var editable = EditableText()
    private lazy var blinker = CaretBlinker { [weak self] in self?.setNeedsDisplay() }
    private var cachedLines: [Range<String.Index>]?
    private var cachedWidth = -1.0

    /// The text.
    public var text: String {
        get { editable.text }
        set { editable.setText(newValue); textLayoutChanged(); setNeedsDisplay() }
    }
    /// Shown in grey while the view is empty.
    public var placeholder: String = "" { didSet { setNeedsDisplay() } }
    /// Whether the view takes focus and edits.
    public var isEditable = true
    /// The keypad to show.
    public var keyboardType: KeyboardType = .default
    /// The return key's label.
    public var returnKeyType: ReturnKeyType = .default
    /// The font size in pixels.
    public var fontSize: Double = 17
    /// Space between the border and the text.
    public var textInsets = EdgeInsets(top: 10, left: 12, bottom: 10, right: 12)
    /// The caret offset, in characters.
    public var caretOffset: Int { editable.caret }

    /// Creates a text view.
    public init(placeholder: String = "", frame: Rect = .zero) {
        self.placeholder = placeholder
        super.init(frame: frame)
        backgroundColor = .clear
    }

    /// An editable view can take focus.
    open override var canBecomeFirstResponder: Bool { isEditable && window != nil }
    /// Whether there is any text.
    public var hasText: Bool { !editable.text.isEmpty }

    /// Starts editing: the caret blinks and the did-begin notification is posted.
    open override func didBecomeFirstResponder() {
        blinker.restart(timers: application?.timers)
        setNeedsDisplay()
        application?.notificationCenter.post(name: .textViewDidBeginEditing, object: self)
    }

    /// Ends editing and posts the did-end notification.
    open override func didResignFirstResponder() {
        blinker.stop()
        editable.moveCaret(to: editable.caret)
        setNeedsDisplay()
        application?.notificationCenter.post(name: .textViewDidEndEditing, object: self)
    }

    // MARK: Text input

    /// Inserts text at the caret.
    public func insertText(_ string: String) {
        guard !string.isEmpty else { return }
        editable.insert(string.replacingCarriageReturns())
        textDidChange()
    }

    /// Deletes before the caret.
    public func deleteBackward() {
        if editable.deleteBackward() { textDidChange() }
    }

    /// Return inserts a newline.
    public func insertReturn() { insertText("\n") }

    func textDidChange() {
        textLayoutChanged()
        keepCaretVisible()
        blinker.restart(timers: application?.timers)
        setNeedsDisplay()
        application?.notificationCenter.post(name: .textViewDidChange, object: self)
    }

    func caretDidMove() {
        keepCaretVisible()
        blinker.restart(timers: application?.timers)
        setNeedsDisplay()
    }

    /// Edits with the physical keyboard while focused; Up and Down move between lines.
    open override func keyDown(_ key: KeyInput, with event: Event) {
        guard isFirstResponder else { return super.keyDown(key, with: event) }
        switch key.key {
        case .up, .down:
            moveVertically(key.key == .up ? -1 : 1)
        default:
            if !applyEditingKey(key) { super.keyDown(key, with: event) }
        }
    }

    // MARK: Touches

    private var tapStart: Point?

    /// A touch may become a tap (focus and caret) or a drag (scroll).
    open override func touchesBegan(_ touches: [Touch], with event: Event) {
        // A text view handles its own touches: they do not go on up the responder chain.
        tapStart = touches.first?.locationInScreen
    }

    /// A tap focuses the view and places the caret; a drag only scrolls.
    open override func touchesEnded(_ touches: [Touch], with event: Event) {
        guard let touch = touches.first, let start = tapStart else { return }
        tapStart = nil
        guard touch.locationInScreen.distance(to: start) < 10 else { return }
        if !isFirstResponder { becomeFirstResponder() }
        if isFirstResponder {
            editable.moveCaret(to: caretOffset(at: touch.location(in: self)))
            caretDidMove()
        }
    }

    /// Moves stay here (the pan recognizer scrolls).
    open override func touchesMoved(_ touches: [Touch], with event: Event) {}

    /// A cancelled touch (the pan took it) is not a tap.
    open override func touchesCancelled(_ touches: [Touch], with event: Event) { tapStart = nil }

    // MARK: Layout

    private var font: Font? { application?.fonts.font(size: fontSize, weight: .regular) }
    private var lineHeight: Double { ((font?.lineHeight ?? fontSize) * 1.25).rounded() }
    private var wrapWidth: Double { max(1, bounds.width - textInsets.left - textInsets.right) }

    private func textLayoutChanged() {
        cachedLines = nil
        updateContentSize()
    }

    /// The wrapped lines of the text.
    public var lines: [Range<String.Index>] {
        if let cachedLines, cachedWidth == wrapWidth { return cachedLines }
        guard let font else { return [editable.text.startIndex..<editable.text.endIndex] }
        let lines = TextLayout.wrap(editable.text, width: wrapWidth, font: font)
        cachedLines = lines
        cachedWidth = wrapWidth
        return lines
    }

    private func updateContentSize() {
        let height = textInsets.top + textInsets.bottom + lineHeight * Double(max(1, lines.count))
        contentSize = Size(width: bounds.width, height: height)
    }

    /// Re-wraps on resize.
    open override func layoutSubviews() {
        updateContentSize()
        super.layoutSubviews()
    }

    /// The line and x position of a character offset.
    private func caretPosition(_ offset: Int) -> (line: Int, x: Double) {
        let index = editable.index(at: offset)
        let lines = self.lines
        var lineNumber = lines.count - 1
        for (n, line) in lines.enumerated() {
            // A caret at a wrap point belongs to the next line; at a newline, to this one.
            if index < line.upperBound || (index == line.upperBound &&
                (n == lines.count - 1 || lines[n + 1].lowerBound != line.upperBound)) {
                lineNumber = n
                break
            }
        }
        let line = lines[max(0, lineNumber)]
        let x = font?.width(of: editable.text[line.lowerBound..<max(line.lowerBound, min(index, line.upperBound))]) ?? 0
        return (max(0, lineNumber), x)
    }

    /// The caret's rectangle in content coordinates.
    public var caretRect: Rect {
        let (line, x) = caretPosition(editable.caret)
        return Rect(x: textInsets.left + x - 1, y: textInsets.top + Double(line) * lineHeight,
                    width: 2, height: lineHeight)
    }

    /// The character offset nearest to `point` (in the view's bounds coordinates).
    public func caretOffset(at point: Point) -> Int {
        guard let font else { return editable.caret }
        let lines = self.lines
        let n = min(max(Int(((point.y - textInsets.top) / lineHeight).rounded(.down)), 0), lines.count - 1)
        let index = TextLayout.index(in: editable.text, line: lines[n], nearestTo: point.x - textInsets.left, font: font)
        return editable.offset(of: index)
    }

    private func moveVertically(_ direction: Int) {
        let rect = caretRect
        let target = Point(x: rect.midX, y: rect.midY + Double(direction) * lineHeight)
        if target.y < textInsets.top { editable.moveCaret(to: 0) }
        else if target.y > textInsets.top + lineHeight * Double(lines.count) { editable.moveCaret(to: editable.count) }
        else { editable.moveCaret(to: caretOffset(at: target)) }
        caretDidMove()
    }

    private func keepCaretVisible() {
        scrollRectToVisible(caretRect, animated: false, margin: textInsets.bottom)
    }

    // MARK: Drawing

    /// Draws the rounded box (fixed while the text scrolls), the lines, the caret.
    open override func draw(_ rect: Rect, in canvas: Canvas) {
        let focused = isFirstResponder
        canvas.fillRoundedRect(bounds, radius: 10, color: Palette.fieldBackground)
        guard let font else { return }
        canvas.save()
        canvas.clip(to: bounds.insetBy(dx: 2, dy: 2))
        if editable.text.isEmpty {
            canvas.drawText(placeholder, at: Point(x: textInsets.left, y: textInsets.top + font.ascent + (lineHeight - font.lineHeight) / 2),
                            font: font, color: Palette.placeholder)
        }
        let first = max(0, Int(((rect.minY - textInsets.top) / lineHeight).rounded(.down)))
        let lines = self.lines
        let last = min(lines.count - 1, Int(((rect.maxY - textInsets.top) / lineHeight).rounded(.up)))
        if first <= last {
            for n in first...last {
                let slice = editable.text[lines[n]].filter { $0 != "\n" }
                let baseline = (textInsets.top + Double(n) * lineHeight + font.ascent + (lineHeight - font.lineHeight) / 2).rounded()
                canvas.drawText(slice, at: Point(x: textInsets.left, y: baseline), font: font, color: Palette.label)
            }
        }
        if focused && blinker.isVisible {
            let r = caretRect
            canvas.fillRoundedRect(Rect(x: r.minX.rounded(), y: r.minY + 2, width: 2, height: r.height - 4), radius: 1, color: Palette.accent)
        }
        canvas.restore()
        if focused {
            canvas.strokeRoundedRect(bounds, radius: 10, lineWidth: 2, color: Palette.accent)
        } else {
            canvas.strokeRoundedRect(bounds, radius: 10, lineWidth: 1, color: Palette.separator)
        }
    }
}

extension String {
    fileprivate func replacingCarriageReturns() -> String {
        String(map { $0 == "\r\n" || $0 == "\r" ? "\n" : $0 })
    }
}
