/// Modifier keys held during a key or pointer event.
public struct KeyModifiers: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: Int
    /// Creates modifiers from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Shift.
    public static let shift = KeyModifiers(rawValue: 1)
    /// Control.
    public static let control = KeyModifiers(rawValue: 2)
    /// Alt (Mod1).
    public static let alt = KeyModifiers(rawValue: 4)
}

/// A key press from the physical keyboard, already translated by the platform's input method.
public struct KeyInput: Sendable, Hashable {
    /// Which key.
    public enum Key: Sendable, Hashable {
        /// Text produced by the key (after the input method): insert it.
        case text(String)
        /// Backspace: delete before the caret.
        case backspace
        /// Delete: delete after the caret.
        case delete
        /// Return or Enter.
        case returnKey
        /// Tab.
        case tab
        /// Escape.
        case escape
        /// Arrow left.
        case left
        /// Arrow right.
        case right
        /// Arrow up.
        case up
        /// Arrow down.
        case down
        /// Home.
        case home
        /// End.
        case end
        /// A function key, F1…F12.
        case function(Int)
        /// Any other key, by its platform name.
        case other(String)
    }
    /// The key.
    public var key: Key
    /// The modifiers held.
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
