import TapawayKit

/// The general options that choose the simulated device and how it is held: `device` and `orientation`.
///
/// They change no screen; the app lays its windows out again when either is set
/// (`TapawayApp.setOption`), so the sidebar, `--set`, `--device`, the settings and recordings all reach
/// them through the options' one description.
package enum DeviceOption {
    /// `device`: one of `DeviceProfile.all`.
    package static let device = TechniqueOption.choice(
        "device", title: "Device",
        values: DeviceProfile.all.map { profile in
            let size = profile.portrait
            return .init(profile.id, title: profile.name, subtitle: "\(Int(size.width)) × \(Int(size.height)) pt")
        },
        default: DeviceProfile.defaultID, apply: { _, _ in })

    /// `orientation`: portrait or landscape (F5 turns it).
    package static let orientation = TechniqueOption.choice(
        "orientation", title: "Orientation",
        values: [.init("portrait", title: "Portrait"), .init("landscape", title: "Landscape", subtitle: "F5 turns the device")],
        default: DeviceOrientation.portrait.rawValue, apply: { _, _ in })

    /// Whether `key` is one of the device's options.
    static func concerns(_ key: OptionKey) -> Bool {
        key.technique == nil && (key.option == device.id || key.option == orientation.id)
    }
}
