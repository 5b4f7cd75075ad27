/// A technique's stable id (`send-event`, `tap-gesture`…): what the trace's `scenario` and `decision`
/// lines, the command line's `--scenario`, recordings and the settings file carry.
///
/// Each technique declares its own constant in its folder (`TechniqueID.sendEvent`); the registry
/// (`Techniques.all`) is the one list of them.
package struct TechniqueID: Hashable, Sendable, RawRepresentable, CustomStringConvertible, Comparable {
    /// The id's text, as it appears in traces and on the command line.
    package let rawValue: String

    /// An id with this text.
    ///
    /// Ids are lower-case words joined by hyphens.
    package init(rawValue: String) { self.rawValue = rawValue }

    /// An id with this text.
    package init(_ rawValue: String) { self.rawValue = rawValue }

    /// The id's text, as the trace and the command line write it.
    package var description: String { rawValue }

    /// Ordered by text, for stable listings.
    package static func < (a: TechniqueID, b: TechniqueID) -> Bool { a.rawValue < b.rawValue }
}

extension TechniqueID: CaseIterable {
    /// Every registered technique's id, in the registry's order.
    package static var allCases: [TechniqueID] { Techniques.all.map { $0.id } }

    /// The registered technique with this id, if there is one.
    package var technique: (any DismissalTechnique.Type)? { Techniques.technique(for: self) }

    /// The registered ids, comma-separated, for help and error messages.
    package static var allIDs: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// The toolkit a technique comes from; the sidebar and `tapaway list` group techniques by it.
package enum TechniquePlatform: String, Sendable, CaseIterable {
    /// What every platform does with no code.
    case everyPlatform = "Every platform"
    /// UIKit on iOS: techniques written in views, view controllers and the window.
    case uikit = "UIKit"
    /// SwiftUI on iOS: techniques written with modifiers and focus state.
    case swiftUI = "SwiftUI"
    /// Android: techniques written with its views or with Jetpack Compose.
    case android = "Android"
    /// Flutter: techniques written with its widgets.
    case flutter = "Flutter"
    /// React Native: techniques written with its components.
    case reactNative = "React Native"
    /// The screen file's own wiring (`as-written`).
    case screenFile = "This screen"
}
