import Testing
import TapawayKit
import TapawayTesting

@MainActor
@Suite("The keypad")
struct KeyboardTests {
    func make() -> (HeadlessPlatform, TextField, TextField, View) {
        let p = HeadlessPlatform(screenSize: Size(width: 390, height: 700))
        let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 700))
        let a = TextField(frame: Rect(x: 10, y: 10, width: 200, height: 44))
        let b = TextField(frame: Rect(x: 10, y: 70, width: 200, height: 44))
        let plain = View(frame: Rect(x: 10, y: 130, width: 100, height: 100))
        for v in [a, b, plain] { window.addSubview(v) }
        p.application.addWindow(window)
        return (p, a, b, plain)
    }

    @Test("shows when a text input becomes first responder, with begin and end frames and duration")
    func showNotifications() throws {
        let (p, a, _, _) = make()
        var infos: [(String, Rect, Rect, Double)] = []
        for (name, label) in [(NotificationName.keyboardWillShow, "willShow"), (.keyboardDidShow, "didShow"),
                              (.keyboardWillChangeFrame, "willChange"), (.textFieldDidBeginEditing, "begin")] {
            p.application.notificationCenter.addObserver(forName: name) { note in
                infos.append((label, note.userInfo[KeyboardInfoKey.frameBegin] as? Rect ?? .zero,
                              note.userInfo[KeyboardInfoKey.frameEnd] as? Rect ?? .zero,
                              note.userInfo[KeyboardInfoKey.animationDuration] as? Double ?? -1))
            }
        }
        a.becomeFirstResponder()
        let keyboard = p.application.keyboard
        #expect(keyboard.state == .showing)
        p.settle()
        #expect(keyboard.state == .shown)
        #expect(infos.map(\.0) == ["begin", "willShow", "willChange", "didShow"])
        let will = try #require(infos.first { $0.0 == "willShow" })
        #expect(will.1 == keyboard.hiddenFrame)
        #expect(will.2 == keyboard.shownFrame)
        #expect(will.3 == 0.25)
        #expect(keyboard.window.frame == Rect(x: 0, y: 700 - keyboard.height, width: 390, height: keyboard.height))
        #expect(p.platformWindow(of: keyboard.window)?.frame == keyboard.shownFrame)
    }

    @Test("the slide is eased: it moves through intermediate frames")
    func slideAnimates() {
        let (p, a, _, _) = make()
        a.becomeFirstResponder()
        p.advance(by: 0.1)
        let y = p.application.keyboard.window.frame.minY
        #expect(y < 700 && y > 700 - p.application.keyboard.height)
    }

    @Test("moving focus between inputs keeps it up; resigning hides it")
    func focusMoves() {
        let (p, a, b, _) = make()
        var log: [String] = []
        p.application.notificationCenter.addObserver(forName: .keyboardWillHide) { _ in log.append("willHide") }
        p.application.notificationCenter.addObserver(forName: .keyboardWillShow) { _ in log.append("willShow") }
        a.becomeFirstResponder()
        p.settle()
        b.becomeFirstResponder()
        p.settle()
        #expect(log == ["willShow"])
        b.resignFirstResponder()
        p.settle()
        #expect(log == ["willShow", "willHide"])
        #expect(p.application.keyboard.state == .hidden)
    }

    @Test("focusing again while it hides reverses the slide from where it is")
    func interruptedSlide() {
        let (p, a, _, _) = make()
        var durations: [Double] = []
        p.application.notificationCenter.addObserver(forName: .keyboardWillShow) { note in
            durations.append(note.userInfo[KeyboardInfoKey.animationDuration] as? Double ?? -1)
        }
        a.becomeFirstResponder()
        p.settle()
        a.resignFirstResponder()
        p.advance(by: 0.1)
        let midway = p.application.keyboard.window.frame
        a.becomeFirstResponder()
        #expect(p.application.keyboard.state == .showing)
        #expect(p.application.keyboard.window.frame == midway)
        p.settle()
        #expect(p.application.keyboard.state == .shown)
        #expect(durations.count == 2 && durations[1] < 0.25)
    }

    @Test("shift types one capital, a double tap locks capitals")
    func shift() {
        let (p, a, _, _) = make()
        a.becomeFirstResponder()
        p.settle()
        p.tapKey("key-shift")
        p.tapKey("key-a")
        p.tapKey("key-b")
        #expect(a.text == "Ab")
        p.advance(by: 1)
        p.tapKey("key-shift")
        p.tapKey("key-shift")
        p.tapKey("key-c")
        p.tapKey("key-d")
        #expect(a.text == "AbCD")
        #expect(p.application.keyboard.keypadView.shiftState == .locked)
    }

    @Test("layouts: every key inside the tray, none overlapping, numbers layer by the 123 key")
    func layouts() {
        for type in [KeyboardType.default, .emailAddress, .numberPad] {
            for layer in [KeypadLayer.letters, .numbers, .symbols] {
                let layout = KeypadLayout.make(layer: type == .numberPad ? .numberPad : layer, keyboardType: type, returnTitle: "return")
                let frames = layout.frames(width: 390).map(\.1)
                let tray = Rect(x: 0, y: 0, width: 390, height: KeypadLayout.height())
                for (i, f) in frames.enumerated() {
                    #expect(tray.contains(f), "\(type) \(layer) key \(i) outside the tray")
                    for g in frames[(i + 1)...] { #expect(!f.intersects(g)) }
                }
            }
        }
        let ids = KeypadLayout.make(layer: .letters, keyboardType: .default, returnTitle: "go").rows.flatMap { $0 }.map(\.id)
        for required in ["key-a", "key-z", "key-shift", "key-space", "key-backspace", "key-return", "key-123"] {
            #expect(ids.contains(required))
        }
        let numbers = KeypadLayout.make(layer: .numbers, keyboardType: .default, returnTitle: "go").rows.flatMap { $0 }.map(\.id)
        #expect(numbers.contains("key-0") && numbers.contains("key-period") && numbers.contains("key-symbols"))
    }

    @Test("the 123 key switches layers and digits type")
    func numbersLayer() {
        let (p, a, _, _) = make()
        a.becomeFirstResponder()
        p.settle()
        p.tapKey("key-123")
        p.tapKey("key-4")
        p.tapKey("key-2")
        p.tapKey("key-abc")
        p.tapKey("key-x")
        #expect(a.text == "42x")
    }

    @Test("resizing the screen docks the keypad to the new bottom")
    func resize() {
        let (p, a, _, _) = make()
        a.becomeFirstResponder()
        p.settle()
        p.application.resizeScreen(to: Size(width: 500, height: 800))
        p.settle()
        let k = p.application.keyboard
        #expect(k.window.frame == Rect(x: 0, y: 800 - k.height, width: 500, height: k.height))
        #expect(k.keypadView.keyViews.allSatisfy { $0.frame.maxX <= 500 })
    }
}
