import CXDamage
import Glibc

/// Watches a display from outside, as a compositor would: top-level windows mapping (root
/// SubstructureNotify) and every change of pixels on the screen (a DAMAGE object on the root, reporting
/// raw rectangles), each with the monotonic time it was read.
///
/// Also types and clicks through XTest.
package final class XWatcher {
    /// A damaged rectangle and when it was seen.
    package struct Change {
        /// When it was read, on the monotonic clock.
        package let time: Double
        /// The rectangle, in root-window pixels.
        package let x: Int, y: Int, width: Int, height: Int

        /// Whether it meets the rectangle (`rx`, `ry`, `rw`, `rh`).
        package func intersects(x rx: Double, y ry: Double, width rw: Double, height rh: Double) -> Bool {
            Double(x) < rx + rw && rx < Double(x + width) && Double(y) < ry + rh && ry < Double(y + height)
        }
    }

    let display: OpaquePointer
    let root: UInt
    private let damageEvent: Int32
    private var damage: CXDamage.Damage = 0
    /// Top-level windows seen mapping, with the time.
    package private(set) var mapped: [(window: UInt, time: Double)] = []
    /// Damage seen, oldest first (cleared by `clear()`).
    package private(set) var damages: [Change] = []

    /// Opens `displayName` (nil: `$DISPLAY`) to watch it, selecting map and damage events on
    /// its root window; nil when the display cannot be opened or lacks DAMAGE.
    package init?(displayName: String?) {
        guard let display = XOpenDisplay(displayName) else { return nil }
        var event: Int32 = 0, error: Int32 = 0
        guard XDamageQueryExtension(display, &event, &error) != 0 else {
            XCloseDisplay(display)
            return nil
        }
        self.display = display
        damageEvent = event
        root = XDefaultRootWindow(display)
        XSelectInput(display, root, SubstructureNotifyMask)
        damage = XDamageCreate(display, root, Int32(XDamageReportRawRectangles))
        XSync(display, 0)
    }

    deinit {
        if damage != 0 { XDamageDestroy(display, damage) }
        XCloseDisplay(display)
    }

    /// Forgets what was seen so far (events already queued are read and dropped).
    package func clear() {
        pump(timeout: 0)
        mapped.removeAll()
        damages.removeAll()
    }

    /// Reads events for up to `timeout` seconds (returns early once something arrives when
    /// `returnEarly`).
    package func pump(timeout: Double, returnEarly: Bool = false) {
        let deadline = Self.now() + timeout
        repeat {
            while XPending(display) > 0 {
                var event = XEvent()
                XNextEvent(display, &event)
                let now = Self.now()
                if event.type == MapNotify, event.xmap.override_redirect == 0, event.xmap.event == root {
                    mapped.append((event.xmap.window, now))
                } else if event.type == damageEvent + Int32(XDamageNotify) {
                    let notify = withUnsafePointer(to: &event) {
                        $0.withMemoryRebound(to: XDamageNotifyEvent.self, capacity: 1) { $0.pointee }
                    }
                    damages.append(
                        Change(
                            time: now, x: Int(notify.area.x), y: Int(notify.area.y),
                            width: Int(notify.area.width), height: Int(notify.area.height)))
                }
                if returnEarly { return }
            }
            let left = deadline - Self.now()
            if left <= 0 { return }
            var descriptor = pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, Int32(min(left, 1) * 1000) + 1)
        } while Self.now() < deadline
    }

    /// Waits until the screen has not changed for `quiet` seconds (at most `timeout`); returns
    /// the time of the last change, or nil if there was none.
    package func waitUntilQuiet(quiet: Double, timeout: Double) -> Double? {
        let deadline = Self.now() + timeout
        while Self.now() < deadline {
            pump(timeout: 0.02)
            if let last = damages.last?.time, Self.now() - last >= quiet, !mapped.isEmpty { return last }
        }
        return damages.last?.time
    }

    // MARK: Input

    /// Gives `window` the input focus.
    package func focus(_ window: UInt) {
        XSetInputFocus(display, window, RevertToParent, 0)
        XSync(display, 0)
    }

    /// A left click at root coordinates.
    package func click(x: Int, y: Int) {
        XTestFakeMotionEvent(display, 0, Int32(x), Int32(y), 0)
        XTestFakeButtonEvent(display, 1, 1, 0)
        XTestFakeButtonEvent(display, 1, 0, 0)
        XFlush(display)
    }

    /// Presses and releases the key for each ASCII letter or space of `text`.
    package func type(_ text: String) {
        for byte in text.utf8 {
            let code = XKeysymToKeycode(display, KeySym(byte))
            XTestFakeKeyEvent(display, UInt32(code), 1, 0)
            XTestFakeKeyEvent(display, UInt32(code), 0, 0)
        }
        XSync(display, 0)
    }

    /// Seconds on the monotonic clock (the clock the benchmarks time with).
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
