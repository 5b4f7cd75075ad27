import TapawayKit
import TapawayScreen

extension TechniqueID {
    /// Only the wiring a screen file declares.
    package static let asWritten = TechniqueID("as-written")
}

/// `as-written`: the screen as its file wires it, nothing added: its recognizers, its controls'
/// actions, its tap regions and what Return does, as the app's own code would, on its platform's scroll
/// views.
///
/// Offered only on a screen whose file declares wiring that ends editing, or whose React Native scroll
/// views blur (`ScreenWiring.declaresDismissal`); it is not in the registry's list, so the matrix and
/// the README's tables do not have it.
enum AsWrittenTechnique: DismissalTechnique {
    static let id = TechniqueID.asWritten
    static let title = "As written"
    static let platform = TechniquePlatform.screenFile
    static let summary =
        "Only the wiring the screen file declares (recognizers, control actions, tap regions, Return), on its platform's toolkit; nothing added."

    @MainActor static func makeScreen(showing document: ScreenDocument?) -> FormViewController {
        AsWrittenViewController(document: document)
    }

    static let charter: [Experiment: String] = [
        .submit: "A control acts as its file's actions say; a recognizer over it may take its tap.",
        .row: "The row selects unless a recognizer the file declares takes its touch (cancelsTouchesInView).",
        .pinnedFinger: "A declared tap recognizer sees two fingers and does not recognise.",
        .drag: "A drag is no tap; a declared pan recognizer sees it.",
        .navigationBar: "The bar is outside the screen's views: nothing declared there.",
        .returnKey: "Return does what the field's returnAction or its Did End On Exit action says.",
        .otherField: "Focus moves in one step unless a declared recognizer ends editing first.",
        .pinch: "A declared tap recognizer sees two fingers and does not recognise.",
        .switchOrCaption: "The switch acts; a tap on the caption reaches the recognizers the file declares behind it.",
        .refusingField:
            "Whatever the file declares: an end-editing action forces the field out, a resign asks and the delegate keeps it.",
        .toolbarDone: "No toolbar (n/a): the screen file has no way to declare an input accessory yet.",
    ]
}

/// The `as-written` screen: the file's wiring, all of it, on the toolkit of the file's `platform`.
///
/// What that toolkit does by itself comes with it: a React Native file's scroll views blur the focused
/// input as `keyboardShouldPersistTaps` says (`never` by default), and the scroll views of SwiftUI,
/// Flutter and React Native take a drag even when their content fits.
@MainActor
package final class AsWrittenViewController: FormViewController {
    /// React Native's scroll views' responder handlers, on a file written for React Native.
    private var reactNative: ReactNativeScrollResponder?

    /// Creates the screen showing `document` (nil: the shipped screens, which declare none).
    package init(document: ScreenDocument? = nil) {
        super.init(technique: .asWritten, document: document)
        if let document, document.platform == .reactNative {
            // The root is a React Native ScrollView only when the file's root scrolls.
            let root = document.content
            let rootValue =
                root.kind.scrolls && root.scroll?.scrolls != false
                ? ReactNativeScrollResponder.PersistTaps(rawValue: root.scroll?.keyboardShouldPersistTaps ?? "never")
                : nil
            reactNative = ReactNativeScrollResponder(screen: self, rootPersistTaps: rootValue)
        }
    }

    /// As the file's platform's scroll views do: SwiftUI's, Flutter's (a primary scroll view)
    /// and React Native's (`alwaysBounceVertical` true for a vertical one) take a drag when their
    /// content fits; UIKit's and Android's do not.
    package override var platformBouncesWhenContentFits: Bool {
        switch chosenDocument?.platform {
        case .swiftui?, .flutter?, .reactNative?: true
        default: false
        }
    }

    /// On a SwiftUI or Flutter file, texts take hits, as a SwiftUI `Text` does and as Flutter's
    /// `Text` is taken to (inferred: its `RenderParagraph` answers hit tests so that a span's
    /// recognizer can act), where a `UILabel` or an Android `TextView` does not.
    package override func viewDidLoad() {
        super.viewDidLoad()
        guard chosenDocument?.platform == .swiftui || chosenDocument?.platform == .flutter else { return }
        for label in form.labels { label.isUserInteractionEnabled = true }
    }

    /// React Native's scroll views see the touch before it is delivered.
    package override func willDeliver(_ event: Event, in window: AppWindow) {
        reactNative?.willDeliver(event, in: window)
    }
}
