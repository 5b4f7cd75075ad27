import TapawayKit
import TapawayScreen

/// `tapaway list`: the registered techniques with their options, for people (grouped by
/// platform) and for scripts (JSON).
package enum TechniqueListing {
    /// The techniques grouped by platform, each with its summary and options, then the general
    /// options; every option as `--set` takes it, with its default.
    package static func text() -> String {
        var lines: [String] = []
        let width = Techniques.all.map { $0.id.rawValue.count }.max() ?? 0
        for platform in Techniques.platforms {
            lines.append(platform.rawValue)
            for technique in Techniques.all where technique.platform == platform {
                let pad = String(repeating: " ", count: width - technique.id.rawValue.count)
                lines.append("  \(technique.id)\(pad)  \(technique.title): \(technique.summary)")
                for option in technique.options {
                    lines.append("  \(String(repeating: " ", count: width))    --set \(describe(option))")
                }
            }
            lines.append("")
        }
        lines.append("Every technique")
        for option in Techniques.generalOptions { lines.append("  --set \(describe(option))") }
        lines.append("")
        lines.append("Devices (--device ID; sizes in points, portrait; safe area top, left, bottom, right)")
        let idWidth = DeviceProfile.all.map(\.id.count).max() ?? 0
        let nameWidth = DeviceProfile.all.map(\.name.count).max() ?? 0
        for device in DeviceProfile.all {
            let id = device.id.padding(toLength: idWidth), name = device.name.padding(toLength: nameWidth)
            let size = "\(Int(device.portrait.width)) × \(Int(device.portrait.height))"
            lines.append(
                "  \(id)  \(name)  \(size)  portrait \(insets(device.portraitInsets))  landscape \(insets(device.landscapeInsets))"
            )
        }
        lines.append("")
        lines.append("Screens (--screen NAME, or a screen file; tapaway screen show NAME prints one)")
        lines.append("  " + ShippedScreens.names.joined(separator: ", "))
        return lines.joined(separator: "\n")
    }

    private static func insets(_ e: EdgeInsets) -> String {
        [e.top, e.left, e.bottom, e.right].map { String(Int($0)) }.joined(separator: "/")
    }

    private static func describe(_ option: TechniqueOption) -> String {
        "\(option.id)=\(option.valueList)  \(option.title) (default \(option.defaultValue))"
    }

    /// The same as one JSON object: `techniques` (id, title, platform, summary, options) and
    /// `options` (the general ones); each option has id, title, kind, values and default.
    package static func json() -> JSON {
        .object([
            (
                "techniques",
                .array(
                    Techniques.all.map { technique in
                        .object([
                            ("id", .string(technique.id.rawValue)), ("title", .string(technique.title)),
                            ("platform", .string(technique.platform.rawValue)), ("summary", .string(technique.summary)),
                            ("options", .array(technique.options.map(json(for:)))),
                        ])
                    })
            ),
            ("options", .array(Techniques.generalOptions.map(json(for:)))),
            ("devices", .array(DeviceProfile.all.map(json(for:)))),
            ("screens", .array(ShippedScreens.names.map(json(forScreen:)))),
        ])
    }

    /// A shipped screen: its name, the `layout` value that shows it, and its text inputs.
    private static func json(forScreen name: String) -> JSON {
        let document = ShippedScreens.document(name)
        return .object([
            ("name", .string(name)), ("layout", .string(ScreenLayout(screenName: name)?.rawValue ?? name)),
            ("inputs", .array((document?.inputIDs ?? []).map { .string($0) })),
        ])
    }

    /// A device: id, name, its portrait size in points, and its safe area in each orientation
    /// as [top, left, bottom, right].
    private static func json(for device: DeviceProfile) -> JSON {
        func insets(_ e: EdgeInsets) -> JSON { .array([e.top, e.left, e.bottom, e.right].map { .number($0) }) }
        return .object([
            ("id", .string(device.id)), ("name", .string(device.name)),
            ("size", .array([.number(device.portrait.width), .number(device.portrait.height)])),
            ("safeArea", .object([("portrait", insets(device.portraitInsets)), ("landscape", insets(device.landscapeInsets))])),
        ])
    }

    private static func json(for option: TechniqueOption) -> JSON {
        .object([
            ("id", .string(option.id)), ("title", .string(option.title)),
            ("kind", .string(option.kind == .toggle ? "toggle" : "choice")),
            ("values", .array(option.values.map { .string($0.id) })),
            ("default", .string(option.defaultValue)),
        ])
    }
}

extension TechniqueListing {
    /// The exploration charter as the README has it: each experiment, how to do it with a
    /// mouse, and what every registered technique does there, in its own line.
    package static func charterMarkdown() -> String {
        var lines: [String] = []
        for experiment in Experiment.allCases {
            lines.append("**\(experiment.howTo).**")
            lines.append("")
            for technique in Techniques.all {
                guard let line = technique.charter[experiment] else { continue }
                lines.append("- `\(technique.id)`: \(line)")
            }
            lines.append("")
        }
        return lines.joined(separator: "\n").trimmingCharacters(in: "\n")
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: Character) -> String {
        var s = Substring(self)
        while s.first == set { s.removeFirst() }
        while s.last == set { s.removeLast() }
        return String(s)
    }
}

extension String {
    /// The string with spaces after it up to `length` characters (unchanged when longer).
    fileprivate func padding(toLength length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}
