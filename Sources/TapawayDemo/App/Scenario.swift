/// A dismissal technique the app can show, by its stable id.
public enum Scenario: String, CaseIterable, Sendable {
    /// The window subclass whose `sendEvent` resigns the first responder.
    case sendEvent = "send-event"

    /// The human title.
    public var title: String {
        switch self {
        case .sendEvent: return "Window sendEvent"
        }
    }

    /// The ids, comma-separated, for help and error messages.
    public static var allIDs: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
