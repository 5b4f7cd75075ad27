import TapawayKit
import TapawayScreen
import Testing

@testable import TapawayDemo

/// The audit: its findings on the standard form agree with the matrix, and on small screens
/// built for one rule each they say what the platform's documentation says will happen.
@MainActor
@Suite("Audit")
struct AuditTests {
    /// The standard form audited under every technique, once for the suite.
    static let standard = Audit(
        document: ScreenLayout.form.document, named: "standard", techniques: TechniqueID.allCases)
    /// The matrix's cells, once for the suite.
    static let matrix = DismissalMatrix.cells()

    func findings(_ kind: FindingKind, _ technique: TechniqueID, _ element: String) -> [AuditFinding] {
        Self.standard.findings.filter { $0.kind == kind && $0.technique == technique && $0.element == element }
    }

    func code(_ technique: TechniqueID, _ number: Int) -> String {
        Self.matrix.first { $0.0 == technique }?.1.first { $0.number == number }?.code ?? ""
    }

    @Test("every ✗ of the matrix is a first-tap-eaten or selection-swallowed finding, and every such finding a ✗")
    func eatenTapsAgree() {
        for technique in TechniqueID.allCases {
            for (number, element, kind) in [
                (5, "submit", FindingKind.firstTapEaten), (10, "subscribe", .firstTapEaten), (12, "row-2", .selectionSwallowed),
            ] {
                let eaten = code(technique, number).hasSuffix("✗")
                let found = findings(kind, technique, element).contains { $0.focuses.contains("name") }
                #expect(eaten == found, "\(technique) case \(number): \(code(technique, number)), finding \(found)")
            }
        }
    }

    @Test("a tap that resigns and acts in the matrix is a dismiss-also-acts finding, and the reverse")
    func dismissAndActAgree() {
        for technique in TechniqueID.allCases {
            for (number, element) in [(5, "submit"), (10, "subscribe"), (12, "row-2")] {
                let cell = code(technique, number)
                let both = cell.hasPrefix("R") && cell.hasSuffix("✓")
                let found = findings(.dismissAlsoActs, technique, element).contains { $0.focuses.contains("name") }
                #expect(both == found, "\(technique) case \(number): \(cell), finding \(found)")
            }
        }
    }

    @Test("moving from name to email: the matrix's M is no finding, its M~ a keyboard bounce, anything else two taps")
    func fieldSwitchAgrees() {
        for technique in TechniqueID.allCases {
            let cell = code(technique, 4)
            let twoTaps = findings(.twoTapsToSwitch, technique, "email").contains { $0.focuses.contains("name") }
            let bounce = findings(.keyboardBouncesBetweenFields, technique, "email").contains { $0.focuses.contains("name") }
            #expect(twoTaps == !cell.hasPrefix("M"), "\(technique): \(cell)")
            #expect(bounce == (cell == "M~"), "\(technique): \(cell)")
        }
    }

    @Test("a technique whose background tap resigns has safe tap points; one whose tap keeps focus has none")
    func safePointsAgree() {
        for technique in TechniqueID.allCases {
            let resigns = code(technique, 2).hasPrefix("R")
            let safe = Self.standard.findings.first { $0.kind == .safeTapPoints && $0.technique == technique }
            #expect((safe != nil) == resigns, "\(technique): case 2 is \(code(technique, 2))")
            #expect(safe.map { !$0.points.isEmpty } ?? true)
        }
    }

    @Test("findings carry the evidence of the case they stand for, and an inferred one is not confident")
    func evidenceInherited() throws {
        let swallowed = try #require(findings(.selectionSwallowed, .tapGesture, "row-2").first)
        #expect(swallowed.evidence == MatrixEvidence.level(.tapGesture, case: 12))
        #expect(swallowed.evidence == .documented && swallowed.confident)
        for finding in Self.standard.findings where finding.evidence == .inferred { #expect(!finding.confident) }
        // --fail-on counts confident findings only.
        let inferredOnly = Self.standard.findings.filter { !$0.confident }
        #expect(!inferredOnly.isEmpty)
    }

    @Test("notes is under the keyboard on the default device unless the avoidance moves it")
    func coverOfNotes() {
        // The README: on the default device the keypad covers `notes` (no avoidance of its own
        // for send-event); background-control shrinks its scroll view and scrolls it into view.
        #expect(!findings(.hiddenUnderKeyboard, .sendEvent, "notes").isEmpty)
        #expect(findings(.hiddenUnderKeyboard, .sendEvent, "name").isEmpty)
        #expect(findings(.hiddenUnderKeyboard, .backgroundControl, "notes").isEmpty)
    }

    @Test("the four outputs say the same findings")
    func outputs() throws {
        let audit = Self.standard
        let json = audit.json().serialized
        #expect(json.contains("\"findings\":["))
        #expect(json.contains("\"kind\":\"selection-swallowed\""))
        let text = audit.text()
        #expect(text.hasPrefix("Audit of standard: \(audit.findings.count) findings"))
        #expect(text.contains("HIGH  Row selection swallowed"))
        let markdown = audit.markdown()
        #expect(
            markdown.split(separator: "\n").filter {
                $0.hasPrefix("| high") || $0.hasPrefix("| medium") || $0.hasPrefix("| info")
            }.count
                == audit.findings.count)
        let maestro = audit.maestro()
        #expect(maestro.contains("- tapOn:\n    point: \""))
        #expect(maestro.split(separator: "\n").filter { $0 == "- tapOn:" }.count == 1)
    }

    // MARK: Small screens, one rule each

    func audit(_ text: String, _ technique: TechniqueID) throws -> Audit {
        Audit(document: try ScreenReader.read(text), named: "test", techniques: [technique])
    }

    /// Apple: "The default value of this property is YES when the modal presentation style of the
    /// view controller is set to UIModalPresentationFormSheet" (`disablesAutomaticKeyboardDismissal`);
    /// on the iPad "the keyboard, once shown, is not hidden until the user taps the dismiss key or the
    /// modal view controller is programmatically dismissed".
    @Test("a form sheet on iPad: send-event ends editing and the keyboard stays, a documented keyboard-stays finding")
    func formSheetKeyboardStays() throws {
        let sheet = """
            { "version": 1, "platform": "uikit", "device": "ipad",
              "content": { "kind": "view", "children": [ { "kind": "label", "id": "caption", "text": "Events" } ] },
              "sheet": { "style": "form"KEEP, "content": { "kind": "view", "id": "card", "layout": { "padding": [16, 16, 16, 16] },
                "children": [ { "kind": "text-field", "id": "title" }, { "kind": "view", "id": "blank", "height": 200 } ] } } }
            """
        let kept = try audit(sheet.replacingOccurrences(of: "KEEP", with: ""), .sendEvent)
        let found = try #require(kept.findings.first { $0.kind == .keyboardStays })
        #expect(found.element == "title" && found.focuses == ["title"])
        #expect(found.evidence == .documented)
        #expect(found.fix.contains("disablesAutomaticKeyboardDismissal"))
        #expect(FindingKind.keyboardStays.severity == .medium)
        // The sheet's controller answering false: editing ends and the keyboard goes with it.
        let overridden = try audit(
            sheet.replacingOccurrences(of: "KEEP", with: #", "disablesAutomaticKeyboardDismissal": false"#), .sendEvent)
        #expect(!overridden.findings.contains { $0.kind == .keyboardStays })
        #expect(overridden.findings.contains { $0.kind == .safeTapPoints }, "a tap on the card's background still ends editing")
        // On an iPhone the form sheet is a page sheet: no kept keyboard.
        let phone = try audit(
            sheet.replacingOccurrences(of: "KEEP", with: "").replacingOccurrences(of: "\"ipad\"", with: "\"iphone-15\""),
            .sendEvent)
        #expect(!phone.findings.contains { $0.kind == .keyboardStays })
    }

    @Test("a screen file's device and orientation are the audit's, unless an option names another")
    func fileDevice() throws {
        let file = """
            { "version": 1, "device": "iphone-se", "orientation": "landscape",
              "content": { "kind": "view", "children": [ { "kind": "text-field", "id": "field" } ] } }
            """
        #expect(try audit(file, .sendEvent).runs.first?.device == "iphone-se landscape")
        let chosen = Audit(
            document: try ScreenReader.read(file), named: "test", techniques: [.sendEvent],
            options: [OptionAssignment(key: OptionKey(nil, "device"), value: "iphone-15")])
        #expect(chosen.runs.first?.device == "iphone-15 landscape")
    }

    @Test("a screen file's keyboard and avoidance (or Android's windowSoftInputMode) are the audit's")
    func fileKeyboardAndAvoidance() throws {
        // A field low on a scroll view: the keyboard covers it unless the screen avoids it.
        func file(_ keys: String) -> String {
            """
            { "version": 1, \(keys) "content": { "kind": "scroll-view", "children": [ { "kind": "view",
              "children": [ { "kind": "view", "height": 560 }, { "kind": "text-field", "id": "low" } ] } ] } }
            """
        }
        func overlap(_ keys: String) throws -> Double? {
            try audit(file(keys), .sendEvent).runs.first?.covers.first { $0.input == "low" }?.overlap
        }
        #expect(try overlap("") ?? 0 > 0, "send-event leaves the keyboard over the form")
        // "adjustNothing": the window neither resizes nor pans.
        #expect(try overlap(#""windowSoftInputMode": "stateHidden|adjustNothing","#) ?? 0 > 0)
        // "adjustResize": the window shrinks and the scroll view shows the focused field.
        #expect(try overlap(#""windowSoftInputMode": "adjustResize","#) == 0)
        // adjustUnspecified with a scroll view at the root: "the window will be resized".
        #expect(try overlap(#""windowSoftInputMode": "stateVisible","#) == 0)
        #expect(try overlap(#""avoidance": "insets","#) == 0)
        // A hardware keyboard shows no keys: nothing covers the field.
        #expect(try overlap(#""keyboard": "hardware","#) == 0)
        // The file's choices are the option's.
        #expect(AvoidanceOption.avoidance.values.map(\.id) == ScreenDocument.avoidanceChoices)
        #expect(KeyboardOption.keyboard.values.map(\.id) == ["software", "hardware"])
    }

    @Test("a bottom bar's controls are played where a finger can reach them: above the keyboard, not under it")
    func bottomBarInReach() throws {
        func sendCodes(avoidance: String) -> Set<String> {
            let audit = Audit(
                document: ScreenLayout.chat.document, named: "chat", techniques: [.sendEvent],
                options: [OptionAssignment(key: OptionKey(nil, "avoidance"), value: avoidance)])
            let plays = audit.runs.flatMap(\.plays).filter { play in
                if case .element("send") = play.auditCase.target { return play.auditCase.gesture == .tap }
                return false
            }
            return Set(plays.map(\.cell.code))
        }
        // Nothing avoids the keyboard: it covers the composer, so its Send is out of reach.
        #expect(sendCodes(avoidance: "none") == ["n/a"])
        // The window shrinks above the keyboard, the composer with it: Send is played.
        let lifted = sendCodes(avoidance: "adjust-resize")
        #expect(!lifted.isEmpty && !lifted.contains("n/a"))
    }

    @Test("a navigation bar's button: outside the screen's view for tap-gesture, outside the field for Flutter")
    func navigationItem() throws {
        let file = """
            { "version": 1, "navigationBar": { "items": [ { "kind": "button", "id": "save", "text": "Save" } ] },
              "content": { "kind": "view", "children": [ { "kind": "text-field", "id": "name" } ] } }
            """
        func tapOnSave(_ technique: TechniqueID) throws -> AuditPlay {
            let plays = try audit(file, technique).runs.flatMap(\.plays)
            return try #require(
                plays.first { play in
                    if case .element("save") = play.auditCase.target { return play.auditCase.gesture == .tap }
                    return false
                })
        }
        // "A gesture recognizer operates on touches hit-tested to a specific view and all of
        // that view's subviews" (UIGestureRecognizer): the bar is not under the screen's view,
        // so the recognizer never sees the tap; Save acts and the field keeps the keyboard.
        let uikit = try tapOnSave(.tapGesture)
        #expect(uikit.acted == true)
        #expect(uikit.cell.outcome.finalFocus == "name")
        // TextField's onTapOutside: "Called for each tap down that occurs outside of the
        // TextFieldTapRegion group when the text field is focused"; the app bar's button is
        // outside it and still gets its tap.
        let flutter = try tapOnSave(.flutter)
        #expect(flutter.acted == true)
        #expect(flutter.cell.outcome.finalFocus == nil)
    }

    @Test("the wiring of the bottom bar and of the navigation bar's buttons is played under As written")
    func barsWiring() throws {
        let file = """
            { "version": 1, "avoidance": "adjust-resize",
              "navigationBar": { "items": [ { "kind": "button", "id": "done", "text": "Done",
                "actions": [ { "event": "touch-up-inside", "action": "end-editing" } ] } ] },
              "content": { "kind": "view", "children": [ { "kind": "text-field", "id": "name" } ] },
              "bottomBar": { "kind": "toolbar", "children": [ { "kind": "button", "id": "close", "text": "Close",
                "actions": [ { "event": "touch-up-inside", "action": "resign" } ] } ] } }
            """
        let plays = try audit(file, .asWritten).runs.flatMap(\.plays)
        for id in ["done", "close"] {
            let tap = try #require(
                plays.first { play in
                    if case .element(id) = play.auditCase.target { return play.auditCase.gesture == .tap }
                    return false
                })
            // adjust-resize lifts the bottom bar above the keypad.
            #expect(tap.cell.code != "n/a", "\(id) is in reach")
            #expect(tap.acted == true, "\(id)")
            #expect(tap.cell.outcome.finalFocus == nil, "\(id)'s action ends editing")
        }
    }

    @Test("a search controller that obscures the background: its dim takes the rows' taps, under UIKit only")
    func searchDimming() throws {
        func file(obscures: Bool) -> String {
            """
            { "version": 1, "content": { "kind": "view", "layout": { "padding": [8, 16, 16, 16] }, "children": [
                { "kind": "search-bar", "id": "search", "obscuresBackground": \(obscures) },
                { "kind": "table", "id": "results", "height": 132, "scrolls": false, "children": [
                  { "kind": "row", "id": "first", "text": "First", "gap": 0 },
                  { "kind": "row", "id": "second", "text": "Second", "gap": 0 } ] } ] } }
            """
        }
        // "When the value of this property is true, the search controller obscures the view
        // controller containing your searchable content as soon as the user interacts with the
        // search bar" (UISearchController.obscuresBackgroundDuringPresentation). With no code of its own,
        // the app's rows do not select while the search bar is searched; the tap ends the
        // search instead (seen on devices, not documented: inferred).
        let none = try audit(file(obscures: true), .noCode)
        let swallowed = none.findings.filter { $0.kind == .selectionSwallowed }
        #expect(Set(swallowed.map(\.element)) == ["first", "second"])
        #expect(
            swallowed.allSatisfy { $0.evidence == .inferred && $0.fix.contains("obscuresBackgroundDuringPresentation = false") })
        #expect(!none.findings.contains { $0.kind == .noWayOut }, "a tap on the dim is a way out")
        // Without it, no code of its own lets the rows select and keeps the keyboard up.
        let plain = try audit(file(obscures: false), .noCode)
        #expect(!plain.findings.contains { $0.kind == .selectionSwallowed })
        // Flutter has no such dim: the key is UIKit's, and Flutter's rule plays alone.
        let flutter = try audit(file(obscures: true), .flutter)
        #expect(!flutter.findings.contains { $0.kind == .selectionSwallowed })
    }

    @Test("a sheet: another view controller's, over the screen; its dim dismisses it unless it is modal")
    func sheet() throws {
        func file(_ sheetKeys: String) -> String {
            """
            { "version": 1, "content": { "kind": "view", "children": [ { "kind": "row", "id": "behind", "text": "Behind" } ] },
              "sheet": { \(sheetKeys) "content": { "kind": "view", "id": "compose", "layout": { "padding": [8, 16, 16, 16] },
                "children": [ { "kind": "text-field", "id": "subject" }, { "kind": "button", "id": "send", "text": "Send" } ] } } }
            """
        }
        func tap(_ audit: Audit, on anchor: String) throws -> AuditPlay {
            try #require(
                audit.runs.flatMap(\.plays).first { play in
                    if case .backgroundIn(anchor, _, _) = play.auditCase.target { return true }
                    return false
                })
        }
        // "A gesture recognizer operates on touches hit-tested to a specific view and all of
        // that view's subviews": the sheet is not under the presenting screen's view, so its
        // background keeps editing on.
        let tapGesture = try audit(file(""), .tapGesture)
        #expect(try tap(tapGesture, on: "sheet").resigned == false)
        let dead = try #require(tapGesture.findings.first { $0.kind == .deadZone })
        #expect(dead.element == "compose" && dead.evidence == .inferred && dead.fix.contains("sheet's own view controller"))
        // isModalInPresentation false (the default): the dim dismisses the sheet, and the field
        // in it stops editing as it goes.
        #expect(try tap(tapGesture, on: "sheet-dimming").resigned == true)
        // Behind a dimmed sheet nothing of the screen is a target: it is modal.
        #expect(!tapGesture.runs.flatMap(\.plays).contains { $0.auditCase.target == .element("behind") })
        // The window's sendEvent sees every touch of the window, the sheet's too.
        #expect(try tap(try audit(file(""), .sendEvent), on: "sheet").resigned == true)
        // "When this property is true, UIKit ignores events outside the view controller's
        // bounds" (isModalInPresentation): a modal sheet's dim does nothing, and under
        // tap-gesture the field has no way out.
        let modal = try audit(file(#""dismissible": false,"#), .tapGesture)
        #expect(try tap(modal, on: "sheet-dimming").resigned == false)
        #expect(modal.findings.contains { $0.kind == .noWayOut && $0.element == "subject" })
        // Undimmed at the medium detent, the screen behind takes touches.
        let undimmed = try audit(file(#""detent": "medium", "dimmed": false,"#), .sendEvent)
        #expect(undimmed.runs.flatMap(\.plays).contains { $0.auditCase.target == .element("behind") && $0.played })
        #expect(
            !undimmed.runs.flatMap(\.plays).contains { play in
                if case .backgroundIn("sheet-dimming", _, _) = play.auditCase.target { return true }
                return false
            })
    }

    @Test("tap-gesture over a table: the recognizer's cancelsTouchesInView takes the row's tap (UIKit documents it)")
    func tableUnderTapGesture() throws {
        // "When this property is true (the default) and the recognizer recognizes its gesture,
        // the touches of that gesture that are pending are not delivered to the view and
        // previously delivered touches are cancelled" (UIGestureRecognizer.cancelsTouchesInView).
        let audit = try audit(
            """
            { "version": 1, "content": { "kind": "scroll-view", "children": [ { "kind": "view",
              "layout": { "padding": [16, 16, 16, 16] }, "children": [
                { "kind": "search-bar", "id": "search" },
                { "kind": "table", "id": "results", "height": 200, "children": [
                  { "kind": "row", "id": "first", "text": "First" },
                  { "kind": "row", "id": "second", "text": "Second" } ] } ] } ] } }
            """, .tapGesture)
        let swallowed = audit.findings.filter { $0.kind == .selectionSwallowed }.map(\.element)
        #expect(Set(swallowed) == ["first", "second"])
        #expect(audit.findings.first { $0.kind == .selectionSwallowed }?.position?.line == 5)
    }

    @Test("react-native never: a button in the ScrollView does not get the tap while the keyboard is up (documented)")
    func buttonUnderReactNative() throws {
        // keyboardShouldPersistTaps 'never' (the default): "tapping outside of the focused text
        // input when the keyboard is up dismisses the keyboard. When this happens, children
        // won't receive the tap."
        let audit = try audit(
            """
            { "version": 1, "content": { "kind": "scroll-view", "children": [ { "kind": "view",
              "layout": { "padding": [16, 16, 16, 16] }, "children": [
                { "kind": "text-field", "id": "code", "placeholder": "Code" },
                { "kind": "button", "id": "verify", "text": "Verify" } ] } ] } }
            """, .reactNative)
        let eaten = try #require(audit.findings.first { $0.kind == .firstTapEaten })
        #expect(eaten.element == "verify")
        #expect(eaten.fix.contains("keyboardShouldPersistTaps=\"handled\""))
    }

    @Test("none on a number pad: nothing ends editing, so there is no way out (UIKit's number pad has no Return)")
    func numberPadHasNoWayOut() throws {
        // The number pad (UIKeyboardType.numberPad) has no Return key, and with no code nothing
        // ends editing on a tap outside.
        let audit = try audit(
            """
            { "version": 1, "content": { "kind": "view", "layout": { "padding": [16, 16, 16, 16] }, "children": [
                { "kind": "text-field", "id": "pin", "keyboardType": "number-pad" } ] } }
            """, .noCode)
        #expect(audit.findings.contains { $0.kind == .noWayOut && $0.element == "pin" })
        #expect(!audit.findings.contains { $0.kind == .safeTapPoints })
    }

    @Test("a field whose delegate refuses cannot be left under a technique that asks, and can under one that forces")
    func refusingDelegate() throws {
        // textFieldShouldEndEditing returning false keeps the field first responder when it is
        // asked to resign (UITextFieldDelegate); the keyboard manager asks (resignFirstResponder,
        // matrix case 14: K), while tap-gesture's endEditing(true) forces (case 14: R↑).
        let screen = """
            { "version": 1, "content": { "kind": "view", "layout": { "padding": [16, 16, 16, 16] }, "children": [
                { "kind": "text-field", "id": "email", "refusesToResignWithout": "@" },
                { "kind": "text-field", "id": "name" } ] } }
            """
        let asks = try audit(screen, .keyboardManager)
        let stuck = try #require(asks.findings.first { $0.kind == .cannotBeLeft })
        #expect(stuck.element == "email")
        #expect(stuck.what.contains("`name`"))
        let forces = try audit(screen, .tapGesture)
        #expect(!forces.findings.contains { $0.kind == .cannotBeLeft })
    }
}

/// The Audit instrument in the window: F6 audits the screen on view under the technique on
/// view, a finding chosen is outlined, and ▶ plays its case there.
@MainActor
@Suite("Audit instrument")
struct AuditInstrumentTests {
    @Test("F6 shows the technique's findings; a finding's ▶ outlines its element and plays its case")
    func auditCard() throws {
        let h = Harness(.tapGesture)
        #expect(h.app.auditCard.isHidden)
        h.platform.application.handleKey(KeyInput(.function(6)), timestamp: h.platform.application.clock.now)
        h.platform.application.runFrame()
        #expect(!h.app.auditCard.isHidden)
        // The cases play a few each tick (8 ms of them), the window live meanwhile; the
        // findings come at the end. Counted from the key, so that a fast build still shows it.
        var ticks = 0
        while h.app.auditCard.isAuditing && ticks < 10_000 {
            h.platform.advance(by: TapawayApp.auditTick)
            ticks += 1
        }
        #expect(!h.app.auditCard.isAuditing)
        #expect(ticks > 1, "the audit took more than one tick")
        #expect(h.app.auditCard.technique == .tapGesture)
        let swallowed = try #require(
            h.app.auditCard.findings.first { $0.kind == .selectionSwallowed && $0.element == "row-2" })
        // The card's findings are the audit's for this technique, in the same order.
        let audit = Audit(document: h.app.form.document, named: "standard", techniques: [.tapGesture])
        #expect(h.app.auditCard.findings.map(\.what) == audit.findings.map(\.what))
        h.app.auditCard.setVisible(false)
        h.app.choose(swallowed, play: true)
        #expect(h.app.overlays.outlined === h.app.window.view(withIdentifier: "row-2"))
        let player = try #require(h.app.casePlayer)
        #expect(player.label == "Row selection swallowed")
        #expect(player.expected == "R↑ ✗", "the case's code under tap-gesture, as the matrix's case 12")
        h.platform.advance(by: 8)
        #expect(h.app.form.rows[1].isSelected == false)
    }
}
