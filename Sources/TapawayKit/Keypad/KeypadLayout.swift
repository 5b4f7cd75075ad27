/// One key of the on-screen keypad, as data.
public struct KeypadKey: Sendable, Hashable {
    /// What a key does.
    public enum Kind: Sendable, Hashable {
        /// Types its character (shifted letters type the capital).
        case character(String)
        /// Shift: once for one capital, twice quickly for caps lock.
        case shift
        /// Deletes before the caret.
        case backspace
        /// Switches to another layer of keys.
        case layer(KeypadLayer)
        /// Types a space.
        case space
        /// The return key, labelled by the field's return key type.
        case returnKey
    }

    /// The identifier used in traces and tests (`key-a`, `key-shift`, `key-0`…).
    public let id: String
    /// What the key does.
    public let kind: Kind
    /// The label drawn on the key.
    public let label: String
    /// The key's width in letter-key units; zero for a key that takes the space left (the space bar).
    public let units: Double

    /// Creates a key.
    public init(id: String, kind: Kind, label: String, units: Double = 1) {
        self.id = id; self.kind = kind; self.label = label; self.units = units
    }

    /// Whether the key is drawn in the darker function-key colour.
    public var isFunctionKey: Bool {
        switch kind {
        case .character, .space: return false
        default: return true
        }
    }

    /// A character key, identified by a readable name (`key-a`, `key-0`, `key-period`).
    public static func character(_ c: String) -> KeypadKey {
        KeypadKey(id: "key-" + readableName(c), kind: .character(c), label: c)
    }

    /// The readable name of a character for key identifiers.
    public static func readableName(_ c: String) -> String {
        let names: [String: String] = [
            "-": "minus", "/": "slash", ":": "colon", ";": "semicolon", "(": "paren-left", ")": "paren-right",
            "$": "dollar", "&": "ampersand", "@": "at", "\"": "quote", ".": "period", ",": "comma",
            "?": "question", "!": "exclamation", "'": "apostrophe", "[": "bracket-left", "]": "bracket-right",
            "{": "brace-left", "}": "brace-right", "#": "hash", "%": "percent", "^": "caret", "*": "asterisk",
            "+": "plus", "=": "equals", "_": "underscore", "\\": "backslash", "|": "bar", "~": "tilde",
            "<": "less", ">": "greater", "€": "euro", "£": "pound", "¥": "yen", "•": "bullet",
        ]
        return names[c] ?? c.lowercased()
    }
}

/// The layers a keypad can show.
public enum KeypadLayer: String, Sendable, Hashable {
    /// Letters.
    case letters
    /// Digits and common punctuation (the `123` key).
    case numbers
    /// More symbols (the `#+=` key).
    case symbols
    /// A telephone-style number pad.
    case numberPad
}

/// Rows of keys for one layer and keyboard type: the keypad's look is data, not drawing code.
public struct KeypadLayout: Sendable, Hashable {
    /// The rows, top to bottom.
    public let rows: [[KeypadKey]]
    /// The layer.
    public let layer: KeypadLayer

    /// The layout for a layer, keyboard type and return key label.
    public static func make(layer: KeypadLayer, keyboardType: KeyboardType, returnTitle: String) -> KeypadLayout {
        let returnKey = KeypadKey(id: "key-return", kind: .returnKey, label: returnTitle, units: 2.3)
        let backspace = KeypadKey(id: "key-backspace", kind: .backspace, label: "", units: 1.35)
        let space = KeypadKey(id: "key-space", kind: .space, label: "space", units: 0)
        func chars(_ s: String) -> [KeypadKey] { s.map { KeypadKey.character(String($0)) } }
        var bottom: [KeypadKey]
        switch layer {
        case .letters:
            bottom = [KeypadKey(id: "key-123", kind: .layer(.numbers), label: "123", units: 2.3)]
        case .numbers, .symbols:
            bottom = [KeypadKey(id: "key-abc", kind: .layer(.letters), label: "ABC", units: 2.3)]
        case .numberPad:
            return KeypadLayout(rows: [
                chars("123"), chars("456"), chars("789"),
                [KeypadKey.character("0"), KeypadKey(id: "key-backspace", kind: .backspace, label: "", units: 1)],
            ], layer: .numberPad)
        }
        if keyboardType == .emailAddress {
            bottom += [space, KeypadKey.character("@"), KeypadKey.character("."), returnKey]
        } else {
            bottom += [space, returnKey]
        }
        switch layer {
        case .letters:
            return KeypadLayout(rows: [
                chars("qwertyuiop"), chars("asdfghjkl"),
                [KeypadKey(id: "key-shift", kind: .shift, label: "", units: 1.35)] + chars("zxcvbnm") + [backspace],
                bottom,
            ], layer: layer)
        case .numbers:
            return KeypadLayout(rows: [
                chars("1234567890"), chars("-/:;()$&@\""),
                [KeypadKey(id: "key-symbols", kind: .layer(.symbols), label: "#+=", units: 1.35)] + chars(".,?!'") + [backspace],
                bottom,
            ], layer: layer)
        case .symbols:
            return KeypadLayout(rows: [
                chars("[]{}#%^*+="), chars("_\\|~<>€£¥•"),
                [KeypadKey(id: "key-123", kind: .layer(.numbers), label: "123", units: 1.35)] + chars(".,?!'") + [backspace],
                bottom,
            ], layer: layer)
        case .numberPad:
            fatalError("handled above")
        }
    }

    /// Frames for every key in a keypad of `width`, with iOS's spacing: keys `keyHeight` tall,
    /// `gap` apart, rows `rowGap` apart, `inset` from the tray's edges. A row whose first and last
    /// keys are function keys pins them to the edges and centres the keys between.
    public func frames(width: Double, keyHeight: Double = 42, gap: Double = 6, rowGap: Double = 11,
                       inset: EdgeInsets = EdgeInsets(top: 8, left: 3, bottom: 8, right: 3)) -> [(KeypadKey, Rect)] {
        var result: [(KeypadKey, Rect)] = []
        let usable = width - inset.left - inset.right
        if layer == .numberPad {
            let rowHeight = (4 * keyHeight + 3 * rowGap - 3 * gap) / 4
            let keyWidth = (usable - 2 * gap) / 3
            for (r, row) in rows.enumerated() {
                // A short row is right-aligned: the last row's 0 sits under the 8.
                for (c, key) in row.enumerated() {
                    let column = 3 - row.count + c
                    let rect = Rect(x: inset.left + Double(column) * (keyWidth + gap),
                                    y: inset.top + Double(r) * (rowHeight + gap), width: keyWidth, height: rowHeight)
                    result.append((key, rect))
                }
            }
            return result
        }
        let unit = (usable - 9 * gap) / 10
        for (r, row) in rows.enumerated() {
            let y = inset.top + Double(r) * (keyHeight + rowGap)
            let fixed = row.filter { $0.units > 0 }.reduce(0) { $0 + $1.units * unit }
            let gaps = Double(row.count - 1) * gap
            let flexible = row.filter { $0.units == 0 }.count
            let flexWidth = flexible > 0 ? max(unit, (usable - fixed - gaps) / Double(flexible)) : 0
            func w(_ key: KeypadKey) -> Double { key.units > 0 ? key.units * unit : flexWidth }
            if flexible == 0, row.count > 2, row.first!.isFunctionKey, row.last!.isFunctionKey {
                let first = row.first!, last = row.last!
                result.append((first, Rect(x: inset.left, y: y, width: w(first), height: keyHeight)))
                let middle = row.dropFirst().dropLast()
                let middleWidth = middle.reduce(0) { $0 + w($1) } + Double(middle.count - 1) * gap
                var x = inset.left + (usable - middleWidth) / 2
                for key in middle {
                    result.append((key, Rect(x: x, y: y, width: w(key), height: keyHeight)))
                    x += w(key) + gap
                }
                result.append((last, Rect(x: width - inset.right - w(last), y: y, width: w(last), height: keyHeight)))
            } else {
                let total = row.reduce(0) { $0 + w($1) } + gaps
                var x = inset.left + max(0, (usable - total) / 2)
                for key in row {
                    result.append((key, Rect(x: x, y: y, width: w(key), height: keyHeight)))
                    x += w(key) + gap
                }
            }
        }
        return result
    }

    /// The tray height for keys `keyHeight` tall.
    public static func height(keyHeight: Double = 42, rowGap: Double = 11, top: Double = 8, bottom: Double = 8) -> Double {
        top + 4 * keyHeight + 3 * rowGap + bottom
    }
}
