import CX11
import Glibc
import TapawayKit

/// Pointer and touch input through the X Input Extension 2, where the server has it: every
/// master pointer is its own finger, and touch screens give real touches.
///
/// The client pointer (the ordinary mouse) goes through `MouseTouches`, so it keeps the pinned
/// finger and the pinch pair; any other master pointer is finger `10 + device id`; a touch on a
/// touch device is finger `100 + touch id`. Selecting XI2 button events replaces the core ones,
/// so the core path in the translator only runs on a server without XI2.
@MainActor
final class XInput2 {
    private let display: OpaquePointer
    /// The extension's major opcode: generic events carrying it are ours.
    let opcode: Int32
    /// Whether the server speaks XI 2.2 (touch events).
    let hasTouch: Bool
    private var down: Set<Int32> = []
    /// The device whose left press went to the mouse (pinch with Ctrl), while it is down.
    private var mouseDevice: Int32?

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
    }

    /// The device id of the client pointer (the ordinary mouse).
    var clientPointer: Int32 {
        var id: Int32 = 0
        XIGetClientPointer(display, 0, &id)
        return id
    }

    /// Handles a generic event if it is ours; returns whether it was.
    func handle(_ event: inout XEvent, application: (any HostedApplication)?, clock: Clock, scale: Double = 1) -> Bool {
        guard event.type == GenericEvent, event.xcookie.extension == opcode else { return false }
        guard XGetEventData(display, &event.xcookie) != 0 else { return true }
        defer { XFreeEventData(display, &event.xcookie) }
        guard let app = application, let data = event.xcookie.data else { return true }
        let device = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
        let point = Point(x: device.event_x.rounded() / scale, y: device.event_y.rounded() / scale)
        let now = clock.now
        let finger = 10 + Int(device.deviceid)
        switch event.xcookie.evtype {
        case XI_ButtonPress, XI_ButtonRelease:
            let pressed = event.xcookie.evtype == XI_ButtonPress
            // Which pointer is the ordinary mouse is asked of the server (a round trip) on a
            // press only; its motion and release follow the press.
            switch device.detail {
            case 1:
                if pressed ? device.deviceid == clientPointer : device.deviceid == mouseDevice {
                    if pressed {
                        down.insert(device.deviceid)
                        mouseDevice = device.deviceid
                        let control = device.mods.effective & Int32(ControlMask) != 0
                        app.mouse.press(.left, at: point, modifiers: control ? [.control] : [], timestamp: now)
                    } else if down.remove(device.deviceid) != nil {
                        mouseDevice = nil
                        app.mouse.release(.left, at: point, timestamp: now)
                    }
                } else if pressed {
                    down.insert(device.deviceid)
                    app.handlePointer(id: finger, phase: .began, at: point, timestamp: now)
                } else if down.remove(device.deviceid) != nil {
                    app.handlePointer(id: finger, phase: .ended, at: point, timestamp: now)
                }
            case 2 where pressed:
                // X's middle-click paste: the primary selection goes into the input under the pointer.
                app.pastePrimarySelection(at: point)
            case 3 where pressed && device.deviceid == clientPointer:
                app.mouse.press(.right, at: point, timestamp: now)
            case 4...7 where pressed:
                let step = X11Platform.wheelStep
                let delta: Point
                switch device.detail {
                case 4: delta = Point(x: 0, y: -step)
                case 5: delta = Point(x: 0, y: step)
                case 6: delta = Point(x: -step, y: 0)
                default: delta = Point(x: step, y: 0)
                }
                app.handleScroll(by: delta, at: point, timestamp: now)
            default:
                break
            }
        case XI_Motion:
            guard down.contains(device.deviceid) else { return true }
            if device.deviceid == mouseDevice { app.mouse.move(to: point, timestamp: now) }
            else { app.handlePointer(id: finger, phase: .moved, at: point, timestamp: now) }
        case XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd:
            let id = 100 + Int(device.detail % 900)
            let phase: TouchPhase = event.xcookie.evtype == XI_TouchBegin ? .began
                : event.xcookie.evtype == XI_TouchEnd ? .ended : .moved
            app.handlePointer(id: id, phase: phase, at: point, timestamp: now)
        default:
            break
        }
        return true
    }
}
