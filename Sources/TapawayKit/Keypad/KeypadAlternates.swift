/// The alternates a long press on a key offers, as on iOS's English keypad: accented letters
/// on the vowels and a few consonants, related marks on some punctuation.
public enum KeypadAlternates {
    /// The alternates for the key that types `character` (lower case for letters); empty for none.
    public static func alternates(for character: String) -> [String] {
        table[character] ?? []
    }

    /// The alternates as shown and typed with shift on: capitals where a letter has one capital.
    public static func shifted(_ alternates: [String]) -> [String] {
        alternates.map { option in
            let upper = option.uppercased()
            return upper.count == option.count ? upper : option
        }
    }

    private static let table: [String: [String]] = [
        "a": ["à", "á", "â", "ä", "æ", "ã", "å", "ā"],
        "c": ["ç", "ć", "č"],
        "e": ["è", "é", "ê", "ë", "ē", "ė", "ę"],
        "i": ["î", "ï", "í", "ī", "į", "ì"],
        "l": ["ł"],
        "n": ["ñ", "ń"],
        "o": ["ô", "ö", "ò", "ó", "œ", "ø", "ō", "õ"],
        "s": ["ß", "ś", "š"],
        "u": ["û", "ü", "ù", "ú", "ū"],
        "y": ["ÿ"],
        "z": ["ž", "ź", "ż"],
        "0": ["°"],
        "-": ["–", "—", "•"],
        "/": ["\\"],
        "$": ["₽", "¥", "€", "¢", "£", "₩"],
        "&": ["§"],
        "\"": ["„", "“", "”", "«", "»"],
        ".": ["…"],
        "?": ["¿"],
        "!": ["¡"],
        "'": ["`", "‘", "’"],
        "%": ["‰"],
    ]
}
