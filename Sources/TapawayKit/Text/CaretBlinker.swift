/// Blinks a caret: visible for half a second, hidden for half a second, solid while typing.
@MainActor
public final class CaretBlinker {
    /// Whether the caret is drawn now.
    public private(set) var isVisible = false
    private var timer: Timer?
    private let onChange: () -> Void
    /// The blink half-period in seconds.
    public static let halfPeriod = 0.53

    /// Creates a blinker that calls `onChange` whenever the caret appears or disappears.
    public init(onChange: @escaping () -> Void) { self.onChange = onChange }

    /// Shows the caret solid and restarts blinking (call on focus and after every edit).
    public func restart(timers: TimerQueue?) {
        timer?.invalidate()
        isVisible = true
        onChange()
        guard let timers else { return }
        timer = timers.schedule(after: Self.halfPeriod, repeats: true) { [weak self] _ in
            guard let self else { return }
            self.isVisible.toggle()
            self.onChange()
        }
    }

    /// Hides the caret and stops blinking (call on resign).
    public func stop() {
        timer?.invalidate()
        timer = nil
        if isVisible { isVisible = false; onChange() }
    }
}

/// What a text field and a text view share: keys that edit and move the caret.
@MainActor
protocol TextEditingKeys: TextInput {
    var editable: EditableText { get set }
    func textDidChange()
    func caretDidMove()
}

extension TextEditingKeys {
    /// Applies an editing key; returns false for keys it does not handle.
    func applyEditingKey(_ key: KeyInput) -> Bool {
        let shift = key.modifiers.contains(.shift)
        switch key.key {
        case .text(let s):
            if key.modifiers.contains(.control) { return false }
            insertText(s)
        case .backspace: deleteBackward()
        case .delete:
            if editable.deleteForward() { textDidChange() }
        case .left: moveCaret(to: editable.selection.isEmpty || shift ? editable.caret - 1 : editable.selection.lowerBound, extend: shift)
        case .right: moveCaret(to: editable.selection.isEmpty || shift ? editable.caret + 1 : editable.selection.upperBound, extend: shift)
        case .home: moveCaret(to: 0, extend: shift)
        case .end: moveCaret(to: editable.count, extend: shift)
        case .returnKey: insertReturn()
        default: return false
        }
        return true
    }

    private func moveCaret(to offset: Int, extend: Bool) {
        if extend {
            editable.extendSelection(to: offset)
        } else {
            editable.moveCaret(to: offset)
        }
        caretDidMove()
    }
}
