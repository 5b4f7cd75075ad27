import CX11
import Glibc
import TapawayKit

/// Pointer and touch input through the X Input Extension 2, where the server has it: every
/// master pointer is its own finger, and touch screens give real touches.
///
/// The client pointer is the ordinary mouse, any other master pointer a finger of its own, and a
/// touch on a touch device a touch: what each becomes is `PointerMapping`'s, shared with the
/// core path. Selecting XI2 button events replaces the core ones, so the core path in the
/// translator only runs on a server without XI2, or with `TAPAWAY_NO_XINPUT2` set.
@MainActor
final class XInput2 {
    private let display: OpaquePointer
    /// The extension's major opcode: generic events carrying it are ours.
    let opcode: Int32
    /// Whether the server speaks XI 2.2 (touch events).
    let hasTouch: Bool
    /// The device whose left press went to the mouse (pinch with Ctrl), while it is down.
    private var mouseDevice: Int32?
    /// The client pointer as last asked of the server; nil until first asked.
    ///
    /// Asking is a round trip, which under load cost a tap up to 3 ms at p99, so it is asked once and
    /// again only when the device hierarchy changes (a master pointer added or removed, which can
    /// change it). A client that moves this program's client pointer with `XISetClientPointer` alone is
    /// not noticed until the hierarchy next changes.
    private var knownClientPointer: Int32?

    /// Whether the environment turns XInput2 off (`TAPAWAY_NO_XINPUT2` set and not empty or `0`),
    /// so pointer input takes the core-event path, as on a server without the extension.
    static var isSwitchedOff: Bool {
        guard let value = getenv("TAPAWAY_NO_XINPUT2") else { return false }
        let text = String(cString: value)
        return !text.isEmpty && text != "0"
    }

    /// Selects XI2 pointer (and, with 2.2, touch) events on `window`; nil when the server has no XI2.
    init?(display: OpaquePointer, window: CX11.Window) {
        self.display = display
        var opcode: Int32 = 0, firstEvent: Int32 = 0, firstError: Int32 = 0
        guard XQueryExtension(display, "XInputExtension", &opcode, &firstEvent, &firstError) != 0 else { return nil }
        var major: Int32 = 2, minor: Int32 = 2
        guard XIQueryVersion(display, &major, &minor) == Success, major >= 2 else { return nil }
        self.opcode = opcode
        hasTouch = major > 2 || minor >= 2
        var events = [XI_ButtonPress, XI_ButtonRelease, XI_Motion]
        if hasTouch { events += [XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd] }
        var bits = [UInt8](repeating: 0, count: 4)
        for event in events { bits[Int(event) >> 3] |= UInt8(1 << (Int(event) & 7)) }
        let status = bits.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var mask = XIEventMask(deviceid: XIAllMasterDevices, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
            return XISelectEvents(display, window, &mask, 1)
        }
        guard status == Success else { return nil }
        // Hierarchy changes are reported on the root window only.
        var hierarchy = [UInt8](repeating: 0, count: 4)
        hierarchy[Int(XI_HierarchyChanged) >> 3] |= UInt8(1 << (Int(XI_HierarchyChanged) & 7))
        hierarchy.withUnsafeMutableBufferPointer { buffer in
            var mask = XIEventMask(deviceid: XIAllDevices, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
            _ = XISelectEvents(display, XRootWindow(display, XDefaultScreen(display)), &mask, 1)
        }
    }

    /// The device id of the client pointer (the ordinary mouse): asked of the server the first
    /// time, then remembered until the device hierarchy changes.
    var clientPointer: Int32 {
        knownClientPointer ?? refreshClientPointer()
    }

    /// Asks the server for the client pointer (a round trip) and remembers it.
    @discardableResult
    func refreshClientPointer() -> Int32 {
        var id: Int32 = 0
        XIGetClientPointer(display, 0, &id)
        knownClientPointer = id
        return id
    }

    /// Handles a generic event if it is ours; returns whether it was.
    ///
    /// Says which pointer each event came from and leaves the rest to `pointers`, the mapping the core
    /// path uses too.
    func handle(
        _ event: inout XEvent, application: (any HostedApplication)?, pointers: PointerMapping,
        clock: Clock, scale: Double = 1
    ) -> Bool {
        guard event.type == GenericEvent, event.xcookie.extension == opcode else { return false }
        guard XGetEventData(display, &event.xcookie) != 0 else { return true }
        defer { XFreeEventData(display, &event.xcookie) }
        // A master pointer came or went: the client pointer may be another device now.
        if event.xcookie.evtype == XI_HierarchyChanged {
            refreshClientPointer()
            return true
        }
        guard let app = application, let data = event.xcookie.data else { return true }
        let device = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
        let point = Point(x: device.event_x.rounded() / scale, y: device.event_y.rounded() / scale)
        let now = clock.now
        switch event.xcookie.evtype {
        case XI_ButtonPress, XI_ButtonRelease:
            let pressed = event.xcookie.evtype == XI_ButtonPress
            let button = UInt32(bitPattern: device.detail)
            // Which pointer is the ordinary mouse is decided on a press of button 1 or 3 only;
            // its motion and release follow the press.
            let source: PointerSource
            if pressed && (button == 1 || button == 3) {
                source = device.deviceid == clientPointer ? .mouse : .device(device.deviceid)
                if button == 1 && source == .mouse { mouseDevice = device.deviceid }
            } else {
                source = device.deviceid == mouseDevice ? .mouse : .device(device.deviceid)
            }
            pointers.button(
                button, pressed: pressed, from: source, at: point,
                control: device.mods.effective & Int32(ControlMask) != 0, timestamp: now, application: app)
            if button == 1 && !pressed && source == .mouse { mouseDevice = nil }
        case XI_Motion:
            let source: PointerSource = device.deviceid == mouseDevice ? .mouse : .device(device.deviceid)
            pointers.motion(from: source, to: point, timestamp: now, application: app)
        case XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd:
            let phase: TouchPhase =
                event.xcookie.evtype == XI_TouchBegin
                ? .began
                : event.xcookie.evtype == XI_TouchEnd ? .ended : .moved
            pointers.touch(device.detail, phase: phase, at: point, timestamp: now, application: app)
        default:
            break
        }
        return true
    }
}
