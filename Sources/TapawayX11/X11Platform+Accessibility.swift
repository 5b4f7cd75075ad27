import CX11
import TapawayKit

extension X11Platform {
    /// The accessibility bus's address as `at-spi-bus-launcher` leaves it on the root window (the
    /// `AT_SPI_BUS` property, a string), or nil when no launcher set one.
    ///
    /// The atom is only looked up, never made: a display where it does not exist has no bus, and costs
    /// one round trip to say so.
    package func accessibilityBusAddress() -> String? {
        let atom = XInternAtom(display, "AT_SPI_BUS", 1)
        guard atom != 0 else { return nil }
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let root = XRootWindow(display, screen)
        // An address is short; 4 KiB (1024 longs) is plenty, and bounds what a hostile client
        // that set the property can make this read.
        guard
            XGetWindowProperty(display, root, atom, 0, 1024, 0, Atom(AnyPropertyType), &type, &format, &count, &after, &data)
                == Success, let data
        else { return nil }
        defer { XFree(data) }
        guard format == 8, count > 0 else { return nil }
        let bytes = UnsafeBufferPointer(start: data, count: Int(count)).prefix { $0 != 0 }
        let address = String(decoding: bytes, as: UTF8.self)
        return address.isEmpty ? nil : address
    }

    /// Where the top-level window's top-left is on the screen, in pixels (for an element's
    /// extents in screen coordinates); the origin when the server cannot say.
    package func windowOriginOnScreen() -> (x: Int, y: Int) {
        var x: Int32 = 0, y: Int32 = 0
        var child: UInt = 0
        guard XTranslateCoordinates(display, topLevel, XRootWindow(display, screen), 0, 0, &x, &y, &child) != 0 else {
            return (0, 0)
        }
        return (Int(x), Int(y))
    }
}
