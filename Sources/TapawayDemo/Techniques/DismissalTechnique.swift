import TapawayKit
import TapawayScreen

/// One way an app dismisses the keyboard when the user touches outside the field being edited,
/// with everything Tapaway needs to know to show it: who it is, how to build its screen, what
/// it lets the tester change, and what to try with it.
///
/// A technique lives in a folder of its own under `Techniques/` (the technique, its screen,
/// any window class it needs) and is listed once in `Techniques.all`. The sidebar, the
/// techniques list, the overlays, the help card, `tapaway list`, `compare`, `matrix`, the
/// settings and the command line all read it from there.
///
/// Its description (id, title, options, charter) can be read from any thread; what touches
/// views runs on the main actor.
package protocol DismissalTechnique: SendableMetatype {
    /// The id that names the technique in the trace, the command line and the screen file; never changes.
    static var id: TechniqueID { get }
    /// The name shown in the sidebar, the techniques list and the navigation bar.
    static var title: String { get }
    /// The toolkit it comes from.
    static var platform: TechniquePlatform { get }
    /// One line on how it works.
    static var summary: String { get }
    /// What the tester can change, in the sidebar, with `--set` and in the settings.
    static var options: [TechniqueOption] { get }
    /// The class the app's window must be (or descend from) for the technique to work: the
    /// app builds its one window from the most derived class any technique asks for.
    @MainActor static var windowClass: AppWindow.Type { get }
    /// Builds the technique's screen showing `document` (nil: the shipped screens), once; the
    /// app keeps it, with its typed text.
    @MainActor static func makeScreen(showing document: ScreenDocument?) -> FormViewController
    /// Sets up what the technique needs once per application (the keyboard manager's one
    /// line); the app keeps what it returns for as long as it runs.
    @MainActor static func setUp(in application: Application) -> AnyObject?
    /// The space the technique keeps between `focused` and the keypad, when it keeps one (the
    /// keypad overlay draws it).
    @MainActor static func keypadMargin(for focused: View) -> Double?
    /// The views that count as inside while `focused` is being edited, besides `focused`
    /// itself, and the order Prev / Next and Tab follow (the focus overlay draws both).
    @MainActor static func focusRegions(for focused: View?, in window: Window) -> FocusRegions
    /// What the technique does in each experiment of the exploration charter, in a line: the
    /// help card shows them for the technique on screen, and the README's charter lists them.
    static var charter: [Experiment: String] { get }
}

extension DismissalTechnique {
    /// No options of its own: the technique shows only the general ones.
    package static var options: [TechniqueOption] { [] }
    /// The plain app window.
    @MainActor package static var windowClass: AppWindow.Type { AppWindow.self }
    /// Nothing to set up.
    @MainActor package static func setUp(in application: Application) -> AnyObject? { nil }
    /// No margin kept: the keypad may sit right under the focused input.
    @MainActor package static func keypadMargin(for focused: View) -> Double? { nil }
    /// Nothing else inside; reading order.
    @MainActor package static func focusRegions(for focused: View?, in window: Window) -> FocusRegions {
        FocusRegions(inside: [], order: FocusNavigation.readingOrder(in: window))
    }
    /// The option with `id`, if the technique has one.
    package static func option(_ id: String) -> TechniqueOption? { options.first { $0.id == id } }
}

/// What counts as inside the focused input, and the order of the inputs.
@MainActor
package struct FocusRegions {
    /// Views other than the focused input that count as inside it.
    package var inside: [View]
    /// The text inputs in the order Prev / Next follow.
    package var order: [View]

    /// Regions with these views.
    package init(inside: [View], order: [View]) {
        self.inside = inside
        self.order = order
    }
}
