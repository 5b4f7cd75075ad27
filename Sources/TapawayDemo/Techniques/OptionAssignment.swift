/// `ID=VALUE`, as `--set` takes it: an option of the technique on screen or a general one by its
/// id (`cancels-touches=off`, `dismiss=on-drag`), or any technique's by `TECHNIQUE.OPTION`
/// (`tap-gesture.cancels-touches=off`).
package struct OptionAssignment: Sendable, Equatable {
    /// The option set, with its technique.
    package let key: OptionKey
    /// The value it is set to, one of the option's values.
    package let value: String

    /// The assignment of `value` to `key`, as already checked (an app's current options).
    package init(key: OptionKey, value: String) {
        self.key = key
        self.value = value
    }

    /// Reads `text` for the technique `technique` (nil when none is named: then an id that only
    /// one technique has is that technique's).
    ///
    /// - Throws: `OptionAssignmentError` with one line that names the valid ids and values.
    package init(_ text: String, technique: TechniqueID?) throws(OptionAssignmentError) {
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
            throw OptionAssignmentError("--set '\(text)': expected ID=VALUE. \(Self.validList(for: technique))")
        }
        let id = String(text[..<equals])
        let value = String(text[text.index(after: equals)...])
        let key: OptionKey
        if let qualified = OptionKey(id), id.contains(".") {
            key = qualified
        } else if Techniques.generalOptions.contains(where: { $0.id == id }) {
            key = OptionKey(nil, id)
        } else if let technique, Techniques.technique(for: technique)?.option(id) != nil {
            key = OptionKey(technique, id)
        } else if technique == nil, let only = Self.onlyTechnique(having: id) {
            key = OptionKey(only, id)
        } else {
            let whose = technique.map { " of \($0)" } ?? ""
            throw OptionAssignmentError("--set '\(text)': '\(id)' is not an option\(whose). \(Self.validList(for: technique))")
        }
        guard let option = key.definition, option.accepts(value) else {
            let values = key.definition?.values.map(\.id).joined(separator: ", ") ?? ""
            throw OptionAssignmentError("--set '\(text)': '\(value)' is not a value of \(key): use one of \(values).")
        }
        self.key = key
        self.value = value
    }

    /// The technique that has an option `id`, when exactly one does.
    private static func onlyTechnique(having id: String) -> TechniqueID? {
        let having = Techniques.all.filter { $0.option(id) != nil }
        return having.count == 1 ? having[0].id : nil
    }

    /// The options `--set` takes for `technique` (every technique's when nil), as a sentence.
    package static func validList(for technique: TechniqueID?) -> String {
        func describe(_ options: [TechniqueOption], prefix: String) -> [String] {
            options.map { "\(prefix)\($0.id)=\($0.valueList)" }
        }
        var valid = describe(Techniques.generalOptions, prefix: "")
        for t in Techniques.all where technique == nil || t.id == technique {
            valid += describe(t.options, prefix: technique == nil ? "\(t.id)." : "")
        }
        let tail = technique == nil ? "" : " (or TECHNIQUE.OPTION=VALUE for another technique's; see `tapaway list`)"
        return "Valid: " + valid.joined(separator: ", ") + tail + "."
    }
}

/// A `--set` that names no option, or a value the option does not take.
package struct OptionAssignmentError: Error, CustomStringConvertible, Equatable {
    /// What is wrong and what is valid, in one line.
    package let message: String
    /// An error with `message`.
    package init(_ message: String) { self.message = message }
    /// The message, one line naming the assignment and what is wrong with it.
    package var description: String { message }
}
