/// The undo and redo stacks of one text input.
///
/// Each step keeps the text and selection before and after an edit. Consecutive edits of the
/// same kind (a run of typing, a run of deletions) join one step, so Ctrl+Z takes back a typed
/// word or sentence at once, as people expect; moving the caret, or an edit of another kind,
/// closes the run.
public struct EditHistory: Sendable {
    /// What an edit was, for grouping.
    public enum Kind: Sendable, Equatable {
        /// Characters typed (keypad or keyboard); runs join.
        case typing
        /// Backspace or Delete; runs join.
        case deleting
        /// A paste.
        case paste
        /// A cut.
        case cut
        /// The clear button, or any other replacement of the whole text.
        case replace

        /// Whether consecutive edits of this kind join one step.
        var joinsRuns: Bool { self == .typing || self == .deleting }
    }

    private struct Step: Sendable {
        var before: EditableText
        var after: EditableText
        let kind: Kind
    }

    private var undoSteps: [Step] = []
    private var redoSteps: [Step] = []
    private var isRunOpen = false
    /// The most steps kept; the oldest are forgotten.
    public var limit = 100

    /// Creates an empty history.
    public init() {}

    /// Whether there is an edit to undo.
    public var canUndo: Bool { !undoSteps.isEmpty }
    /// Whether there is an undone edit to redo.
    public var canRedo: Bool { !redoSteps.isEmpty }

    /// Records an edit from `before` to `after`. A new edit clears the redo stack.
    public mutating func record(from before: EditableText, to after: EditableText, kind: Kind) {
        redoSteps.removeAll()
        if isRunOpen, kind.joinsRuns, let last = undoSteps.last, last.kind == kind {
            undoSteps[undoSteps.count - 1].after = after
            return
        }
        undoSteps.append(Step(before: before, after: after, kind: kind))
        if undoSteps.count > limit { undoSteps.removeFirst(undoSteps.count - limit) }
        isRunOpen = kind.joinsRuns
    }

    /// Ends the current run: the next edit starts a new step (call when the caret moves).
    public mutating func closeRun() { isRunOpen = false }

    /// Takes back the last step: returns the state to restore, or nil when there is none.
    public mutating func undo() -> EditableText? {
        guard let step = undoSteps.popLast() else { return nil }
        redoSteps.append(step)
        isRunOpen = false
        return step.before
    }

    /// Does the last undone step again: returns the state to restore, or nil when there is none.
    public mutating func redo() -> EditableText? {
        guard let step = redoSteps.popLast() else { return nil }
        undoSteps.append(step)
        isRunOpen = false
        return step.after
    }

    /// Forgets every step (after the text is set from code).
    public mutating func removeAll() {
        undoSteps.removeAll()
        redoSteps.removeAll()
        isRunOpen = false
    }
}
