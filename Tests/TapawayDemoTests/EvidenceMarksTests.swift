import Foundation
import TapawayKit
import Testing

@testable import TapawayDemo

/// The evidence levels in the tool: `tapaway matrix`'s marks, legend and header line, its `--json`
/// fields, and the inspector's cards.
///
/// The levels are docs/techniques.md's (each case row's **D**, **S** or **I**, the weakest where a row
/// gives several), as `MatrixEvidenceTests` keeps `MatrixEvidence` in step with the document; the cells
/// below quote the document's rows.
@MainActor
@Suite("Evidence marks in the matrix and the inspector")
struct EvidenceMarksTests {
    /// The row of `technique` in `table`, split into its cells: [0] the technique, [N] case N.
    func row(_ technique: String, in table: String) throws -> [String] {
        let line = try #require(table.split(separator: "\n").first { $0.hasPrefix("| `\(technique)` |") })
        return line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test("the table names its device, orientation and options, marks each cell and explains the marks")
    func marksAndHeader() throws {
        let cells = DismissalMatrix.cells(for: [.sendEvent, .keyboardManager])
        let table = DismissalMatrix.table(cells)
        #expect(table.hasPrefix("Played on iPhone 15 (`iphone-15`), portrait, with each technique's default options.\n"))
        // send-event case 2: "**S** the rule runs in `sendEvent`, before delivery".
        let sendEvent = try row("send-event", in: table)
        #expect(sendEvent[2] == "R↓ ˢ", "\(sendEvent)")
        // send-event case 7: "**I** the keyboard lives in a window of its own".
        #expect(sendEvent[7] == "T ⁱ")
        // send-event case 15: n/a, graded nothing.
        #expect(sendEvent[15] == "n/a")
        // keyboard-manager case 6: "**D** the label takes no touches ... **S** then as case 2": S.
        let manager = try row("keyboard-manager", in: table)
        #expect(manager[6] == "R↑ ˢ", "\(manager)")
        // keyboard-manager case 12: the table's selection as a recognizer is **I**.
        #expect(manager[12] == "R↑ ✗ ⁱ")
        #expect(
            table.contains(
                "\nEvidence (docs/techniques.md, for each technique's default options): ᵈ documented · ˢ read from the source · ⁱ inferred"
            ))
    }

    @Test("another device, orientation and options are named, and a technique option takes its row's marks off")
    func contextAndOptions() throws {
        let options = try ["device=iphone-se", "orientation=landscape", "tap-gesture.cancels-touches=off"].map {
            try OptionAssignment($0, technique: nil)
        }
        let context = DismissalMatrix.Context(options: options)
        #expect(
            context.headline
                == "Played on iPhone SE (`iphone-se`), landscape, with `--set tap-gesture.cancels-touches=off`.")
        let table = DismissalMatrix.table(
            DismissalMatrix.cells(for: [.tapGesture, .sendEvent], options: options), context: context)
        let tapGesture = try row("tap-gesture", in: table)
        #expect(!tapGesture.contains { $0.hasSuffix("ᵈ") || $0.hasSuffix("ˢ") || $0.hasSuffix("ⁱ") }, "\(tapGesture)")
        let sendEvent = try row("send-event", in: table)
        #expect(sendEvent[3] == "K ˢ", "send-event's own options are its defaults: \(sendEvent)")
    }

    @Test("--json says the device, orientation and options, and each cell's evidence")
    func json() throws {
        let options = [try OptionAssignment("dismiss=on-drag", technique: nil)]
        let context = DismissalMatrix.Context(options: options)
        let text = DismissalMatrix.json(DismissalMatrix.cells(for: [.keyboardManager], options: options), context: context)
            .serialized
        let object = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect((object["device"] as? [String: Any])?["id"] as? String == "iphone-15")
        #expect(object["orientation"] as? String == "portrait")
        #expect(object["options"] as? [String] == ["dismiss=on-drag"])
        #expect(
            (object["evidenceLevels"] as? [[String: Any]])?.map { $0["level"] as? String } == [
                "documented", "source", "inferred",
            ])
        let techniques = try #require(object["techniques"] as? [[String: Any]])
        let cells = try #require(techniques.first?["cells"] as? [[String: Any]])
        #expect(cells[11]["evidence"] as? String == "inferred", "case 12")
        #expect(cells[13]["evidence"] as? String == "source", "case 14")
        #expect(cells[0]["code"] as? String == "–", "the code stays as it was")
    }

    @Test("the inspector's card says which case a decision stands for and how sure that case is")
    func inspectorCard() throws {
        let h = Harness(.keyboardManager)
        h.focus(h.form.name)
        h.app.inspector.log.clear()
        h.platform.tap(h.form.rows[1])
        h.platform.settle()
        let resign = try #require(h.app.inspector.log.entries.first { $0.action == .resign })
        let evidence = try #require(resign.evidence)
        #expect(evidence.case == 12 && evidence.level == .inferred)
        #expect(DecisionLogView.evidenceTag(evidence) == "case 12: inferred")

        let send = Harness(.sendEvent)
        send.focus(send.form.name)
        send.app.inspector.log.clear()
        send.platform.tap(at: send.emptyBackgroundPoint)
        let background = try #require(send.app.inspector.log.entries.first { $0.action == .resign })
        // send-event case 2: **S**.
        #expect(background.evidence?.case == 2 && background.evidence?.level == .source)
    }
}
