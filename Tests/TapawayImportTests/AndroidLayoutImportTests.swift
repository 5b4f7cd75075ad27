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
