import TapawayKit

/// Something a tester can change about a technique (or about every technique), described as
/// data: the sidebar shows it, `--set ID=VALUE` sets it, the settings file remembers it, and
/// `tapaway list` lists it, all from this one description.
package struct TechniqueOption: Sendable {
    /// One value the option can take.
    package struct Value: Sendable, Equatable {
        /// The value as written on the command line and in the settings (`on`, `on-drag`).
        package let id: String
        /// The sidebar's title for the value (for a choice).
        package let title: String
        /// A second line under the title, if any.
        package let subtitle: String?

        /// A value with an id, a title and maybe a subtitle.
        package init(_ id: String, title: String, subtitle: String? = nil) {
            self.id = id
            self.title = title
            self.subtitle = subtitle
        }
    }

    /// How the sidebar shows the option.
    package enum Kind: Sendable {
        /// A switch with the values `on` and `off`.
        case toggle
        /// One row per value, the chosen one highlighted.
        case choice
    }

    /// The id, unique among the technique's options and the general ones (`cancels-touches`).
    package let id: String
    /// The title: a toggle's row, or a choice's section header.
    package let title: String
    /// A toggle's second line.
    package let subtitle: String?
    /// How the option shows in the sidebar: a toggle or a choice of values.
    package let kind: Kind
    /// The values it can take, in the order the sidebar lists them.
    package let values: [Value]
    /// The value it has until the tester changes it.
    package let defaultValue: String
    /// What setting a value does to a screen (the technique's own screen, or every screen for a general
    /// option).
    ///
    /// Called with a valid value when a screen is made and on every change.
    package let apply: @MainActor @Sendable (_ value: String, _ screen: FormViewController) -> Void
    /// What setting a value does to the application as a whole (the keypad's hardware keyboard), for a
    /// general option that concerns no screen; nil for the others.
    ///
    /// Called with a valid value when the app starts and on every change.
    package var applyToApplication: (@MainActor @Sendable (_ value: String, _ application: Application) -> Void)? = nil

    /// An on/off option: `--set ID=on` or `off`.
    package static func toggle(
        _ id: String, title: String, subtitle: String? = nil, default isOn: Bool,
        apply: @escaping @MainActor @Sendable (_ isOn: Bool, _ screen: FormViewController) -> Void
    ) -> TechniqueOption {
        TechniqueOption(
            id: id, title: title, subtitle: subtitle, kind: .toggle,
            values: [Value("on", title: "On"), Value("off", title: "Off")],
            defaultValue: isOn ? "on" : "off", apply: { value, screen in apply(value == "on", screen) })
    }

    /// One of several values.
    package static func choice(
        _ id: String, title: String, values: [Value], default defaultValue: String,
        apply: @escaping @MainActor @Sendable (_ value: String, _ screen: FormViewController) -> Void
    ) -> TechniqueOption {
        precondition(values.contains { $0.id == defaultValue }, "the default of \(id) is not one of its values")
        return TechniqueOption(
            id: id, title: title, subtitle: nil, kind: .choice, values: values,
            defaultValue: defaultValue, apply: apply)
    }

    /// Whether `value` is one of the option's values.
    package func accepts(_ value: String) -> Bool { values.contains { $0.id == value } }

    /// The values' ids, joined for messages and help: `on|off`.
    package var valueList: String { values.map(\.id).joined(separator: "|") }

    /// The sidebar item's identifier for a toggle, or for one value of a choice
    /// (`option-cancels-touches`, `option-dismiss-on-drag`): tests and recordings use them.
    package func itemIdentifier(for value: String? = nil) -> String {
        switch kind {
        case .toggle: return "option-\(id)"
        case .choice: return "option-\(id)-\(value ?? defaultValue)"
        }
    }
}

/// Where an option belongs: to one technique, or to every technique (`general`).
package struct OptionKey: Hashable, Sendable, CustomStringConvertible {
    /// The technique, or nil for a general option.
    package let technique: TechniqueID?
    /// The option's id, as `--set` and the settings file name it.
    package let option: String

    /// The key of `option` of `technique` (nil: general).
    package init(_ technique: TechniqueID?, _ option: String) {
        self.technique = technique
        self.option = option
    }

    /// As the settings file writes it: `tap-gesture.cancels-touches`, or `dismiss` for a
    /// general option.
    package var description: String { technique.map { "\($0.rawValue).\(option)" } ?? option }

    /// Reads `description` back; nil when the text names no registered option.
    package init?(_ text: String) {
        let parts = text.split(separator: ".", maxSplits: 1).map(String.init)
        if parts.count == 1 {
            guard Techniques.generalOptions.contains(where: { $0.id == parts[0] }) else { return nil }
            self.init(nil, parts[0])
        } else {
            let id = TechniqueID(parts[0])
            guard let technique = Techniques.technique(for: id), technique.option(parts[1]) != nil else { return nil }
            self.init(id, parts[1])
        }
    }

    /// The option this key names, from its technique's options or the general ones; nil when there is none.
    package var definition: TechniqueOption? {
        guard let technique else { return Techniques.generalOptions.first { $0.id == option } }
        return Techniques.technique(for: technique)?.option(option)
    }
}
