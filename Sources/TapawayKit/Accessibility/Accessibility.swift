/// What an accessible element is, as a screen reader names it: the Kit's words for the roles assistive
/// technologies know (AT-SPI's, UIKit's traits, Android's class names).
///
/// A backend maps them to its platform's (`TapawayAccessibility` to AT-SPI's role numbers).
public enum AccessibilityRole: String, Sendable, CaseIterable {
    /// A group of elements with no meaning of its own (a window of the program).
    case panel
    /// A button that acts when pressed.
    case pushButton
    /// A button that stays on or off (a switch, an option).
    case toggleButton
    /// One of several choices, of which one is on.
    case radioButton
    /// A single-line text input.
    case textField
    /// A single-line text input whose text is secret: only bullets are exposed.
    case passwordText
    /// A multi-line text input.
    case textView
    /// Text that cannot be edited.
    case label
    /// A list of items.
    case list
    /// One item of a list.
    case listItem
    /// A bar of controls (a navigation bar, a keyboard's toolbar).
    case toolBar
    /// A scroll view, whose content may lie outside it.
    case scrollPane
}

/// The states an element reports beyond those every element has (shown, enabled), as AT-SPI's
/// state set and UIKit's traits carry them.
public struct AccessibilityTraits: OptionSet, Sendable, Hashable {
    /// The traits as bits, one per trait.
    public let rawValue: Int
    /// Traits from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// It can be on or off.
    public static let checkable = AccessibilityTraits(rawValue: 1 << 0)
    /// It is on: a switch that is on, or a chosen segment.
    public static let checked = AccessibilityTraits(rawValue: 1 << 1)
    /// It can be chosen among others.
    public static let selectable = AccessibilityTraits(rawValue: 1 << 2)
    /// It is the one chosen.
    public static let selected = AccessibilityTraits(rawValue: 1 << 3)
    /// Its text can be edited.
    public static let editable = AccessibilityTraits(rawValue: 1 << 4)
    /// It can take the keyboard's focus.
    public static let focusable = AccessibilityTraits(rawValue: 1 << 5)
    /// It has the keyboard's focus.
    public static let focused = AccessibilityTraits(rawValue: 1 << 6)
    /// Its text has several lines.
    public static let multiLine = AccessibilityTraits(rawValue: 1 << 7)
    /// Its text has one line.
    public static let singleLine = AccessibilityTraits(rawValue: 1 << 8)
    /// A finger is on it now.
    public static let pressed = AccessibilityTraits(rawValue: 1 << 9)
    /// It does nothing now (a disabled control).
    public static let disabled = AccessibilityTraits(rawValue: 1 << 10)
}

/// The text an element exposes, with its caret and selection, in Unicode scalars (what AT-SPI counts as
/// characters).
///
/// A secure input exposes one bullet per character, never its text.
public struct AccessibleText: Equatable, Sendable {
    /// The text (bullets for a secure input).
    public var text: String
    /// The caret, in scalars from the start.
    public var caret: Int
    /// The selection, in scalars; empty when nothing is selected.
    public var selection: Range<Int>

    /// Text with its caret and selection.
    public init(text: String, caret: Int, selection: Range<Int>) {
        self.text = text
        self.caret = caret
        self.selection = selection
    }

    /// What `text`, edited with the caret and selection at `caret` and `selection` (in
    /// characters, as the Kit's text inputs count), exposes: bullets when `secret`.
    public init(editing text: String, caret: Int, selection: Range<Int>, secret: Bool) {
        if secret {
            let count = text.count
            self.init(
                text: String(repeating: "\u{2022}", count: count), caret: min(caret, count),
                selection: min(selection.lowerBound, count)..<min(selection.upperBound, count))
            return
        }
        func scalars(before characters: Int) -> Int {
            text.prefix(max(0, characters)).unicodeScalars.count
        }
        self.init(
            text: text, caret: scalars(before: caret),
            selection: scalars(before: selection.lowerBound)..<scalars(before: selection.upperBound))
    }
}

/// One screen reader's activation of an element (a double tap with VoiceOver or TalkBack, an AT-SPI
/// action), as its observers and the trace hear of it: which element, what it was asked and whether it
/// acted.
///
/// It is not a touch.
public struct AccessibilityActivation: Sendable, Equatable {
    /// The element's `identifier`, if it has one.
    public var identifier: String?
    /// The element's role, if it has one.
    public var role: AccessibilityRole?
    /// The action's name (`press`, `activate`, `toggle`, `select`).
    public var action: String
    /// Whether the element did something.
    public var handled: Bool

    /// An activation of the element `identifier` of `role`, by `action`, `handled` or not.
    public init(identifier: String?, role: AccessibilityRole?, action: String, handled: Bool) {
        self.identifier = identifier
        self.role = role
        self.action = action
        self.handled = handled
    }
}
