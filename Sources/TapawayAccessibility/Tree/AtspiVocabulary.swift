import TapawayKit

/// AT-SPI's role numbers (`AtspiRole` in at-spi2-core's `atspi-constants.h`) for the roles the
/// Kit's elements take, with the names `GetRoleName` answers.
package enum AtspiRole: UInt32, Sendable {
    /// `ATSPI_ROLE_FRAME`: the top-level window.
    case frame = 23
    /// `ATSPI_ROLE_LABEL`.
    case label = 29
    /// `ATSPI_ROLE_LIST`.
    case list = 31
    /// `ATSPI_ROLE_LIST_ITEM`.
    case listItem = 32
    /// `ATSPI_ROLE_PANEL`.
    case panel = 39
    /// `ATSPI_ROLE_PASSWORD_TEXT`.
    case passwordText = 40
    /// `ATSPI_ROLE_PUSH_BUTTON`.
    case pushButton = 43
    /// `ATSPI_ROLE_RADIO_BUTTON`.
    case radioButton = 44
    /// `ATSPI_ROLE_SCROLL_PANE`.
    case scrollPane = 49
    /// `ATSPI_ROLE_TEXT`: multi-line text.
    case text = 61
    /// `ATSPI_ROLE_TOGGLE_BUTTON`.
    case toggleButton = 62
    /// `ATSPI_ROLE_TOOL_BAR`.
    case toolBar = 63
    /// `ATSPI_ROLE_APPLICATION`.
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
    /// `ATSPI_STATE_ACTIVE`.
    case active = 1
    /// `ATSPI_STATE_CHECKED`.
    case checked = 4
    /// `ATSPI_STATE_EDITABLE`.
    case editable = 7
    /// `ATSPI_STATE_ENABLED`.
    case enabled = 8
    /// `ATSPI_STATE_FOCUSABLE`.
    case focusable = 11
    /// `ATSPI_STATE_FOCUSED`.
    case focused = 12
    /// `ATSPI_STATE_MULTI_LINE`.
    case multiLine = 17
    /// `ATSPI_STATE_PRESSED`.
    case pressed = 20
    /// `ATSPI_STATE_RESIZABLE`.
    case resizable = 21
    /// `ATSPI_STATE_SELECTABLE`.
    case selectable = 22
    /// `ATSPI_STATE_SELECTED`.
    case selected = 23
    /// `ATSPI_STATE_SENSITIVE`.
    case sensitive = 24
    /// `ATSPI_STATE_SHOWING`.
    case showing = 25
    /// `ATSPI_STATE_SINGLE_LINE`.
    case singleLine = 26
    /// `ATSPI_STATE_VISIBLE`.
    case visible = 30
    /// `ATSPI_STATE_CHECKABLE`.
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
