import TapawayKit
import Testing

@testable import TapawayDemo

/// The Android keyboard's slide is the framework's IME insets animation.
///
/// From `android.view.InsetsController` (documented in its source):
///
///     private static final int ANIMATION_DURATION_SYNC_IME_MS = 285;
///     private static final int ANIMATION_DURATION_UNSYNC_IME_MS = 200;
///     private static final Interpolator SYNC_IME_INTERPOLATOR =
///             new PathInterpolator(0.2f, 0f, 0f, 1f);
///     private static final Interpolator LINEAR_OUT_SLOW_IN_INTERPOLATOR =
///             new PathInterpolator(0, 0, 0.2f, 1f);
///     private static final Interpolator FAST_OUT_LINEAR_IN_INTERPOLATOR =
///             new PathInterpolator(0.4f, 0f, 1f, 1f);
///
/// and `InternalAnimationControlListener` picks, for the IME, the synchronised pair when the app
/// has animation callbacks, else 200 ms, linear-out-slow-in to show and fast-out-linear-in to hide.
@MainActor
@Suite("Android: the IME's insets animation")
struct AndroidImeAnimationTests {
    /// The duration and curve of each keyboard notification posted while `body` runs.
    func notifications(
        in session: HeadlessSession, _ body: () -> Void
    ) -> [(name: NotificationName, duration: Double, curve: AnimationCurve?)] {
        var seen: [(NotificationName, Double, AnimationCurve?)] = []
        let center = session.platform.application.notificationCenter
        let tokens = [NotificationName.keyboardWillShow, .keyboardWillHide].map { name in
            center.addObserver(
                forName: name,
                using: { note in
                    let info = note.userInfo
                    seen.append(
                        (
                            name, info[KeyboardInfoKey.animationDuration] as? Double ?? -1,
                            info[KeyboardInfoKey.animationCurve] as? AnimationCurve
                        ))
                })
        }
        body()
        for token in tokens { center.removeObserver(token) }
        return seen
    }

    /// A session on the Android phone under no technique, with `avoidance` set when given.
    func session(avoidance: String? = nil) -> HeadlessSession {
        let session = HeadlessSession(technique: .noCode, document: nil)
        #expect(session.app.setOption(OptionKey(nil, "device"), to: "android"))
        if let avoidance { #expect(session.app.setOption(OptionKey(nil, "avoidance"), to: avoidance)) }
        session.platform.settle()
        return session
    }

    @Test("without an animation callback: 200 ms, linear-out-slow-in up and fast-out-linear-in down")
    func unsynced() {
        let session = session()
        let seen = notifications(in: session) {
            _ = session.app.focus("name")
            session.platform.settle()
            session.platform.application.keyboard.hide()
            session.platform.settle()
        }
        #expect(seen.count == 2)
        #expect(seen.first?.duration == 0.2 && seen.first?.curve == .linearOutSlowIn)
        #expect(seen.last?.duration == 0.2 && seen.last?.curve == .fastOutLinearIn)
    }

    @Test("an app applying WindowInsets.ime through a callback (ime-insets): 285 ms, the synchronised curve")
    func synced() {
        let session = session(avoidance: "ime-insets")
        let seen = notifications(in: session) {
            _ = session.app.focus("name")
            session.platform.settle()
            session.platform.application.keyboard.hide()
            session.platform.settle()
        }
        #expect(seen.map(\.duration) == [0.285, 0.285])
        #expect(seen.allSatisfy { $0.curve == .syncIme })
    }

    @Test("iOS's keyboard keeps its 0.25 s ease-out slide")
    func iosUnchanged() {
        let session = HeadlessSession(technique: .noCode, document: nil)
        let seen = notifications(in: session) {
            _ = session.app.focus("name")
            session.platform.settle()
        }
        #expect(seen.first?.duration == 0.25 && seen.first?.curve == .easeOut)
    }

    // The cubic Bézier through (0,0), (x1,y1), (x2,y2), (1,1), solved for x = t and read at y,
    // as PathInterpolator does; the values at 0.25, 0.5 and 0.75 were worked out from that
    // definition separately (to four places).
    @Test(
        "the curves are the framework's path interpolators",
        arguments: [
            (AnimationCurve.linearOutSlowIn, [0.5776, 0.8392, 0.9642]),
            (AnimationCurve.fastOutLinearIn, [0.0986, 0.3248, 0.6301]),
            (AnimationCurve.syncIme, [0.6072, 0.8778, 0.9755]),
        ])
    func curves(curve: AnimationCurve, expected: [Double]) {
        #expect(curve.value(at: 0) == 0)
        #expect(abs(curve.value(at: 1) - 1) < 1e-9)
        for (t, value) in zip([0.25, 0.5, 0.75], expected) {
            #expect(abs(curve.value(at: t) - value) < 0.001, "\(curve) at \(t): \(curve.value(at: t))")
        }
    }
}
