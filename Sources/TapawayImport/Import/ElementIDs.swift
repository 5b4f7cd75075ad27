import TapawayScreen

/// The ids an import gives its elements: readable (letters and digits, words joined by '-', as
/// a title becomes one), within the format's length, never one of the program's own, and unique
/// in the screen (`email`, `email-2`, …).
struct ElementIDs {
    private var used = Set<String>()

    /// A new id from `base` (made unique).
    mutating func make(_ base: String) -> String {
        var stem = String(base.prefix(56))
        if ScreenReader.reservedIDs.contains(stem) || ScreenReader.reservedPrefixes.contains(where: stem.hasPrefix) {
            stem = "my-" + stem
        }
        var id = stem
        var n = 2
        while used.contains(id) {
            id = "\(stem)-\(n)"
            n += 1
        }
        used.insert(id)
        return id
    }

    /// The first of `candidates` with letters or digits, as an id; `fallback` when none has.
    mutating func make(from candidates: [String?], fallback: String) -> String {
        make(candidates.compactMap { $0 }.map(Self.slug).first { !$0.isEmpty } ?? fallback)
    }

    /// Letters and digits, words joined by '-', at most 40 characters: an id from a title.
    static func slug(_ text: String) -> String {
        var out = ""
        var dash = false
        for scalar in text.unicodeScalars {
            if scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_") {
                if dash && !out.isEmpty { out += "-" }
                dash = false
                out.unicodeScalars.append(scalar)
            } else {
                dash = true
            }
            if out.count >= 40 { break }
        }
        return out
    }
}
