import TapawayKit

/// `move-screen` and `move-window`: what IQKeyboardManager does when the field is in no scrolling
/// scroll view.
///
/// On keyboard will-show (and will-change-frame, and focus moving while it is up) a view moves up just
/// enough that the field's bottom sits 10 points above the keyboard, never down; on will-hide it goes
/// back.
///
/// - `move-screen` moves the view controller's view. The navigation bar is the navigation
///   controller's, not the screen's, so it stays (the library's fix for the bar pushed off
///   screen); the screen's top slides under it.
/// - `move-window` moves the root view controller's view, the navigation controller's, as the
///   library did before that fix: the navigation bar goes up and off the screen with it.
@MainActor
package final class MoveScreenAvoidance: KeyboardAvoidance {
    /// The distance kept between the field and the keyboard (IQKeyboardManager's default).
    package static let distance = 10.0
    /// How far the strategy moved the screen's view up, and the frame it moved it to, while it
    /// has: a frame that is no longer that one was laid out again (a rotation), from scratch.
    private var applied: (shift: Double, frame: Rect)?
    /// Eases the frame changes along with the keyboard's slide.
    private let slider = FrameSlider()
    /// Whether the whole window's content moves (`move-window`), not only the screen's view.
    package let movesWindow: Bool
    /// The numbers used last.
    package private(set) var numbers: AvoidanceNumbers
    /// The keyboard's frame while it is up.
    private var keyboardFrame: Rect?

    /// Creates the strategy: `move-window` with `movesWindow`, else `move-screen`.
    package init(movesWindow: Bool = false) {
        self.movesWindow = movesWindow
        numbers = AvoidanceNumbers(strategy: (movesWindow ? AvoidanceKind.moveWindow : .moveScreen).rawValue)
    }

    /// The view the strategy moves.
    private func movedView(in screen: FormViewController) -> View? {
        movesWindow ? screen.windowContent : screen.view
    }

    /// Moves on will-show and will-change-frame, back on will-hide.
    package func keyboard(_ change: KeyboardChange, in screen: FormViewController) {
        let device = screen.view.application?.deviceFrame ?? .zero
        switch change.phase {
        case .willShow: move(screen, keyboard: change.end, duration: change.duration)
        case .willChangeFrame where change.endsOnScreen(of: device):
            move(screen, keyboard: change.end, duration: change.duration)
        case .willHide: putBack(screen, duration: change.duration)
        default: break
        }
    }

    /// Moves for the newly focused field.
    package func editingDidBegin(in screen: FormViewController) {
        guard let keyboardFrame else { return }
        move(screen, keyboard: keyboardFrame, duration: 0.25)
    }

    /// Puts the screen back at once.
    package func restore(_ screen: FormViewController) { putBack(screen, duration: 0) }

    /// The screen view's frame with nothing moved: where the strategy left it, moved back down,
    /// or, when its container has laid it out since, where it is.
    ///
    /// A view still sliding to where the strategy put it (a turn's show cut short by the window's
    /// new size) is on its way there, not laid out anew: its natural frame is the one it left.
    private func naturalFrame(of view: View) -> Rect {
        // The window's content rests filling the window, whatever its size now.
        if movesWindow { return view.superview?.bounds ?? view.frame }
        guard let applied else { return view.frame }
        if view.frame == applied.frame { return view.frame.offsetBy(dx: 0, dy: applied.shift) }
        let from = applied.frame.offsetBy(dx: 0, dy: applied.shift)
        let onItsWay =
            view.frame.size == applied.frame.size && view.frame.minX == applied.frame.minX
            && view.frame.minY <= max(from.minY, applied.frame.minY) && view.frame.minY >= min(from.minY, applied.frame.minY)
        return onItsWay ? from : view.frame
    }

    /// Moves the screen up so the field being edited ends the distance above the keyboard.
    private func move(_ screen: FormViewController, keyboard: Rect, duration: Double) {
        guard let input = screen.editingInput, let view = movedView(in: screen) else { return }
        slider.cancel()
        let natural = naturalFrame(of: view)
        keyboardFrame = keyboard
        // The field's bottom where it would be with the screen in place.
        let bottom = input.frameInScreen.maxY + (natural.minY - view.frame.minY)
        let shift = max(0, bottom - (keyboard.minY - Self.distance)).rounded()
        numbers.keyboard = screen.inDevice(keyboard)
        numbers.overlap = max(0, bottom - keyboard.minY)
        numbers.shift = shift
        let target = natural.offsetBy(dx: 0, dy: -shift)
        applied = (shift, target)
        slider.move(view, to: target, duration: duration)
    }

    /// Moves what the strategy moved back where it rests.
    private func putBack(_ screen: FormViewController, duration: Double) {
        numbers = AvoidanceNumbers(strategy: numbers.strategy)
        keyboardFrame = nil
        guard applied != nil, let view = movedView(in: screen) else { return }
        slider.cancel()
        let natural = naturalFrame(of: view)
        applied = nil
        slider.move(view, to: natural, duration: duration)
    }
}
