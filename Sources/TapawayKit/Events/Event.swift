/// Modifier keys held during a key or pointer event.
public struct KeyModifiers: OptionSet, Sendable, Hashable {
    /// The modifiers as bits: shift 1, control 2, alt 4.
    public let rawValue: Int
    /// Creates modifiers from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Either Shift key: extends a selection with the arrows.
    public static let shift = KeyModifiers(rawValue: 1)
    /// Either Control key: word-wise moves, Home and End of the whole text, and the clipboard shortcuts.
    public static let control = KeyModifiers(rawValue: 2)
    /// Alt (X's Mod1); with it held, Tab does not move focus.
    public static let alt = KeyModifiers(rawValue: 4)
}

/// A key press from the physical keyboard, already translated by the platform's input method.
public struct KeyInput: Sendable, Hashable {
    /// The key that was pressed, after the input method has turned it into text or an action.
    public enum Key: Sendable, Hashable {
        /// Text produced by the key (after the input method): insert it.
        case text(String)
        /// Backspace: delete before the caret.
        case backspace
        /// Delete: delete after the caret.
        case delete
        /// Return or Enter: the field's return key action, or a new line in a text view.
        case returnKey
        /// Tab: focus moves to the next text input in reading order (Shift+Tab: the previous one).
        case tab
        /// Escape: the focused input resigns, which dismisses the keypad.
        case escape
        /// The left arrow: moves the caret one character left on screen, whatever the text's direction.
        case left
        /// The right arrow: moves the caret one character right on screen, whatever the text's direction.
        case right
        /// The up arrow: moves the caret to the line above in a text view.
        case up
        /// The down arrow: moves the caret to the line below in a text view.
        case down
        /// Home: moves the caret to the start of the line (with Control, of the text).
        case home
        /// End: moves the caret to the end of the line (with Control, of the text).
        case end
        /// A function key, F1…F12.
        case function(Int)
        /// Any other key, by its platform name.
        case other(String)
    }
    /// The key pressed, as the input method translated it.
    public var key: Key
    /// The modifier keys held down when the key was pressed.
    public var modifiers: KeyModifiers
    /// Creates a key press.
    public init(_ key: Key, modifiers: KeyModifiers = []) { self.key = key; self.modifiers = modifiers }
}

/// What an event carries.
public enum EventType: String, Sendable {
    /// Touches: every finger that is down, with its phase.
    case touches
    /// A key press from the physical keyboard.
    case key
    /// A scroll wheel or touchpad scroll.
    case scroll
}

/// One input event, as delivered to `Window.sendEvent(_:)`.
@MainActor
public final class Event {
    /// What the event carries.
    public let type: EventType
    /// When it happened, in seconds.
    public let timestamp: Double
    /// Every touch that is down (stationary ones included) or that changed in this event.
    public let allTouches: [Touch]
    /// The key press, for `.key` events.
    public let keyInput: KeyInput?
    /// The scroll amount in pixels, for `.scroll` events (positive `dy` scrolls content up).
    public let scrollDelta: Point
    /// Where the scroll happened, in screen coordinates, for `.scroll` events.
    public let scrollLocation: Point

    /// Creates a touch event.
    public init(touches: [Touch], timestamp: Double) {
        type = .touches; self.timestamp = timestamp; allTouches = touches
        keyInput = nil; scrollDelta = .zero; scrollLocation = .zero
    }
    /// Creates a key event.
    public init(key: KeyInput, timestamp: Double) {
        type = .key; self.timestamp = timestamp; allTouches = []
        keyInput = key; scrollDelta = .zero; scrollLocation = .zero
    }
    /// Creates a scroll event.
    public init(scroll delta: Point, at location: Point, timestamp: Double) {
        type = .scroll; self.timestamp = timestamp; allTouches = []
        keyInput = nil; scrollDelta = delta; scrollLocation = location
    }

    /// The touches that belong to `window` (began in it).
    public func touches(for window: Window) -> [Touch] {
        allTouches.filter { $0.window === window }
    }
    /// The touches whose view is `view`.
    public func touches(for view: View) -> [Touch] {
        allTouches.filter { $0.view === view }
    }
}
