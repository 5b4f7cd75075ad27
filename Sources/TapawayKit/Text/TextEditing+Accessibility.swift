extension TextEditingHost {
    /// Replaces the characters of `scalars` (a range of the exposed text's Unicode scalars, as AT-SPI's
    /// EditableText counts; a secure input exposes one bullet per character) with `text`, as a paste
    /// from outside is: sanitised, one undo step, the usual notifications.
    ///
    /// Returns false for a range outside the text.
    func replaceAccessibly(_ scalars: Range<Int>, with text: String) -> Bool {
        guard scalars.lowerBound >= 0, let characters = characterRange(ofScalars: scalars) else { return false }
        history.closeRun()
        editable.select(characters)
        selectionDidChange()
        if text.isEmpty {
            if !characters.isEmpty { deleteBackwardEdit() }
        } else {
            pasteText(text)
        }
        return true
    }

    /// The characters that `scalars` of the exposed text cover, or nil past its end.
    private func characterRange(ofScalars scalars: Range<Int>) -> Range<Int>? {
        if isSecure {
            guard scalars.upperBound <= editable.count else { return nil }
            return scalars
        }
        var lower: Int?, upper: Int?
        var scalarOffset = 0, characterOffset = 0
        for character in editable.text {
            if scalarOffset == scalars.lowerBound { lower = characterOffset }
            if scalarOffset == scalars.upperBound { upper = characterOffset }
            scalarOffset += character.unicodeScalars.count
            characterOffset += 1
            if upper != nil { break }
        }
        if scalarOffset == scalars.lowerBound { lower = lower ?? characterOffset }
        if scalarOffset == scalars.upperBound { upper = upper ?? characterOffset }
        guard let lower, let upper, lower <= upper else { return nil }
        return lower..<upper
    }
}
