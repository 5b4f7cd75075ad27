import TapawayKit

/// What stands for the sidebar or the inspector when the window is too narrow for it beside the device:
/// a narrow strip at the window's edge with one button that opens the chrome over the device, and
/// closes it again.
///
/// Every option stays reachable in a narrow window.
@MainActor
package final class FoldedChromeStrip: Window {
    /// The button (`sidebar-unfold`, `inspector-unfold`).
    package let button: ChromeItem

    /// A strip identified `identifier` whose button, titled `name`, is identified `button`.
    package init(name: String, identifier: String, button buttonIdentifier: String) {
        button = ChromeItem(title: name, kind: .segment, identifier: buttonIdentifier)
        super.init(frame: .zero, level: .chrome)
        self.identifier = identifier
        backgroundColor = Palette.chromeBackground
        addSubview(button)
        isHidden = true
    }

    /// The button fills the strip's top, as a tall tab.
    package override func layoutSubviews() {
        button.frame = Rect(x: 2, y: 8, width: max(0, bounds.width - 4), height: 40)
    }

    /// Draws the strip's edge towards the device.
    package override func draw(_ rect: Rect, in canvas: Canvas) {
        let edgeX = frame.minX == 0 ? bounds.maxX - 1 : 0
        canvas.fill(Rect(x: edgeX, y: 0, width: 1, height: bounds.height), color: Palette.separator)
    }
}
