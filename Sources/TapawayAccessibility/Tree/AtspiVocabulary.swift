import TapawayKit

/// AT-SPI's role numbers (`AtspiRole` in at-spi2-core's `atspi-constants.h`) for the roles the
/// Kit's elements take, with the names `GetRoleName` answers.
package enum AtspiRole: UInt32, Sendable {
    /// `ATSPI_ROLE_FRAME`: the top-level window.
    case frame = 23
    /// `ATSPI_ROLE_LABEL`: static text, such as a section title or a caption.
    case label = 29
    /// `ATSPI_ROLE_LIST`: a table or the sidebar's list of rows.
    case list = 31
    /// `ATSPI_ROLE_LIST_ITEM`: one row of a list, which a reader can select.
    case listItem = 32
    /// `ATSPI_ROLE_PANEL`: a view that groups others and says nothing itself.
    case panel = 39
    /// `ATSPI_ROLE_PASSWORD_TEXT`: a secure field, whose text a reader must not speak.
    case passwordText = 40
    /// `ATSPI_ROLE_PUSH_BUTTON`: a button or key that acts once when pressed.
    case pushButton = 43
    /// `ATSPI_ROLE_RADIO_BUTTON`: one choice of several, such as a segment.
    case radioButton = 44
    /// `ATSPI_ROLE_SCROLL_PANE`: a scroll view whose content may lie outside it.
    case scrollPane = 49
    /// `ATSPI_ROLE_TEXT`: editable multi-line text, the Kit's text view.
    case text = 61
    /// `ATSPI_ROLE_TOGGLE_BUTTON`: a switch, on or off.
    case toggleButton = 62
    /// `ATSPI_ROLE_TOOL_BAR`: a bar of buttons, such as the keyboard toolbar.
    case toolBar = 63
    /// `ATSPI_ROLE_APPLICATION`: the root of the tree, the program itself.
    case application = 75
    /// `ATSPI_ROLE_ENTRY`: a single-line text field.
    case entry = 79

    /// The Kit role's AT-SPI role.
    package init(_ role: AccessibilityRole) {
        switch role {
        case .panel: self = .panel
        case .pushButton: self = .pushButton
        case .toggleButton: self = .toggleButton
        case .radioButton: self = .radioButton
        case .textField: self = .entry
        case .passwordText: self = .passwordText
        case .textView: self = .text
        case .label: self = .label
        case .list: self = .list
        case .listItem: self = .listItem
        case .toolBar: self = .toolBar
        case .scrollPane: self = .scrollPane
        }
    }

    /// The role's name, as libatspi spells it.
    package var name: String {
        switch self {
        case .frame: return "frame"
        case .label: return "label"
        case .list: return "list"
        case .listItem: return "list item"
        case .panel: return "panel"
        case .passwordText: return "password text"
        case .pushButton: return "push button"
        case .radioButton: return "radio button"
        case .scrollPane: return "scroll pane"
        case .text: return "text"
        case .toggleButton: return "toggle button"
        case .toolBar: return "tool bar"
        case .application: return "application"
        case .entry: return "entry"
        }
    }
}

/// AT-SPI's state numbers (`AtspiStateType`) the program reports, with the names its
/// `StateChanged` events carry.
package enum AtspiState: UInt32, Sendable, CaseIterable, Comparable {
    /// `ATSPI_STATE_ACTIVE`: the window that has the keyboard focus.
    case active = 1
    /// `ATSPI_STATE_CHECKED`: a switch that is on, or the selected segment.
    case checked = 4
    /// `ATSPI_STATE_EDITABLE`: text the user can change.
    case editable = 7
    /// `ATSPI_STATE_ENABLED`: the element answers input.
    case enabled = 8
    /// `ATSPI_STATE_FOCUSABLE`: the element can take the keyboard focus.
    case focusable = 11
    /// `ATSPI_STATE_FOCUSED`: the element has the keyboard focus now.
    case focused = 12
    /// `ATSPI_STATE_MULTI_LINE`: text that wraps onto several lines.
    case multiLine = 17
    /// `ATSPI_STATE_PRESSED`: a button held down at this moment.
    case pressed = 20
    /// `ATSPI_STATE_RESIZABLE`: a window the user can resize.
    case resizable = 21
    /// `ATSPI_STATE_SELECTABLE`: a row that can be selected.
    case selectable = 22
    /// `ATSPI_STATE_SELECTED`: a row that is selected now.
    case selected = 23
    /// `ATSPI_STATE_SENSITIVE`: the element reacts to the user (reported with `enabled`).
    case sensitive = 24
    /// `ATSPI_STATE_SHOWING`: visible and not scrolled or clipped out of sight.
    case showing = 25
    /// `ATSPI_STATE_SINGLE_LINE`: text held on one line, a field.
    case singleLine = 26
    /// `ATSPI_STATE_VISIBLE`: meant to be seen, though it may be scrolled away.
    case visible = 30
    /// `ATSPI_STATE_CHECKABLE`: an element that can be checked, such as a switch.
    case checkable = 41

    /// Orders states by number.
    package static func < (a: AtspiState, b: AtspiState) -> Bool { a.rawValue < b.rawValue }

    /// The name in `object:state-changed:NAME`.
    package var name: String {
        switch self {
        case .active: return "active"
        case .checked: return "checked"
        case .editable: return "editable"
        case .enabled: return "enabled"
        case .focusable: return "focusable"
        case .focused: return "focused"
        case .multiLine: return "multi-line"
        case .pressed: return "pressed"
        case .resizable: return "resizable"
        case .selectable: return "selectable"
        case .selected: return "selected"
        case .sensitive: return "sensitive"
        case .showing: return "showing"
        case .singleLine: return "single-line"
        case .visible: return "visible"
        case .checkable: return "checkable"
        }
    }

    /// The states as AT-SPI's `GetState` gives them: two 32-bit words of bits.
    package static func words(_ states: Set<AtspiState>) -> [UInt32] {
        var words: [UInt32] = [0, 0]
        for state in states { words[Int(state.rawValue / 32)] |= 1 << (state.rawValue % 32) }
        return words
    }

    /// The AT-SPI states of a Kit element's traits.
    package static func from(_ traits: AccessibilityTraits) -> Set<AtspiState> {
        var states: Set<AtspiState> = []
        let pairs: [(AccessibilityTraits, AtspiState)] = [
            (.checkable, .checkable), (.checked, .checked), (.selectable, .selectable), (.selected, .selected),
            (.editable, .editable), (.focusable, .focusable), (.focused, .focused), (.multiLine, .multiLine),
            (.singleLine, .singleLine), (.pressed, .pressed),
        ]
        for (trait, state) in pairs where traits.contains(trait) { states.insert(state) }
        return states
    }
}
