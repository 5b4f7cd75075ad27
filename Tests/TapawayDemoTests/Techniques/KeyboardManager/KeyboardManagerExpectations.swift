import TapawayDemo

extension TechniqueExpectations {
    /// `keyboard-manager`, Tapaway's IQKeyboardManager (resign on touch outside): its cells as
    /// IQKeyboardManager's source and issues show it (`docs/techniques.md`).
    static let keyboardManager = TechniqueExpectations(
        .keyboardManager,
        // UIKit's `alwaysBounceVertical`: "The default value is false".
        bouncesWhenContentFits: false,
        // IQKeyboardManager's recognizer never receives a touch on a control (the held field is
        // one), so case 8 is a one-finger tap on the background. Case 12: its
        // `shouldRecognizeSimultaneouslyWith` is `return false`, and a table cell's content view is
        // neither a UIControl nor a UINavigationBar, so its quick tap wins over the table's
        // selection: "If I press it longer/more firmly tableView delegate didSelect method gets
        // triggered" (issue #1041), a quick tap does not select.
        defaults: "– | R↑ | K | M | K ✓ | R↑ | T | R↺ | ⏎ R↑ | K ✓ | K | R↑ ✗ | K | K | R↑ | K")
}
