/// The Kit's colours and sizes, after iOS's light appearance.
public enum Palette {
    /// Grouped background.
    public static let groupedBackground = Color(hex: 0xF2F2F7)
    /// Field and cell background.
    public static let fieldBackground = Color.white
    /// Field borders and separators.
    public static let separator = Color(hex: 0xC7C7CC)
    /// The accent: focus rings, buttons, the caret.
    public static let accent = Color(hex: 0x007AFF)
    /// A pressed accent.
    public static let accentPressed = Color(hex: 0x0062CC)
    /// The switch's "on" green.
    public static let switchOn = Color(hex: 0x34C759)
    /// The switch's "off" track.
    public static let switchOff = Color(hex: 0xE9E9EA)
    /// Primary text.
    public static let label = Color(hex: 0x1C1C1E)
    /// Secondary text.
    public static let secondaryLabel = Color(hex: 0x6C6C70)
    /// Placeholder text.
    public static let placeholder = Color(hex: 0xA3A3A8)
    /// The keypad's tray.
    public static let keypadTray = Color(hex: 0xD1D4DA)
    /// Letter keys.
    public static let keypadKey = Color.white
    /// Function keys (shift, backspace, layer switches, return).
    public static let keypadFunctionKey = Color(hex: 0xACB3BE)
    /// The shadow under each key.
    public static let keypadKeyShadow = Color(hex: 0x898A8D)
    /// The label on keys.
    public static let keypadKeyLabel = Color.black
    /// Navigation bar fill.
    public static let barBackground = Color(hex: 0xF9F9F9)
    /// The host chrome around the simulated screen (the scenario sidebar).
    public static let chromeBackground = Color(hex: 0xE5E5EA)
    /// A selected row in the host chrome.
    public static let chromeSelection = Color(hex: 0xFFFFFF)
    /// A pressed or selected table row.
    public static let rowHighlight = Color(hex: 0xD1D1D6)
    /// The dim overlay that leaves only the focused field bright.
    public static let dimOverlay = Color(hex: 0x000000, alpha: 0.38)
    /// Text selection.
    public static let selection = Color(hex: 0x007AFF, alpha: 0.22)
}
