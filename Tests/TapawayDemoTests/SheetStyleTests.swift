import TapawayKit
import TapawayScreen
import Testing

@testable import TapawayDemo

/// A screen file's `sheet` presented as an alert or a form sheet. The expectations are Apple's
/// documentation and IQKeyboardManager's source:
/// - `UIModalPresentationStyle.formSheet`: "In a horizontally compact environment, this option
///   behaves the same as UIModalPresentationStyle.pageSheet";
/// - an alert controller is modal: "When this property is true, UIKit ignores events outside the
///   view controller's bounds" (`isModalInPresentation`), and it goes when one of its actions is
///   chosen ("UIAlertAction: An action that can be taken when the user taps a button in an
///   alert"; the alert is dismissed with it);
/// - IQKeyboardManager's `disabledTouchResignedClasses`: "Disabled classes to ignore
///   'shouldResignOnTouchOutside' property … Default is [UIAlertController,
///   UIAlertControllerTextFieldViewController]".
@MainActor
@Suite("A sheet as an alert or a form sheet")
struct SheetStyleTests {
    /// A Wi-Fi screen with an alert asking for the password, Cancel and Join.
    let alertFile = """
        { "version": 1, "content": { "kind": "view", "layout": { "padding": [16, 16, 16, 16] }, "children": [
            { "kind": "text-field", "id": "network" }, { "kind": "button", "id": "join", "text": "Join" } ] },
          "sheet": { "style": "alert", "content": { "kind": "view", "layout": { "padding": [20, 16, 0, 16] }, "children": [
            { "kind": "label", "id": "question", "text": "Password for Home" },
            { "kind": "text-field", "id": "password", "secure": true },
            { "kind": "view", "height": 44, "layout": { "axis": "horizontal" }, "children": [
              { "kind": "button", "id": "cancel", "text": "Cancel" },
              { "kind": "button", "id": "join-network", "text": "Join",
                "actions": [ { "event": "touch-up-inside", "action": "app:join" } ] } ] } ] } } }
        """

    func presenter(_ session: HeadlessSession) throws -> SheetPresenter {
        try #require(session.app.screen(for: session.app.technique).sheet)
    }

    /// Plays `step` with the alert's password field focused under `technique`.
    func play(_ step: DismissalMatrix.Step, under technique: TechniqueID) throws -> (DismissalMatrix.Cell, SheetPresenter) {
        let session = HeadlessSession(technique: technique, document: try ScreenReader.read(alertFile))
        let cell = DismissalMatrix.play(
            DismissalMatrix.Case(number: 0, title: "", focus: "password", typed: nil, step: step), in: session)
        return (cell, try presenter(session))
    }

    @Test("an alert is a card 270 points wide in the middle, over a dim of the whole screen, its field focused")
    func alertShape() throws {
        let session = HeadlessSession(technique: .noCode, document: try ScreenReader.read(alertFile))
        let sheet = try presenter(session)
        #expect(sheet.isPresented)
        let card = sheet.card.frameInScreen
        let screen = session.app.window.frameInScreen
        #expect(card.width == 270)
        #expect(abs(card.midX - screen.midX) <= 1, "\(card) in \(screen)")
        #expect(sheet.dimming.frame == sheet.dimming.superview?.bounds)
        #expect((session.platform.application.firstResponder as? View)?.identifier == "password")
    }

    @Test("a tap on an alert's dim does not dismiss it; the keyboard manager leaves the alert's field alone")
    func alertDim() throws {
        for technique in [TechniqueID.keyboardManager, .tapGesture, .noCode] {
            let (cell, sheet) = try play(.tapIn("sheet-dimming", try dimPoint()), under: technique)
            #expect(sheet.isPresented, "\(technique)")
            #expect(cell.outcome.finalFocus == "password", "\(technique): \(cell.words)")
        }
        // The window's sendEvent sees every touch of the window, the alert's dim too.
        let (sendEvent, sheet) = try play(.tapIn("sheet-dimming", try dimPoint()), under: .sendEvent)
        #expect(sheet.isPresented)
        #expect(sendEvent.outcome.finalFocus == nil, "\(sendEvent.words)")
    }

    /// The point of the alert's dim the audit taps.
    func dimPoint() throws -> Point {
        let session = HeadlessSession(technique: .noCode, document: try ScreenReader.read(alertFile))
        return try presenter(session).dimTapPoint
    }

    @Test("an alert's button runs its action and dismisses the alert, whose field stops editing")
    func alertButton() throws {
        let (cell, sheet) = try play(.tap("join-network"), under: .noCode)
        #expect(!sheet.isPresented)
        #expect(cell.outcome.actions["join-network app:join"] == 1, "\(cell.words)")
        #expect(cell.outcome.finalFocus == nil, "\(cell.words)")
    }

    @Test("the audit finds no dead zone in an alert, nor a dismissing tap in its buttons: that is what an alert is")
    func alertAudit() throws {
        let audit = Audit(document: try ScreenReader.read(alertFile), named: "test", techniques: [.tapGesture, .sendEvent])
        let kinds = audit.findings.filter { $0.kind != .safeTapPoints }.map { "\($0.technique) \($0.kind) \($0.element)" }
        #expect(kinds.isEmpty, "\(kinds)")
        // The alert's buttons were played, and each ended editing as the alert went.
        let buttons = audit.runs.flatMap(\.plays).filter { $0.auditCase.target == .element("cancel") }
        #expect(!buttons.isEmpty && buttons.allSatisfy(\.resigned))
    }

    /// An alert that asks whether to discard a draft, presented while the screen's `to` field was
    /// editing (`focusedBehind`).
    let discardFile = """
        { "version": 1, "content": { "kind": "view", "layout": { "padding": [16, 16, 16, 16] }, "children": [
            { "kind": "text-field", "id": "to" }, { "kind": "text-field", "id": "subject" } ] },
          "sheet": { "style": "alert", "focusedBehind": "to", "content": { "kind": "view",
            "layout": { "padding": [20, 16, 0, 16] }, "children": [
              { "kind": "label", "text": "Discard the draft?" },
              { "kind": "view", "height": 44, "layout": { "axis": "horizontal" }, "children": [
                { "kind": "button", "id": "keep", "text": "Keep" }, { "kind": "button", "id": "discard", "text": "Discard" } ] } ] } } }
        """

    /// Inferred, not documented: around a presentation UIKit takes the keyboard away and gives
    /// the field that was editing its focus back when the presented controller goes (the
    /// keyboard comes back after an alert, as developers report).
    @Test("an alert over a focused field: the field stops editing while it is up and takes its focus back after")
    func alertOverAField() throws {
        let session = HeadlessSession(technique: .noCode, document: try ScreenReader.read(discardFile))
        let p = session.platform
        let sheet = try presenter(session)
        #expect(sheet.isPresented && p.application.firstResponder == nil)
        #expect(p.application.keyboard.state == .hidden)
        p.tap(try #require(session.app.window.view(withIdentifier: "keep")))
        p.settle()
        #expect(!sheet.isPresented)
        #expect((p.application.firstResponder as? View)?.identifier == "to")
        #expect(p.application.keyboard.state != .hidden)
        // Presented again from the sidebar while `subject` edits: that one is given back.
        p.tap(try #require(session.app.window.view(withIdentifier: "subject")))
        p.settle()
        session.app.presentSheet()
        p.settle()
        #expect(p.application.firstResponder == nil)
        p.tap(try #require(session.app.window.view(withIdentifier: "discard")))
        p.settle()
        #expect((p.application.firstResponder as? View)?.identifier == "subject")
    }

    /// A form sheet with one field.
    let formFile = """
        { "version": 1, "content": { "kind": "view", "children": [ { "kind": "text-field", "id": "behind" } ] },
          "sheet": { "style": "form", "content": { "kind": "view", "layout": { "padding": [16, 16, 16, 16] }, "children": [
            { "kind": "text-field", "id": "subject" } ] } } }
        """

    @Test("a form sheet is a card in the middle of an iPad, and a page sheet on a phone")
    func formSheet() throws {
        let pad = HeadlessSession(
            technique: .noCode, document: try ScreenReader.read(formFile), size: Size(width: 1600, height: 1300))
        #expect(pad.app.setOption(OptionKey(nil, "device"), to: "ipad"))
        pad.platform.settle()
        let padCard = try presenter(pad).card.frameInScreen
        let padScreen = pad.app.window.frameInScreen
        #expect(padCard.width == 540, "\(padCard)")
        #expect(abs(padCard.midX - padScreen.midX) <= 1 && padCard.minY > padScreen.minY + 100, "\(padCard) in \(padScreen)")
        let phone = HeadlessSession(technique: .noCode, document: try ScreenReader.read(formFile))
        let phoneCard = try presenter(phone).card.frameInScreen
        let phoneScreen = phone.app.window.frameInScreen
        #expect(phoneCard.width == phoneScreen.width, "\(phoneCard)")
        #expect(phoneCard.maxY >= phoneScreen.maxY - 1, "a page sheet reaches the bottom: \(phoneCard) in \(phoneScreen)")
    }

    /// A note with a Format button whose popover holds a size field.
    let popoverFile = """
        { "version": 1, "content": { "kind": "view", "layout": { "padding": [16, 16, 16, 16] }, "children": [
            { "kind": "text-view", "id": "note", "height": 300 },
            { "kind": "button", "id": "format", "text": "Format", "width": 120,
              "actions": [ { "event": "touch-up-inside", "action": "app:format" } ] } ] },
          "sheet": { "style": "popover", "anchor": "format", "content": { "kind": "view",
            "layout": { "padding": [12, 12, 12, 12] }, "children": [ { "kind": "text-field", "id": "size" } ] } } }
        """

    /// A session on the popover file on an iPad.
    func padSession(_ technique: TechniqueID) throws -> HeadlessSession {
        let session = HeadlessSession(
            technique: technique, document: try ScreenReader.read(popoverFile), size: Size(width: 1600, height: 1300))
        #expect(session.app.setOption(OptionKey(nil, "device"), to: "ipad"))
        session.platform.settle()
        return session
    }

    /// `UIPopoverPresentationController.passthroughViews`: "When a popover is active,
    /// interactions with other views are normally disabled until the popover is dismissed";
    /// a tap outside dismisses it (`isModalInPresentation` false, the default).
    @Test("a popover points from its anchor on an iPad; a tap outside dismisses it and reaches nothing under it")
    func popover() throws {
        let session = try padSession(.noCode)
        let sheet = try presenter(session)
        let card = sheet.card.frameInScreen
        let anchor = try #require(session.app.window.view(withIdentifier: "format")).frameInScreen
        #expect(card.width == 320 && card.minY >= anchor.maxY && card.minY <= anchor.maxY + 8, "\(card) under \(anchor)")
        #expect(card.minX <= anchor.midX && card.maxX >= anchor.midX)
        #expect(sheet.dimming.isClear && sheet.dimming.frame == sheet.dimming.superview?.bounds)
        let cell = DismissalMatrix.play(
            DismissalMatrix.Case(number: 0, title: "", focus: "size", typed: nil, step: .tap("format")), in: session)
        #expect(!sheet.isPresented)
        #expect(cell.outcome.finalFocus == nil, "\(cell.words)")
        #expect(cell.outcome.actions["format app:format"] == nil, "the tap outside only dismisses: \(cell.words)")
    }

    @Test("a popover on a phone is a page sheet")
    func popoverOnPhone() throws {
        let phone = HeadlessSession(technique: .noCode, document: try ScreenReader.read(popoverFile))
        let sheet = try presenter(phone)
        #expect(sheet.card.frameInScreen.width == phone.app.window.frameInScreen.width)
        #expect(!sheet.dimming.isClear)
    }

    @Test("the reader: an alert has no detent, is always dimmed and goes by its buttons only")
    func reading() {
        let bad = """
            { "version": 1, "content": { "kind": "view" },
              "sheet": { "style": "alert", "detent": "medium", "dimmed": false, "dismissible": true,
                "content": { "kind": "view" } } }
            """
        do {
            _ = try ScreenReader.read(bad)
            Issue.record("a bad alert was read")
        } catch {
            let paths = error.problems.map(\.path)
            #expect(paths == ["sheet.detent", "sheet.dimmed", "sheet.dismissible"], "\(error.problems)")
        }
        func problems(_ sheetKeys: String) -> [String] {
            do {
                _ = try ScreenReader.read(
                    """
                    { "version": 1, "content": { "kind": "view", "children": [ { "kind": "button", "id": "b" } ] },
                      "sheet": { \(sheetKeys) "content": { "kind": "view", "children": [ { "kind": "label", "id": "in" } ] } } }
                    """)
                return []
            } catch {
                return error.problems.map { "\($0.path): \($0.message)" }
            }
        }
        #expect(problems(#""style": "popover","#) == ["sheet: a popover needs 'anchor': the id of the element it points from"])
        #expect(problems(#""anchor": "b","#) == ["sheet.anchor: 'anchor' is a popover's; this sheet is a page sheet"])
        #expect(
            problems(#""style": "popover", "anchor": "in","#)
                == ["sheet.anchor: 'anchor' names 'in', which no element of the screen under the popover has as its id"])
        #expect(problems(#""style": "popover", "anchor": "b","#).isEmpty)
        #expect(
            problems(#""focusedBehind": "b","#)
                == ["sheet.focusedBehind: 'focusedBehind' names 'b', which is no text input of the screen under the sheet"])
    }
}
