import TapawayKit

/// Where the chrome around the simulated device goes, as pure functions of the device, its
/// safe area and the window: the banners over the device, the inspector's frame when it has
/// no room, the help card, and the safe area a window shorter or narrower than the device
/// leaves.
///
/// `WindowLayout` places the sidebar, the device and the inspector; these place what
/// lies over them.
enum ChromeLayout {
    /// The device's safe area as far as it shows: a window shorter than the device cuts its
    /// bottom off, and with it the bottom inset.
    static func safeArea(
        _ device: DeviceProfile, _ orientation: DeviceOrientation, layout: WindowLayout
    )
        -> EdgeInsets
    {
        var insets = device.safeArea(orientation)
        let full = device.size(orientation)
        if layout.device.height < full.height { insets.bottom = max(0, insets.bottom - (full.height - layout.device.height)) }
        if layout.device.width < full.width { insets.right = max(0, insets.right - (full.width - layout.device.width)) }
        return insets
    }

    /// The replay banner: a pill where the replay touches nothing.
    ///
    /// In the strip of the home
    /// indicator, under the keys, when the device has one tall enough (no touch is recorded
    /// there, and the keys end above it); else under the navigation bar, across most of the
    /// simulated screen, where it covers the top of the form (a device without a home
    /// indicator, or one turned).
    static func replayBannerFrame(device: Rect, safeArea: EdgeInsets = EdgeInsets()) -> Rect {
        let inner = device.inset(by: safeArea)
        let height = ReplayBanner.height
        if safeArea.bottom >= height + 2 {
            // Narrow enough to stay inside the device's rounded bottom corners.
            let y = device.maxY - safeArea.bottom + ((safeArea.bottom - height) / 2).rounded(.down)
            let width = max(0, inner.width - 60)
            return Rect(x: inner.minX + ((inner.width - width) / 2).rounded(.down), y: y, width: width, height: height)
        }
        return underNavigationBar(device: device, safeArea: safeArea)
    }

    /// A pill under the navigation bar, across most of the simulated screen.
    private static func underNavigationBar(device: Rect, safeArea: EdgeInsets) -> Rect {
        let inner = device.inset(by: safeArea)
        return Rect(x: inner.minX + 12, y: inner.minY + 60, width: max(0, inner.width - 24), height: ReplayBanner.height)
    }

    /// The notice banner: a pill under the navigation bar, below where the replay banner goes
    /// when it has no home indicator's strip, so that both can show.
    static func noticeBannerFrame(device: Rect, safeArea: EdgeInsets = EdgeInsets()) -> Rect {
        underNavigationBar(device: device, safeArea: safeArea).offsetBy(dx: 0, dy: ReplayBanner.height + 8)
    }

    /// The inspector's frame: its part of the window, or, when there is no room for it, its
    /// usual size just off the window's right edge, so that a hidden inspector keeps sane
    /// frames (the trace lists them).
    static func inspectorFrame(_ side: Rect, screen: Size) -> Rect {
        side.width > 0 ? side : Rect(x: screen.width, y: 0, width: InspectorWindow.width, height: screen.height)
    }

    /// The help card covers the simulated screen and the inspector beside it, or the whole
    /// window when that is too narrow: room for the shortcuts and the experiments side by side.
    static func helpCardFrame(device: Rect, inspector: Rect, window: Size) -> Rect {
        let right = Rect(x: device.minX, y: device.minY, width: device.width + max(0, inspector.width), height: device.height)
        if right.width >= HelpContentView.twoColumnWidth + 32 { return right }
        return Rect(origin: .zero, size: window)
    }
}
