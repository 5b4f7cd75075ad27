import TapawayImport
import TapawayScreen
import Testing

/// Android layouts, laid out approximately; the kinds, ids, traits and the manifest's
/// `windowSoftInputMode` are read from the files and checked exactly.
@Suite("Android layout import")
struct AndroidLayoutImportTests {
    let folder = Fixtures.sharedScreens + "/wikipedia-android"

    @Test("the login layout: a TextInputLayout is its field, with the layout's id and hint; order and kinds hold")
    func login() throws {
        let screen = try Fixtures.importing(folder + "/activity_login.xml").document
        #expect(screen.platform == .android)
        #expect(screen.device == "android")
        #expect(screen.comments.first?.contains("approximate layout") == true)
        // <TextInputLayout android:id="@+id/login_username_text" android:hint="@string/login_username_hint">
        //   <PlainPasteEditText android:inputType="textNoSuggestions" …/>
        let username = try screen.required("login_username_text")
        #expect(username.kind == .textField)
        #expect(username.placeholder == "login username hint")
        #expect(username.input?.secure == false)
        // android:inputType="textPassword"
        let password = try screen.required("login_password_input")
        #expect(password.input?.secure == true)
        // android:visibility="gone" on login_2fa_text: left out, and said.
        #expect(screen.element("login_2fa_text") == nil)
        // <Button android:id="@+id/login_button" android:text="@string/menu_login"/>
        let button = try screen.required("login_button")
        #expect(button.kind == .button)
        #expect(button.text == "menu login")
        // The vertical LinearLayout stacks them in the file's order.
        let ys = try ["login_username_text", "login_password_input", "login_button", "login_create_account_button"].map {
            try #require(try screen.required($0).frame?.y)
        }
        #expect(ys[0] < ys[1] && ys[1] < ys[2])
        // The ScrollView is pushed down by android:layout_marginTop="?attr/actionBarSize" (56 dp).
        let scroll = try #require(screen.allElements.first { $0.kind == .scrollView })
        #expect(scroll.frame?.y == 56)
        // <include layout="@layout/group_captcha"/>: said, not guessed.
        #expect(try screen.required("captcha_container").comments.contains { $0.contains("group_captcha") })
        // Every element cites its start tag's line.
        let lines = try Fixtures.lines(folder + "/activity_login.xml")
        for element in screen.allElements {
            let source = try #require(element.source)
            let line = try #require(Int(source.split(separator: " ")[0].split(separator: ":")[1]))
            #expect(lines[line - 1].trimmingPrefix(while: { $0 == " " }).hasPrefix("<"), "\(source)")
        }
    }

    @Test("the manifest's windowSoftInputMode for the activity the layout's name implies becomes the avoidance")
    func manifest() throws {
        let manifest = folder + "/AndroidManifest.xml"
        let screen = try Fixtures.importing(folder + "/activity_create_account.xml") { request in
            request.manifest = ("AndroidManifest.xml", try Fixtures.bytes(manifest))
        }.document
        // Lines 186-189: <activity android:name=".createaccount.CreateAccountActivity" …
        //   android:windowSoftInputMode="stateAlwaysHidden|adjustResize"
        #expect(screen.avoidance == "adjust-resize")
        #expect(screen.comments.contains { $0.contains("CreateAccountActivity") && $0.contains("AndroidManifest.xml:186") })
        // --activity naming one that does not exist is the user's to fix.
        do {
            _ = try Fixtures.importing(folder + "/activity_login.xml") { request in
                request.manifest = ("AndroidManifest.xml", try Fixtures.bytes(manifest))
                request.activity = "NoSuchActivity"
            }
            Issue.record("imported with an unknown activity")
        } catch let failure as ImportFailure {
            #expect(failure.needsChoice)
            #expect(failure.problem.message.contains("no activity NoSuchActivity"))
        }
    }

    @Test("with a dump of the same screen, bounds come from the dump, matched by id")
    func dumpBounds() throws {
        let screen = try Fixtures.importing(folder + "/activity_login.xml") { request in
            request.dump = ("login.uiautomator.xml", try Fixtures.bytes(Fixtures.own + "/login.uiautomator.xml"))
        }.document
        // The dump's login_button: bounds [48,708][1032,852] at 3 px a point is x 16, y 236 on
        // the screen, 328 × 48; the screen's content starts under the 24-point status bar.
        let button = try screen.required("login_button")
        var y = button.frame?.y ?? 0
        var x = button.frame?.x ?? 0
        var parent = screen.content
        // The frame is relative to its parent: add the parents' offsets.
        while let next = parent.children.first(where: { child in child.allElements.contains { $0.id == "login_button" } }),
            next.id != "login_button"
        {
            y += next.frame?.y ?? 0
            x += next.frame?.x ?? 0
            parent = next
        }
        #expect(x == 16)
        #expect(y == 236 - 24)
        #expect(button.frame?.width == 328)
        #expect(button.frame?.height == 48)
        #expect(screen.comments.contains { $0.contains("come from the dump login.uiautomator.xml") })
    }
}

/// A RelativeLayout's `layout_below` chain, written for this test: each view sits under the one
/// it names, with its top margin; one held to the parent's bottom sits there; centred ones are.
@Suite("Android RelativeLayout import")
struct RelativeLayoutImportTests {
    @Test("layout_below stacks, layout_alignParentBottom pins to the bottom, layout_centerHorizontal centres")
    func relativeChain() throws {
        let screen = try Fixtures.importing(Fixtures.own + "/relative-sign-in.xml").document
        // padding 24 dp; logo 40 dp below the top, 40 high; email 32 below it (48 high, a field's
        // wrap_content); password 12 below; the button 20 below.
        let logo = try screen.required("logo")
        #expect(logo.frame == ElementFrame(x: 24 + (360 - 48 - 120) / 2, y: 24 + 40, width: 120, height: 40))
        let email = try screen.required("email")
        #expect(email.frame == ElementFrame(x: 24, y: 64 + 40 + 32, width: 312, height: 48))
        #expect(email.input?.keyboardType == "email")
        #expect(email.input?.returnKey == "next")
        #expect(email.input?.returnAction == "next")
        let password = try screen.required("password")
        #expect(password.frame?.y == Double(136 + 48 + 12))
        #expect(password.input?.secure == true)
        #expect(password.input?.returnKey == "done")
        #expect(try screen.required("sign_in").frame?.y == Double(196 + 48 + 20))
        // android:clickable="true" on a TextView: a button; at the parent's bottom, above its padding:
        // the screen's content is 800 - 24 (status bar) - 48 (navigation bar) = 728 high.
        let signUp = try screen.required("sign_up")
        #expect(signUp.kind == .button)
        #expect(signUp.frame.map { $0.y + $0.height } == Double(728 - 24))
        // A RelativeLayout's child with no vertical rule is at the top, as Android places it: no note.
        #expect(!screen.comments.contains { $0.contains("no vertical constraint") })
    }
}
