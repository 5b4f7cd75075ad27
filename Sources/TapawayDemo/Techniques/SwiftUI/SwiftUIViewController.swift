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
        /// `.never`: scrolling never dismisses the keyboard.
        case never
        /// `.immediately`: "Dismiss the keyboard as soon as scrolling starts."
        case immediately
        /// `.interactively`: the keyboard follows a scroll that crosses into it.
        case interactively
    }

    /// `.scrollDismissesKeyboard`: what a scroll does to the keyboard.
    ///
    /// `.automatic`, SwiftUI's default, unless set.
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

    /// Where the tap gesture that clears the focus state is.
    package enum GesturePlacement: String, Sendable {
        /// On a background behind the content: only the background's own area.
        case background
        /// `.onTapGesture` on the container of the fields (with `.contentShape(Rectangle())`):
        /// a child with a gesture of its own (a button, a toggle, a field, a row) wins its tap,
        /// a `Text` without one does not.
        case container
        /// `.simultaneousGesture(TapGesture())` on the container: it fires along with the
        /// child's own gesture.
        case simultaneous
    }

    /// Whether the gesture's action is the "hideKeyboard" extension,
    /// `UIApplication.shared.sendAction(#selector(UIResponder.resignFirstResponder), to: nil,
    /// from: nil, for: nil)`, rather than `focus = nil` (`resign-with`).
    package var sendsResignAction = false

    /// Where the tap gesture is (`tap-on`).
    package var gesturePlacement = GesturePlacement.background {
        didSet { backgroundTap.recognizesAlongWithViews = gesturePlacement == .simultaneous }
    }

    /// Creates the screen showing `document` (nil: the shipped screens).
    package init(document: ScreenDocument? = nil) { super.init(technique: .swiftUI, document: document) }

    /// `.scrollDismissesKeyboard` is this screen's own.
    package override var ownsKeyboardDismissMode: Bool { true }

    /// SwiftUI's `ScrollView` bounces by default whatever its content's size; iOS 16.4 added
    /// `.scrollBounceBehavior(.basedOnSize)` to make it bounce only when the content is larger.
    ///
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
            guard let self else { return false }
            let background = self.form.background
            switch self.gesturePlacement {
            case .background: return recognizer.touches.allSatisfy { $0.view === background }
            case .container: return !recognizer.touches.contains { $0.view.map(Self.hasOwnGesture) ?? false }
            case .simultaneous: return true
            }
        }
        backgroundTap.addAction { [weak self] recognizer in self?.backgroundTapped(recognizer) }
        backgroundTap.onStateChange = { [weak self] recognizer, state in
            guard state == .failed, let self, self.editingInput != nil else { return }
            let hit = recognizer.touches.first { $0.view !== self.form.background }?.view.map(Self.describe)
            let why: String
            switch self.gesturePlacement {
            case .background:
                why = hit.map { "\($0) takes the hit, in front of the background" } ?? (recognizer.failureReason ?? "no tap")
            case .container, .simultaneous:
                why =
                    hit.map { "\($0) has a gesture of its own, which takes precedence over the container's" }
                    ?? (recognizer.failureReason ?? "no tap")
            }
            self.report(.keep, "the \(self.gestureName) did not fire: \(why)", touches: recognizer.touches)
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

    /// The gesture's name in the inspector's words.
    private var gestureName: String {
        switch gesturePlacement {
        case .background: "background's tap gesture"
        case .container: "container's tap gesture"
        case .simultaneous: "container's simultaneous tap gesture"
        }
    }

    /// Whether `view` (or a view around it, inside the form) has a gesture of its own that takes
    /// precedence over its container's: a control (`Button`, `Toggle`), a text input, a row (a `List`
    /// row's button).
    ///
    /// A `Text` has none.
    private static func hasOwnGesture(_ view: View) -> Bool {
        var current: View? = view
        while let v = current {
            if v is Control || v is SuggestionRow || v is any TextInput { return true }
            current = v.superview
        }
        return false
    }

    private func backgroundTapped(_ recognizer: GestureRecognizer) {
        let place = gesturePlacement == .background ? "background" : "container"
        guard let focused = editingInput else {
            report(.none, "\(place) tapped with nothing focused", touches: recognizer.touches)
            return
        }
        let along =
            gesturePlacement == .simultaneous
            ? recognizer.touches.first?.view.map { " (simultaneously with \(Self.describe($0))'s own)" } ?? "" : ""
        let action =
            sendsResignAction
            ? "sendAction(resignFirstResponder) to the first responder, which a SwiftUI TextField cannot refuse"
            : "focus = nil"
        report(.resign, "\(place) tapped\(along): \(action)", touches: recognizer.touches)
        // Setting the focus state to nil ends editing; no delegate is asked.
        _ = focused.window?.transferFirstResponder(to: nil, force: true)
    }
}
