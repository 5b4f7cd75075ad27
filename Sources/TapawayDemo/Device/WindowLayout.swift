import TapawayKit

/// Where the sidebar, the simulated device and the inspector go in the window.
///
/// The device keeps its size in points; width the device does not need goes to the inspector, up to its widest, then to the desk
/// around the device, never to the device. Chrome that has no room folds into a narrow strip with a button that opens it over the
/// device, so every option stays reachable; a window smaller than the device shows the part that fits and says so (`clipped`).
package struct WindowLayout: Equatable, Sendable {
    /// The sidebar's frame (zero width when folded).
    package var sidebar: Rect
    /// The device's frame in the window, at its own size in points, in the space between the panels.
    package var device: Rect
    /// The inspector's frame (zero width when folded or not wanted).
    package var inspector: Rect
    /// The strip that stands for the folded sidebar, at the window's left (zero width when the
    /// sidebar has room).
    package var sidebarStrip: Rect
    /// The strip that stands for the folded inspector, at the window's right (zero width when it
    /// has room or is not wanted).
    package var inspectorStrip: Rect
    /// Whether the window is smaller than the device, which then shows only the part that fits.
    package var clipped: Bool

    /// The width of a folded chrome's strip.
    package static let stripWidth = 36.0

    /// The layout for a window of `size` and a device screen of `device` points, with or
    /// without the inspector.
    package init(window size: Size, device: Size, inspector wanted: Bool) {
        let sidebarWidth = SidebarWindow.width, inspectorWidth = InspectorWindow.width
        let strip = Self.stripWidth
        let sidebarFits = size.width >= sidebarWidth + device.width + (wanted ? strip : 0)
        let left = sidebarFits ? sidebarWidth : strip
        let inspectorFits = wanted && size.width - left - device.width >= inspectorWidth
        let right =
            inspectorFits
            ? min(InspectorWindow.maximumWidth, max(inspectorWidth, size.width - left - device.width)) : (wanted ? strip : 0)
        let room = Size(width: max(0, size.width - left - right), height: size.height)
        // Within a point is whole: a fractional scale rounds the window to pixels, and a third of
        // a point off the bottom is no cut anyone could see.
        func fit(_ need: Double, _ have: Double) -> Double { have + 1 > need ? need : have }
        let shown = Size(width: fit(device.width, room.width), height: fit(device.height, room.height))
        // Centred in the room it has (the inspector takes the extra width up to its widest, so
        // only a window without one, or a wide one, leaves room at the sides).
        let x = left + max(0, ((room.width - shown.width) / 2).rounded(.down))
        let y = max(0, ((room.height - shown.height) / 2).rounded(.down))
        self.device = Rect(x: x, y: y, width: shown.width, height: shown.height)
        sidebar = Rect(x: 0, y: 0, width: sidebarFits ? sidebarWidth : 0, height: size.height)
        sidebarStrip = Rect(x: 0, y: 0, width: sidebarFits ? 0 : strip, height: size.height)
        inspector = Rect(x: size.width - (inspectorFits ? right : 0), y: 0, width: inspectorFits ? right : 0, height: size.height)
        inspectorStrip = Rect(
            x: size.width - strip, y: 0, width: wanted && !inspectorFits ? strip : 0, height: size.height)
        clipped = shown != device
    }

    /// The smallest window that shows `device` whole: the device and the two folded strips.
    package static func minimumSize(device: Size) -> Size {
        Size(width: device.width + 2 * stripWidth, height: device.height)
    }

    /// The window size that holds the sidebar, `device` and the inspector side by side.
    package static func preferredSize(device: Size) -> Size {
        Size(width: SidebarWindow.width + device.width + InspectorWindow.width, height: device.height)
    }
}
