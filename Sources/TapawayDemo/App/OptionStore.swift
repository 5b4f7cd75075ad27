import TapawayKit

/// The value of every option, technique's and general: only those that differ from their
/// defaults are kept, so a recording's header and the sidebar's count name just the changes.
///
/// The app applies a value to its screens when it sets it here.
@MainActor
package struct OptionStore {
    /// Each option's value, where it differs from the option's default.
    package private(set) var values: [OptionKey: String] = [:]

    /// A store with every option at its default.
    package init() {}

    /// The value of the option `key`: the one set, else its default (empty for an unknown key).
    package func value(of key: OptionKey) -> String {
        values[key] ?? key.definition?.defaultValue ?? ""
    }

    /// The options that differ from their defaults as `--set` takes them (`keyboard=hardware`),
    /// in a stable order: what a recording's header keeps.
    package var changed: [String] {
        values.map { "\($0.key.description)=\($0.value)" }.sorted()
    }

    /// Stores `value` for `key` (forgetting it when it is the default) and returns the option,
    /// or returns nil, storing nothing, when the option or the value is unknown.
    package mutating func set(_ key: OptionKey, to value: String) -> TechniqueOption? {
        guard let option = key.definition, option.accepts(value) else { return nil }
        values[key] = value == option.defaultValue ? nil : value
        return option
    }
}
