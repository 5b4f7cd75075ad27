import TapawayKit

/// What every output of the matrix states beside its cells: what it was played with, and the
/// evidence docs/techniques.md gives each cell.
extension DismissalMatrix {
    /// What a table was played with: the device, how it was held, and the options set, so that
    /// a table pasted elsewhere keeps its context.
    package struct Context: Sendable, Equatable {
        /// The device's id (`iphone-15`).
        package let deviceID: String
        /// The device's name (`iPhone 15`).
        package let deviceName: String
        /// How it was held.
        package let orientation: DeviceOrientation
        /// The options set other than the device and orientation, as `--set` takes them.
        package let options: [OptionAssignment]

        /// The context of a table played with `options` (the device and orientation among
        /// them, or the defaults).
        package init(options: [OptionAssignment] = []) {
            let general = { (id: String) in options.last { $0.key.technique == nil && $0.key.option == id }?.value }
            let device =
                general(DeviceOption.device.id).flatMap(DeviceProfile.device) ?? DeviceProfile.device(DeviceProfile.defaultID)
            deviceID = device?.id ?? DeviceProfile.defaultID
            deviceName = device?.name ?? DeviceProfile.defaultID
            orientation = general(DeviceOption.orientation.id).flatMap(DeviceOrientation.init(rawValue:)) ?? .portrait
            self.options = options.filter { !DeviceOption.concerns($0.key) }
        }

        /// The options as `--set` arguments (`dismiss=on-drag`, `tap-gesture.cancels-touches=off`).
        package var optionTexts: [String] { options.map { "\($0.key)=\($0.value)" } }

        /// The table's first line, naming the device, its orientation and the options.
        ///
        /// For example: "Played on iPhone 15 (`iphone-15`), portrait, with each technique's default
        /// options."
        package var headline: String {
            let set =
                options.isEmpty
                ? "each technique's default options"
                : optionTexts.map { "`--set \($0)`" }.joined(separator: ", ")
            return "Played on \(deviceName) (`\(deviceID)`), \(orientation.rawValue), with \(set)."
        }

        /// Whether a technique option of `technique` is set: the document grades the default
        /// options' cells, so the marks are left off that technique's row.
        func setsOption(of technique: TechniqueID) -> Bool {
            options.contains { $0.key.technique == technique && $0.value != $0.key.definition?.defaultValue }
        }
    }

    /// The evidence level docs/techniques.md gives `cell` under `technique`, as the table marks
    /// it; nil where the document grades nothing (`n/a`, Tapaway's choice), or an option of the
    /// technique is set.
    package static func evidence(of cell: Cell, under technique: TechniqueID, in context: Context) -> EvidenceLevel? {
        guard cell.code != "n/a", !context.setsOption(of: technique) else { return nil }
        return MatrixEvidence.gradedLevel(technique, case: cell.number)
    }

    /// The legend of the evidence marks.
    package static let evidenceLegend =
        "Evidence (docs/techniques.md, for each technique's default options): "
        + [EvidenceLevel.documented, .source, .inferred].map { "\($0.mark) \($0.words)" }.joined(separator: " · ")
        + "; no mark: nothing to grade (`n/a`, Tapaway's choice), or a technique option is set."
}
