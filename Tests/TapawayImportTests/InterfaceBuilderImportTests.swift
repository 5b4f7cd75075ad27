import TapawayImport
import TapawayScreen
import Testing

/// Interface Builder documents: each expectation is read from the file itself (the XML line is
/// quoted beside it), never from what the importer printed.
@Suite("Interface Builder import")
struct InterfaceBuilderImportTests {
    let special = Fixtures.sharedScreens + "/iqkeyboardmanager/SpecialCase.storyboard"
    let scrollView = Fixtures.sharedScreens + "/iqkeyboardmanager/ScrollView.storyboard"

    @Test("frames are the file's, moved up by the bars the canvas draws above the content")
    func framesAsSaved() throws {
        let screen = try Fixtures.importing(special, scene: "CustomViewController").document
        // <device id="retina6_1"> (iPhone 11: a 48-point status bar). The scene has a navigation
        // item but no navigation controller or segue leads to it, so the canvas infers no bar:
        // the content starts 48 points down the canvas, and the app shows a bar above it.
        // Line 332: <view … id="uLB-dv-85O" customClass="IQDeepResponderContainerView">
        //           <rect key="frame" x="10" y="136" width="394" height="682"/>
        let container = try #require(screen.allElements.first { $0.source == "SpecialCase.storyboard:332 uLB-dv-85O" })
        #expect(container.kind == .view)
        #expect(container.frame == ElementFrame(x: 10, y: 136 - 48, width: 394, height: 682))
        #expect(container.comments.contains { $0.contains("IQDeepResponderContainerView") })
        // Line 338: <textField … tag="101" … id="wyq-GK-KgK">, in its parent at
        //           <rect key="frame" x="10" y="37" width="364" height="34"/>, keyboardType="alphabet"
        let field = try #require(screen.allElements.first { $0.source == "SpecialCase.storyboard:338 wyq-GK-KgK" })
        #expect(field.kind == .textField)
        #expect(field.frame == ElementFrame(x: 10, y: 37, width: 364, height: 34))
        #expect(field.input?.keyboardType == "default")
        // Line 355's keyboardType="numbersAndPunctuation" has no kind of its own: said, not dropped.
        let second = try #require(screen.allElements.first { $0.source == "SpecialCase.storyboard:355 zdb-k8-QUh" })
        #expect(second.comments.contains { $0.contains("numbersAndPunctuation") })
        // Line 654: <navigationItem key="navigationItem" title="CustomView Demo">
        #expect(screen.title == "CustomView Demo")
        #expect(screen.platform == .uikit)
        #expect(screen.navigationBarHidden == false)
    }

    @Test("a recognizer bound through an outlet collection is the view's gesture, its action named after the selector")
    func outletCollectionRecognizer() throws {
        let screen = try Fixtures.importing(special, scene: "CustomViewController").document
        // Line 638: <outletCollection property="gestureRecognizers" destination="hVs-Fy-REN"/> in
        // the view that starts on line 467; line 670: <tapGestureRecognizer id="hVs-Fy-REN"> with
        // <action selector="tapAction:"/>: a tap, cancelling touches (UIKit's default).
        let view = try #require(screen.allElements.first { $0.source?.hasPrefix("SpecialCase.storyboard:467 ") == true })
        #expect(view.gestures.count == 1)
        #expect(view.gestures.first?.type == "tap")
        #expect(view.gestures.first?.action == "app:tapAction")
        #expect(view.gestures.first?.cancelsTouchesInView == true)
    }

    @Test("outlets name the elements; actions keep their events")
    func outletsAndActions() throws {
        let screen = try Fixtures.importing(Fixtures.own + "/background-control.xib").document
        // <outlet property="emailField" destination="Em1-aa-001"/>: the field's id is the outlet.
        let email = try screen.required("emailField")
        #expect(email.kind == .textField)
        #expect(email.placeholder == "Email")
        // keyboardType="emailAddress" returnKeyType="next" autocapitalizationType="no"
        #expect(email.input?.keyboardType == "email")
        #expect(email.input?.returnKey == "next")
        #expect(email.input?.autocapitalization == "none")
        // <retina6_12> has a 47-point status bar; no navigation item, so no bar: y 127 - 47.
        #expect(email.frame == ElementFrame(x: 20, y: 80, width: 350, height: 34))
        #expect(screen.navigationBarHidden)
        // secureTextEntry="YES", and <action selector="passwordDone:" eventType="editingDidEndOnExit"/>
        let password = try screen.required("passwordField")
        #expect(password.input?.secure == true)
        #expect(password.actions == [ControlWiring(event: "editing-did-end-on-exit", action: "app:passwordDone")])
        // <button …><state key="normal" title="Sign in"/> with touchUpInside signIn:
        let button = try #require(screen.allElements.first { $0.kind == .button })
        #expect(button.text == "Sign in")
        #expect(button.actions == [ControlWiring(event: "touch-up-inside", action: "app:signIn")])
        // <switch … on="YES" userLabel="remember">
        #expect(try screen.required("remember").isOn)
        // <label … userInteractionEnabled="NO" text="Remember me">
        let label = try #require(screen.allElements.first { $0.kind == .label })
        #expect(label.text == "Remember me")
        #expect(label.interactive == false)
    }

    @Test("a UIControl root with a touch-down action is the background-control technique, its method assumed to end editing")
    func backgroundControl() throws {
        let result = try Fixtures.importing(Fixtures.own + "/background-control.xib")
        // Interface Builder writes a root whose class is UIControl as <view … customClass="UIControl">,
        // here with <action selector="controlTouchDown:" eventType="touchDown"/>: a name that says
        // nothing of the keyboard, on the background-control technique's own wiring.
        let root = result.document.content
        #expect(root.kind == .control)
        #expect(root.frame == nil)
        #expect(root.actions == [ControlWiring(event: "touch-down", action: "end-editing")])
        #expect(root.comments.contains { $0.hasPrefix("assumed: controlTouchDown: ends editing") })
        #expect(!root.comments.contains { $0.contains("custom class") })
        // An element <control> (a control placed as such) is a control too.
        let placed = Array(
            """
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0"><objects>
            <view id="r"><rect key="frame" x="0" y="0" width="390" height="844"/><subviews>
            <control id="c"><rect key="frame" x="0" y="100" width="390" height="200"/></control></subviews></view>
            </objects></document>
            """.utf8)
        let imported = try Importer.importScreen(placed, request: ImportRequest(fileName: "c.xib", devices: Fixtures.devices))
        #expect(imported.document.content.children.first?.kind == .control)
        // The File's Owner's class names the scene.
        #expect(result.document.name == "SignInViewController")
        #expect(result.format == "xib")
    }

    @Test("static cells holding fields become views holding them; a table's dismiss mode is kept")
    func tables() throws {
        let screen = try Fixtures.importing(scrollView, scene: "TableViewController").document
        // Line 703: <tableView key="view" … dataMode="static" …> is the root.
        #expect(screen.content.kind == .table)
        // Line 710: <tableViewCell … rowHeight="41" id="FaL-19-zky"><rect key="frame" x="0.0" y="50"
        // width="414" height="41"/>, holding line 716's text field at x=5 y=5 width=404 height=31.
        let cell = try #require(screen.allElements.first { $0.source == "ScrollView.storyboard:710 FaL-19-zky" })
        #expect(cell.kind == .view)
        #expect(cell.frame == ElementFrame(x: 0, y: 50, width: 414, height: 41))
        #expect(cell.children.map(\.kind) == [.textField])
        #expect(cell.children.first?.frame == ElementFrame(x: 5, y: 5, width: 404, height: 31))
        #expect(screen.inputIDs.count == 16)
        // Line 54: <tableView … keyboardDismissMode="interactive" … id="va8-7o-UYk">
        let other = try Fixtures.importing(scrollView, scene: "TableViewInContainerViewController").document
        let table = try #require(other.allElements.first { $0.source == "ScrollView.storyboard:54 va8-7o-UYk" })
        #expect(table.scroll?.keyboardDismissMode == "interactive")
        #expect(table.scroll?.alwaysBounceVertical == true)
    }

    @Test("a 600-point canvas with no device is scaled to the device, prototype cells are three rows said to be templates")
    func sizeClassCanvas() throws {
        let result = try Fixtures.importing(Fixtures.own + "/size-classes.storyboard", device: "iphone-se")
        let screen = result.document
        // No <device>; the initial view controller is a navigation controller whose root is
        // Vc0-00-003: that scene is imported, as the root of its stack (no back button).
        #expect(screen.name == "CheckoutViewController")
        #expect(screen.hidesBackButton)
        #expect(screen.comments.contains { $0.contains("600 × 600") })
        // The scroll view at y=64 (20 + 44 of bars on the canvas) starts the content; widths
        // scale by 375 / 600.
        let scroll = try #require(screen.content.children.first)
        #expect(scroll.kind == .scrollView)
        #expect(scroll.frame?.y == 0)
        #expect(scroll.frame?.width == 375)
        #expect(scroll.scroll?.keyboardDismissMode == "on-drag")
        // <tapGestureRecognizer cancelsTouchesInView="NO"> with hideKeyboard: bound to the scroll view.
        #expect(scroll.gestures == [GestureWiring(type: "tap", cancelsTouchesInView: false, action: "end-editing")])
        // The card field: x=20 width=560 on the 600 canvas, keyboardType numberPad; height kept.
        let card = try #require(screen.allElements.first { $0.placeholder == "Card number" })
        #expect(card.frame == ElementFrame(x: 12.5, y: 20, width: 350, height: 30))
        #expect(card.input?.keyboardType == "number-pad")
        // <prototypes><tableViewCell reuseIdentifier="AddressCell"> with a label "Home": three rows.
        let rows = screen.allElements.filter { $0.kind == .row }
        #expect(rows.map(\.text) == ["Home", "Home", "Home"])
        #expect(rows.map { $0.frame?.y } == [28, 72, 116])
        #expect(rows.allSatisfy { $0.comments.contains { $0.contains("prototype cell 'AddressCell'") } })
        // The Done bar button: systemItem="done", action dismissKeyboard:.
        #expect(screen.navigationItems.map(\.text) == ["Done"])
        #expect(screen.navigationItems.first?.actions == [ControlWiring(event: "touch-up-inside", action: "end-editing")])
        #expect(screen.title == "Checkout")
    }

    @Test("the scenes are listed with their classes and inputs; a container scene says why it cannot be imported")
    func scenes() throws {
        let listing = try Importer.scenes(try Fixtures.bytes(Fixtures.sharedScreens + "/iqkeyboardmanager/Settings.storyboard"))
        #expect(listing.format == "storyboard")
        // Line 15: <navigationController storyboardIdentifier="SettingsNavigationController" …>
        let navigation = try #require(listing.scenes.first)
        #expect(navigation.identifier == "SettingsNavigationController")
        #expect(navigation.line == 15)
        #expect(navigation.notImportable?.contains("navigation controller") == true)
        #expect(listing.scenes.map(\.className) == ["NavigationController", "SettingsViewController", "OptionsViewController"])
    }

    @Test("a document of several scenes needs --scene; an unknown one lists the names")
    func choosingAScene() throws {
        do {
            _ = try Fixtures.importing(special)
            Issue.record("imported without a scene")
        } catch let failure as ImportFailure {
            #expect(failure.needsChoice)
            #expect(failure.problem.message.contains("holds 8 scenes"))
        }
        do {
            _ = try Fixtures.importing(special, scene: "Nope")
            Issue.record("imported an unknown scene")
        } catch let failure as ImportFailure {
            #expect(failure.problem.message.hasPrefix("no scene is called 'Nope'"))
            #expect(failure.problem.message.contains("CustomViewController"))
        }
    }

    @Test("the legacy archive format is refused with one line saying what to do")
    func legacyArchive() throws {
        let failure = try #require(Fixtures.failure(try Fixtures.bytes(Fixtures.own + "/legacy.xib"), name: "legacy.xib"))
        #expect(failure.problem.line == 2)
        #expect(failure.problem.message.contains("legacy Interface Builder archive"))
        #expect(failure.problem.message.contains("open and save it in a current Xcode"))
        #expect(!failure.needsChoice)
    }
}
