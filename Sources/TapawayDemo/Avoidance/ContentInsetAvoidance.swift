import TapawayKit

/// `insets`: today's UIKit advice.
///
/// On keyboard will-show (and will-change-frame while it stays up) the scroll view's bottom content
/// inset and scroll indicator inset become the height of the keyboard's overlap with the scroll view,
/// less the bottom safe area that `contentInsetAdjustmentBehavior = .automatic` already adds to the
/// adjusted inset, and the field being edited is scrolled into view; on will-hide both insets go back.
/// The frame never changes, so the content still runs under the keyboard (translucent on iOS).
///
/// Getting the safe area wrong is the common bug: the older sample that sets the inset to the
/// keyboard's whole height leaves a gap the height of the home indicator at the content's end,
/// since the automatic adjustment adds the safe area on top.
@MainActor
package final class ContentInsetAvoidance: KeyboardAvoidance {
    /// The space kept between the field being edited and the keyboard when scrolling
    /// (`scrollRectToVisible` itself keeps none; Tapaway keeps the focus ring clear).
    package static let fieldMargin = 8.0
    /// The insets before the strategy changed them, while it has.
    private var savedInset: EdgeInsets?
    /// The numbers used last.
    package private(set) var numbers = AvoidanceNumbers(strategy: AvoidanceKind.insets.rawValue)

    /// Creates the strategy; it holds no state until a keyboard notification arrives.
    package init() {}

    /// Insets on will-show and will-change-frame, restores on will-hide.
    package func keyboard(_ change: KeyboardChange, in screen: FormViewController) {
        let device = screen.view.application?.deviceFrame ?? .zero
        switch change.phase {
        case .willShow: inset(screen, keyboard: change.end, duration: change.duration)
        case .willChangeFrame where change.endsOnScreen(of: device):
            inset(screen, keyboard: change.end, duration: change.duration)
        case .willHide: restore(screen)
        default: break
        }
    }

    /// Scrolls a newly focused field into view while the insets are set.
    package func editingDidBegin(in screen: FormViewController) {
        guard savedInset != nil else { return }
        scrollToEditingInput(screen, duration: 0.25)
    }

    /// Puts the insets back.
    package func restore(_ screen: FormViewController) {
        numbers = AvoidanceNumbers(strategy: AvoidanceKind.insets.rawValue)
        guard let saved = savedInset else { return }
        savedInset = nil
        screen.form.contentInset = saved
    }

    /// Sets the insets for the keyboard at `keyboard` and scrolls the field into view.
    private func inset(_ screen: FormViewController, keyboard: Rect, duration: Double) {
        // A screen without a scroll view has no insets to set.
        guard screen.formScrolls else { return }
        let form = screen.form
        let base = savedInset ?? form.contentInset
        if savedInset == nil { savedInset = base }
        let overlap = max(0, form.frameInScreen.maxY - keyboard.minY)
        // What the app sets: the overlap less the safe area the automatic adjustment adds itself
        // (`adjustedContentInset`), so the content ends on the keyboard, with no gap.
        let safeBottom = form.contentInsetAdjustmentBehavior == .automatic ? form.safeAreaInsets.bottom : 0
        let set = max(0, overlap - safeBottom)
        var inset = base
        inset.bottom = base.bottom + set
        form.contentInset = inset
        numbers.keyboard = screen.inDevice(keyboard)
        numbers.overlap = overlap
        numbers.contentInset = EdgeInsets(bottom: set)
        numbers.indicatorInset = EdgeInsets(bottom: set)
        numbers.shift = 0
        scrollToEditingInput(screen, duration: duration)
    }

    /// Scrolls the form so the field being edited shows above the keyboard.
    private func scrollToEditingInput(_ screen: FormViewController, duration: Double) {
        guard let input = screen.editingInput, input.isDescendant(of: screen.form) else { return }
        let form = screen.form
        let rect = input.convert(input.bounds, to: form.background)
        let adjusted = form.adjustedContentInset
        let visibleHeight = form.bounds.height - adjusted.bottom - max(0, adjusted.top)
        var y = form.contentOffset.y
        if rect.maxY + Self.fieldMargin > y + visibleHeight { y = rect.maxY + Self.fieldMargin - visibleHeight }
        if rect.minY - Self.fieldMargin < y { y = rect.minY - Self.fieldMargin }
        form.setContentOffset(Point(x: form.contentOffset.x, y: y), animated: duration > 0, duration: max(duration, 0.01))
    }
}
