import TapawayKit
import TapawayScreen

/// The `touches-began` screen: its `touchesBegan(_:with:)` ends editing.
///
/// ```swift
/// override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
///     view.endEditing(true)
///     // or: UIApplication.shared.sendAction(#selector(UIResponder.resignFirstResponder),
///     //                                     to: nil, from: nil, for: nil)
/// }
/// ```
@MainActor
package final class TouchesBeganViewController: FormViewController {
    /// What holds the form: `plain-view`, `scroll-view` or `table` (a scroll view that bounces
    /// vertically when its content fits).
    package var container = "scroll-view" {
        didSet {
            form.isPlainView = wantsPlainContainer || layout == .plain
            applyBounce()
        }
    }
    /// A plain-view container makes the form a plain view in every layout.
    package override var wantsPlainContainer: Bool { container == "plain-view" }
    /// A table bounces vertically even when its rows fit: Interface Builder gives every table view
    /// `alwaysBounceVertical="YES"` (all eleven table views of IQKeyboardManager's demo storyboards
    /// carry it, none of their seven scroll views do).
    ///
    /// So a drag on a short table begins, and `keyboardDismissMode` `.onDrag` dismisses there, where a
    /// plain scroll view's drag does nothing. For a table made in code this is inferred.
    package override var platformBouncesWhenContentFits: Bool { container == "table" }
    /// `endEditing(true)` (forces) rather than `sendAction(resignFirstResponder)` (asks).
    package var forcesResign = true

    /// Creates the screen showing `document` (nil: the shipped screens).
    package init(document: ScreenDocument? = nil) { super.init(technique: .touchesBegan, document: document) }

    /// The form is a plain view or a scroll view, as the container option says.
    package override func viewDidLoad() {
        super.viewDidLoad()
        form.isPlainView = wantsPlainContainer || layout == .plain
    }

    /// The override: touches that reached the controller up the responder chain end editing.
    package override func touchesBegan(_ touches: [Touch], with event: Event) {
        guard let focused = editingInput else {
            report(.none, "touchesBegan with nothing focused", touches: touches)
            return
        }
        if forcesResign {
            report(.resign, "touchesBegan reached the view controller: view.endEditing(true)", touches: touches)
            _ = view.endEditing(true)
        } else if focused.canResignFirstResponder {
            report(.resign, "touchesBegan reached the view controller: sendAction(resignFirstResponder)", touches: touches)
            focused.resignFirstResponder()
        } else {
            report(
                .keep, "touchesBegan sent resignFirstResponder, and \(focused.traceName ?? "the field") refused", touches: touches
            )
        }
    }
}
