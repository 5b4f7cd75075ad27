import Testing

@testable import TapawayScreen

/// Screen files read into the model: defaults for what is optional, and one problem per thing
/// wrong, with its line, column and place in the tree.
@Suite("Screen files")
struct ScreenReaderTests {
    func problems(_ text: String) -> [String] {
        do {
            _ = try ScreenReader.read(text)
            return []
        } catch {
            return error.problems.map(\.description)
        }
    }

    @Test("the three shipped screens read, and plain and chat are the standard form changed only where they say")
    func shipped() throws {
        for name in ShippedScreens.names {
            let text = try #require(ShippedScreens.text(of: name))
            #expect(problems(text).isEmpty, "\(name)")
        }
        let standard = try #require(ShippedScreens.document("standard"))
        let plain = try #require(ShippedScreens.document("plain"))
        let chat = try #require(ShippedScreens.document("chat"))
        #expect(standard.inputIDs == ["name", "email", "password", "phone", "notes"])
        #expect(standard.content.scroll?.scrolls == true)
        #expect(plain.content.scroll?.scrolls == false)
        #expect(plain.content.children == standard.content.children)
        #expect(chat.content.children == standard.content.children)
        #expect(standard.bottomBar == nil && plain.bottomBar == nil)
        #expect(chat.bottomBar?.allElements.compactMap(\.id) == ["composer", "message", "send"])
        #expect(
            standard.backgroundTap == BackgroundProbe(below: "submit", dx: 4, dy: 10, position: standard.backgroundTap?.position))
    }

    @Test("a small hand-written screen takes the defaults for all it leaves out")
    func defaults() throws {
        let document = try ScreenReader.read(
            """
            { "version": 1,
              "content": { "kind": "view", "children": [
                { "kind": "text-field", "id": "code", "frame": { "x": 16, "y": 100, "width": 200, "height": 40 } },
                { "kind": "button", "id": "go", "text": "Go" } ] } }
            """)
        let field = try #require(document.element("code"))
        #expect(field.frame == ElementFrame(x: 16, y: 100, width: 200, height: 40))
        #expect(field.input == TextInputTraits())
        #expect(field.hidden == false && field.enabled && field.interactive == nil)
        let button = try #require(document.element("go"))
        #expect(button.frame == nil)
        #expect(button.placement == StackPlacement(height: 42, gap: 8))
        #expect(field.position == SourcePosition(line: 3, column: 5))
        #expect(document.platform == nil && document.bottomBar == nil)
    }

    @Test(
        "each problem is one line with its place, and reading goes on to find the others",
        arguments: [
            (
                """
                { "version": 1, "content": { "kind": "view", "children": [
                  { "kind": "buton" } ] } }
                """,
                [
                    "2:13: 'kind' must be one of view, control, label, text, image, button, switch, slider, segmented, text-field, text-view, search-bar, scroll-view, table, row, tab-bar, toolbar (at content.children[0].kind)"
                ]
            ),
            (
                """
                { "version": 1, "content": { "kind": "view", "children": [
                  { "kind": "label", "txt": "Hi" },
                  { "kind": "button", "frame": { "x": 0, "y": 0, "width": -3, "height": 4 } } ] } }
                """,
                [
                    "2:22: unknown key 'txt' in a label; known keys: comment, enabled, focusableInTouchMode, fontSize, frame, gap, gestures, height, hidden, id, inset, interactive, kind, minHeight, secondary, source, tapRegion, text, textFieldTapRegion, width (at content.children[0].txt)",
                    "3:59: 'width' is -3.0; a size may not be negative (at content.children[1].frame.width)",
                ]
            ),
            (
                """
                { "version": 2, "content": { "kind": "label" } }
                """,
                [
                    "1:14: 'version' must be 1, the format this Tapaway reads (at version)",
                    "1:28: the content must be a view, a control, a scroll view or a table, not a label (at content)",
                ]
            ),
        ])
    func problemLines(text: String, expected: [String]) {
        #expect(problems(text) == expected)
    }

    @Test("Android's windowSoftInputMode is read as the manifest documents it, and clashes with avoidance")
    func softInputMode() throws {
        func avoidance(_ mode: String, root: String = "scroll-view") throws -> String? {
            try ScreenReader.read(
                #"{ "version": 1, "windowSoftInputMode": "\#(mode)", "content": { "kind": "\#(root)" } }"#
            ).avoidance
        }
        #expect(try avoidance("adjustResize") == "adjust-resize")
        #expect(try avoidance("stateAlwaysHidden|adjustPan") == "adjust-pan")
        #expect(try avoidance("adjustNothing|stateVisible") == "none")
        // "If there is such a view [one that can scroll its contents], the window will be resized".
        #expect(try avoidance("adjustUnspecified") == "adjust-resize")
        #expect(try avoidance("stateHidden", root: "view") == "adjust-pan")
        #expect(
            problems(#"{ "version": 1, "windowSoftInputMode": "adjustPan|adjustResize", "content": { "kind": "view" } }"#)
                == [
                    "1:40: 'windowSoftInputMode' is 'adjustPan|adjustResize': 'adjustResize' is the second value of its group (one state… and one adjust… value at most) (at windowSoftInputMode)"
                ])
        #expect(problems(#"{ "version": 1, "windowSoftInputMode": "adjustSize", "content": { "kind": "view" } }"#).count == 1)
        #expect(
            problems(
                #"{ "version": 1, "avoidance": "insets", "windowSoftInputMode": "adjustPan", "content": { "kind": "view" } }"#
            ).first?.contains("give 'avoidance' or 'windowSoftInputMode', not both") == true)
        let keyed = try ScreenReader.read(
            #"{ "version": 1, "keyboard": "hardware", "avoidance": "kav-padding", "content": { "kind": "view" } }"#)
        #expect(keyed.keyboard == "hardware" && keyed.avoidance == "kav-padding")
        #expect(problems(#"{ "version": 1, "keyboard": "bluetooth", "content": { "kind": "view" } }"#).count == 1)
        // obscuresBackground is a search bar's (its search controller's), not a text field's.
        let search = try ScreenReader.read(
            #"{ "version": 1, "content": { "kind": "view", "children": [ { "kind": "search-bar", "id": "s", "obscuresBackground": true } ] } }"#
        )
        #expect(search.element("s")?.input?.obscuresBackground == true)
        #expect(
            problems(
                #"{ "version": 1, "content": { "kind": "view", "children": [ { "kind": "text-field", "obscuresBackground": true } ] } }"#
            ).first?.contains("unknown key 'obscuresBackground' in a text-field") == true)
    }

    @Test("a navigation bar's items are buttons the bar places, and their ids are the screen's")
    func navigationItems() throws {
        let document = try ScreenReader.read(
            """
            { "version": 1, "navigationBar": { "items": [
                { "kind": "button", "id": "save", "text": "Save",
                  "actions": [ { "event": "touch-up-inside", "action": "app:save" } ] },
                { "kind": "button", "id": "share", "text": "Share", "enabled": false } ] },
              "content": { "kind": "view" } }
            """)
        #expect(document.navigationItems.map(\.id) == ["save", "share"])
        #expect(document.navigationItems.first?.actions.first?.action == "app:save")
        #expect(document.navigationItems.last?.enabled == false)
        #expect(document.element("share")?.position?.line == 4)
        #expect(
            problems(
                #"{ "version": 1, "navigationBar": { "items": [ { "kind": "switch", "id": "s" } ] }, "content": { "kind": "view" } }"#
            ) == ["1:57: a navigation bar's item must be a button (at navigationBar.items[0].kind)"])
        #expect(
            problems(
                #"{ "version": 1, "navigationBar": { "items": [ { "kind": "button", "height": 30 } ] }, "content": { "kind": "view" } }"#
            ).first?.contains("a navigation bar's item takes no 'height'") == true)
        #expect(
            problems(
                #"{ "version": 1, "navigationBar": { "items": [ { "kind": "button", "id": "a" } ] }, "content": { "kind": "view", "children": [ { "kind": "button", "id": "a" } ] } }"#
            ).count == 1, "ids are unique across the bar and the content")
        #expect(
            problems(#"{ "version": 1, "navigationBar": { "leftItems": [] }, "content": { "kind": "view" } }"#).first?
                .contains("unknown key 'leftItems'") == true)
    }

    @Test("a sheet: its content, detent, dim and dismissal, with UIKit's defaults")
    func sheet() throws {
        let document = try ScreenReader.read(
            #"{ "version": 1, "content": { "kind": "view" }, "sheet": { "content": { "kind": "scroll-view", "children": [ { "kind": "text-field", "id": "note" } ] } } }"#
        )
        let sheet = try #require(document.sheet)
        #expect(sheet.detent == "large" && sheet.dimmed && sheet.dismissible)
        #expect(document.inputIDs == ["note"])
        let given = try #require(
            try ScreenReader.read(
                #"{ "version": 1, "content": { "kind": "view" }, "sheet": { "detent": "medium", "dimmed": false, "dismissible": false, "content": { "kind": "view" } } }"#
            ).sheet)
        #expect(given.detent == "medium" && !given.dimmed && !given.dismissible)
        #expect(given.position == SourcePosition(line: 1, column: 57))
        // disablesAutomaticKeyboardDismissal: left out, UIKit's default (nil); given, as written;
        // a boolean only, and written back as read.
        #expect(sheet.disablesAutomaticKeyboardDismissal == nil)
        let keeps =
            #"{ "version": 1, "content": { "kind": "view" }, "sheet": { "style": "form", "disablesAutomaticKeyboardDismissal": false, "content": { "kind": "view" } } }"#
        let overridden = try #require(try ScreenReader.read(keeps).sheet)
        #expect(overridden.disablesAutomaticKeyboardDismissal == false)
        #expect(
            try ScreenReader.read(ScreenWriter.text(ScreenReader.read(keeps))).sheet?.disablesAutomaticKeyboardDismissal == false)
        #expect(
            problems(keeps.replacingOccurrences(of: "false", with: #""no""#)).count == 1, "a string where a boolean goes")
        #expect(
            problems(#"{ "version": 1, "content": { "kind": "view" }, "sheet": { "detent": "small" } }"#).count == 2,
            "the detent, and no content")
        #expect(
            problems(#"{ "version": 1, "content": { "kind": "view" }, "sheet": { "content": { "kind": "button" } } }"#).first?
                .contains("a sheet's content must be a view, a control, a scroll view or a table") == true)
        #expect(
            problems(#"{ "version": 1, "content": { "kind": "view", "children": [ { "kind": "label", "id": "sheet" } ] } }"#)
                .count == 1, "the sheet's own id is reserved")
    }

    @Test("ids are unique, the program's own are refused, and references resolve")
    func ids() {
        let found = problems(
            """
            { "version": 1, "backgroundTap": { "below": "nowhere" },
              "content": { "kind": "view", "children": [
                { "kind": "button", "id": "ok" },
                { "kind": "button", "id": "ok" },
                { "kind": "button", "id": "key-a" },
                { "kind": "button", "id": "has space" } ] } }
            """)
        #expect(found.contains { $0.hasPrefix("1:34: 'below' names 'nowhere'") })
        #expect(found.contains { $0.hasPrefix("4:5: the id 'ok' is used twice (first at line 3)") })
        #expect(found.contains { $0.hasPrefix("5:31: the id 'key-a' is the program's own") })
        #expect(found.contains { $0.hasPrefix("6:31: the id 'has space' must be 1 to 64 letters") })
    }

    @Test("wiring is read with its place, and a bad action or event is named")
    func wiring() throws {
        let document = try ScreenReader.read(
            """
            { "version": 1, "platform": "uikit",
              "content": { "kind": "control", "id": "bg",
                "actions": [ { "event": "touch-down", "action": "end-editing" } ],
                "gestures": [ { "type": "tap", "cancelsTouchesInView": false, "action": "app:logTap" } ] } }
            """)
        let root = try #require(document.element("bg"))
        #expect(
            root.actions == [
                ControlWiring(event: "touch-down", action: "end-editing", position: SourcePosition(line: 3, column: 18))
            ])
        #expect(root.gestures.first?.cancelsTouchesInView == false)
        #expect(root.gestures.first?.action == "app:logTap")
        let bad = problems(
            """
            { "version": 1, "content": { "kind": "control",
              "actions": [ { "event": "tap", "action": "dismiss" } ] } }
            """)
        #expect(bad.count == 2)
        #expect(bad.first?.hasPrefix("2:27: 'event' is 'tap'; it must be one of touch-down") == true)
    }

    @Test("too many elements or too deep a tree is one problem, not a crash")
    func elementLimits() {
        let many = (0..<2_100).map { "{ \"kind\": \"label\", \"text\": \"\($0)\" }" }.joined(separator: ",")
        let wide = problems("{ \"version\": 1, \"content\": { \"kind\": \"view\", \"children\": [\(many)] } }")
        #expect(wide.count == 1)
        #expect(wide.first?.contains("more than 2000 elements") == true)
        var deep = "{ \"kind\": \"view\" }"
        for _ in 0..<30 { deep = "{ \"kind\": \"view\", \"children\": [\(deep)] }" }
        let nested = problems("{ \"version\": 1, \"content\": \(deep) }")
        #expect(nested.count == 1)
        #expect(nested.first?.contains("elements nested more than 24 deep") == true)
    }

    @Test("a fuzzed standard screen is read or refused, never a crash, and every problem has a place")
    func fuzz() throws {
        let original = Array(try #require(ShippedScreens.text(of: "standard")).utf8)
        var random = SplitMix(seed: 0x7A9A_3A7A)
        var refused = 0
        for _ in 0..<3_000 {
            var bytes = original
            for _ in 0..<(1 + Int(random.next() % 4)) {
                let at = Int(random.next() % UInt64(bytes.count))
                switch random.next() % 4 {
                case 0: bytes[at] = UInt8(truncatingIfNeeded: random.next())
                case 1: bytes.remove(at: at)
                case 2: bytes.insert(Array("{}[]\",:0-e\\".utf8)[Int(random.next() % 11)], at: at)
                default: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + 40)], at: at)
                }
            }
            do {
                _ = try ScreenReader.read(bytes)
            } catch {
                refused += 1
                #expect(!error.problems.isEmpty)
                #expect(error.problems.allSatisfy { $0.position.line >= 1 && $0.position.column >= 1 })
            }
        }
        #expect(refused > 1_000, "most mutations break the file")
    }
}

/// A small seeded generator, so that the fuzz test is the same each run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
