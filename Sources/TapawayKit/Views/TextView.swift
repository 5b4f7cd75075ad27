/// A multi-line text input that wraps and scrolls vertically, as `UITextView`: Return inserts a
/// newline, and becoming or resigning first responder posts the text view notifications.
///
/// While focused it edits as on a desktop: click to place the caret, drag to select (the view
/// scrolls to follow), double-click a word, triple-click a line, the arrow keys (Up and Down keep
/// their column), Home and End for the line, Ctrl+Home and Ctrl+End for the text, the clipboard
/// shortcuts, undo and redo. While not focused, a drag scrolls it.
@MainActor
open class TextView: ScrollView, TextInput, TextEditingHost {
    /// The view's text, selection, undo history and settings, through which the members
    /// `TextEditing` gives it (`text`, `placeholder`, `select(_:)`, `undo()`...) work.
    public private(set) lazy var editingState = TextEditingState(host: self)
    private lazy var blinker = CaretBlinker { [weak self] in self?.repaintCaret() }
    /// Whether the text may hold anything at or past U+0300 (which a font may shape), and a
    /// right-to-left character, as of edit `scannedAt`: found when an edit inserts one, forgotten only
    /// when the whole text is looked at again.
    ///
    /// Without them no line is laid out.
    private var mayNeedLayout = false
    private var mayHoldRightToLeft = false
    private var scannedAt = -1
    /// The direction of each paragraph looked up since the last edit, by its first byte.
    private var paragraphDirections: [Int: Bool] = [:]
    /// Where the paragraphs start, as of edit `paragraphsIndexedAt`; made when a line first asks.
    private var paragraphs: ParagraphIndex?
    private var paragraphsIndexedAt = -1
    /// The wrapped lines as byte ranges, made for the width `wrappedWidth`.
    private var lineTable: LineTable?
    private var wrappedWidth = -1.0
    /// `editable.editCount` when `lineTable` was made: one more means `lastEdit` says what
    /// changed since.
    private var wrappedEditCount = 0
    /// Whether the text has changed since `lineTable` was made.
    private var linesAreStale = false
    /// The rows the last re-wrap replaced (to the end when their number changed); nil after a full
    /// wrap.
    ///
    /// An edit repaints only these.
    private var rewrappedRows: Range<Int>?
    /// The caret as last painted (content coordinates), so a partial repaint can erase it.
    private var paintedCaret: Rect?
    /// Whether a selection was painted last: replacing it repaints the whole view.
    private var paintedSelection = false
    /// The pending turn of the run loop that settles the lines past a seam.
    private var settleTimer: Timer?
    /// The most lines one settling turn wraps.
    static let settleBudget = 400
    /// The most bytes one settling turn wraps past its seam: well under a frame of work in any
    /// script (a line of ideographs costs several times one of English).
    static let settleByteBudget = 8_192
    private var tapStart: Point?
    /// The x that Up and Down aim for, kept across consecutive vertical moves.
    private var goalX: Double?

    /// Whether the view takes focus and edits.
    public var isEditable = true
    /// Space between the border and the text.
    public var textInsets = EdgeInsets(top: 10, left: 12, bottom: 10, right: 12)

    /// Creates an empty text view showing `placeholder`, not focused.
    public init(placeholder: String = "", frame: Rect = .zero) {
        super.init(frame: frame)
        editingState.placeholder = placeholder
        // A text view inside a form is seldom under the home indicator; when it scrolls past it,
        // its own text must not move (its caret placement assumes the plain insets).
        contentInsetAdjustmentBehavior = .never
        backgroundColor = .clear
    }

    /// An editable view can take focus.
    open override var canBecomeFirstResponder: Bool { isEditable && window != nil && (shouldBeginEditing?(self) ?? true) }
    /// The delegate's `textViewShouldBeginEditing(_:)`: false, and the text view never takes the
    /// focus.
    public var shouldBeginEditing: ((TextView) -> Bool)?
    /// Asked before the text view lets focus go, as `textViewShouldEndEditing(_:)` of UIKit's delegate:
    /// false keeps it first responder when it is only asked (`resignFirstResponder`), not when it is
    /// forced (`endEditing(true)`).
    ///
    /// Nil: it always lets go.
    public var shouldEndEditing: ((TextView) -> Bool)?
    /// Whether the text view lets focus go when asked: what `shouldEndEditing` says.
    open override var canResignFirstResponder: Bool { shouldEndEditing?(self) ?? true }

    var isMultiline: Bool { true }
    var isSecure: Bool { false }

    /// Starts editing: the caret blinks and the did-begin notification is posted.
    open override func didBecomeFirstResponder() {
        blinker.restart(timers: application?.timers)
        setNeedsDisplay()
        application?.notificationCenter.post(name: .textViewDidBeginEditing, object: self)
    }

    /// Ends editing and posts the did-end notification.
    open override func didResignFirstResponder() {
        endEditingSession()
        blinker.stop()
        // Editing also ends with the text's spare storage: Swift keeps a string's largest buffer,
        // and the last edit the bytes it removed, so each input would keep the longest text it
        // ever held (a cleared paste) for good. The lines and the scan for shaped text follow the
        // last edit first, so that forgetting it costs no pass over the whole text.
        if linesAreStale, lineTable != nil { _ = wrappedLines }
        scanEdits()
        editable.editingEnded()
        setNeedsDisplay()
        application?.notificationCenter.post(name: .textViewDidEndEditing, object: self)
    }

    // MARK: Text input

    /// Return inserts a newline.
    public func insertReturn() { typeText("\n") }

    /// The caret's rectangle in screen coordinates, where an input method puts its candidates.
    public var caretRectInScreen: Rect? {
        guard window != nil else { return nil }
        let frame = frameInScreen
        return caretRect.offsetBy(dx: frame.minX - contentOffset.x, dy: frame.minY - contentOffset.y)
    }

    // MARK: Edits

    func textDidChange() {
        goalX = nil
        rewrappedRows = nil
        textLayoutChanged()
        let rows = rewrappedRows
        keepCaretVisible()
        blinker.restart(timers: application?.timers)
        // Damage-limited: a keystroke repaints the lines it re-wrapped and the caret's old and new
        // places, not the whole view (a scroll, which moves everything, repaints it all anyway).
        if let rows, !paintedSelection {
            var area = self.area(of: rows).union(caretArea)
            if let paintedCaret { area = area.union(paintedCaret) }
            setNeedsDisplay(area.intersection(bounds))
        } else {
            setNeedsDisplay()
        }
        application?.notificationCenter.post(name: .textViewDidChange, object: self)
        inputDelegate?.textInputDidChange(self)
    }

    func selectionDidChange() {
        if !isMovingVertically { goalX = nil }
        keepCaretVisible()
        blinker.restart(timers: application?.timers)
        setNeedsDisplay()
        inputDelegate?.textInputDidChange(self)
    }

    func textWasReplaced() { textLayoutChanged() }

    func fontSizeDidChange() { textLayoutChanged() }

    func characterWidthsDidChange() { lineTable = nil }

    func lineBoundary(of offset: Int, forward: Bool) -> Int {
        let lines = wrappedLines
        let line = lines[lines.line(holding: editable.byteOffset(at: offset))]
        return editable.characterOffset(ofByte: forward ? line.upperBound : line.lowerBound)
    }

    func offset(at point: Point) -> Int { caretOffset(at: point) }

    private var isMovingVertically = false

    func verticalMove(from offset: Int, direction: Int) -> Int? {
        let (line, x) = caretPosition(offset)
        let target = line + direction
        let goal = goalX ?? x
        let lines = wrappedLines
        let result: Int
        if target < 0 {
            result = 0
        } else if target >= lines.count {
            result = editable.count
        } else if let widths = characterWidths {
            let line = Line(lines[target], of: editable)
            let index = TextLayout.index(in: line.text, line: line.all, nearestTo: goal, widths: widths)
            result = editable.characterOffset(ofByte: line.byte(of: index))
        } else {
            result = offset
        }
        // The selection change that follows is this move: keep aiming for the same column.
        isMovingVertically = true
        goalX = goal
        return result
    }

    /// Edits with the physical keyboard while focused; other keys go up the chain.
    open override func keyDown(_ key: KeyInput, with event: Event) {
        guard isFirstResponder else { return super.keyDown(key, with: event) }
        if !applyEditingKey(key) { super.keyDown(key, with: event) }
        isMovingVertically = false
    }

    // MARK: Touches

    /// While focused, drags select rather than scroll: the pan recognizers of this view and of
    /// the scroll views around it stand back.
    open override func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        if isFirstResponder && recognizer is PanGestureRecognizer { return false }
        return super.gestureRecognizerShouldBegin(recognizer)
    }

    /// In a focused view a touch places the caret, or selects a word (double click) or a line (triple
    /// click), and a drag extends the selection.
    ///
    /// Otherwise it may become a tap (focus and caret) or a drag (the pan recognizer scrolls). A text
    /// view handles its own touches: they do not go on up the responder chain.
    open override func touchesBegan(_ touches: [Touch], with event: Event) {
        guard let touch = touches.first else { return }
        guard isFirstResponder else {
            tapStart = touch.locationInScreen
            return
        }
        beginSelectionDrag(with: touch)
    }

    /// Extends a selection drag.
    open override func touchesMoved(_ touches: [Touch], with event: Event) {
        continueSelectionDrag(touches)
    }

    /// Ends a selection drag (offering it as the primary selection), or a tap focuses the view
    /// and places the caret.
    open override func touchesEnded(_ touches: [Touch], with event: Event) {
        // Ends the drag when one of the touches is its touch.
        if touches.contains(where: endSelectionDrag) { return }
        guard let touch = touches.first, let start = tapStart else { return }
        tapStart = nil
        guard touch.locationInScreen.distance(to: start) < 10 else { return }
        if !isFirstResponder { becomeFirstResponder() }
        if isFirstResponder {
            moveSelection(to: caretOffset(at: touch.location(in: self)), extend: false)
        }
    }

    /// A cancelled touch (the pan took it) is neither a tap nor a selection.
    open override func touchesCancelled(_ touches: [Touch], with event: Event) {
        editingState.selectionDrag = nil
        tapStart = nil
    }

    // MARK: Layout

    private var lineHeight: Double { ((font?.lineHeight ?? fontSize) * 1.25).rounded() }
    private var wrapWidth: Double { max(1, bounds.width - textInsets.left - textInsets.right) }

    private func textLayoutChanged() {
        linesAreStale = true
        updateContentSize()
    }

    /// The wrapped lines of the text (made for this call: linear in the number of lines), as a
    /// full wrap makes them: any seam a keystroke left is settled first.
    public var lines: [Range<String.Index>] {
        _ = wrappedLines  // up to date with the text first, then settled
        while settleSlice() {}
        let text = editable.text
        return wrappedLines.all.map(text.indexRange(ofBytes:))
    }

    /// Whether the wrapped lines are those a full wrap makes.
    ///
    /// A keystroke early in a long paragraph whose line breaks all move wraps only what is near it and
    /// leaves the rest to the next turns of the run loop, a slice each; until then this is false.
    public var isLayoutSettled: Bool { lineTable?.isSettled ?? true }

    /// How many lines past an edit at byte `offset` a keystroke wraps before leaving the rest to
    /// later turns of the run loop: those down to the last row the view shows, and a margin for
    /// the caret that moves a row down and the view that follows it; never more than a
    /// screenful and 16 (an edit far above the view).
    private func rewrapBudget(editAt offset: Int, in table: LineTable) -> Int {
        let screenful = Int(bounds.height / lineHeight) + 16
        let lastShown = Int(((bounds.maxY - textInsets.top) / lineHeight).rounded(.up))
        return min(screenful, max(0, lastShown - table.line(holding: offset)) + 4)
    }

    /// The wrapped lines as byte ranges.
    ///
    /// After an edit only the lines it touched are wrapped again and the later ones moved at once; a
    /// new width or font wraps everything.
    private var wrappedLines: LineTable {
        guard let widths = characterWidths else { return LineTable([0..<editable.utf8Count]) }
        if var table = lineTable, wrappedWidth == wrapWidth {
            if !linesAreStale { return table }
            if editable.editCount == wrappedEditCount + 1, let edit = editable.lastEdit {
                lineTable = nil  // `table` alone holds the lines, so they change in place
                rewrappedRows = TextLayout.rewrap(
                    editable, lines: &table,
                    change: ChangedBytes(edit),
                    width: wrapWidth, widths: widths, budget: rewrapBudget(editAt: edit.start, in: table))
                remember(table)
                if !table.isSettled { scheduleSettling() }
                return table
            }
        }
        let table = LineTable(TextLayout.wrapOffsets(editable.text, width: wrapWidth, widths: widths))
        remember(table)
        return table
    }

    /// Settles the lines past a seam on the run loop's next turn, a slice at a time, so the
    /// keystroke that left it is drawn first.
    private func scheduleSettling() {
        guard settleTimer == nil, let timers = application?.timers else { return }
        settleTimer = timers.schedule(after: 0) { [weak self] _ in
            guard let self else { return }
            self.settleTimer = nil
            if self.settleSlice() { self.scheduleSettling() }
        }
    }

    /// Wraps one slice past the first seam and repaints what it changed; returns whether a seam
    /// is left.
    @discardableResult
    private func settleSlice() -> Bool {
        guard var table = lineTable, !table.isSettled, !linesAreStale, wrappedWidth == wrapWidth,
            let widths = characterWidths
        else { return false }
        lineTable = nil  // `table` alone holds the lines, so they change in place
        let rows = TextLayout.settle(
            editable, lines: &table, width: wrapWidth, widths: widths,
            budget: Self.settleBudget, byteBudget: Self.settleByteBudget)
        lineTable = table
        if let rows, !rows.isEmpty {
            let area = self.area(of: rows)
            if !area.isEmpty { setNeedsDisplay(area) }
            updateContentSize()
        }
        return !table.isSettled
    }

    private func remember(_ table: LineTable) {
        lineTable = table
        wrappedWidth = wrapWidth
        wrappedEditCount = editable.editCount
        linesAreStale = false
    }

    /// One wrapped line: its bytes in the text, and a string of them alone (a keystroke reads the
    /// lines it shows, never the whole text).
    private struct Line {
        /// The line's UTF-8 offsets in the text.
        let bytes: Range<Int>
        /// The line's text.
        let text: String

        init(_ bytes: Range<Int>, of editable: EditableText) {
            self.bytes = bytes
            text = editable.string(bytes: bytes)
        }

        /// The whole line, as indices of `text`.
        var all: Range<String.Index> { text.startIndex..<text.endIndex }

        /// The index in `text` of byte `offset` of the text, clamped to the line.
        func index(ofByte offset: Int) -> String.Index {
            let o = min(max(offset, bytes.lowerBound), bytes.upperBound) - bytes.lowerBound
            return text.utf8.index(text.startIndex, offsetBy: o)
        }

        /// The byte offset in the text of an index of `text`.
        func byte(of index: String.Index) -> Int { bytes.lowerBound + text.byteOffset(of: index) }
    }

    /// The full-width band of `rows`, within the bounds.
    private func area(of rows: Range<Int>) -> Rect {
        let top = textInsets.top + Double(rows.lowerBound) * lineHeight
        let bottom = textInsets.top + Double(rows.upperBound) * lineHeight
        return Rect(x: bounds.minX, y: top, width: bounds.width, height: max(0, bottom - top)).intersection(bounds)
    }

    private func updateContentSize() {
        let height = textInsets.top + textInsets.bottom + lineHeight * Double(max(1, wrappedLines.count))
        contentSize = Size(width: bounds.width, height: height)
    }

    /// Re-wraps the lines for the new width and sizes the content to them.
    open override func layoutSubviews() {
        updateContentSize()
        super.layoutSubviews()
    }

    /// How one wrapped line shows when it is shaped or runs right to left, and how far it is
    /// moved right (a right-to-left line aligns right); nil for plain left-to-right text.
    private func laidOut(_ line: Line) -> (layout: LineLayout, shift: Double)? {
        scanEdits()
        // Nothing at or past U+0300 in a left-to-right paragraph is plain for every font: the
        // keystroke path asks no font.
        guard mayNeedLayout else { return nil }
        let direction = paragraphDirection(of: line.bytes)
        if direction != true, RightToLeftScan.isPlain(line.text[...].utf8) { return nil }
        guard let font, let layout = font.lineLayout(of: line.text[...], rightToLeft: direction) else { return nil }
        return (layout, layout.isRightToLeft ? max(0, wrapWidth - layout.width) : 0)
    }

    /// Brings `mayNeedLayout` and `mayHoldRightToLeft` up to date with the text: from the last
    /// edit's inserted bytes alone when it is the only one since, else from the whole text.
    private func scanEdits() {
        guard scannedAt != editable.editCount else { return }
        if editable.editCount == scannedAt + 1, let edit = editable.lastEdit {
            let inserted = editable.string(bytes: edit.start..<edit.newEnd)[...].utf8
            if !RightToLeftScan.isPlain(inserted) {
                mayNeedLayout = true
                mayHoldRightToLeft = mayHoldRightToLeft || RightToLeftScan.mayHold(inserted)
            }
        } else {
            let all = editable.text[...].utf8
            mayNeedLayout = !RightToLeftScan.isPlain(all)
            mayHoldRightToLeft = mayNeedLayout && RightToLeftScan.mayHold(all)
        }
        scannedAt = editable.editCount
        paragraphDirections.removeAll(keepingCapacity: true)
    }

    /// The direction of the paragraph a wrapped line belongs to when the line is not its first
    /// (a paragraph's lines all align and order as its first strong character says, as Pango
    /// lays them out); nil for a first line, which decides for itself, and for every line of a
    /// text that holds nothing right to left (the fast path: no looking back).
    private func paragraphDirection(of line: Range<Int>) -> Bool? {
        scanEdits()
        guard mayHoldRightToLeft, let font else { return nil }
        let lineStart = line.lowerBound
        let key = paragraphStart(holding: lineStart)
        guard key != lineStart else { return nil }
        if let known = paragraphDirections[key] { return known }
        let lines = wrappedLines
        let first = editable.string(bytes: lines[lines.line(holding: key)])
        let rightToLeft = font.lineLayout(of: first[...], rightToLeft: nil)?.isRightToLeft ?? false
        paragraphDirections[key] = rightToLeft
        return rightToLeft
    }

    /// The first byte of the paragraph holding byte `offset`, from the paragraph index, brought
    /// up to date with the last edit (or made again when more than one happened since).
    private func paragraphStart(holding offset: Int) -> Int {
        if paragraphsIndexedAt != editable.editCount, var index = paragraphs {
            paragraphs = nil  // `index` alone holds the starts, so they change in place
            if editable.editCount == paragraphsIndexedAt + 1, let edit = editable.lastEdit {
                index.apply(ChangedBytes(edit), inserted: editable.utf8Bytes(edit.start..<edit.newEnd))
                paragraphs = index
            }
        }
        let index = paragraphs ?? ParagraphIndex(editable)
        paragraphs = index
        paragraphsIndexedAt = editable.editCount
        return index.start(ofParagraphHolding: offset)
    }

    /// The line and x position of a character offset.
    private func caretPosition(_ offset: Int) -> (line: Int, x: Double) {
        let byte = editable.byteOffset(at: offset)
        let lines = wrappedLines
        let n = lines.line(holding: byte)
        let line = Line(lines[n], of: editable)
        let before = line.text[..<line.index(ofByte: byte)]
        if let (layout, shift) = laidOut(line) {
            return (n, shift + layout.caretX(at: before.count))
        }
        return (n, characterWidths?.width(of: before) ?? 0)
    }

    /// The caret's rectangle in content coordinates.
    public var caretRect: Rect {
        let (line, x) = caretPosition(editable.caret)
        return Rect(
            x: textInsets.left + x - 1, y: textInsets.top + Double(line) * lineHeight,
            width: 2, height: lineHeight)
    }

    /// The character offset nearest to `point` (in the view's bounds coordinates).
    public func caretOffset(at point: Point) -> Int {
        guard let widths = characterWidths else { return editable.caret }
        let lines = wrappedLines
        let row = ((point.y - textInsets.top) / lineHeight).rounded(.down)
        if row < 0 { return 0 }
        if row >= Double(lines.count) { return editable.count }
        let line = Line(lines[Int(row)], of: editable)
        if let (layout, shift) = laidOut(line) {
            return editable.characterOffset(ofByte: line.bytes.lowerBound) + layout.offset(atX: point.x - textInsets.left - shift)
        }
        let index = TextLayout.index(in: line.text, line: line.all, nearestTo: point.x - textInsets.left, widths: widths)
        return editable.characterOffset(ofByte: line.byte(of: index))
    }

    /// The wrapped line holding caret offset `offset`, as text inputs' arrow keys need it.
    func lineGeometry(at offset: Int) -> (geometry: LineGeometry, characters: Range<Int>)? {
        guard let widths = characterWidths else { return nil }
        let lines = wrappedLines
        let line = Line(lines[lines.line(holding: editable.byteOffset(at: offset))], of: editable)
        let start = editable.characterOffset(ofByte: line.bytes.lowerBound)
        let characters = start..<(start + line.text.count)
        if let (layout, _) = laidOut(line) { return (.laidOut(layout), characters) }
        return (.stops(widths.caretStops(of: line.text)), characters)
    }

    /// Where the caret is drawn, with a pixel to spare for rounding.
    private var caretArea: Rect { Self.paintedArea(ofCaret: caretRect) }

    /// The pixels a caret drawn at `rect` may touch.
    private static func paintedArea(ofCaret rect: Rect) -> Rect { rect.insetBy(dx: -1, dy: 0) }

    /// Repaints the caret where it was painted and where it is (a blink).
    private func repaintCaret() {
        guard isFirstResponder || paintedCaret != nil else { return setNeedsDisplay() }
        var area = caretArea
        if let paintedCaret { area = area.union(paintedCaret) }
        setNeedsDisplay(area)
    }

    private func keepCaretVisible() {
        scrollRectToVisible(caretRect, animated: false, margin: textInsets.bottom)
    }

    // MARK: Drawing

    /// Draws the rounded box (fixed while the text scrolls), the selection, the lines in view and
    /// the caret.
    open override func draw(_ rect: Rect, in canvas: Canvas) {
        let focused = isFirstResponder
        canvas.fillRoundedRect(bounds, radius: 10, color: Palette.fieldBackground)
        guard let font, let widths = characterWidths else { return }
        canvas.save()
        canvas.clip(to: bounds.insetBy(dx: 2, dy: 2))
        if editable.utf8Count == 0 {
            canvas.drawText(
                placeholder, at: Point(x: textInsets.left, y: textInsets.top + font.ascent + (lineHeight - font.lineHeight) / 2),
                font: font, color: Palette.placeholder)
        }
        let lines = wrappedLines
        let first = max(0, Int(((rect.minY - textInsets.top) / lineHeight).rounded(.down)))
        let last = min(lines.count - 1, Int(((rect.maxY - textInsets.top) / lineHeight).rounded(.up)))
        if first <= last {
            let selection = editable.selection
            let selectionBounds =
                focused && !selection.isEmpty
                ? (editable.byteOffset(at: selection.lowerBound), editable.byteOffset(at: selection.upperBound)) : nil
            for n in first...last {
                let line = Line(lines[n], of: editable)
                let top = textInsets.top + Double(n) * lineHeight
                if let (lo, hi) = selectionBounds {
                    drawSelection(of: line, from: lo, to: hi, top: top, widths: widths, canvas: canvas)
                }
                let baseline = (top + font.ascent + (lineHeight - font.lineHeight) / 2).rounded()
                let shift = laidOut(line)?.shift ?? 0
                canvas.drawText(
                    line.text[...], at: Point(x: textInsets.left + shift, y: baseline), font: font, color: Palette.label,
                    rightToLeft: paragraphDirection(of: line.bytes))
                if focused, let marked = markedRange {
                    drawMarkedUnderline(of: line, marked: marked, baseline: baseline, widths: widths, canvas: canvas)
                }
            }
        }
        paintedSelection = focused && !editable.selection.isEmpty
        paintedCaret = nil
        if focused && blinker.isVisible && editable.selection.isEmpty {
            let r = caretRect
            paintedCaret = Self.paintedArea(ofCaret: r)
            canvas.fillRoundedRect(
                Rect(x: r.minX.rounded(), y: r.minY + 2, width: 2, height: r.height - 4), radius: 1, color: Palette.accent)
        }
        canvas.restore()
        strokeBorder(focused: focused, in: canvas)
    }

    /// Underlines the part of one line that an input method's pre-edit holds, as GTK does.
    private func drawMarkedUnderline(
        of line: Line, marked: Range<Int>, baseline: Double, widths: CharacterWidths, canvas: Canvas
    ) {
        guard marked.upperBound <= editable.count else { return }
        let lo = editable.byteOffset(at: marked.lowerBound), hi = editable.byteOffset(at: marked.upperBound)
        let start = max(lo, line.bytes.lowerBound), end = min(hi, line.bytes.upperBound)
        guard start < end else { return }
        for span in spans(of: line, from: line.index(ofByte: start), to: line.index(ofByte: end), widths: widths) {
            canvas.fill(Rect(x: span.minX, y: baseline + 2, width: span.maxX - span.minX, height: 1), color: Palette.label)
        }
    }

    /// Where the characters from `start` to `end` of one line show, in the view's coordinates.
    private func spans(
        of line: Line, from start: String.Index, to end: String.Index, widths: CharacterWidths
    ) -> [(minX: Double, maxX: Double)] {
        let text = line.text
        if let (layout, shift) = laidOut(line) {
            let first = text[..<start].count
            let range = first..<(first + text[start..<end].count)
            return layout.spans(of: range).map { (textInsets.left + shift + $0.minX, textInsets.left + shift + $0.maxX) }
        }
        let x0 = textInsets.left + widths.width(of: text[..<start])
        let x1 = textInsets.left + widths.width(of: text[..<end])
        return [(x0, x1)]
    }

    /// Fills the selected part of one line; a selection that runs on past the line's end (over
    /// its newline or wrap) reaches to the right edge.
    private func drawSelection(
        of line: Line, from lo: Int, to hi: Int, top: Double, widths: CharacterWidths, canvas: Canvas
    ) {
        let lineEnd = line.bytes.upperBound
        let start = max(lo, line.bytes.lowerBound), end = min(hi, lineEnd)
        let endsWithNewline: Bool = {
            guard lineEnd < editable.utf8Count else { return false }
            let length = TextBuffer.scalarLength(lead: editable.byte(at: lineEnd))
            return editable.string(bytes: lineEnd..<(lineEnd + length)).first?.isNewline ?? false
        }()
        let runsOn = hi > lineEnd && (start < lineEnd || endsWithNewline)
        guard start < end || (runsOn && lo <= lineEnd) else { return }
        var pieces =
            start < end
            ? spans(of: line, from: line.index(ofByte: start), to: line.index(ofByte: end), widths: widths) : []
        if runsOn {
            // The selection goes on past the line's end: it reaches to the right edge.
            let lineEnd =
                pieces.last?.maxX
                ?? (textInsets.left + (laidOut(line).map { $0.shift + $0.layout.width } ?? widths.width(of: line.text)))
            pieces.append((lineEnd, bounds.width - textInsets.right + 4))
        }
        for piece in pieces {
            canvas.fill(
                Rect(x: piece.minX, y: top + 1, width: max(0, piece.maxX - piece.minX), height: lineHeight - 2),
                color: Palette.selection)
        }
    }

    // MARK: Accessibility

    /// A multi-line text input.
    open override var accessibilityRole: AccessibilityRole? { .textView }
    /// The placeholder, unless a label was set.
    open override var accessibilityLabel: String? {
        get { super.accessibilityLabel ?? placeholder }
        set { super.accessibilityLabel = newValue }
    }
    /// Editable (when it is), focusable, multi-line; focused while first responder of the window
    /// that has the keys.
    open override var accessibilityTraits: AccessibilityTraits {
        var traits: AccessibilityTraits = [.focusable, .multiLine]
        if isEditable { traits.insert(.editable) }
        if isFirstResponder && application?.keyWindow === window { traits.insert(.focused) }
        return traits
    }
    /// The text with its caret.
    open override var accessibleText: AccessibleText? {
        AccessibleText(editing: text, caret: caretOffset, selection: selectedRange, secret: false)
    }
    /// Replaces the characters of `scalars` with `text`, as a paste; false unless editable.
    open override func accessibilityReplaceText(in scalars: Range<Int>, with text: String) -> Bool {
        guard isEditable else { return false }
        return replaceAccessibly(scalars, with: text)
    }
    /// The one action a screen reader offers on a text view, `activate`, which focuses it.
    open override var accessibilityActionName: String? { "activate" }
    /// Becomes first responder, with no touch.
    open override func accessibilityActivate() -> Bool {
        isFirstResponder || becomeFirstResponder()
    }
}
