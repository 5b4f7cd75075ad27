import KeyboardManager
import TapawayHeadless
import TapawayKit
import TapawayTestSupport
import Testing

/// A screen with a tall scroll view of fields, for the manager to work on.
@MainActor
final class FieldsScreen: ViewController {
    let scroll = ScrollView()
    let fields: [TextField]
    let notes = TextView(placeholder: "Notes")
    let button = Button(title: "Go")
    let row = View()

    /// Fields at these y positions, in this view order.
    init(ys: [Double]) {
        fields = ys.enumerated().map { i, _ in
            let f = TextField(placeholder: "Field \(i)")
            f.identifier = "f\(i)"
            return f
        }
        super.init()
        for (field, y) in zip(fields, ys) { field.frame = Rect(x: 20, y: y, width: 300, height: 40) }
    }

    override func loadView() {
        scroll.contentSize = Size(width: 390, height: 1400)
        for field in fields { scroll.addSubview(field) }
        notes.frame = Rect(x: 20, y: 1200, width: 300, height: 120)
        notes.identifier = "notes"
        button.frame = Rect(x: 20, y: 60, width: 100, height: 40)
        button.identifier = "button"
        row.frame = Rect(x: 200, y: 60, width: 150, height: 40)
        row.identifier = "row"
        scroll.addSubview(notes)
        scroll.addSubview(button)
        scroll.addSubview(row)
        setView(scroll)
    }
}

/// Another screen class, to test per-class enabling.
@MainActor
final class OtherScreen: ViewController {}

@MainActor
@Suite("KeyboardManager", .serialized)
struct KeyboardManagerTests {
    let platform = HeadlessPlatform(screenSize: Size(width: 390, height: 700))
    let manager = KeyboardManager.shared

    func install(_ screen: ViewController) {
        let window = platform.makeWindow()
        window.setRootViewController(screen)
        manager.isEnabled = false
        manager.application = platform.application
        manager.enabledViewControllerClasses = []
        manager.disabledViewControllerClasses = []
        manager.fieldOrder = .byPosition
        manager.keyboardDistanceFromTextField = 10
        manager.enableAutoToolbar = true
        manager.shouldResignOnTouchOutside = true
        manager.isEnabled = true
        platform.settle()
    }

    @Test("Prev and Next follow position, skip hidden and disabled fields, and stop at the ends")
    func ordering() {
        let screen = FieldsScreen(ys: [300, 100, 200, 400, 500])
        install(screen)
        screen.fields[3].isHidden = true
        screen.fields[4].isEnabled = false
        screen.fields[1].becomeFirstResponder()
        platform.settle()
        #expect(manager.orderedInputs(around: screen.fields[1]).map(\.identifier) == ["f1", "f2", "f0", "notes"])
        #expect(!manager.toolbar.previousButton.isEnabled && manager.toolbar.nextButton.isEnabled)
        platform.tap(manager.toolbar.nextButton)
        #expect(screen.fields[2].isFirstResponder)
        platform.tap(manager.toolbar.nextButton)
        platform.tap(manager.toolbar.nextButton)
        platform.settle()
        #expect(screen.notes.isFirstResponder)
        #expect(manager.toolbar.previousButton.isEnabled && !manager.toolbar.nextButton.isEnabled)
        platform.tap(manager.toolbar.previousButton)
        #expect(screen.fields[0].isFirstResponder)
        #expect(manager.toolbar.titleLabel.text == "Field 0")
    }

    @Test("view order and an explicit order")
    func otherOrders() {
        let screen = FieldsScreen(ys: [300, 100, 200])
        install(screen)
        manager.fieldOrder = .byViewOrder
        #expect(manager.orderedInputs(around: screen.fields[0]).map(\.identifier) == ["f0", "f1", "f2", "notes"])
        manager.fieldOrder = .explicit([screen.fields[2], screen.fields[0]])
        #expect(manager.orderedInputs(around: screen.fields[0]).map(\.identifier) == ["f2", "f0"])
    }

    @Test("Done resigns and the keypad hides; the toolbar rides above the keys")
    func done() {
        let screen = FieldsScreen(ys: [100, 200])
        install(screen)
        screen.fields[0].becomeFirstResponder()
        platform.settle()
        let keyboard = platform.application.keyboard
        #expect(keyboard.accessoryView === manager.toolbar)
        #expect(keyboard.height == keyboard.keypadHeight + KeyboardToolbar.height)
        platform.tap(manager.toolbar.doneButton)
        platform.settle()
        #expect(!screen.fields[0].isFirstResponder)
        #expect(keyboard.state == .hidden)
    }

    /// IQKeyboardManager's `addToolbarIfRequired` adds its toolbar only when
    /// "textField.inputAccessoryView == nil ||" the accessory is one of its own toolbars (its
    /// `kIQPreviousNextButtonToolbarTag`, `kIQDoneButtonToolbarTag`).
    @Test("a field's own accessory stays: the manager's toolbar is not put over it")
    func ownAccessory() {
        let screen = FieldsScreen(ys: [100, 200])
        install(screen)
        let own = View(frame: Rect(x: 0, y: 0, width: 320, height: 30))
        screen.fields[1].inputAccessoryView = own
        screen.fields[1].becomeFirstResponder()
        platform.settle()
        let keyboard = platform.application.keyboard
        #expect(screen.fields[1].inputAccessoryView === own)
        #expect(keyboard.accessoryView === own)
        // The next field without one gets the manager's toolbar, and the first keeps its own.
        screen.fields[0].becomeFirstResponder()
        platform.settle()
        #expect(keyboard.accessoryView === manager.toolbar)
        #expect(screen.fields[1].inputAccessoryView === own)
        // With the toolbar off, a field's own accessory is not taken off the keys.
        manager.enableAutoToolbar = false
        screen.fields[1].becomeFirstResponder()
        platform.settle()
        #expect(keyboard.accessoryView === own)
    }

    @Test("Return moves to the next field without hiding the keypad; the last field says Done and resigns")
    func returnKey() {
        let screen = FieldsScreen(ys: [100, 200])
        install(screen)
        manager.fieldOrder = .explicit([screen.fields[0], screen.fields[1]])
        var hides = 0
        platform.application.notificationCenter.addObserver(forName: .keyboardWillHide) { _ in hides += 1 }
        screen.fields[0].becomeFirstResponder()
        platform.settle()
        #expect(screen.fields[0].returnKeyType == .next)
        #expect(screen.fields[1].returnKeyType == .done)
        platform.press(.returnKey)
        #expect(screen.fields[1].isFirstResponder)
        #expect(hides == 0)
        platform.press(.returnKey)
        platform.settle()
        #expect(!screen.fields[1].isFirstResponder)
        #expect(hides == 1)
    }

    @Test("a tap outside resigns without eating the tap; controls and ignored views do not count")
    func touchOutside() {
        let screen = FieldsScreen(ys: [300])
        install(screen)
        final class Tapped: View {
            var ended = 0
            override func touchesBegan(_ touches: [Touch], with event: Event) {}
            override func touchesEnded(_ touches: [Touch], with event: Event) { ended += 1 }
        }
        let target = Tapped(frame: Rect(x: 200, y: 110, width: 100, height: 30))
        screen.scroll.addSubview(target)
        var presses = 0
        screen.button.addAction(for: .touchUpInside) { _, _ in presses += 1 }
        screen.fields[0].becomeFirstResponder()
        platform.settle()
        platform.tap(screen.button)
        #expect(presses == 1 && screen.fields[0].isFirstResponder)
        manager.ignoreTouches(in: screen.row)
        platform.tap(screen.row)
        #expect(screen.fields[0].isFirstResponder)
        platform.tap(target)
        #expect(target.ended == 1, "the tap still reaches the view")
        #expect(!screen.fields[0].isFirstResponder)
    }

    /// IQKeyboardManager's `gestureRecognizer(_:shouldReceive:)`: `for ignoreClass in
    /// touchResignedGestureIgnoreClasses where touch.view?.isKind(of: ignoreClass) ?? false { return
    /// false }`: the touched view's own class, not its ancestors'.
    ///
    /// A view inside a navigation bar that takes the touch itself (on iOS, the bar's private content
    /// view) is neither a `UINavigationBar` nor a `UIControl`, so the recognizer receives the touch.
    @Test("only the touched view's own class is ignored: a subview of the navigation bar counts as outside")
    func touchedViewsOwnClass() {
        let screen = FieldsScreen(ys: [300])
        install(screen)
        let bar = NavigationBar(frame: Rect(x: 0, y: 150, width: 390, height: 52))
        let content = View(frame: Rect(x: 300, y: 0, width: 90, height: 52))
        content.identifier = "bar-content"
        bar.addSubview(content)
        screen.scroll.addSubview(bar)
        screen.fields[0].becomeFirstResponder()
        platform.settle()
        platform.tap(at: bar.frameInScreen.origin.offsetBy(dx: 195, dy: 26))
        #expect(screen.fields[0].isFirstResponder, "a touch on the bar itself is ignored")
        platform.tap(content)
        platform.settle()
        #expect(!screen.fields[0].isFirstResponder, "a touch on a view inside the bar reaches the recognizer")
    }

    @Test("a view grouped with the field counts as inside")
    func groups() {
        let screen = FieldsScreen(ys: [300])
        install(screen)
        let bar = View(frame: Rect(x: 20, y: 350, width: 300, height: 30))
        screen.scroll.addSubview(bar)
        manager.group([bar], with: screen.fields[0])
        screen.fields[0].becomeFirstResponder()
        platform.settle()
        platform.tap(bar)
        #expect(screen.fields[0].isFirstResponder)
    }

    @Test("a drag beyond the slop does not dismiss")
    func dragDoesNotDismiss() {
        let screen = FieldsScreen(ys: [300])
        install(screen)
        screen.fields[0].becomeFirstResponder()
        platform.settle()
        platform.drag(from: Point(x: 200, y: 250), to: Point(x: 200, y: 180))
        #expect(screen.fields[0].isFirstResponder)
    }

    @Test("the focused field ends the set distance above the keypad, and the scroll comes back")
    func scrolling() {
        let screen = FieldsScreen(ys: [100, 600])
        install(screen)
        manager.setKeyboardDistance(30, for: screen.fields[1])
        screen.fields[1].becomeFirstResponder()
        platform.settle()
        let keyboard = platform.application.keyboard
        let field = screen.fields[1].frameInScreen
        #expect(abs(keyboard.frame.minY - field.maxY - 30) < 1.5, "field \(field), keypad \(keyboard.frame)")
        screen.fields[1].resignFirstResponder()
        platform.settle()
        #expect(screen.scroll.contentOffset == .zero)
        #expect(screen.scroll.contentInset == .zero)
    }

    @Test("a text view's caret line is kept above the keypad as it grows")
    func caretLine() {
        let screen = FieldsScreen(ys: [100])
        install(screen)
        screen.notes.becomeFirstResponder()
        platform.settle()
        for _ in 0..<5 { screen.notes.insertReturn() }
        screen.notes.insertText("end")
        platform.settle()
        // "Keeps the focused field (or a text view's caret line) a set distance above the
        // keypad": the 120 px text view fits above it, so the whole view ends the global
        // distance (10 px) above the keypad's top…
        let keypadTop = platform.application.keyboard.frame.minY
        #expect(screen.notes.frameInScreen.maxY == keypadTop - manager.keyboardDistanceFromTextField)
        // …and six lines overflow it, so it shows its caret's line last, the bottom inset below it.
        let caret = screen.notes.caretRect
        let caretBottom = screen.notes.frameInScreen.minY + caret.maxY - screen.notes.contentOffset.y
        #expect(caretBottom == keypadTop - manager.keyboardDistanceFromTextField - screen.notes.textInsets.bottom)
    }

    @Test("enabled per view controller class")
    func perClass() {
        let screen = FieldsScreen(ys: [100])
        install(screen)
        manager.enabledViewControllerClasses = [OtherScreen.self]
        screen.fields[0].becomeFirstResponder()
        platform.settle()
        #expect(platform.application.keyboard.accessoryView == nil)
        #expect(manager.activeInput == nil)
        screen.fields[0].resignFirstResponder()
        manager.enabledViewControllerClasses = [FieldsScreen.self]
        screen.fields[0].becomeFirstResponder()
        platform.settle()
        #expect(manager.activeInput === screen.fields[0])
    }

    @Test("resizing keeps the focused field visible")
    func resize() {
        let screen = FieldsScreen(ys: [100, 500])
        install(screen)
        screen.fields[1].becomeFirstResponder()
        platform.settle()
        platform.application.resizeScreen(to: Size(width: 390, height: 560))
        platform.settle()
        // The keypad of the shorter screen comes up higher: the field follows it, ending the
        // global distance (10 px) above its top again.
        let keyboard = platform.application.keyboard
        #expect(keyboard.frame.maxY == 560)
        #expect(screen.fields[1].frameInScreen.maxY == keyboard.frame.minY - manager.keyboardDistanceFromTextField)
    }
}
