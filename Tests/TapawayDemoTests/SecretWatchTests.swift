import TapawayDemo
import TapawayHeadless
import TapawayKit
import TapawayTestSupport
import Testing

/// Core dumps are forbidden only while a password is held: the watch says when the first
/// secure field comes to hold text and when none holds any.
@MainActor
@Suite("The secret watch")
struct SecretWatchTests {
    /// A window with a password field and a plain one, the password focused, and a watch that
    /// records what it says.
    func make() -> (HeadlessPlatform, TextField, TextField, SecretWatch, Box) {
        let (p, password, other) = HeadlessPlatform.withPasswordAndField()
        let said = Box()
        let watch = SecretWatch(notificationCenter: p.application.notificationCenter) { said.values.append($0) }
        password.becomeFirstResponder()
        p.application.runFrame()
        return (p, password, other, watch, said)
    }

    /// What the watch said, in order.
    final class Box { var values: [Bool] = [] }

    @Test("typing into a password says true once; emptying it says false")
    func typedThenEmptied() {
        let (p, password, _, watch, said) = make()
        #expect(!watch.holdsSecret && said.values.isEmpty, "nothing held before typing")
        p.type("Zq9")
        #expect(watch.holdsSecret && said.values == [true], "\(said.values)")
        p.press(.backspace)
        p.press(.backspace)
        #expect(said.values == [true], "still held with one character: \(said.values)")
        p.press(.backspace)
        #expect(password.text.isEmpty && !watch.holdsSecret && said.values == [true, false], "\(said.values)")
    }

    @Test("a password that resigns still holds its text, so it stays held; the clear button lets it go")
    func resignKeepsItHeld() {
        let (p, password, other, watch, said) = make()
        p.type("Zq9")
        other.becomeFirstResponder()
        p.application.runFrame()
        #expect(watch.holdsSecret && said.values == [true], "\(said.values)")
        password.clear()
        #expect(!watch.holdsSecret && said.values == [true, false], "\(said.values)")
    }

    @Test("a plain field's text is no secret")
    func plainFieldIsNotASecret() {
        let (p, _, other, watch, said) = make()
        other.becomeFirstResponder()
        p.type("hello")
        #expect(other.text == "hello" && !watch.holdsSecret && said.values.isEmpty, "\(said.values)")
    }
}
