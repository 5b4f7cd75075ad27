import TapawayKit

/// The general options of the Android phone's system: which navigation bar it shows
/// (`android-navigation`) and whether Gboard shows its number row (`number-row`).
///
/// Both change nothing on the other devices. The navigation mode changes the device's safe area,
/// so the app lays its windows out again when it is set (`TapawayApp.setOption`), as for the
/// device options.
package enum AndroidOption {
    /// `android-navigation`: the three buttons (the default) or the gesture bar.
    package static let navigation = TechniqueOption.choice(
        "android-navigation", title: "Android navigation",
        values: [
            .init("three-button", title: "Three buttons", subtitle: "Back, Home, Recents"),
            .init("gesture", title: "Gesture navigation", subtitle: "A handle; Back is an edge swipe"),
        ],
        default: "three-button", apply: { _, _ in })

    /// `number-row`: Gboard's "Number row" preference, a row of digits above the letters (off by
    /// default, as Gboard ships).
    package static let numberRow: TechniqueOption = {
        var option = TechniqueOption.toggle(
            "number-row", title: "Gboard number row", subtitle: "Digits above the letters (Android)", default: false,
            apply: { _, _ in })
        option.applyToApplication = { value, application in
            application.keyboard.showsNumberRow = value == "on"
        }
        return option
    }()

    /// Whether `key` is the navigation option, which lays the device out again.
    static func changesDevice(_ key: OptionKey) -> Bool {
        key.technique == nil && key.option == navigation.id
    }
}
