import TapawayKit

/// The avoidance strategies Tapaway models, by the value of the general option `avoidance` that chooses
/// them.
///
/// `platform` is not among them: it stands for each technique's own
/// (`FormViewController.platformAvoidance`).
package enum AvoidanceKind: String, Sendable, CaseIterable {
    /// Nothing avoids: the keyboard covers what it covers (Android's `adjustNothing`).
    case none
    /// The scroll view's frame shrinks by the keyboard's overlap on did-show and the field is
    /// scrolled into view (the `background-control` technique's, after seed 003).
    case shrinkFrame = "shrink-frame"
    /// The scroll view's content and indicator insets grow by the overlap (today's UIKit advice).
    case insets
    /// The screen's view moves up (IQKeyboardManager without a scroll view); the navigation bar
    /// stays.
    case moveScreen = "move-screen"
    /// The navigation controller's view moves up, bar and all (IQKeyboardManager before its fix).
    case moveWindow = "move-window"
    /// The content's bottom is pinned to the keyboard layout guide (`UIKeyboardLayoutGuide`).
    case keyboardGuide = "keyboard-guide"
    /// Android's `adjustResize`: the activity's window shrinks to the space above the keyboard.
    case adjustResize = "adjust-resize"
    /// Android's `adjustPan`: the window pans up so the focused view shows; the app bar goes too.
    case adjustPan = "adjust-pan"
    /// React Native's `KeyboardAvoidingView` with `behavior="height"`.
    case kavHeight = "kav-height"
    /// React Native's `KeyboardAvoidingView` with `behavior="position"`.
    case kavPosition = "kav-position"
    /// React Native's `KeyboardAvoidingView` with `behavior="padding"`.
    case kavPadding = "kav-padding"
    /// Android 15's enforced edge-to-edge (an app targeting API 35) that handles no insets: the
    /// window runs under the navigation bar and is never resized for the keyboard, since
    /// `adjustResize` no longer fits the content; the app's bottom bar sits under the
    /// navigation bar and the keyboard covers what it covers.
    case edgeToEdge = "edge-to-edge"
    /// Edge-to-edge with the insets applied: the content is padded by the larger of
    /// `WindowInsets.ime` and the navigation bar's insets, following the keyboard frame by frame
    /// (`Modifier.imePadding()`, or an `OnApplyWindowInsetsListener` fitting `Type.ime()`).
    case imeInsets = "ime-insets"
    /// The keyboard manager scrolls or moves the screen itself (the `keyboard-manager`
    /// technique's own; not a value of the option).
    case keyboardManager = "keyboard-manager"

    /// Makes a strategy of this kind, or nil for `none` and `keyboard-manager` (nothing in the
    /// screen acts: the keyboard covers, or the manager does the work).
    @MainActor package func makeStrategy() -> (any KeyboardAvoidance)? {
        switch self {
        case .none, .keyboardManager, .edgeToEdge: return nil
        case .imeInsets: return KeyboardGuideAvoidance(kind: .imeInsets)
        case .shrinkFrame: return ShrinkFrameAvoidance()
        case .insets: return ContentInsetAvoidance()
        case .moveScreen: return MoveScreenAvoidance()
        case .moveWindow: return MoveScreenAvoidance(movesWindow: true)
        case .keyboardGuide: return KeyboardGuideAvoidance()
        case .adjustResize: return AdjustResizeAvoidance()
        case .adjustPan: return AdjustPanAvoidance()
        case .kavHeight: return KeyboardAvoidingViewAvoidance(behavior: .height)
        case .kavPosition: return KeyboardAvoidingViewAvoidance(behavior: .position)
        case .kavPadding: return KeyboardAvoidingViewAvoidance(behavior: .padding)
        }
    }

    /// Whether the app's window runs under Android's navigation bar (edge to edge), rather than
    /// ending above it, as a window that fits the system bars does (apps targeting API 34 or
    /// lower, the default here).
    package var drawsEdgeToEdge: Bool { self == .edgeToEdge || self == .imeInsets }

    /// Whether the screen keeps its bottom bar above the bottom safe area (the home indicator's
    /// strip, Android's navigation bar): every strategy but `edge-to-edge`, whose app handles
    /// no insets.
    package var keepsToBottomSafeArea: Bool { self != .edgeToEdge }
}
