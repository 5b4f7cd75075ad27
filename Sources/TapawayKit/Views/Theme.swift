/// A complete set of the Kit's colours: one appearance, as iOS's light or dark appearance.
///
/// `Palette` reads every colour from `Palette.current`; `Application.applyTheme(_:)` switches it
/// at run time and repaints. Each stored colour has a `Role` (`groupedBackground`, `label`,
/// …), listed by `Role.allCases`, so that a colour copied out of one theme can be found again and
/// replaced by the same role's colour in another.
public struct Theme: Hashable, Sendable, CustomStringConvertible {
    /// Which appearance a theme is.
    public enum Appearance: String, CaseIterable, Hashable, Sendable {
        /// Dark text on light backgrounds.
        case light
        /// Light text on dark backgrounds.
        case dark
    }

    /// The appearance this theme gives.
    public var appearance: Appearance

    /// The screen's grouped background (behind the form).
    public var groupedBackground: Color
    /// A grouped background one level up (cells and fields on the grouped background).
    public var secondaryGroupedBackground: Color
    /// Field and cell background.
    public var fieldBackground: Color
    /// Field borders and separators.
    public var separator: Color
    /// The accent: focus rings, buttons, the caret.
    public var accent: Color
    /// The accent while a finger holds a button or row down, a shade darker than the accent.
    public var accentPressed: Color
    /// The switch's "on" green.
    public var switchOn: Color
    /// The switch's "off" track.
    public var switchOff: Color
    /// The switch's round knob, drawn over the track with a soft shadow.
    public var switchKnob: Color
    /// The switch's knob while pressed.
    public var switchKnobPressed: Color
    /// Primary text: field contents, row titles and headings.
    public var label: Color
    /// Secondary text: captions, footnotes and the values beside row titles.
    public var secondaryLabel: Color
    /// Placeholder text, shown in an empty field until the user types.
    public var placeholder: Color
    /// The keypad's tray: the panel the keys sit on, behind and between them.
    public var keypadTray: Color
    /// The hairline along the top of the keypad's tray.
    public var keypadHairline: Color
    /// Letter, digit and space keys: the keys that type.
    public var keypadKey: Color
    /// Function keys (shift, backspace, layer switches, return).
    public var keypadFunctionKey: Color
    /// The shadow under each key.
    public var keypadKeyShadow: Color
    /// The label on keys.
    public var keypadKeyLabel: Color
    /// The navigation bar's fill behind its title and back button.
    public var barBackground: Color
    /// The host chrome around the simulated screen (the scenario sidebar).
    public var chromeBackground: Color
    /// A selected row in the host chrome.
    public var chromeSelection: Color
    /// A pressed or selected table row.
    public var rowHighlight: Color
    /// The dim overlay that leaves only the focused field bright.
    public var dimOverlay: Color
    /// The translucent fill behind selected text in a field or text view.
    public var selection: Color
    /// The desk the simulated device lies on, around it when the window is larger: a dark grey
    /// in each appearance, a shade no other role has (so a theme change finds it), so the
    /// device's own edges stand out as a phone's do against its bezel.
    public var desk = Color(hex: 0x48484A)

    /// A readable name: the appearance.
    public var description: String { appearance.rawValue }

    /// The theme of `appearance`: `.light` or `.dark`.
    public static func named(_ appearance: Appearance) -> Theme {
        switch appearance {
        case .light: return .light
        case .dark: return .dark
        }
    }

    /// iOS's light appearance (the Kit's original colours).
    public static let light = Theme(
        appearance: .light,
        groupedBackground: Color(hex: 0xF2F2F7),
        secondaryGroupedBackground: Color.white,
        fieldBackground: Color.white,
        separator: Color(hex: 0xC7C7CC),
        accent: Color(hex: 0x007AFF),
        accentPressed: Color(hex: 0x0062CC),
        switchOn: Color(hex: 0x34C759),
        switchOff: Color(hex: 0xE9E9EA),
        switchKnob: Color.white,
        switchKnobPressed: Color(hex: 0xF4F4F4),
        label: Color(hex: 0x1C1C1E),
        secondaryLabel: Color(hex: 0x6C6C70),
        placeholder: Color(hex: 0xA3A3A8),
        keypadTray: Color(hex: 0xD1D4DA),
        keypadHairline: Color(hex: 0xBCBFC6),
        keypadKey: Color.white,
        keypadFunctionKey: Color(hex: 0xACB3BE),
        keypadKeyShadow: Color(hex: 0x898A8D),
        keypadKeyLabel: Color.black,
        barBackground: Color(hex: 0xF9F9F9),
        chromeBackground: Color(hex: 0xE5E5EA),
        chromeSelection: Color(hex: 0xFFFFFF),
        rowHighlight: Color(hex: 0xD1D1D6),
        dimOverlay: Color(hex: 0x000000, alpha: 0.38),
        selection: Color(hex: 0x007AFF, alpha: 0.22)
    )

    /// iOS's dark appearance: black grouped background, near-black fields, white text, the
    /// brighter dark-mode accent, and the dark keyboard (a charcoal tray with grey keys).
    public static let dark = Theme(
        appearance: .dark,
        groupedBackground: Color(hex: 0x000000),
        secondaryGroupedBackground: Color(hex: 0x1C1C1E),
        fieldBackground: Color(hex: 0x1C1C1E),
        separator: Color(hex: 0x38383A),
        accent: Color(hex: 0x0A84FF),
        accentPressed: Color(hex: 0x0A6AD0),
        switchOn: Color(hex: 0x30D158),
        switchOff: Color(hex: 0x39393D),
        switchKnob: Color.white,
        switchKnobPressed: Color(hex: 0xE5E5EA),
        label: Color.white,
        secondaryLabel: Color(hex: 0x98989F),
        placeholder: Color(hex: 0x636366),
        keypadTray: Color(hex: 0x2C2C2E),
        keypadHairline: Color(hex: 0x3A3A3C),
        keypadKey: Color(hex: 0x6B6B6B),
        keypadFunctionKey: Color(hex: 0x4A4A4A),
        keypadKeyShadow: Color(hex: 0x1A1A1A),
        keypadKeyLabel: Color.white,
        barBackground: Color(hex: 0x161618),
        chromeBackground: Color(hex: 0x1C1C1E),
        chromeSelection: Color(hex: 0x3A3A3C),
        rowHighlight: Color(hex: 0x3A3A3C),
        dimOverlay: Color(hex: 0x000000, alpha: 0.55),
        selection: Color(hex: 0x0A84FF, alpha: 0.35),
        desk: Color(hex: 0x545458)
    )

    /// The name of one colour of a theme.
    public enum Role: String, CaseIterable, Hashable, Sendable {
        /// The role of `Theme.groupedBackground`, the screen behind the form.
        case groupedBackground
        /// The role of `Theme.secondaryGroupedBackground`, cells and fields on the grouped background.
        case secondaryGroupedBackground
        /// The role of `Theme.fieldBackground`, a field's or cell's fill.
        case fieldBackground
        /// The role of `Theme.separator`, field borders and hairlines between rows.
        case separator
        /// The role of `Theme.accent`, focus rings, buttons and the caret.
        case accent
        /// The role of `Theme.accentPressed`, the accent under a finger.
        case accentPressed
        /// The role of `Theme.switchOn`, a switch's track when on.
        case switchOn
        /// The role of `Theme.switchOff`, a switch's track when off.
        case switchOff
        /// The role of `Theme.switchKnob`, a switch's knob at rest.
        case switchKnob
        /// The role of `Theme.switchKnobPressed`, a switch's knob under a finger.
        case switchKnobPressed
        /// The role of `Theme.label`, primary text.
        case label
        /// The role of `Theme.secondaryLabel`, captions and values.
        case secondaryLabel
        /// The role of `Theme.placeholder`, an empty field's hint.
        case placeholder
        /// The role of `Theme.keypadTray`, the panel behind the keys.
        case keypadTray
        /// The role of `Theme.keypadHairline`, the line along the tray's top.
        case keypadHairline
        /// The role of `Theme.keypadKey`, keys that type.
        case keypadKey
        /// The role of `Theme.keypadFunctionKey`, shift, backspace, layer and return keys.
        case keypadFunctionKey
        /// The role of `Theme.keypadKeyShadow`, the shadow under each key.
        case keypadKeyShadow
        /// The role of `Theme.keypadKeyLabel`, the glyphs on the keys.
        case keypadKeyLabel
        /// The role of `Theme.barBackground`, the navigation bar's fill.
        case barBackground
        /// The role of `Theme.chromeBackground`, the host's sidebar and inspector.
        case chromeBackground
        /// The role of `Theme.chromeSelection`, a selected row in the host chrome.
        case chromeSelection
        /// The role of `Theme.rowHighlight`, a pressed or selected table row.
        case rowHighlight
        /// The role of `Theme.dimOverlay`, the veil around a highlighted field.
        case dimOverlay
        /// The role of `Theme.selection`, the fill behind selected text.
        case selection
        /// The desk around the simulated device.
        case desk

        /// The roles that fill areas (backgrounds, trays, keys, tracks), in the order they are
        /// tried for a view's background.
        public static let fills: [Role] = [
            .groupedBackground, .secondaryGroupedBackground, .fieldBackground, .keypadTray,
            .keypadKey, .keypadFunctionKey, .switchOff, .switchOn, .separator, .keypadHairline,
            .barBackground, .chromeBackground, .chromeSelection, .rowHighlight, .dimOverlay,
            .keypadKeyShadow, .accent, .accentPressed, .selection, .switchKnob, .switchKnobPressed,
        ]

        /// The roles that colour text and strokes, in the order they are tried for a label's text.
        public static let inks: [Role] = [
            .label, .secondaryLabel, .placeholder, .keypadKeyLabel, .accent, .accentPressed,
        ]
    }

    /// The colour of `role` in this theme.
    public subscript(role: Role) -> Color {
        switch role {
        case .groupedBackground: return groupedBackground
        case .secondaryGroupedBackground: return secondaryGroupedBackground
        case .fieldBackground: return fieldBackground
        case .separator: return separator
        case .accent: return accent
        case .accentPressed: return accentPressed
        case .switchOn: return switchOn
        case .switchOff: return switchOff
        case .switchKnob: return switchKnob
        case .switchKnobPressed: return switchKnobPressed
        case .label: return label
        case .secondaryLabel: return secondaryLabel
        case .placeholder: return placeholder
        case .keypadTray: return keypadTray
        case .keypadHairline: return keypadHairline
        case .keypadKey: return keypadKey
        case .keypadFunctionKey: return keypadFunctionKey
        case .keypadKeyShadow: return keypadKeyShadow
        case .keypadKeyLabel: return keypadKeyLabel
        case .barBackground: return barBackground
        case .chromeBackground: return chromeBackground
        case .chromeSelection: return chromeSelection
        case .rowHighlight: return rowHighlight
        case .dimOverlay: return dimOverlay
        case .selection: return selection
        case .desk: return desk
        }
    }

    /// The colour that plays, in `other`, the role `color` plays in this theme; nil when `color` is
    /// none of this theme's colours in `roles`.
    ///
    /// Roles are tried in order, so the first role that has this colour decides (light's white is a
    /// field background before it is a key).
    public func counterpart(
        of color: Color, in other: Theme,
        roles: [Role] = Role.allCases
    ) -> Color? {
        for role in roles where self[role] == color {
            return other[role]
        }
        return nil
    }
}

/// Which theme to use: a fixed one, or whatever the desktop says.
public enum ThemePreference: String, CaseIterable, Hashable, Sendable {
    /// Always the light theme.
    case light
    /// Always the dark theme.
    case dark
    /// Follow the desktop's hint, light when there is none.
    case auto

    /// The appearance this preference gives, given the desktop's `hint` (nil: no hint).
    public func resolved(hint: Theme.Appearance?) -> Theme.Appearance {
        switch self {
        case .light: return .light
        case .dark: return .dark
        case .auto: return hint ?? .light
        }
    }
}
