/// A dismissal technique the app can show, by its stable id.
public enum Scenario: String, CaseIterable, Sendable {
    /// The window subclass whose `sendEvent` resigns the first responder.
    case sendEvent = "send-event"
    /// A tap recognizer added to the root view while the keypad shows.
    case tapGesture = "tap-gesture"
    /// Return ends editing; the background is a control whose touch-up-inside resigns; the
    /// scroll view makes room for the keypad.
    case backgroundControl = "background-control"
    /// The one-line keyboard manager (after IQKeyboardManager): resign on touch outside without
    /// eating the tap, a Prev / Next / Done toolbar, automatic scrolling, Return to the next field.
    case keyboardManager = "keyboard-manager"

    /// The human title.
    public var title: String {
        switch self {
        case .sendEvent: return "Window sendEvent"
        case .tapGesture: return "Tap gesture"
        case .backgroundControl: return "Background control"
        case .keyboardManager: return "Keyboard manager"
        }
    }

    /// One line on how the technique works.
    public var summary: String {
        switch self {
        case .sendEvent: return "A window subclass resigns before delivering a new touch outside."
        case .tapGesture: return "A tap recognizer on the root view, added while the keypad shows."
        case .backgroundControl: return "The background is a control; Return ends editing."
        case .keyboardManager: return "One line: toolbar, scrolling, resign on touch outside."
        }
    }

    /// The ids, comma-separated, for help and error messages.
    public static var allIDs: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
