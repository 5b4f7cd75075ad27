import TapawayKit
import Testing

@testable import TapawayDemo

/// `keyboard-manager`, a tap on a suggestion row (matrix case 12), played as IQKeyboardManager
/// and `UITableView` make it. The expectations come from their sources and reports:
///
/// - `IQKeyboardResignHandler.swift` sets `resignGesture.cancelsTouchesInView = false`, and its
///   delegate's `gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)` is `return false`: the
///   window's recognizer never recognizes along with another one.
/// - Its `gestureRecognizer(_:shouldReceive:)` ignores a touch only when
///   `touch.view?.isKind(of: ignoreClass)` for `UIControl` or `UINavigationBar`: a table cell's
///   content view is neither (issue #793: "a UITableViewCell is neither of these").
/// - Issue #1041: "When I am clicking the suggestion I do it very quickly and very lightly. If I
///   press it longer/more firmly tableView delegate didSelect method gets triggered." A quick tap
///   resigns and does not select; a press held longer selects.
///
/// So a quick tap (Tapaway's taps lift after 50 ms, before the scroll view's 150 ms delay lets
/// the cell highlight) is `R↑ ✗` on every device, and the inspector says the row does not select;
/// a press held past the delay highlights the cell first, and the window's tap fails: `K ✓`.
@MainActor
@Suite("Table cells: the keyboard manager's tap against the table's selection")
struct TableCellSelectionTests {
    static let case12 = DismissalMatrix.cases[11]

    /// Plays `matrixCase` under `technique` on `device` (portrait), collecting the technique's
    /// decisions' reasons.
    func play(
        _ matrixCase: DismissalMatrix.Case, _ technique: TechniqueID = .keyboardManager, device: String? = nil,
        options: [String] = [], before: ((HeadlessSession) -> Void)? = nil
    ) throws -> (cell: DismissalMatrix.Cell, reasons: [String]) {
        let session = HeadlessSession(technique: technique)
        if let device { session.app.setOption(OptionKey(nil, "device"), to: device) }
        for option in options {
            let assignment = try OptionAssignment(option, technique: technique)
            session.app.setOption(assignment.key, to: assignment.value)
        }
        session.platform.settle()
        var reasons: [String] = []
        let token = session.app.window.decisionObservers.add { decision in
            if decision.action != .none { reasons.append("\(decision.action.rawValue): \(decision.reason)") }
        }
        defer { session.app.window.decisionObservers.remove(token) }
        before?(session)
        return (DismissalMatrix.play(matrixCase, in: session), reasons)
    }

    @Test(
        "case 12 is R↑ ✗ on every device, and the inspector says the row does not select", arguments: DeviceProfile.all.map(\.id))
    func quickTapOnEveryDevice(_ device: String) throws {
        let (cell, reasons) = try play(Self.case12, device: device)
        #expect(cell.code == "R↑ ✗", "\(device): \(cell.words)")
        #expect(cell.outcome.actions["row-2 select"] == nil, "\(device): the table's selection lost to the window's tap")
        let resign = try #require(reasons.first { $0.hasPrefix("resign:") }, "\(reasons)")
        #expect(resign.contains("row-2 does not select"), "\(device): \(resign)")
        #expect(!resign.contains("still reaches"), "\(device): \(resign)")
    }

    @Test("after the form was scrolled by hand, the tap on row-2 tells the same story")
    func afterScrollingByHand() throws {
        let (cell, reasons) = try play(Self.case12) { session in
            // A drag on the form's background, before the case focuses `name`: the form
            // bounces or scrolls, and comes back to rest.
            let p = session.platform
            let start = session.backgroundPoint
            p.drag(from: start, to: Point(x: start.x, y: start.y - 80))
            p.settle()
        }
        #expect(cell.code == "R↑ ✗", "\(cell.words)")
        #expect(reasons.contains { $0.hasPrefix("resign:") && $0.contains("row-2 does not select") }, "\(reasons)")
    }

    @Test("a press held past the scroll view's delay selects, and the window's tap fails: K ✓")
    func longPressSelects() throws {
        let hold = DismissalMatrix.Case(number: 0, title: "hold row-2", focus: "name", typed: nil, step: .longPress("row-2"))
        let (cell, reasons) = try play(hold)
        #expect(cell.outcome.actions["row-2 select"] == 1, "\(cell.words)")
        #expect(cell.outcome.focusChanges.isEmpty, "the window's tap failed: nothing resigns (\(cell.words))")
        #expect(reasons.contains { $0.hasPrefix("keep:") && $0.contains("row-2's selection began first") }, "\(reasons)")
    }

    /// `UIGestureRecognizerDelegate.gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)`:
    /// "The default implementation returns false—no two gestures can be recognized
    /// simultaneously." The view controller's recognizer has no delegate, so with
    /// `cancelsTouchesInView` off it competes with the table's selection as IQKeyboardManager's does.
    @Test("tap-gesture with cancels-touches=off: the quick tap still takes the selection")
    func tapGestureWithoutCancelling() throws {
        let (cell, reasons) = try play(Self.case12, .tapGesture, options: ["cancels-touches=off"])
        #expect(cell.code == "R↑ ✗", "\(cell.words)")
        #expect(reasons.contains { $0.hasPrefix("resign:") && $0.contains("row-2 does not select") }, "\(reasons)")
    }
}
