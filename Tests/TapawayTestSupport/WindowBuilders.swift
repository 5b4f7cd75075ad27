import TapawayHeadless
import TapawayKit

extension HeadlessPlatform {
    /// Builds a window that fills the screen, holding `views` as its subviews in order, adds it
    /// to the application (so it gets a recording platform window) and returns it.
    @discardableResult
    public func makeWindow(_ views: View...) -> Window {
        let window = Window(frame: Rect(origin: .zero, size: application.screenSize))
        for view in views { window.addSubview(view) }
        application.addWindow(window)
        return window
    }

    /// A 390 × 700 screen holding a field 300 wide at (10, 10), its text from x 22 (its inset
    /// is 12), and a 300 × 120 text view below it at (10, 70), neither focused: where the
    /// editing tests type.
    public static func withFieldAndTextView() -> (HeadlessPlatform, TextField, TextView) {
        let p = HeadlessPlatform(screenSize: Size(width: 390, height: 700))
        let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 44))
        let view = TextView(frame: Rect(x: 10, y: 70, width: 300, height: 120))
        p.makeWindow(field, view)
        return (p, field, view)
    }

    /// A 400 × 600 screen holding a password field (a secure text entry, 300 × 44 at (10, 10))
    /// and a plain field below it (at (10, 70)), neither focused.
    public static func withPasswordAndField() -> (HeadlessPlatform, password: TextField, other: TextField) {
        let p = HeadlessPlatform(screenSize: Size(width: 400, height: 600))
        let password = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 44))
        password.isSecureTextEntry = true
        let other = TextField(frame: Rect(x: 10, y: 70, width: 300, height: 44))
        p.makeWindow(password, other)
        return (p, password, other)
    }

    /// A screen of `size` (400 × 600 unless given) showing `input`, a field or a text view, alone
    /// in a window, and focused: where a test types into one input.
    public static func editing(_ input: View, screen size: Size = Size(width: 400, height: 600)) -> HeadlessPlatform {
        let p = HeadlessPlatform(screenSize: size)
        p.makeWindow(input)
        input.becomeFirstResponder()
        return p
    }
}
