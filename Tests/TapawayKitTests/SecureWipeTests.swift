import TapawayHeadless
import TapawayKit
import TapawayTestSupport
import Testing

/// A password leaves nothing to take back once it is cleared or lets go: its undo history is
/// zeroed and forgotten, and a cleared text is zeroed in place.
@MainActor
@Suite("Secure fields forget what they held")
struct SecureWipeTests {
    func passwordPlatform() -> (HeadlessPlatform, TextField, TextField) {
        let (p, password, other) = HeadlessPlatform.withPasswordAndField()
        password.becomeFirstResponder()
        p.application.runFrame()
        return (p, password, other)
    }

    @Test("the clear button empties a password for good: Ctrl+Z brings nothing back")
    func clearIsFinal() {
        let (p, password, _) = passwordPlatform()
        p.type("Zq9canary")
        p.press(.backspace)
        password.clear()
        #expect(password.text == "")
        p.press(.text("z"), modifiers: .control)
        p.press(.text("z"), modifiers: .control)
        #expect(password.text == "", "undo brought back \(password.text.count) characters")
    }

    @Test("a plain field's clear stays undoable")
    func plainClearUndoes() {
        let (p, _, other) = passwordPlatform()
        other.becomeFirstResponder()
        p.type("hello")
        other.clear()
        p.press(.text("z"), modifiers: .control)
        #expect(other.text == "hello")
    }

    @Test("once a password resigns, its undo history is gone")
    func resignForgetsHistory() {
        let (p, password, other) = passwordPlatform()
        p.type("Zq9canary")
        p.press(.backspace)
        other.becomeFirstResponder()
        password.becomeFirstResponder()
        p.press(.text("z"), modifiers: .control)
        #expect(password.text.count == 8, "undo after refocusing changed the password")
    }

    @Test("a plain field and a text view forget their undo history when they resign, so it cannot grow across edits (issue 21)")
    func resignBoundsHistory() {
        let (p, password, other) = passwordPlatform()
        let notes = TextView(frame: Rect(x: 10, y: 130, width: 300, height: 120))
        password.superview?.addSubview(notes)
        for input in [other, notes] as [View] {
            input.becomeFirstResponder()
            p.type("hello")
            #expect((input as? TextField)?.canUndo ?? (input as? TextView)?.canUndo ?? false)
            password.becomeFirstResponder()
            input.becomeFirstResponder()
            #expect(!((input as? TextField)?.canUndo ?? (input as? TextView)?.canUndo ?? true), "\(input) kept its history")
            p.press(.text("z"), modifiers: .control)
            #expect(((input as? TextField)?.text ?? (input as? TextView)?.text) == "hello")
        }
    }

    @Test("wiping a text zeroes its storage, so no copy of it is left readable")
    func wipeZeroes() {
        var text = EditableText(String(repeating: "s3cret-", count: 20))
        let sharing = text.text  // shares the storage, as a stale reference in memory would
        text.wipe()
        #expect(text.text.isEmpty && text.count == 0)
        #expect(sharing.utf8.count == 140 && sharing.utf8.allSatisfy { $0 == 0 })
    }

    @Test("a password's storage, given back when editing ends, is zeroed first")
    func fittedStorageIsZeroed() {
        let (_, password, _) = passwordPlatform()
        #expect(password.editableText.isSecret)
        var text = password.editableText
        text.setText(String(repeating: "s3cret-", count: 20))
        text.select(0..<40)
        text.deleteBackward()
        let sharing = text.text  // shares the storage, as the bytes left in freed memory would
        text.editingEnded()
        #expect(text.text == String(repeating: "s3cret-", count: 20).dropFirst(40))
        #expect(sharing.utf8.count == 100 && sharing.utf8.allSatisfy { $0 == 0 })
    }

    @Test(
        "a password emptied while focused (all selected and deleted, or backspaced away) keeps nothing: no undo, no copy",
        arguments: [true, false])
    func emptiedWhileFocused(selectAll: Bool) {
        let (p, password, _) = passwordPlatform()
        let secret = String(repeating: "s3cret-", count: 20)
        p.type(secret)
        #expect(password.text == secret)
        // Shares the text's storage, as the bytes left in memory would.
        let sharing = password.editableText.text
        if selectAll {
            p.press(.text("a"), modifiers: .control)
            p.press(.backspace)
        } else {
            for _ in 0..<secret.count { p.press(.backspace) }
        }
        #expect(password.text == "" && password.isFirstResponder)
        #expect(!password.canUndo, "the history still holds steps")
        #expect(password.editableText.lastEdit == nil, "the last edit still holds the removed bytes")
        p.press(.text("z"), modifiers: .control)
        p.press(.text("z"), modifiers: .control)
        #expect(password.text == "", "undo brought back \(password.text.count) characters")
        if selectAll {
            #expect(sharing.utf8.count == 140 && sharing.utf8.allSatisfy { $0 == 0 }, "the emptied storage was not zeroed")
        }
        // Typing again works as ever, undo included.
        p.type("new")
        p.press(.text("z"), modifiers: .control)
        #expect(password.text == "")
    }

    @Test("a plain field emptied while focused keeps its undo")
    func plainEmptiedUndoes() {
        let (p, _, other) = passwordPlatform()
        other.becomeFirstResponder()
        p.type("hello")
        p.press(.text("a"), modifiers: .control)
        p.press(.backspace)
        p.press(.text("z"), modifiers: .control)
        #expect(other.text == "hello")
    }
}
