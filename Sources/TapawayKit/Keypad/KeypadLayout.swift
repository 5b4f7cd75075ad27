/// The keypad's sizes at a scale: iOS's at 1× (96 dpi), multiplied for denser displays.
public struct KeypadMetrics: Sendable, Hashable {
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

    /// The sizes at 1×.
    public static let standard = KeypadMetrics()

    /// The tray's height: four rows of keys and the insets.
    public var trayHeight: Double { insets.top + 4 * keyHeight + 3 * rowGap + insets.bottom }
}

/// Rows of keys for one layer and keyboard type: the keypad's look is data, not drawing code.
public struct KeypadLayout: Sendable, Hashable {
    /// The rows, top to bottom.
    public let rows: [[KeypadKey]]
    /// The layer.
    public let layer: KeypadLayer

    /// Creates a layout from its rows.
    public init(rows: [[KeypadKey]], layer: KeypadLayer) {
        self.rows = rows
        self.layer = layer
    }

    /// Every key, row by row.
    public var keys: [KeypadKey] { rows.flatMap { $0 } }

    /// The layout for a layer, keyboard type and return key.
    public static func make(
        layer: KeypadLayer, keyboardType: KeyboardType,
        returnKeyType: ReturnKeyType = .default
    ) -> KeypadLayout {
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

    /// The layout for a layer, keyboard type and return key label (a plain, grey return key).
    public static func make(layer: KeypadLayer, keyboardType: KeyboardType, returnTitle: String) -> KeypadLayout {
        let type = ReturnKeyType.allCases.first { $0.title == returnTitle } ?? .default
        return make(layer: layer, keyboardType: keyboardType, returnKeyType: type)
    }

    /// Frames for every key in a keypad of `width`, with iOS's spacing at `metrics`. A row whose
    /// first and last keys are function keys pins them to the edges and centres the keys between;
    /// other rows are centred; a key of zero units takes the width left. The number pad's keys
    /// fill the width in three columns and the height in four rows, a short row to the right.
    public func frames(width: Double, metrics: KeypadMetrics = .standard) -> [(KeypadKey, Rect)] {
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
