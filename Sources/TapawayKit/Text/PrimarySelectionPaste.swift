extension Application {
    /// Pastes the primary selection into the text input under `point` (screen coordinates), at the
    /// character nearest to it, as X programs do on a middle click; the input takes focus.
    ///
    /// The text is asked for first (`Clipboard.requestText`): the paste happens at once when it is at
    /// hand, or when it comes from the program holding it. Returns whether there was an input there and
    /// a primary selection to ask.
    @discardableResult
    public func pastePrimarySelection(at point: Point) -> Bool {
        guard let window = window(at: point), window.level == .normal else { return false }
        var view = window.hitTest(window.convert(fromScreen: point))
        while let current = view, !(current is any TextEditingHost) { view = current.superview }
        guard let input = view as? any TextEditingHost, input.canBecomeFirstResponder,
            let primary = clipboard.primary
        else { return false }
        // Read before the caret moves: the selection being pasted may be this input's own.
        primary.requestText { [weak self, weak input] text in
            guard let self, let input, let text, !text.isEmpty else { return }
            if !input.isFirstResponder { input.becomeFirstResponder() }
            guard input.isFirstResponder else { return }
            input.moveSelection(to: input.offset(at: input.convert(fromScreen: point)), extend: false)
            input.pasteText(text)
            self.setNeedsFrame()
        }
        return true
    }
}
