/// The platforms a screen can be written for: what `As written` plays its wiring as.
public enum ScreenPlatform: String, Sendable, CaseIterable {
    /// UIKit: a storyboard, a xib or views made in code.
    case uikit
    /// SwiftUI: views built from modifiers and focus state.
    case swiftui
    /// Android: a layout of views, or a Jetpack Compose screen.
    case android
    /// Flutter: a tree of widgets.
    case flutter
    /// React Native: JavaScript components over native views; written `react-native`.
    case reactNative = "react-native"
}

/// Where the matrix and the audit tap "the background": a point a given distance below an element's
/// bottom-left corner, where nothing else is.
///
/// Without one, the audit samples points.
public struct BackgroundProbe: Sendable, Equatable {
    /// The element whose bottom-left corner the point is measured from.
    public var below: String
    /// How far right of the element's left edge.
    public var dx: Double
    /// How far below the element's bottom edge.
    public var dy: Double
    /// Where the probe is in the file.
    public var position: SourcePosition?

    /// A probe as given.
    public init(below: String, dx: Double, dy: Double, position: SourcePosition? = nil) {
        self.below = below
        self.dx = dx
        self.dy = dy
        self.position = position
    }
}

/// A sheet presented over the screen (UIKit's `UISheetPresentationController`): its content,
/// how high it rests, whether it dims what is behind it and whether a tap there dismisses it.
public struct SheetPresentation: Sendable, Equatable {
    /// What the sheet holds: a view, a control, a scroll view or a table, filling the sheet.
    public var content: ScreenElement
    /// The detent it rests at: `large` (the screen's height but a strip at the top) or
    /// `medium` (about half of that).
    public var detent: String
    /// Whether it dims the screen behind it, which then takes no touches (UIKit's default:
    /// `largestUndimmedDetentIdentifier` nil).
    public var dimmed: Bool
    /// Whether a tap on the dim dismisses it (UIKit's default: `isModalInPresentation` false).
    public var dismissible: Bool
    /// How it is presented: `page` (a page sheet at its detent, the default), `form` (a form
    /// sheet: a card in the middle of a wide screen, a page sheet on a phone), `alert` (an
    /// alert controller's card: modal, dimmed, dismissed by its buttons) or `popover` (a card
    /// pointing at its `anchor` on a wide screen, undimmed, dismissed by a tap outside; a page
    /// sheet on a phone).
    public var style: String
    /// For a popover, the id of the element it points from (`sourceView`).
    public var anchor: String?
    /// The id of the screen's text input that was focused when the sheet came up: it stops
    /// editing while the sheet is up and takes the focus back when the sheet goes.
    public var focusedBehind: String?
    /// Whether the keyboard stays up when a field in the sheet stops editing, as the sheet's view
    /// controller overrides UIKit's `disablesAutomaticKeyboardDismissal`; nil: UIKit's default, true
    /// for a form sheet on a wide screen.
    public var disablesAutomaticKeyboardDismissal: Bool?
    /// Where the sheet is in the file.
    public var position: SourcePosition?

    /// The detents a file may name.
    public static let detents = ["large", "medium"]
    /// The styles a file may name.
    public static let styles = ["page", "form", "alert", "popover"]

    /// A sheet as given.
    public init(
        content: ScreenElement, detent: String = "large", dimmed: Bool = true, dismissible: Bool = true,
        style: String = "page", anchor: String? = nil, position: SourcePosition? = nil
    ) {
        self.style = style
        self.anchor = anchor
        self.content = content
        self.detent = detent
        self.dimmed = dimmed
        self.dismissible = dismissible
        self.position = position
    }
}

/// A screen: what a developer describes (or an importer makes) for Tapaway to play every technique on
/// and audit.
///
/// The root element fills the screen under the navigation bar; a bottom bar, when there is one, is
/// pinned under it (a chat's composer), above the home indicator.
public struct ScreenDocument: Sendable, Equatable {
    /// The format's version this reader reads.
    public static let formatVersion = 1

    /// The file's format version (1).
    public var version: Int
    /// A name for the screen, for people reading the file (reports name the screen by its file).
    public var name: String?
    /// The file's top-level `comment`, line by line (an importer's summary of what it did).
    public var comments: [String] = []
    /// The navigation bar's title; nil: the technique's title, as on the standard form.
    public var title: String?
    /// The platform the file's own wiring is written for; nil: none declared (every technique
    /// is played; `As written` is not offered).
    public var platform: ScreenPlatform?
    /// The device the screen is for (an id of `tapaway list`'s devices); nil: the one chosen.
    public var device: String?
    /// The orientation (`portrait`, `landscape`); nil: the one chosen.
    public var orientation: String?
    /// The root: what fills the screen under the navigation bar.
    public var content: ScreenElement
    /// A bar pinned to the screen's bottom (a chat's composer), if any.
    public var bottomBar: ScreenElement?
    /// The buttons the navigation bar shows at its trailing end, the first at the edge
    /// (`navigationBar.items`, as `UINavigationItem.rightBarButtonItems`); each is a `button`.
    public var navigationItems: [ScreenElement] = []
    /// The buttons at the navigation bar's leading end, the first at the edge
    /// (`navigationBar.leadingItems`, as `UINavigationItem.leftBarButtonItems`): they take the
    /// back button's place.
    public var navigationLeadingItems: [ScreenElement] = []
    /// The back button's title (`navigationBar.backButton`), when the screen below's title is not
    /// what it says; nil: that title.
    public var backButtonTitle: String?
    /// Whether the screen has no back button (`navigationBar.backButton: false`, as
    /// `UINavigationItem.hidesBackButton`, or the root of its stack).
    public var hidesBackButton = false
    /// Whether the navigation bar is hidden (`navigationBar.hidden`, as
    /// `setNavigationBarHidden(true)`): the content starts under the status bar.
    public var navigationBarHidden = false
    /// A sheet presented over the screen, if any.
    public var sheet: SheetPresentation?
    /// Where "the background" is tapped, if the file says.
    public var backgroundTap: BackgroundProbe?
    /// The Android app's `targetSdkVersion`, where it changes behaviour (below 28, `clearFocus()`
    /// hands the focus back to the first view focusable in touch mode); nil: not said.
    public var targetSdk: Int?
    /// The keyboard (`software`, `hardware`: a hardware keyboard connected, so no keys show);
    /// nil: the one chosen.
    public var keyboard: String?
    /// How the screen avoids the keyboard: one of `avoidanceChoices` (the `avoidance` option's
    /// values), given as `avoidance` or worked out from Android's `windowSoftInputMode`; nil: the
    /// one chosen.
    public var avoidance: String?

    /// The values of `avoidance`, as the `avoidance` option names them.
    public static let avoidanceChoices = [
        "platform", "none", "shrink-frame", "insets", "move-screen", "move-window", "keyboard-guide", "adjust-resize",
        "adjust-pan", "edge-to-edge", "ime-insets", "kav-height", "kav-position", "kav-padding",
    ]

    /// A screen with `content`, everything else at its default.
    public init(content: ScreenElement) {
        version = Self.formatVersion
        name = nil
        title = nil
        platform = nil
        device = nil
        orientation = nil
        self.content = content
        bottomBar = nil
        backgroundTap = nil
        targetSdk = nil
        keyboard = nil
        avoidance = nil
    }

    /// Every element of the screen: the content's tree, then the bottom bar's.
    public var allElements: [ScreenElement] {
        content.allElements + (bottomBar?.allElements ?? []) + navigationItems + navigationLeadingItems
            + (sheet?.content.allElements ?? [])
    }

    /// The element with `id`, if there is one.
    public func element(_ id: String) -> ScreenElement? { allElements.first { $0.id == id } }

    /// The ids of the text inputs, in the file's order.
    public var inputIDs: [String] {
        allElements.filter { $0.kind.isTextInput && $0.input?.focusable != false }.compactMap(\.id)
    }
}
