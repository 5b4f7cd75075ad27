/// A text field or a text view seen from inside the Kit: the hooks through which the members
/// `TextEditing` gives both reach what each does its own way, and every edit, key, selection and
/// clipboard action built on the state they share.
///
/// Each edit goes through `perform(_:_:)`, which records it for undo and reports it once.
@MainActor
protocol TextEditingHost: TextEditing {
    /// Whether newlines may be inserted (a text view) or become spaces (a field).
    var isMultiline: Bool { get }
    /// Whether the text is hidden: no copy, no cut, no primary selection, no word selection.
    var isSecure: Bool { get }
    /// Called after every change of the text: layout, redraw, notifications, the delegate.
    func textDidChange()
    /// Called after the caret or the selection moved without an edit.
    func selectionDidChange()
    /// Called after `text` was set from code, before the redraw: what was laid out for the old
    /// text goes.
    func textWasReplaced()
    /// Called after `fontSize` changed, before the redraw: what was measured with the old font goes.
    func fontSizeDidChange()
    /// Called when the character widths were made again for a new font: what was measured with
    /// the old ones goes.
    func characterWidthsDidChange()
    /// The offset Home (`forward` false) or End (`forward` true) moves to from `offset`.
    func lineBoundary(of offset: Int, forward: Bool) -> Int
    /// The offset Up (`direction` -1) or Down (+1) moves to, or nil when the input has one line.
    func verticalMove(from offset: Int, direction: Int) -> Int?
    /// The character offset nearest to `point`, in the view's coordinates.
    func offset(at point: Point) -> Int
    /// The shown line that holds the caret offset `offset`: where its characters show, and its
    /// first and end offsets in the text. Nil when nothing is laid out yet.
    func lineGeometry(at offset: Int) -> (geometry: LineGeometry, characters: Range<Int>)?
}

/// How far a drag that began with a double or triple click extends the selection.
enum SelectionGranularity {
    case character, word, paragraph
}

extension TextEditingHost {
    // MARK: State

    /// The text, caret and selection, changed in place in the shared state.
    var editable: EditableText {
        get { editingState.editable }
        _modify { yield &editingState.editable }
    }
    /// The undo and redo stack of the input's edits.
    var history: EditHistory {
        get { editingState.history }
        _modify { yield &editingState.history }
    }
    /// The characters of an input method's pre-edit in `editable`, nil when there is none.
    var markedRange: Range<Int>? {
        get { editingState.markedRange }
        set { editingState.markedRange = newValue }
    }

    /// The text's font, at `fontSize`; nil while the input is in no application.
    var font: Font? { application?.fonts.font(size: editingState.fontSize, weight: .regular) }

    /// The widths of the font's characters, made again (and `characterWidthsDidChange()` called)
    /// when the font has changed; nil without a font.
    var characterWidths: CharacterWidths? {
        guard let font else { return nil }
        if let widths = editingState.widths, widths.font === font { return widths }
        let fresh = CharacterWidths(font: font)
        editingState.widths = fresh
        characterWidthsDidChange()
        return fresh
    }

    /// Replaces the whole text from code: no pre-edit, the caret at the end, no undo history.
    func replaceText(with text: String) {
        markedRange = nil
        editable.setText(text)
        history.removeAll()
        textWasReplaced()
        setNeedsDisplay()
    }

    /// Ends an editing session when the input resigns: an unfinished pre-edit goes with the focus
    /// (the input method resets its own), and so do a selection drag, the undo history and the
    /// selection.
    func endEditingSession() {
        if removeMarkedText() { textDidChange() }
        editingState.selectionDrag = nil
        // Editing ends with its undo history, as a UITextField's undo actions go when it resigns:
        // the history of every input kept would otherwise grow with all that was ever typed
        // (issue 21's memory creep). A password's steps are overwritten first.
        if isSecure { history.wipe() } else { history.removeAll() }
        editable.moveCaret(to: editable.caret)
    }

    /// Strokes the input's rounded border: two pixels of the accent colour while it is focused, a
    /// hairline of the separator colour otherwise.
    func strokeBorder(focused: Bool, in canvas: Canvas) {
        if focused {
            canvas.strokeRoundedRect(bounds, radius: 10, lineWidth: 2, color: Palette.accent)
        } else {
            canvas.strokeRoundedRect(bounds, radius: 10, lineWidth: 1, color: Palette.separator)
        }
    }

    // MARK: Edits

    /// Applies `edit` to the text; when it reports a change, records it under `kind` and calls
    /// `textDidChange()`.
    ///
    /// The text changes in place (no copy is held across the edit), so a keystroke in a long text moves
    /// the bytes after the caret instead of copying them all.
    func perform(_ kind: EditHistory.Kind, _ edit: (inout EditableText) -> Bool) {
        // A pre-edit is never part of the history: it goes before any edit (a commit replaces it).
        let hadMarked = removeMarkedText()
        let selectionBefore = (editable.anchor, editable.caret)
        let editsBefore = editable.editCount
        guard edit(&editable) else {
            if hadMarked { textDidChange() }
            return
        }
        // Every edit is one `insert`; should one ever make several, record nothing rather than
        // a wrong step (`lastEdit` describes only the last).
        if editable.editCount == editsBefore + 1, let change = editable.lastEdit {
            history.record(change, selectionBefore: selectionBefore, after: editable, kind: kind)
        } else {
            assertionFailure("an edit changed the text more than once")
            history.removeAll()
        }
        if isSecure && editable.count == 0 {
            // A password emptied while focused (all selected and deleted, or backspaced away)
            // keeps nothing of what it held, as after the clear button or resigning: its undo
            // history and the bytes the last edit removed are zeroed and forgotten.
            history.wipe()
            editable.forgetLastEdit()
        }
        textDidChange()
    }

    /// Types `string` at the caret (from the keypad or the keyboard), replacing the selection.
    func typeText(_ string: String) {
        let clean = TextSanitizer.sanitize(string, allowsNewlines: isMultiline)
        guard !clean.isEmpty || !editable.selection.isEmpty else { return }
        perform(.typing) {
            $0.insert(clean); return true
        }
    }

    /// Backspace: deletes the selection, or the character before the caret, as one step of undo.
    func deleteBackwardEdit() { perform(.deleting) { $0.deleteBackward() } }
    /// Delete: deletes the selection, or the character after the caret, as one step of undo.
    func deleteForwardEdit() { perform(.deleting) { $0.deleteForward() } }
    /// Ctrl+Backspace, or backspace held long enough to go by words.
    func deleteWordBackwardEdit() {
        if isSecure { return perform(.deleting) { $0.deleteBackward() } }
        perform(.deleting) { $0.deleteWordBackward() }
    }
    /// Control+Delete: deletes to the end of the word after the caret (a character in a secure field).
    func deleteWordForwardEdit() {
        if isSecure { return perform(.deleting) { $0.deleteForward() } }
        perform(.deleting) { $0.deleteWordForward() }
    }

    // MARK: Caret and selection

    /// Moves the caret to `offset`, or the moving end of the selection when `extend`.
    func moveSelection(to offset: Int, extend: Bool) {
        history.closeRun()
        if extend { editable.extendSelection(to: offset) } else { editable.moveCaret(to: offset) }
        selectionDidChange()
        if extend { publishPrimarySelection() }
    }

    /// Selects `range` and offers it as the primary selection.
    func selectRange(_ range: Range<Int>) {
        history.closeRun()
        editable.select(range)
        selectionDidChange()
        publishPrimarySelection()
    }

    /// The range a click at `offset` selects with `granularity`.
    func range(at offset: Int, granularity: SelectionGranularity) -> Range<Int> {
        switch granularity {
        case .character: return offset..<offset
        case .word: return isSecure ? 0..<editable.count : editable.wordRange(at: offset)
        case .paragraph: return isSecure ? 0..<editable.count : editable.paragraphRange(at: offset)
        }
    }

    /// Extends a drag selection that began over `origin` to `offset`, by whole words or
    /// paragraphs when the drag began with a double or triple click.
    func dragSelection(from origin: Range<Int>, to offset: Int, granularity: SelectionGranularity) {
        let unit = range(at: offset, granularity: granularity)
        history.closeRun()
        if offset < origin.lowerBound {
            editable.setSelection(anchor: origin.upperBound, caret: min(unit.lowerBound, offset))
        } else {
            editable.setSelection(anchor: origin.lowerBound, caret: max(unit.upperBound, offset, origin.upperBound))
        }
        selectionDidChange()
    }

    /// Starts selecting with `touch`, in the focused input: a click places the caret, a double click
    /// selects a word and a triple click the paragraph, and the touch's later moves extend that.
    func beginSelectionDrag(with touch: Touch) {
        let touched = offset(at: touch.location(in: self))
        let granularity: SelectionGranularity = touch.tapCount >= 3 ? .paragraph : touch.tapCount == 2 ? .word : .character
        let origin = range(at: touched, granularity: granularity)
        editingState.selectionDrag = SelectionDrag(touch: touch, origin: origin, granularity: granularity)
        if granularity == .character { moveSelection(to: touched, extend: false) } else { selectRange(origin) }
    }

    /// Extends the selection to where the selecting touch now is, when it is one of `touches`.
    func continueSelectionDrag(_ touches: [Touch]) {
        guard let drag = editingState.selectionDrag, touches.contains(where: { $0 === drag.touch }) else { return }
        dragSelection(from: drag.origin, to: offset(at: drag.touch.location(in: self)), granularity: drag.granularity)
    }

    /// Ends the selection drag when `touch` is its touch, offering what it selected as the primary
    /// selection; says whether it was.
    func endSelectionDrag(_ touch: Touch) -> Bool {
        guard let drag = editingState.selectionDrag, drag.touch === touch else { return false }
        editingState.selectionDrag = nil
        publishPrimarySelection()
        return true
    }

    /// Offers the selected text to other programs as the X primary selection (never a secure
    /// field's text).
    func publishPrimarySelection() {
        guard !isSecure, !editable.selection.isEmpty, let primary = application?.clipboard.primary else { return }
        primary.text = String(editable.selectedText)
    }

    // MARK: Clipboard and undo

    /// Selects the whole text, as Control+A does.
    func selectAllText() { selectRange(0..<editable.count) }

    /// Copies the selection to the clipboard; a secure field copies nothing.
    func copySelection() {
        guard !isSecure, !editable.selection.isEmpty, let clipboard = application?.clipboard else { return }
        clipboard.text = String(editable.selectedText)
    }

    /// Cuts the selection to the clipboard; a secure field cuts nothing.
    func cutSelection() {
        guard !isSecure, !editable.selection.isEmpty, let clipboard = application?.clipboard else { return }
        clipboard.text = String(editable.selectedText)
        perform(.cut) {
            $0.insert(""); return true
        }
    }

    /// Pastes the clipboard's text, sanitised, over the selection: at once when the text is at
    /// hand, else when it has come, if the input is still being edited then.
    func pasteClipboard() {
        guard let clipboard = application?.clipboard else { return }
        clipboard.requestText { [weak self] text in
            guard let self, let text, self.isFirstResponder else { return }
            self.pasteText(text)
        }
    }

    /// Inserts text from outside, sanitised, over the selection, as one undo step.
    ///
    /// A single-line input keeps the first `TextField.pasteLimit` characters of a longer paste and
    /// posts `textFieldPasteWasCut`; a text view takes a paste whole.
    func pasteText(_ text: String) {
        var text = text
        // Bytes are never fewer than characters: most pastes are known short without counting.
        if !isMultiline, text.utf8.count > TextField.pasteLimit {
            let kept = text.prefix(TextField.pasteLimit)
            if kept.endIndex != text.endIndex {
                let pastedBytes = text.utf8.count
                text = String(kept)
                application?.notificationCenter.post(
                    name: .textFieldPasteWasCut, object: self,
                    userInfo: [
                        PasteCutKey.kept: TextField.pasteLimit, PasteCutKey.pastedBytes: pastedBytes,
                    ])
            }
        }
        let clean = TextSanitizer.sanitize(text, allowsNewlines: isMultiline)
        guard !clean.isEmpty else { return }
        perform(.paste) {
            $0.insert(clean); return true
        }
    }

    /// Takes back the last edit.
    func undoEdit() {
        let hadMarked = removeMarkedText()
        guard history.undo(&editable) else {
            if hadMarked { textDidChange() }
            return
        }
        textDidChange()
    }

    /// Does the last undone edit again.
    func redoEdit() {
        let hadMarked = removeMarkedText()
        guard history.redo(&editable) else {
            if hadMarked { textDidChange() }
            return
        }
        textDidChange()
    }

    // MARK: Pre-edit

    /// Puts an input method's pre-edit at the caret, in place of the previous one (or of the
    /// selection), out of the history, with the caret `caret` characters into it; an empty `text` takes
    /// it away.
    ///
    /// Never in a secure field, where input methods are off.
    func setMarkedTextEdit(_ text: String, caret: Int) {
        guard !isSecure else { return }
        let clean = TextSanitizer.sanitize(text, allowsNewlines: false)
        let range = markedRange ?? editable.selection
        guard !clean.isEmpty || markedRange != nil else { return }
        let suffix = editable.count - range.upperBound
        editable.replace(range, with: clean)
        // Counted from the end: a pre-edit can merge with a neighbour (a combining mark).
        let end = max(range.lowerBound, editable.count - suffix)
        markedRange = clean.isEmpty ? nil : range.lowerBound..<end
        editable.moveCaret(to: min(range.lowerBound + max(0, caret), end))
        textDidChange()
    }

    /// Takes the pre-edit out of the text, the caret where it began; says whether there was one.
    ///
    /// The caller reports the change (`textDidChange`).
    @discardableResult
    func removeMarkedText() -> Bool {
        guard let range = markedRange else { return false }
        markedRange = nil
        editable.replace(range.clamped(to: 0..<editable.count), with: "")
        return true
    }

    // MARK: Keys

    /// Applies an editing key from the physical keyboard; returns false for keys it does not
    /// handle (they go up the responder chain: Tab, Escape, other shortcuts).
    func applyEditingKey(_ key: KeyInput) -> Bool {
        let shift = key.modifiers.contains(.shift)
        let control = key.modifiers.contains(.control)
        let selection = editable.selection
        switch key.key {
        case .text(let s):
            if control { return applyShortcut(s.lowercased(), shift: shift) }
            if key.modifiers.contains(.alt) { return false }
            typeText(s)
        case .backspace:
            if control { deleteWordBackwardEdit() } else { deleteBackwardEdit() }
        case .delete:
            if shift && !control { cutSelection() } else if control { deleteWordForwardEdit() } else { deleteForwardEdit() }
        case .left, .right:
            let right = key.key == .right
            if control && !isSecure {
                let target = right ? editable.wordEnd(after: editable.caret) : editable.wordStart(before: editable.caret)
                moveSelection(to: target, extend: shift)
            } else if control {
                moveSelection(to: right ? editable.count : 0, extend: shift)
            } else if !selection.isEmpty && !shift {
                moveSelection(to: selectionEnd(of: selection, right: right), extend: false)
            } else {
                moveSelection(to: horizontalMove(from: editable.caret, right: right), extend: shift)
            }
        case .up, .down:
            let direction = key.key == .up ? -1 : 1
            let from =
                selection.isEmpty || shift
                ? editable.caret
                : (direction < 0 ? selection.lowerBound : selection.upperBound)
            guard let target = verticalMove(from: from, direction: direction) else { return false }
            moveSelection(to: target, extend: shift)
        case .home:
            moveSelection(to: control ? 0 : lineBoundary(of: editable.caret, forward: false), extend: shift)
        case .end:
            moveSelection(to: control ? editable.count : lineBoundary(of: editable.caret, forward: true), extend: shift)
        case .returnKey:
            insertReturn()
        case .other("Insert"):
            if control { copySelection() } else if shift { pasteClipboard() } else { return false }
        default:
            return false
        }
        return true
    }

    /// Where Left or Right moves the caret from `offset`: one character further that way on screen, as
    /// GTK's entry moves (visually), so in right-to-left text Left moves towards its end.
    ///
    /// Past the edge of a wrapped line it goes on to the neighbouring line.
    private func horizontalMove(from offset: Int, right: Bool) -> Int {
        guard let line = lineGeometry(at: offset) else { return right ? offset + 1 : offset - 1 }
        let inLine = offset - line.characters.lowerBound
        let moved = line.geometry.offset(movingFrom: inLine, right: right) + line.characters.lowerBound
        if moved != offset || line.characters == 0..<editable.count { return moved }
        // At the line's edge on screen: on to the next line in the reading direction.
        let forward = right != line.geometry.isRightToLeft
        return forward ? offset + 1 : offset - 1
    }

    /// The end of `selection` that shows further right (or left), where an arrow collapses it (GTK's
    /// entry compares the two ends' positions on screen).
    ///
    /// Ends on different lines compare in the text's order.
    private func selectionEnd(of selection: Range<Int>, right: Bool) -> Int {
        let logical = right ? selection.upperBound : selection.lowerBound
        guard let lower = lineGeometry(at: selection.lowerBound),
            lower.characters.contains(selection.upperBound)
                || lower.characters.upperBound == selection.upperBound
        else { return logical }
        let start = lower.characters.lowerBound
        let lowerX = lower.geometry.caretX(at: selection.lowerBound - start)
        let upperX = lower.geometry.caretX(at: selection.upperBound - start)
        if lowerX == upperX { return logical }
        return (lowerX < upperX) == right ? selection.upperBound : selection.lowerBound
    }

    /// Ctrl+A, C, X, V, Z, Shift+Z and Y.
    private func applyShortcut(_ letter: String, shift: Bool) -> Bool {
        switch letter {
        case "a": selectAllText()
        case "c": copySelection()
        case "x": cutSelection()
        case "v": pasteClipboard()
        case "z": if shift { redoEdit() } else { undoEdit() }
        case "y": redoEdit()
        default: return false
        }
        return true
    }
}
