/// One finger on the keypad, from touch-down to lift.
@MainActor
final class KeyPress {
    /// The finger pressing the key, followed until it lifts or is cancelled.
    let touch: Touch
    /// When it went down.
    let start: Double
    /// The key under the finger that it would type, or the function key it pressed; nil when
    /// the finger is off the keys.
    var keyView: KeyView?
    /// The long-press or backspace-repeat timer.
    var timer: Timer?
    /// The alternates popup, once the finger has rested long enough on a key that has some.
    var alternates: (options: [String], cells: [Rect], balloon: KeyBalloon, selected: Int?)?
    /// The layer to go back to when a key is typed by sliding from a layer key (`123` → `4`).
    var returnLayer: KeypadLayer?

    init(touch: Touch, start: Double) {
        self.touch = touch
        self.start = start
    }
}

/// The keypad's touch handling, as on iOS: characters, space and return type when the finger
/// lifts, over whichever key it is on then (it may slide from key to key, with the preview bubble
/// following); shift and the layer keys act at once; backspace deletes at once and repeats while
/// held; a finger resting on a letter brings up its alternates to slide onto. A second finger
/// landing types the first finger's key straight away (rolling typing).
extension KeypadView {
    /// Whether a finger is holding the shift key.
    var isShiftHeld: Bool { presses.contains { $0.keyView?.key.kind == .shift } }

    private var now: Double { application?.clock.now ?? 0 }

    private func press(for touch: Touch) -> KeyPress? { presses.first { $0.touch === touch } }

    /// Presses the key under each new finger.
    func beginTouches(_ touches: [Touch]) {
        for touch in touches where press(for: touch) == nil {
            commitRollingPresses()
            let press = KeyPress(touch: touch, start: now)
            presses.append(press)
            begin(press, on: keyView(at: touch.location(in: self)))
        }
    }

    /// Follows the fingers: across keys, over the alternates, off a held backspace.
    func moveTouches(_ touches: [Touch]) {
        for touch in touches {
            guard let press = press(for: touch) else { continue }
            if press.alternates != nil {
                updateAlternateSelection(press)
                continue
            }
            let under = keyView(at: touch.location(in: self))
            guard under !== press.keyView else { continue }
            if let current = press.keyView, !current.key.typesOnRelease {
                // Shift stays held wherever the finger goes; backspace stops repeating once the
                // finger leaves it; from a layer key the finger may slide onto the new layer's keys.
                if current.key.kind == .backspace { release(press) }
                guard press.returnLayer != nil else { continue }
            }
            let typesNext = under?.key.typesOnRelease == true
            release(press, keepingPreview: typesNext && under?.showsPreview == true)
            if let under, typesNext { pressForTyping(press, under) }
        }
    }

    /// Types the key under each lifting finger (or the chosen alternate).
    func endTouches(_ touches: [Touch]) {
        for touch in touches {
            guard let press = press(for: touch) else { continue }
            finish(press, typing: true)
        }
    }

    /// A cancelled finger types nothing.
    func cancelTouches(_ touches: [Touch]) {
        for touch in touches {
            guard let press = press(for: touch) else { continue }
            finish(press, typing: false)
        }
    }

    /// Lets go of every finger without typing (focus moved, the keypad is hiding).
    public func cancelPresses() {
        for press in presses { finish(press, typing: false) }
    }

    // MARK: Pressing

    private func begin(_ press: KeyPress, on view: KeyView?) {
        guard let view else { return }
        // Caps lock takes two taps on shift in a row: any other key in between breaks the pair.
        if view.key.kind != .shift { lastShiftTap = -1 }
        switch view.key.kind {
        case .shift:
            press.keyView = view
            view.isPressed = true
            typedWhileShiftHeld = false
            tapShift(at: press.start)
        case .layer(let target):
            let origin = layer
            setLayer(target)
            press.returnLayer = origin
            // The key under the finger is now the other layer's switch key.
            if let under = keyView(at: press.touch.location(in: self)), !under.key.typesOnRelease {
                press.keyView = under
                under.isPressed = true
            }
        case .backspace:
            press.keyView = view
            view.isPressed = true
            onKey?(view.key)
            press.timer = application?.timers.schedule(after: backspaceRepeat.delay) { [weak self, weak press] _ in
                guard let self, let press else { return }
                self.repeatBackspace(press)
            }
        case .character, .space, .returnKey, .emoji, .dismiss:
            pressForTyping(press, view)
        }
    }

    /// Presses a key that types on release: highlight, preview bubble, long-press timer.
    private func pressForTyping(_ press: KeyPress, _ view: KeyView) {
        press.keyView = view
        view.isPressed = true
        guard view.showsPreview, layer != .numberPad else { return }
        showPreview(of: view)
        guard !view.key.alternates.isEmpty else { return }
        press.timer = application?.timers.schedule(after: longPressDuration) { [weak self, weak press] _ in
            guard let self, let press, press.keyView === view else { return }
            self.showAlternates(press, view)
        }
    }

    /// Un-presses the key a finger was on, and hides its bubble unless another takes its place
    /// at once (`keepingPreview`), so sliding across keys never flickers.
    private func release(_ press: KeyPress, keepingPreview: Bool = false) {
        press.timer?.invalidate()
        press.timer = nil
        press.keyView?.isPressed = false
        press.keyView = nil
        press.alternates = nil
        if !keepingPreview && !presses.contains(where: { $0 !== press && $0.keyView?.showsPreview == true }) {
            previewWindow?.hide()
        }
    }

    private func finish(_ press: KeyPress, typing: Bool) {
        presses.removeAll { $0 === press }
        let view = press.keyView
        let alternates = press.alternates
        release(press)
        guard let view else { return }
        if view.key.kind == .shift {
            // Letters typed while shift was held were capitals; shift lets go with the finger.
            if typedWhileShiftHeld && shiftState == .once { setShift(.off) }
            typedWhileShiftHeld = false
            return
        }
        guard typing, view.key.typesOnRelease else { return }
        if let alternates {
            if let chosen = alternates.selected { type(view.key, as: alternates.options[chosen]) }
            return
        }
        type(view.key, as: nil)
        if let back = press.returnLayer, view.key.character != nil {
            setLayer(back)
        } else if layer == .numbers && view.key.character == "'" {
            // As on iOS: an apostrophe is mostly typed inside a word, so the letters come back.
            setLayer(.letters)
        } else if layer == .numbers && view.key.kind == .space && typedOnNumbers {
            // As on iOS: a number and then a space ends the number, so the letters come back.
            setLayer(.letters)
        } else if layer == .numbers && view.key.character != nil {
            typedOnNumbers = true
        }
    }

    /// A second finger landed: the keys under the other fingers type now.
    private func commitRollingPresses() {
        for press in presses where press.alternates == nil && press.keyView?.key.typesOnRelease == true {
            finish(press, typing: true)
        }
    }

    // MARK: A screen reader's activation

    /// Does what a tap on `view`'s key would, as a screen reader's activation of it: no touch, so no
    /// highlight, no preview bubble and no long press.
    ///
    /// Returns whether the key did anything.
    func activate(_ view: KeyView) -> Bool {
        guard view.keypad === self, !view.isHidden else { return false }
        if view.key.kind != .shift { lastShiftTap = -1 }
        switch view.key.kind {
        case .shift:
            tapShift(at: application?.clock.now ?? 0)
        case .layer(let target):
            setLayer(target)
        case .backspace:
            onKey?(view.key)
        case .character, .space, .returnKey, .emoji, .dismiss:
            type(view.key, as: nil)
        }
        return true
    }

    // MARK: Typing

    /// Sends a keystroke: a character with shift applied (`option` for a chosen alternate, shown
    /// already shifted), or the key itself.
    ///
    /// A one-letter shift releases first, so auto-capitalisation can turn it on again for what follows.
    private func type(_ key: KeypadKey, as option: String?) {
        guard case .character(let c) = key.kind else {
            onKey?(key)
            return
        }
        let capital = typesCapitals
        var text = option ?? c
        if option == nil && capital && c.count == 1 { text = c.uppercased() }
        if isShiftHeld {
            typedWhileShiftHeld = true
        } else if shiftState == .once && layer == .letters {
            setShift(.off)
        }
        onKey?(KeypadKey(id: key.id, kind: .character(text), label: key.label, units: key.units))
    }

    private func repeatBackspace(_ press: KeyPress) {
        guard presses.contains(where: { $0 === press }), let view = press.keyView, view.key.kind == .backspace else { return }
        let step = backspaceRepeat.step(held: now - press.start)
        if step.byWord, let onDeleteWord { onDeleteWord() } else { onKey?(view.key) }
        press.timer = application?.timers.schedule(after: step.next) { [weak self, weak press] _ in
            guard let self, let press else { return }
            self.repeatBackspace(press)
        }
    }

    // MARK: Bubble and alternates

    /// The device's screen in screen coordinates: the bubble stays inside it.
    private var screenBounds: Rect { window?.frame ?? frameInScreen }

    private func showPreview(of view: KeyView) {
        let balloon = KeyBalloon.preview(for: view.frameInScreen, metrics: metrics, within: screenBounds)
        previewWindow?.metrics = metrics
        previewWindow?.show(.preview(balloon, label: view.displayedLabel))
    }

    private func showAlternates(_ press: KeyPress, _ view: KeyView) {
        press.timer = nil
        let options = typesCapitals ? KeypadAlternates.shifted(view.key.alternates) : view.key.alternates
        let key = view.frameInScreen
        let leftward = key.midX > screenBounds.midX
        let cellWidth = max(key.width, (30 * metrics.scale).rounded())
        let balloon = KeyBalloon.alternates(
            for: key, count: options.count, cellWidth: cellWidth, leftward: leftward,
            metrics: metrics, within: screenBounds)
        let cells = balloon.alternateCells(count: options.count, cellWidth: cellWidth, leftward: leftward)
        press.alternates = (options, cells, balloon, 0)
        previewWindow?.metrics = metrics
        previewWindow?.show(.alternates(balloon, options: options, cells: cells, selected: 0))
        updateAlternateSelection(press)
    }

    /// Chooses the alternate under the finger; the nearest end past either end; none when the
    /// finger has gone well below the key.
    private func updateAlternateSelection(_ press: KeyPress) {
        guard var popup = press.alternates else { return }
        let p = press.touch.locationInScreen
        let selected: Int?
        if p.y > popup.balloon.key.maxY + metrics.keyHeight || p.y < popup.balloon.head.minY - 2 * metrics.keyHeight {
            selected = nil
        } else {
            let distances = popup.cells.map { abs($0.midX - p.x) }
            selected = distances.indices.min { distances[$0] < distances[$1] }
        }
        guard selected != popup.selected else { return }
        popup.selected = selected
        press.alternates = popup
        previewWindow?.show(.alternates(popup.balloon, options: popup.options, cells: popup.cells, selected: selected))
    }

    // MARK: Hit testing

    /// The key a finger at `point` (keypad coordinates) is on: the key containing it, or the
    /// nearest across a gap; above the tray, a top-row key within most of a key's height; none
    /// further away (the number pad's empty corner, far outside).
    func keyView(at point: Point) -> KeyView? {
        var best: (view: KeyView, distance: Double)?
        for view in keyViews where !view.isHidden {
            let d = view.frame.distance(to: point)
            if d < (best?.distance ?? .infinity) { best = (view, d) }
        }
        guard let best else { return nil }
        let reach = point.y < bounds.minY ? metrics.keyHeight * 0.75 : max(metrics.gap, metrics.rowGap)
        return best.distance <= reach ? best.view : nil
    }
}

extension Rect {
    /// The distance from `point` to the nearest point of the rectangle (0 inside).
    func distance(to point: Point) -> Double {
        let dx = max(minX - point.x, 0, point.x - maxX)
        let dy = max(minY - point.y, 0, point.y - maxY)
        return (dx * dx + dy * dy).squareRoot()
    }
}
