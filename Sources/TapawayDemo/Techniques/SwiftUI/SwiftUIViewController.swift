import TapawayKit
import TapawayScreen

/// The `swiftui` screen: the form's texts take hits as SwiftUI's `Text` does, and the background
/// behind them carries the tap gesture.
///
/// ```swift
/// @FocusState private var focus: Field?
/// var body: some View {
///     ZStack {
///         Color(.systemGroupedBackground)
///             .onTapGesture { focus = nil }
///         ScrollView { fields… }     // or List (`container=list`)
///             // .scrollDismissesKeyboard(.automatic), the default
///     }
/// }
/// ```
@MainActor
package final class SwiftUIViewController: FormViewController {
    /// The modes of `.scrollDismissesKeyboard`.
    package enum ScrollDismisses: String, Sendable {
        /// `.automatic`, the environment's default: "By default, a TextEditor is interactive
        /// while a List of scrollable content always dismiss the keyboard on a scroll, when
        /// linked against iOS 16 or later" (`ScrollDismissesKeyboardMode.automatic`).
        case automatic
        /// `.never`.
        case never
        /// `.immediately`: "Dismiss the keyboard as soon as scrolling starts."
        case immediately
        /// `.interactively`: the keyboard follows a scroll that crosses into it.
        case interactively
    }

    /// `.scrollDismissesKeyboard`: what a scroll does to the keyboard. `.automatic`, SwiftUI's
    /// default, unless set.
    package var scrollDismisses = ScrollDismisses.automatic { didSet { form.keyboardDismissMode = scrollDismissMode } }
    /// Whether the form is a `List` rather than a `ScrollView`: it changes what `.automatic`
    /// means, nothing else (Tapaway's form keeps its rows and hit testing).
    package var isList = false { didSet { form.keyboardDismissMode = scrollDismissMode } }

    /// The UIKit mode the form plays: `.automatic` is `.immediately` for a `List` (documented)
    /// and `.never` for a `ScrollView` (the documentation names only `List` and `TextEditor`:
    /// inferred).
    package var scrollDismissMode: KeyboardDismissMode {
        switch scrollDismisses {
        case .automatic: isList ? .onDrag : .none
        case .never: .none
        case .immediately: .onDrag
        case .interactively: .interactive
        }
    }
    private let backgroundTap = TapGestureRecognizer()

    /// Creates the screen showing `document` (nil: the shipped screens).
    package init(document: ScreenDocument? = nil) { super.init(technique: .swiftUI, document: document) }

    /// `.scrollDismissesKeyboard` is this screen's own.
    package override var ownsKeyboardDismissMode: Bool { true }

    /// SwiftUI's `ScrollView` bounces by default whatever its content's size; iOS 16.4 added
    /// `.scrollBounceBehavior(.basedOnSize)` to make it bounce only when the content is larger.
    /// Inferred from that modifier's documentation; not observed on a device here.
    package override var platformBouncesWhenContentFits: Bool { true }

    /// Texts take hits; the background gets `.onTapGesture`.
    package override func viewDidLoad() {
        super.viewDidLoad()
        // SwiftUI's `Text` takes hits, where a `UILabel` does not.
        for label in form.labels { label.isUserInteractionEnabled = true }
        backgroundTap.identifier = "background-tap"
        backgroundTap.cancelsTouchesInView = false
        // The gesture belongs to the background: a touch that hit a view in front is not its.
        backgroundTap.shouldBegin = { [weak self] recognizer in
            guard let background = self?.form.background else { return false }
            return recognizer.touches.allSatisfy { $0.view === background }
        }
        backgroundTap.addAction { [weak self] recognizer in self?.backgroundTapped(recognizer) }
        backgroundTap.onStateChange = { [weak self] recognizer, state in
            guard state == .failed, let self, self.editingInput != nil else { return }
            let hit = recognizer.touches.first { $0.view !== self.form.background }?.view.map(Self.describe)
            let why =
                hit.map { "\($0) takes the hit, in front of the background" } ?? (recognizer.failureReason ?? "no tap")
            self.report(.keep, "the background's tap gesture did not fire: \(why)", touches: recognizer.touches)
        }
        form.background.addGestureRecognizer(backgroundTap)
        form.keyboardDismissMode = scrollDismissMode
    }

    /// A view named for the inspector: its identifier, or a text by its words with the name the
    /// trace's touch line gives it (the nearest identified view around it), so that the two
    /// lines agree on what was hit.
    private static func describe(_ view: View) -> String {
        if let id = view.identifier { return id }
        if let label = view as? Label {
            return "the text “\(label.text)”" + (view.traceName.map { " (traced as \($0): it has no id of its own)" } ?? "")
        }
        return view.traceName.map { "a view in \($0)" } ?? "a view"
    }

    private func backgroundTapped(_ recognizer: GestureRecognizer) {
        guard let focused = editingInput else {
            report(.none, "background tapped with nothing focused", touches: recognizer.touches)
            return
        }
        report(.resign, "background tapped: focus = nil", touches: recognizer.touches)
        // Setting the focus state to nil ends editing; no delegate is asked.
        _ = focused.window?.transferFirstResponder(to: nil, force: true)
    }
}
