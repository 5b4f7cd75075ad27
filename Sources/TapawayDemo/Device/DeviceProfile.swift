import TapawayKit

/// A simulated device: its screen's size in points, its safe area in each orientation, and how its
/// system draws the top and bottom of the screen.
///
/// The list is short on purpose: the sizes people meet most, one of each shape of safe area.
///
/// The screen sizes are Apple's and Google's published figures. The safe-area insets are not
/// published per model by Apple; the figures here are what `safeAreaInsets` reports on those
/// models as practitioners measure it (docs/devices.md gives the sources and says which are
/// inferred).
package struct DeviceProfile: Sendable, Equatable {
    /// What the system draws at the top of the screen.
    package enum TopShape: Sendable, Equatable {
        /// A plain status bar (a home-button iPhone, an iPad, Android).
        case statusBar
        /// A status bar on both sides of the Dynamic Island's pill.
        case dynamicIsland
    }

    /// What the system draws at the bottom of the screen.
    package enum BottomShape: Sendable, Equatable {
        /// Nothing: the home button is off the screen.
        case none
        /// The home indicator, a short rounded bar the keyboard covers (iOS).
        case homeIndicator
        /// Android's three-button navigation bar, above which the keyboard sits.
        case navigationBar
    }

    /// The id `--device` and the settings take (`iphone-15`).
    package let id: String
    /// The name the sidebar and the inspector show.
    package let name: String
    /// The screen in portrait, in points.
    package let portrait: Size
    /// The safe area in portrait.
    package let portraitInsets: EdgeInsets
    /// The safe area in landscape (turned with the top to the left).
    package let landscapeInsets: EdgeInsets
    /// The top of the screen.
    package let top: TopShape
    /// The bottom of the screen.
    package let bottom: BottomShape
    /// Whether the system hides the status bar in landscape (iPhone does; iPad and Android do not).
    package let hidesStatusBarInLandscape: Bool
    /// The radius of the display's rounded corners, in points (0 for square corners).
    package var cornerRadius: Double = 0
    /// Whether Android's navigation bar is the gesture bar (the `android-navigation` option) rather
    /// than the three buttons: a 24-point bar with a handle, at the bottom in both orientations.
    ///
    /// AOSP's `NavigationBarModeGesturalOverlay` sets `navigation_bar_height` (the inset apps get)
    /// to 24 dp on Android 13 and later (16 dp on Android 10) and `config_navBarCanMove` to false;
    /// docs/devices.md quotes the lines.
    package var gestureNavigation = false

    /// The gesture bar's height: the bottom inset apps get under gesture navigation, in points.
    package static let gestureBarHeight = 24.0
    /// How far from the screen's left or right edge a back swipe may start, in points
    /// (`config_backGestureInset`, 20 dp in the gestural overlay).
    package static let backGestureInset = 20.0
    /// The strip along the bottom where a swipe is the home gesture, not Back
    /// (`navigation_bar_gesture_height`, 32 dp).
    package static let bottomGestureHeight = 32.0

    /// The screen's size in `orientation`.
    package func size(_ orientation: DeviceOrientation) -> Size {
        orientation == .portrait ? portrait : Size(width: portrait.height, height: portrait.width)
    }

    /// The safe area in `orientation`.
    package func safeArea(_ orientation: DeviceOrientation) -> EdgeInsets {
        var insets = orientation == .portrait ? portraitInsets : landscapeInsets
        if gestureNavigation && bottom == .navigationBar {
            // The gesture bar stays along the bottom when the device turns.
            insets.right = 0
            insets.bottom = Self.gestureBarHeight
        }
        return insets
    }

    /// Whether the keypad covers the bottom of the safe area (iOS's keyboard covers the home
    /// indicator's area) or sits above it (Android's keyboard sits above the navigation bar).
    package var keyboardCoversBottomInset: Bool { bottom != .navigationBar }

    /// The keyboard the device's system shows: Android's (Gboard-like) on the Android phone,
    /// iPad's on the iPad, iPhone's elsewhere.
    package var keyboardStyle: KeypadStyle {
        if bottom == .navigationBar { return .android }
        return id == "ipad" ? .ipad : .ios
    }

    /// Whether the navigation bar is the compact (32-point) one in landscape: on an iPhone whose
    /// width class is compact in landscape, which Apple's Human Interface Guidelines (*Layout*,
    /// size classes) give to every iPhone narrower than 414 points, but not to the Plus and Max
    /// iPhones (regular width in landscape), whose bar keeps its height as iPad's does.
    package var hasCompactLandscapeBar: Bool { keyboardStyle == .ios && portrait.width < 414 }

    /// The bar the keyboard docks above when it is not the bottom safe area: under gesture
    /// navigation, the gesture bar's 48-point frame (`navigation_bar_frame_height`), in which the
    /// input method draws its down arrow and switcher; nil elsewhere.
    package var imeNavigationBarHeight: Double? {
        gestureNavigation && bottom == .navigationBar ? Self.gestureBarFrameHeight : nil
    }

    /// The gesture bar's window frame: taller than its inset (`navigation_bar_frame_height`, 48 dp).
    package static let gestureBarFrameHeight = 48.0

    /// Whether the status bar shows in `orientation`.
    package func showsStatusBar(_ orientation: DeviceOrientation) -> Bool {
        orientation == .portrait || !hidesStatusBarInLandscape
    }

    /// The devices, in the order the sidebar lists them.
    package static let all: [DeviceProfile] = [
        DeviceProfile(
            id: "iphone-se", name: "iPhone SE", portrait: Size(width: 375, height: 667),
            portraitInsets: EdgeInsets(top: 20), landscapeInsets: EdgeInsets(),
            top: .statusBar, bottom: .none, hidesStatusBarInLandscape: true),
        DeviceProfile(
            id: "iphone-15", name: "iPhone 15", portrait: Size(width: 393, height: 852),
            portraitInsets: EdgeInsets(top: 59, bottom: 34), landscapeInsets: EdgeInsets(left: 59, bottom: 21, right: 59),
            top: .dynamicIsland, bottom: .homeIndicator, hidesStatusBarInLandscape: true, cornerRadius: 55),
        DeviceProfile(
            id: "iphone-15-pro-max", name: "iPhone 15 Pro Max", portrait: Size(width: 430, height: 932),
            portraitInsets: EdgeInsets(top: 59, bottom: 34), landscapeInsets: EdgeInsets(left: 59, bottom: 21, right: 59),
            top: .dynamicIsland, bottom: .homeIndicator, hidesStatusBarInLandscape: true, cornerRadius: 55),
        DeviceProfile(
            id: "android", name: "Android phone", portrait: Size(width: 360, height: 800),
            portraitInsets: EdgeInsets(top: 24, bottom: 48), landscapeInsets: EdgeInsets(top: 24, right: 48),
            top: .statusBar, bottom: .navigationBar, hidesStatusBarInLandscape: false, cornerRadius: 24),
        DeviceProfile(
            id: "ipad", name: "iPad", portrait: Size(width: 820, height: 1180),
            portraitInsets: EdgeInsets(top: 24, bottom: 20), landscapeInsets: EdgeInsets(top: 24, bottom: 20),
            top: .statusBar, bottom: .homeIndicator, hidesStatusBarInLandscape: false, cornerRadius: 18),
    ]

    /// The device Tapaway starts with.
    package static let defaultID = "iphone-15"

    /// The device with `id`, if there is one.
    package static func device(_ id: String) -> DeviceProfile? { all.first { $0.id == id } }
}

/// Which way up the simulated device is held.
package enum DeviceOrientation: String, Sendable, CaseIterable {
    /// Upright: the screen taller than wide.
    case portrait
    /// On its side: the screen wider than tall.
    case landscape

    /// The other orientation: landscape for portrait and back.
    package var turned: DeviceOrientation { self == .portrait ? .landscape : .portrait }
}
