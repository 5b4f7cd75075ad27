/// One key of the on-screen keypad, as data: what it does, what it shows, how wide it is, and
/// the accented alternates a long press offers.
public struct KeypadKey: Sendable, Hashable {
    /// What a key does.
    public enum Kind: Sendable, Hashable {
        /// Types its character (shifted letters type the capital).
        case character(String)
        /// Shift: once for one capital, twice quickly for caps lock.
        case shift
        /// Deletes before the caret; held, it repeats.
        case backspace
        /// Switches to another layer of keys.
        case layer(KeypadLayer)
        /// The space bar: types a space.
        case space
        /// The return key, labelled by the field's return key type.
        case returnKey
        /// Android's emoji key, which opens the emoji palette (not modelled: it types nothing).
        case emoji
        /// iPad's hide-keyboard key: it ends editing (the focused input resigns).
        case dismiss
    }

    /// The identifier used in traces and tests (`key-a`, `key-shift`, `key-0`…).
    public let id: String
    /// What the key does.
    public let kind: Kind
    /// The label drawn on the key.
    public let label: String
    /// The key's width in letter-key units; zero for a key that takes the space left (the space bar).
    public let units: Double
    /// What a long press offers instead (`é è ê …` on `e`); empty for none.
    public let alternates: [String]
    /// A second, smaller line under the label (the letters on the number pad's digits).
    public let subtitle: String?
    /// Whether the key is drawn in the accent colour (a return key that finishes something).
    public let isProminent: Bool
    /// What a screen reader calls a key drawn as an icon (Android's action key: `next`,
    /// `done`…), when it is not its label; nil for the usual names.
    public let spokenName: String?

    /// Creates a key of `kind` labelled `label`, `units` wide, with the given alternates.
    public init(
        id: String, kind: Kind, label: String, units: Double = 1, alternates: [String] = [],
        subtitle: String? = nil, isProminent: Bool = false, spokenName: String? = nil
    ) {
        self.id = id; self.kind = kind; self.label = label; self.units = units
        self.alternates = alternates; self.subtitle = subtitle; self.isProminent = isProminent
        self.spokenName = spokenName
    }

    /// Whether the key is drawn in the darker function-key colour.
    public var isFunctionKey: Bool {
        switch kind {
        case .character, .space: return false
        default: return true
        }
    }

    /// Whether a finger on the key types it when it lifts (characters, space and return), so a
    /// finger can slide onto it from another key.
    public var typesOnRelease: Bool {
        switch kind {
        case .character, .space, .returnKey, .emoji, .dismiss: return true
        case .shift, .backspace, .layer: return false
        }
    }

    /// What a screen reader calls the key, given the label it shows now (shift applied): the
    /// label, or a word for keys drawn as symbols.
    public func accessibleName(showing shown: String) -> String {
        if let spokenName { return spokenName }
        switch kind {
        case .shift: return "shift"
        case .backspace: return "delete"
        case .space: return "space"
        case .character, .layer, .returnKey: return shown
        case .emoji: return "emoji"
        case .dismiss: return "hide keyboard"
        }
    }

    /// The character the key types, if it types one.
    public var character: String? {
        if case .character(let c) = kind { return c }
        return nil
    }

    /// A character key, identified by a readable name (`key-a`, `key-0`, `key-period`), with the
    /// alternates iOS offers for it.
    public static func character(_ c: String, units: Double = 1) -> KeypadKey {
        KeypadKey(
            id: "key-" + readableName(c), kind: .character(c), label: c, units: units,
            alternates: KeypadAlternates.alternates(for: c))
    }

    /// The readable name of a character for key identifiers: letters and digits stand for
    /// themselves, everything else has a name (`period`, `at`, `dot-com`…).
    public static func readableName(_ c: String) -> String {
        names[c] ?? c.lowercased()
    }

    private static let names: [String: String] = [
        "-": "minus", "/": "slash", ":": "colon", ";": "semicolon", "(": "paren-left", ")": "paren-right",
        "$": "dollar", "&": "ampersand", "@": "at", "\"": "quote", ".": "period", ",": "comma",
        "?": "question", "!": "exclamation", "'": "apostrophe", "[": "bracket-left", "]": "bracket-right",
        "{": "brace-left", "}": "brace-right", "#": "hash", "%": "percent", "^": "caret", "*": "asterisk",
        "+": "plus", "=": "equals", "_": "underscore", "\\": "backslash", "|": "bar", "~": "tilde",
        "<": "less", ">": "greater", "€": "euro", "£": "pound", "¥": "yen", "•": "bullet", ".com": "dot-com",
        "`": "grave",
    ]
}

/// The layers a keypad can show.
public enum KeypadLayer: String, Sendable, Hashable, CaseIterable {
    /// Letters, the layer a keypad shows first.
    case letters
    /// Digits and common punctuation (the `123` key).
    case numbers
    /// More symbols (the `#+=` key).
    case symbols
    /// A telephone-style number pad.
    case numberPad
}

/// The shift key's three states.
public enum ShiftState: String, Sendable {
    /// Lower case: letters type as they are labelled.
    case off
    /// The next letter is a capital, then shift releases.
    case once
    /// Caps lock: capitals until shift is tapped again.
    case locked
}
