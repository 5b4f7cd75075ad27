import TapawayKit

/// The general option every technique's screen has: what dragging the form does to the keypad
/// (the scroll view's `keyboardDismissMode`).
enum DraggingOption {
    /// `dismiss`: none, on-drag or interactive.
    static let dismissMode = TechniqueOption.choice(
        "dismiss", title: "Dragging the form",
        values: [
            .init("none", title: "Dragging does nothing"),
            .init("on-drag", title: "Dismiss on drag"),
            .init("interactive", title: "Interactive", subtitle: "The keypad follows the finger"),
        ],
        default: "none",
        apply: { value, screen in
            guard !screen.ownsKeyboardDismissMode else { return }
            // A screen file's own mode stands until the option is set to something else.
            if value == "none", let own = screen.chosenDocument?.content.scroll?.keyboardDismissMode {
                screen.form.keyboardDismissMode = KeyboardDismissMode(fileValue: own)
                return
            }
            screen.form.keyboardDismissMode = mode(value)
        })

    /// `bounce`: whether a drag begins on a form whose content fits (UIKit's
    /// `alwaysBounceVertical`): as the platform does (the default), always, or never.
    static let bounce = TechniqueOption.choice(
        "bounce", title: "When the form fits",
        values: [
            .init(BounceChoice.platform.rawValue, title: "As the platform does", subtitle: "UIKit, Android: no drag"),
            .init(BounceChoice.always.rawValue, title: "Always drags", subtitle: "alwaysBounceVertical"),
            .init(BounceChoice.never.rawValue, title: "Drags only to scroll"),
        ],
        default: BounceChoice.platform.rawValue,
        apply: { value, screen in screen.bounceChoice = BounceChoice(rawValue: value) ?? .never })

    /// The dismiss mode a value stands for.
    static func mode(_ value: String) -> KeyboardDismissMode {
        switch value {
        case "on-drag": return .onDrag
        case "interactive": return .interactive
        default: return .none
        }
    }

    /// The value standing for a dismiss mode.
    static func value(_ mode: KeyboardDismissMode) -> String {
        switch mode {
        case .onDrag: return "on-drag"
        case .interactive: return "interactive"
        case .none: return "none"
        }
    }
}

/// The general option that makes `email` refuse to resign while its text is not an address.
enum ValidationOption {
    /// `email-validates`: on or off (off by default).
    static let emailValidates = TechniqueOption.toggle(
        "email-validates", title: "Email refuses to resign", subtitle: "While it holds no @", default: false,
        apply: { isOn, screen in screen.form.emailValidates = isOn })
}

/// The general option that connects a hardware keyboard, as on an iPhone or iPad with one: a
/// focused field then shows no keys, only the bar iOS keeps at the bottom (its accessory, such as
/// the keyboard manager's toolbar, else a thin shortcut bar), and the keyboard notifications
/// carry that bar's frame.
enum KeyboardOption {
    /// `keyboard`: software (the default) or hardware.
    static let keyboard: TechniqueOption = {
        var option = TechniqueOption.choice(
            "keyboard", title: "Keyboard",
            values: [
                .init("software", title: "Software keyboard"),
                .init("hardware", title: "Hardware keyboard connected", subtitle: "F3 · F4 shows or hides the keys"),
            ],
            default: "software",
            apply: { _, _ in })
        option.applyToApplication = { value, application in
            application.keyboard.isHardwareKeyboardConnected = value == "hardware"
        }
        return option
    }()

    /// `ipad-keyboard`: iPad's keyboard docked (the default) or floating (`Keyboard.isFloating`);
    /// other devices keep theirs docked.
    static let ipadKeyboard: TechniqueOption = {
        var option = TechniqueOption.choice(
            "ipad-keyboard", title: "iPad keyboard",
            values: [
                .init("docked", title: "Docked"),
                .init("floating", title: "Floating", subtitle: "No show or hide, only frame changes"),
            ],
            default: "docked",
            apply: { _, _ in })
        option.applyToApplication = { value, application in
            application.keyboard.isFloating = value == "floating"
        }
        return option
    }()
}
