import TapawayAccessibility
import TapawayDemo
import TapawayKit
import TapawayX11

extension Launcher {
    /// Starts the AT-SPI bridge for `application` on `platform`'s loop, if an accessibility bus exists
    /// (the bridge looks, and does nothing otherwise), with its connection's fate in the trace
    /// (`accessibility` lines: `registered`, `closed`).
    ///
    /// Returns the bridge to keep.
    @MainActor
    static func startAccessibility(
        of application: Application, on platform: X11Platform, app: TapawayApp
    )
        -> AccessibilityBridge?
    {
        guard !AccessibilityBridge.isSwitchedOff else { return nil }
        let bridge = AccessibilityBridge(
            application: application, name: "Tapaway",
            geometry: { [unowned platform] in (platform.windowOriginOnScreen(), platform.scale) },
            isActive: { [unowned platform] in platform.hasInputFocus })
        bridge.onStatus = { [weak app] event, reason in app?.events.notify(.accessibility(event: event, reason: reason)) }
        // The frame's `active` state follows the window's focus: a frame takes it to the tree
        // (registered for the program's life, as the bridge is).
        _ = platform.inputFocusObservers.add { [unowned application] _ in application.setNeedsFrame() }
        bridge.start { [unowned platform] in platform.accessibilityBusAddress() }
        platform.watchInput(bridge)
        return bridge
    }
}
