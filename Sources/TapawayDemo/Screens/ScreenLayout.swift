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

    /// The text inputs `--focus` may name on the shipped screens, in the order `--focus`'s
    /// error lists them: every one that `TapawayApp.focusableIdentifiers` offers under some
    /// layout (the form's fields, and the chat's `message`).
    ///
    /// Known before any screen is read, so the options are checked without reading one.
    package static let focusableIdentifiers = ["name", "email", "password", "phone", "notes", "message"]

    /// The layout that shows the shipped screen `name`, if it is one.
    package init?(screenName: String) {
        self.init(rawValue: screenName == "standard" ? "form" : screenName)
    }

    /// The shipped screen, read through the reader the first time it is asked for: a start on
    /// the standard form reads only `standard`.
    package var document: ScreenDocument {
        switch self {
        case .form: return Self.standardDocument
        case .plain: return Self.plainDocument
        case .chat: return Self.chatDocument
        }
    }

    private static let standardDocument = read(.form)
    private static let plainDocument = read(.plain)
    private static let chatDocument = read(.chat)

    private static func read(_ layout: ScreenLayout) -> ScreenDocument {
        guard let document = ShippedScreens.document(layout.screenName) else {
            preconditionFailure("the shipped screen \(layout.screenName) does not read; ScreenReaderTests says why")
        }
        return document
    }
}
