/// Whose keyboard the keypad is: iOS's, or a Gboard-like Android one.
public enum KeypadStyle: String, Sendable, Hashable, CaseIterable {
    /// iOS's keyboard: keys sized in letter units with fixed gaps, a return key labelled by the
    /// field's return key type.
    case ios
    /// A Gboard-like Android keyboard, from AOSP LatinIME's geometry (the open keyboard Gboard
    /// grew from): a 40 dp suggestion strip above four rows of keys, each key a share of the
    /// width, the comma and emoji keys beside the space bar, and an action key showing the
    /// field's `imeOptions` action as an icon.
    case android
    /// iPad's keyboard: taller keys in rows of eleven and a half keys' width, Delete and Return
    /// at the ends of the top rows, Shift at both ends, `.?123` at both ends of the bottom row and
    /// the hide-keyboard key at its bottom right, which ends editing.
    case ipad
}

/// The keypad's sizes at a scale: iOS's at 1× (96 dpi), multiplied for denser displays.
public struct KeypadMetrics: Sendable, Hashable {
    /// Whose keyboard the sizes are.
    public var style: KeypadStyle = .ios
    /// The suggestion strip's height above the keys (Android; 0 on iOS).
    ///
    /// It is part of `insets.top`.
    public var suggestionStripHeight = 0.0
    /// The space between two keys of a row as a share of the keypad's width (Android's keys are
    /// shares of the width; 0 on iOS, whose gap is `gap`).
    public var gapShare = 0.0
    /// The scale the sizes were made for (1 = 96 dpi).
    public var scale: Double
    /// The height of a key.
    public var keyHeight: Double
    /// The space between two keys of a row.
    public var gap: Double
    /// The space between two rows.
    public var rowGap: Double
    /// The space between the keys and the tray's edges.
    public var insets: EdgeInsets
    /// The keys' corner radius.
    public var cornerRadius: Double

    /// Whether the keys are iPhone's landscape ones: shorter, with rows closer together.
    public var isCompact: Bool
    /// Whether Gboard's number row shows above the letters (Android only): one row more, of the
    /// letters' height and gap, so the tray is one row's pitch taller (inferred from Gboard's
    /// screenshots; LatinIME has no such preference).
    public var hasNumberRow = false

    /// The rows of keys the tray holds: four, or five with the number row.
    public var rowCount: Int { hasNumberRow ? 5 : 4 }

    /// iOS's sizes multiplied by `scale`: keys 42 px tall, 6 px apart, rows 11 px apart; in
    /// landscape (`compact`), keys 32 px tall and rows 6 px apart, for a tray of 162 px instead
    /// of 217 (8 px insets above and below), as on an iPhone turned on its side.
    public init(scale: Double = 1, compact: Bool = false) {
        let s = max(0.5, scale)
        self.scale = s
        isCompact = compact
        keyHeight = ((compact ? 32 : 42) * s).rounded()
        gap = (6 * s).rounded()
        rowGap = ((compact ? 6 : 11) * s).rounded()
        insets = EdgeInsets(top: (8 * s).rounded(), left: (3 * s).rounded(), bottom: (8 * s).rounded(), right: (3 * s).rounded())
        cornerRadius = 5 * s
    }

    /// A Gboard-like keyboard's sizes at `scale`, from AOSP LatinIME's small-phone portrait
    /// configuration (`res/values/config.xml`): a 40 dp suggestion strip
    /// (`config_suggestions_strip_height`) above a 205.6 dp keyboard (`config_default_keyboard_height`,
    /// "1.285in"), whose top and bottom padding are 2.335 % and 4.669 % of that height, rows 6.127 %
    /// apart and four rows sharing what is left (each row's height includes one gap), and keys 1.739 %
    /// of the width apart.
    ///
    /// At scale 1: a strip of 40, padding 5 and 10, keys 38 tall, rows 13 apart: a 246-point tray.
    /// Gboard's own figures are not published: that it keeps LatinIME's is inferred.
    ///
    /// With the number row (`numberRow`), one row more of the same pitch: 51 points at scale 1,
    /// a 297-point tray.
    public static func android(scale: Double = 1, numberRow: Bool = false) -> KeypadMetrics {
        var m = KeypadMetrics(scale: scale)
        m.hasNumberRow = numberRow
        let s = m.scale, keyboard = 205.6
        let top = keyboard * 0.02335, bottom = keyboard * 0.04669, rowGap = keyboard * 0.06127
        let row = (keyboard - top - bottom + rowGap) / 4
        m.style = .android
        m.suggestionStripHeight = (40 * s).rounded()
        m.keyHeight = ((row - rowGap) * s).rounded()
        m.rowGap = (rowGap * s).rounded()
        m.gap = (6 * s).rounded()
        m.gapShare = 0.01739
        m.insets = EdgeInsets(
            top: m.suggestionStripHeight + (top * s).rounded(), left: 0, bottom: (bottom * s).rounded(), right: 0)
        m.cornerRadius = 6 * s
        return m
    }

    /// The sizes for `style` at `scale` (iPhone's landscape keys when `compact`, iOS only; Gboard's
    /// number row when `numberRow`, Android only).
    public static func make(
        style: KeypadStyle, scale: Double = 1, compact: Bool = false, numberRow: Bool = false
    ) -> KeypadMetrics {
        switch style {
        case .android: return android(scale: scale, numberRow: numberRow)
        case .ipad: return ipad(scale: scale)
        case .ios: return KeypadMetrics(scale: scale, compact: compact)
        }
    }

    /// iPad's keyboard at `scale`: a 264-point tray in portrait without the predictive bar, as
    /// developers commonly report for `UIKeyboardFrameEndUserInfoKey` on iPads in portrait (264,
    /// against 216 on iPhone of the same era: measured, Apple publishes no figure); its split
    /// into keys 56 points tall, rows 8 apart, 6 and 10 points of padding, and letter keys eleven
    /// and a half to a row's width, 8 points apart, is inferred.
    public static func ipad(scale: Double = 1) -> KeypadMetrics {
        var m = KeypadMetrics(scale: scale)
        let s = m.scale
        m.style = .ipad
        m.keyHeight = (56 * s).rounded()
        m.rowGap = (8 * s).rounded()
        m.gap = (8 * s).rounded()
        m.insets = EdgeInsets(
            top: (6 * s).rounded(), left: (4 * s).rounded(), bottom: (10 * s).rounded(), right: (4 * s).rounded())
        m.cornerRadius = 6 * s
        return m
    }

    /// The sizes at 1×.
    public static let standard = KeypadMetrics()

    /// The tray's height: four rows of keys (five with the number row) and the insets.
    public var trayHeight: Double {
        let rows = Double(rowCount)
        return insets.top + rows * keyHeight + (rows - 1) * rowGap + insets.bottom
    }
}

/// Rows of keys for one layer and keyboard type: the keypad's look is data, not drawing code.
public struct KeypadLayout: Sendable, Hashable {
    /// The rows, top to bottom.
    public let rows: [[KeypadKey]]
    /// The layer these rows belong to: letters, digits or symbols.
    public let layer: KeypadLayer

    /// Creates a layout from its rows.
    public init(rows: [[KeypadKey]], layer: KeypadLayer) {
        self.rows = rows
        self.layer = layer
    }

    /// Every key, row by row.
    public var keys: [KeypadKey] { rows.flatMap { $0 } }

    /// The layout for a layer, keyboard type and return key (with Gboard's number row above the
    /// letters when `numberRow`, Android only).
    public static func make(
        layer: KeypadLayer, keyboardType: KeyboardType,
        returnKeyType: ReturnKeyType = .default, style: KeypadStyle = .ios, numberRow: Bool = false
    ) -> KeypadLayout {
        if style == .android {
            let layout = makeAndroid(layer: layer, keyboardType: keyboardType, action: returnKeyType)
            // Gboard's number row: the digits above the letters, on the letters layer only (the
            // symbols layer starts with them already; the number pad has its own).
            guard numberRow, layout.layer == .letters else { return layout }
            let digits = "1234567890".map { KeypadKey.character(String($0)) }
            return KeypadLayout(rows: [digits] + layout.rows, layer: layout.layer)
        }
        if style == .ipad { return makeIPad(layer: layer, keyboardType: keyboardType, returnKeyType: returnKeyType) }
        let returnKey = KeypadKey(
            id: "key-return", kind: .returnKey, label: returnKeyType.title, units: 2.3,
            isProminent: returnKeyType.isProminent)
        let backspace = KeypadKey(id: "key-backspace", kind: .backspace, label: "", units: 1.35)
        func chars(_ s: String, units: Double = 1) -> [KeypadKey] { s.map { KeypadKey.character(String($0), units: units) } }

        if layer == .numberPad || keyboardType == .numberPad {
            let letters = ["", "ABC", "DEF", "GHI", "JKL", "MNO", "PQRS", "TUV", "WXYZ"]
            let digits = (1...9).map { n in
                KeypadKey(id: "key-\(n)", kind: .character("\(n)"), label: "\(n)", subtitle: letters[n - 1])
            }
            return KeypadLayout(
                rows: [
                    Array(digits[0..<3]), Array(digits[3..<6]), Array(digits[6..<9]),
                    [
                        KeypadKey(id: "key-0", kind: .character("0"), label: "0"),
                        KeypadKey(id: "key-backspace", kind: .backspace, label: ""),
                    ],
                ], layer: .numberPad)
        }

        let switchKey: KeypadKey =
            layer == .letters
            ? KeypadKey(id: "key-123", kind: .layer(.numbers), label: "123", units: 2.3)
            : KeypadKey(id: "key-abc", kind: .layer(.letters), label: "ABC", units: 2.3)
        let space = KeypadKey(id: "key-space", kind: .space, label: "space", units: 0)
        let bottom: [KeypadKey]
        switch keyboardType {
        case .emailAddress:
            bottom = [switchKey, space, .character("@", units: 1.2), .character(".", units: 1.2), returnKey]
        case .url:
            bottom = [
                switchKey, .character(".", units: 1.4), .character("/", units: 1.4),
                KeypadKey(id: "key-dot-com", kind: .character(".com"), label: ".com", units: 0), returnKey,
            ]
        case .default, .numberPad:
            bottom = [switchKey, space, returnKey]
        }

        // A key already on the layer's upper rows (the numbers layer's `@` and `.`) is not
        // repeated at the bottom: every key, and so every identifier, appears once.
        func withBottom(_ upper: [[KeypadKey]]) -> KeypadLayout {
            let above = Set(upper.joined().map(\.id))
            return KeypadLayout(rows: upper + [bottom.filter { !above.contains($0.id) }], layer: layer)
        }
        switch layer {
        case .letters:
            return KeypadLayout(
                rows: [
                    chars("qwertyuiop"), chars("asdfghjkl"),
                    [KeypadKey(id: "key-shift", kind: .shift, label: "", units: 1.35)] + chars("zxcvbnm") + [backspace],
                    bottom,
                ], layer: layer)
        case .numbers:
            return withBottom([
                chars("1234567890"), chars("-/:;()$&@\""),
                [KeypadKey(id: "key-symbols", kind: .layer(.symbols), label: "#+=", units: 1.35)]
                    + chars(".,?!'", units: 1.4) + [backspace],
            ])
        case .symbols:
            return withBottom([
                chars("[]{}#%^*+="), chars("_\\|~<>€£¥•"),
                [KeypadKey(id: "key-123", kind: .layer(.numbers), label: "123", units: 1.35)]
                    + chars(".,?!'", units: 1.4) + [backspace],
            ])
        case .numberPad:
            fatalError("handled above")
        }
    }

    /// A Gboard-like layout: letters in rows of 10, 9 (offset by half a key) and 7 between shift and
    /// delete; below them `?123` (or `ABC`), the comma, the emoji key, the space bar, the period and
    /// the action key, whose label is `action`'s name (drawn as Gboard's icon; the `default` action is
    /// Enter, which starts a new line).
    ///
    /// The number pad is Gboard's four columns: the digits, `-`, space, delete, `,` `0` `.` and the
    /// action key. Key widths are shares of the width in tenths (`units`); the space bar takes what the
    /// others leave.
    static func makeAndroid(layer: KeypadLayer, keyboardType: KeyboardType, action: ReturnKeyType) -> KeypadLayout {
        let actionKey = KeypadKey(
            id: "key-return", kind: .returnKey, label: action.title, units: 1.5, isProminent: true,
            spokenName: action == .default ? "enter" : action.title)
        let backspace = KeypadKey(id: "key-backspace", kind: .backspace, label: "", units: 1.5)
        func chars(_ s: String, units: Double = 1) -> [KeypadKey] { s.map { KeypadKey.character(String($0), units: units) } }
        if layer == .numberPad || keyboardType == .numberPad {
            let wide = 2.5
            return KeypadLayout(
                rows: [
                    chars("123-", units: wide),
                    chars("456", units: wide) + [KeypadKey(id: "key-space", kind: .space, label: "space", units: wide)],
                    chars("789", units: wide) + [KeypadKey(id: "key-backspace", kind: .backspace, label: "", units: wide)],
                    chars(",0.", units: wide)
                        + [
                            KeypadKey(
                                id: "key-return", kind: .returnKey, label: action.title, units: wide, isProminent: true,
                                spokenName: action == .default ? "enter" : action.title)
                        ],
                ], layer: .numberPad)
        }
        let switchKey: KeypadKey =
            layer == .letters
            ? KeypadKey(id: "key-123", kind: .layer(.numbers), label: "?123", units: 1.5)
            : KeypadKey(id: "key-abc", kind: .layer(.letters), label: "ABC", units: 1.5)
        let emoji = KeypadKey(id: "key-emoji", kind: .emoji, label: "", spokenName: "emoji")
        let space = KeypadKey(id: "key-space", kind: .space, label: "", units: 0, spokenName: "space")
        let beside: KeypadKey
        switch keyboardType {
        case .emailAddress: beside = .character("@")
        case .url: beside = .character("/")
        case .default, .numberPad: beside = .character(",")
        }
        let bottom = [switchKey, beside, emoji, space, .character("."), actionKey]
        switch layer {
        case .letters:
            return KeypadLayout(
                rows: [
                    chars("qwertyuiop"), chars("asdfghjkl"),
                    [KeypadKey(id: "key-shift", kind: .shift, label: "", units: 1.5)] + chars("zxcvbnm") + [backspace],
                    bottom,
                ], layer: layer)
        case .numbers:
            return KeypadLayout(
                rows: [
                    chars("1234567890"), chars("@#$_&-+()/"),
                    [KeypadKey(id: "key-symbols", kind: .layer(.symbols), label: "=\\<", units: 1.5)]
                        + chars("*\"':;!?") + [backspace],
                    bottom.map { $0.character == "@" || $0.character == "/" ? .character(",") : $0 },
                ], layer: layer)
        case .symbols:
            return KeypadLayout(
                rows: [
                    chars("~`|•√π÷×§∆"), chars("£¢€¥^°={}%"),
                    [KeypadKey(id: "key-123", kind: .layer(.numbers), label: "?123", units: 1.5)]
                        + chars("\\©®™✓[]") + [backspace],
                    bottom.map { $0.character == "@" || $0.character == "/" ? .character(",") : $0 },
                ], layer: layer)
        case .numberPad:
            fatalError("handled above")
        }
    }

    /// iPad's layout: letters with Delete at the end of the top row, Return at the end of the second,
    /// Shift at both ends of the third (with `,` and `.` after `m`), and `.?123`, the emoji key, the
    /// space bar, `.?123` and the hide-keyboard key below.
    ///
    /// Its other layers are iPhone's with the hide-keyboard key added at the bottom right; a number pad
    /// is the numbers layer, as iPad shows no phone pad.
    static func makeIPad(layer: KeypadLayer, keyboardType: KeyboardType, returnKeyType: ReturnKeyType) -> KeypadLayout {
        let dismiss = KeypadKey(id: "key-dismiss", kind: .dismiss, label: "", units: 1.5, spokenName: "hide keyboard")
        let asked: KeypadLayer = layer == .numberPad || keyboardType == .numberPad ? .numbers : layer
        guard asked == .letters else {
            let phone = make(
                layer: asked, keyboardType: keyboardType == .numberPad ? .default : keyboardType, returnKeyType: returnKeyType)
            var rows = phone.rows
            rows[rows.count - 1].append(dismiss)
            return KeypadLayout(rows: rows, layer: asked)
        }
        func chars(_ s: String) -> [KeypadKey] { s.map { KeypadKey.character(String($0)) } }
        let returnKey = KeypadKey(
            id: "key-return", kind: .returnKey, label: returnKeyType.title, units: 2,
            isProminent: returnKeyType.isProminent)
        let beside: [KeypadKey]
        switch keyboardType {
        case .emailAddress: beside = [.character("@"), .character(".")]
        case .url: beside = [.character("/"), .character(".")]
        case .default, .numberPad: beside = [.character(","), .character(".")]
        }
        return KeypadLayout(
            rows: [
                chars("qwertyuiop") + [KeypadKey(id: "key-backspace", kind: .backspace, label: "", units: 1.5)],
                chars("asdfghjkl") + [returnKey],
                [KeypadKey(id: "key-shift", kind: .shift, label: "", units: 1.25)] + chars("zxcvbnm") + beside
                    + [KeypadKey(id: "key-shift-right", kind: .shift, label: "", units: 1.25)],
                [
                    KeypadKey(id: "key-123", kind: .layer(.numbers), label: ".?123", units: 1.5),
                    KeypadKey(id: "key-emoji", kind: .emoji, label: "", spokenName: "emoji"),
                    KeypadKey(id: "key-space", kind: .space, label: "", units: 0, spokenName: "space"),
                    KeypadKey(id: "key-123-right", kind: .layer(.numbers), label: ".?123", units: 1.5), dismiss,
                ],
            ], layer: .letters)
    }

    /// Frames for a Gboard-like layout in a keypad of `width`: each key takes its `units` tenths
    /// of the width (the space bar what its row leaves), with the gap (`metrics.gapShare` of the
    /// width) split on both sides, as LatinIME's keys hold their gaps; a row of fewer than ten
    /// tenths is centred (the `a` row starts half a key in).
    private func androidFrames(width: Double, metrics: KeypadMetrics, keysPerRow: Double = 10) -> [(KeypadKey, Rect)] {
        var result: [(KeypadKey, Rect)] = []
        let slot = width / keysPerRow
        let gap = metrics.gapShare > 0 ? (width * metrics.gapShare).rounded() : metrics.gap
        for (r, row) in rows.enumerated() {
            let y = metrics.insets.top + Double(r) * (metrics.keyHeight + metrics.rowGap)
            let fixed = row.reduce(0) { $0 + $1.units }
            let flexible = row.filter { $0.units == 0 }.count
            let flexUnits = flexible > 0 ? max(1, (keysPerRow - fixed) / Double(flexible)) : 0
            let total = fixed + flexUnits * Double(flexible)
            var x = (width - total * slot) / 2
            for key in row {
                let w = (key.units > 0 ? key.units : flexUnits) * slot
                let left = (x + gap / 2).rounded(), right = (x + w - gap / 2).rounded()
                result.append((key, Rect(x: left, y: y, width: right - left, height: metrics.keyHeight)))
                x += w
            }
        }
        return result
    }

    /// The layout for a layer, keyboard type and return key label (a plain, grey return key).
    public static func make(layer: KeypadLayer, keyboardType: KeyboardType, returnTitle: String) -> KeypadLayout {
        let type = ReturnKeyType.allCases.first { $0.title == returnTitle } ?? .default
        return make(layer: layer, keyboardType: keyboardType, returnKeyType: type)
    }

    /// Frames for every key in a keypad of `width`, with iOS's spacing at `metrics`.
    ///
    /// A row whose first and last keys are function keys pins them to the edges and centres the keys
    /// between; other rows are centred; a key of zero units takes the width left. The number pad's keys
    /// fill the width in three columns and the height in four rows, a short row to the right.
    public func frames(width: Double, metrics: KeypadMetrics = .standard) -> [(KeypadKey, Rect)] {
        if metrics.style == .android { return androidFrames(width: width, metrics: metrics) }
        if metrics.style == .ipad && layer == .letters {
            // iPad's letters: eleven and a half keys to a row, inside the tray's side insets.
            let inset = metrics.insets.left
            return androidFrames(width: width - 2 * inset, metrics: metrics, keysPerRow: 11.5).map { key, frame in
                (key, frame.offsetBy(dx: inset, dy: 0))
            }
        }
        var result: [(KeypadKey, Rect)] = []
        let inset = metrics.insets, keyHeight = metrics.keyHeight
        let usable = width - inset.left - inset.right
        // On a narrow keypad at a large scale the gaps give way, so keys keep most of the width.
        let gap = min(metrics.gap, (usable / 10 * 0.16).rounded())
        if layer == .numberPad {
            let rowHeight = (4 * keyHeight + 3 * metrics.rowGap - 3 * gap) / 4
            let keyWidth = (usable - 2 * gap) / 3
            for (r, row) in rows.enumerated() {
                for (c, key) in row.enumerated() {
                    let column = 3 - row.count + c
                    let rect = Rect(
                        x: inset.left + Double(column) * (keyWidth + gap),
                        y: inset.top + Double(r) * (rowHeight + gap), width: keyWidth, height: rowHeight)
                    result.append((key, rect))
                }
            }
            return result
        }
        let unit = (usable - 9 * gap) / 10
        for (r, row) in rows.enumerated() {
            let y = inset.top + Double(r) * (keyHeight + metrics.rowGap)
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

    /// The tray height at `metrics`.
    public static func height(metrics: KeypadMetrics = .standard) -> Double { metrics.trayHeight }
}
