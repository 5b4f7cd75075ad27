import TapawayHeadless
import TapawayKit
import TapawayScreen

/// What happened in a headless run, as `compare` and `matrix` report it.
package struct SessionOutcome: Equatable, Sendable {
    /// The first responder after each focus change (nil when focus went away).
    package var focusChanges: [String?] = []
    /// For each focus change, the phase of the touch event it happened in (nil: no touch was
    /// being delivered, as after a timer or a key).
    package var focusPhases: [TouchPhase?] = []
    /// For each time the keypad began to hide, the phase of the touch event it happened in.
    package var hidePhases: [TouchPhase?] = []
    /// How many times the keypad began to show: every will-show, as iOS posts one again when
    /// focus moves to another field while the keypad is up (the matrix's codes read this).
    package var keypadShows = 0
    /// How many times the keypad began to come up from hidden (or from hiding).
    package var keypadRaises = 0
    /// How many times the keypad, already up, changed for another field (another keyboard type
    /// or accessory: iOS posts will-show again, even when the height stays).
    package var keypadChanges = 0
    /// How many times the keypad began to hide.
    package var keypadHides = 0
    /// Whether the keypad was up (or coming up) at the end; nil before the outcome is finished.
    package var keypadUpAtEnd: Bool?
    /// Control actions and row selections that fired, as `id event` → count.
    package var actions: [String: Int] = [:]
    /// For each finger that came down, in order, the trace name of the view it landed on
    /// (`keypad` for a key while a secure field is focused: which key it was would say what
    /// was typed; `nothing` when no view was hit).
    package var touchHits: [String] = []
    /// The decisions of the technique, by action (`resign`, `keep`, `none`).
    package var decisions: [String: Int] = [:]
    /// The first responder at the end.
    package var finalFocus: String?
    /// The text of each text input at the end (secure fields as their length).
    package var texts: [String: String] = [:]
}

/// The app on the headless platform, with everything an outcome needs recorded: used by
/// `tapaway compare` (a recording under every technique) and `tapaway matrix`.
@MainActor
package final class HeadlessSession {
    /// The platform (manual clock, fixed-metric fonts).
    package let platform: HeadlessPlatform
    /// The app the session runs, on the headless backend.
    package let app: TapawayApp
    private let recorder: OutcomeRecorder

    /// What happened so far.
    package var outcome: SessionOutcome { recorder.outcome }

    /// Starts the app showing `technique` on `document` (nil: the shipped screens) on a screen
    /// of `size`, and lets it settle.
    package init(technique: TechniqueID, document: ScreenDocument? = nil, size: Size = TapawayApp.defaultSize) {
        platform = HeadlessPlatform(screenSize: size)
        app = TapawayApp(application: platform.application, technique: technique, screen: document)
        recorder = OutcomeRecorder(application: platform.application, app: app)
        // Another device or orientation (`--device`, `--set orientation=...`) gets a screen that
        // holds it beside the chrome, as the window grows for it.
        app.onDeviceChange = { [unowned platform] device in
            let wanted = WindowLayout.preferredSize(device: device)
            let size = platform.application.screenSize
            let grown = Size(width: max(size.width, wanted.width), height: max(size.height, wanted.height))
            platform.application.resizeScreen(to: grown)
            // Grown at once: nothing left to wait for.
            return false
        }
        platform.settle()
    }

    /// Forgets what happened so far (after setting a case up).
    package func resetOutcome() { recorder.reset() }

    /// Forgets the background point kept for the geometry as it stands: enabling or disabling a view
    /// changes where a tap lands without moving anything (the audit calls it as it puts the session
    /// back at rest).
    ///
    /// Points found before stay known by what a hit test reads (see `backgroundPoint`).
    package func forgetBackgroundPoint() { cachedBackgroundPoint = nil }

    /// The outcome with the final focus and texts filled in.
    package func finish() -> SessionOutcome {
        platform.settle()
        return recorder.finish()
    }

    /// Plays a recording, advancing the manual clock to each input's time.
    package func replay(_ recording: Recording, progress: ((_ done: Int) -> Void)? = nil) {
        let replayer = InputReplayer(application: platform.application, recording: recording, speed: nil)
        var last = 0.0
        for (index, (t, input)) in recording.inputs.enumerated() {
            if t > last { platform.advance(by: t - last) }
            last = max(last, t)
            replayer.feed(input)
            platform.application.runFrame()
            progress?(index + 1)
        }
    }

    /// Puts the app in the state `recording` began in (the inspector, the focused input) and
    /// lets it settle; what that takes is not part of the outcome.
    package func prepare(for recording: Recording) {
        app.prepareForReplay(of: recording)
        platform.settle()
        resetOutcome()
    }

    /// A point on the background that no other view covers.
    ///
    /// Finding one samples the screen with thousands of hit tests, and a case asks several times while
    /// nothing moves, so the point is kept until the geometry changes (a view moved, resized, shown,
    /// hidden, added or removed; scrolling counts) or `forgetBackgroundPoint()` is called. The audit
    /// puts the app in the same few states again and again (each input focused in turn), so the points
    /// found are also kept by a fingerprint of everything the window's hit test reads: the same
    /// fingerprint is the same answer.
    package var backgroundPoint: Point {
        let generation = platform.application.geometryGeneration
        if let cached = cachedBackgroundPoint, cached.generation == generation { return cached.point }
        let key = Self.hitFingerprint(of: app.window)
        let point: Point
        if let known = knownBackgroundPoints[key] {
            point = known
        } else {
            point = DismissalMatrix.backgroundPoint(in: app)
            if knownBackgroundPoints.count >= Self.knownPointsLimit { knownBackgroundPoints.removeAll() }
            knownBackgroundPoints[key] = point
        }
        cachedBackgroundPoint = (generation, point)
        return point
    }
    private var cachedBackgroundPoint: (generation: Int, point: Point)?
    private var knownBackgroundPoints: [HitFingerprint: Point] = [:]
    /// How many fingerprints are kept before they are all forgotten (a long replay moves
    /// through many states; an audit through a few per input).
    private static let knownPointsLimit = 256

    /// Everything `Window.hitTest` and the background's anchor read, for every view of `window`: which
    /// view it is and where it sits, its scroll offset, whether it is hidden, takes touches, is all but
    /// transparent, and (for a control) enabled.
    ///
    /// Two states with the same fingerprint hit-test alike everywhere.
    private static func hitFingerprint(of window: Window) -> HitFingerprint {
        var hasher = Hasher()
        var count = 0
        func add(_ view: View) {
            count += 1
            hasher.combine(ObjectIdentifier(view))
            hasher.combine(view.frame.minX)
            hasher.combine(view.frame.minY)
            hasher.combine(view.frame.width)
            hasher.combine(view.frame.height)
            hasher.combine(view.boundsOrigin.x)
            hasher.combine(view.boundsOrigin.y)
            hasher.combine(view.isHidden)
            hasher.combine(view.isUserInteractionEnabled)
            hasher.combine(view.alpha >= 0.01)
            hasher.combine((view as? Control)?.isEnabled)
            hasher.combine(view.subviews.count)
            for subview in view.subviews { add(subview) }
        }
        add(window)
        return HitFingerprint(hash: hasher.finalize(), views: count)
    }
}

/// A hash of what a window's hit test reads, with the number of views hashed (a second,
/// independent check against two states colliding).
private struct HitFingerprint: Hashable {
    let hash: Int
    let views: Int
}
