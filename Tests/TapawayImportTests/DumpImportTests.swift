import TapawayImport
import TapawayScreen
import Testing

/// Dumps of running apps: UI Automator, Appium's UiAutomator2 and XCUITest page sources.
///
/// The expected frames are the dump's bounds divided by the density, measured from the content's top.
@Suite("Dump import")
struct DumpImportTests {
    @Test("a UI Automator dump of a Compose screen: pixels become points, kinds follow the classes")
    func compose() throws {
        let result = try Fixtures.importing(Fixtures.own + "/compose.uiautomator.xml")
        let screen = result.document
        // The root is [0,0][1080,2400]; the Android device is 360 points wide: 3 pixels a point.
        #expect(screen.device == "android")
        #expect(screen.comments.contains { $0.contains("density 3 pixels per point") })
        // resource-id="email", class EditText, focused, bounds [48,252][1032,420]: x 16, y 84,
        // 328 × 56, under a scrolling View whose top is 72 px = 24 points (the status bar's).
        let email = try screen.required("email")
        #expect(email.kind == .textField)
        #expect(email.placeholder == "Email")
        // The wrappers of one child each (FrameLayout, LinearLayout, content, ComposeView) are
        // the scrolling View, which fills the screen under the status bar.
        #expect(screen.content.kind == .scrollView)
        #expect(email.frame == ElementFrame(x: 16, y: 84 - 24, width: 328, height: 56))
        // password="true"
        #expect(try screen.required("password").input?.secure == true)
        // checkable="true" checked="true" View: a switch, on.
        let toggle = try #require(screen.allElements.first { $0.kind == .switch })
        #expect(toggle.isOn)
        #expect(toggle.children.isEmpty)
        // resource-id="sign_in", a clickable View holding the text "Continue".
        let signIn = try screen.required("sign_in")
        #expect(signIn.kind == .view)
        #expect(signIn.clickable)
        // ComposeView: the framework is said; focused="true" is said.
        #expect(screen.comments.contains { $0.contains("Jetpack Compose") })
        #expect(screen.comments.contains { $0.contains("email had the focus") })
        #expect(screen.navigationBarHidden)
        #expect(result.format == "uiautomator")
    }

    @Test("an Appium page source of a Flutter screen, with the density given")
    func flutter() throws {
        let screen = try Fixtures.importing(Fixtures.own + "/flutter.appium-android.xml") { $0.density = 4 }.document
        // FlutterView: said. EditText hint="Title", bounds [64,384][1376,576] at 4 px a point:
        // x 16, y 96 - 40 (the window's statusBarBackground, [0,0][1440,160]), 328 × 48.
        #expect(screen.comments.contains { $0.contains("Flutter") })
        #expect(screen.comments.contains { $0.contains("40 points, as the app's window had it") })
        let title = try screen.required("Title")
        #expect(title.kind == .textField)
        #expect(title.frame == ElementFrame(x: 16, y: 56, width: 328, height: 48))
        // The bars' backgrounds are the system's: left out.
        #expect(!screen.allElements.contains { $0.source?.contains("BarBackground") == true })
        // Button content-desc="Save" enabled="false".
        let save = try screen.required("Save")
        #expect(save.kind == .button)
        #expect(save.enabled == false)
    }

    @Test("an XCUITest page source: the navigation bar is the screen's, cells are rows or views holding controls")
    func appiumIOS() throws {
        let result = try Fixtures.importing(Fixtures.own + "/settings.appium-ios.xml")
        let screen = result.document
        // The application is 393 × 852: the iPhone 15.
        #expect(screen.device == "iphone-15")
        // <XCUIElementTypeNavigationBar name="Profile" y="59" height="44">: the content starts at 103.
        #expect(screen.title == "Profile")
        #expect(screen.backButtonTitle == "Account")
        #expect(screen.navigationItems.map(\.text) == ["Save"])
        // The table at y=103 fills the content; the first cell holds only a text field
        // (name="displayName", placeholderValue="Display name", y=143): a wrapper of one view
        // is that view, placed in the table at 143 - 103, the cell's note kept.
        #expect(screen.content.kind == .table)
        let field = try screen.required("displayName")
        #expect(field.kind == .textField)
        #expect(field.placeholder == "Display name")
        #expect(field.frame == ElementFrame(x: 20, y: 40, width: 353, height: 34))
        #expect(field.comments.contains { $0.contains("a cell holding controls") })
        // The third cell holds only a text: a row titled "Sign out" at y 226 - 103.
        let row = try #require(screen.allElements.first { $0.kind == .row })
        #expect(row.text == "Sign out")
        #expect(row.frame == ElementFrame(x: 0, y: 123, width: 393, height: 44))
        // The switch value="1".
        #expect(try screen.required("notifications").isOn)
        // The keyboard is the system's: left out, said.
        #expect(!screen.allElements.contains { $0.source?.contains("Keyboard") == true })
        #expect(screen.comments.contains { $0.contains("keyboard was up") })
        #expect(result.format == "appium-ios")
    }

    @Test("every element of a dump cites its line in the dump")
    func sources() throws {
        for name in ["compose.uiautomator.xml", "flutter.appium-android.xml", "settings.appium-ios.xml"] {
            let path = Fixtures.own + "/" + name
            let lines = try Fixtures.lines(path)
            let screen = try Fixtures.importing(path).document
            for element in screen.allElements {
                let source = try #require(element.source, "\(name): \(element.id ?? "?") has no source")
                _ = try ScreenReader.read(ScreenWriter.text(screen))
                let parts = source.split(separator: " ")
                let place = parts[0].split(separator: ":")
                #expect(place[0] == Substring(name))
                let line = try #require(Int(place[1]))
                // The line holds the start tag of the element's class.
                #expect(lines[line - 1].contains(String(parts[1])), "\(source)")
            }
        }
    }
}
