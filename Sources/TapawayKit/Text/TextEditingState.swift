/// What a text field or a text view holds of its editing, behind the members `TextEditing` gives
/// both: the text with its caret and selection, the undo history, an input method's pre-edit, and
/// the settings they share.
///
/// Each input makes its own and keeps it for life; what is in it is the Kit's, read and changed
/// through the input's members.
@MainActor
public final class TextEditingState {
    /// The input this state belongs to, which the shared members call back for what each does its
    /// own way (layout, redraw, notifications).
    unowned let host: any TextEditingHost
    /// The text, caret and selection.
    var editable = EditableText()
    /// The undo and redo stack of the input's edits.
    var history = EditHistory()
    /// The characters of an input method's pre-edit in `editable`, nil when there is none.
    var markedRange: Range<Int>?
    /// The text shown in grey while the input is empty.
    var placeholder = ""
    /// The keypad the input asks for.
    var keyboardType: KeyboardType = .default
    /// The label of the keypad's return key.
    var returnKeyType: ReturnKeyType = .default
    /// When the keypad turns shift on by itself.
    var autocapitalizationType: AutocapitalizationType = .none
    /// The keypad, told of changes while the input is focused.
    weak var inputDelegate: TextInputDelegate?
    /// The size of the text's font, in pixels.
    var fontSize = 17.0
    /// The widths of the font's characters, kept while the font stays the same.
    var widths: CharacterWidths?
    /// The touch that is selecting text in the focused input, with what it first selected and
    /// by what unit it extends; nil when no touch is selecting.
    var selectionDrag: SelectionDrag?

    /// Makes the state of `host`, empty.
    init(host: any TextEditingHost) {
        self.host = host
    }
}

/// A touch that selects text as it moves: what it selected where it began, and by what unit
/// (character, word or paragraph, for a single, double or triple click) it extends.
struct SelectionDrag {
    /// The touch doing the selecting.
    let touch: Touch
    /// The characters selected where the touch began.
    let origin: Range<Int>
    /// What the selection grows by as the touch moves.
    let granularity: SelectionGranularity
}
