import TapawayHeadless
import TapawayKit
import TapawayTestSupport
import Testing

@testable import KeyboardManager

/// The manager gives each field it sees a Return action (Next, Done) and remembers which; the
/// fields of a screen that is gone must not stay in that list for the rest of the session
/// (issue 21's soak found it growing with every screen shown).
@MainActor
@Suite("KeyboardManager's Return actions", .serialized)
struct ReturnActionsTests {
    @Test("fields of screens that are gone leave no Return action behind")
    func goneFieldsForgotten() {
        let platform = HeadlessPlatform(screenSize: Size(width: 390, height: 700))
        let manager = KeyboardManager.shared
        let window = platform.makeWindow()
        manager.application = platform.application
        manager.enabledViewControllerClasses = []
        manager.disabledViewControllerClasses = []
        manager.enableReturnKeyNavigation = true
        manager.isEnabled = true
        weak var firstField: TextField?
        for round in 0..<20 {
            let screen = FieldsScreen(ys: [100, 160, 220])
            window.setRootViewController(screen)
            platform.settle()
            if round == 0 { firstField = screen.fields[0] }
            screen.fields[0].becomeFirstResponder()
            platform.settle()
            #expect(screen.fields[0].returnKeyType == .next)
            screen.fields[0].resignFirstResponder()
            platform.settle()
            // A screen replaced: its view leaves the window, and nothing else holds its fields.
            screen.view.removeFromSuperview()
        }
        #expect(firstField == nil, "the first screen's field is still alive")
        let last = FieldsScreen(ys: [100, 160, 220])
        window.setRootViewController(last)
        last.fields[1].becomeFirstResponder()
        platform.settle()
        // The manager is shared: other suites' fields may be in its list too, alive.
        let dead = manager.returnActions.filter { $0.0.value == nil }.count
        #expect(dead == 0, "\(dead) Return actions for fields that are gone")
        let live = manager.returnActions.filter { entry in last.fields.contains { $0 === entry.0.value } }.count
        #expect(live == 3)
        last.fields[1].resignFirstResponder()
        manager.isEnabled = false
    }
}
