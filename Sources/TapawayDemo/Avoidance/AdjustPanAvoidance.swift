import TapawayKit

/// `adjust-pan`: Android's `windowSoftInputMode="adjustPan"`.
///
/// The window is not resized; its contents are panned up just enough that the focused view is not
/// covered by the keyboard, the app bar with them, off the top of the screen, as the attribute's
/// documentation says. What the keyboard covers stays out of reach until it closes. On will-hide the
/// window pans back. The pan follows the focus when it moves while the keyboard is up, and keeps no
/// margin (the focused view's rectangle, read from `ViewRootImpl.scrollToRectOrFocus`: inferred here).
@MainActor
package final class AdjustPanAvoidance: KeyboardAvoidance {
    /// Whether the window's content is panned.
    private var isPanned = false
    /// The keyboard's frame while it is up (to act again when focus moves).
    private var keyboardFrame: Rect?
    /// Eases the frame changes along with the keyboard's slide.
    private let slider = FrameSlider()
    /// The numbers used last.
    package private(set) var numbers = AvoidanceNumbers(strategy: AvoidanceKind.adjustPan.rawValue)

    /// Creates the strategy; it holds no state until a keyboard notification arrives.
    package init() {}

    /// Pans on will-show and will-change-frame, back on will-hide.
    package func keyboard(_ change: KeyboardChange, in screen: FormViewController) {
        let device = screen.view.application?.deviceFrame ?? .zero
        switch change.phase {
        case .willShow: pan(screen, keyboard: change.end, duration: change.duration)
        case .willChangeFrame where change.endsOnScreen(of: device):
            pan(screen, keyboard: change.end, duration: change.duration)
        case .willHide: putBack(screen, duration: change.duration)
        default: break
        }
    }

    /// Pans for the newly focused view.
    package func editingDidBegin(in screen: FormViewController) {
        guard let keyboardFrame else { return }
        pan(screen, keyboard: keyboardFrame, duration: 0)
    }

    /// Pans back at once.
    package func restore(_ screen: FormViewController) { putBack(screen, duration: 0) }

    /// Pans the window's content so the field being edited ends on the keyboard's top.
    private func pan(_ screen: FormViewController, keyboard: Rect, duration: Double) {
        guard let content = screen.windowContent, let input = screen.editingInput else { return }
        // The content's frame with nothing panned fills the window, whatever its size now.
        let natural = content.superview?.bounds ?? content.frame
        isPanned = true
        keyboardFrame = keyboard
        slider.cancel()
        let bottom = input.frameInScreen.maxY + (natural.minY - content.frame.minY)
        let shift = max(0, bottom - keyboard.minY).rounded()
        numbers.keyboard = screen.inDevice(keyboard)
        numbers.overlap = max(0, bottom - keyboard.minY)
        numbers.shift = shift
        slider.move(content, to: natural.offsetBy(dx: 0, dy: -shift), duration: duration)
    }

    /// Moves what the strategy moved back where it rests.
    private func putBack(_ screen: FormViewController, duration: Double) {
        numbers = AvoidanceNumbers(strategy: AvoidanceKind.adjustPan.rawValue)
        keyboardFrame = nil
        guard isPanned, let content = screen.windowContent else { return }
        isPanned = false
        slider.cancel()
        slider.move(content, to: content.superview?.bounds ?? content.frame, duration: duration)
    }
}
