import TapawayKit

/// The general options of keyboard avoidance: how every technique's screen keeps the field above the
/// keyboard (`avoidance`), and what the screen holds (`layout`).
///
/// Declared once, as data, like every option: the sidebar, `--set`, the settings and `tapaway list`
/// read them from here.
package enum AvoidanceOption {
    /// `avoidance`: `platform` (each technique's own: `background-control` shrinks the scroll
    /// view, `keyboard-manager` lets the manager scroll, the others leave the keyboard over the
    /// form) or one strategy for every screen.
    static let avoidance = TechniqueOption.choice(
        "avoidance", title: "Avoiding the keyboard",
        values: [
            .init(AvoidanceChoice.platformValue, title: "As the technique does", subtitle: "Shrink, the manager, or nothing"),
            .init("none", title: "Nothing", subtitle: "adjustNothing: the keyboard covers"),
            .init("shrink-frame", title: "Shrink the scroll view", subtitle: "On did-show (seed 003)"),
            .init("insets", title: "Content insets", subtitle: "contentInset, less the safe area"),
            .init("move-screen", title: "Move the screen up", subtitle: "IQKeyboardManager; the bar stays"),
            .init("move-window", title: "Move the window up", subtitle: "IQKeyboardManager before its fix: the bar goes"),
            .init("keyboard-guide", title: "Keyboard layout guide", subtitle: "UIKeyboardLayoutGuide"),
            .init("adjust-resize", title: "Android adjustResize", subtitle: "The window shrinks"),
            .init("adjust-pan", title: "Android adjustPan", subtitle: "The window pans, app bar too"),
            .init("edge-to-edge", title: "Android edge-to-edge", subtitle: "API 35, no insets applied: nothing moves"),
            .init("ime-insets", title: "Edge-to-edge, IME insets", subtitle: "WindowInsets.ime as padding"),
            .init("kav-height", title: "KeyboardAvoidingView height", subtitle: "React Native, offset 0"),
            .init("kav-position", title: "KeyboardAvoidingView position", subtitle: "React Native, offset 0"),
            .init("kav-padding", title: "KeyboardAvoidingView padding", subtitle: "React Native, offset 0"),
        ],
        default: AvoidanceChoice.platformValue,
        apply: { value, screen in screen.avoidanceChoice = AvoidanceChoice(optionValue: value) })

    /// `layout`: the standard form in a scroll view (the default, on which the matrix plays), the
    /// form without a scroll view, or a chat-like screen with a composer at the bottom.
    package static let layout = TechniqueOption.choice(
        "layout", title: "Screen",
        values: [
            .init("form", title: "Form in a scroll view"),
            .init("plain", title: "Form without a scroll view", subtitle: "Nothing scrolls"),
            .init("chat", title: "Chat", subtitle: "A composer at the bottom"),
        ],
        default: "form",
        apply: { value, screen in screen.layout = ScreenLayout(rawValue: value) ?? .form })
}
