import TapawayScreen

/// Which shipped screen a technique's screen holds under the navigation bar (the general option
/// `layout`): each is a screen file shipped inside the program (`tapaway screen show NAME`).
package enum ScreenLayout: String, Sendable, CaseIterable {
    /// The standard form in a scroll view (`standard`; the default; the matrix plays on it).
    case form
    /// The same form in a plain view (`plain`): nothing scrolls, so avoidance must move or
    /// resize the screen itself.
    case plain
    /// A chat-like screen (`chat`): the form scrolls above a composer bar pinned to the bottom.
    case chat

    /// The shipped screen's name.
    package var screenName: String { self == .form ? "standard" : rawValue }

    /// The layout that shows the shipped screen `name`, if it is one.
    package init?(screenName: String) {
        self.init(rawValue: screenName == "standard" ? "form" : screenName)
    }

    /// The shipped screen, read once.
    package var document: ScreenDocument { Self.documents[self]! }

    /// The three shipped screens, read through the reader on first use.
    nonisolated(unsafe) private static let documents: [ScreenLayout: ScreenDocument] = {
        var result: [ScreenLayout: ScreenDocument] = [:]
        for layout in allCases {
            guard let document = ShippedScreens.document(layout.screenName) else {
                preconditionFailure("the shipped screen \(layout.screenName) does not read; ScreenFileTests says why")
            }
            result[layout] = document
        }
        return result
    }()
}
