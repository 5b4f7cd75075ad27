import TapawayKit

/// `adjust-resize`: Android's `windowSoftInputMode="adjustResize"`.
///
/// While the keyboard shows, the activity's window is resized to the space above it, at once (before
/// API 30 the resize does not follow the keyboard's slide), so the app bar stays and everything below
/// it is laid out in less height: the scroll view shrinks and a bar at the bottom (`layout=chat`) rides
/// on the keyboard. The scroll view then scrolls the focused field back into view, as Android's
/// `ScrollView` does when its size changes (read from its source). A screen without a scroll view is
/// squeezed, and what no longer fits is cut off.
@MainActor
package final class AdjustResizeAvoidance: KeyboardAvoidance {
    /// Whether the window's content is resized.
    private var isResized = false
    /// The numbers used last.
    package private(set) var numbers = AvoidanceNumbers(strategy: AvoidanceKind.adjustResize.rawValue)

    /// Creates the strategy; it holds no state until a keyboard notification arrives.
    package init() {}

    /// Resizes on will-show and will-change-frame, gives the height back on will-hide.
    package func keyboard(_ change: KeyboardChange, in screen: FormViewController) {
        let device = screen.view.application?.deviceFrame ?? .zero
        switch change.phase {
        case .willShow: resize(screen, keyboard: change.end)
        case .willChangeFrame where change.endsOnScreen(of: device): resize(screen, keyboard: change.end)
        case .willHide: restore(screen)
        default: break
        }
    }

    /// Scrolls a newly focused field into view (Android's `requestRectangleOnScreen`).
    package func editingDidBegin(in screen: FormViewController) {
        guard isResized else { return }
        scrollToEditingInput(screen)
    }

    /// Gives the window its height back.
    package func restore(_ screen: FormViewController) {
        numbers = AvoidanceNumbers(strategy: AvoidanceKind.adjustResize.rawValue)
        guard isResized, let content = screen.windowContent else { return }
        isResized = false
        content.frame = content.superview?.bounds ?? content.frame
    }

    /// Resizes the window's content to end at the keyboard's top, then scrolls the field into view.
    private func resize(_ screen: FormViewController, keyboard: Rect) {
        guard let content = screen.windowContent else { return }
        // The content's frame with nothing resized fills the window, whatever its size now.
        let natural = content.superview?.bounds ?? content.frame
        isResized = true
        let top = content.superview?.frameInScreen.minY ?? 0
        let overlap = max(0, top + natural.maxY - keyboard.minY)
        content.frame = Rect(x: natural.minX, y: natural.minY, width: natural.width, height: natural.height - overlap)
        content.layoutIfNeeded()
        screen.view.layoutIfNeeded()
        numbers.keyboard = screen.inDevice(keyboard)
        numbers.overlap = overlap
        numbers.shift = overlap
        scrollToEditingInput(screen)
    }

    /// Scrolls the form so the field being edited shows above the keyboard.
    private func scrollToEditingInput(_ screen: FormViewController) {
        guard let input = screen.editingInput, input.isDescendant(of: screen.form), screen.formScrolls else {
            return
        }
        let rect = input.convert(input.bounds, to: screen.form.background)
        screen.form.scrollRectToVisible(rect, animated: false, margin: 0)
    }
}
