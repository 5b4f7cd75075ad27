/// The Kit's colours, read from the current theme (iOS's light appearance unless the app
/// chooses another).
///
/// The names stay the same whatever the theme: views ask for `Palette.label` when they draw and
/// get the current theme's label colour. Switch themes with `Application.applyTheme(_:)`, which
/// also repaints; setting `current` directly changes only what is drawn from then on.
@MainActor
public enum Palette {
    /// The theme every colour below is read from.
    public static var current: Theme = .light

    /// The current theme's grouped background: the screen behind the form.
    public static var groupedBackground: Color { current.groupedBackground }
    /// A grouped background one level up (cells, fields).
    public static var secondaryGroupedBackground: Color { current.secondaryGroupedBackground }
    /// Field and cell background.
    public static var fieldBackground: Color { current.fieldBackground }
    /// Field borders and separators.
    public static var separator: Color { current.separator }
    /// The accent: focus rings, buttons, the caret.
    public static var accent: Color { current.accent }
    /// The current theme's accent under a finger, a shade darker than the accent.
    public static var accentPressed: Color { current.accentPressed }
    /// The switch's "on" green.
    public static var switchOn: Color { current.switchOn }
    /// The switch's "off" track.
    public static var switchOff: Color { current.switchOff }
    /// The current theme's switch knob, drawn over the track.
    public static var switchKnob: Color { current.switchKnob }
    /// The switch's knob while pressed.
    public static var switchKnobPressed: Color { current.switchKnobPressed }
    /// The current theme's primary text colour.
    public static var label: Color { current.label }
    /// The current theme's secondary text colour, for captions and values.
    public static var secondaryLabel: Color { current.secondaryLabel }
    /// The current theme's placeholder colour, for an empty field's hint.
    public static var placeholder: Color { current.placeholder }
    /// The current theme's keypad tray, the panel behind the keys.
    public static var keypadTray: Color { current.keypadTray }
    /// The hairline along the top of the keypad's tray.
    public static var keypadHairline: Color { current.keypadHairline }
    /// The current theme's fill for the keys that type.
    public static var keypadKey: Color { current.keypadKey }
    /// Function keys (shift, backspace, layer switches, return).
    public static var keypadFunctionKey: Color { current.keypadFunctionKey }
    /// The shadow under each key.
    public static var keypadKeyShadow: Color { current.keypadKeyShadow }
    /// The label on keys.
    public static var keypadKeyLabel: Color { current.keypadKeyLabel }
    /// The current theme's navigation bar fill.
    public static var barBackground: Color { current.barBackground }
    /// The host chrome around the simulated screen (the scenario sidebar).
    public static var chromeBackground: Color { current.chromeBackground }
    /// A selected row in the host chrome.
    public static var chromeSelection: Color { current.chromeSelection }
    /// A pressed or selected table row.
    public static var rowHighlight: Color { current.rowHighlight }
    /// The dim overlay that leaves only the focused field bright.
    public static var dimOverlay: Color { current.dimOverlay }
    /// The current theme's fill behind selected text.
    public static var selection: Color { current.selection }
    /// The desk around the simulated device.
    public static var desk: Color { current.desk }
}
