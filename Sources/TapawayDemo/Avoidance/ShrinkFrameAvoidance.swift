import TapawayKit

/// `shrink-frame`: on keyboard did-show the scroll view's frame loses the height the keyboard covers
/// and the field being edited is scrolled into view; on did-hide the frame is given back.
///
/// This is seed 003's `ScrollableViewController`, and the `background-control` technique's own
/// avoidance. It acts after the slide, so the keyboard covers the field while it rises; a composer
/// under the scroll view (`layout=chat`) stays covered.
@MainActor
package final class ShrinkFrameAvoidance: KeyboardAvoidance {
    /// The space kept between the field being edited and the keypad when scrolling.
    package static let fieldMargin = 12.0
    /// Whether the scroll view is shrunk.
    private var isShrunk = false
    /// The numbers used last.
    package private(set) var numbers = AvoidanceNumbers(strategy: AvoidanceKind.shrinkFrame.rawValue)

    /// Creates the strategy; it holds no state until a keyboard notification arrives.
    package init() {}

    /// Shrinks on did-show, restores on did-hide.
    package func keyboard(_ change: KeyboardChange, in screen: FormViewController) {
        switch change.phase {
        case .didShow: shrink(screen, keypad: change.end)
        case .didHide: restore(screen)
        default: break
        }
    }

    /// Scrolls a newly focused field into view while the frame is shrunk.
    package func editingDidBegin(in screen: FormViewController) { scrollToEditingInput(screen) }

    /// Gives the scroll view its frame back.
    package func restore(_ screen: FormViewController) {
        numbers = AvoidanceNumbers(strategy: AvoidanceKind.shrinkFrame.rawValue)
        guard isShrunk else { return }
        isShrunk = false
        screen.form.frame = screen.fullFormFrame
    }

    /// Shrinks the scroll view by the keyboard's overlap and scrolls the field into view.
    private func shrink(_ screen: FormViewController, keypad: Rect) {
        let form = screen.form
        // The full frame is read afresh: after a rotation the screen has its new size, so a
        // frame kept from before would be the old orientation's.
        let full = screen.fullFormFrame
        let overlap = max(0, screen.view.frameInScreen.minY + full.maxY - keypad.minY)
        isShrunk = true
        form.frame = Rect(x: full.minX, y: full.minY, width: full.width, height: max(0, full.height - overlap))
        form.layoutIfNeeded()
        numbers.keyboard = screen.inDevice(keypad)
        numbers.overlap = overlap
        numbers.shift = overlap
        scrollToEditingInput(screen)
    }

    /// Scrolls the form so the field being edited shows above the keyboard.
    private func scrollToEditingInput(_ screen: FormViewController) {
        guard isShrunk, screen.formScrolls, let input = screen.editingInput, input.isDescendant(of: screen.form)
        else { return }
        let rect = input.convert(input.bounds, to: screen.form.background)
        screen.form.scrollRectToVisible(rect, animated: true, margin: Self.fieldMargin)
    }
}
