import TapawayKit

/// The instruments drawn over the simulated screen and the keypad: touches with fading trails,
/// the focused field with its "inside" group and the Prev/Next order, and the keypad's frame with
/// the distance a technique keeps above it.
@MainActor
package final class InstrumentOverlays {
    /// Whether each finger down is drawn as a circle where it touches.
    package var showsTouches = false { didSet { invalidateAll() } }
    /// Draw the focus regions and the order badges.
    package var showsRegions = false { didSet { invalidateAll() } }
    /// Draw the keypad frame and the avoidance distance.
    package var showsKeypad = false { didSet { invalidateAll() } }
    /// The element the Audit instrument outlines (the finding chosen), if any.
    package weak var outlined: View? { didSet { invalidateAll() } }
    /// How long a trail lasts, in seconds.
    package static let trailLifetime = 0.6

    private unowned let application: Application
    private let appWindow: Window
    /// The technique whose distances and order are shown (the app's technique on screen).
    package var technique: TechniqueID
    /// Its registrations, cancelled when the overlays go.
    private let tokens = ObserverBag()
    private var trails: [Int: [(point: Point, time: Double)]] = [:]
    private var live: [Int: (point: Point, phase: TouchPhase, window: Window?)] = [:]
    /// The touch event (`Application.touchEvents`) whose stationary fingers were last marked.
    private var stationaryPassDone = -1
    private var fadeTimer: Timer?

    /// Draws over `appWindow` and the keypad's window of `application`, showing `technique`'s
    /// distances and order until `technique` is set to another.
    package init(application: Application, appWindow: Window, technique: TechniqueID) {
        self.application = application
        self.appWindow = appWindow
        self.technique = technique
        for window in [appWindow, application.keyboard.window] {
            tokens.add(window.overlayRenderers.add { [weak self] window, canvas, _ in self?.draw(in: window, canvas: canvas) })
        }
        tokens.add(application.touchObservers.add { [weak self] touch in self?.track(touch) })
        tokens.add(
            application.focusObservers.add { [weak self] _ in
                guard let self, self.showsRegions || self.showsKeypad else { return }
                self.appWindow.invalidate(self.appWindow.bounds)
            })
        var generation = -1
        tokens.add(
            application.frameObservers.add { [weak self, unowned application] in
                guard let self, self.showsRegions || self.showsKeypad,
                    application.geometryGeneration != generation
                else { return }
                generation = application.geometryGeneration
                self.appWindow.invalidate(self.appWindow.bounds)
            })
    }

    /// The technique on screen, as the registry describes it.
    private var current: (any DismissalTechnique.Type)? { Techniques.technique(for: technique) }

    private func invalidateAll() {
        appWindow.invalidate(appWindow.bounds)
        application.keyboard.window.invalidate(application.keyboard.window.bounds)
    }

    // MARK: Touches

    /// The colour of a phase.
    package static func color(for phase: TouchPhase) -> Color {
        switch phase {
        case .began: return Color(hex: 0x007AFF)
        case .moved: return Color(hex: 0xFF9500)
        case .stationary: return Color(hex: 0xAF52DE)
        case .ended: return Color(hex: 0x34C759)
        case .cancelled: return Color(hex: 0xFF3B30)
        }
    }

    private func track(_ touch: Touch) {
        let now = application.clock.now
        let id = touch.identifier
        if touch.phase == .began { trails[id] = [] }
        trails[id, default: []].append((touch.locationInScreen, now))
        live[id] = (touch.locationInScreen, touch.phase, touch.window)
        // The fingers this event did not change are stationary in it (a pinned finger while
        // another taps): draw them so. Once an event, not once a touch it changed, so an
        // event costs time linear in the touches down.
        if stationaryPassDone != application.touchEvents {
            stationaryPassDone = application.touchEvents
            for other in application.touchesDown where other.phase == .stationary {
                guard live[other.identifier]?.phase != .stationary else { continue }
                live[other.identifier]?.phase = .stationary
                if showsTouches { invalidate(around: other.locationInScreen) }
            }
        }
        if touch.phase.isFinished {
            // Keep the lift visible for a moment, then let it fade with the trail.
            application.timers.schedule(after: Self.trailLifetime) { [weak self] _ in
                guard let self, self.live[id]?.phase.isFinished == true else { return }
                self.live[id] = nil
                self.invalidateAll()
            }
        }
        // The pinned finger's ring shows whether or not the touch overlay is on.
        guard showsTouches || id == MouseTouches.pinnedID else { return }
        invalidate(around: touch.locationInScreen)
        invalidate(around: touch.previousLocationInScreen)
        if fadeTimer == nil {
            fadeTimer = application.timers.schedule(after: 1.0 / 30, repeats: true) { [weak self] timer in
                self?.fade(timer)
            }
        }
    }

    private func fade(_ timer: Timer) {
        let now = application.clock.now
        var bounds = Rect.zero
        for (id, points) in trails {
            let kept = points.filter { now - $0.time < Self.trailLifetime }
            for p in points { bounds = bounds.union(Rect(x: p.point.x - 24, y: p.point.y - 24, width: 48, height: 48)) }
            trails[id] = kept.isEmpty ? nil : kept
        }
        if !bounds.isEmpty { invalidate(screenRect: bounds) }
        if trails.isEmpty {
            timer.invalidate()
            fadeTimer = nil
        }
    }

    private func invalidate(around point: Point) {
        invalidate(screenRect: Rect(x: point.x - 26, y: point.y - 26, width: 52, height: 52))
    }

    private func invalidate(screenRect: Rect) {
        for window in [appWindow, application.keyboard.window] where window.frame.intersects(screenRect) {
            window.invalidate(screenRect.offsetBy(dx: -window.frame.minX, dy: -window.frame.minY))
        }
    }

    // MARK: Drawing

    private func draw(in window: Window, canvas: Canvas) {
        let origin = window.frame.origin
        func local(_ p: Point) -> Point { Point(x: p.x - origin.x, y: p.y - origin.y) }
        if showsKeypad { drawKeypad(in: window, canvas: canvas) }
        if showsRegions && window === appWindow { drawRegions(canvas: canvas) }
        if let outlined, outlined.window === window, !outlined.isHidden {
            let frame = outlined.frameInScreen
            let box = Rect(origin: local(frame.origin), size: frame.size).insetBy(dx: -3, dy: -3)
            canvas.strokeRoundedRect(box, radius: 6, lineWidth: 2.5, color: Color(hex: 0xFF3B30))
        }
        guard showsTouches else {
            // Always: the pinned finger, so a forgotten right click never goes unseen.
            if let pinned = live[MouseTouches.pinnedID], !pinned.phase.isFinished {
                drawRing(id: MouseTouches.pinnedID, at: local(pinned.point), phase: pinned.phase, canvas: canvas)
            }
            return
        }
        let now = application.clock.now
        for (id, points) in trails {
            let color = Self.color(for: live[id]?.phase ?? .ended)
            for (i, p) in points.enumerated() {
                let age = (now - p.time) / Self.trailLifetime
                guard age < 1 else { continue }
                let r = 3 + 5 * (1 - age) * Double(i + 1) / Double(points.count)
                let c = local(p.point)
                canvas.fillEllipse(
                    in: Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r), color: color.withAlpha(0.35 * (1 - age)))
            }
        }
        for (id, touch) in live { drawRing(id: id, at: local(touch.point), phase: touch.phase, canvas: canvas) }
    }

    /// One finger: a filled ring coloured by its phase with its id, or, for the pinned finger
    /// while it is down, a thick open ring.
    private func drawRing(id: Int, at c: Point, phase: TouchPhase, canvas: Canvas) {
        let color = Self.color(for: phase)
        let ring = Rect(x: c.x - 18, y: c.y - 18, width: 36, height: 36)
        if id == MouseTouches.pinnedID && !phase.isFinished {
            canvas.strokeRoundedRect(ring.insetBy(dx: -3, dy: -3), radius: 21, lineWidth: 4, color: color)
        } else {
            canvas.fillEllipse(in: ring, color: color.withAlpha(0.28))
            canvas.strokeRoundedRect(ring, radius: 18, lineWidth: 2, color: color)
        }
        let font = application.fonts.font(size: 11, weight: .semibold)
        canvas.drawText("\(id)", at: Point(x: c.x - font.width(of: "\(id)") / 2, y: c.y + 4), font: font, color: color)
    }

    private func drawRegions(canvas: Canvas) {
        let origin = appWindow.frame.origin
        func local(_ r: Rect) -> Rect { r.offsetBy(dx: -origin.x, dy: -origin.y) }
        let focusColor = Color(hex: 0xFF2D55)
        let focused = appWindow.firstResponder as? View
        let regions =
            current?.focusRegions(for: focused, in: appWindow)
            ?? FocusRegions(inside: [], order: FocusNavigation.readingOrder(in: appWindow))
        if let focused {
            canvas.strokeRoundedRect(
                local(focused.frameInScreen).insetBy(dx: -5, dy: -5), radius: 12, lineWidth: 3,
                color: focusColor)
            for member in regions.inside {
                canvas.strokeRoundedRect(
                    local(member.frameInScreen).insetBy(dx: -4, dy: -4), radius: 10, lineWidth: 2,
                    color: focusColor.withAlpha(0.6))
            }
        }
        drawBadges(canvas: canvas, inputs: regions.order)
    }

    private func drawBadges(canvas: Canvas, inputs: [View]) {
        let font = application.fonts.font(size: 11, weight: .semibold)
        let origin = appWindow.frame.origin
        for (i, input) in inputs.enumerated() {
            let f = input.frameInScreen.offsetBy(dx: -origin.x, dy: -origin.y)
            let badge = Rect(x: f.maxX - 14, y: f.minY - 8, width: 20, height: 20)
            canvas.fillEllipse(in: badge, color: Color(hex: 0xFF2D55))
            let text = "\(i + 1)"
            canvas.drawText(
                text, at: Point(x: badge.midX - font.width(of: text) / 2, y: badge.midY + 4), font: font, color: .white)
        }
    }

    /// The keypad frame's tag: `keypad x,y w×h device pt`, `frame` (screen coordinates) taken
    /// from the top-left corner of the simulated device, `device`: the system the inspector's
    /// numbers and the audit's points use, named.
    package static func keypadTag(_ frame: Rect, device: Rect) -> String {
        let x = Int(frame.minX - device.minX), y = Int(frame.minY - device.minY)
        return "keypad \(x),\(y) \(Int(frame.width))×\(Int(frame.height)) device pt"
    }

    /// The distance the current technique keeps between the focused field and the keypad.
    private var avoidanceDistance: Double? {
        guard let focused = appWindow.firstResponder as? View else { return nil }
        return current?.keypadMargin(for: focused)
    }

    private func drawKeypad(in window: Window, canvas: Canvas) {
        let keyboard = application.keyboard
        guard keyboard.isVisible else { return }
        let color = Color(hex: 0xFF2D55)
        let frame = keyboard.frame.offsetBy(dx: -window.frame.minX, dy: -window.frame.minY)
        if window === keyboard.window {
            canvas.strokeRoundedRect(frame.insetBy(dx: 1, dy: 1), radius: 2, lineWidth: 2, color: color)
            return
        }
        // In the app's window: the keypad's top edge, its frame in the device's points (as the
        // inspector gives it), tagged above the edge where it covers no key, and the band a
        // technique keeps clear above it.
        let top = frame.minY
        for x in stride(from: 0.0, to: window.bounds.width, by: 12) {
            canvas.fill(Rect(x: x, y: top - 2, width: 7, height: 2), color: color)
        }
        let tagFont = application.fonts.font(size: 11, weight: .semibold)
        let tag = Self.keypadTag(keyboard.frame, device: application.deviceFrame)
        let tagWidth = tagFont.width(of: tag) + 12
        // Centred: the order badges sit at the right edge, the kept distance at the left.
        let tagX = ((window.bounds.width - tagWidth) / 2).rounded()
        canvas.fillRoundedRect(Rect(x: tagX, y: top - 22, width: tagWidth, height: 18), radius: 4, color: color)
        canvas.drawText(tag, at: Point(x: tagX + 6, y: top - 9), font: tagFont, color: .white)
        if let distance = avoidanceDistance, distance > 0 {
            canvas.fill(
                Rect(x: 0, y: top - 2 - distance, width: window.bounds.width, height: distance), color: color.withAlpha(0.18))
            let font = application.fonts.font(size: 11, weight: .semibold)
            canvas.drawText("\(Int(distance)) px kept clear", at: Point(x: 8, y: top - 6 - distance), font: font, color: color)
        }
    }
}
