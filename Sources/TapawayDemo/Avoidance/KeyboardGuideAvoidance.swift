import TapawayKit

/// `keyboard-guide`: the screen's content (the scroll view, and the composer under it in `layout=chat`)
/// has its bottom constrained to the top of `UIKeyboardLayoutGuide`.
///
/// The guide tracks the docked keyboard frame by frame as it slides; while the keyboard is away its top
/// is the bottom of the safe area (`usesBottomSafeArea`, the default). Nothing is scrolled by the guide
/// itself: once the keyboard is up, Tapaway scrolls the field being edited into view, as UIKit's text
/// inputs ask their scroll view to (inferred). iPad's floating keyboard is not followed:
/// `followsUndockedKeyboard` is false by default, and then, Apple documents, the guide's top is the
/// safe area's bottom while the keyboard is undocked.
///
/// `ime-insets` is the same arithmetic on Android: an edge-to-edge app padding its content by
/// the larger of `WindowInsets.ime` and the navigation bar's insets, which follow the
/// keyboard's slide frame by frame (`WindowInsetsAnimation`), with the focused field brought
/// into view as the scroll view shrinks.
@MainActor
package final class KeyboardGuideAvoidance: KeyboardAvoidance {
    /// The space kept between the field being edited and the guide when scrolling.
    package static let fieldMargin = 8.0
    /// The numbers used last.
    package private(set) var numbers: AvoidanceNumbers
    /// Whether the content is pinned to the guide (and must be given the screen back).
    private var pinned = false
    /// The strategy's kind: `keyboard-guide`, or `ime-insets` on an edge-to-edge Android app.
    package let kind: AvoidanceKind

    /// Creates the strategy as `kind` (`keyboard-guide` unless told), holding no state until a keyboard notification arrives.
    package init(kind: AvoidanceKind = .keyboardGuide) {
        self.kind = kind
        numbers = AvoidanceNumbers(strategy: kind.rawValue)
    }

    /// Scrolls the field into view once the keyboard is up.
    package func keyboard(_ change: KeyboardChange, in screen: FormViewController) {
        if change.phase == .didShow { scrollToEditingInput(screen) }
    }

    /// Scrolls a newly focused field into view.
    package func editingDidBegin(in screen: FormViewController) { scrollToEditingInput(screen) }

    /// Follows the keyboard: the content's bottom is the guide's top.
    package func keyboardDidMove(to frame: Rect, in screen: FormViewController) {
        let view = screen.view
        let top = view.frameInScreen
        let safeBottom = screen.safeAreaForAvoidance.bottom
        let floating = view.application?.keyboard.floats ?? false
        let guideTop = floating ? top.maxY - safeBottom : min(frame.minY, top.maxY - safeBottom)
        let height = max(0, guideTop - top.minY)
        pinned = true
        screen.layOutContent(in: Rect(x: 0, y: 0, width: view.bounds.width, height: height))
        let device = view.application?.deviceFrame ?? .zero
        let onScreen = frame.minY < device.maxY - 0.5
        numbers.keyboard = onScreen ? screen.inDevice(frame) : nil
        numbers.overlap = max(0, top.maxY - frame.minY)
        numbers.shift = max(0, view.bounds.height - height)
    }

    /// Gives the content the whole screen back.
    package func restore(_ screen: FormViewController) {
        numbers = AvoidanceNumbers(strategy: kind.rawValue)
        guard pinned else { return }
        pinned = false
        screen.layOutContent(in: screen.view.bounds)
    }

    /// Scrolls the form so the field being edited shows above the keyboard.
    private func scrollToEditingInput(_ screen: FormViewController) {
        guard screen.formScrolls, let input = screen.editingInput, input.isDescendant(of: screen.form) else { return }
        let rect = input.convert(input.bounds, to: screen.form.background)
        screen.form.scrollRectToVisible(rect, animated: true, margin: Self.fieldMargin)
    }
}
