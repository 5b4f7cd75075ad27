/// Text from files the user did not write (a recording's scenario, a path) made safe to print
/// on a terminal: control and format characters (escape sequences, bidirectional overrides,
/// line and paragraph separators) are shown as `\u{…}` instead of acting.
package enum Printable {
    /// `text` with every character that could act on a terminal written as `\u{HEX}`, and a
    /// backslash as `\\`, so that what is printed is what the file holds, and nothing more.
    package static func escaped(_ text: some StringProtocol) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .format where scalar.value == 0x200C || scalar.value == 0x200D:
                out.unicodeScalars.append(scalar)  // joiners hold emoji and scripts together; they act on nothing
            case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned, .privateUse:
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default:
                if scalar == "\\" { out += "\\\\" } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }

    /// `text` escaped and in single quotes, cut after `limit` characters (with `…`) so a
    /// megabyte-long name is not printed whole.
    package static func quoted(_ text: some StringProtocol, limit: Int = 60) -> String {
        let cut = text.count > limit ? String(text.prefix(limit)) + "…" : String(text)
        return "'" + escaped(cut) + "'"
    }
}
