import TapawayKit

/// Which theme a run uses, and why.
///
/// The first explicit `light` or `dark` wins, in this order: the `--theme` option, the theme
/// remembered in the settings, the `Tapaway.theme` X resource. `auto` (at any of these, or
/// nothing set at all) defers to the next; after them comes the desktop's hint (a dark GTK
/// theme), and last the light theme.
package struct ThemeChoice: Equatable, Sendable {
    /// The appearance to use.
    package var appearance: Theme.Appearance
    /// Where it came from, for messages: `--theme`, `settings`, `X resource Tapaway.theme`,
    /// the desktop hint's source, or `default`.
    package var source: String

    /// A choice of `appearance` from `source`.
    package init(appearance: Theme.Appearance, source: String) {
        self.appearance = appearance
        self.source = source
    }

    /// Resolves the choice from what each level says (nil: says nothing).
    package static func resolve(
        commandLine: ThemePreference?, saved: ThemePreference?,
        resource: ThemePreference?, desktop: Theme.Appearance?,
        desktopSource: String? = nil
    ) -> ThemeChoice {
        let levels: [(ThemePreference?, String)] = [
            (commandLine, "--theme"), (saved, "settings"), (resource, "X resource Tapaway.theme"),
        ]
        for (preference, source) in levels {
            switch preference {
            case .light?: return ThemeChoice(appearance: .light, source: source)
            case .dark?: return ThemeChoice(appearance: .dark, source: source)
            case .auto?, nil: continue
            }
        }
        if let desktop { return ThemeChoice(appearance: desktop, source: desktopSource ?? "desktop") }
        return ThemeChoice(appearance: .light, source: "default")
    }
}
