import CX11
import TapawayKit

/// Painting a frame: the Kit's layout and drawing into each window's back buffer, and the
/// dirty areas copied to the windows.
extension X11Platform {
    /// Runs a Kit frame (layout, observers) and paints every visible window's dirty area into
    /// its back buffer, then copies that area to the window.
    func paintFrame(_ app: any HostedApplication) {
        let frameStart = clock.now
        app.runFrame()
        // Focus may have moved without an X event (a timer, a replayed recording).
        openInputMethodIfTyping()
        // The input method's candidate window follows the caret (its spot: the caret's
        // bottom-left, in the window's pixels).
        if inputMethod.isOpen, let caret = app.focusedCaretRect {
            inputMethod.setSpot(x: caret.minX * scale, y: caret.maxY * scale)
        }
        // What the input and the layout changed in the windows themselves (a slide's first step
        // moves the keypad's window) goes to the server now, while the windows are drawn: held
        // in Xlib's buffer, it waited for every window's drawing (a tap's first frame repaints
        // the whole inspector too), and the server moved the keypad only after all of it.
        XFlush(display)
        for window in app.windows {
            guard let child = window.platformWindow as? X11ChildWindow else { continue }
            if child.wantsVisible == window.isHidden { child.setVisible(!window.isHidden) }
            // A hidden window keeps its dirty area; showing it repaints it whole anyway.
            guard !window.isHidden else { continue }
            child.ensureBuffer()
            var dirty = app.takeDirtyRect(of: window)
            if child.needsFullRender {
                dirty = window.bounds
                child.needsFullRender = false
            }
            guard let rect = dirty, !rect.isEmpty else { continue }
            let origin = window.bounds.origin
            let local = rect.offsetBy(dx: -origin.x, dy: -origin.y)
            let device = Rect(
                x: local.minX * scale, y: local.minY * scale, width: local.width * scale, height: local.height * scale
            )
            .integral
            .intersection(Rect(x: 0, y: 0, width: Double(child.width), height: Double(child.height)))
            guard !device.isEmpty else { continue }
            canvas.begin(
                picture: child.picture, draw: child.draw, clip: device,
                origin: Point(x: -origin.x, y: -origin.y))
            // The points whose pixels are repainted: the device area, rounded outwards.
            let redrawn =
                scale == 1
                ? device
                : Rect(
                    x: device.minX / scale, y: device.minY / scale,
                    width: device.width / scale, height: device.height / scale)
            app.render(window, redrawn.offsetBy(dx: origin.x, dy: origin.y), in: canvas)
            canvas.end()
            child.hasContent = true
            child.present(
                x: Int32(device.minX), y: Int32(device.minY),
                width: Int32(device.width), height: Int32(device.height), gc: copyGC)
            // Each window's pixels go as soon as they are drawn: the server shows them while the
            // next window is drawn, rather than after every window's.
            XFlush(display)
        }
        framesPainted += 1
        XFlush(display)
        lastFrame = (frameStart, clock.now - frameStart)
        paintedFrameObservers.notify()
    }
}
