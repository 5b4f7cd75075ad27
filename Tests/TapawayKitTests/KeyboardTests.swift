import TapawayHeadless
import TapawayKit
import TapawayTestSupport
import Testing

@MainActor
@Suite("The keypad")
struct KeyboardTests {
    func make() -> (HeadlessPlatform, TextField, TextField, View) {
        let p = HeadlessPlatform(screenSize: Size(width: 390, height: 700))
        let a = TextField(frame: Rect(x: 10, y: 10, width: 200, height: 44))
        let b = TextField(frame: Rect(x: 10, y: 70, width: 200, height: 44))
        let plain = View(frame: Rect(x: 10, y: 130, width: 100, height: 100))
        p.makeWindow(a, b, plain)
        return (p, a, b, plain)
    }

    /// A platform with `a` focused and the keypad settled.
    func focused() -> (HeadlessPlatform, TextField, Keyboard) {
        let (p, a, _, _) = make()
        a.becomeFirstResponder()
        p.settle()
        return (p, a, p.application.keyboard)
    }

    func key(_ p: HeadlessPlatform, _ id: String) -> KeyView {
        guard let view = p.application.keyboard.keypadView.keyView(id) else { preconditionFailure("no key \(id)") }
        return view
    }

    func ids(_ layout: KeypadLayout) -> [String] { layout.keys.map(\.id) }

    // MARK: Showing and hiding

    @Test("shows when a text input becomes first responder, with begin and end frames and duration")
    func showNotifications() throws {
        let (p, a, _, _) = make()
        var infos: [(String, Rect, Rect, Double)] = []
        for (name, label) in [
            (NotificationName.keyboardWillShow, "willShow"), (.keyboardDidShow, "didShow"),
            (.keyboardWillChangeFrame, "willChange"), (.textFieldDidBeginEditing, "begin"),
        ] {
            p.application.notificationCenter.addObserver(forName: name) { note in
                infos.append(
                    (
                        label, note.userInfo[KeyboardInfoKey.frameBegin] as? Rect ?? .zero,
                        note.userInfo[KeyboardInfoKey.frameEnd] as? Rect ?? .zero,
                        note.userInfo[KeyboardInfoKey.animationDuration] as? Double ?? -1
                    ))
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

    @Test("the slide is eased: it moves through intermediate frames, faster at first")
    func slideAnimates() {
        let (p, a, _, _) = make()
        let keyboard = p.application.keyboard
        a.becomeFirstResponder()
        p.advance(by: 0.0625)
        let quarterTime = 700 - keyboard.window.frame.minY
        p.advance(by: 0.0625)
        let y = keyboard.window.frame.minY
        #expect(y < 700 && y > 700 - keyboard.height)
        // Ease-out: a quarter of the time covers well over a quarter of the way.
        #expect(quarterTime > keyboard.height * 0.4)
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

    @Test("focusing while it hides reverses the slide from where it is, with consistent frames (manual clock)")
    func interruptedSlide() throws {
        let (p, a, _, _) = make()
        let keyboard = p.application.keyboard
        var notes: [(String, Rect, Rect, Double)] = []
        for (name, label) in [
            (NotificationName.keyboardWillShow, "willShow"), (.keyboardDidShow, "didShow"),
            (.keyboardWillHide, "willHide"), (.keyboardDidHide, "didHide"),
        ] {
            p.application.notificationCenter.addObserver(forName: name) { note in
                notes.append(
                    (
                        label, note.userInfo[KeyboardInfoKey.frameBegin] as! Rect,
                        note.userInfo[KeyboardInfoKey.frameEnd] as! Rect,
                        note.userInfo[KeyboardInfoKey.animationDuration] as! Double
                    ))
            }
        }
        a.becomeFirstResponder()
        p.settle()
        notes.removeAll()
        a.resignFirstResponder()
        p.advance(by: 0.1)
        let midway = keyboard.window.frame
        #expect(midway.minY > keyboard.shownFrame.minY && midway.minY < keyboard.hiddenFrame.minY)
        a.becomeFirstResponder()
        #expect(keyboard.state == .showing)
        #expect(keyboard.window.frame == midway, "the reversal starts where the slide was")
        p.advance(by: 0.03)
        #expect(keyboard.window.frame.minY < midway.minY, "and heads back up at once")
        p.settle()
        #expect(keyboard.state == .shown)
        #expect(keyboard.window.frame == keyboard.shownFrame)
        // willHide (never finished, so no didHide), then willShow from the midway frame, then didShow.
        #expect(notes.map(\.0) == ["willHide", "willShow", "didShow"])
        let willHide = notes[0], willShow = notes[1], didShow = notes[2]
        #expect(willHide.1 == keyboard.shownFrame && willHide.2 == keyboard.hiddenFrame && willHide.3 == 0.25)
        #expect(willShow.1 == midway && willShow.2 == keyboard.shownFrame)
        #expect(didShow.1 == willShow.1 && didShow.2 == willShow.2)
        // The way back takes the share of the time that matches the distance left.
        let share = (midway.minY - keyboard.shownFrame.minY) / keyboard.height
        #expect(abs(willShow.3 - 0.25 * share) < 1e-9)
    }

    @Test("a change of layout while up posts will-show and will/did change frame again, but no hide")
    func layoutChangePostsChangeFrame() {
        let (p, a, b, _) = make()
        let keyboard = p.application.keyboard
        a.becomeFirstResponder()
        p.settle()
        var log: [(String, Rect, Rect)] = []
        for (name, label) in [
            (NotificationName.keyboardWillChangeFrame, "will"), (.keyboardDidChangeFrame, "did"),
            (.keyboardWillShow, "show"), (.keyboardWillHide, "hide"),
        ] {
            p.application.notificationCenter.addObserver(forName: name) { note in
                log.append(
                    (label, note.userInfo[KeyboardInfoKey.frameBegin] as! Rect, note.userInfo[KeyboardInfoKey.frameEnd] as! Rect))
            }
        }
        b.keyboardType = .numberPad
        b.becomeFirstResponder()
        p.settle()
        #expect(keyboard.keypadView.layer == .numberPad)
        #expect(log.map(\.0) == ["show", "will", "did"])
        #expect(log.allSatisfy { $0.1 == keyboard.shownFrame && $0.2 == keyboard.shownFrame })
    }

    @Test("scale multiplies key height, gaps and the tray, and a change posts change frame")
    func scale() throws {
        let (p, _, keyboard) = focused()
        let before = keyboard.frame
        let keyBefore = key(p, "key-a").frame
        var ends: [Rect] = []
        p.application.notificationCenter.addObserver(forName: .keyboardDidChangeFrame) { note in
            ends.append(note.userInfo[KeyboardInfoKey.frameEnd] as! Rect)
        }
        keyboard.scale = 1.5
        p.settle()
        #expect(keyboard.height == KeypadMetrics(scale: 1.5).trayHeight)
        let expected: Double = 12 + 4 * 63 + 3 * 17 + 12  // insets 8, keys 42, rows 11 apart, all × 1.5
        #expect(keyboard.height == expected)
        #expect(keyboard.frame.maxY == before.maxY, "it stays docked to the bottom")
        #expect(key(p, "key-a").frame.height == 63)
        #expect(key(p, "key-a").frame.minY > keyBefore.minY)
        #expect(ends == [keyboard.shownFrame])
    }

    @Test("resizing the screen docks the keypad to the new bottom and lays keys out at the new width")
    func resize() {
        let (p, _, keyboard) = focused()
        p.application.resizeScreen(to: Size(width: 500, height: 800))
        p.settle()
        #expect(keyboard.window.frame == Rect(x: 0, y: 800 - keyboard.height, width: 500, height: keyboard.height))
        #expect(keyboard.keypadView.keyViews.allSatisfy { $0.frame.maxX <= 500 })
        #expect(key(p, "key-p").frame.maxX == 500 - 3, "the top row spans the new width")
    }

    @Test("a resize in the middle of a slide lands it at once and still posts did-show or did-hide, once")
    func resizeDuringSlide() {
        let (p, a, _, _) = make()
        let center = p.application.notificationCenter
        var heard: [String] = []
        let names: [(NotificationName, String)] = [
            (.keyboardWillShow, "willShow"), (.keyboardDidShow, "didShow"),
            (.keyboardWillHide, "willHide"), (.keyboardDidHide, "didHide"),
        ]
        let tokens = names.map { name, label in center.addObserver(forName: name) { _ in heard.append(label) } }
        defer { tokens.forEach(center.removeObserver) }
        let keyboard = p.application.keyboard

        a.becomeFirstResponder()
        p.advance(by: 0.1)
        #expect(keyboard.state == .showing)
        p.application.resizeScreen(to: Size(width: 390, height: 600))
        #expect(keyboard.state == .shown)
        #expect(keyboard.window.frame.maxY == 600)
        p.settle()
        #expect(heard == ["willShow", "didShow"])

        a.resignFirstResponder()
        p.advance(by: 0.1)
        #expect(keyboard.state == .hiding)
        p.application.resizeScreen(to: Size(width: 390, height: 700))
        #expect(keyboard.state == .hidden)
        p.settle()
        #expect(heard == ["willShow", "didShow", "willHide", "didHide"])
    }

    // MARK: Layouts

    @Test("layouts: every key inside the tray, none overlapping, for every keyboard type and layer")
    func layoutsFit() {
        for type in KeyboardType.allCases {
            for layer in [KeypadLayer.letters, .numbers, .symbols] {
                for width in [320.0, 390, 700] {
                    let layout = KeypadLayout.make(layer: layer, keyboardType: type)
                    let frames = layout.frames(width: width).map(\.1)
                    let tray = Rect(x: 0, y: 0, width: width, height: KeypadLayout.height())
                    for (i, f) in frames.enumerated() {
                        #expect(tray.contains(f), "\(type) \(layer) key \(layout.keys[i].id) outside the tray at \(width)")
                        for g in frames[(i + 1)...] { #expect(!f.intersects(g), "\(type) \(layer) overlap at \(width)") }
                    }
                    #expect(Set(ids(layout)).count == layout.keys.count, "identifiers are unique in \(type) \(layer)")
                }
            }
        }
    }

    @Test("default layout: letters, 123 with digits and punctuation, #+= with symbols")
    func defaultLayout() {
        let letters = ids(KeypadLayout.make(layer: .letters, keyboardType: .default))
        #expect(
            letters == "qwertyuiop".map { "key-\($0)" } + "asdfghjkl".map { "key-\($0)" }
                + ["key-shift"] + "zxcvbnm".map { "key-\($0)" } + ["key-backspace", "key-123", "key-space", "key-return"])
        let numbers = ids(KeypadLayout.make(layer: .numbers, keyboardType: .default))
        #expect(numbers.prefix(10) == ArraySlice((1...9).map { "key-\($0)" } + ["key-0"]))
        for id in [
            "key-minus", "key-slash", "key-colon", "key-at", "key-quote", "key-symbols", "key-period",
            "key-comma", "key-question", "key-exclamation", "key-apostrophe", "key-abc",
        ] {
            #expect(numbers.contains(id), "numbers layer lacks \(id)")
        }
        let symbols = ids(KeypadLayout.make(layer: .symbols, keyboardType: .default))
        for id in [
            "key-bracket-left", "key-brace-right", "key-hash", "key-percent", "key-euro", "key-pound",
            "key-backslash", "key-bar", "key-tilde", "key-123", "key-abc",
        ] {
            #expect(symbols.contains(id), "symbols layer lacks \(id)")
        }
    }

    @Test("email has @ and . beside the space bar; URL has . / .com and no space bar")
    func emailAndURL() {
        let email = KeypadLayout.make(layer: .letters, keyboardType: .emailAddress).rows.last!.map(\.id)
        #expect(email == ["key-123", "key-space", "key-at", "key-period", "key-return"])
        let url = KeypadLayout.make(layer: .letters, keyboardType: .url, returnKeyType: .go)
        #expect(url.rows.last!.map(\.id) == ["key-123", "key-period", "key-slash", "key-dot-com", "key-return"])
        #expect(!ids(url).contains("key-space"))
        #expect(url.keys.first { $0.id == "key-dot-com" }?.kind == .character(".com"))
    }

    @Test("the number pad: digits with their letters, 0 and backspace at the bottom right")
    func numberPad() {
        let pad = KeypadLayout.make(layer: .numberPad, keyboardType: .numberPad)
        #expect(ids(pad) == (1...9).map { "key-\($0)" } + ["key-0", "key-backspace"])
        #expect(pad.keys.first { $0.id == "key-2" }?.subtitle == "ABC")
        #expect(pad.keys.first { $0.id == "key-7" }?.subtitle == "PQRS")
        let frames = Dictionary(uniqueKeysWithValues: pad.frames(width: 390).map { ($0.0.id, $0.1) })
        #expect(frames["key-0"]!.minX == frames["key-8"]!.minX, "0 sits under 8")
        #expect(frames["key-backspace"]!.minX == frames["key-9"]!.minX, "backspace sits under 9")
    }

    @Test("the return key's label follows the return key type; done, go, search and send are prominent")
    func returnKeyLabels() {
        let (p, a, _) = focused()
        for type in ReturnKeyType.allCases {
            a.returnKeyType = type
            a.resignFirstResponder()
            a.becomeFirstResponder()
            p.settle()
            let view = key(p, "key-return")
            #expect(view.displayedLabel == type.title)
            #expect(view.key.isProminent == [.done, .go, .search, .send].contains(type))
        }
        #expect(ReturnKeyType.allCases.map(\.title) == ["return", "done", "next", "go", "search", "send"])
    }

    // MARK: Typing, shift and caps lock

    @Test("shift types one capital, a double tap locks capitals, a tap on caps lock releases it")
    func shift() {
        let (p, a, keyboard) = focused()
        p.tapKey("key-shift")
        #expect(keyboard.keypadView.shiftState == .once)
        p.tapKey("key-a")
        p.tapKey("key-b")
        #expect(a.text == "Ab")
        #expect(keyboard.keypadView.shiftState == .off)
        p.advance(by: 1)
        p.tapKey("key-shift")
        p.tapKey("key-shift")
        #expect(keyboard.keypadView.shiftState == .locked)
        p.tapKey("key-c")
        p.tapKey("key-d")
        #expect(a.text == "AbCD")
        p.advance(by: 1)
        p.tapKey("key-shift")
        #expect(keyboard.keypadView.shiftState == .off)
        p.tapKey("key-e")
        #expect(a.text == "AbCDe")
        // Two taps too far apart only toggle.
        p.tapKey("key-shift")
        p.advance(by: 0.5)
        p.tapKey("key-shift")
        #expect(keyboard.keypadView.shiftState == .off)
    }

    @Test("letters show as capitals while shift is on")
    func capitalsShown() {
        let (p, _, _) = focused()
        #expect(key(p, "key-q").displayedLabel == "q")
        p.tapKey("key-shift")
        #expect(key(p, "key-q").displayedLabel == "Q")
    }

    @Test("shift held with one finger: letters tapped with another are capitals, and shift lets go with it")
    func shiftHeld() {
        let (p, a, keyboard) = focused()
        let held = p.touchDown(at: p.center(of: key(p, "key-shift")))
        p.tap(key(p, "key-h"))
        p.tap(key(p, "key-i"))
        p.touchUp(held, at: p.center(of: key(p, "key-shift")))
        p.tapKey("key-x")
        #expect(a.text == "HIx")
        #expect(keyboard.keypadView.shiftState == .off)
    }

    @Test("the 123 key switches layers and digits type; ABC comes back")
    func numbersLayer() {
        let (p, a, keyboard) = focused()
        p.tapKey("key-123")
        #expect(keyboard.keypadView.layer == .numbers)
        p.tapKey("key-4")
        p.tapKey("key-2")
        p.tapKey("key-symbols")
        p.tapKey("key-hash")
        p.tapKey("key-abc")
        p.tapKey("key-x")
        #expect(a.text == "42#x")
    }

    @Test("sliding from 123 onto a digit types it and brings the letters back; an apostrophe does too")
    func slideFromLayerKey() {
        let (p, a, keyboard) = focused()
        let id = p.touchDown(at: p.center(of: key(p, "key-123")))
        #expect(keyboard.keypadView.layer == .numbers, "the layer changes on touch-down")
        let four = p.center(of: key(p, "key-4"))
        p.touchMove(id, to: Point(x: four.x, y: four.y + 40))
        p.touchMove(id, to: four)
        p.touchUp(id, at: four)
        #expect(a.text == "4")
        #expect(keyboard.keypadView.layer == .letters)
        p.tapKey("key-123")
        p.tapKey("key-apostrophe")
        #expect(a.text == "4'")
        #expect(keyboard.keypadView.layer == .letters)
    }

    @Test("a digit and then a space on the numbers plane bring the letters back; a space alone does not")
    func spaceAfterNumber() {
        let (p, a, keyboard) = focused()
        p.tapKey("key-123")
        p.tapKey("key-space")
        #expect(keyboard.keypadView.layer == .numbers, "a space with no number typed keeps the numbers")
        p.tapKey("key-4")
        p.tapKey("key-2")
        #expect(keyboard.keypadView.layer == .numbers, "digits keep the numbers up")
        p.tapKey("key-space")
        #expect(keyboard.keypadView.layer == .letters, "the space after a number brings the letters back")
        p.tapKey("key-x")
        #expect(a.text == " 42 x")
    }

    @Test("keys act on touch-up over the key under the finger; sliding off the keys types nothing")
    func touchUpAndSliding() {
        let (p, a, _) = focused()
        let id = p.touchDown(at: p.center(of: key(p, "key-q")))
        #expect(a.text == "", "nothing types on touch-down")
        #expect(key(p, "key-q").isPressed)
        p.touchMove(id, to: p.center(of: key(p, "key-w")))
        #expect(!key(p, "key-q").isPressed && key(p, "key-w").isPressed)
        p.touchUp(id, at: p.center(of: key(p, "key-w")))
        #expect(a.text == "w")
        let again = p.touchDown(at: p.center(of: key(p, "key-e")))
        p.touchMove(again, to: Point(x: 200, y: 300))
        p.touchUp(again, at: Point(x: 200, y: 300))
        #expect(a.text == "w")
    }

    @Test("a touch in the gap between two keys types the nearer key")
    func gapsGoToNearestKey() {
        let (p, a, _) = focused()
        let q = key(p, "key-q").frameInScreen, w = key(p, "key-w").frameInScreen
        p.tap(at: Point(x: q.maxX + 1, y: q.midY))
        p.tap(at: Point(x: w.minX - 1, y: w.midY))
        #expect(a.text == "qw")
    }

    @Test("rolling typing: a second finger landing types the first finger's key at once")
    func rollingTyping() {
        let (p, a, _) = focused()
        let first = p.touchDown(at: p.center(of: key(p, "key-a")))
        let second = p.touchDown(at: p.center(of: key(p, "key-b")))
        #expect(a.text == "a")
        p.touchUp(first, at: p.center(of: key(p, "key-a")))
        #expect(a.text == "a", "the first finger's key typed once")
        p.touchUp(second, at: p.center(of: key(p, "key-b")))
        #expect(a.text == "ab")
    }

    // MARK: Preview bubble and alternates

    @Test("a pressed letter shows a preview bubble above it; a top-row bubble rises past the keypad's top edge")
    func previewBubble() throws {
        let (p, _, keyboard) = focused()
        let preview = keyboard.previewWindow
        let id = p.touchDown(at: p.center(of: key(p, "key-t")))
        p.application.runFrame()
        guard case .preview(let balloon, let label) = preview.content else {
            Issue.record("no preview: \(preview.content)")
            return
        }
        #expect(label == "t")
        #expect(!preview.isHidden)
        let keyFrame = key(p, "key-t").frameInScreen
        #expect(balloon.key == keyFrame)
        #expect(balloon.head.maxY < keyFrame.minY, "the head is above the key")
        #expect(balloon.head.minX < keyFrame.minX && balloon.head.maxX > keyFrame.maxX, "and wider than it")
        #expect(balloon.head.minY < keyboard.frame.minY, "a top-row bubble extends above the keypad")
        #expect(preview.frame.contains(balloon.bounds))
        #expect(
            p.application.windows.firstIndex { $0 === preview }! > p.application.windows.firstIndex { $0 === keyboard.window }!)
        p.touchUp(id, at: p.center(of: key(p, "key-t")))
        #expect(preview.isHidden && preview.content == .hidden)
    }

    @Test("the bubble takes no touches: a tap where it is lands on the view beneath")
    func previewTakesNoTouches() throws {
        let (p, _, _, plain) = make()
        plain.identifier = "plain"
        let keyboard = p.application.keyboard
        let field = TextField(frame: Rect(x: 0, y: 0, width: 100, height: 30))
        p.application.mainWindow?.addSubview(field)
        field.becomeFirstResponder()
        p.settle()
        let held = p.touchDown(at: p.center(of: key(p, "key-y")))
        let bubble = keyboard.previewWindow.frame
        let above = Point(x: bubble.midX, y: bubble.minY + 4)
        #expect(bubble.contains(above) && above.y < keyboard.frame.minY)
        #expect(p.application.window(at: above) === p.application.mainWindow)
        p.touchUp(held, at: p.center(of: key(p, "key-y")))
    }

    @Test("no bubble on the number pad, the space bar or shift")
    func noPreviewForSomeKeys() {
        let (p, a, keyboard) = focused()
        for id in ["key-space", "key-shift", "key-return"] {
            let t = p.touchDown(at: p.center(of: key(p, id)))
            #expect(keyboard.previewWindow.isHidden, "\(id) shows a bubble")
            p.touchUp(t, at: p.center(of: key(p, id)))
        }
        a.keyboardType = .numberPad
        a.resignFirstResponder()
        a.becomeFirstResponder()
        p.settle()
        let t = p.touchDown(at: p.center(of: key(p, "key-5")))
        #expect(keyboard.previewWindow.isHidden)
        #expect(key(p, "key-5").isPressed)
        p.touchUp(t, at: p.center(of: key(p, "key-5")))
    }

    @Test("holding a letter shows its alternates; sliding onto one and releasing types it")
    func alternates() throws {
        let (p, a, keyboard) = focused()
        let e = p.center(of: key(p, "key-e"))
        let id = p.touchDown(at: e)
        p.advance(by: 0.3)
        guard case .preview = keyboard.previewWindow.content else { Issue.record("no preview before 0.5 s"); return }
        p.advance(by: 0.3)
        guard case .alternates(let balloon, let options, let cells, let selected) = keyboard.previewWindow.content else {
            Issue.record("no alternates after 0.6 s: \(keyboard.previewWindow.content)")
            return
        }
        #expect(options == ["è", "é", "ê", "ë", "ē", "ė", "ę"])
        #expect(selected == 0, "the first alternate, over the key, is chosen at first")
        #expect(abs(cells[0].midX - e.x) < 1)
        #expect(balloon.head.maxY < balloon.key.minY)
        p.touchMove(id, to: Point(x: cells[1].midX, y: cells[1].midY))
        guard case .alternates(_, _, _, let now) = keyboard.previewWindow.content else {
            Issue.record("the alternates closed when the finger slid onto them")
            return
        }
        #expect(now == 1)
        p.touchUp(id, at: Point(x: cells[1].midX, y: cells[1].midY))
        #expect(a.text == "é")
        #expect(keyboard.previewWindow.isHidden)
    }

    @Test("alternates are capitals with shift, open leftward on the right half, and nothing types far below")
    func alternatesShiftedLeftwardAndCancelled() {
        let (p, a, keyboard) = focused()
        p.tapKey("key-shift")
        let o = p.center(of: key(p, "key-o"))
        let id = p.touchDown(at: o)
        p.advance(by: 0.6)
        guard case .alternates(_, let options, let cells, _) = keyboard.previewWindow.content else {
            Issue.record("no alternates")
            return
        }
        #expect(options.first == "Ô" && options.contains("Œ"))
        #expect(cells[1].midX < cells[0].midX, "on the right half they run leftward")
        p.touchMove(id, to: Point(x: o.x, y: o.y + 200))
        p.touchUp(id, at: Point(x: o.x, y: o.y + 200))
        #expect(a.text == "")
    }

    // MARK: Backspace repeat

    @Test("backspace deletes at once, repeats after half a second at ten a second, then by words after a second and a half")
    func backspaceRepeat() {
        let (p, a, _) = focused()
        let words = Array(repeating: "word", count: 30).joined(separator: " ")
        a.insertText(words)
        let start = words.count
        let id = p.touchDown(at: p.center(of: key(p, "key-backspace")))
        #expect(a.text.count == start - 1, "one deletion on touch-down")
        p.advance(by: 0.45)
        #expect(a.text.count == start - 1, "nothing more before half a second")
        p.advance(by: 0.5)  // held 0.95 s: repeats at 0.5, 0.6 … 0.9
        let afterOneSecond = start - a.text.count
        #expect((5...7).contains(afterOneSecond), "about ten a second: \(afterOneSecond)")
        p.advance(by: 0.5)  // held 1.45 s: still characters
        let beforeWordsDeleted = start - a.text.count
        #expect((10...12).contains(beforeWordsDeleted), "characters until a second and a half: \(beforeWordsDeleted)")
        p.advance(by: 0.1)  // held 1.55 s: the first whole word
        #expect(a.text.hasSuffix("word") || a.text.hasSuffix("word "), "deletes by words: \(a.text.suffix(12))")
        let beforeWords = a.text.count
        p.advance(by: 0.2)
        #expect(beforeWords - a.text.count >= 4, "a word at a time")
        p.touchUp(id, at: p.center(of: key(p, "key-backspace")))
        let final = a.text
        p.advance(by: 1)
        #expect(a.text == final, "it stops when the finger lifts")
        a.undo()
        #expect(a.text == words, "one undo brings the whole run back")
    }

    @Test("sliding off a held backspace stops the repeat")
    func backspaceSlideOff() {
        let (p, a, _) = focused()
        a.insertText("abcdefghij")
        let id = p.touchDown(at: p.center(of: key(p, "key-backspace")))
        p.touchMove(id, to: p.center(of: key(p, "key-m")))
        p.advance(by: 1.5)
        p.touchUp(id, at: p.center(of: key(p, "key-m")))
        #expect(a.text == "abcdefghi")
    }

    // MARK: Auto-capitalisation

    @Test("auto-capitalisation by sentences: shift turns on at the start and after . ! ? and a space")
    func autocapSentences() {
        let (p, a, keyboard) = focused()
        a.autocapitalizationType = .sentences
        #expect(keyboard.keypadView.shiftState == .once, "at the start of the text")
        for id in ["key-h", "key-i"] { p.tapKey(id) }
        p.tapKey("key-123"); p.tapKey("key-period"); p.tapKey("key-abc")
        #expect(keyboard.keypadView.shiftState == .off, "no capital right after the period")
        p.tapKey("key-space")
        #expect(keyboard.keypadView.shiftState == .once, "after the period and a space")
        for id in ["key-y", "key-o"] { p.tapKey(id) }
        #expect(a.text == "Hi. Yo")
        // Deleting back to the start turns it on again.
        for _ in 0..<6 { p.tapKey("key-backspace") }
        #expect(keyboard.keypadView.shiftState == .once)
    }

    @Test("auto-capitalisation by words, for every letter, and none")
    func autocapOthers() {
        let (p, a, _) = focused()
        a.autocapitalizationType = .words
        for id in ["key-a", "key-b", "key-space", "key-c", "key-d"] { p.tapKey(id) }
        #expect(a.text == "Ab Cd")
        a.text = ""
        a.autocapitalizationType = .allCharacters
        for id in ["key-a", "key-b"] { p.tapKey(id) }
        #expect(a.text == "AB")
        a.text = ""
        a.autocapitalizationType = .none
        for id in ["key-a", "key-b"] { p.tapKey(id) }
        #expect(a.text == "ab")
    }

    @Test("a user's caps lock survives auto-capitalisation")
    func capsLockWins() {
        let (p, a, keyboard) = focused()
        a.autocapitalizationType = .sentences
        p.tapKey("key-shift")  // once → off (auto shift was on)
        p.tapKey("key-shift")  // quick second tap → caps lock
        #expect(keyboard.keypadView.shiftState == .locked)
        for id in ["key-a", "key-space", "key-b"] { p.tapKey(id) }
        #expect(a.text == "A B")
    }

    // MARK: Hardware keyboard and the software keyboard toggle

    /// Records every keyboard notification as (name, begin, end, duration).
    func record(_ p: HeadlessPlatform) -> () -> [(String, Rect, Rect, Double)] {
        final class Box { var log: [(String, Rect, Rect, Double)] = [] }
        let box = Box()
        for (name, label) in [
            (NotificationName.keyboardWillShow, "willShow"), (.keyboardDidShow, "didShow"),
            (.keyboardWillHide, "willHide"), (.keyboardDidHide, "didHide"),
            (.keyboardWillChangeFrame, "willChange"), (.keyboardDidChangeFrame, "didChange"),
        ] {
            p.application.notificationCenter.addObserver(forName: name) { note in
                box.log.append(
                    (
                        label, note.userInfo[KeyboardInfoKey.frameBegin] as? Rect ?? .zero,
                        note.userInfo[KeyboardInfoKey.frameEnd] as? Rect ?? .zero,
                        note.userInfo[KeyboardInfoKey.animationDuration] as? Double ?? -1
                    ))
            }
        }
        return { box.log }
    }

    @Test(
        "with a hardware keyboard, a focused field shows no keys, only the 44-point shortcut bar, and the notifications carry its frame"
    )
    func hardwareKeyboardShowsTheBar() {
        let (p, a, _, _) = make()
        let keyboard = p.application.keyboard
        keyboard.isHardwareKeyboardConnected = true
        #expect(!keyboard.usesSoftwareKeyboard)
        let log = record(p)
        a.becomeFirstResponder()
        p.settle()
        #expect(a.isFirstResponder)
        #expect(keyboard.state == .shown && keyboard.isVisible && !keyboard.showsKeys)
        #expect(keyboard.frame == Rect(x: 0, y: 656, width: 390, height: 44))
        #expect(keyboard.keypadHeight == 0)
        #expect(keyboard.keypadView.isHidden && !keyboard.shortcutBar.isHidden)
        #expect(keyboard.shortcutBar.frame == Rect(x: 0, y: 0, width: 390, height: 44))
        #expect(log().map(\.0) == ["willShow", "willChange", "didShow", "didChange"])
        #expect(log().allSatisfy { $0.1 == Rect(x: 0, y: 700, width: 390, height: 44) })
        #expect(log().allSatisfy { $0.2 == Rect(x: 0, y: 656, width: 390, height: 44) && $0.3 == 0.25 })
    }

    @Test("with a hardware keyboard, a field's accessory is the bar: no shortcut bar, the accessory's frame")
    func hardwareKeyboardShowsTheAccessory() {
        let (p, a, _, _) = make()
        let keyboard = p.application.keyboard
        keyboard.isHardwareKeyboardConnected = true
        let toolbar = View(frame: Rect(x: 0, y: 0, width: 390, height: 50))
        a.inputAccessoryView = toolbar
        a.becomeFirstResponder()
        p.settle()
        #expect(keyboard.frame == Rect(x: 0, y: 650, width: 390, height: 50))
        #expect(keyboard.shortcutBar.isHidden && keyboard.keypadView.isHidden)
        #expect(toolbar.frame == Rect(x: 0, y: 0, width: 390, height: 50))
        keyboard.isHardwareKeyboardConnected = false
        p.settle()
        #expect(keyboard.frame == Rect(x: 0, y: 433, width: 390, height: 267), "the accessory over the 217-point keys")
        #expect(!keyboard.keypadView.isHidden && keyboard.showsKeys)
    }

    @Test("connecting a hardware keyboard while typing keeps the focus and posts will/did show and change frame, no hide")
    func connectingWhileFocused() {
        let (p, a, keyboard) = focused()
        #expect(keyboard.frame == Rect(x: 0, y: 483, width: 390, height: 217))
        let log = record(p)
        keyboard.isHardwareKeyboardConnected = true
        #expect(keyboard.frame == Rect(x: 0, y: 656, width: 390, height: 44), "the bar takes its frame at once")
        p.settle()
        #expect(a.isFirstResponder && keyboard.state == .shown)
        #expect(log().map(\.0) == ["willShow", "willChange", "didShow", "didChange"])
        #expect(
            log().allSatisfy {
                $0.1 == Rect(x: 0, y: 483, width: 390, height: 217) && $0.2 == Rect(x: 0, y: 656, width: 390, height: 44)
                    && $0.3 == 0.25
            })
    }

    @Test("the software keyboard toggle hides and shows the keys while the field keeps its focus")
    func softwareKeyboardToggle() {
        let (p, a, keyboard) = focused()
        let log = record(p)
        keyboard.toggleSoftwareKeyboard()
        p.settle()
        #expect(a.isFirstResponder && !keyboard.usesSoftwareKeyboard && !keyboard.showsKeys)
        #expect(keyboard.frame == Rect(x: 0, y: 656, width: 390, height: 44))
        keyboard.toggleSoftwareKeyboard()
        p.settle()
        #expect(a.isFirstResponder && keyboard.showsKeys)
        #expect(keyboard.frame == Rect(x: 0, y: 483, width: 390, height: 217))
        #expect(
            log().filter { $0.0 == "willShow" }.map(\.2) == [
                Rect(x: 0, y: 656, width: 390, height: 44), Rect(x: 0, y: 483, width: 390, height: 217),
            ])
        #expect(!log().contains { $0.0 == "willHide" || $0.0 == "didHide" })
        a.resignFirstResponder()
        p.settle()
        #expect(keyboard.state == .hidden && keyboard.frame == Rect(x: 0, y: 700, width: 390, height: 217))
    }

    @Test(
        "focus moving to a field with another accessory posts will/did show and change frame with both frames; the same kind of field posts nothing"
    )
    func focusMovePostsAgain() {
        let (p, a, b, _) = make()
        let keyboard = p.application.keyboard
        let c = TextField(frame: Rect(x: 10, y: 250, width: 200, height: 44))
        a.window?.addSubview(c)
        b.inputAccessoryView = View(frame: Rect(x: 0, y: 0, width: 390, height: 40))
        a.becomeFirstResponder()
        p.settle()
        let log = record(p)
        c.becomeFirstResponder()
        p.settle()
        #expect(log().isEmpty, "same keyboard type, no accessory: nothing to post")
        b.becomeFirstResponder()
        p.settle()
        #expect(log().map(\.0) == ["willShow", "willChange", "didShow", "didChange"])
        #expect(
            log().allSatisfy {
                $0.1 == Rect(x: 0, y: 483, width: 390, height: 217) && $0.2 == Rect(x: 0, y: 443, width: 390, height: 257)
                    && $0.3 == 0.25
            })
        #expect(keyboard.frame == Rect(x: 0, y: 443, width: 390, height: 257))
    }

}

@MainActor
@Suite("Auto-capitalisation rules")
struct AutocapitalizationTests {
    @Test(
        "sentences",
        arguments: [
            ("", true), ("Hello", false), ("Hello ", false), ("Hello.", false), ("Hello. ", true), ("Why? ", true),
            ("Stop! ", true), ("He said \"Stop.\" ", true), ("line\n", true), ("e.g. ", true), ("a, ", false), ("   ", true),
        ])
    func sentences(context: String, capital: Bool) {
        #expect(AutocapitalizationType.sentences.capitalizesNextLetter(after: context[...]) == capital)
    }

    @Test("words, all characters, none")
    func others() {
        #expect(AutocapitalizationType.words.capitalizesNextLetter(after: ""))
        #expect(AutocapitalizationType.words.capitalizesNextLetter(after: "ab "))
        #expect(!AutocapitalizationType.words.capitalizesNextLetter(after: "ab"))
        #expect(AutocapitalizationType.allCharacters.capitalizesNextLetter(after: "ab"))
        #expect(!AutocapitalizationType.none.capitalizesNextLetter(after: ""))
    }
}
