import TapawayDemo
import TapawayHeadless
import TapawayKit
import Testing

/// `--focus` is checked against `ScreenLayout.focusableIdentifiers` before any screen is read,
/// and must name the inputs the running app offers (`TapawayApp.focusableIdentifiers`).
///
/// Otherwise `--focus` would refuse a field the app can focus, or accept one it cannot.
@MainActor
@Suite("The shipped screens' focusable inputs")
struct ShippedFocusTests {
    @Test("the list --focus checks is every input the app offers under the shipped layouts")
    func listMatchesTheApp() {
        var offered: Set<String> = []
        for layout in ScreenLayout.allCases {
            let session = HeadlessSession(technique: .sendEvent)
            session.app.setOption(OptionKey(nil, AvoidanceOption.layout.id), to: layout.rawValue)
            session.platform.settle()
            offered.formUnion(session.app.focusableIdentifiers)
        }
        #expect(offered == Set(ScreenLayout.focusableIdentifiers))
        #expect(ScreenLayout.focusableIdentifiers.count == Set(ScreenLayout.focusableIdentifiers).count)
    }
}
