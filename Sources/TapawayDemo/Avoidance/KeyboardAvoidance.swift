import TapawayKit

/// One way a screen keeps the field being edited above the keyboard, modelled on its platform's
/// documented rule: it hears the keyboard's notifications (and, if it wants, every frame of the
/// keyboard's slide) and moves, resizes or insets the screen's views.
///
/// Each strategy is its own type in this folder; `AvoidanceKind` names them and makes them.
@MainActor
package protocol KeyboardAvoidance: AnyObject {
    /// What the strategy does when the keyboard will or did show, hide or change frame.
    func keyboard(_ change: KeyboardChange, in screen: FormViewController)
    /// The keyboard's window moved (every frame of a slide): for strategies that track it.
    func keyboardDidMove(to frame: Rect, in screen: FormViewController)
    /// A text input of the screen began editing while the keyboard is up (focus moved).
    func editingDidBegin(in screen: FormViewController)
    /// Puts back everything the strategy changed (the keyboard hid, or the screen goes away).
    func restore(_ screen: FormViewController)
    /// The numbers the strategy used last, for the inspector and the trace.
    var numbers: AvoidanceNumbers { get }
}

/// What a strategy that needs them does not have to write.
extension KeyboardAvoidance {
    /// Tracks nothing frame by frame.
    package func keyboardDidMove(to frame: Rect, in screen: FormViewController) {}
    /// Does nothing when focus moves.
    package func editingDidBegin(in screen: FormViewController) {}
}

/// A keyboard notification as a strategy hears it: which one, the frames, and the slide's time.
package struct KeyboardChange: Sendable {
    /// Which of UIKit's keyboard notifications this is.
    package enum Phase: String, Sendable {
        /// Will show (also posted again when focus moves to an input with another keyboard).
        case willShow
        /// `keyboardDidShowNotification`: the keyboard has finished sliding up.
        case didShow
        /// `keyboardWillHideNotification`: the keyboard is about to slide away.
        case willHide
        /// `keyboardDidHideNotification`: the keyboard has finished sliding away.
        case didHide
        /// Will change frame (posted with every show and hide, and alone for a change at once).
        case willChangeFrame
        /// `keyboardDidChangeFrameNotification`: the keyboard's frame has finished changing.
        case didChangeFrame
    }
    /// Which notification the strategy is hearing.
    package var phase: Phase
    /// The keyboard's frame before, in the top-level window's coordinates.
    package var begin: Rect
    /// The keyboard's frame after, in the top-level window's coordinates.
    package var end: Rect
    /// The slide's duration, in seconds (0 for a change made at once).
    package var duration: Double
    /// The slide's timing curve, which a strategy follows to move with the keyboard.
    package var curve: AnimationCurve

    /// A change with these values.
    package init(phase: Phase, begin: Rect, end: Rect, duration: Double, curve: AnimationCurve = .easeOut) {
        self.phase = phase
        self.begin = begin
        self.end = end
        self.duration = duration
        self.curve = curve
    }

    /// Whether the end frame is on screen: the keyboard shows (or stays) rather than hides.
    ///
    /// Below `device`'s bottom edge, it is away.
    package func endsOnScreen(of device: Rect) -> Bool { end.minY < device.maxY - 0.5 && end.height > 0 }
}

/// The numbers an avoidance strategy used, as the inspector shows them and the trace's `avoidance` line
/// writes them.
///
/// Frames are in the simulated screen's coordinates (its top-left corner is 0,0), in points.
package struct AvoidanceNumbers: Equatable, Sendable {
    /// The strategy's option value (`insets`, `kav-height`), or `none`.
    package var strategy: String
    /// The keyboard's end frame in the simulated screen, or nil while it is away.
    package var keyboard: Rect?
    /// How much of the view the strategy avoids with the keyboard covers (the scroll view, the
    /// screen, the KeyboardAvoidingView), in points; 0 while the keyboard is away.
    package var overlap: Double = 0
    /// The scroll view's content inset the strategy set (the bottom one for insets).
    package var contentInset: EdgeInsets = .zero
    /// The scroll view's scroll indicator inset the strategy set.
    package var indicatorInset: EdgeInsets = .zero
    /// The safe area of the screen the strategy read (zero on a device without one).
    package var safeArea: EdgeInsets = .zero
    /// How far the strategy moved (positive: up) or shrank what it avoids with, in points.
    package var shift: Double = 0

    /// Nothing done yet by `strategy`.
    package init(strategy: String) { self.strategy = strategy }
}

/// Geometry the strategies share.
extension FormViewController {
    /// The keyboard frame `frame` (top-level window coordinates) in the simulated screen's
    /// coordinates.
    package func inDevice(_ frame: Rect) -> Rect {
        let device = view.application?.deviceFrame ?? .zero
        return frame.offsetBy(dx: -device.minX, dy: -device.minY)
    }
}
