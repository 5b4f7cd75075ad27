/// The general option `avoidance` as a screen holds it: the technique's own avoidance
/// (`platform`, the default), or one strategy for every screen.
package enum AvoidanceChoice: Equatable, Sendable {
    /// The technique's own (`background-control` shrinks the scroll view, `keyboard-manager`
    /// lets the manager scroll, the others leave the keyboard over the form).
    case platform
    /// The same strategy under every technique.
    case strategy(AvoidanceKind)

    /// The option's value for `platform`.
    package static let platformValue = "platform"

    /// The choice an option value stands for (`platform`, or a strategy's raw value; an
    /// unknown value is no avoidance).
    package init(optionValue value: String) {
        self = value == Self.platformValue ? .platform : .strategy(AvoidanceKind(rawValue: value) ?? .none)
    }
}

/// The general option `bounce` (*When the form fits*) as a screen holds it: whether a drag
/// begins on a form whose content fits.
package enum BounceChoice: String, Sendable {
    /// As the technique's platform does (the default).
    case platform
    /// Always, even content that fits (UIKit's `alwaysBounceVertical`).
    case always
    /// Only when the content scrolls.
    case never
}
