/// When a text field shows its clear button, as `UITextField.ViewMode`.
public enum ClearButtonMode: String, Sendable {
    /// The clear button never shows.
    case never
    /// While the field is being edited (and has text).
    case whileEditing
    /// While the field is not being edited (and has text).
    case unlessEditing
    /// Whenever the field has text.
    case always
}

/// A single-line text input, as `UITextField`: a tap focuses it (the keypad slides up), Return
/// sends `editingDidEndOnExit` (and ends editing when something listens for it), and becoming
/// or resigning first responder posts the did-begin / did-end editing notifications.
///
/// While focused it edits as on a desktop: click to place the caret, drag to select, double-click
/// a word, triple-click the line, the arrow keys (by word with Ctrl, selecting with Shift), Home
/// and End, the clipboard shortcuts, undo and redo. Long text scrolls sideways to keep the caret
/// in view.
@MainActor
open class TextField: Control, TextInput, TextEditingHost {
    /// The field's text, selection, undo history and settings, through which the members
    /// `TextEditing` gives it (`text`, `placeholder`, `select(_:)`, `undo()`...) work.
    public private(set) lazy var editingState = TextEditingState(host: self)
    private lazy var blinker = CaretBlinker { [weak self] in self?.setNeedsDisplay() }
    private var scrollX = 0.0
    private var geometry: LineGeometry?
    private var clearButtonTouch: Touch?

    /// The most characters one paste puts into a single-line field; the rest of a longer paste is left
    /// out (with `textFieldPasteWasCut`).
    ///
    /// A line of text never needs more, and a 50 MB paste would cost half a gigabyte of layout. Text
    /// views take pastes whole.
    public static let pasteLimit = 10_000
    /// Whether the text is shown as bullets; such text cannot be copied or cut.
    public var isSecureTextEntry = false {
        didSet {
            editable.isSecret = isSecureTextEntry
            geometry = nil
            setNeedsDisplay()
        }
    }
    /// When the clear button (a grey circled cross at the right end) shows.
    public var clearButtonMode: ClearButtonMode = .never { didSet { keepCaretVisible(); setNeedsDisplay() } }
    /// Space between the border and the text.
    public var textInset = 12.0

    /// Creates an empty field showing `placeholder`, not focused.
    public init(placeholder: String = "", frame: Rect = .zero) {
        super.init(frame: frame)
        editingState.placeholder = placeholder
    }

    /// An enabled field can take focus.
    open override var canBecomeFirstResponder: Bool { isEnabled && window != nil && (shouldBeginEditing?(self) ?? true) }
    /// The delegate's `textFieldShouldBeginEditing(_:)`: false, and the field never takes the
    /// focus (a field that opens a picker instead).
    public var shouldBeginEditing: ((TextField) -> Bool)?
    /// Asked before the field lets focus go, as `textFieldShouldEndEditing(_:)` of UIKit's delegate:
    /// false keeps it first responder when it is only asked (`resignFirstResponder`), not when it is
    /// forced (`endEditing(true)`).
    ///
    /// Nil: it always lets go.
    public var shouldEndEditing: ((TextField) -> Bool)?
    /// Whether the field lets focus go when asked: what `shouldEndEditing` says.
    open override var canResignFirstResponder: Bool { shouldEndEditing?(self) ?? true }

    var isMultiline: Bool { false }
    var isSecure: Bool { isSecureTextEntry }

    /// Starts editing: caret blinking, editing-did-begin, the did-begin notification.
    open override func didBecomeFirstResponder() {
        keepCaretVisible()
        blinker.restart(timers: application?.timers)
        setNeedsDisplay()
        sendActions(for: .editingDidBegin)
        application?.notificationCenter.post(name: .textFieldDidBeginEditing, object: self)
    }

    /// Ends editing: editing-did-end and the did-end notification.
    open override func didResignFirstResponder() {
        endEditingSession()
        blinker.stop()
        // Editing also ends with the text's spare storage: Swift keeps a string's largest buffer,
        // and the last edit the bytes it removed, so each input would keep the longest text it
        // ever held (a cleared paste) for good.
        editable.editingEnded()
        // A field that is not being edited shows the start of its text, as UITextField does, and
        // needs no caret stops: drop them (a long text's stops cost 8 bytes a character).
        scrollX = 0
        geometry = nil
        setNeedsDisplay()
        sendActions(for: .editingDidEnd)
        application?.notificationCenter.post(name: .textFieldDidEndEditing, object: self)
    }

    // MARK: Text input

    /// Return: sends editing-did-end-on-exit; as in UIKit, the field resigns when an action is
    /// registered for that event.
    public func insertReturn() {
        let resigns = hasActions(for: .editingDidEndOnExit)
        sendActions(for: .editingDidEndOnExit)
        if resigns { resignFirstResponder() }
    }

    /// The caret's rectangle in screen coordinates, where an input method puts its candidates.
    public var caretRectInScreen: Rect? {
        guard window != nil, let font else { return nil }
        let x = textOriginX + lineGeometry.caretX(at: editable.caret)
        let baseline = bounds.minY + ((bounds.height + font.ascent - font.descent) / 2).rounded()
        let frame = frameInScreen
        return Rect(x: frame.minX + x, y: frame.minY + baseline - font.ascent, width: 2, height: font.lineHeight)
    }

    // MARK: Edit actions

    /// Removes all the text (the clear button), as one undoable edit; in a secure field the
    /// text and its undo history are zeroed and forgotten, and nothing can bring them back.
    public func clear() {
        if isSecureTextEntry {
            guard editable.count > 0 else { return }
            history.wipe()
            editable.wipe()
            return textDidChange()
        }
        perform(.replace) { text in
            guard text.count > 0 else { return false }
            text.replace(0..<text.count, with: "")
            return true
        }
    }

    func textDidChange() {
        geometry = nil
        keepCaretVisible()
        blinker.restart(timers: application?.timers)
        setNeedsDisplay()
        sendActions(for: .editingChanged)
        application?.notificationCenter.post(name: .textFieldDidChange, object: self)
        inputDelegate?.textInputDidChange(self)
    }

    func selectionDidChange() {
        keepCaretVisible()
        blinker.restart(timers: application?.timers)
        setNeedsDisplay()
        inputDelegate?.textInputDidChange(self)
    }

    func textWasReplaced() {
        geometry = nil
        scrollX = 0
        keepCaretVisible()
    }

    func fontSizeDidChange() {
        editingState.widths = nil
        geometry = nil
    }

    func characterWidthsDidChange() { geometry = nil }

    func lineBoundary(of offset: Int, forward: Bool) -> Int { forward ? editable.count : 0 }
    func verticalMove(from offset: Int, direction: Int) -> Int? { nil }
    func offset(at point: Point) -> Int { caretOffset(atX: point.x) }
    func lineGeometry(at offset: Int) -> (geometry: LineGeometry, characters: Range<Int>)? {
        guard characterWidths != nil else { return nil }
        return (lineGeometry, 0..<editable.count)
    }

    /// Edits with the physical keyboard while focused; other keys go up the chain.
    open override func keyDown(_ key: KeyInput, with event: Event) {
        if isFirstResponder, applyEditingKey(key) { return }
        super.keyDown(key, with: event)
    }

    // MARK: Touches

    /// While focused, drags select rather than scroll: the pan recognizers of the scroll views
    /// around the field stand back.
    open override func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        if isFirstResponder && recognizer is PanGestureRecognizer { return false }
        return super.gestureRecognizerShouldBegin(recognizer)
    }

    /// Not the control rule, which UIKit documents for buttons, switches, steppers, segmented and page
    /// controls only: a text field's own tap handling (its text interaction) takes the tap.
    ///
    /// That the ancestor's recognizer then fails is inferred from how UIKit behaves, not documented.
    open override func refusal(of recognizer: GestureRecognizer) -> String {
        "\(identifiedAncestor?.identifier ?? "the field") is a text field: its own tap handling takes the tap (inferred)"
    }

    /// In a focused field a touch places the caret, or selects a word (double click) or the line
    /// (triple click), and a drag extends the selection.
    ///
    /// A touch on the clear button is kept for it.
    open override func touchesBegan(_ touches: [Touch], with event: Event) {
        super.touchesBegan(touches, with: event)
        guard isEnabled, let touch = touches.first else { return }
        let point = touch.location(in: self)
        if isClearButtonShown && clearButtonHitRect.contains(point) {
            clearButtonTouch = touch
            return
        }
        guard isFirstResponder else { return }
        beginSelectionDrag(with: touch)
    }

    /// A drag that began in the focused field extends the selection.
    open override func touchesMoved(_ touches: [Touch], with event: Event) {
        super.touchesMoved(touches, with: event)
        continueSelectionDrag(touches)
    }

    /// A tap on an unfocused field focuses it and places the caret where the finger lifted (a drag
    /// selects what it covered); a drag selection is offered as the primary selection.
    open override func touchesEnded(_ touches: [Touch], with event: Event) {
        let wasTracking = isTracking
        super.touchesEnded(touches, with: event)
        guard let touch = touches.first else { return }
        let point = touch.location(in: self)
        if let clearTouch = clearButtonTouch, clearTouch === touch {
            clearButtonTouch = nil
            if clearButtonHitRect.contains(point) {
                if !isFirstResponder { becomeFirstResponder() }
                clear()
            }
            return
        }
        if endSelectionDrag(touch) {
            // On Android a touch lifting in the focused field asks for the keyboard again.
            application?.keyboard.focusedInputWasTapped(self)
            return
        }
        guard wasTracking, bounds.contains(point) else { return }
        if !isFirstResponder { becomeFirstResponder() }
        guard isFirstResponder else { return }
        let start = convert(fromScreen: touch.startLocationInScreen)
        let end = caretOffset(atX: point.x)
        if abs(start.x - point.x) > 6 {
            let origin = caretOffset(atX: start.x)
            history.closeRun()
            editable.setSelection(anchor: origin, caret: end)
            selectionDidChange()
            publishPrimarySelection()
        } else {
            moveSelection(to: end, extend: false)
        }
    }

    /// A cancelled touch leaves the selection as it is.
    open override func touchesCancelled(_ touches: [Touch], with event: Event) {
        super.touchesCancelled(touches, with: event)
        editingState.selectionDrag = nil
        clearButtonTouch = nil
    }

    // MARK: Geometry

    /// Where the shown text's characters are (bullets in a secure field), from its left edge.
    private var lineGeometry: LineGeometry {
        if let geometry { return geometry }
        guard let widths = characterWidths else { return .stops([0]) }
        let computed: LineGeometry
        if isSecureTextEntry {
            let bullet = widths.width(of: "\u{2022}")
            computed = .stops((0...editable.count).map { Double($0) * bullet })
        } else {
            computed = LineGeometry(of: editable.text, widths: widths)
        }
        geometry = computed
        return computed
    }

    private var isClearButtonShown: Bool {
        guard hasText else { return false }
        switch clearButtonMode {
        case .never: return false
        case .always: return true
        case .whileEditing: return isFirstResponder
        case .unlessEditing: return !isFirstResponder
        }
    }

    /// The diameter of the clear button's circle.
    private static let clearButtonSize = 17.0

    private var clearButtonRect: Rect {
        let d = Self.clearButtonSize
        return Rect(x: bounds.maxX - textInset + 4 - d, y: bounds.midY - d / 2, width: d, height: d)
    }

    /// The clear button takes touches a little beyond its circle, as it is small.
    private var clearButtonHitRect: Rect {
        let r = clearButtonRect
        return Rect(x: r.minX - 8, y: bounds.minY, width: bounds.maxX - r.minX + 8, height: bounds.height)
    }

    /// The area the text is drawn in.
    private var textRect: Rect {
        let right = isClearButtonShown ? bounds.maxX - clearButtonRect.minX + 6 : textInset
        return Rect(
            x: bounds.minX + textInset, y: bounds.minY,
            width: max(1, bounds.width - textInset - right), height: bounds.height)
    }

    /// The character offset nearest to `x` in the field's coordinates.
    public func caretOffset(atX x: Double) -> Int {
        lineGeometry.offset(atX: x - textOriginX)
    }

    /// Where the text's left edge is, in the field's coordinates.
    ///
    /// Text that fits, or a field not being edited, shows its start: at the left, or for text that runs
    /// right to left, aligned right (as UITextField's natural alignment does). Longer text being edited
    /// scrolls to its caret.
    private var textOriginX: Double {
        let area = textRect
        let geometry = lineGeometry
        if isFirstResponder && geometry.width > area.width { return area.minX - scrollX }
        return geometry.isRightToLeft ? area.maxX - geometry.width : area.minX
    }

    private func keepCaretVisible() {
        // Only the field being edited scrolls to its caret; the others show their start.
        guard isFirstResponder else {
            scrollX = 0
            return
        }
        let geometry = lineGeometry
        let visible = textRect.width
        let caretX = geometry.caretX(at: editable.caret)
        let total = geometry.width
        if caretX - scrollX > visible { scrollX = caretX - visible }
        if caretX - scrollX < 0 { scrollX = max(0, caretX - visible / 3) }
        if total - scrollX < visible { scrollX = max(0, total - visible) }
    }

    // MARK: Drawing

    /// Draws the rounded field, the focus ring, the text or placeholder, the selection, the caret and
    /// the clear button.
    ///
    /// Only the characters in view are drawn, so long text costs no more than short.
    open override func draw(_ rect: Rect, in canvas: Canvas) {
        let focused = isFirstResponder
        canvas.fillRoundedRect(bounds, radius: 10, color: Palette.fieldBackground)
        strokeBorder(focused: focused, in: canvas)
        guard let font else { return }
        if isClearButtonShown { drawClearButton(in: canvas) }
        let area = textRect
        canvas.save()
        canvas.clip(to: Rect(x: area.minX - 2, y: bounds.minY + 2, width: area.width + 4, height: bounds.height - 4))
        let baseline = bounds.minY + ((bounds.height + font.ascent - font.descent) / 2).rounded()
        if editable.text.isEmpty {
            canvas.drawText(placeholder, at: Point(x: area.minX, y: baseline), font: font, color: Palette.placeholder)
        } else if !focused, let widths = characterWidths, !needsLayout(widths) {
            // Not being edited: the start of the text, measured only as far as it shows.
            canvas.drawText(
                Substring(visiblePrefix(width: area.width + 2, widths: widths)), at: Point(x: area.minX, y: baseline),
                font: font, color: isEnabled ? Palette.label : Palette.secondaryLabel)
        } else {
            let geometry = lineGeometry
            let origin = textOriginX
            let selection = editable.selection
            if !selection.isEmpty && focused {
                for span in geometry.spans(of: selection) {
                    canvas.fill(
                        Rect(
                            x: origin + span.minX, y: baseline - font.ascent - 2, width: span.maxX - span.minX,
                            height: font.lineHeight + 4),
                        color: Palette.selection)
                }
            }
            let color = isEnabled ? Palette.label : Palette.secondaryLabel
            if case .stops(let stops) = geometry {
                // The characters that meet the visible area, one either side for overhanging glyphs.
                let scroll = area.minX - origin
                let first = max(0, TextLayout.nearestStop(in: stops, to: scroll) - 1)
                let last = min(editable.count, TextLayout.nearestStop(in: stops, to: scroll + area.width) + 1)
                let shown: Substring
                if isSecureTextEntry {
                    shown = Substring(String(repeating: "\u{2022}", count: last - first))
                } else {
                    shown = editable.text[editable.index(at: first)..<editable.index(at: last)]
                }
                canvas.drawText(shown, at: Point(x: origin + stops[first], y: baseline), font: font, color: color)
            } else {
                // Shaped or bidirectional text is drawn whole: its order on screen is not the
                // string's (a single-line field holds at most `pasteLimit` characters a paste).
                canvas.drawText(editable.text[...], at: Point(x: origin, y: baseline), font: font, color: color)
            }
            // An input method's pre-edit is underlined, as GTK's entry shows it.
            if let marked = markedRange, focused, marked.upperBound <= editable.count {
                for span in geometry.spans(of: marked) {
                    canvas.fill(
                        Rect(x: origin + span.minX, y: baseline + 2, width: span.maxX - span.minX, height: 1),
                        color: Palette.label)
                }
            }
        }
        if focused && blinker.isVisible && editable.selection.isEmpty {
            let cx = (textOriginX + lineGeometry.caretX(at: editable.caret)).rounded()
            canvas.fillRoundedRect(
                Rect(x: cx - 1, y: baseline - font.ascent - 1, width: 2, height: font.lineHeight + 2),
                radius: 1, color: Palette.accent)
        }
        canvas.restore()
    }

    /// Whether the shown text needs its line laid out (shaped or bidirectional) to be drawn: not
    /// a secure field's bullets, nor plain left-to-right text.
    private func needsLayout(_ widths: CharacterWidths) -> Bool {
        if isSecureTextEntry { return false }
        if let geometry { return !geometry.isInLogicalOrder }
        // Kept: drawing it needs the same layout.
        guard let layout = widths.font.lineLayout(of: editable.text[...]) else { return false }
        geometry = .laidOut(layout)
        return true
    }

    /// The characters from the start of the shown text (bullets in a secure field) that meet a
    /// line `width` wide, and one more for a glyph that overhangs the edge.
    private func visiblePrefix(width: Double, widths: CharacterWidths) -> String {
        if isSecureTextEntry {
            let bullet = max(widths.width(of: "\u{2022}"), 1)
            return String(repeating: "\u{2022}", count: min(editable.count, Int(width / bullet) + 1))
        }
        var x = 0.0
        var end = editable.text.startIndex
        while end < editable.text.endIndex, x <= width {
            x += widths.width(of: editable.text[end])
            end = editable.text.index(after: end)
        }
        return String(editable.text[..<end])
    }

    private func drawClearButton(in canvas: Canvas) {
        let r = clearButtonRect
        let pressed = clearButtonTouch != nil
        canvas.fillEllipse(in: r, color: pressed ? Palette.secondaryLabel : Palette.placeholder)
        let c = r.center, s = 3.6, t = 0.75
        canvas.fillPolygon(
            [
                Point(x: c.x - s - t, y: c.y - s + t), Point(x: c.x - s + t, y: c.y - s - t),
                Point(x: c.x + s + t, y: c.y + s - t), Point(x: c.x + s - t, y: c.y + s + t),
            ],
            color: Palette.fieldBackground)
        canvas.fillPolygon(
            [
                Point(x: c.x + s - t, y: c.y - s - t), Point(x: c.x + s + t, y: c.y - s + t),
                Point(x: c.x - s + t, y: c.y + s + t), Point(x: c.x - s - t, y: c.y + s - t),
            ],
            color: Palette.fieldBackground)
    }

    // MARK: Accessibility

    /// A text field, or password text when secure.
    open override var accessibilityRole: AccessibilityRole? { isSecureTextEntry ? .passwordText : .textField }
    /// The placeholder, unless a label was set (the fields have no label of their own).
    open override var accessibilityLabel: String? {
        get { super.accessibilityLabel ?? placeholder }
        set { super.accessibilityLabel = newValue }
    }
    /// Editable, focusable, single-line; focused while first responder of the window that has
    /// the keys (not while a card or the chrome takes them).
    open override var accessibilityTraits: AccessibilityTraits {
        var traits: AccessibilityTraits = [.editable, .focusable, .singleLine]
        if isFirstResponder && application?.keyWindow === window { traits.insert(.focused) }
        if !isEnabled { traits.insert(.disabled) }
        return traits
    }
    /// The text with its caret; bullets in a secure field.
    open override var accessibleText: AccessibleText? {
        AccessibleText(editing: text, caret: caretOffset, selection: selectedRange, secret: isSecureTextEntry)
    }
    /// Replaces the characters of `scalars` with `text`, as a paste (the field's length limit
    /// and sanitising apply); false while the field is disabled.
    open override func accessibilityReplaceText(in scalars: Range<Int>, with text: String) -> Bool {
        guard isEnabled else { return false }
        return replaceAccessibly(scalars, with: text)
    }
    /// The one action a screen reader offers on a field, `activate`, which focuses it.
    open override var accessibilityActionName: String? { "activate" }
    /// Becomes first responder (the keypad shows), as a screen reader's double tap on a field
    /// does, with no touch.
    open override func accessibilityActivate() -> Bool {
        isFirstResponder || becomeFirstResponder()
    }
}
