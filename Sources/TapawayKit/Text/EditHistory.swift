import Glibc

/// The undo and redo stacks of one text input.
///
/// Each step keeps the bytes an edit replaced and the selection before and after it.
/// Consecutive edits of the same kind (a run of typing, a run of deletions) join one step, so
/// Ctrl+Z takes back a typed word or sentence at once, as people expect; moving the caret, or an
/// edit of another kind, closes the run.
public struct EditHistory: Sendable {
    /// What an edit was, for grouping.
    public enum Kind: Sendable, Equatable {
        /// Characters typed (keypad or keyboard); runs join.
        case typing
        /// Backspace or Delete; runs join.
        case deleting
        /// A paste: one step of undo, whatever its length.
        case paste
        /// A cut: one step of undo.
        case cut
        /// The clear button, or any other replacement of the whole text.
        case replace

        /// Whether consecutive edits of this kind join one step.
        var joinsRuns: Bool { self == .typing || self == .deleting }
    }

    /// One step, kept as the bytes it replaced rather than the whole text before and after: a
    /// hundred steps in a long text cost what the edits cost, not a hundred copies of the text.
    private struct Step: Sendable {
        /// Where the replaced bytes began (UTF-8 offset, the same in the text before and after).
        var start: Int
        /// The bytes the edit took away.
        var removed: [UInt8]
        /// The bytes the edit put in their place.
        var inserted: [UInt8]
        /// The selection before and after, as (anchor, caret) character offsets.
        var selectionBefore: (Int, Int)
        var selectionAfter: (Int, Int)
        let kind: Kind
        /// The bytes it holds.
        var size: Int { removed.count + inserted.count }
    }

    private var undoSteps: [Step] = []
    private var redoSteps: [Step] = []
    private var isRunOpen = false
    /// The most steps kept; the oldest are forgotten.
    public var limit = 100
    /// The most bytes the undo steps may hold (what they took away and put in); past it the oldest
    /// steps are forgotten, so clearing long texts again and again costs bounded memory.
    ///
    /// The newest step is always kept.
    public var byteLimit = 256 * 1024
    /// The bytes the undo steps hold now.
    private var undoBytes = 0

    /// Creates an empty history.
    public init() {}

    /// Whether there is an edit to undo.
    public var canUndo: Bool { !undoSteps.isEmpty }
    /// Whether there is an undone edit to redo.
    public var canRedo: Bool { !redoSteps.isEmpty }

    /// Records an edit from `before` to `after`.
    ///
    /// A new edit clears the redo stack.
    public mutating func record(from before: EditableText, to after: EditableText, kind: Kind) {
        if after.editCount == before.editCount + 1, let edit = after.lastEdit {
            // One edit: no comparing.
            return record(edit, selectionBefore: (before.anchor, before.caret), after: after, kind: kind)
        }
        let change = Self.change(from: before.text, to: after.text)
        let edit = EditableText.Edit(
            start: change.start, removed: Self.bytes(of: before.text, change.start..<change.oldEnd),
            inserted: change.newEnd - change.start)
        record(edit, selectionBefore: (before.anchor, before.caret), after: after, kind: kind)
    }

    /// Records `edit`, which turned a text whose selection was `selectionBefore` (anchor, caret) into
    /// `after`.
    ///
    /// Needs no copy of the text before it, so the text can change in place.
    public mutating func record(_ edit: EditableText.Edit, selectionBefore: (Int, Int), after: EditableText, kind: Kind) {
        redoSteps.removeAll()
        if isRunOpen, kind.joinsRuns, let last = undoSteps.last, last.kind == kind {
            let joined = Self.join(last, edit, after: after)
            undoSteps[undoSteps.count - 1] = joined
            undoSteps[undoSteps.count - 1].selectionAfter = (after.anchor, after.caret)
            undoBytes += joined.size - last.size
            trim()
            return
        }
        undoSteps.append(
            Step(
                start: edit.start, removed: edit.removed,
                inserted: after.utf8Bytes(edit.start..<edit.newEnd),
                selectionBefore: selectionBefore, selectionAfter: (after.anchor, after.caret),
                kind: kind))
        undoBytes += undoSteps[undoSteps.count - 1].size
        trim()
        isRunOpen = kind.joinsRuns
    }

    /// Forgets the oldest undo steps past `limit` steps or `byteLimit` bytes.
    private mutating func trim() {
        var drop = max(0, undoSteps.count - limit)
        var bytes = undoBytes
        for step in undoSteps.prefix(drop) { bytes -= step.size }
        while drop < undoSteps.count - 1, bytes > byteLimit {
            bytes -= undoSteps[drop].size
            drop += 1
        }
        guard drop > 0 else { return }
        undoSteps.removeFirst(drop)
        undoBytes = bytes
    }

    /// The changed bytes between two texts, widened to whole scalars so each side is valid
    /// UTF-8 on its own.
    private static func change(from old: String, to new: String) -> (start: Int, oldEnd: Int, newEnd: Int) {
        guard let found = ChangedBytes(old: old, new: new) else { return (0, 0, 0) }
        var (start, oldEnd, newEnd) = (found.start, found.oldEnd, found.newEnd)
        // The bytes before `start` are the same in both texts, so a scalar split there is split
        // in both: step back to its first byte. Likewise after the ends.
        while start > 0, isContinuation(old, at: start) { start -= 1 }
        while oldEnd < old.utf8.count, isContinuation(old, at: oldEnd) { oldEnd += 1; newEnd += 1 }
        return (start, oldEnd, newEnd)
    }

    /// Whether the byte at `offset` of `text` continues a scalar (10xxxxxx).
    private static func isContinuation(_ text: String, at offset: Int) -> Bool {
        guard offset < text.utf8.count else { return false }
        return text.utf8[text.utf8.index(text.startIndex, offsetBy: offset)] & 0xC0 == 0x80
    }

    /// The bytes of `text` in `range` (UTF-8 offsets).
    private static func bytes(of text: String, _ range: Range<Int>) -> [UInt8] {
        range.isEmpty ? [] : Array(text.utf8[text.indexRange(ofBytes: range)])
    }

    /// `last` followed by `edit` (of the text `last` produced, into `after`) as one step.
    ///
    /// Read from the bytes around the two edits when they meet or overlap (a run of typing or
    /// deleting); otherwise (the selection moved without closing the run) from the text before `last`,
    /// made again.
    private static func join(_ last: Step, _ edit: EditableText.Edit, after text: EditableText) -> Step {
        if edit.removed.isEmpty && edit.inserted == 0 { return last }
        let s1 = last.start, e1 = last.start + last.inserted.count  // what `last` put in, in the text before `edit`
        guard edit.start <= e1, edit.oldEnd >= s1 else {
            let after = text.text
            let before = replacing(after, start: edit.start, count: edit.inserted, with: edit.removed)
            let original = replacing(before, start: last.start, count: last.inserted.count, with: last.removed)
            let whole = change(from: original, to: after)
            var joined = last
            joined.start = whole.start
            joined.removed = bytes(of: original, whole.start..<whole.oldEnd)
            joined.inserted = bytes(of: after, whole.start..<whole.newEnd)
            return joined
        }
        let start = min(s1, edit.start)
        let unionEnd = max(e1, edit.oldEnd)  // in the text before `edit`
        /// Bytes of the text before `edit`: `after` outside the edit, its removed bytes inside.
        func before(_ range: Range<Int>) -> [UInt8] {
            guard !range.isEmpty else { return [] }
            let delta = edit.inserted - edit.removed.count
            var result: [UInt8] = []
            if range.lowerBound < edit.start {
                result += text.utf8Bytes(range.lowerBound..<min(range.upperBound, edit.start))
            }
            let inside = max(range.lowerBound, edit.start)..<min(range.upperBound, edit.oldEnd)
            if !inside.isEmpty { result += edit.removed[(inside.lowerBound - edit.start)..<(inside.upperBound - edit.start)] }
            if range.upperBound > edit.oldEnd {
                let from = max(range.lowerBound, edit.oldEnd)
                result += text.utf8Bytes((from + delta)..<(range.upperBound + delta))
            }
            return result
        }
        // Taken away from the text before `last`: outside what `last` put in, that is the text before `edit`.
        var removed = before(start..<s1)
        removed += last.removed
        removed += before(e1..<unionEnd)
        // Put in: the same region of `after`.
        let insertedEnd = unionEnd - edit.removed.count + edit.inserted
        var joined = last
        joined.start = start
        joined.removed = removed
        joined.inserted = text.utf8Bytes(start..<insertedEnd)
        return joined
    }

    /// `text` with `count` bytes at `start` replaced by `bytes`.
    private static func replacing(_ text: String, start: Int, count: Int, with bytes: [UInt8]) -> String {
        var result = text
        result.replaceSubrange(text.indexRange(ofBytes: start..<(start + count)), with: String(decoding: bytes, as: UTF8.self))
        return result
    }

    /// Ends the current run: the next edit starts a new step (call when the caret moves).
    public mutating func closeRun() { isRunOpen = false }

    /// Takes back the last step, in place, from `text` (the text as the last step left it):
    /// returns false when there is none.
    public mutating func undo(_ text: inout EditableText) -> Bool {
        guard let step = undoSteps.popLast() else { return false }
        undoBytes -= step.size
        redoSteps.append(step)
        isRunOpen = false
        text.replaceBytes(
            step.start..<(step.start + step.inserted.count), with: step.removed,
            selecting: (step.selectionBefore.0, step.selectionBefore.1))
        return true
    }

    /// Does the last undone step again, in place, on `text`: returns false when there is none.
    public mutating func redo(_ text: inout EditableText) -> Bool {
        guard let step = redoSteps.popLast() else { return false }
        undoSteps.append(step)
        undoBytes += step.size
        isRunOpen = false
        text.replaceBytes(
            step.start..<(step.start + step.removed.count), with: step.inserted,
            selecting: (step.selectionAfter.0, step.selectionAfter.1))
        return true
    }

    /// `undo(_:)` on a copy of `current`: the state to restore, or nil when there is none.
    public mutating func undo(from current: EditableText) -> EditableText? {
        var state = current
        return undo(&state) ? state : nil
    }

    /// `redo(_:)` on a copy of `current`: the state to restore, or nil when there is none.
    public mutating func redo(from current: EditableText) -> EditableText? {
        var state = current
        return redo(&state) ? state : nil
    }

    /// Forgets every step (after the text is set from code).
    public mutating func removeAll() {
        undoSteps.removeAll()
        redoSteps.removeAll()
        undoBytes = 0
        isRunOpen = false
    }

    /// Overwrites the bytes every step holds with zeros, then forgets the steps: what a
    /// password's history held does not stay behind in freed memory.
    public mutating func wipe() {
        for index in undoSteps.indices {
            undoSteps[index].removed.withUnsafeMutableBytes { Wipe.zero($0) }
            undoSteps[index].inserted.withUnsafeMutableBytes { Wipe.zero($0) }
        }
        for index in redoSteps.indices {
            redoSteps[index].removed.withUnsafeMutableBytes { Wipe.zero($0) }
            redoSteps[index].inserted.withUnsafeMutableBytes { Wipe.zero($0) }
        }
        removeAll()
    }
}

/// Zeroing that the optimiser may not drop because the memory is freed right after.
enum Wipe {
    static func zero(_ bytes: UnsafeMutableRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        explicit_bzero(base, bytes.count)
    }
}
