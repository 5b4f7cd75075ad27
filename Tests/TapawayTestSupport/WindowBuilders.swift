import TapawayHeadless
import TapawayKit

extension HeadlessPlatform {
    /// Builds a window that fills the screen, holding `views` as its subviews in order, adds it
    /// to the application (so it gets a recording platform window) and returns it.
    @discardableResult
    public func makeWindow(_ views: View...) -> Window {
        let window = Window(frame: Rect(origin: .zero, size: application.screenSize))
        for view in views { window.addSubview(view) }
        application.addWindow(window)
        return window
    }
}
