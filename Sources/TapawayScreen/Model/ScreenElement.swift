/// What an element of a screen is: each kind stands for the views of the same role on every
/// platform (a `UIButton`, a SwiftUI `Button`, an Android `Button`, a Flutter `ElevatedButton`, a
/// React Native `Pressable`), and the techniques' rules are written against these roles.
public enum ElementKind: String, Sendable, CaseIterable {
    /// A plain view or container: takes no touches of its own unless wired.
    case view
    /// A control standing as a background (`UIControl`): it tracks touches and fires the actions
    /// it declares (touch-down, touch-up-inside).
    case control
    /// A label: on UIKit and Android it takes no touches; SwiftUI's `Text` does take hits.
    case label
    /// Text with its own press action (React Native `<Text onPress>`): a control.
    case text
    /// An image: takes no touches unless wired.
    case image
    /// A button: fires touch-up-inside.
    case button
    /// A switch: flips on a tap (value-changed).
    case `switch`
    /// A slider: its value follows the finger (value-changed).
    case slider
    /// A segmented control: a tap selects a segment (value-changed).
    case segmented
    /// A single-line text field.
    case textField = "text-field"
    /// A multi-line text view: Return adds a line.
    case textView = "text-view"
    /// A search bar: a text field with a magnifier, Return is Search.
    case searchBar = "search-bar"
    /// A scroll view: its children are in content coordinates.
    case scrollView = "scroll-view"
    /// A table or list: a scroll view whose rows are cells with the platform's selection.
    case table
    /// A table row (a cell): highlights at touch-down and selects at the lift, as
    /// `UITableViewCell` does; a touch its table or a recognizer takes selects nothing.
    case row
    /// A tab bar: its items are buttons.
    case tabBar = "tab-bar"
    /// A toolbar: its items are buttons.
    case toolbar

    /// Whether the kind is a text input: a field, a text view or a search bar.
    public var isTextInput: Bool { self == .textField || self == .textView || self == .searchBar }
    /// Whether the kind scrolls its children.
    public var scrolls: Bool { self == .scrollView || self == .table }
    /// Whether the kind holds children: views, controls, scroll views, tables and bars.
    public var holdsChildren: Bool {
        switch self {
        case .view, .control, .scrollView, .table, .tabBar, .toolbar: true
        default: false
        }
    }
}

/// A rectangle in points, relative to the parent's bounds (or, under a scroll view, to its
/// content).
public struct ElementFrame: Sendable, Equatable {
    /// The left edge's distance from the parent's left edge, in points.
    public var x: Double
    /// The top edge's distance from the parent's top edge, in points.
    public var y: Double
    /// The width (finite, not negative).
    public var width: Double
    /// The height (finite, not negative).
    public var height: Double

    /// A frame as given.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// How a child sits in a parent that stacks its children: its height (fixed, or the lines its
/// text wraps to), the space after it, and how far it is inset from the leading edge.
public struct StackPlacement: Sendable, Equatable {
    /// The height in points; nil: the text's wrapped height, at least `minHeight`.
    public var height: Double?
    /// The least height, for a height that follows the text.
    public var minHeight: Double
    /// The width in a horizontal stack; nil shares what the fixed widths leave.
    public var width: Double?
    /// The space after the element, in points.
    public var gap: Double
    /// How far the element is inset from the stack's leading edge.
    public var inset: Double

    /// A placement as given.
    public init(height: Double? = nil, minHeight: Double = 0, width: Double? = nil, gap: Double = 8, inset: Double = 0) {
        self.height = height
        self.minHeight = minHeight
        self.width = width
        self.gap = gap
        self.inset = inset
    }
}

/// How a container places children that have no frame: one after another, top to bottom
/// (vertical) or leading to trailing (horizontal), inside its padding.
public struct StackLayout: Sendable, Equatable {
    /// The direction children follow one another in.
    public enum Axis: String, Sendable, CaseIterable {
        /// Children go one under another, top to bottom.
        case vertical
        /// Children go side by side, from the leading edge to the trailing edge.
        case horizontal
    }
    /// The direction children follow one another in.
    public var axis: Axis
    /// Space inside the container's edges: top, left, bottom, right.
    public var padding: (top: Double, left: Double, bottom: Double, right: Double)
    /// Whether the left and right padding grow by the safe area's sides (a phone's sensor
    /// housing in landscape), as UIKit's layout margins follow the safe area.
    public var followsSafeArea: Bool

    /// A stack as given.
    public init(
        axis: Axis = .vertical, padding: (top: Double, left: Double, bottom: Double, right: Double) = (0, 0, 0, 0),
        followsSafeArea: Bool = false
    ) {
        self.axis = axis
        self.padding = padding
        self.followsSafeArea = followsSafeArea
    }

    /// Stacks compare by axis, padding and safe area.
    public static func == (a: StackLayout, b: StackLayout) -> Bool {
        a.axis == b.axis && a.padding == b.padding && a.followsSafeArea == b.followsSafeArea
    }
}

/// A text input's traits, as UIKit's `UITextInputTraits`, Android's `inputType` and `imeOptions`
/// and Flutter's `TextInputType` and `TextInputAction` express them.
public struct TextInputTraits: Sendable, Equatable {
    /// The keyboard: `default`, `email`, `number-pad`, `url`.
    public var keyboardType: String
    /// The Return key: `default`, `done`, `go`, `next`, `search`, `send`.
    public var returnKey: String
    /// Whether the text is a password (bullets).
    public var secure: Bool
    /// Capitalisation: `none`, `words`, `sentences`, `all`.
    public var autocapitalization: String
    /// What Return does besides the platform's own: `end-editing` (UIKit's
    /// `editingDidEndOnExit`, Flutter's default `done`), `next` (moves to the next field), or
    /// nil (nothing: a single-line field keeps focus).
    public var returnAction: String?
    /// The delegate's rule for leaving: the field refuses to resign while its text is not empty
    /// and lacks this text (`textFieldShouldEndEditing`).
    public var refusesToResignWithout: String?
    /// For a search bar: whether its search controller dims the content below it while it is
    /// searched (UIKit's `obscuresBackgroundDuringPresentation`), so that a tap there ends the
    /// search and reaches nothing under it.
    public var obscuresBackground = false
    /// The input's accessory view above the keys (`inputAccessoryView`): `done`, a bar whose
    /// Done button resigns the input (the usual answer for a number pad, which has no Return);
    /// `bar`, a bar of the app's that ends nothing; or nil, none.
    public var accessory: String?

    /// Whether the input can take the focus: false for an input that opens a picker or a
    /// screen instead (Android's `focusable="false"`, UIKit's `textFieldShouldBeginEditing`
    /// returning false, Flutter's `canRequestFocus: false`, React Native's `editable={false}`).
    public var focusable = true

    /// The accessories a file may name.
    public static let accessories = ["done", "bar"]

    /// Creates traits with the values given, UIKit's defaults for the rest.
    public init(
        keyboardType: String = "default", returnKey: String = "default", secure: Bool = false,
        autocapitalization: String = "sentences", returnAction: String? = nil, refusesToResignWithout: String? = nil
    ) {
        self.keyboardType = keyboardType
        self.returnKey = returnKey
        self.secure = secure
        self.autocapitalization = autocapitalization
        self.returnAction = returnAction
        self.refusesToResignWithout = refusesToResignWithout
    }

    /// The keyboard types a file may name.
    public static let keyboardTypes = ["default", "email", "number-pad", "url"]
    /// The Return keys a file may name.
    public static let returnKeys = ["default", "done", "go", "next", "search", "send"]
    /// The capitalisations a file may name.
    public static let autocapitalizations = ["none", "words", "sentences", "all"]
    /// What Return may do.
    public static let returnActions = ["end-editing", "next"]
}

/// A scroll view's behaviour, in UIKit's terms (the other platforms' equivalents are in
/// docs/screens.md).
public struct ScrollTraits: Sendable, Equatable {
    /// Whether it scrolls at all (false: it stands for a plain container).
    public var scrolls: Bool
    /// The content's size; nil: what the children need.
    public var contentWidth: Double?
    /// The content's height; nil: what the children need.
    public var contentHeight: Double?
    /// `keyboardDismissMode`: `none`, `on-drag`, `interactive`.
    public var keyboardDismissMode: String?
    /// Whether a drag begins when the content fits (`alwaysBounceVertical`).
    public var alwaysBounceVertical: Bool
    /// Whether it holds a touch back before its content sees it (`delaysContentTouches`).
    public var delaysContentTouches: Bool
    /// React Native's `keyboardShouldPersistTaps`: `never`, `handled`, `always`.
    public var keyboardShouldPersistTaps: String?

    /// Creates traits with the values given, UIKit's defaults for the rest.
    public init(
        scrolls: Bool = true, contentWidth: Double? = nil, contentHeight: Double? = nil, keyboardDismissMode: String? = nil,
        alwaysBounceVertical: Bool = false, delaysContentTouches: Bool = true, keyboardShouldPersistTaps: String? = nil
    ) {
        self.scrolls = scrolls
        self.contentWidth = contentWidth
        self.contentHeight = contentHeight
        self.keyboardDismissMode = keyboardDismissMode
        self.alwaysBounceVertical = alwaysBounceVertical
        self.delaysContentTouches = delaysContentTouches
        self.keyboardShouldPersistTaps = keyboardShouldPersistTaps
    }

    /// The dismiss modes a file may name.
    public static let dismissModes = ["none", "on-drag", "interactive"]
    /// The values of `keyboardShouldPersistTaps`.
    public static let persistTaps = ["never", "handled", "always"]
}

/// A gesture recognizer a screen declares on an element, as an app adds one in code: which
/// gesture, whether it takes the touches it recognises from the views under them, and what its
/// action does.
public struct GestureWiring: Sendable, Equatable {
    /// The gesture: `tap`, `long-press`, `pan`, or `pointer-down` (a raw touch-down listener:
    /// Flutter's `Listener(onPointerDown:)`, React Native's `onTouchStart`).
    public var type: String
    /// `cancelsTouchesInView` (UIKit's default: true).
    public var cancelsTouchesInView: Bool
    /// A tap's `numberOfTapsRequired` (UIKit's default: 1).
    public var taps: Int
    /// `delaysTouchesBegan` (UIKit's default: false): the view under the finger sees nothing of
    /// the touch until the recognizer has failed.
    public var delaysTouchesBegan: Bool
    /// `delaysTouchesEnded` (UIKit's default: true): the view sees the lift only once the
    /// recognizer has failed, or not at all when it recognises.
    public var delaysTouchesEnded: Bool
    /// Its delegate's `gestureRecognizer(_:shouldReceive:)`: `all` (no delegate, the default),
    /// `not-on-controls` (false when the touched view is a `UIControl`: a button, a switch, a
    /// text field) or `not-on-controls-or-rows` (also false in a table's row).
    public var shouldReceive: String
    /// What the action does: `end-editing` (`view.endEditing(true)`), `resign` (asks the first
    /// responder, which may refuse), `none`, `focus:ID` (the input ID takes the focus) or
    /// `app:NAME` (an app action, counted).
    public var action: String
    /// On a Flutter file, the `GestureDetector`'s hit-test behaviour: `defer-to-child` (Flutter's
    /// default with a child), `opaque` or `translucent`; on a SwiftUI file, `opaque` is a
    /// `.contentShape(Rectangle())` (or a background) on the view.
    ///
    /// nil: the default.
    public var behavior: String?
    /// On a SwiftUI file, `.simultaneousGesture`: it acts along with a gesture inside it (a
    /// button's) rather than giving way to it.
    public var simultaneous: Bool
    /// Where the wiring is in the file.
    public var position: SourcePosition?

    /// A recognizer as given.
    public init(
        type: String, cancelsTouchesInView: Bool = true, action: String, behavior: String? = nil,
        simultaneous: Bool = false, taps: Int = 1, delaysTouchesBegan: Bool = false, delaysTouchesEnded: Bool = true,
        shouldReceive: String = "all", position: SourcePosition? = nil
    ) {
        self.type = type
        self.shouldReceive = shouldReceive
        self.cancelsTouchesInView = cancelsTouchesInView
        self.taps = taps
        self.delaysTouchesBegan = delaysTouchesBegan
        self.delaysTouchesEnded = delaysTouchesEnded
        self.action = action
        self.behavior = behavior
        self.simultaneous = simultaneous
        self.position = position
    }

    /// The gestures a file may name.
    public static let types = ["tap", "long-press", "pan", "pointer-down"]
    /// The delegate answers a file may name for `shouldReceive`.
    public static let receiveRules = ["all", "not-on-controls", "not-on-controls-or-rows"]
    /// The platforms whose files may declare a `pointer-down` listener: Flutter's `Listener`
    /// and React Native's `onTouchStart` hear every touch down in their subtree, with no arena
    /// and no responder to win; UIKit, SwiftUI and Android views have no such declarative hook.
    public static let pointerDownPlatforms: [ScreenPlatform] = [.flutter, .reactNative]
}

/// Flutter's `TapRegion` around an element: on every pointer down, the regions (or groups of
/// regions) the pointer is outside hear `onTapOutside`, those it is inside `onTapInside`, and an
/// outside region with `consumeOutsideTaps` keeps the pointer from every other widget.
public struct TapRegionWiring: Sendable, Equatable {
    /// `groupId`: regions with the same one act as one region (nil: this region alone).
    public var groupId: String?
    /// What `onTapOutside` does: `end-editing` (unfocus the primary focus, as
    /// `FocusScope.of(context).unfocus()`), `resign` (unfocus the text field the region wraps,
    /// when it is the one focused, as its `focusNode.unfocus()`), `none`, or `app:NAME`.
    public var onTapOutside: String
    /// What `onTapInside` does, in the same words.
    public var onTapInside: String
    /// What `onTapUpOutside` does: called at the lift of a pointer that went down outside the
    /// region (or its group), in the same words.
    public var onTapUpOutside: String
    /// What `onTapUpInside` does: called at the lift of a pointer that went down inside.
    public var onTapUpInside: String
    /// `consumeOutsideTaps`: a pointer down outside the group goes to no other widget.
    public var consumeOutsideTaps: Bool
    /// The region's hit-test behaviour: `defer-to-child` (Flutter's default: inside only where a
    /// child is hit), `opaque` or `translucent` (inside anywhere in its bounds).
    public var behavior: String
    /// Where the wiring is in the file.
    public var position: SourcePosition?

    /// A region as given; everything left out at Flutter's defaults.
    public init(
        groupId: String? = nil, onTapOutside: String = "none", onTapInside: String = "none",
        consumeOutsideTaps: Bool = false, behavior: String = "defer-to-child", onTapUpOutside: String = "none",
        onTapUpInside: String = "none", position: SourcePosition? = nil
    ) {
        self.groupId = groupId
        self.onTapOutside = onTapOutside
        self.onTapInside = onTapInside
        self.onTapUpOutside = onTapUpOutside
        self.onTapUpInside = onTapUpInside
        self.consumeOutsideTaps = consumeOutsideTaps
        self.behavior = behavior
        self.position = position
    }

    /// The hit-test behaviours a file may name.
    public static let behaviors = ["defer-to-child", "opaque", "translucent"]
}

/// An action a control declares for one of its events, as `addTarget(_:action:for:)` or an
/// Interface Builder connection does.
public struct ControlWiring: Sendable, Equatable {
    /// The event: `touch-down`, `touch-up-inside`, `value-changed`, `editing-did-end-on-exit`.
    public var event: String
    /// What the action does: `end-editing`, `resign`, `none`, `focus:ID` or `app:NAME`.
    public var action: String
    /// Where the wiring is in the file.
    public var position: SourcePosition?

    /// An action as given.
    public init(event: String, action: String, position: SourcePosition? = nil) {
        self.event = event
        self.action = action
        self.position = position
    }

    /// The events a file may name.
    public static let events = ["touch-down", "touch-up-inside", "value-changed", "editing-did-end-on-exit"]
}

/// The actions a wiring may name besides `app:NAME` and `focus:ID`.
public let wiringActions = ["end-editing", "resign", "none"]

/// The input a `focus:ID` action gives the focus to (`becomeFirstResponder()`, Android's
/// `requestFocus()`, Flutter's `FocusNode.requestFocus()`, SwiftUI's focus binding set to ID),
/// or nil when `action` is another action.
public func focusTarget(of action: String) -> String? {
    action.hasPrefix("focus:") && action.count > 6 ? String(action.dropFirst(6)) : nil
}

/// One element of a screen: a view of some kind, where it is, what it shows, how it is wired,
/// and what it holds.
public struct ScreenElement: Sendable, Equatable {
    /// The stable id, unique in the screen (traces, the audit and `--focus` name it).
    public var id: String?
    /// The element's kind, which decides what is built and how it behaves.
    public var kind: ElementKind
    /// Where it is in its parent; nil when the parent stacks it.
    public var frame: ElementFrame?
    /// How it sits in a parent that stacks its children.
    public var placement: StackPlacement
    /// Whether it is hidden.
    public var hidden: Bool
    /// Whether it is enabled (a disabled control takes no action).
    public var enabled: Bool
    /// Whether it takes touches; nil: its kind's default (labels and images do not).
    public var interactive: Bool?
    /// Whether the element itself takes no touches while its children do: a stack that only
    /// lays out (SwiftUI's `HStack`, React Native's `pointerEvents="box-none"`).
    public var passThrough: Bool
    /// For a `view`: whether it handles the touches on it itself, so they go no further up the
    /// responder chain (Android's `clickable="true"`, whose `onTouchEvent` then returns true).
    public var clickable = false
    /// What it shows: a label's text, a button's title, a row's title.
    public var text: String?
    /// A text input's placeholder.
    public var placeholder: String?
    /// The text's size in points; nil: the kind's default.
    public var fontSize: Double?
    /// Whether the text is secondary (grey), as captions and headers are.
    public var secondary: Bool
    /// A text input's traits.
    public var input: TextInputTraits?
    /// A scroll view's or table's behaviour.
    public var scroll: ScrollTraits?
    /// How it places children without a frame.
    public var layout: StackLayout?
    /// A switch's state, or whether a row shows its checkmark.
    public var isOn: Bool
    /// A segmented control's segments.
    public var segments: [String]
    /// Recognizers declared on it.
    public var gestures: [GestureWiring]
    /// Actions declared for its control events.
    public var actions: [ControlWiring]
    /// What it holds, in back-to-front order.
    public var children: [ScreenElement]
    /// Where its object starts in the file it was read from.
    public var position: SourcePosition?
    /// Where it came from when an importer made it (a storyboard's object id and line).
    public var source: String?
    /// The file's `comment` on it, line by line: notes for people, and what an importer could
    /// not bring over.
    public var comments: [String] = []
    /// Whether it is wrapped in Flutter's `TextFieldTapRegion`: a pointer down on it counts as
    /// inside the text fields' tap region, so it does not unfocus the focused field.
    public var textFieldTapRegion: Bool
    /// Flutter's `TapRegion` around it, if the file wraps it in one.
    public var tapRegion: TapRegionWiring?
    /// Android's `focusableInTouchMode` on the view (text inputs are by nature): under a target
    /// SDK below 28, `clearFocus()` gives the focus to the first such view.
    public var focusableInTouchMode: Bool

    /// An element of `kind`, everything else at its default.
    public init(kind: ElementKind, id: String? = nil) {
        self.kind = kind
        self.id = id
        frame = nil
        placement = StackPlacement()
        hidden = false
        enabled = true
        interactive = nil
        passThrough = false
        text = nil
        placeholder = nil
        fontSize = nil
        secondary = false
        input = nil
        scroll = nil
        layout = nil
        isOn = false
        segments = []
        gestures = []
        actions = []
        children = []
        position = nil
        source = nil
        textFieldTapRegion = false
        tapRegion = nil
        focusableInTouchMode = false
    }

    /// The element and everything under it, depth first, parents before children.
    public var allElements: [ScreenElement] {
        var result: [ScreenElement] = []
        func walk(_ element: ScreenElement) {
            result.append(element)
            for child in element.children { walk(child) }
        }
        walk(self)
        return result
    }
}
