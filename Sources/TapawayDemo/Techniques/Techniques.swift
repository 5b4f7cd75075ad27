import TapawayKit

/// The registry: the one list of the techniques Tapaway shows, in the order the sidebar and the
/// techniques list show them.
///
/// Adding a technique is one folder under `Techniques/` and one line here (and its row in the README).
package enum Techniques {
    /// Every technique the program offers, in the order the sidebar and the matrix list them.
    package static let all: [any DismissalTechnique.Type] = [
        SendEventTechnique.self,
        TapGestureTechnique.self,
        BackgroundControlTechnique.self,
        KeyboardManagerTechnique.self,
        TouchesBeganTechnique.self,
        NoneTechnique.self,
        SwiftUITechnique.self,
        AndroidTechnique.self,
        FlutterTechnique.self,
        ReactNativeTechnique.self,
    ]

    /// Options that apply to every technique's screen.
    package static let generalOptions: [TechniqueOption] = [
        DraggingOption.dismissMode, DraggingOption.bounce, ValidationOption.emailValidates, KeyboardOption.keyboard,
        KeyboardOption.ipadKeyboard,
        DeviceOption.device, DeviceOption.orientation, AvoidanceOption.avoidance, AvoidanceOption.layout,
        AndroidOption.navigation, AndroidOption.numberRow,
    ]

    /// The technique shown when nothing else is asked for or remembered.
    package static var defaultID: TechniqueID { all[0].id }

    /// The technique with `id`, if it is registered, or `as-written`, which a screen file with
    /// wiring offers beside the registry's.
    package static func technique(for id: TechniqueID) -> (any DismissalTechnique.Type)? {
        id == AsWrittenTechnique.id ? AsWrittenTechnique.self : all.first { $0.id == id }
    }

    /// The platforms that have techniques, in the registry's order.
    package static var platforms: [TechniquePlatform] {
        var seen: [TechniquePlatform] = []
        for technique in all where !seen.contains(technique.platform) { seen.append(technique.platform) }
        return seen
    }

    /// The class of the app's one window: the most derived `windowClass` any technique asks for.
    ///
    /// Techniques' window classes must lie on one line of descent (a test checks it).
    @MainActor package static var windowClass: AppWindow.Type {
        var chosen: AppWindow.Type = AppWindow.self
        for technique in all where chosen.isAncestor(of: technique.windowClass) { chosen = technique.windowClass }
        return chosen
    }
}
