import TapawayHeadless
import TapawayKit
import Testing

/// A controller that keeps the keyboard after its inputs stop editing, as UIKit's form sheet does
/// by default.
@MainActor
private final class KeepingController: ViewController {
    var keeps = true
    override var disablesAutomaticKeyboardDismissal: Bool { keeps }
}

/// A controller with UIKit's default for any style but a form sheet.
@MainActor
private final class PlainController: ViewController {}

/// `ViewController.disablesAutomaticKeyboardDismissal`, written from Apple's documentation: "The
/// default value of this property is YES when the modal presentation style of the view controller is
/// set to UIModalPresentationFormSheet and NO for other presentation styles", and "the keyboard, once
/// shown, is not hidden until the user taps the dismiss key or the modal view controller is
/// programmatically dismissed".
@MainActor
@Suite("The keyboard a view controller keeps after editing ends")
struct KeyboardDismissalDisabledTests {
    /// A field `inner` in `controller`'s view, and a field `outside` beside it in the window.
    ///
    /// A view holds its controller weakly, as UIKit's does: the caller keeps `controller`.
    func make(_ controller: ViewController) -> (HeadlessPlatform, TextField, TextField) {
        let p = HeadlessPlatform(screenSize: Size(width: 390, height: 700))
        let inner = TextField(frame: Rect(x: 10, y: 10, width: 200, height: 44))
        controller.view.frame = Rect(x: 0, y: 0, width: 390, height: 300)
        controller.view.addSubview(inner)
        let outside = TextField(frame: Rect(x: 10, y: 320, width: 200, height: 44))
        p.makeWindow(controller.view, outside)
        return (p, inner, outside)
    }

    /// Focuses `field` and lets it resign, each step settled: what a technique's tap outside does.
    func focusThenResign(_ p: HeadlessPlatform, _ field: TextField) {
        field.becomeFirstResponder()
        p.settle()
        _ = field.resignFirstResponder()
        p.settle()
    }

    /// Records the keyboard's will-show and will-hide on `p`.
    func record(_ p: HeadlessPlatform, into log: @escaping (String) -> Void) {
        p.application.notificationCenter.addObserver(forName: .keyboardWillShow) { _ in log("willShow") }
        p.application.notificationCenter.addObserver(forName: .keyboardWillHide) { _ in log("willHide") }
    }

    @Test("an input of a controller that disables the dismissal resigns, and the keyboard stays up with no input")
    func staysUp() {
        let controller = KeepingController()
        defer { withExtendedLifetime(controller) {} }
        let (p, inner, _) = make(controller)
        var log: [String] = []
        record(p) { log.append($0) }
        inner.becomeFirstResponder()
        p.settle()
        inner.insertText("ab")
        #expect(inner.resignFirstResponder())
        p.settle()
        let keyboard = p.application.keyboard
        #expect(p.application.firstResponder == nil)
        #expect(keyboard.isVisible && keyboard.state == .shown)
        #expect(keyboard.isDetached)
        #expect(log == ["willShow"], "no hide is posted")
        // Keys typed now go nowhere: the field that resigned keeps its text.
        keyboard.type(KeypadKey(id: "key-c", kind: .character("c"), label: "c"))
        #expect(inner.text == "ab")
    }

    @Test("the hide key takes a kept keyboard down, and so does the controller's going (hideIfDetached)")
    func hideKeyAndDismissal() {
        let controller = KeepingController()
        defer { withExtendedLifetime(controller) {} }
        let (p, inner, _) = make(controller)
        var log: [String] = []
        record(p) { log.append($0) }
        focusThenResign(p, inner)
        p.application.keyboard.type(KeypadKey(id: "key-dismiss", kind: .dismiss, label: ""))
        p.settle()
        #expect(!p.application.keyboard.isVisible && p.application.keyboard.state == .hidden)
        #expect(log == ["willShow", "willHide"])
        // Again, and the presentation ends instead.
        focusThenResign(p, inner)
        #expect(p.application.keyboard.isDetached)
        p.application.keyboard.hideIfDetached()
        p.settle()
        #expect(p.application.keyboard.state == .hidden)
        #expect(log == ["willShow", "willHide", "willShow", "willHide"])
        // With an input attached, hideIfDetached leaves the keyboard alone.
        inner.becomeFirstResponder()
        p.settle()
        p.application.keyboard.hideIfDetached()
        p.settle()
        #expect(p.application.keyboard.state == .shown)
    }

    @Test("focusing another input while the keyboard is kept moves the focus with no hide between")
    func nextInputKeepsItUp() {
        let controller = KeepingController()
        defer { withExtendedLifetime(controller) {} }
        let (p, inner, outside) = make(controller)
        var log: [String] = []
        record(p) { log.append($0) }
        focusThenResign(p, inner)
        outside.becomeFirstResponder()
        p.settle()
        #expect(p.application.firstResponder === outside)
        #expect(!p.application.keyboard.isDetached)
        #expect(log == ["willShow"])
        // The outside field is under no controller that keeps the keyboard: it hides as usual.
        _ = outside.resignFirstResponder()
        p.settle()
        #expect(log == ["willShow", "willHide"])
    }

    @Test("a controller that answers false, as UIKit's default for other styles, lets the keyboard hide")
    func answersFalse() {
        let controller = KeepingController()
        defer { withExtendedLifetime(controller) {} }
        controller.keeps = false
        let (p, inner, _) = make(controller)
        focusThenResign(p, inner)
        #expect(p.application.keyboard.state == .hidden)
        #expect(!p.application.keyboard.isDetached)
    }

    /// Developers report that overriding the property in the screen inside a form sheet's navigation
    /// controller does not help: the navigation controller, presented as the form sheet, answers
    /// true (measured; which controller UIKit asks is not documented).
    @Test("a controller further up the chain that keeps the keyboard wins over a nearer one that does not")
    func outerControllerAnswers() {
        let outer = KeepingController()
        let inner = PlainController()
        defer { withExtendedLifetime((outer, inner)) {} }
        let field = TextField(frame: Rect(x: 10, y: 10, width: 200, height: 44))
        inner.view.frame = Rect(x: 0, y: 0, width: 390, height: 200)
        inner.view.addSubview(field)
        let (p, _, _) = make(outer)
        outer.view.addSubview(inner.view)
        focusThenResign(p, field)
        #expect(p.application.keyboard.isDetached)
    }
}
