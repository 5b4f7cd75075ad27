import TapawayKit
import TapawayScreen

extension TechniqueID {
    /// Only the wiring a screen file declares.
    package static let asWritten = TechniqueID("as-written")
}

/// `as-written`: the screen as its file wires it, nothing added: its recognizers, its controls'
/// actions and what Return does, as the app's own code would. Offered only on a screen whose file
/// declares wiring that ends editing (`ScreenWiring.declaresDismissal`); it is not in the
/// registry's list, so the matrix and the README's tables do not have it.
enum AsWrittenTechnique: DismissalTechnique {
    static let id = TechniqueID.asWritten
    static let title = "As written"
    static let platform = TechniquePlatform.screenFile
    static let summary = "Only the wiring the screen file declares: its recognizers, control actions and Return; nothing added."

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

/// The `as-written` screen: the file's wiring, all of it.
@MainActor
package final class AsWrittenViewController: FormViewController {
    /// Creates the screen showing `document` (nil: the shipped screens, which declare none).
    package init(document: ScreenDocument? = nil) { super.init(technique: .asWritten, document: document) }
}
