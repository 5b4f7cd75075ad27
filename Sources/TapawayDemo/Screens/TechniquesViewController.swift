import TapawayKit

/// The navigation root: the list of techniques, each row pushing its technique's screen.
@MainActor
package final class TechniquesViewController: ViewController {
    /// Called when a row is chosen.
    package var onChoose: ((TechniqueID) -> Void)?
    /// The rows, one per registered technique (`technique-send-event`…).
    package private(set) var rows: [SuggestionRow] = []

    /// Creates the list with a row for each technique the registry offers.
    package override init() {
        super.init()
        title = "Techniques"
    }

    /// A grouped list of the techniques with a short explanation above it.
    package override func loadView() {
        let root = ListView()
        root.backgroundColor = Palette.groupedBackground
        root.header.text = "Each technique dismisses the keypad its own way. Choose one, then tap around."
        let techniques = Techniques.all
        for (i, technique) in techniques.enumerated() {
            let id = technique.id
            let row = SuggestionRow(title: technique.title, identifier: "technique-\(id.rawValue)")
            row.showsDisclosure = true
            row.roundedCorners = (i == 0, i == techniques.count - 1)
            row.showsSeparator = i < techniques.count - 1
            row.onSelect = { [weak self] _ in self?.onChoose?(id) }
            rows.append(row)
            root.addSubview(row)
        }
        setView(root)
    }
}

/// A header label and rows stacked with margins.
@MainActor
final class ListView: View {
    let header = Label()

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        header.fontSize = 14
        header.textColor = Palette.secondaryLabel
        addSubview(header)
    }

    override func layoutSubviews() {
        let m = ScreenForm.margin
        header.frame = Rect(x: m, y: 16, width: bounds.width - 2 * m, height: 40)
        var y = 68.0
        for row in subviews where row !== header {
            row.frame = Rect(x: m, y: y, width: bounds.width - 2 * m, height: 44)
            y += 44
        }
    }
}
