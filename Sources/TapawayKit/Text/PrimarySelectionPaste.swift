extension Application {
    /// Pastes the primary selection into the text input under `point` (screen coordinates), at
    /// the character nearest to it, as X programs do on a middle click; the input takes focus.
    /// Returns whether there was an input there and text to paste.
    @discardableResult
    public func pastePrimarySelection(at point: Point) -> Bool {
        guard let window = window(at: point), window.level == .normal else { return false }
        var view = window.hitTest(window.convert(fromScreen: point))
        while let current = view, !(current is any TextEditing) { view = current.superview }
        guard let input = view as? any TextEditing, input.canBecomeFirstResponder else { return false }
        // Read it before the caret moves: the selection being pasted may be this input's own.
        guard let text = clipboard.primary?.text, !text.isEmpty else { return false }
        if !input.isFirstResponder { input.becomeFirstResponder() }
        guard input.isFirstResponder else { return false }
        input.moveSelection(to: input.offset(at: input.convert(fromScreen: point)), extend: false)
        input.pasteText(text)
        setNeedsFrame()
        return true
    }
}
